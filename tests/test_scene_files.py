"""Scenes of one's own, named ``FILE.py:Scene`` on the command line and in the API."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from normgeom.errors import UsageError
from normgeom.rendering.targets import resolve_scenes

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
