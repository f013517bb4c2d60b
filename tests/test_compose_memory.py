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

RATE = 48000
PART_SECONDS = 120
PARTS = 15
MAX_GROWTH_BYTES = 60e6
"""How much more memory thirty minutes may take than four (the MP4's index of its packets
grows, about 1 MB a minute)."""
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
def test_a_thirty_minute_lecture_composes_in_the_memory_of_a_four_minute_one(
    tmp_path, priming_heard
):
    """Fifteen two-minute parts peak within :data:`MAX_GROWTH_BYTES` of two (the title card
    and one scene): holding the lecture's sound once, even as 16-bit stereo, would take more
    than five times that."""
    sound = np.zeros((PART_SECONDS * RATE, 2), np.float32)  # a tone in the first ten seconds
    sound[: 10 * RATE] = 0.2 * np.sin(2 * np.pi * 440 * np.arange(10 * RATE) / RATE)[:, None]
    # copied: Manim's kind of track, its packets go into the lecture; encoded: encoded again
    clip = make_clip(
        tmp_path / "part.mp4", PART_SECONDS, fps=5, samples=sound, priming_heard=priming_heard
    )
    short, long = (compose(clip, parts, tmp_path / f"{parts}") for parts in (2, PARTS))
    assert (short["duration"], long["duration"]) == (2 * PART_SECONDS, PARTS * PART_SECONDS)
    manifest = json.loads((tmp_path / f"{PARTS}" / "long.json").read_text())
    assert manifest["loudness"]["integrated_lufs"] is not None
    growth = long["rss"] - short["rss"]
    assert growth <= MAX_GROWTH_BYTES, f"peak RSS grew {growth / 1e6:.0f} MB"
    assert 5 * MAX_GROWTH_BYTES < PARTS * PART_SECONDS * RATE * 2 * 2  # the sound as int16


def compose(clip: Path, parts: int, folder: Path) -> dict:
    """Compose a lecture of ``parts`` copies of ``clip`` in a fresh process: its length
    (seconds) and the peak of its memory (bytes)."""
    folder.mkdir()
    tests = Path(__file__).parent
    run = subprocess.run(
        [sys.executable, "-c", COMPOSE, str(clip), str(parts), str(folder)],
        capture_output=True,
        text=True,
        check=True,
        cwd=tests,
        env={"PYTHONPATH": f"{tests}:{tests.parent}", "PATH": "/usr/bin:/bin"},
    )
    return json.loads(run.stdout.strip().splitlines()[-1])
