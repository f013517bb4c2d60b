"""Scenes of one's own, named ``FILE.py:Scene`` on the command line and in the API."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from normgeom.errors import UsageError
from normgeom.rendering.targets import resolve_scenes
from scenes.base.catalog import SCENES, lineage, load_scene_class, narration
from scenes.base.narrated import scene_beats

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
    assert shown.returncode == 2
    assert shown.stderr.count("\n") == 1 and "cannot read" in shown.stderr
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
