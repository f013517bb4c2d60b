"""Audit a rendered video as a black box: what a viewer's eye sees from frame to frame.

Every frame is decoded and shrunk to :data:`VIDEO_SIZE` grey pixels (brightness in [0, 1]);
the *change* of a frame is the mean absolute difference from the frame before it. Chapters
come from the lecture manifest beside the file (``<name>.json``, see
:mod:`normgeom.compose.manifest`), else the file is one chapter. Findings:

- ``cut``: a one-frame whole-picture jump: a change above :data:`CUT_CHANGE` and
  :data:`SPIKE_RATIO` times the changes of the frames before and after it, except on the
  first frame of a chapter and into or out of a blank frame;
- ``long-still``: more than :data:`LONG_STILL` seconds of frames in which no pixel changes by
  more than :data:`STILL_PEAK`;
- ``moving-ending``: a chapter whose last :data:`STILL_ENDING` seconds are not still;
- ``blank``: frames with almost no contrast (black or a single colour): the brightness of
  their pixels spans less than :data:`BLANK_SPREAD`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from normgeom.audit.findings import Finding
from normgeom.audit.rules import STILL_ENDING
from normgeom.audit.temporal import LONG_STILL, SPIKE_RATIO
from normgeom.errors import UsageError

__all__ = [
    "VIDEO_RULES",
    "VIDEO_SIZE",
    "CUT_CHANGE",
    "STILL_PEAK",
    "BLANK_SPREAD",
    "Chapter",
    "frame_changes",
    "chapters_beside",
    "audit_video",
]

VIDEO_RULES = {
    "cut": "the whole picture jumps in one frame inside a chapter",
    "long-still": f"the picture stays unchanged for more than {LONG_STILL:g} s",
    "moving-ending": f"a chapter does not end on {STILL_ENDING:g} s of still picture",
    "blank": "black or blank frames",
}
"""Every rule of the video audit, by name, with what it reports."""

VIDEO_SIZE = (128, 72)
"""Width and height, in pixels, the frames are shrunk to (16:9)."""

CUT_CHANGE = 0.001
"""Smallest mean brightness change of a frame seen as a whole-picture jump. A lecture frame
is mostly dark ground: the two zoom snaps of a 480p15 MeanCentering render change 0.0025 and
0.0032, while no animation of it changes more than 0.0007 in its first frame."""

STILL_PEAK = 0.005
"""Largest change of one pixel in a frame still counted as unchanged (encoder noise; a dot
that moves changes its pixels by far more)."""

BLANK_SPREAD = 0.02
"""Smallest spread of brightness (brightest minus darkest pixel) a frame with content has."""


@dataclass(frozen=True)
class Chapter:
    """A chapter of the file: its scene's name and its start and end (seconds)."""

    name: str
    start: float
    end: float


def frame_changes(path: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """The change of every frame of the video at ``path`` (0 for the first), its largest
    change at one pixel, the spread of its brightness, and the frame rate."""
    import av

    changes, peaks, spreads = [], [], []
    if not path.is_file():
        raise UsageError(f"{path}: no such video file")
    try:
        container = av.open(str(path))
    except av.error.FFmpegError as exc:
        raise UsageError(f"{path}: not a video ({exc})") from exc
    with container:
        if not container.streams.video:
            raise UsageError(f"{path}: has no video stream")
        stream = container.streams.video[0]
        stream.thread_type = "AUTO"
        fps = float(stream.average_rate or stream.guessed_rate or 30)
        before = None
        for frame in container.decode(stream):
            width, height = VIDEO_SIZE
            grey = frame.reformat(width=width, height=height, format="gray").to_ndarray()
            now = grey.astype(np.float32) / 255.0
            diff = np.zeros_like(now) if before is None else np.abs(now - before)
            changes.append(float(diff.mean()))
            peaks.append(float(diff.max()))
            spreads.append(float(now.max() - now.min()))
            before = now
    return np.array(changes), np.array(peaks), np.array(spreads), fps


def chapters_beside(path: Path, duration: float) -> list[Chapter]:
    """The chapters of the lecture manifest beside ``path`` (``<stem>.json``), else the
    whole file as one chapter named after it."""
    manifest = path.with_suffix(".json")
    if manifest.is_file():
        try:
            data = json.loads(manifest.read_text())
            return [
                Chapter(c["scene"], float(c["start"]), float(c["end"])) for c in data["chapters"]
            ]
        except (ValueError, KeyError, TypeError):
            pass  # not a lecture manifest: the file is one chapter
    return [Chapter(path.stem, 0.0, duration)]


def _runs(mask: np.ndarray) -> list[tuple[int, int]]:
    """The (first, last + 1) index pairs of the runs of True in ``mask``."""
    edges = np.diff(np.concatenate([[0], mask.astype(np.int8), [0]]))
    return list(zip(np.flatnonzero(edges == 1), np.flatnonzero(edges == -1), strict=True))


def audit_video(path: Path) -> list[Finding]:
    """The findings of the video at ``path`` (see the module), in time order."""
    changes, peaks, spreads, fps = frame_changes(path)
    dt = 1.0 / fps
    chapters = chapters_beside(path, len(changes) * dt)
    starts = {round(c.start * fps) for c in chapters}

    def chapter_at(index: int) -> str:
        time = index * dt
        return next((c.name for c in reversed(chapters) if c.start <= time + dt / 2), path.stem)

    def finding(first: int, stop: int, rule: str, detail: str) -> Finding:
        start, end = float(first * dt), float(stop * dt)
        return Finding(chapter_at(first), start, end, rule, (path.name,), detail)

    findings = []
    padded = np.concatenate([[0.0], changes, [0.0]])
    around = np.maximum(padded[:-2], padded[2:])
    blank = spreads < BLANK_SPREAD
    cuts = (changes > CUT_CHANGE) & (changes > SPIKE_RATIO * around)
    cuts &= ~blank & ~np.concatenate([[False], blank[:-1]])  # blank frames are their own finding
    for index in np.flatnonzero(cuts):
        if not any(abs(index - start) <= 1 for start in starts):
            detail = f"the picture changes {changes[index]:.4f} in one frame, its neighbours less"
            findings.append(finding(index, index + 1, "cut", detail))
    still = peaks <= STILL_PEAK
    for first, stop in _runs(still):
        if (stop - first) * dt > LONG_STILL:
            detail = f"{(stop - first) * dt:.1f} s without change"
            findings.append(finding(first, stop, "long-still", detail))
    for chapter in chapters:
        last = min(round(chapter.end * fps), len(changes))
        tail = range(max(last - round(STILL_ENDING * fps) + 1, 0), last)
        moving = [i for i in tail if not still[i]]
        if moving:
            detail = f"moves {(last - moving[0]) * dt:.2f} s before the chapter ends"
            findings.append(finding(moving[0], last, "moving-ending", detail))
    for first, stop in _runs(blank):
        findings.append(finding(first, stop, "blank", f"{stop - first} blank frame(s)"))
    return sorted(findings, key=lambda f: (f.start, f.rule))
