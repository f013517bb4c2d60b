"""Rendering on a Dask cluster on loopback: the same outputs as here, a worker's death
survived, an unreachable scheduler and other versions refused."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import av
import numpy as np
import pytest
from distributed import Client, LocalCluster
from fixtures.pipeline import TINY, rendered, tiny_job, tiny_target
from typer.testing import CliRunner

from normgeom.cli.app import app
from normgeom.errors import UsageError
from normgeom.publish.deck import load_presentations
from normgeom.publish.slides import slide_job
from normgeom.rendering import cluster as dask_cluster
from normgeom.rendering.cluster import DaskExecutor, runner
from normgeom.rendering.paths import Layout
from normgeom.rendering.runner import Runner
from scenes.base.parameters import SceneParams

pytestmark = pytest.mark.render


def frames(path) -> list[np.ndarray]:
    with av.open(str(path)) as container:
        return [frame.to_ndarray(format="rgb24") for frame in container.decode(video=0)]


def test_a_local_cluster_renders_what_this_machine_renders(tmp_path):
    _, here = rendered()
    with runner(Layout(tmp_path / "media"), jobs=2, verbose=False, cluster="local") as remote:
        there = remote.run([result.job for result in here])
        again = remote.run([result.job for result in here])
    for mine, theirs in zip(here, there, strict=True):
        assert not theirs.cached and theirs.video.is_relative_to(tmp_path / "media")
        assert theirs.key == mine.key and theirs.duration == pytest.approx(mine.duration)
        ours, sent = frames(mine.video), frames(theirs.video)
        assert len(ours) == len(sent)
        assert all(np.array_equal(a, b) for a, b in zip(ours, sent, strict=True))
        assert (mine.subtitles is None) == (theirs.subtitles is None)
        if mine.subtitles is not None:
            assert theirs.subtitles.read_text() == mine.subtitles.read_text()
    assert all(result.cached for result in again)  # cache hits are never sent
    log = tmp_path / "media" / ".normgeom" / "logs" / "TinyNarrated-movie-72p10.log"
    assert log.is_file()


def test_slides_rendered_on_a_cluster_play_from_this_machine(tmp_path):
    job = slide_job(tiny_target("TinyNarrated"), TINY, SceneParams(), "none")
    media = tmp_path / "media"
    with runner(Layout(media), jobs=1, verbose=False, cluster="local") as remote:
        (result,) = remote.run([job])
    (deck,) = load_presentations([result.files["presentation"]])
    movies = [Path(slide.file) for slide in deck.slides]
    assert movies and all(m.is_relative_to(media) and m.is_file() for m in movies)


@pytest.mark.timeout(300)
def test_a_worker_killed_mid_job_loses_nothing(tmp_path):
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as local,
        Client(local) as client,
    ):
        executor = DaskExecutor(client)
        killed: list[str] = []

        def kill_the_busy_worker() -> None:
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline and not killed:
                busy = [w for w, tasks in client.processing().items() if tasks]
                if busy:
                    time.sleep(2.0)  # the render is under way
                    pid = client.run(os.getpid, workers=busy[:1])[busy[0]]
                    os.kill(pid, signal.SIGKILL)
                    killed.append(busy[0])
                time.sleep(0.2)

        killer = threading.Thread(target=kill_the_busy_worker)
        killer.start()
        job = tiny_job("TinySlow", voice="none")
        run = Runner(Layout(tmp_path / "media"), jobs=1, executor=lambda: executor)
        (result,) = run.run([job])
        killer.join()
    assert killed, "no worker was busy"
    assert result.duration == pytest.approx(20.0)
    assert len(frames(result.video)) == 200


def test_an_unreachable_scheduler_is_refused_before_rendering(media):
    started = time.monotonic()
    out = CliRunner().invoke(app, ["render", "MeanCentering", "--cluster", "tcp://127.0.0.1:9"])
    assert out.exit_code == 2
    lines = out.output.strip().splitlines()
    assert len(lines) == 1 and "cannot reach the scheduler" in lines[0]
    assert not media.exists() or not any((media / "scenes").glob("**/*.mp4"))
    assert time.monotonic() - started < 60


def test_workers_of_other_versions_are_refused(tmp_path, monkeypatch):
    here = dict(dask_cluster.versions(), manim="0.0.1")
    monkeypatch.setattr(dask_cluster, "versions", lambda: here)
    with (
        pytest.raises(UsageError, match="manim .* this machine 0.0.1"),
        runner(Layout(tmp_path / "media"), jobs=1, verbose=False, cluster="local"),
    ):
        pytest.fail("a cluster of other versions was used")
