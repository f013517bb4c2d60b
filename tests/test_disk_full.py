"""A full disk ends a render in one line that says so and where, exit 1, with nothing partial left.

The real cases mount a small tmpfs as the media folder (this needs the right to mount, as
root has); the manim case also runs with a scene that fails with ENOSPC on any disk.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from fixtures.pipeline import TINY, rendered, tiny_target
from typer.testing import CliRunner

from normgeom import settings as normgeom_settings
from normgeom.cli import app as cli
from normgeom.rendering import targets as render_targets
from normgeom.rendering.paths import MEDIA_ENV
from normgeom.rendering.targets import Target

runner = CliRunner()
DISK_FULL_SCENE = Path(__file__).with_name("fixtures") / "disk_full_scene.py"


@pytest.fixture
def small_disk(tmp_path):
    """A 4 MB tmpfs, unmounted afterwards; skipped where mounting is not permitted."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(disk)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip("mounting a tmpfs needs the right to mount (root)")
    yield disk
    subprocess.run(["umount", str(disk)], check=True)


def fill(disk: Path, leave: int) -> None:
    """Fill ``disk`` until at most ``leave`` bytes are free."""
    free = shutil.disk_usage(disk).free
    with (disk / "filler").open("wb") as out:
        out.write(b"\0" * max(0, free - leave))


@pytest.fixture
def tiny_cli(monkeypatch):
    """The CLI pointed at the tiny scenes and the tiny quality."""
    monkeypatch.delenv("NORMGEOM_VOICE", raising=False)
    monkeypatch.delenv("NORMGEOM_PARAMS", raising=False)
    monkeypatch.setattr(normgeom_settings, "resolve_quality", lambda name: TINY)

    def targets(names):
        return [
            Target(n, DISK_FULL_SCENE, n) if n == "TinyDiskFull" else tiny_target(n) for n in names
        ]

    monkeypatch.setattr(render_targets, "resolve_scenes", targets)


def disk_full_line(result, media: Path) -> str:
    """The one error line (after any progress lines), checked to say disk full and where."""
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    errors = [line for line in lines if line.startswith("normgeom: error:")]
    assert errors == lines[-1:], result.stderr
    assert errors[0].startswith("normgeom: error: disk full") and str(media) in errors[0]
    assert "Traceback" not in result.output
    return errors[0]


def leftovers(media: Path, name: str) -> list[Path]:
    """Outputs of scene ``name`` (partial or final) and partial movie files, outside the
    bookkeeping folder ``.normgeom`` (state, parameters, manim settings, logs)."""
    found = []
    for path in media.rglob("*"):
        if ".normgeom" in path.parts:
            continue
        if path.is_file() and (path.stem == name or ".partial" in path.name):
            found.append(path)
        if path.is_dir() and path.name == name and path.parent.name == "partial_movie_files":
            found.append(path)
    return found


def logged_reason(line: str) -> str:
    """The text of the log file the error line names."""
    log = Path(line.split("manim's output is in ", 1)[1].split(")", 1)[0])
    return log.read_text()


def test_a_render_that_finds_no_space_says_disk_full(tmp_path, monkeypatch, tiny_cli):
    media = tmp_path / "media"
    monkeypatch.setenv(MEDIA_ENV, str(media))
    result = runner.invoke(cli.app, ["render", "TinyDiskFull", "--voice", "none", "-j", "1"])
    line = disk_full_line(result, media)
    assert leftovers(media, "TinyDiskFull") == []
    assert "No space left on device" in logged_reason(line)


def test_a_render_on_a_full_disk_says_so_and_keeps_the_reason(small_disk, monkeypatch, tiny_cli):
    media = small_disk / "media"
    monkeypatch.setenv(MEDIA_ENV, str(media))
    fill(small_disk, leave=12 * 1024)
    result = runner.invoke(cli.app, ["render", "TinySilent", "--voice", "none", "-j", "1"])
    line = disk_full_line(result, media)
    assert leftovers(media, "TinySilent") == []
    assert "No space left on device" in logged_reason(line)


@pytest.mark.parametrize("fmt", ["gif", "png", "webm"])
def test_a_format_written_on_a_full_disk_says_so(small_disk, monkeypatch, tiny_cli, fmt):
    media = small_disk / "media"
    shutil.copytree(rendered()[0], media)
    monkeypatch.setenv(MEDIA_ENV, str(media))
    fill(small_disk, leave=0)
    args = ["render", "TinySilent", "--voice", "espeak", "-f", fmt, "-j", "1"]
    disk_full_line(runner.invoke(cli.app, args), media)
    assert not list(media.rglob(f"*.{fmt}"))
    assert not [p for p in media.rglob("*") if ".partial" in p.name]
