"""Cheap 3D figures: wireframes, planes, axes, points, trails and marks.

Manim's Cairo renderer pays per mobject per frame, so every builder here returns as few
mobjects as the picture allows: a wireframe of many curves is *one* VMobject with one
subpath per curve, a set of dashed trails is one VMobject, the axes with their arrowheads
and ticks are one VMobject and points are flat Dots that the scene keeps facing the camera
(:func:`face_camera`). Builders declare each mobject's depth role (the plane hides, the
sphere's far half is fainter, points and trails are dimmed where hidden), which the 3D camera
draws (:mod:`scenes.camera.depth`).

The builders take positions in math coordinates; scenes draw at scale 1, so a point's scene
coordinates *are* the normmath values, and framing is done by the camera's zoom.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np
from manim import (
    Dot,
    MathTex,
    Mobject,
    Polygon,
    Star,
    ThreeDScene,
    VGroup,
    VMobject,
)

import normmath as nm
from scenes.camera.depth import set_depth_role
from scenes.kit import bounds
from scenes.kit.style import CURVE_SAMPLES, DOT_RADIUS, LAYERS, PALETTE

__all__ = [
    "flatten",
    "polyline_points",
    "closed_smooth_points",
    "set_curves",
    "set_segments",
    "curves",
    "dashes",
    "trails",
    "set_dashes",
    "dash_segments",
    "segments",
    "point_cloud",
    "place",
    "positions",
    "face_camera",
    "AXIS_SCREEN",
    "AXIS_LABEL_SIZE",
    "axis_length",
    "axis_segments",
    "axis_label_anchors",
    "axes",
    "set_axes",
    "ones_label",
    "mean_axis",
    "plane",
    "plane_outline",
    "ellipsoid_curves",
    "sphere",
    "ellipsoid",
    "equator_curve",
    "equator",
    "pole_axis",
    "pole_markers",
    "crosses",
]


_LINE_WIDTH = 2.0
"""Stroke width of wireframes and guide lines."""


def flatten(mobject: Mobject, color: str | None = None) -> VMobject:
    """Merge every glyph/curve of ``mobject`` into one filled VMobject (one draw per frame).

    Subpaths are kept, so holes in glyphs stay holes; style (fill colour) is taken from
    ``color`` or the first member.
    """
    members = [m for m in mobject.family_members_with_points() if isinstance(m, VMobject)]
    merged = VMobject()
    for member in members:
        merged.append_points(member.points)
    fill = color or members[0].get_fill_color()
    merged.set_fill(fill, opacity=1.0).set_stroke(width=0)
    return merged


def _segment_points(pieces: np.ndarray) -> np.ndarray:
    """Bezier control points (4 per piece) of straight pieces given as (start, end) rows,
    shape (m, 2, 3): the points :func:`polyline_points` gives each piece, all at once."""
    start, end = pieces[:, 0], pieces[:, 1]
    return np.stack(
        [start, start + (end - start) / 3, start + 2 * (end - start) / 3, end], axis=1
    ).reshape(-1, 3)


def polyline_points(points: np.ndarray) -> np.ndarray:
    """Bezier control points (4 per segment) of the straight polyline through ``points``."""
    points = np.asarray(points, dtype=float)
    return _segment_points(np.stack([points[:-1], points[1:]], axis=1))


def closed_smooth_points(points: np.ndarray) -> np.ndarray:
    r"""Bezier control points of the closed Catmull-Rom spline through ``points`` (first = last).

    Segment i runs from :math:`P_i` to :math:`P_{i+1}` with handles
    :math:`P_i + (P_{i+1} - P_{i-1})/6` and :math:`P_{i+1} - (P_{i+2} - P_i)/6`. A circle
    sampled at 16 points is drawn with 16 cubic pieces instead of a fine polyline, and since
    Bezier curves follow affine maps exactly, ellipses and ellipsoids stay exact too.
    """
    ring = np.asarray(points, dtype=float)[:-1]
    after, before = np.roll(ring, -1, axis=0), np.roll(ring, 1, axis=0)
    after2 = np.roll(ring, -2, axis=0)
    return np.stack(
        [ring, ring + (after - before) / 6, after - (after2 - ring) / 6, after], axis=1
    ).reshape(-1, 3)


def _is_smooth_loop(points: np.ndarray) -> bool:
    """A closed curve sampled at :data:`CURVE_SAMPLES` or more points (not a polygon)."""
    return len(points) >= CURVE_SAMPLES and bool(np.allclose(points[0], points[-1]))


def set_curves(mob: VMobject, polylines: Sequence[np.ndarray]) -> VMobject:
    """Replace ``mob``'s points by the given curves, one subpath each: a closed curve sampled
    at :data:`CURVE_SAMPLES` or more points becomes a smooth closed spline; anything else
    (segments, polygons such as the plane) stays a straight polyline."""
    pieces = [
        closed_smooth_points(p) if _is_smooth_loop(p) else polyline_points(p) for p in polylines
    ]
    mob.set_points(np.concatenate(pieces))
    return mob


def set_segments(mob: VMobject, pieces: np.ndarray) -> VMobject:
    """Replace ``mob``'s points by straight segments given as (start, end) rows, shape
    (m, 2, 3), all in one step (the points :func:`set_curves` gives them, without a loop)."""
    mob.set_points(_segment_points(pieces))
    return mob


def curves(
    polylines: Sequence[np.ndarray],
    color: str,
    width: float = _LINE_WIDTH,
    opacity: float = 1.0,
) -> VMobject:
    """One stroked VMobject drawing every polyline (closed curves stay closed)."""
    mob = VMobject(stroke_color=color, stroke_width=width, stroke_opacity=opacity)
    mob.set_fill(opacity=0)
    return set_curves(mob, polylines)


def _dash_pieces(starts, ends, count: int, spans=None) -> np.ndarray:
    """``count`` dashes per segment, each as its (start, end), shape (k * count, 2, 3); with
    ``spans`` (per segment ``(t0, t1)``) each dash is cut to that part of its segment (a dash
    outside it shrinks to the part's nearer end), so the dashes keep their places along the
    segment however the part changes."""
    starts, ends = np.atleast_2d(starts), np.atleast_2d(ends)
    t0 = np.arange(count) / count
    t1 = t0 + 0.5 / count
    spans = np.tile([0.0, 1.0], (len(starts), 1)) if spans is None else np.atleast_2d(spans)
    low, high = spans[:, :1], spans[:, 1:]
    s, e = np.clip(t0, low, high)[..., None], np.clip(t1, low, high)[..., None]
    a, d = starts[:, None], (ends - starts)[:, None]
    return np.stack([a + s * d, a + e * d], axis=2).reshape(-1, 2, 3)


def dashes(
    starts: np.ndarray,
    ends: np.ndarray,
    color: str,
    count: int = 14,
    width: float = 1.6,
    opacity: float = 0.8,
) -> VMobject:
    """Dotted segments from each row of ``starts`` to the same row of ``ends``, one VMobject.

    Call again through :func:`set_dashes` (or rebuild) to grow trails during a move.
    """
    return curves(_dash_pieces(starts, ends, count), color, width, opacity)


def trails(starts: np.ndarray) -> VMobject:
    """Dotted trails of points starting at ``starts``, all of length zero until grown with
    :func:`set_dashes`; dimmed where the plane or the sphere hides them."""
    return set_depth_role(dashes(starts, starts, PALETTE["trail"]), "cued")


def set_dashes(
    mob: VMobject, starts: np.ndarray, ends: np.ndarray, count: int = 14, spans=None
) -> VMobject:
    """Move the dashes of ``mob`` (built by :func:`dashes` with the same ``count``), each
    segment drawn only over its ``spans`` part if given (shape (k, 2), parameters in [0, 1])."""
    return set_segments(mob, _dash_pieces(starts, ends, count, spans))


def dash_segments(mob: VMobject) -> np.ndarray:
    """The straight pieces ``mob`` draws (its dashes), start and end, shape (m, 2, 3)."""
    points = mob.points
    return np.stack([points[0::4], points[3::4]], axis=1)


def segments(
    starts: np.ndarray, ends: np.ndarray, color: str, width: float = 1.6, opacity: float = 0.8
) -> VMobject:
    """Solid segments from each row of ``starts`` to the same row of ``ends``, one VMobject."""
    pieces = [
        np.stack([a, b]) for a, b in zip(np.atleast_2d(starts), np.atleast_2d(ends), strict=True)
    ]
    return set_depth_role(curves(pieces, color, width, opacity), "cued")


def point_cloud(points: np.ndarray, color: str, radius: float = DOT_RADIUS) -> VGroup:
    """One flat Dot per row of ``points`` (scene coordinates = math coordinates), dark rim."""
    dots = [
        Dot(p, radius=radius, color=color, stroke_color=PALETTE["outline"], stroke_width=1.2)
        for p in np.atleast_2d(points)
    ]
    return set_depth_role(VGroup(*dots).set_z_index(LAYERS["point"]), "cued")


def place(group: VGroup, points: np.ndarray) -> VGroup:
    """Move the i-th member of ``group`` to the i-th row of ``points``."""
    for member, point in zip(group, np.atleast_2d(points), strict=True):
        member.shift(point - bounds.center(member))
    return group


def positions(group: VGroup) -> np.ndarray:
    """Centres of the members of ``group``, shape (k, 3)."""
    return np.array([bounds.center(member) for member in group])


def face_camera(scene: ThreeDScene, group: Mobject) -> None:
    """Keep every member of ``group`` facing the camera around its own centre, without
    adding it to the scene (an animation such as FadeIn adds it)."""
    for member in group:
        scene.renderer.camera.add_fixed_orientation_mobjects(
            member, center_func=functools.partial(bounds.center, member)
        )


AXIS_SCREEN = 3.2
"""Frame units each half axis spans on screen, whatever the zoom (the axes follow it)."""

_TICK_SCREEN = 0.06
_ARROW_SCREEN = 0.24
_AXIS_LABEL_GAP = 0.32
AXIS_LABEL_SIZE = 40
"""Font size of the axis labels (about 20 px high at 480p)."""


def axis_length(zoom: float, screen: float = AXIS_SCREEN) -> float:
    """Half length in scene units of an axis drawn ``screen`` frame units long at ``zoom``."""
    return screen / float(zoom)


def axis_segments(zoom: float, screen: float = AXIS_SCREEN) -> np.ndarray:
    """The x1, x2, x3 axes at ``zoom``, each half ``screen`` long, as straight segments
    (start, end), shape (m, 2, 3): per axis, the line through the origin, an arrowhead (four
    arms, so it reads from every side) at its positive end, and a small cross at every
    integer coordinate; arrowhead and ticks keep their screen size."""
    reach, tick, arrow = axis_length(zoom, screen), _TICK_SCREEN / zoom, _ARROW_SCREEN / zoom
    steps = np.arange(1, int(reach - arrow) + 1)
    signed = (steps[:, None] * np.array([1, -1]))[:, :, None, None]  # each k, then its -k
    pieces = []
    for axis in range(3):
        e = np.eye(3)[axis]
        across = np.eye(3)[[(axis + 1) % 3, (axis + 2) % 3]]
        tip = reach * e
        arms = tip - arrow * e + 0.45 * arrow * np.concatenate([across, -across])
        centres = signed * e  # (k, sign, side, 3)
        ticks = np.stack([centres - tick * across, centres + tick * across], axis=-2)
        pieces += [
            np.stack([-tip, tip])[None],
            np.stack([np.broadcast_to(tip, arms.shape), arms], axis=1),
            ticks.reshape(-1, 2, 3),
        ]
    return np.concatenate(pieces)


def axis_label_anchors(zoom: float, screen: float = AXIS_SCREEN) -> np.ndarray:
    """Where the labels x1, x2, x3 sit at ``zoom`` by default: just beyond each positive
    axis end, shape (3, 3)."""
    return (axis_length(zoom, screen) + _AXIS_LABEL_GAP / zoom) * np.eye(3)


def axes(zoom: float) -> VGroup:
    """The axes of :func:`axis_segments` (one mobject) and their labels x1, x2, x3 beyond
    the positive ends (one mobject each; keep them facing the camera with
    :func:`face_camera`). Re-fit to another zoom with :func:`set_axes`."""
    lines = curves(axis_segments(zoom), PALETTE["axis"], width=1.6)
    labels = [
        flatten(MathTex(f"x_{i + 1}", font_size=AXIS_LABEL_SIZE), PALETTE["text"]).move_to(p)
        for i, p in enumerate(axis_label_anchors(zoom))
    ]
    lines.set_z_index(LAYERS["line"])
    return VGroup(lines, *[label.set_z_index(LAYERS["point"]) for label in labels])


def set_axes(group: VGroup, zoom: float, screen: float = AXIS_SCREEN) -> VGroup:
    """Re-fit axes built by :func:`axes` to ``zoom``, each half ``screen`` long on screen."""
    set_segments(group[0], axis_segments(zoom, screen))
    for label, position in zip(group[1:], axis_label_anchors(zoom, screen), strict=True):
        label.move_to(position)
    return group


def ones_label(position: np.ndarray) -> VMobject:
    r"""The label :math:`\mathbf 1 = (1, 1, 1)` of the all-ones direction, centred at
    ``position`` (face it to the camera)."""
    tex = MathTex(r"\mathbf{1} = (1, 1, 1)", font_size=AXIS_LABEL_SIZE - 6)
    label = flatten(tex, PALETTE["mean_axis"]).move_to(position)
    return label.set_z_index(LAYERS["point"])


def mean_axis(half_length: float) -> VMobject:
    r"""The all-ones line :math:`t\,\mathbf 1/\sqrt 3`, dashed, ``half_length`` each way."""
    reach = half_length * nm.uniform_vector(3)
    line = dashes(-reach[None], reach[None], PALETTE["mean_axis"], count=30, width=3.0)
    return line.set_z_index(LAYERS["line"])


def plane(half_size: float, gain=1.0, bias=0.0, opacity: float = 0.16) -> Polygon:
    r"""The mean-zero plane :math:`x+y+z=0` as one translucent square of half side
    ``half_size`` (in the plane basis), mapped through :math:`\gamma \odot p + \beta`."""
    mob = Polygon(*plane_outline(half_size, gain, bias)[:-1], stroke_width=1.0)
    mob.set_fill(PALETTE["plane"], opacity=opacity).set_stroke(PALETTE["plane"], opacity=0.5)
    return set_depth_role(mob.set_z_index(LAYERS["plane"]), "occluder")


def plane_outline(half_size: float, gain=1.0, bias=0.0) -> np.ndarray:
    """The closed outline of :func:`plane` (:func:`normmath.plane_corners`), shape (5, 3).

    Re-shape a plane during an animation with ``set_curves(plane, [plane_outline(...)])``.
    """
    return nm.plane_corners(half_size, gain, bias)


def ellipsoid_curves(gain=1.0, bias=0.0) -> list[np.ndarray]:
    r"""The sphere's wireframe (radius :math:`\sqrt 3`) mapped through
    :math:`\gamma \odot p + \beta`: the polylines of :func:`sphere` and :func:`ellipsoid`."""
    wireframe = nm.sphere_wireframe(nm.sphere_radius(3), samples=CURVE_SAMPLES)
    return [nm.apply_affine(c, gain, bias) for c in wireframe]


def sphere(color: str = PALETTE["sphere"], opacity: float = 0.35) -> VMobject:
    r"""Wireframe of the sphere of radius :math:`\sqrt 3` (latitudes and meridians), one mobject."""
    wire = curves(ellipsoid_curves(), color, width=1.0, opacity=opacity)
    return set_depth_role(wire.set_z_index(LAYERS["surface"]), "surface")


def ellipsoid(gain, bias=0.0, color: str = PALETTE["gained"], opacity: float = 0.5) -> VMobject:
    r"""The sphere's wireframe mapped through :math:`\gamma \odot p + \beta`, one mobject."""
    wire = curves(ellipsoid_curves(gain, bias), color, width=1.0, opacity=opacity)
    return set_depth_role(wire.set_z_index(LAYERS["surface"]), "surface")


def equator_curve(gain=1.0, bias=0.0) -> np.ndarray:
    """The LayerNorm equator (plane meets sphere) mapped through gain and bias, closed."""
    return nm.apply_affine(nm.equator_points(2 * CURVE_SAMPLES - 1), gain, bias)


def equator(gain=1.0, bias=0.0, color: str = PALETTE["equator"], width: float = 4.0) -> VMobject:
    """The curve of :func:`equator_curve`, one mobject."""
    ring = curves([equator_curve(gain, bias)], color, width=width).set_z_index(LAYERS["line"])
    return set_depth_role(ring, "curve")


def pole_axis(color: str = PALETTE["pole"]) -> VMobject:
    r"""Dashed segment between the collapse poles :math:`\pm\mathbf 1`, one mobject."""
    plus, minus = nm.collapse_poles(3)
    line = dashes(minus[None], plus[None], color, count=12, width=2.4, opacity=0.9)
    return line.set_z_index(LAYERS["line"])


POLE_STAR_RADIUS = 0.26
"""Outer radius of a pole star (frame units: it faces the camera)."""


def pole_markers(color: str = PALETTE["pole"]) -> VGroup:
    r"""A star at each collapse pole :math:`\pm\mathbf 1` (face them to the camera)."""
    stars = [
        Star(
            n=5,
            outer_radius=POLE_STAR_RADIUS,
            inner_radius=0.11,
            stroke_color=PALETTE["outline"],
            stroke_width=1.2,
        )
        .set_fill(color, opacity=1.0)
        .move_to(pole)
        for pole in nm.collapse_poles(3)
    ]
    return set_depth_role(VGroup(*stars).set_z_index(LAYERS["mark"]), "cued")


def crosses(points: np.ndarray, color: str = PALETTE["ln_target"], size: float = 0.12) -> VGroup:
    """An x-mark at each row of ``points`` (one mobject per mark; face them to the camera)."""
    arms = size * np.array([[[-1, -1, 0], [1, 1, 0]], [[-1, 1, 0], [1, -1, 0]]], dtype=float)
    marks = [
        curves([arm + point for arm in arms], color, width=3.0) for point in np.atleast_2d(points)
    ]
    return set_depth_role(VGroup(*marks).set_z_index(LAYERS["mark"]), "cued")
