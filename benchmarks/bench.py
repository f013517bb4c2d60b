"""Render-speed benchmark: every scene, cold cache, at chosen qualities, several runs.

Each measurement is a fresh process (:mod:`benchmarks.render_probe`, and
:mod:`benchmarks.speech_probe` for speech), so import cost and peak memory belong to that
render. The table and ``media/bench.json`` report medians over runs: wall time, frames,
frames/s, realtime factor (wall / video seconds), mobjects per frame, peak memory and the
synthesis time of the scene's narration with the default voice (which renders never pay
for twice: speech is cached); then the whole lecture, and optionally a reference matplotlib
script timed in the same run::

    python -m benchmarks.bench --runs 3 --qualities low,high
"""

from __future__ import annotations

import argparse
import configparser
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path

from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from normgeom.rendering.ranges import beat_ranges, split_counts  # noqa: E402
from normgeom.rendering.schedule import critical_path, simulated_wall  # noqa: E402
from scenes.base.catalog import scene_names  # noqa: E402
from scenes.voice.registry import DEFAULT_VOICE  # noqa: E402

__all__ = [
    "measure_scene",
    "measure_speech",
    "measure_lecture",
    "measure_encoder",
    "encoder_options",
    "measure_reference",
    "summarize",
    "schedule",
    "save",
    "main",
]

SILENT = {"NORMGEOM_VOICE": "none"}
SPEECH_MEDIAN_KEYS = ("load_seconds", "synthesis_seconds")
MEDIAN_KEYS = (
    "process_seconds",
    "render_seconds",
    "cpu_seconds",
    "frames_per_second",
    "realtime_factor",
    "mobjects_per_frame",
    "peak_memory_mb",
)


def _env() -> dict[str, str]:
    env = dict(os.environ, **SILENT)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.pop("NORMGEOM_PARAMS", None)
    return env


def measure_scene(scene: str, quality: str, mode: str = "render") -> dict:
    """One cold render of ``scene`` in a fresh process and a throw-away media folder
    (``mode`` ``replay``: played through without drawing, :mod:`benchmarks.render_probe`)."""
    with tempfile.TemporaryDirectory(prefix="normgeom-bench-") as media:
        out = subprocess.run(
            [sys.executable, "-m", "benchmarks.render_probe", scene, quality, media, mode],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=_env(),
        )
    if out.returncode != 0:
        tail = (out.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"{scene} at {quality} failed: {tail}")
    row = json.loads(out.stdout.strip().splitlines()[-1])
    row["frames_per_second"] = row["frames"] / row["process_seconds"]
    row["realtime_factor"] = row["process_seconds"] / max(row["video_seconds"], 1e-9)
    return row


def measure_speech(scene: str, voice: str) -> dict:
    """One cold synthesis of ``scene``'s narration with ``voice`` in a fresh process."""
    out = subprocess.run(
        [sys.executable, "-m", "benchmarks.speech_probe", scene, voice],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=dict(_env(), NORMGEOM_VOICE=voice),
    )
    if out.returncode != 0:
        tail = (out.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"{scene} speech with {voice} failed: {tail}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def speech_summary(speech: dict[str, dict], scenes: list[dict]) -> dict:
    """The narration of the measured scenes: synthesis time against their render time.

    ``render_seconds`` and the share are per quality (process wall times); words per minute
    is the pace of the speech itself, pauses between sentences included.
    """
    words = sum(s["words"] for s in speech.values())
    audio = sum(s["speech_seconds"] for s in speech.values())
    synthesis = sum(s["synthesis_seconds"] for s in speech.values())
    load = max(s["load_seconds"] for s in speech.values())
    rendered: dict[str, float] = {}
    for row in scenes:
        rendered[row["quality"]] = rendered.get(row["quality"], 0.0) + row["process_seconds"]
    return {
        "voice": next(iter(speech.values()))["voice"],
        "words": words,
        "speech_seconds": audio,
        "words_per_minute": words / audio * 60,
        "synthesis_seconds": synthesis + load,
        "render_seconds": rendered,
        "synthesis_share": {q: (synthesis + load) / r for q, r in rendered.items()},
    }


def summarize(runs: list[dict]) -> dict:
    """Medians of the timing keys over runs; the fixed keys from the first run."""
    summary = {k: v for k, v in runs[0].items() if k not in MEDIAN_KEYS}
    summary.update({k: statistics.median(r[k] for r in runs) for k in MEDIAN_KEYS})
    summary["runs"] = len(runs)
    return summary


CLUSTER_SIZES = (1, 4, 8, 16, 64)
"""Worker counts of the simulated lecture schedule."""


def range_costs(rows: list[dict], workers: int) -> list[float]:
    """The jobs measured scenes render as on ``workers`` workers, as the runner splits them
    (:func:`normgeom.rendering.ranges.split_counts`), and what each costs on paper: the
    process start, its share of the beats' drawing and the measured replay of the beats
    before it (:func:`range_cost`)."""
    counts = split_counts([(row["process_seconds"], row["beats"]) for row in rows], workers)
    return [
        cost
        for row, count in zip(rows, counts, strict=True)
        for cost in (
            [row["process_seconds"]]
            if count < 2
            else [range_cost(row, first, end) for first, end in beat_ranges(row["beats"], count)]
        )
    ]


def range_cost(row: dict, first: int, end: int) -> float:
    """The cost of beats ``first`` to ``end - 1`` of a measured scene, its beats taken as
    equally long: ``startup + render * (end - first) / beats + replay * first / beats``, where
    ``startup`` is the process's time before the render, ``render`` the render's time and
    ``replay`` that of playing the scene through without drawing (the replay probe)."""
    startup = row["process_seconds"] - row["render_seconds"]
    share = (end - first) / row["beats"]
    return startup + row["render_seconds"] * share + row["replay_seconds"] * first / row["beats"]


def schedule(scenes: list[dict]) -> list[dict]:
    """Per quality, from each scene's measured render time (a job each): the longest job
    (the critical path) and the wall time of rendering them all, longest first, on
    :data:`CLUSTER_SIZES` workers (:func:`normgeom.rendering.schedule.simulated_wall`), also as a
    share of the lecture's running time; then the same with long scenes split into ranges
    of beats as the runner splits them on that many workers (:func:`range_costs`)."""
    rows = []
    for quality in dict.fromkeys(row["quality"] for row in scenes):
        at = [r for r in scenes if r["quality"] == quality]
        measured = {r["scene"]: r["process_seconds"] for r in at}
        length = sum(r["video_seconds"] for r in at)
        walls = {k: simulated_wall(list(measured.values()), k) for k in CLUSTER_SIZES}
        split = {k: range_costs(at, k) for k in CLUSTER_SIZES}
        split_walls = {k: simulated_wall(costs, k) for k, costs in split.items()}
        rows.append(
            {
                "quality": quality,
                "jobs": measured,
                "critical_path_seconds": critical_path(list(measured.values())),
                "simulated_wall_seconds": walls,
                "share_of_running_time": {k: wall / length for k, wall in walls.items()},
                "split_jobs": {k: len(costs) for k, costs in split.items()},
                "split_critical_path_seconds": {k: critical_path(c) for k, c in split.items()},
                "split_simulated_wall_seconds": split_walls,
                "split_share_of_running_time": {k: w / length for k, w in split_walls.items()},
            }
        )
    return rows


def measure_lecture(quality: str, jobs: int) -> dict:
    """Time ``normgeom video`` (silent) from an empty media folder."""
    with tempfile.TemporaryDirectory(prefix="normgeom-bench-lecture-") as media:
        output = Path(media) / "lecture.mp4"
        command = [
            sys.executable, "-m", "normgeom", "video", "--quality", quality, "--voice", "none",
            "--jobs", str(jobs), "--output", str(output),
        ]  # fmt: skip
        env = dict(_env(), NORMGEOM_MEDIA=media)
        started = time.perf_counter()
        out = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=env)
        wall = time.perf_counter() - started
        if out.returncode != 0:
            tail = (out.stderr.strip().splitlines() or ["no output"])[-1]
            raise RuntimeError(f"lecture at {quality} failed: {tail}")
        import av

        with av.open(str(output)) as container:
            seconds = float(container.duration) / av.time_base
        encoder = measure_encoder(output)
    return {
        "quality": quality,
        "jobs": jobs,
        "wall_seconds": wall,
        "video_seconds": seconds,
        "realtime_factor": wall / seconds,
        "x264_seconds": encoder["encode_seconds"],
        "decode_seconds": encoder["decode_seconds"],
        "x264_ratio": wall / encoder["encode_seconds"],
    }


def encoder_options() -> dict[str, str]:
    """The x264 options the scenes are encoded with (``manim.cfg``,
    ``[video_encoder.options]``)."""
    parser = configparser.ConfigParser()
    parser.read(ROOT / "manim.cfg")
    return dict(parser["video_encoder.options"])


def measure_encoder(video: Path) -> dict:
    """Time x264 alone on ``video``'s frames at the scenes' own options: decoding them and
    encoding them again (``encode_seconds``, the decoding included), and decoding alone
    (``decode_seconds``): what the drawing of the same frames is compared with."""
    timed = {}
    options = [arg for key, value in encoder_options().items() for arg in (f"-{key}", value)]
    encode = ["-c:v", "libx264", *options, "-pix_fmt", "yuv420p"]
    for name, codec in (("encode_seconds", encode), ("decode_seconds", [])):
        command = ["ffmpeg", "-v", "error", "-i", str(video), "-an", *codec, "-f", "null", "-"]
        started = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        timed[name] = time.perf_counter() - started
    return timed


def measure_reference(script: Path, frames_per_animation: int) -> dict:
    """Run a matplotlib reference script; time each ``Animation k`` from its progress lines.

    The script prints ``... Animation k ...`` as it starts each animation; the time between
    two such lines is animation k's render time.
    """
    with tempfile.TemporaryDirectory(prefix="normgeom-bench-ref-") as work:
        env = dict(os.environ, MPLBACKEND="Agg")
        proc = subprocess.Popen(
            [sys.executable, "-u", str(script.resolve())],
            cwd=work, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )  # fmt: skip
        started = time.perf_counter()
        marks: list[tuple[int, float]] = []
        for line in proc.stdout:
            found = re.search(r"Animation (\d+)", line)
            if found and (not marks or marks[-1][0] != int(found.group(1))):
                marks.append((int(found.group(1)), time.perf_counter()))
        proc.wait()
        finished = time.perf_counter()
    if proc.returncode != 0 or not marks:
        raise RuntimeError(f"reference script {script} failed or printed no progress")
    ends = [t for _, t in marks[1:]] + [finished]
    per = {
        str(k): {"seconds": end - t, "frames_per_second": frames_per_animation / (end - t)}
        for (k, t), end in zip(marks, ends, strict=True)
    }
    return {"script": script.name, "total_seconds": finished - started, "animations": per}


def machine() -> dict:
    """Cores, CPU model and versions of what renders."""
    cpu = platform.processor()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        names = re.findall(r"model name\s*:\s*(.+)", cpuinfo.read_text())
        cpu = names[0] if names else cpu
    versions = {}
    for package in ("manim", "manim-voiceover", "av", "numpy", "normgeom"):
        try:
            versions[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            versions[package] = None
    return {
        "cores": os.cpu_count(),
        "cpu": cpu,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "versions": versions,
    }


def save(result: dict, output: Path) -> None:
    """Write the results so far, atomically (a failed later stage keeps the earlier ones)."""
    output.parent.mkdir(parents=True, exist_ok=True)
    tmp = output.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(result, indent=2))
    tmp.replace(output)


def _table(rows: list[dict]) -> Table:
    table = Table(title="Render speed (medians, cold cache, silent)")
    for column in ("scene", "quality", "wall s", "frames", "frames/s", "realtime", "mobj/frame",
                   "peak MB", "synth s"):  # fmt: skip
        table.add_column(column, justify="left" if column == "scene" else "right")
    for r in rows:
        table.add_row(
            r["scene"], r["quality"], f"{r['process_seconds']:.2f}", str(r["frames"]),
            f"{r['frames_per_second']:.1f}", f"{r['realtime_factor']:.2f}",
            f"{r['mobjects_per_frame']:.0f}", f"{r['peak_memory_mb']:.0f}",
            f"{r['synthesis_seconds']:.2f}",
        )  # fmt: skip
    return table


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenes", default="all", help="comma-separated names or 'all'")
    parser.add_argument("--qualities", default="low,high", help="comma-separated presets")
    parser.add_argument("--runs", type=int, default=3, help="runs per measurement (median)")
    parser.add_argument("--lecture", choices=["none", "low", "high", "both"], default="both")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the lecture")
    parser.add_argument("--reference-script", type=Path, help="matplotlib script to time")
    parser.add_argument("--reference-frames", type=int, default=120,
                        help="frames per animation of the reference script")  # fmt: skip
    parser.add_argument("--voice", default=DEFAULT_VOICE, help="voice of the synthesis column")
    parser.add_argument("--output", type=Path, default=ROOT / "media" / "bench.json")
    args = parser.parse_args(argv)

    names = scene_names() if args.scenes == "all" else args.scenes.split(",")
    unknown = sorted(set(names) - set(scene_names()))
    if unknown or args.runs < 1:
        parser.error(f"unknown scene(s): {', '.join(unknown)}" if unknown else "--runs >= 1")
    console = Console(stderr=True)
    speech = {}
    for name in names:
        console.print(f"[dim]{name} speech ({args.voice}) x{args.runs}[/dim]")
        runs = [measure_speech(name, args.voice) for _ in range(args.runs)]
        speech[name] = {
            **runs[0],
            **{k: statistics.median(r[k] for r in runs) for k in SPEECH_MEDIAN_KEYS},
        }
    scenes = []
    for quality in args.qualities.split(","):
        for name in names:
            console.print(f"[dim]{name} at {quality} x{args.runs}[/dim]")
            row = summarize([measure_scene(name, quality) for _ in range(args.runs)])
            row["synthesis_seconds"] = speech[name]["synthesis_seconds"]
            row["replay_seconds"] = 0.0
            if row["beats"] >= 2:
                replays = [measure_scene(name, quality, "replay") for _ in range(args.runs)]
                row["replay_seconds"] = statistics.median(r["render_seconds"] for r in replays)
            scenes.append(row)
    narration = speech_summary(speech, scenes)
    plan = schedule(scenes)
    save(
        {"machine": machine(), "scenes": scenes, "speech": narration, "schedule": plan}, args.output
    )
    lectures = []
    lecture_qualities = {"none": [], "both": ["low", "high"]}.get(args.lecture, [args.lecture])
    for quality in lecture_qualities:
        console.print(f"[dim]lecture at {quality}[/dim]")
        lectures.append(measure_lecture(quality, args.jobs))
    result = {
        "machine": machine(),
        "scenes": scenes,
        "speech": narration,
        "schedule": plan,
        "lecture": lectures,
    }
    save(result, args.output)
    if args.reference_script:
        console.print("[dim]reference script[/dim]")
        result["reference"] = measure_reference(args.reference_script, args.reference_frames)
    Console(width=120).print(_table(scenes))
    shares = ", ".join(f"{q} {share:.1%}" for q, share in narration["synthesis_share"].items())
    Console(width=120).print(
        f"speech ({narration['voice']}): {narration['synthesis_seconds']:.1f} s to synthesize "
        f"{narration['words']} words ({narration['speech_seconds']:.0f} s of speech, "
        f"{narration['words_per_minute']:.0f} words/min); share of the render time: {shares}"
    )
    for row in plan:
        walls = ", ".join(f"{k}: {w:.0f} s" for k, w in row["simulated_wall_seconds"].items())
        split = ", ".join(
            f"{k}: {w:.0f} s ({row['split_jobs'][k]} jobs, longest "
            f"{row['split_critical_path_seconds'][k]:.0f} s)"
            for k, w in row["split_simulated_wall_seconds"].items()
        )
        Console(width=120).print(
            f"schedule {row['quality']}: longest job {row['critical_path_seconds']:.1f} s; "
            f"all scenes, longest first, on workers {walls}\n"
            f"  split into beat ranges where it pays, on workers {split}"
        )
    for lecture in lectures:
        Console(width=120).print(
            f"lecture {lecture['quality']}: {lecture['wall_seconds']:.1f} s wall for "
            f"{lecture['video_seconds']:.1f} s of video (realtime "
            f"{lecture['realtime_factor']:.2f}); x264 alone on its frames "
            f"{lecture['x264_seconds']:.1f} s (decoding"
            f" {lecture['decode_seconds']:.1f} s of it): {lecture['x264_ratio']:.2f} x x264"
        )
    save(result, args.output)
    Console(width=120).print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
