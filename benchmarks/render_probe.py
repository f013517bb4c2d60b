"""Render one scene in this process, cold, and print what it cost as one JSON line.

Run by :mod:`benchmarks.bench` in a fresh process per measurement, so peak memory and
import cost belong to this one render::

    python -m benchmarks.render_probe Standardization low /tmp/media [replay]

``replay`` plays a narrated scene through without drawing or writing a frame (an empty range
of beats after its last one, :mod:`scenes.base.beat_range`): what a range of beats pays for
the beats before it.
"""

from __future__ import annotations

import dataclasses
import json
import resource
import sys
import time

__all__ = ["probe"]


def probe(scene_name: str, quality: str, media_dir: str, mode: str = "render") -> dict:
    """Render ``scene_name`` at a quality preset with caching off (``mode`` ``replay``: play
    it without drawing); count frames and mobjects.

    Mobjects per frame is the mean number of mobjects the camera draws per captured frame
    (the family members with points that Cairo renders), the renderer's unit of cost.
    """
    started = time.perf_counter()
    from manim import config, tempconfig

    from normgeom.rendering.quality import resolve_quality
    from scenes.base.catalog import load_scene_class
    from scenes.base.narrated import Narrated, scene_beats
    from scenes.base.parameters import SceneSettings
    from scenes.camera.manim_internals import counting_frames

    scene_class = load_scene_class(scene_name)
    beats = len(scene_beats(scene_class)) if issubclass(scene_class, Narrated) else 0
    settings = SceneSettings.from_environment()
    if mode == "replay":
        settings = dataclasses.replace(settings, beats=(beats, beats))
    preset = resolve_quality(quality)
    options = {
        "pixel_width": preset.width,
        "pixel_height": preset.height,
        "frame_rate": preset.fps,
        "disable_caching": True,
        "media_dir": media_dir,
        "progress_bar": "none",
        "verbosity": "WARNING",
    }
    counts = {"frames": 0, "drawn": 0, "captures": 0}
    with tempconfig(options), counting_frames(counts):
        frame_rate = config.frame_rate
        size = (config.pixel_width, config.pixel_height)
        render_start = time.perf_counter()
        scene = scene_class(settings=settings) if beats else scene_class()
        scene.render()
        render_seconds = time.perf_counter() - render_start
    usage = resource.getrusage(resource.RUSAGE_SELF)
    frames = counts["frames"]
    return {
        "scene": scene_name,
        "quality": preset.name,
        "mode": mode,
        "beats": beats,
        "resolution": list(size),
        "frame_rate": frame_rate,
        "frames": frames,
        "video_seconds": frames / frame_rate,
        "render_seconds": render_seconds,
        "process_seconds": time.perf_counter() - started,
        "mobjects_per_frame": counts["drawn"] / max(counts["captures"], 1),
        "cpu_seconds": usage.ru_utime + usage.ru_stime,
        "peak_memory_mb": usage.ru_maxrss / 1024.0,
    }


if __name__ == "__main__":
    print(json.dumps(probe(*sys.argv[1:5])))
