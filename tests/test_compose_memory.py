"""Composing a long lecture streams: peak memory does not grow with its length."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from fixtures.pipeline import make_clip

pytestmark = pytest.mark.render

MAX_RSS_BYTES = 0.6e9
RATE = 48000
COMPOSE = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    from fixtures.pipeline import tiny_job
    from normgeom.compose.lecture import build_lecture
    from normgeom.rendering.runner import JobResult
    from normgeom.rendering.state import State

    clip, count, folder = Path(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3])
    results = [
        JobResult(tiny_job(f"Part{i}", "none"), {"video": clip}, 0.0, 0.0, True, f"key{i}")
        for i in range(count)
    ]
    lecture = build_lecture(State(folder / "state.json", folder), results, folder / "long.mp4")
    # VmHWM: the peak of this program's own memory (ru_maxrss would also count the
    # test process this one was forked from, kept across exec)
    status = Path("/proc/self/status").read_text().splitlines()
    peak_kib = int(next(line for line in status if line.startswith("VmHWM:")).split()[1])
    print(json.dumps({"duration": lecture.duration, "rss": peak_kib * 1024}))
    """
)


@pytest.mark.parametrize("priming_heard", [True, False], ids=["copied", "encoded"])
def test_a_sixty_minute_lecture_composes_in_bounded_memory(tmp_path, priming_heard):
    sound = np.zeros((240 * RATE, 2), np.float32)  # 4 minutes, a tone in the first ten seconds
    sound[: 10 * RATE] = 0.2 * np.sin(2 * np.pi * 440 * np.arange(10 * RATE) / RATE)[:, None]
    # copied: Manim's kind of track, its packets go into the lecture; encoded: encoded again
    clip = make_clip(
        tmp_path / "part.mp4", 240.0, fps=5, samples=sound, priming_heard=priming_heard
    )
    tests = Path(__file__).parent
    run = subprocess.run(
        [sys.executable, "-c", COMPOSE, str(clip), "15", str(tmp_path)],
        capture_output=True,
        text=True,
        check=True,
        cwd=tests,
        env={"PYTHONPATH": f"{tests}:{tests.parent}", "PATH": "/usr/bin:/bin"},
    )
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["duration"] == 3600.0
    manifest = json.loads((tmp_path / "long.json").read_text())
    assert manifest["loudness"]["integrated_lufs"] is not None
    assert report["rss"] <= MAX_RSS_BYTES, f"peak RSS {report['rss'] / 1e9:.2f} GB"
