"""Caches of Manim and manim-voiceover checked before a render reuses them.

Neither writes its cache atomically: a render interrupted at the wrong moment leaves
manim-voiceover's ``cache.json`` empty or cut short, or a partial movie file of a few bytes
that Manim would splice into the next movie. Before a job runs, each such entry is read
defensively; a damaged one is removed with a one-line warning, so the render rebuilds it
(speech is synthesized again, a play is rendered again) instead of failing.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import av

from normgeom.render.job import RenderJob
from normgeom.render.paths import Layout

__all__ = ["VOICE_CACHE_FILE", "voice_cache_is_sound", "movie_is_sound", "repair_caches"]

VOICE_CACHE_FILE = "cache.json"
"""manim-voiceover's index of synthesized speech, in each scene's speech folder."""


def voice_cache_is_sound(path: Path) -> bool:
    """Whether a speech index is a JSON list of entries whose audio files exist."""
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if not isinstance(entries, list):
        return False
    for entry in entries:
        audio = entry.get("original_audio") if isinstance(entry, dict) else None
        if not isinstance(audio, str) or not (path.parent / audio).is_file():
            return False
    return True


def movie_is_sound(path: Path) -> bool:
    """Whether a movie file opens and holds a video stream with a known length (a file cut
    short loses its index, written last, and fails here)."""
    try:
        with av.open(str(path)) as container:
            stream = container.streams.video[0]
            return stream.frames > 0 or bool(stream.duration)
    except (av.error.FFmpegError, IndexError, OSError):
        return False


def _warn(message: str) -> None:
    print(f"normgeom: warning: {message}", file=sys.stderr)


def repair_caches(layout: Layout, job: RenderJob) -> list[Path]:
    """Remove the job's damaged speech index and partial movie files; the paths removed."""
    removed = []
    index = layout.voice_cache(job.target) / VOICE_CACHE_FILE
    if index.exists() and not voice_cache_is_sound(index):
        _warn(f"{index}: damaged speech cache index, rebuilt (speech is synthesized again)")
        index.unlink()
        removed.append(index)
    partials = layout.manim_folder(job) / "partial_movie_files" / job.stem
    damaged = [m for m in sorted(partials.glob("*.mp4")) if not movie_is_sound(m)]
    for movie in damaged:
        movie.unlink()
    if damaged:
        _warn(f"{job.target.name}: removed {len(damaged)} damaged partial movie file(s)")
    return removed + damaged
