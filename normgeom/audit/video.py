"""Audit a rendered video as a black box: what a viewer's eye sees from frame to frame.

Every frame is decoded and shrunk to :data:`VIDEO_SIZE` grey pixels (brightness in [0, 1])
and cut into square tiles of :data:`TILE` pixels. A tile *has content* when the brightness of
its pixels spans at least :data:`TILE_CONTENT` in the frame or the one before it; it
*changes* when its mean absolute difference from the frame before exceeds :data:`TILE_CHANGE`.
The *share* of a frame is the number of changed tiles over the number of tiles with content:
how much of what is drawn changes; the *change* of a frame is the mean absolute difference
of all its pixels from the frame before. Chapters come from the lecture manifest beside the file
(``<name>.json``, see :mod:`normgeom.compose.manifest`), else the file is one chapter; the
*boundaries* are the starts of its chapters and of its parts (a title card is a part before
the first chapter's scene). Findings:

- ``cut``: a one-frame whole-picture jump: a change above :data:`SPIKE_RATIO` times the
  changes of the frames before and after it and a share above :data:`CUT_SHARE`, except at a
  boundary and into or out of a blank frame (a changing readout or a badge appearing is a
  local change, well under the share);
- ``long-still``: more than :data:`LONG_STILL` seconds of narration (the cues of the
  subtitles beside the file, ``<name>.srt``; without them every second counts) over frames
  that are *still*: at most :data:`MOTION_SHARE` of their pixels differ by more than
  :data:`MOTION_PIXEL` from the frame :data:`~normgeom.audit.temporal.STILL_LAG` before (a
  label or a panel fading in is less, as is a fade too slow to see; a reading beat is not
  known here, so :data:`~normgeom.audit.temporal.READING_STILL` never applies);
- ``moving-ending``: a chapter whose last :data:`STILL_ENDING` seconds have a frame in which
  a pixel changes by more than :data:`STILL_PEAK`;
- ``blank``: frames with almost no contrast (black or a single colour): the brightness of
  their pixels spans less than :data:`BLANK_SPREAD`; allowed within :data:`BLANK_GRACE`
  seconds after a boundary (a scene opens on its empty background before its first fade-in).
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import srt

from normgeom.audit.findings import Finding
from normgeom.audit.rules import STILL_ENDING
from normgeom.audit.temporal import LONG_STILL, SPIKE_RATIO, STILL_LAG
from normgeom.compose.subtitles import read_srt
from normgeom.errors import UsageError, UserError

__all__ = [
    "VIDEO_RULES",
    "VIDEO_SIZE",
    "TILE",
    "TILE_CONTENT",
    "TILE_CHANGE",
    "CUT_SHARE",
    "STILL_PEAK",
    "MOTION_PIXEL",
    "MOTION_SHARE",
    "BLANK_SPREAD",
    "BLANK_GRACE",
    "Chapter",
    "Frames",
    "frame_changes",
    "chapters_beside",
    "boundaries_beside",
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

TILE = 8
"""Side, in pixels of the shrunk frame, of the square tiles a frame is cut into (16 x 9)."""

TILE_CONTENT = 0.05
"""Smallest spread of brightness in a tile that shows something (ground is flat)."""

TILE_CHANGE = 0.01
"""Smallest mean brightness change of a tile counted as changed (encoder noise is far less)."""

CUT_SHARE = 0.4
"""Smallest share of the tiles with content that change in one frame for a whole-picture jump.
Measured on the 720p30 lecture: a zoom of 5 % or 15 % about the centre of a frame changes
0.52-0.94 of them (0.8-0.9 for 3D scenes), the cut from the title card 0.78; a prediction
badge popping in or out 0.13-0.15, a readout's digits 0.03-0.24."""

STILL_PEAK = 0.005
"""Largest change of one pixel in a frame still counted as unchanged (encoder noise; a dot
that moves changes its pixels by far more)."""

MOTION_PIXEL = 0.02
"""Smallest change of a pixel's brightness, against the frame a second before, counted."""

MOTION_SHARE = 0.02
"""Largest share of the pixels of a still frame that differ from the frame a second before
by more than :data:`MOTION_PIXEL`. Measured on the 720p30 lecture: a legend row, a readout, a
question panel or a few marks fading in change at most 1.7 % of them; the sphere stretching
into the ellipsoid 3-7 %, the camera orbiting 3-12 %. Ten dots sliding change at most 2.1 %:
a small move is the scene audit's to see, which sees every move of the figure."""

BLANK_SPREAD = 0.02
"""Smallest spread of brightness (brightest minus darkest pixel) a frame with content has."""

BLANK_GRACE = 0.5
"""Seconds after a boundary in which blank frames are allowed: a scene opens on its empty
background for a few frames (at most 0.2 s in the lecture) before its first fade-in."""


@dataclass(frozen=True)
class Chapter:
    """A chapter of the file: its scene's name and its start and end (seconds)."""

    name: str
    start: float
    end: float


@dataclass(frozen=True)
class Frames:
    """What the audit measures of every frame of a video (index 0 is the first frame)."""

    changes: np.ndarray
    """The mean absolute change of the pixels from the frame before (0 first)."""
    shares: np.ndarray
    """The share of the tiles with content that change from the frame before (0 first)."""
    peaks: np.ndarray
    """The largest change of one pixel from the frame before (0 first)."""
    motions: np.ndarray
    """The share of the pixels that differ by more than :data:`MOTION_PIXEL` from the frame
    :data:`~normgeom.audit.temporal.STILL_LAG` before (from the first frame, early on)."""
    spreads: np.ndarray
    """The brightest minus the darkest pixel."""
    fps: float


def tile_share(before: np.ndarray, now: np.ndarray, diff: np.ndarray) -> float:
    """The share of the :data:`TILE` tiles with content (in ``before`` or ``now``) whose mean
    absolute change ``diff`` (``|now - before|``) exceeds :data:`TILE_CHANGE` (0 if none)."""
    height, width = now.shape
    shape = (height // TILE, TILE, width // TILE, TILE)
    tiles_before, tiles_now = before.reshape(shape), now.reshape(shape)
    spread = np.maximum(np.ptp(tiles_before, axis=(1, 3)), np.ptp(tiles_now, axis=(1, 3)))
    content = spread >= TILE_CONTENT
    changed = diff.reshape(shape).mean(axis=(1, 3)) > TILE_CHANGE
    return float((changed & content).sum() / max(content.sum(), 1))


def frame_changes(path: Path) -> Frames:
    """The :class:`Frames` measures of the video at ``path``."""
    import av

    changes, shares, peaks, motions, spreads = [], [], [], [], []
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
        second = deque(maxlen=max(round(STILL_LAG * fps), 1))
        width, height = VIDEO_SIZE
        for frame in container.decode(stream):
            grey = frame.reformat(width=width, height=height, format="gray").to_ndarray()
            now = grey.astype(np.float32) / 255.0
            before = now if before is None else before
            diff = np.abs(now - before)
            changes.append(float(diff.mean()))
            shares.append(tile_share(before, now, diff))
            peaks.append(float(diff.max()))
            motions.append(
                float((np.abs(now - (second[0] if second else now)) > MOTION_PIXEL).mean())
            )
            spreads.append(float(now.max() - now.min()))
            second.append(now)
            before = now
    return Frames(
        np.array(changes),
        np.array(shares),
        np.array(peaks),
        np.array(motions),
        np.array(spreads),
        fps,
    )


def _manifest(path: Path) -> dict | None:
    """The lecture manifest beside ``path`` (``<stem>.json``), or None."""
    manifest = path.with_suffix(".json")
    if manifest.is_file():
        try:
            data = json.loads(manifest.read_text())
        except ValueError:
            return None
        return data if isinstance(data, dict) else None
    return None


def chapters_beside(path: Path, data: dict | None, duration: float) -> list[Chapter]:
    """The chapters of ``data``, the lecture manifest beside ``path``, else the whole file
    as one chapter named after it."""
    try:
        return [Chapter(c["scene"], float(c["start"]), float(c["end"])) for c in data["chapters"]]
    except (ValueError, KeyError, TypeError):
        return [Chapter(path.stem, 0.0, duration)]  # not a lecture manifest: one chapter


def boundaries_beside(data: dict | None, chapters: list[Chapter]) -> list[float]:
    """The boundaries of the file (seconds, sorted): the starts of its ``chapters`` and of the
    parts its manifest ``data`` lists."""
    try:
        parts = [float(p["start"]) for p in data["parts"]]
    except (ValueError, KeyError, TypeError):
        parts = []
    return sorted({c.start for c in chapters} | set(parts))


def _spoken(path: Path) -> list[tuple[float, float]] | None:
    """The spans (seconds) of the cues of the subtitles beside ``path`` (``<name>.srt``), or
    None without a readable one."""
    try:
        return [(c.start, c.end) for c in read_srt(path.with_suffix(".srt"))]
    except (UserError, srt.SRTParseError):
        return None


def _overlap(spans: list[tuple[float, float]], start: float, end: float) -> float:
    """Seconds of ``spans`` (not overlapping one another) inside ``start``-``end``."""
    return sum(max(min(b, end) - max(a, start), 0.0) for a, b in spans)


def _runs(mask: np.ndarray) -> list[tuple[int, int]]:
    """The (first, last + 1) index pairs of the runs of True in ``mask``."""
    edges = np.diff(np.concatenate([[0], mask.astype(np.int8), [0]]))
    return list(zip(np.flatnonzero(edges == 1), np.flatnonzero(edges == -1), strict=True))


def audit_video(path: Path) -> list[Finding]:
    """The findings of the video at ``path`` (see the module), in time order."""
    frames = frame_changes(path)
    changes, shares, fps = frames.changes, frames.shares, frames.fps
    dt = 1.0 / fps
    manifest = _manifest(path)
    chapters = chapters_beside(path, manifest, len(shares) * dt)
    boundaries = [round(start * fps) for start in boundaries_beside(manifest, chapters)]

    def chapter_at(index: int) -> str:
        time = index * dt
        return next((c.name for c in reversed(chapters) if c.start <= time + dt / 2), path.stem)

    def finding(first: int, stop: int, rule: str, detail: str) -> Finding:
        start, end = float(first * dt), float(stop * dt)
        return Finding(chapter_at(first), start, end, rule, (path.name,), detail)

    findings = []
    padded = np.concatenate([[0.0], changes, [0.0]])
    around = np.maximum(padded[:-2], padded[2:])
    blank = frames.spreads < BLANK_SPREAD
    cuts = (changes > SPIKE_RATIO * around) & (shares > CUT_SHARE)
    cuts &= ~blank & ~np.concatenate([[False], blank[:-1]])  # blank frames are their own finding
    for index in np.flatnonzero(cuts):
        if not any(abs(index - start) <= 1 for start in boundaries):
            detail = f"{shares[index]:.0%} of the picture changes in one frame, its neighbours less"
            findings.append(finding(index, index + 1, "cut", detail))
    spoken = _spoken(path)
    for first, stop in _runs(frames.motions <= MOTION_SHARE):
        start, end = first * dt, stop * dt
        narrated = end - start if spoken is None else _overlap(spoken, start, end)
        if narrated > LONG_STILL:
            detail = (
                f"{narrated:.1f} s of narration over a still picture (at most {LONG_STILL:g} s)"
            )
            findings.append(finding(first, stop, "long-still", detail))
    still = frames.peaks <= STILL_PEAK
    for chapter in chapters:
        last = min(round(chapter.end * fps), len(shares))
        tail = range(max(last - round(STILL_ENDING * fps) + 1, 0), last)
        moving = [i for i in tail if not still[i]]
        if moving:
            detail = f"moves {(last - moving[0]) * dt:.2f} s before the chapter ends"
            findings.append(finding(moving[0], last, "moving-ending", detail))
    grace = round(BLANK_GRACE * fps)
    for first, stop in _runs(blank):
        if not any(start <= first and stop <= start + grace for start in boundaries):
            findings.append(finding(first, stop, "blank", f"{stop - first} blank frame(s)"))
    return sorted(findings, key=lambda f: (f.start, f.rule))
