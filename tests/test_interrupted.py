"""Renders survive what interrupted and concurrent runs leave behind: a damaged speech
index, speech file, typeset SVG or partial movie file is rebuilt; a render stopped by a
real SIGINT or SIGKILL while writing renders whole next time; a killed runner takes its
worker with it, and a worker killed while writing its result is a render error; two runs on
one media folder keep both records, and two renders of one scene at once share the result."""

from __future__ import annotations

import json
import os
import pickle
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import av
import pytest
from fixtures.pipeline import rendered, tiny_job, tiny_target

from normgeom.errors import RenderError
from normgeom.rendering import worker
from normgeom.rendering.paths import Layout
from normgeom.rendering.probe import duration
from normgeom.rendering.runner import Runner
from normgeom.rendering.state import State

pytestmark = pytest.mark.render

TESTS = Path(__file__).resolve().parent


@pytest.fixture
def media(tmp_path) -> Path:
    """A copy of the shared tiny render's media folder."""
    shutil.copytree(rendered()[0], tmp_path / "media")
    return tmp_path / "media"


def test_an_emptied_speech_index_is_rebuilt(media, capsys):
    (media / "voiceovers" / "TinyNarrated" / "cache.json").write_text("")
    (media / "scenes" / "72p10" / "TinyNarrated.mp4").unlink()
    result = Runner(Layout(media)).run([tiny_job("TinyNarrated")])[0]
    assert not result.cached and duration(result.video) == pytest.approx(rendered()[1][1].duration)
    assert "damaged speech cache index" in capsys.readouterr().err
    assert json.loads((media / "voiceovers" / "TinyNarrated" / "cache.json").read_text())


def test_a_truncated_partial_movie_is_rendered_again(media, capsys):
    partials = sorted(
        (media / "videos" / "tiny_scenes" / "72p10" / "partial_movie_files").glob(
            "TinySilent/*.mp4"
        )
    )
    assert partials
    os.truncate(partials[0], 48)
    (media / "scenes" / "72p10" / "TinySilent.mp4").unlink()
    result = Runner(Layout(media)).run([tiny_job("TinySilent")])[0]
    assert not result.cached and duration(result.video) == pytest.approx(rendered()[1][0].duration)
    assert "damaged partial movie" in capsys.readouterr().err


@pytest.mark.parametrize("kept", [0.0, 0.5], ids=["emptied", "cut-in-half"])
def test_a_cut_short_speech_file_is_synthesized_again(media, capsys, kept):
    folder = media / "voiceovers" / "TinyNarrated"
    entries = json.loads((folder / "cache.json").read_text())
    speech = folder / entries[0]["original_audio"]
    whole = speech.stat().st_size
    os.truncate(speech, int(whole * kept))
    (media / "scenes" / "72p10" / "TinyNarrated.mp4").unlink()
    result = Runner(Layout(media)).run([tiny_job("TinyNarrated")])[0]
    assert not result.cached and duration(result.video) == pytest.approx(rendered()[1][1].duration)
    assert "damaged speech cache index" in capsys.readouterr().err
    assert speech.stat().st_size == whole


def test_a_cut_short_typeset_svg_is_typeset_again(tmp_path, capsys):
    layout = Layout(tmp_path / "media")
    first = Runner(layout).run([tiny_job("TinyFormula")])[0]
    svgs = sorted(layout.typesetting(tiny_target("TinyFormula"))[0].glob("*.svg"))
    assert svgs
    whole = svgs[0].read_bytes()
    os.truncate(svgs[0], len(whole) // 2)
    first.video.unlink()
    result = Runner(layout).run([tiny_job("TinyFormula")])[0]
    assert not result.cached and decoded_frames(result.video) == 3  # 0.3 s at 10 fps
    assert svgs[0].read_bytes() == whole
    assert "damaged typeset SVG" in capsys.readouterr().err


DRIVER = """
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from fixtures.pipeline import tiny_job
from normgeom.errors import RenderError
from normgeom.rendering import worker
from normgeom.rendering.paths import Layout
from normgeom.rendering.runner import Runner
results = Runner(Layout(Path(sys.argv[2])), jobs=1).run([tiny_job(n) for n in sys.argv[3:]])
print(json.dumps([result.cached for result in results]))
"""


def run_at_once(media: Path, *scene_lists: list[str]) -> list[list[bool]]:
    """Run one runner process per scene list, all at once; each one's ``cached`` flags."""
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", DRIVER, str(TESTS), str(media), *scenes],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for scenes in scene_lists
    ]
    outputs = [run.communicate(timeout=300) for run in runs]
    for run, (_, err) in zip(runs, outputs, strict=True):
        assert run.returncode == 0, err[-2000:]
    return [json.loads(out.strip().splitlines()[-1]) for out, _ in outputs]


def test_two_runs_on_one_media_folder_keep_both_records(tmp_path):
    media = tmp_path / "media"
    assert run_at_once(media, ["TinySilent"], ["TinyNarrated"]) == [[False], [False]]
    names = {rid.name for rid in State(media / ".normgeom" / "state.json", media).records()}
    assert names == {"TinySilent", "TinyNarrated"}


def test_two_renders_of_one_scene_at_once_share_the_result(tmp_path):
    media = tmp_path / "media"
    flags = run_at_once(media, ["TinySilent"], ["TinySilent"])
    assert sorted(flag for run in flags for flag in run) == [False, True]
    assert duration(media / "scenes" / "72p10" / "TinySilent.mp4") > 0


SLOW_FRAMES = 200
"""Frames of ``TinySlow``: twenty seconds at the tiny quality's 10 fps."""


def as_from_a_terminal() -> None:
    """In a child before it runs: Ctrl-C's signal handled as a terminal's programs get it.

    A program started in the background of a shell inherits SIGINT ignored (POSIX), and so
    would every program it starts, the suite's workers and these runs included."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(media: Path, *scenes: str) -> subprocess.Popen:
    """A runner process for ``scenes``, leading a process group of its own (like a
    ``normgeom`` started from a terminal)."""
    return subprocess.Popen(
        [sys.executable, "-c", DRIVER, str(TESTS), str(media), *scenes],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        preexec_fn=as_from_a_terminal,
    )


def wait_until_writing(media: Path, run: subprocess.Popen, scene: str) -> None:
    """Wait until ``run`` has begun writing a partial movie of ``scene``."""
    partials = media / "videos" / "tiny_scenes" / "72p10" / "partial_movie_files" / scene
    deadline = time.monotonic() + 180
    while not any(partials.glob("*.mp4")):
        assert run.poll() is None, "the render ended before it wrote a partial movie"
        assert time.monotonic() < deadline, "no partial movie after 180 s"
        time.sleep(0.02)


def children(pid: int) -> list[int]:
    """The processes ``pid`` started that are still its children."""
    tasks = Path(f"/proc/{pid}/task").glob("*/children")
    return [int(child) for task in tasks for child in task.read_text().split()]


def alive(pid: int) -> bool:
    """Whether process ``pid`` exists and is not a zombie waiting to be reaped."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def still_alive_after(pids: list[int], seconds: float = 3.0) -> list[int]:
    """The processes of ``pids`` still running ``seconds`` after now (polled, so a worker
    that notices its parent's end a moment later is given that moment)."""
    deadline = time.monotonic() + seconds
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return [pid for pid in pids if alive(pid)]


def decoded_frames(movie: Path) -> int:
    """How many frames of ``movie`` decode (every packet is decoded; damage raises)."""
    with av.open(str(movie)) as container:
        return sum(1 for _ in container.decode(video=0))


def assert_nothing_damaged(media: Path) -> None:
    """Every JSON file under ``media`` parses, every movie decodes, nothing is empty."""
    files = [f for f in media.rglob("*") if f.is_file() and f.suffix in {".json", ".mp4"}]
    assert files
    for file in files:
        assert file.stat().st_size > 0, file
        if file.suffix == ".json":
            json.loads(file.read_text(encoding="utf-8"))
        else:
            assert decoded_frames(file) > 0, file


@pytest.mark.parametrize("signal_", [signal.SIGINT, signal.SIGKILL], ids=["sigint", "sigkill"])
def test_a_render_interrupted_while_writing_renders_whole_next_time(tmp_path, signal_):
    media = tmp_path / "media"
    run = start(media, "TinySlow")
    wait_until_writing(media, run, "TinySlow")
    os.killpg(run.pid, signal_)
    assert run.wait(timeout=60) != 0
    runner = Runner(Layout(media))
    assert runner.up_to_date(tiny_job("TinySlow")) is None
    result = runner.run([tiny_job("TinySlow")])[0]
    assert not result.cached and decoded_frames(result.video) == SLOW_FRAMES
    assert Runner(Layout(media)).run([tiny_job("TinySlow")])[0].cached
    assert_nothing_damaged(media)


@pytest.mark.parametrize("signal_", [signal.SIGTERM, signal.SIGKILL], ids=["sigterm", "sigkill"])
def test_a_killed_runner_takes_its_worker_with_it(tmp_path, signal_):
    media = tmp_path / "media"
    run = start(media, "TinySlow")
    wait_until_writing(media, run, "TinySlow")
    workers = children(run.pid)
    assert workers
    run.send_signal(signal_)  # the runner only, as `timeout` or `kill` would
    run.wait(timeout=30)
    assert not still_alive_after(workers)


@pytest.mark.parametrize(
    "written",
    [None, b"", pickle.dumps({"movie": Path("a.mp4")})[:-4]],
    ids=["nothing", "empty", "cut-short"],
)
def test_a_worker_killed_before_its_result_is_whole_is_a_render_error(
    tmp_path, monkeypatch, written
):
    write = "" if written is None else f"open(sys.argv[1], 'wb').write({written!r}); "
    killed = f"import os, signal, sys; {write}os.kill(os.getpid(), signal.SIGKILL)"
    monkeypatch.setattr(worker, "BOOT", killed)
    with pytest.raises(RenderError, match=r"^the render process died \(killed by SIGKILL\)$"):
        worker.run_in_fresh_process(tiny_job("TinySilent"), Layout(tmp_path), tmp_path / "log")


CLI = """
import sys
sys.path.insert(0, sys.argv[1])
from fixtures.pipeline import TINY, tiny_target
from normgeom import settings as normgeom_settings
from normgeom.rendering import targets
normgeom_settings.resolve_quality = lambda name: TINY
targets.resolve_scenes = lambda names: [tiny_target(name) for name in names]
from normgeom.cli.app import main
sys.argv = ["normgeom", *sys.argv[2:]]
main()
"""


def test_ctrl_c_ends_normgeom_with_one_line_exit_130_and_no_worker_left(tmp_path):
    media = tmp_path / "media"
    run = subprocess.Popen(
        [sys.executable, "-c", CLI, str(TESTS), "render", "TinySlow", "--voice", "none"],
        env={**os.environ, "NORMGEOM_MEDIA": str(media)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=as_from_a_terminal,
    )
    wait_until_writing(media, run, "TinySlow")
    workers = children(run.pid)
    os.killpg(run.pid, signal.SIGINT)  # what Ctrl-C in a terminal does
    _, err = run.communicate(timeout=60)
    assert run.returncode == 130
    assert err.strip().splitlines() == [
        "normgeom: error: interrupted; finished outputs are kept, run again to continue"
    ]
    assert workers and not still_alive_after(workers)
    assert Runner(Layout(media)).up_to_date(tiny_job("TinySlow", voice="none")) is None
