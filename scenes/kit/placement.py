"""Screen-space placement of a label beside its 3D anchor, clear of what the viewer must see.

A label facing the camera is drawn at its own size around its projected centre. It may sit at
its anchor or at one of eight offsets around it (just clear of the anchor on that side, or
twice as far); the chosen offset is the one whose box keeps inside the frame, off the pinned
panels, off other labels and off every marker (a dot, star or cross), then off the guide
lines (dashed lines and trails) as far as it can, the anchor itself first on a tie. The
current offset wins a tie with any other, so a label does not flicker between equally good
places; when its place changes, the label glides there (:func:`glide`), never jumps.

A label that names a line (an axis, the all-ones direction) is set on the line's extension
beyond its end (:func:`along_offsets`), so it stays on its line whatever the camera does and
never sits on another line's end; only where every such place is taken does it fall back to
the places around the line's end, never one back over the line (:func:`line_offsets`): seen
nearly end-on, the line is short on screen, and a label set back across it would sit by its
other end and name the wrong one.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from scenes.kit.framing import Box, boxes_meet

__all__ = [
    "LABEL_GAP",
    "LINE_SHORTEST",
    "candidate_offsets",
    "ALONG_STEPS",
    "along_offsets",
    "line_offsets",
    "lines_meet_box",
    "choose_offset",
    "LABEL_SPEED",
    "glide",
]

LABEL_GAP = 0.12
"""Frame units between a label moved off its anchor and the anchor."""

LINE_SHORTEST = 0.05
"""Frame units a line's unit step must span on screen for a label to be set along it (a
line pointing at the viewer has no screen direction)."""

_SIDES = np.array(
    [[0, 0], [1, 1], [-1, 1], [1, -1], [-1, -1], [0, 1], [0, -1], [1, 0], [-1, 0]], dtype=float
)

_LINE_SAMPLES = np.linspace(0.0, 1.0, 7)


def candidate_offsets(halves: np.ndarray) -> np.ndarray:
    """The anchor itself, then the diagonals, then above, below, right and left: offsets of a
    label of half width and height ``halves`` just clear of its anchor, then the same eight
    twice as far, shape (17, 2)."""
    near = _SIDES * (np.asarray(halves, dtype=float) + LABEL_GAP)
    return np.concatenate([near, 2 * near[1:]])


ALONG_STEPS = 3
"""Places a label naming a line may take on the line's extension, each one label length
further out than the last."""


def along_offsets(step: np.ndarray, halves: np.ndarray, clearance: float = 0.0) -> np.ndarray:
    r"""Offsets that set a label of half width and height ``halves`` on the extension of a
    line beyond its end: along the line's screen direction ``step`` (frame units, x and y),
    its box first ``clearance`` plus :data:`LABEL_GAP` clear of the end, then each one label
    length further (:data:`ALONG_STEPS` places), shape (k, 2); none when the line spans
    under :data:`LINE_SHORTEST` on screen. The box's edge lies :math:`e = \min_i h_i / |u_i|`
    from its centre along the unit direction :math:`u`."""
    step = np.asarray(step, dtype=float)
    length = float(np.hypot(*step))
    if length < LINE_SHORTEST:
        return np.zeros((0, 2))
    unit = step / length
    with np.errstate(divide="ignore"):
        edge = float(np.min(np.asarray(halves, dtype=float) / np.abs(unit)))
    reach = edge + clearance + LABEL_GAP + 2 * edge * np.arange(ALONG_STEPS)
    return reach[:, None] * unit[None]


def line_offsets(
    step: np.ndarray, halves: np.ndarray, around: np.ndarray, clearance: float = 0.0
) -> np.ndarray:
    """The places of a label naming a line that ends at the origin of the offsets: first
    :func:`along_offsets` of the line's screen direction ``step``, then the places
    ``around`` (shape (k, 2)), each one that points back over the line (a negative
    component along ``step``) replaced by the first place ahead, so the places keep their
    indices from frame to frame, shape (ALONG_STEPS + k, 2) (only ``around`` when the line
    has no screen direction)."""
    ahead = along_offsets(step, halves, clearance)
    if not len(ahead):
        return np.asarray(around, dtype=float)
    back = np.asarray(around, dtype=float) @ np.asarray(step, dtype=float) < 0
    return np.concatenate([ahead, np.where(back[:, None], ahead[:1], around)])


def _lines_meeting(lines: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """For each box of ``boxes`` (shape (b, 4)), how many frame segments ``lines`` (shape
    (m, 2, 2)) cross or enter it, judged at :data:`_LINE_SAMPLES` along each, shape (b,)."""
    lines = np.reshape(lines, (-1, 2, 2))
    t = _LINE_SAMPLES[None, :, None]
    samples = (lines[:, :1] + t * (lines[:, 1:] - lines[:, :1]))[None]
    box = boxes[:, None, None, :]
    inside = (
        (samples[..., 0] > box[..., 0])
        & (samples[..., 0] < box[..., 2])
        & (samples[..., 1] > box[..., 1])
        & (samples[..., 1] < box[..., 3])
    )
    return inside.any(axis=2).sum(axis=1)


def lines_meet_box(lines: np.ndarray, box: Box) -> int:
    """How many frame segments ``lines`` (shape (m, 2, 2)) cross or enter ``box``."""
    return int(_lines_meeting(lines, np.array([box], dtype=float))[0])


def choose_offset(
    anchor: np.ndarray,
    halves: np.ndarray,
    markers: np.ndarray,
    marker_halves: np.ndarray,
    lines: np.ndarray,
    blocked: Sequence[Box],
    limit: np.ndarray,
    current: int = 0,
    offsets: np.ndarray | None = None,
) -> int:
    """The index into :func:`candidate_offsets` of the best place for a label of ``halves``
    anchored at frame point ``anchor``: first inside the frame (``limit``: the largest ``|x|``,
    ``|y|`` a box may reach), then meeting the fewest markers (centres ``markers`` shape (k, 2),
    half sizes ``marker_halves``) and ``blocked`` boxes (panels, labels already placed),
    then crossing the fewest guide ``lines``; ties go to ``current``, then to the anchor,
    the diagonals, the rest. All candidates are judged at once. ``offsets`` (shape (k, 2))
    replaces the candidates; the index is then into it."""
    halves = np.asarray(halves, dtype=float)
    markers = np.reshape(markers, (-1, 2))
    marker_halves = np.reshape(marker_halves, (-1, 2))
    offsets = candidate_offsets(halves) if offsets is None else offsets
    centres = np.asarray(anchor, dtype=float) + offsets
    boxes = np.concatenate([centres - halves, centres + halves], axis=1)
    outside = np.any(np.abs(boxes) > np.tile(limit, 2), axis=1)
    near = np.abs(markers[None] - centres[:, None]) < halves + marker_halves
    hidden = near.all(axis=2).sum(axis=1)
    others = np.reshape(np.asarray(blocked, dtype=float), (-1, 4))
    hidden += boxes_meet(boxes[:, None], others[None]).sum(axis=1)
    index = np.arange(len(boxes))
    order = np.lexsort((index, index != current, _lines_meeting(lines, boxes), hidden, outside))
    return int(order[0])


LABEL_SPEED = 8.0
"""Fastest a label moves to a new place beside its anchor, in frame units per second (the
frame's height): from one side of a figure to the other in about half a second."""


def glide(shown: np.ndarray | None, target: np.ndarray, seconds: float) -> np.ndarray:
    """The offset from its anchor a label shows ``seconds`` after it showed ``shown`` (None:
    not placed yet), on its way to offset ``target``: at most :data:`LABEL_SPEED` times
    ``seconds`` further, along the straight line to it."""
    target = np.asarray(target, dtype=float)
    if shown is None:
        return target
    step = target - shown
    length = float(np.hypot(*step))
    reach = LABEL_SPEED * max(seconds, 0.0)
    return target if length <= reach else shown + step * (reach / length)
