"""What normgeom reads from disk is checked before it is used, through the command line as a
user calls it: config, point and narration files that cannot be used end in one line and exit
2 before anything renders; a state file that points outside the media folder, or holds
values of the wrong type, is never trusted; a read-only output folder is found before the
render; a killed run leaves nothing that stays; bad option values and running out of memory
end in one line."""

from __future__ import annotations

import hashlib
import json
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from fixtures.pipeline import FIXTURE_FILE, tiny_target
from typer.testing import CliRunner

from normgeom.cli import app as cli
from normgeom.compose import lecture as lecture_module
from normgeom.publish import outputs
from normgeom.rendering import targets
from normgeom.rendering.runner import Runner, default_jobs
from normgeom.rendering.targets import Target

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]


class RenderingStarted(Exception):
    """Raised by the runner's stand-in once a command got past its input checks."""


@pytest.fixture
def jobs_seen(monkeypatch) -> list:
    """Stand in for the runner: record the jobs a command asks for and stop there."""
    seen = []

    def run(self, jobs, on_done=None):
        seen.extend(jobs)
        raise RenderingStarted

    monkeypatch.setattr(Runner, "run", run)
    return seen


def one_error(result, code: int = 2) -> str:
    """The one error line on stderr, after at most the scenes' progress lines (indented);
    the exit code checked."""
    assert result.exit_code == code, (result.exit_code, result.output, result.exception)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert lines and lines[-1].startswith("normgeom: error: "), result.stderr
    assert all(line.startswith("  ") for line in lines[:-1]), result.stderr
    return lines[-1]


def refused(args: list[str], media: Path, code: int = 2) -> str:
    """Run ``normgeom <args>``; one error line, the exit code, and no media folder made."""
    line = one_error(runner.invoke(cli.app, args), code)
    assert not media.exists()
    return line


# --- config files ------------------------------------------------------------------------


def limited_run(args: list[str], media: Path) -> subprocess.CompletedProcess:
    """``python -m normgeom <args>`` with 1.5 GB of address space and a minute to finish,
    so a reader that never ends fails instead of exhausting the machine."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1536 << 20, 1536 << 20))

    env = {**os.environ, "NORMGEOM_MEDIA": str(media), "PYTHONPATH": str(ROOT)}
    try:
        return subprocess.run(
            [sys.executable, "-m", "normgeom", *args],
            capture_output=True,
            text=True,
            timeout=60,
            env=env,
            preexec_fn=limit,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"normgeom {' '.join(args)} did not end within a minute")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda tmp: "/dev/zero", "not a regular file"),
        (lambda tmp: "/dev/null", "not a regular file"),
        (lambda tmp: os.mkfifo(tmp / "pipe.toml") or tmp / "pipe.toml", "not a regular file"),
        (lambda tmp: (tmp / "dir.toml").mkdir() or tmp / "dir.toml", "is a directory"),
    ],
    ids=["dev-zero", "dev-null", "fifo", "directory"],
)
def test_a_config_that_is_not_a_regular_file_is_refused_at_once(tmp_path, make, message):
    media = tmp_path / "media"
    config = str(make(tmp_path))
    # --jobs 0 is a second mistake, reported after the config's: nothing renders either way
    args = ["render", "Gain", "-q", "low", "--voice", "none", "--jobs", "0", "--config", config]
    done = limited_run(args, media)
    assert done.returncode == 2, done.stderr[-2000:]
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"normgeom: error: config: {config}: ")
    assert message in lines[0]
    assert not media.exists()


def test_an_oversized_config_is_refused(media, tmp_path):
    config = tmp_path / "huge.toml"
    config.write_text("# a comment line\n" * 10_000)
    line = refused(["render", "Gain", "--config", str(config)], media)
    assert f"config: {config}: is 166 kB; a config file holds at most 64 kB" in line


def test_a_config_written_with_a_byte_order_mark_is_read(media, tmp_path, jobs_seen):
    config = tmp_path / "bom.toml"
    config.write_bytes(b"\xef\xbb\xbfgamma = [1, 2, 3]\n")
    result = runner.invoke(cli.app, ["render", "Gain", "--voice", "none", "--config", str(config)])
    assert isinstance(result.exception, RenderingStarted), result.output
    assert jobs_seen[0].params.gamma == (1.0, 2.0, 3.0)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (b'gamma = "big"\n', "config: {path}: gamma: expected a list of 3 numbers"),
        (b"gamma = [1, 2, 3]\neps = = 1\n", "config: {path}: line 2: Invalid value"),
        (b"gamma = [1, 2, 3]\n# caf\xe9\n", "config: {path}: line 2: not UTF-8 text (byte 0xe9)"),
    ],
    ids=["word-for-numbers", "syntax", "latin-1"],
)
def test_a_bad_config_value_or_line_is_named(media, tmp_path, text, message):
    config = tmp_path / "bad.toml"
    config.write_bytes(text)
    line = refused(["render", "Gain", "--config", str(config)], media)
    assert message.format(path=config) in line
    assert "'b'" not in line


# --- point files -------------------------------------------------------------------------


def test_a_point_file_without_points_is_refused(media, tmp_path):
    empty = tmp_path / "empty.npy"
    np.save(empty, np.zeros((0, 3)))
    header = tmp_path / "header.csv"
    header.write_text("x,y,z\n")
    for path in (empty, header):
        line = refused(["render", "Gain", "--points", str(path)], media)
        assert line.endswith(f"points: {path}: holds no points")


def test_a_constant_row_is_named_with_its_file_and_row(media, tmp_path):
    points = tmp_path / "cloud.csv"
    points.write_text("1,2,3\n2,2,2\n4,0,1\n")
    line = refused(["render", "Gain", "--points", str(points)], media)
    assert "points (cloud.csv): row 2 (2, 2, 2) is constant" in line
    assert "epsilon 0" in line and "LayerNorm scenes" in line


def test_a_csv_written_with_a_byte_order_mark_is_read(media, tmp_path, jobs_seen):
    points = tmp_path / "bom.csv"
    points.write_bytes(b"\xef\xbb\xbf1,2,3\r\n4,5,7\r\n")
    result = runner.invoke(cli.app, ["render", "Gain", "--voice", "none", "--points", str(points)])
    assert isinstance(result.exception, RenderingStarted), result.output
    np.testing.assert_array_equal(jobs_seen[0].params.cloud().points, [[1, 2, 3], [4, 5, 7]])


# --- narration files ---------------------------------------------------------------------

TOLD_SCENE = '''
from scenes.base.narrated import NarratedScene


class Told(NarratedScene):
    """A scene whose narration file is under test."""

    def construct(self) -> None:
        for beat in ("first", "second"):
            with self.beat(beat) as tracker:
                self.wait(tracker.duration)
'''


@pytest.fixture
def told(tmp_path, monkeypatch, tiny_media):
    """A scene file with a narration file beside it (to be written by the test); the CLI
    renders it under the name ``Told``. Returns the narration file."""
    folder = tmp_path / "told"
    (folder / "narration").mkdir(parents=True)
    scene = folder / "told.py"
    scene.write_text(TOLD_SCENE)
    monkeypatch.setattr(targets, "resolve_scenes", lambda names: [Target("Told", scene, "Told")])
    return folder / "narration" / "told.toml"


@pytest.mark.parametrize(
    ("second", "line", "message"),
    [
        ('"""Files live in C:\\Users\\me."""', 3, "Invalid hex value"),
        ('"""A lone { in a sentence."""', 3, "expected '}' before end of string"),
        ("5", 3, "expected a text"),
    ],
    ids=["backslash", "lone-brace", "number"],
)
def test_a_broken_narration_beat_is_named_before_anything_renders(
    told, tiny_media, second, line, message
):
    told.write_text(f'[Told]\nfirst = "A fine beat."\nsecond = {second}\n')
    before = sorted(tiny_media.rglob("*"))
    error = one_error(runner.invoke(cli.app, ["render", "Told", "--voice", "none"]))
    assert f"narration: {told}: line {line}, beat Told.second: {message}" in error
    assert sorted(tiny_media.rglob("*")) == before


# --- the state file ----------------------------------------------------------------------


def state_of(media: Path) -> dict:
    return json.loads((media / ".normgeom" / "state.json").read_text())


def save_state(media: Path, state: dict) -> None:
    (media / ".normgeom" / "state.json").write_text(json.dumps(state))


def stamp_of(path: Path) -> dict:
    data = path.read_bytes()
    return {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("where", ["absolute", "relative", "another-output"])
def test_a_state_path_elsewhere_is_never_served_nor_written_beside(tiny_media, tmp_path, where):
    movie = tiny_media / "scenes" / "72p10" / "TinySilent.mp4"
    outside = tmp_path / "outside"
    outside.mkdir()
    copy = outside / "TinySilent.mp4"
    copy.write_bytes(movie.read_bytes())
    state = state_of(tiny_media)
    record = state["records"]["scene:72p10:TinySilent"]
    other = tiny_media / "scenes" / "72p10" / "TinyNarrated.mp4"
    path = {
        "absolute": str(copy),
        "relative": os.path.relpath(copy, tiny_media / ".normgeom"),
        "another-output": os.path.relpath(other, tiny_media / ".normgeom"),
    }[where]
    record["files"]["video"] = {
        "path": path,
        **stamp_of(copy if where != "another-output" else other),
    }
    save_state(tiny_media, state)
    movie.unlink()
    outside_before = snapshot(outside)
    args = ["render", "TinySilent", "--voice", "espeak", "-f", "gif", "-j", "1"]
    result = runner.invoke(cli.app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "up to date" not in result.stdout
    assert snapshot(outside) == outside_before
    assert movie.is_file() and movie.with_suffix(".gif").is_file()
    stored = state_of(tiny_media)["records"]["scene:72p10:TinySilent"]["files"]["video"]["path"]
    assert stored == os.path.relpath(movie, tiny_media / ".normgeom")


def test_a_state_path_to_a_system_file_is_never_used(tiny_media):
    passwd = Path("/etc/passwd")
    state = state_of(tiny_media)
    state["records"]["scene:72p10:TinySilent"]["files"]["video"] = {
        "path": str(passwd),
        **stamp_of(passwd),
    }
    save_state(tiny_media, state)
    result = runner.invoke(cli.app, ["video", "--voice", "espeak"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "lecture composed" in result.stdout


def test_subtitles_from_outside_never_reach_the_lecture(tiny_media, tmp_path):
    secret = tmp_path / "private.srt"
    secret.write_text("1\n00:00:00,000 --> 00:00:01,000\nmy bank password\n", encoding="utf-8")
    state = state_of(tiny_media)
    files = state["records"]["scene:72p10:TinyNarrated"]["files"]
    files["subtitles"] = {
        "path": os.path.relpath(secret, tiny_media / ".normgeom"),
        **stamp_of(secret),
    }
    save_state(tiny_media, state)
    result = runner.invoke(cli.app, ["video", "--voice", "espeak"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    for suffix in (".srt", ".vtt"):
        text = (tiny_media / f"normalization_geometry{suffix}").read_text(encoding="utf-8")
        assert "password" not in text and "A circle appears." in text


def warnings_in(result) -> list[str]:
    assert "Traceback" not in result.output and "error" not in result.stderr
    return [line for line in result.stderr.splitlines() if line.startswith("normgeom: warning")]


@pytest.mark.parametrize(
    ("part", "value"),
    [
        ("duration", "abc"),
        ("duration", None),
        ("duration", -1),
        ("path", 5),
        ("size", "12"),
        ("sha256", "not a digest"),
    ],
)
def test_a_record_of_the_wrong_type_is_dropped_once_and_rebuilt(tiny_media, part, value):
    state = state_of(tiny_media)
    record = state["records"]["scene:72p10:TinySilent"]
    if part == "duration":
        record["info"]["duration"] = value
    else:
        record["files"]["video"][part] = value
    save_state(tiny_media, state)
    listed = runner.invoke(cli.app, ["list"], env={"COLUMNS": "200"})
    assert listed.exit_code == 0, listed.output
    assert len(warnings_in(listed)) == 1 and "scene:72p10:TinySilent" in listed.stderr
    args = ["render", "TinySilent", "--voice", "espeak", "-j", "1"]
    rendered = runner.invoke(cli.app, args, env={"COLUMNS": "200"})
    assert rendered.exit_code == 0, rendered.output
    assert len(warnings_in(rendered)) == 1
    again = runner.invoke(cli.app, args, env={"COLUMNS": "200"})
    assert again.exit_code == 0 and "up to date" in again.stdout
    assert warnings_in(again) == []
    info = state_of(tiny_media)["records"]["scene:72p10:TinySilent"]["info"]
    assert info["duration"] > 0


# --- output folders and what killed runs leave -------------------------------------------


@pytest.fixture
def read_only_scenes_folder(media):
    """``media/scenes/72p10`` as a read-only mount; skipped where mounting is not permitted."""
    folder = media / "scenes" / "72p10"
    folder.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", str(folder)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip("mounting a tmpfs needs the right to mount (root)")
    yield folder
    subprocess.run(["umount", str(folder)], check=True)


def test_a_read_only_output_folder_is_found_before_rendering(
    tiny_media, read_only_scenes_folder, monkeypatch
):
    monkeypatch.setattr(targets, "resolve_scenes", lambda names: [tiny_target("TinySlow")])
    args = ["render", "TinySlow", "--voice", "none", "-j", "1"]
    line = one_error(runner.invoke(cli.app, args))
    assert f"folder {read_only_scenes_folder}: cannot write there" in line
    assert "Read-only file system" in line
    assert not (tiny_media / "videos" / "tiny_scenes" / "72p10" / "TinySlow.mp4").exists()


WRITER = """
import sys, time
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from normgeom.rendering.atomic import atomic_path
with atomic_path(Path(sys.argv[2])) as temp:
    temp.write_bytes(b"half a lecture" * 1000)
    print(temp, flush=True)
    time.sleep(600)
"""


def start_writing(final: Path) -> tuple[subprocess.Popen, Path]:
    """A process writing ``final`` through normgeom's atomic write, and its partial file."""
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(ROOT), str(final)], stdout=subprocess.PIPE, text=True
    )
    return writer, Path(writer.stdout.readline().strip())


def test_a_killed_composition_leaves_nothing_and_a_live_one_is_left_alone(tiny_media):
    lecture = tiny_media / "normalization_geometry.mp4"
    killed, stale = start_writing(lecture)
    live, writing = start_writing(lecture)
    try:
        killed.send_signal(signal.SIGKILL)
        killed.wait(timeout=30)
        assert stale.is_file() and writing.is_file()
        result = runner.invoke(cli.app, ["video", "--voice", "espeak"], env={"COLUMNS": "200"})
        assert result.exit_code == 0, result.output
        assert not stale.exists()
        assert writing.is_file() and live.poll() is None
    finally:
        live.kill()
        live.wait(timeout=30)
    again = runner.invoke(cli.app, ["video", "--voice", "espeak"], env={"COLUMNS": "200"})
    assert again.exit_code == 0, again.output
    assert [p.name for p in tiny_media.iterdir() if ".partial" in p.name] == []


# --- option values and memory ------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "shown"), [("abc", "'abc'"), ("2.5", "'2.5'"), ("", "''"), ("-3", "-3")]
)
def test_a_bad_jobs_value_is_one_line(media, value, shown):
    line = refused(["render", "Gain", "--voice", "none", "--jobs", value], media)
    assert line == (
        "normgeom: error: --jobs: expected a positive whole number of scenes to render at "
        f"once, got {shown}"
    )


def test_more_jobs_than_cores_warns_once(media, jobs_seen):
    jobs = default_jobs() + 1
    result = runner.invoke(cli.app, ["render", "Gain", "--voice", "none", "--jobs", str(jobs)])
    assert isinstance(result.exception, RenderingStarted), result.output
    assert result.stderr.strip().splitlines() == [
        f"normgeom: warning: --jobs {jobs}: more than the {default_jobs()} cores here; the "
        "renders share them, each taking about 250 MB of memory"
    ]


def out_of_memory(*args, **kwargs):
    raise MemoryError


def test_running_out_of_memory_writing_a_gif_is_one_line(tiny_media, monkeypatch):
    monkeypatch.setitem(outputs.WRITERS, "gif", out_of_memory)
    args = ["render", "TinySilent", "--voice", "espeak", "-f", "gif"]
    line = one_error(runner.invoke(cli.app, args), code=1)
    assert line.startswith("normgeom: error: out of memory while writing TinySilent.gif;")
    assert not (tiny_media / "scenes" / "72p10" / "TinySilent.gif").exists()


def test_running_out_of_memory_composing_the_lecture_is_one_line(tiny_media, monkeypatch):
    monkeypatch.setattr(lecture_module, "compose", out_of_memory)
    line = one_error(runner.invoke(cli.app, ["video", "--voice", "espeak"]), code=1)
    assert line.startswith("normgeom: error: out of memory while composing the lecture;")
    assert not (tiny_media / "normalization_geometry.mp4").exists()


def test_a_render_that_runs_out_of_memory_is_one_line(tiny_media, monkeypatch):
    hungry = Target("TinyHungry", FIXTURE_FILE, "TinyHungry")
    monkeypatch.setattr(targets, "resolve_scenes", lambda names: [hungry])
    line = one_error(runner.invoke(cli.app, ["render", "TinyHungry", "--voice", "none"]), code=1)
    assert line.startswith("normgeom: error: out of memory while rendering TinyHungry")
