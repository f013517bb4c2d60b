"""Odd but ordinary inputs end in one line, never a traceback: a path name over 255 bytes, an
ASCII-only terminal, a user file named like a standard module, text that is not UTF-8,
narration that does not fit its scene (found before rendering), a config file's relative
point file, far too many jobs, and no blank line before an error."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from normgeom.cli.app import app
from normgeom.rendering.runner import default_jobs
from normgeom.settings import JOBS_PER_CORE, build_params, check_jobs

runner = CliRunner()

SCENE = """\
from manim import Create, Square
from scenes.base.narrated import NarratedScene


class Mine(NarratedScene):
    def construct(self):
        with self.beat("first") as tracker:
            self.play(Create(Square()), run_time=tracker.duration)
        with self.beat("second") as tracker:
            self.wait(tracker.duration)
"""


def normgeom(*args: str | bytes, cwd: Path, **env: str) -> subprocess.CompletedProcess:
    """``python -m normgeom args`` in ``cwd``, its output as text."""
    return subprocess.run(
        [sys.executable, "-m", "normgeom", *args],
        cwd=cwd,
        capture_output=True,
        env={**os.environ, **env},
        timeout=120,
        check=False,
    )


def one_error(result, code: int = 2) -> str:
    """The single error line of a CliRunner result that exited with ``code``."""
    assert result.exit_code == code, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("normgeom: error: "), result.stderr
    return lines[0]


def test_a_path_name_over_255_bytes_is_one_line(media, tmp_path):
    line = one_error(runner.invoke(app, ["page", "--output", str(tmp_path / ("a" * 300))]))
    assert "too long" in line


def test_an_ascii_terminal_gets_escapes_not_a_traceback(media, tmp_path):
    done = normgeom("explain", "1", "2", "3", cwd=tmp_path, PYTHONIOENCODING="ascii")
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
    assert b"RMSNorm" in done.stdout


def test_a_users_pathlib_py_neither_shadows_nor_breaks(media, tmp_path):
    (tmp_path / "pathlib.py").write_text(
        "from manim import Scene\n\nclass P(Scene):\n    def construct(self):\n        pass\n"
    )
    done = normgeom("explain", "1", "2", "3", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    done = normgeom("render", "pathlib.py:P", "-q", "low", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.decode().splitlines() == [
        "normgeom: error: pathlib.py:P: pathlib.py has the name of Python's module 'pathlib', "
        "which the render needs; rename the file"
    ]


def test_activations_text_that_is_not_utf8_is_one_line(tmp_path):
    done = normgeom("activations", b"caf\xff", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.decode().splitlines() == [
        "normgeom: error: text: byte 0xff at character 4 is not UTF-8; give the text as UTF-8"
    ]


@pytest.mark.parametrize(
    ("narration", "words"),
    [
        (None, ["mine.py:Mine: no narration for Mine", "'first'", "narration/mine.toml"]),
        ('first = "A square."\n', ["narration/mine.toml", "no beat 'second'", "line 9"]),
        (
            'first = "A {unknown} square."\nsecond = "Done."\n',
            ["narration/mine.toml", "beat 'first' uses unknown"],
        ),
    ],
    ids=["no-file", "missing-beat", "unknown-placeholder"],
)
def test_narration_errors_are_found_before_rendering(media, tmp_path, narration, words):
    (tmp_path / "mine.py").write_text(SCENE)
    if narration is not None:
        (tmp_path / "narration").mkdir()
        (tmp_path / "narration" / "mine.toml").write_text(f"[Mine]\n{narration}")
    line = one_error(runner.invoke(app, ["render", f"{tmp_path}/mine.py:Mine", "-q", "low"]))
    assert all(word in line for word in words), line
    assert not media.exists()  # nothing rendered


def test_a_config_files_points_are_found_beside_it(tmp_path, monkeypatch):
    folder = tmp_path / "talk"
    folder.mkdir()
    np.savetxt(folder / "pts.csv", np.random.default_rng(0).uniform(-2, 2, (10, 3)), delimiter=",")
    (folder / "talk.toml").write_text('points = "pts.csv"\n')
    monkeypatch.chdir(tmp_path)
    params = build_params(config=Path("talk/talk.toml"))
    assert params.points == str(folder / "pts.csv")
    assert params.cloud().points.shape == (10, 3)


def test_far_too_many_jobs_are_capped_with_one_warning(capsys):
    assert check_jobs(999) == JOBS_PER_CORE * default_jobs()
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("normgeom: warning: --jobs 999"), lines


def test_no_blank_line_before_an_error(media, tmp_path):
    done = normgeom("video", "-o", "/proc/talk.mp4", "--voice", "none", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.decode().startswith("normgeom: error: "), done.stderr


def test_reused_partial_movies_keep_the_audio_timing(tmp_path):
    from manim import Create, Square, tempconfig

    from scenes.base.narrated import NarratedScene
    from scenes.base.parameters import SceneSettings

    class Timed(NarratedScene):
        def construct(self):
            for seconds in (0.33, 0.71):
                self.play(Create(Square()), run_time=seconds)
                self.wait(seconds)

    frame = {"pixel_width": 64, "pixel_height": 36, "frame_rate": 15, "progress_bar": "none"}
    times = []
    for _ in range(2):  # drawn, then every play's partial movie reused
        with tempconfig({**frame, "media_dir": str(tmp_path), "verbosity": "ERROR"}):
            scene = Timed(settings=SceneSettings(voice="none", voice_cache=str(tmp_path)))
            scene.render()
            times.append(scene.renderer.time)
    assert times[0] == pytest.approx(times[1], abs=1e-9)
