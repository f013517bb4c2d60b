"""Scenes of one's own, named ``FILE.py:Scene`` on the command line and in the API."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from fixtures.refusal import refusal_line

from normgeom.errors import UsageError
from normgeom.rendering.targets import resolve_scenes
from scenes.base.catalog import SCENES, load_scene_class, narration
from scenes.base.narrated import scene_beats
from scenes.base.source import lineage

EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "projection.py"


def test_a_scene_in_a_file_resolves_to_its_class_and_chapter():
    (target,) = resolve_scenes([f"{EXAMPLE}:Projection"])
    assert (target.name, target.file, target.title) == (
        "Projection",
        EXAMPLE,
        "One vector, two parts",
    )


def test_a_scene_in_a_file_sits_beside_the_lecture_scenes():
    targets = resolve_scenes(["Gain", f"{EXAMPLE}:Projection", "Gain"])
    assert [t.name for t in targets] == ["Gain", "Projection"]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("missing.py:Scene", "no such file 'missing.py'"),
        (f"{EXAMPLE}:Nothing", "defines no class 'Nothing' (it defines Projection)"),
    ],
)
def test_a_wrong_scene_file_is_one_usage_error(name, message):
    with pytest.raises(UsageError, match=message.replace("(", r"\(").replace(")", r"\)")):
        resolve_scenes([name])


def test_a_broken_python_file_is_refused_in_one_line(tmp_path, media):
    broken = tmp_path / "broken.py"
    broken.write_text("class Broken(:\n")
    shown = subprocess.run(
        [sys.executable, "-m", "normgeom", "render", f"{broken}:Broken", "-q", "low"],
        capture_output=True,
        text=True,
    )
    refusal_line(shown, "cannot read")
    assert not media.exists()


def test_the_lineage_read_from_files_is_the_method_resolution_order_python_builds():
    """The cache key and the range planner read a scene's narration through the classes
    :func:`lineage` finds without importing; the render through the imported class's MRO."""
    for entry in SCENES:
        scene_class = load_scene_class(entry.name)
        live = [
            (Path(sys.modules[klass.__module__].__file__).resolve(), klass.__name__)
            for klass in scene_class.__mro__
            if klass.__module__.split(".")[0] in ("scenes", "normmath")
        ]
        assert [ref for ref in lineage(entry.file, entry.name) if ref[0]] == live
        assert narration(entry.file, entry.name) == scene_beats(scene_class)


MY_BIAS = """
from manim import Create, Scene, Square


class Bias(Scene):
    def construct(self):
        self.play(Create(Square()), run_time=0.5)
"""


@pytest.mark.render
def test_a_scene_of_ones_own_named_like_a_lecture_scene_keeps_to_its_own_files(tmp_path, media):
    """``mybias.py:Bias`` beside the lecture's ``Bias`` (up to date, 0:42) in one run: each
    has its own movie, record and summary row; the lecture's file is untouched."""
    from typer.testing import CliRunner

    from normgeom.cli import app as cli
    from normgeom.rendering.cache import job_key
    from normgeom.rendering.job import RenderJob
    from normgeom.rendering.paths import Layout
    from normgeom.rendering.quality import resolve_quality
    from normgeom.rendering.runner import record_id
    from normgeom.rendering.state import Info, State

    (tmp_path / "mybias.py").write_text(MY_BIAS)
    (lecture,) = resolve_scenes(["Bias"])
    job = RenderJob(lecture, resolve_quality("low"), "none")
    layout = Layout(media)
    movie = layout.output(job)
    movie.parent.mkdir(parents=True)
    movie.write_bytes(b"the lecture's Bias, rendered before")
    State(layout.state_file, media).put(record_id(job), job_key(job), {"video": movie}, Info(42.0))

    command = ["render", "Bias", f"{tmp_path / 'mybias.py'}:Bias", "-q", "low", "--voice", "none"]
    shown = CliRunner().invoke(cli.app, command, env={"COLUMNS": "300"})
    assert shown.exit_code == 0, shown.output
    assert movie.read_bytes() == b"the lecture's Bias, rendered before"
    records = {str(rid): r for rid, r in State(layout.state_file, media).records().items()}
    assert records["scene:480p15:Bias"].info.duration == 42.0
    assert records["scene:480p15:mybias.Bias"].info.duration == pytest.approx(0.5, abs=0.1)
    assert (movie.parent / "mybias.Bias.mp4").is_file()
    rows = [line.split() for line in shown.output.splitlines() if "Bias" in line]
    assert [row[:2] for row in rows if "cached" in row] == [["│", "Bias"]]
    mine = next(row for row in rows if row[:2] == ["│", "mybias.Bias"])
    assert mine[3] in {"0:00", "0:01"}  # its own half second, rendered


def test_the_static_readers_never_import_manim():
    """The scene list, the cache keys and the narration check read sources with
    :mod:`scenes.base.source` alone: reading every lecture scene's lineage, beats, imports and
    parameter reads loads neither Manim nor manim-voiceover."""
    code = (
        "import sys\n"
        "from scenes.base import catalog, source\n"
        "from normgeom.rendering import cache, narration_check\n"
        "for e in catalog.SCENES:\n"
        "    refs = source.lineage(e.file, e.name)\n"
        "    assert catalog.narration(e.file, e.name), e.name\n"
        "    assert [b for r in refs if r[0] for b in source.spoken_beats(r)], e.name\n"
        "    sources = cache.PROJECT.sources(e.file)\n"
        "    cache.PROJECT.params_read(sources)\n"
        "    narration_check.check_narration(e.file, e.name)\n"
        "heavy = [m for m in sys.modules if m.split('.')[0] in ('manim', 'manim_voiceover')]\n"
        "sys.exit(str(heavy) if heavy else 0)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
