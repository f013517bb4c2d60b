"""Framing maths: Manim's 3D camera projection, the zoom that keeps points in the frame
and out from under pinned panels, and the camera angles that show a plane face on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from manim import (
    PI,
    RIGHT,
    Mobject,
    config,
    rotation_about_z,
    rotation_matrix,
    smooth,
)

from scenes.kit import bounds

__all__ = [
    "FRAME_MARGIN",
    "PANEL_MARGIN",
    "Box",
    "view_rotation",
    "facing_azimuth",
    "project",
    "fit_zoom",
    "inside",
    "boxes_meet",
    "frame_box",
    "frame_box_of",
    "frame_limit",
    "visible_spans",
    "meridian_orientation",
    "SETTLE_SECONDS",
    "settled_bound",
    "settle_seconds",
    "limited_zoom",
    "ahead_zoom",
    "ease_speed",
    "ZOOM_SPEED",
    "EASE_ZOOM_SPEED",
    "SMOOTH_PEAK_SLOPE",
    "edge_on_theta",
    "frame_positions",
    "scene_offset",
]


FRAME_MARGIN = 0.3
"""Frame units kept free between every point and the frame's edge."""

PANEL_MARGIN = 0.16
"""Frame units kept free between every point and a panel pinned in the frame."""

SETTLE_SECONDS = 1.0
"""Fewest seconds a camera move takes to reach a zoom bound its first frame does not meet (an
object added out of frame, a turn that frames less later): the zoom eases there."""

ZOOM_SPEED = 2.5
"""Fastest change of the zoom, in log zoom per second (a viewer follows it as a move; the
frame audit's jump limit is 3.45)."""

EASE_ZOOM_SPEED = 0.3
"""Speed, in log zoom per second, at which a camera move eases toward a framing it will need
later in the move (:func:`ahead_zoom`): halving the zoom takes 2.3 s."""

SMOOTH_PEAK_SLOPE = 2.6
"""Steepest slope of Manim's ``smooth`` (its progress per unit of time at the middle)."""

Box = tuple[float, float, float, float]
"""A rectangle in frame units: ``(x_min, y_min, x_max, y_max)``."""


def view_rotation(phi: float, theta: float) -> np.ndarray:
    """The rotation Manim's 3D camera applies at polar angle ``phi`` and azimuth ``theta``
    (radians, no roll): scene coordinates to view coordinates, the viewer on +z."""
    return rotation_matrix(-phi, RIGHT) @ rotation_about_z(-theta - PI / 2)


def facing_azimuth(points: np.ndarray, phi: float, thetas: np.ndarray) -> float:
    """The azimuth among ``thetas`` (radians) from which every row of ``points`` lies most on
    the viewer's side: the one maximising the smallest depth toward the viewer (the first on
    a tie), so points on a sphere are seen on its near half, not dimmed behind it."""
    facing = [float(np.min(np.atleast_2d(points) @ view_rotation(phi, t)[2])) for t in thetas]
    return float(thetas[int(np.argmax(facing))])


def project(points: np.ndarray, phi: float, theta: float, zoom: float, focal: float):
    """Frame coordinates (x, y) of scene ``points`` as Manim's 3D camera projects them
    (perspective ``focal`` distance, then ``zoom``), shape (k, 2)."""
    view = np.atleast_2d(points) @ view_rotation(phi, theta).T
    factor = focal / (focal - view[:, 2])
    return view[:, :2] * (factor * zoom)[:, None]


def fit_zoom(
    points: np.ndarray,
    phi: float,
    theta: float,
    focal: float,
    keep_out: Sequence[Box] = (),
    halves: np.ndarray | None = None,
) -> float:
    """The largest zoom at which every row of ``points`` projects inside the frame with
    :data:`FRAME_MARGIN` to spare and outside every ``keep_out`` box (a panel pinned in the
    frame, grown by :data:`PANEL_MARGIN`); infinite for no points.

    ``halves`` (shape (k, 2), zero by default) is the half width and height each point
    covers on screen whatever the zoom: a label facing the camera is drawn at its own size
    around its projected centre. Zooming scales the projection ``p`` about the frame's
    centre, so a point enters a box that does not hold the centre at the smallest ``z``
    with ``z p`` inside it (grown by the point's halves); the fit stays below that.
    """
    points = np.atleast_2d(points)
    if points.size == 0:
        return np.inf
    flat = project(points, phi, theta, 1.0, focal)
    halves = np.zeros_like(flat) if halves is None else np.broadcast_to(halves, flat.shape)
    room = np.maximum(frame_limit() - halves, 0.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        zoom = float(np.nanmin(np.where(flat == 0, np.inf, room / np.abs(flat))))
    for box in keep_out:
        zoom = min(zoom, _entry_zoom(flat, box, halves))
    return zoom


def _entry_zoom(flat: np.ndarray, box: Box, halves: np.ndarray) -> float:
    """The smallest zoom at which a projected point ``z * flat`` enters ``box`` grown by
    :data:`PANEL_MARGIN` and the point's ``halves`` (infinite when none does; a point whose
    grown box holds the frame's centre cannot avoid it and is left out)."""
    low = np.array(box[:2]) - PANEL_MARGIN - halves
    high = np.array(box[2:]) + PANEL_MARGIN + halves
    covers = (low <= 0) & (high >= 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        a, b = low / flat, high / flat
    zero = flat == 0
    enter = np.where(zero, np.where(covers, 0.0, np.inf), np.minimum(a, b)).max(axis=1)
    leave = np.where(zero, np.where(covers, np.inf, -np.inf), np.maximum(a, b)).min(axis=1)
    hits = (enter < leave) & (leave > 0) & ~covers.all(axis=1)
    return float(np.max([enter[hits].min(), 0.0])) if hits.any() else np.inf


def inside(flat: np.ndarray, box: Box, margin=0.0) -> np.ndarray:
    """Which frame points ``flat`` (shape (k, 2)) lie inside ``box`` grown by ``margin``
    (a number, or per point a half width and height, shape (k, 2))."""
    flat = np.reshape(flat, (-1, 2))
    low = np.array(box[:2]) - margin
    high = np.array(box[2:]) + margin
    return np.all((flat > low) & (flat < high), axis=1)


def boxes_meet(a, b) -> np.ndarray:
    """Whether frame boxes ``a`` and ``b`` overlap; arrays of boxes (shape (..., 4))
    broadcast against each other."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return (
        (a[..., 0] < b[..., 2])
        & (b[..., 0] < a[..., 2])
        & (a[..., 1] < b[..., 3])
        & (b[..., 1] < a[..., 3])
    )


def frame_box(panel: Mobject) -> Box:
    """The frame rectangle ``(x_min, y_min, x_max, y_max)`` a panel pinned in frame covers."""
    (x0, y0, _), (x1, y1, _) = bounds.corners(panel)
    return (float(x0), float(y0), float(x1), float(y1))


def frame_box_of(centre: np.ndarray, halves: np.ndarray) -> Box:
    """The frame rectangle of half width and height ``halves`` around ``centre``."""
    return (
        float(centre[0] - halves[0]),
        float(centre[1] - halves[1]),
        float(centre[0] + halves[0]),
        float(centre[1] + halves[1]),
    )


def frame_limit(margin: float = FRAME_MARGIN) -> np.ndarray:
    """The largest ``|x|`` and ``|y|`` of a frame point ``margin`` inside the frame's edges."""
    return np.array([config.frame_width, config.frame_height]) / 2 - margin


_SPAN_SAMPLES = 48


def visible_spans(
    project: Callable[[np.ndarray], np.ndarray],
    starts: np.ndarray,
    ends: np.ndarray,
    margin: float = FRAME_MARGIN,
) -> np.ndarray:
    """For each scene segment from a row of ``starts`` to the same row of ``ends``, the
    parameters ``(t0, t1)`` of its part that ``project`` (scene points to frame points, shape
    (k, 2)) puts ``margin`` inside the frame, shape (k, 2); a segment wholly outside gets
    NaN. A straight line projects to a straight line and the frame is convex,
    so that part is one interval, found to 1/48 of the segment."""
    starts, ends = np.reshape(starts, (-1, 3)), np.reshape(ends, (-1, 3))
    t = np.linspace(0.0, 1.0, _SPAN_SAMPLES + 1)
    samples = starts[:, None] + t[None, :, None] * (ends - starts)[:, None]
    flat = project(samples.reshape(-1, 3)).reshape(len(starts), len(t), 2)
    seen = np.all(np.abs(flat) <= frame_limit(margin), axis=2)
    first, last = seen.argmax(axis=1), len(t) - 1 - seen[:, ::-1].argmax(axis=1)
    spans = np.stack([t[first], t[last]], axis=1)
    spans[~seen.any(axis=1)] = np.nan
    return spans


def meridian_orientation(up: np.ndarray, right: np.ndarray) -> dict[str, float]:
    r"""Camera angles (Manim's ``phi``, ``theta``, ``gamma``, radians) that show the plane of
    the orthonormal pair (``right``, ``up``) face on, ``up`` pointing up the screen.

    Manim's camera turns points by :math:`R_z(\gamma)` after :func:`view_rotation`;
    its viewing direction is the unit normal ``right x up``, at polar angle ``phi`` and
    azimuth ``theta``, and ``gamma`` turns ``up`` onto the screen's vertical.
    """
    normal = np.cross(right, up)
    phi = float(np.arccos(np.clip(normal[2], -1.0, 1.0)))
    theta = float(np.arctan2(normal[1], normal[0]))
    seen = view_rotation(phi, theta) @ up
    gamma = float(np.pi / 2 - np.arctan2(seen[1], seen[0]))
    return {"phi": phi, "theta": theta, "gamma": gamma}


def settled_bound(bound: float, start_bound: float, zoom: float, elapsed: float) -> float:
    """The zoom bound of a camera move ``elapsed`` seconds in: ``bound`` (the framing's now),
    raised at the start by the factor its first frame's bound ``start_bound`` lies below the
    camera's ``zoom`` then, that excess easing (smoothly, in log zoom) to nothing over
    :func:`settle_seconds`. So the move's first frame keeps the zoom it starts from."""
    excess = max(float(np.log(zoom) - np.log(start_bound)), 0.0)
    if excess == 0.0:
        return bound
    progress = min(max(elapsed / settle_seconds(excess), 0.0), 1.0)
    return bound * float(np.exp(excess * (1.0 - smooth(progress))))


def settle_seconds(excess: float) -> float:
    """Seconds a smooth zoom by ``excess`` (log zoom) takes at no more than
    :data:`ZOOM_SPEED`: at least :data:`SETTLE_SECONDS`."""
    return max(SETTLE_SECONDS, SMOOTH_PEAK_SLOPE * excess / ZOOM_SPEED)


def limited_zoom(previous: float, target: float, seconds: float) -> float:
    """``target`` moved no further from ``previous`` than :data:`ZOOM_SPEED` allows in
    ``seconds`` (log zoom): whatever a framing asks, the zoom never jumps."""
    step = ZOOM_SPEED * max(seconds, 0.0)
    return float(np.clip(target, previous * np.exp(-step), previous * np.exp(step)))


def ahead_zoom(needs: np.ndarray, times: np.ndarray, now: float, speed: float) -> float:
    """The zoom bound ``now`` seconds into a camera move whose framing needs a zoom of at most
    ``needs`` at ``times`` (seconds, ascending): the least of the needs, each still ahead raised
    by :math:`e^{s(t - now)}` at ``speed`` :math:`s` (log zoom per second). So the zoom starts
    easing toward a need early enough to meet it at that speed, and keeps every need met after
    it (it never widens back during the move)."""
    ahead = np.maximum(np.asarray(times, dtype=float) - now, 0.0)
    return float(np.min(np.asarray(needs, dtype=float) * np.exp(speed * ahead)))


def ease_speed(needs: np.ndarray, times: np.ndarray, zoom: float) -> float:
    r"""The slowest speed (log zoom per second), from :data:`EASE_ZOOM_SPEED` up to
    :data:`ZOOM_SPEED`, at which a move starting at ``zoom`` meets every need of
    :func:`ahead_zoom` after its start: :math:`\max_j \log(z / n_j) / t_j` over
    :math:`t_j > 0`."""
    times, needs = np.asarray(times, dtype=float), np.asarray(needs, dtype=float)
    later = times > 0
    with np.errstate(divide="ignore"):
        fastest = np.max(np.log(zoom / needs[later]) / times[later], initial=0.0)
    return float(np.clip(fastest, EASE_ZOOM_SPEED, ZOOM_SPEED))


def edge_on_theta(normal: np.ndarray, phi: float, theta: float) -> float:
    r"""The azimuth nearest ``theta`` (radians, within half a turn of it) at which the camera,
    at polar angle ``phi``, sees the plane of unit ``normal`` edge on: its viewing direction
    :math:`d = (\sin\phi\cos\theta, \sin\phi\sin\theta, \cos\phi)` has
    :math:`d \cdot n = 0`, i.e. :math:`A\cos\theta + B\sin\theta = -C` with
    :math:`A, B = n_{x,y}\sin\phi`, :math:`C = n_z\cos\phi`. Raises ``ValueError`` when no
    azimuth at this ``phi`` does."""
    a, b = np.asarray(normal[:2], dtype=float) * np.sin(phi)
    c = float(normal[2]) * np.cos(phi)
    reach = float(np.hypot(a, b))
    if reach < abs(c):
        raise ValueError("no azimuth shows this plane edge on at this polar angle")
    base, spread = float(np.arctan2(b, a)), float(np.arccos(-c / reach))
    turns = [(base + sign * spread - theta + np.pi) % (2 * np.pi) - np.pi for sign in (1, -1)]
    return theta + min(turns, key=abs)


def frame_positions(camera, points: np.ndarray) -> np.ndarray:
    """Frame coordinates (x, y) where ``camera`` draws scene ``points`` now (its own
    projection, roll included), shape (k, 2)."""
    camera.reset_rotation_matrix()
    return camera.project_points(np.reshape(points, (-1, 3)))[:, :2]


def scene_offset(camera, point: np.ndarray, offset: np.ndarray) -> np.ndarray:
    """The scene point ``camera`` draws ``offset`` (frame units, x and y) away from where it
    draws ``point``: moved parallel to the screen at ``point``'s depth, where a frame unit is
    ``(focal - depth) / (focal * zoom)`` scene units."""
    camera.reset_rotation_matrix()
    rotation = camera.get_rotation_matrix()
    depth = (rotation @ (np.asarray(point) - camera.frame_center))[2]
    focal = camera.get_focal_distance()
    scale = (focal - depth) / (focal * camera.get_zoom())
    return np.asarray(point) + rotation.T @ np.array([offset[0], offset[1], 0.0]) * scale
