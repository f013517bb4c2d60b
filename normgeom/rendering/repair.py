"""Caches of Manim and manim-voiceover checked before a render reuses them.

Neither writes its cache atomically: a render interrupted at the wrong moment (or a full
disk) leaves manim-voiceover's ``cache.json`` or one of its audio files empty or cut short,
a Tex SVG cut short that Manim would parse again, or a partial movie file of a few bytes
that Manim would splice into the next movie. Before a job runs, each such entry is read
defensively; a damaged one is removed with a one-line warning, so the render rebuilds it
(speech is synthesized again, a formula typeset again, a play rendered again) instead of failing.
Partial movies drawn by other code (another drawing key) are removed too, silently: Manim's
play hash can miss a code change.
"""

from __future__ import annotations

import json
import wave
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import av

from normgeom.errors import warn
from normgeom.rendering.atomic import write_text
from normgeom.rendering.cache import drawing_key
from normgeom.rendering.job import RenderJob
from normgeom.rendering.paths import Layout
from normio import files

__all__ = [
    "VOICE_CACHE_FILE",
    "VOICE_CACHE_LIMIT",
    "voice_cache_is_sound",
    "audio_is_sound",
    "svg_is_sound",
    "movie_is_sound",
    "drawn_by",
    "drop_other_drawings",
    "repair_caches",
]

VOICE_CACHE_FILE = "cache.json"
"""manim-voiceover's index of synthesized speech, in each scene's speech folder."""
VOICE_CACHE_LIMIT = 16 * files.MB
"""Largest speech index read (a scene's lists its beats in a few kB)."""


def audio_is_sound(path: Path) -> bool:
    """Whether a speech file is whole: a WAV file holds every frame its header counts
    (one cut short holds fewer); another format is at least not empty."""
    if path.suffix.lower() != ".wav":
        return path.is_file() and path.stat().st_size > 0
    try:
        with wave.open(str(path), "rb") as audio:
            frames = audio.getnframes()
            size = frames * audio.getsampwidth() * audio.getnchannels()
            return frames > 0 and len(audio.readframes(frames)) == size
    except (OSError, EOFError, wave.Error):
        return False


def voice_cache_is_sound(path: Path) -> bool:
    """Whether a speech index is a JSON list (a regular file of at most
    :data:`VOICE_CACHE_LIMIT` bytes) of entries whose audio files are whole."""
    try:
        entries = json.loads(files.read_text(path, "speech index", VOICE_CACHE_LIMIT))
    except ValueError:  # a FileError too
        return False
    if not isinstance(entries, list):
        return False
    for entry in entries:
        if not isinstance(entry, dict):
            return False
        for key in ("original_audio", "final_audio"):
            audio = entry.get(key, entry.get("original_audio"))
            if not isinstance(audio, str) or not audio_is_sound(path.parent / audio):
                return False
    return True


def svg_is_sound(path: Path) -> bool:
    """Whether a typeset SVG parses as XML (a file cut short does not)."""
    try:
        ElementTree.parse(path)
    except (OSError, ElementTree.ParseError):
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


def repair_caches(layout: Layout, job: RenderJob) -> list[Path]:
    """Remove the job's damaged speech index, typeset SVGs and partial movie files; the
    paths removed."""
    removed = []
    index = layout.voice_cache(job.target) / VOICE_CACHE_FILE
    if index.exists() and not voice_cache_is_sound(index):
        warn(f"{index}: damaged speech cache index, rebuilt (speech is synthesized again)")
        index.unlink()
        removed.append(index)
    typeset = [svg for folder in layout.typesetting(job.target) for svg in folder.glob("*.svg")]
    broken = [svg for svg in sorted(typeset) if not svg_is_sound(svg)]
    for svg in broken:  # with its .tex and .dvi, which Manim would reuse as they are
        for file in svg.parent.glob(f"{svg.stem}.*"):
            file.unlink()
    if broken:
        warn(f"{job.target.name}: removed {len(broken)} damaged typeset SVG file(s)")
    partials = layout.partial_movies(job)
    stale = drop_other_drawings(layout, job)
    damaged = [m for m in sorted(partials.glob("*.mp4")) if not movie_is_sound(m)]
    for movie in damaged:
        movie.unlink()
    if damaged:
        warn(f"{job.target.name}: removed {len(damaged)} damaged partial movie file(s)")
    return removed + broken + stale + damaged


def drawn_by(layout: Layout, job: RenderJob) -> str | None:
    """The drawing key stamped on the job's partial movies (``None``: no readable stamp)."""
    try:
        return layout.drawing_stamp(job).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def drop_other_drawings(layout: Layout, job: RenderJob) -> list[Path]:
    """Remove the job's partial movies unless they are stamped with the job's drawing key
    (a folder without a stamp counts as drawn by other code), then stamp them; the paths
    removed."""
    key = drawing_key(job)
    if drawn_by(layout, job) == key:
        return []
    stale = sorted(layout.partial_movies(job).glob("*.mp4"))
    for movie in stale:
        movie.unlink()
    stamp = layout.drawing_stamp(job)
    stamp.parent.mkdir(parents=True, exist_ok=True)
    write_text(stamp, key)
    return stale
