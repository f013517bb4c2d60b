"""``normgeom audit`` on a user's scene that it cannot audit (a plain Manim scene, one whose
construct raises, one that cannot read its file: exit 2 as any user error): one line and an
exit code, never a traceback; with ``--json`` the stdout is JSON in every case."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

SCENES = {
    "plain.py": (
        "from manim import Create, Scene, Square\n\n"
        "class Plain(Scene):\n"
        "    def construct(self):\n"
        "        self.play(Create(Square()))\n"
    ),
    "broken.py": (
        "from scenes.base.narrated import NarratedScene\n\n"
        "class Broken(NarratedScene):\n"
        "    def construct(self):\n"
        "        raise ValueError('no such beat\\nsecond line')\n"
    ),
    "unread.py": (
        "from normio.files import read_text\n"
        "from scenes.base.narrated import NarratedScene\n\n"
        "class Unread(NarratedScene):\n"
        "    def construct(self):\n"
        "        read_text('data.txt', 'the scene data', 1000)\n"
    ),
}
CASES = [
    ("plain.py:Plain", 2, "Plain is a plain Manim scene"),
    ("broken.py:Broken", 1, "Broken: the scene raised ValueError: no such beat"),
    ("unread.py:Unread", 2, "the scene data: data.txt: "),
    ("Nope", 2, "unknown scene 'Nope'"),
]


def audit(tmp_path, *args: str) -> subprocess.CompletedProcess:
    for name, text in SCENES.items():
        (tmp_path / name).write_text(text)
    return subprocess.run(
        [sys.executable, "-m", "normgeom", "audit", *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize(("scene", "code", "message"), CASES)
def test_one_line_and_an_exit_code(media, tmp_path, scene, code, message):
    done = audit(tmp_path, scene)
    assert done.returncode == code, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"normgeom: error: {message}"), done.stderr


@pytest.mark.parametrize(("scene", "code", "message"), CASES)
def test_json_on_stdout_in_every_case(media, tmp_path, scene, code, message):
    done = audit(tmp_path, scene, "--json")
    assert done.returncode == code, done.stderr
    assert message in json.loads(done.stdout)["error"]
    assert "Traceback" not in done.stderr
