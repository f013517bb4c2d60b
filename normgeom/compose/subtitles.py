"""Merged subtitles: each clip's ``.srt`` cues shifted by the clips before it; SRT and WebVTT."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import srt

from normio import files

__all__ = ["SUBTITLES_LIMIT", "Cue", "read_srt", "shift_cues", "to_srt", "to_vtt"]

SUBTITLES_LIMIT = 16 * files.MB
"""Largest ``.srt`` file read (a scene's is a few kB)."""


@dataclass(frozen=True)
class Cue:
    """One caption: start and end in seconds, and its text."""

    start: float
    end: float
    text: str


def read_srt(path: Path | None) -> list[Cue]:
    """The cues of an ``.srt`` file (none for ``None``), read as
    :func:`normio.files.read_text` reads."""
    if path is None:
        return []
    return [
        Cue(item.start.total_seconds(), item.end.total_seconds(), item.content)
        for item in srt.parse(files.read_text(path, "subtitles", SUBTITLES_LIMIT))
    ]


def shift_cues(clips: list[tuple[list[Cue], float]]) -> list[Cue]:
    """One cue list for clips played back to back: ``[(cues, clip duration), ...]``.

    A clip's cues move by the summed durations of the clips before it and are clipped to
    the clip's own length, so no caption outlives its clip.
    """
    merged: list[Cue] = []
    offset = 0.0
    for cues, length in clips:
        for cue in cues:
            if cue.start < length:
                merged.append(Cue(offset + cue.start, offset + min(cue.end, length), cue.text))
        offset += length
    return merged


def to_srt(cues: list[Cue]) -> str:
    """SubRip text for ``cues``."""
    items = [
        srt.Subtitle(i, timedelta(seconds=c.start), timedelta(seconds=c.end), c.text)
        for i, c in enumerate(cues, start=1)
    ]
    return srt.compose(items)


def _vtt_time(seconds: float) -> str:
    millis = round(seconds * 1000)
    hours, rest = divmod(millis, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    return f"{hours:02d}:{minutes:02d}:{rest // 1000:02d}.{rest % 1000:03d}"


def to_vtt(cues: list[Cue]) -> str:
    """WebVTT text for ``cues``."""
    blocks = [f"{_vtt_time(c.start)} --> {_vtt_time(c.end)}\n{c.text}" for c in cues]
    return "WEBVTT\n\n" + "\n\n".join(blocks) + ("\n" if blocks else "")
