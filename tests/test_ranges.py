"""A narrated scene rendered as ranges of its beats, joined: the whole render's movie (frames,
audio samples, subtitle cues), each range cached on its own key; when the runner splits."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import av
import numpy as np
import pytest
from fixtures.pipeline import TINY

from normgeom.rendering import runner as runner_module
from normgeom.rendering.job import RenderJob
from normgeom.rendering.paths import Layout
from normgeom.rendering.ranges import (
    SPLIT_GAIN,
    beat_ranges,
    range_estimates,
    split,
    split_counts,
)
from normgeom.rendering.runner import Runner
from normgeom.rendering.schedule import simulated_wall
from normgeom.rendering.targets import Target

FIXTURES = Path(__file__).parent / "fixtures"
RANGE_SCENES = FIXTURES / "range_scenes.py"


def movie_job(
    name: str, voice: str = "none", file: Path = RANGE_SCENES, lang: str = "en"
) -> RenderJob:
    return RenderJob(Target(name, file, f"{name} title"), TINY, voice, lang=lang)


def frames(path: Path) -> list[np.ndarray]:
    with av.open(str(path)) as container:
        return [frame.to_ndarray(format="rgb24") for frame in container.decode(video=0)]


def frame_times(path: Path) -> list[float]:
    """When each frame of the movie plays, in seconds."""
    with av.open(str(path)) as container:
        return [float(frame.time) for frame in container.decode(video=0)]


def audio_samples(path: Path) -> int:
    with av.open(str(path)) as container:
        return sum(frame.samples for frame in container.decode(audio=0))


def cues(path: Path) -> list[tuple[float, str]]:
    import srt

    return [(c.start.total_seconds(), c.content) for c in srt.parse(path.read_text())]


def cue_starts(path: Path) -> list[float]:
    return [start for start, _ in cues(path)]


def psnr(a: np.ndarray, b: np.ndarray) -> float:
    mse = np.mean((a.astype(float) - b.astype(float)) ** 2)
    return float("inf") if mse == 0 else 10 * np.log10(255**2 / mse)


def test_beats_split_evenly_in_order():
    assert beat_ranges(4, 3) == [(0, 2), (2, 3), (3, 4)]
    assert beat_ranges(9, 2) == [(0, 5), (5, 9)]
    assert beat_ranges(3, 3) == [(0, 1), (1, 2), (2, 3)]


def test_scenes_split_only_when_the_run_ends_sooner_on_paper():
    assert split_counts([(80, 9)], 1) == [1]  # one worker: nothing to gain
    assert split_counts([(10, 9)], 4) == [1]  # too short to pay for the replayed beats
    assert split_counts([(80, 9), (75, 9), (70, 9), (65, 9)], 2) == [1, 1, 1, 1]  # balanced
    assert split_counts([(80, 9)], 2) == [2]  # alone, two workers
    assert split_counts([(80, 9)], 8) == [8]  # at most one per worker
    assert split_counts([(80, 3)], 8) == [3]  # at most one per beat
    assert split_counts([(80, 1)], 8) == [1]  # one beat: nothing to split


def estimated_wall(scenes: list[tuple[float, int]], counts: list[int], workers: int) -> float:
    """The simulated run of ``scenes`` split into ``counts`` ranges each, on paper."""
    pairs = zip(scenes, counts, strict=True)
    costs = [cost for (seconds, beats), n in pairs for cost in range_estimates(seconds, beats, n)]
    return simulated_wall(costs, workers)


def test_the_chosen_split_shortens_the_simulated_run():
    # a lecture's measured seconds and beats at 1080p60 on this kind of machine
    scenes = [(81, 6), (73, 5), (87, 5), (54, 5), (78, 5), (85, 5), (73, 5), (62, 4), (78, 10),
              (110, 6), (57, 8), (64, 8), (127, 6), (117, 5), (59, 9)]  # fmt: skip
    whole = [1] * len(scenes)
    for workers in (2, 4, 8, 16, 64):
        counts = split_counts(scenes, workers)
        assert all(
            1 <= n <= min(workers, beats) for n, (_, beats) in zip(counts, scenes, strict=True)
        )
        if counts != whole:
            saved = 1 - estimated_wall(scenes, counts, workers) / estimated_wall(
                scenes, whole, workers
            )
            assert saved >= SPLIT_GAIN
    assert split_counts(scenes, 2) == whole  # two workers: balanced enough whole
    # sixteen workers: whole, the longest scene (127 s) decides; split, the run ends sooner
    assert estimated_wall(scenes, split_counts(scenes, 16), 16) < 0.75 * 127


def test_only_whole_narrated_movies_split():
    job = movie_job("TinyRanges")
    assert [part.beats for part in split(job, 3)] == [(0, 2), (2, 3), (3, 4)]
    assert split(job, 1) == [job]
    assert split(replace(job, stop_after="square"), 3) == [replace(job, stop_after="square")]
    silent = movie_job("TinySilent", file=FIXTURES / "tiny_scenes.py")
    assert split(silent, 3) == [silent]  # no beats


def render(media: Path, job: RenderJob, count: int, monkeypatch) -> tuple[Runner, object]:
    """``job`` through a runner in ``media``, split into ``count`` ranges (1: whole)."""
    monkeypatch.setattr(runner_module, "split_counts", lambda scenes, _: [count] * len(scenes))
    runner = Runner(Layout(media), jobs=2, split=count > 1)
    (result,) = runner.run([job])
    return runner, result


def assert_same_movie(whole, joined) -> None:
    ours, theirs = frames(whole.video), frames(joined.video)
    assert len(ours) == len(theirs)
    assert min(psnr(a, b) for a, b in zip(ours, theirs, strict=True)) >= 45
    assert frame_times(joined.video) == frame_times(whole.video)  # no frame held longer
    assert audio_samples(joined.video) == audio_samples(whole.video) > 0
    frame = 1 / TINY.fps
    assert cue_starts(joined.subtitles) == pytest.approx(cue_starts(whole.subtitles), abs=frame)
    assert (joined.source_subtitles is None) == (whole.source_subtitles is None)
    if whole.source_subtitles is not None:  # a translation's English, over its own speech
        english = cues(joined.source_subtitles)
        assert [text for _, text in english] == [text for _, text in cues(whole.source_subtitles)]
        starts = [start for start, _ in english]
        assert starts == pytest.approx(cue_starts(whole.source_subtitles), abs=frame)


@pytest.mark.render
@pytest.mark.parametrize(
    ("scene", "voice", "lang"),
    [("TinyRanges", "hibari", "en"), ("TinyRanges3D", "none", "ja")],
)
def test_a_split_render_is_the_whole_render(tmp_path, monkeypatch, scene, voice, lang):
    """...a translated one too, with the English subtitles it carries beside its own."""
    job = movie_job(scene, voice, lang=lang)
    _, whole = render(tmp_path / "whole", job, 1, monkeypatch)
    runner, joined = render(tmp_path / "split", job, 3, monkeypatch)
    parts = split(job, 3)
    assert all(runner.up_to_date(part) is not None for part in parts)  # each on its own key
    assert not joined.cached and joined.key == whole.key
    assert runner.up_to_date(job) is not None  # recorded as the whole movie
    assert_same_movie(whole, joined)
    if lang != "en":
        assert [text for _, text in cues(whole.source_subtitles)] == [
            "A cube.",
            "The camera tilts.",
            "And turns.",
        ]
        assert whole.source_subtitles.name == f"{scene}.{lang}.en.srt"


@pytest.mark.render
def test_editing_a_beat_renders_again_its_range_and_those_after_it(tmp_path, monkeypatch):
    """A scene rendered whole, then its last beat edited and split (its ranges start from the
    whole render's plays), then its third beat edited: the first range stays."""
    scenes = tmp_path / "scenes"
    shutil.copytree(FIXTURES / "narration", scenes / "narration")
    shutil.copy(RANGE_SCENES, scenes / RANGE_SCENES.name)
    job = movie_job("TinyRanges", file=scenes / RANGE_SCENES.name)
    first, second, third = split(job, 3)  # beats (0, 2), (2, 3), (3, 4)
    render(tmp_path / "media", job, 1, monkeypatch)
    narration = scenes / "narration" / "range_scenes.toml"
    text = narration.read_text()
    narration.write_text(text.replace("Both stay.", "Both stay where they are."))
    runner, _ = render(tmp_path / "media", job, 3, monkeypatch)
    ranges = runner.layout.manim_folder(job) / "ranges"
    read = ranges / first.stem / "partial_movie_files" / "TinyRanges"  # where Manim reads
    assert runner.layout.partial_movies(first) == read
    assert any(movie.stat().st_nlink > 1 for movie in read.glob("*.mp4"))  # the whole's plays
    parts = (first, second, third)
    before = [runner.up_to_date(part).video.stat().st_mtime_ns for part in parts]

    narration.write_text(narration.read_text().replace("joins it.", "joins the square."))
    runner, joined = render(tmp_path / "media", job, 3, monkeypatch)
    after = [runner.up_to_date(part).video.stat().st_mtime_ns for part in parts]
    assert [b != a for b, a in zip(before, after, strict=True)] == [False, True, True]
    assert not joined.cached
    _, whole = render(tmp_path / "whole", job, 1, monkeypatch)
    assert_same_movie(whole, joined)


@pytest.mark.render
def test_ranges_render_on_a_cluster(tmp_path, monkeypatch):
    from normgeom.rendering.cluster import runner as cluster_runner

    job = movie_job("TinyRanges")
    _, whole = render(tmp_path / "whole", job, 1, monkeypatch)
    monkeypatch.setattr(runner_module, "split_counts", lambda scenes, _: [2] * len(scenes))
    media = tmp_path / "media"
    with cluster_runner(Layout(media), jobs=2, verbose=False, cluster="local") as remote:
        (joined,) = remote.run([job])
        assert all(remote.up_to_date(part) is not None for part in split(job, 2))
    assert joined.video.is_relative_to(media)
    assert_same_movie(whole, joined)


def test_whole_renders_every_scene_in_one_piece(tiny_media, monkeypatch):
    from typer.testing import CliRunner

    from normgeom.cli import app as cli

    splits = []
    opened = runner_module.Runner

    def spy(layout, **kwargs):
        splits.append(kwargs["split"])
        return opened(layout, **kwargs)

    monkeypatch.setattr(runner_module, "Runner", spy)
    for command in (["render", "TinyNarrated", "--whole"], ["render", "TinyNarrated"]):
        assert CliRunner().invoke(cli.app, command).exit_code == 0
    assert CliRunner().invoke(cli.app, ["video", "--whole"]).exit_code == 0
    assert splits == [False, True, False]


def build_texts(folder: str, seed: int) -> int:
    """Build the same 80 new texts as the other process, in one shared text cache."""
    import random

    from manim import Text, config

    from normgeom.rendering.atomic import file_lock
    from scenes.camera.manim_internals import shared_caches

    config.text_dir = folder
    numbers = random.Random(seed)
    with shared_caches(lambda: file_lock(Path(folder) / "caches.lock")):
        return len([Text(f"label {numbers.random():.6f}", font_size=24) for _ in range(80)])


@pytest.mark.render
def test_processes_building_the_same_texts_share_the_cache_safely(tmp_path):
    """Manim rewrites a text's cached SVG in place on every build: without the lock, the
    other process reads it empty or misses its temporary copy."""
    from multiprocessing import get_context

    with get_context("spawn").Pool(2) as pool:
        for trial in range(2):
            folder = str(tmp_path / str(trial))
            assert pool.starmap(build_texts, [(folder, trial)] * 2) == [80, 80]


SPLIT_RUN = """
import sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from fixtures.pipeline import TINY
from normgeom.rendering import runner
from normgeom.rendering.job import RenderJob
from normgeom.rendering.paths import Layout
from normgeom.rendering.targets import Target
runner.split_counts = lambda scenes, workers: [3] * len(scenes)
job = RenderJob(Target(sys.argv[3], Path(sys.argv[4]), "title"), TINY, "none")
runner.Runner(Layout(Path(sys.argv[2])), jobs=2).run([job])
"""
"""A run rendering one scene as three ranges on two workers, in a process of its own."""


def first_play_half_written(media: Path) -> bool:
    """Whether a range's worker is writing its first partial movie (it does not open yet): a
    rerun plays it from the same state, so Manim takes a file of that name as drawn."""
    from normgeom.rendering.repair import movie_is_sound

    for folder in media.glob("videos/*/*/ranges/*/partial_movie_files/*"):
        plays = list(folder.glob("*.mp4"))
        if len(plays) == 1 and not movie_is_sound(plays[0]):
            return True
    return False


def range_delivered(media: Path) -> bool:
    """Whether a range's movie is stored (the others may still render)."""
    return any(media.glob(".normgeom/ranges/*/*.mp4"))


def started(media: Path) -> bool:
    """Whether the workers are starting (the run's folders exist)."""
    return (media / ".normgeom" / "locks").is_dir()


@pytest.fixture(scope="module")
def slow_whole(tmp_path_factory):
    """``TinyRangesSlow`` rendered whole (``--whole``)."""
    media = tmp_path_factory.mktemp("whole")
    (result,) = Runner(Layout(media), jobs=2, split=False).run([movie_job("TinyRangesSlow")])
    return result


@pytest.mark.render
@pytest.mark.parametrize("moment", [started, first_play_half_written, range_delivered])
def test_a_split_render_killed_at_any_moment_renders_next_time(
    tmp_path, monkeypatch, slow_whole, moment
):
    """kill -9 of the run and its workers at ``moment``; the next run succeeds and gives the
    whole render's movie (a half-written play of a range is found where Manim reads it)."""
    media = tmp_path / "media"
    args = [str(Path(__file__).parent), str(media), "TinyRangesSlow", str(RANGE_SCENES)]
    run = subprocess.Popen(
        [sys.executable, "-c", SPLIT_RUN, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + 180
    while not moment(media):
        assert run.poll() is None, f"the run ended before {moment.__name__}"
        assert time.monotonic() < deadline, f"no {moment.__name__} after 180 s"
        time.sleep(0.005)
    os.killpg(run.pid, signal.SIGKILL)
    assert run.wait(timeout=30) == -signal.SIGKILL
    _, joined = render(media, movie_job("TinyRangesSlow"), 3, monkeypatch)
    assert_same_movie(slow_whole, joined)
