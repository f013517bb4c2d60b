"""The render-speed benchmark runs end to end and writes a well-formed bench.json."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.bench import encoder_options, measure_encoder
from scenes.base.catalog import load_scene_class
from scenes.base.narrated import scene_beats

ROOT = Path(__file__).resolve().parent.parent


def test_bench_writes_well_formed_json(tmp_path, default_scene):
    output = tmp_path / "bench.json"
    command = [
        sys.executable, "-m", "benchmarks.bench", "--scenes", "RMSNormComparison",
        "--qualities", "low", "--runs", "1", "--lecture", "none", "--output", str(output),
    ]  # fmt: skip
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(output.read_text())
    assert result["machine"]["cores"] >= 1 and result["machine"]["versions"]["manim"]
    (row,) = result["scenes"]
    assert row["scene"] == "RMSNormComparison" and row["quality"] == "low"
    assert row["resolution"] == [854, 480] and row["frame_rate"] == 15
    assert row["frames"] > 0
    # Still holds write one frame repeated; every repeat is a frame of the video.
    played = default_scene(load_scene_class("RMSNormComparison")).renderer.time
    assert abs(row["video_seconds"] - played) < 0.5, (row["video_seconds"], played)
    assert abs(row["video_seconds"] - row["frames"] / 15) < 1e-9
    assert row["realtime_factor"] == row["process_seconds"] / row["video_seconds"]
    assert 0 < row["mobjects_per_frame"] < 1000
    assert row["peak_memory_mb"] > 10
    assert result["lecture"] == []
    (plan,) = result["schedule"]  # one job: every worker count waits for it alone
    assert plan["critical_path_seconds"] == row["process_seconds"]
    assert set(plan["simulated_wall_seconds"].values()) == {row["process_seconds"]}
    templates = scene_beats(load_scene_class("RMSNormComparison")).values()
    speech = result["speech"]
    assert speech["voice"] == "hibari"
    assert speech["words"] >= sum(len(str(text).split()) for text in templates) * 0.8
    assert 120 < speech["words_per_minute"] < 190
    assert 0 < row["synthesis_seconds"] < speech["synthesis_seconds"]  # the latter loads too
    assert speech["synthesis_share"]["low"] == pytest.approx(
        speech["synthesis_seconds"] / row["process_seconds"]
    )


def test_bench_rejects_unknown_scene(tmp_path):
    command = [sys.executable, "-m", "benchmarks.bench", "--scenes", "Nope", "--lecture", "none",
               "--output", str(tmp_path / "b.json")]  # fmt: skip
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 2 and "unknown scene" in done.stderr
    assert not (tmp_path / "b.json").exists()


def test_the_schedule_splits_long_scenes_as_the_runner_does():
    from benchmarks.bench import range_cost, schedule

    def row(scene, seconds, beats, replay):
        return {
            "scene": scene,
            "quality": "low",
            "process_seconds": seconds,
            "render_seconds": seconds - 2.0,
            "replay_seconds": replay,
            "beats": beats,
            "video_seconds": 60.0,
        }

    long, short = row("Long", 82.0, 4, 8.0), row("Short", 12.0, 4, 1.0)
    assert range_cost(long, 0, 2) == 2.0 + 80.0 / 2
    assert range_cost(long, 2, 4) == 2.0 + 80.0 / 2 + 8.0 / 2  # replays beats 0 and 1
    (plan,) = schedule([long, short])
    assert plan["critical_path_seconds"] == 82.0
    assert plan["split_jobs"][1] == 2  # one worker: nothing splits
    assert plan["split_simulated_wall_seconds"][1] == 94.0
    assert plan["split_jobs"][4] == 5  # Long in 4 ranges (its 4 beats), Short whole
    assert plan["split_critical_path_seconds"][4] == range_cost(long, 3, 4)
    assert plan["split_simulated_wall_seconds"][4] < plan["simulated_wall_seconds"][4]


def test_x264_is_timed_at_the_scenes_own_options(tmp_path):
    """The encoder the lecture is compared with runs at manim.cfg's options, and encoding
    (decoding included) costs more than decoding alone."""
    assert encoder_options() == {"crf": "23", "preset": "veryfast"}
    clip = tmp_path / "clip.mp4"
    make = ["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30",
            "-t", "4", "-c:v", "libx264", "-preset", "ultrafast", str(clip)]  # fmt: skip
    subprocess.run(make, check=True)
    timed = measure_encoder(clip)
    assert 0 < timed["decode_seconds"] < timed["encode_seconds"]
