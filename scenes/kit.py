"""The drawing kit shared by every scene: palette, camera poses and cheap 3D builders.

Colour carries meaning and is the same in every scene (Okabe-Ito, colourblind-safe).

Manim's Cairo renderer pays per mobject per frame, so every builder here returns as few
mobjects as the picture allows: a wireframe of many curves is *one* VMobject with one
subpath per curve, a set of dashed trails is one VMobject, a legend's or formula's glyphs of
one colour are merged into one VMobject (:func:`flatten`), the axes with their arrowheads
and ticks are one VMobject and points are flat Dots that the scene keeps facing the camera
(:func:`face_camera`). Builders declare each mobject's depth role (the plane hides, the
sphere's far half is fainter, points and trails are dimmed where hidden), which the 3D camera
draws (:mod:`scenes.depth_camera`).

The builders take positions in math coordinates; scenes draw at scale 1, so a point's scene
coordinates *are* the normmath values, and framing is done by the camera's zoom.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from manim import (
    DEGREES,
    DL,
    DOWN,
    LEFT,
    PI,
    RIGHT,
    UL,
    UR,
    BackgroundRectangle,
    Dot,
    Line,
    MathTex,
    Mobject,
    Polygon,
    Star,
    Text,
    ThreeDScene,
    VGroup,
    VMobject,
    config,
    rotation_about_z,
    rotation_matrix,
)

import normmath as nm
from scenes.depth_camera import set_depth_role
from scenes.typeface import FONT

__all__ = [
    "PALETTE",
    "DOT_RADIUS",
    "LAYERS",
    "FONT",
    "LABEL_SIZE",
    "CameraPose",
    "POSES",
    "flatten",
    "polyline_points",
    "curves",
    "set_curves",
    "dashes",
    "set_dashes",
    "trails",
    "segments",
    "point_cloud",
    "place",
    "positions",
    "face_camera",
    "AXIS_SCREEN",
    "axes",
    "set_axes",
    "axis_polylines",
    "axis_length",
    "mean_axis",
    "ones_label",
    "plane",
    "plane_outline",
    "sphere",
    "ellipsoid",
    "ellipsoid_curves",
    "equator",
    "equator_curve",
    "pole_axis",
    "pole_markers",
    "crosses",
    "LegendEntry",
    "legend",
    "formula_panel",
    "readout",
    "pin_to_corner",
    "prediction_cue",
    "countdown_bar",
    "set_countdown",
    "view_rotation",
    "project",
    "fit_zoom",
    "frame_box",
    "inside",
    "boxes_meet",
    "Box",
    "FRAME_MARGIN",
    "PANEL_MARGIN",
]

PALETTE = {
    "raw": "#0072B2",  # blue: input points
    "centered": "#D55E00",  # vermillion: after mean centering
    "standardized": "#009E73",  # bluish green: on the sphere (LayerNorm, no affine)
    "gained": "#CC79A7",  # reddish purple: after gain
    "shifted": "#E69F00",  # orange: after bias
    "rms": "#56B4E9",  # sky blue: RMSNorm outputs
    "ln_target": "#009E73",  # LayerNorm targets (same meaning as standardized)
    "pole": "#F0E442",  # yellow: the collapse poles and their axis
    "positive": "#E69F00",  # orange: positive-mean rows of the collapse set
    "negative": "#9A8CF0",  # soft violet: negative-mean rows
    "plane": "#4C7FBF",  # the mean-zero plane
    "sphere": "#BBBBBB",  # wireframes
    "axis": "#888888",
    "mean_axis": "#CC79A7",  # the all-ones line
    "text": "#EEEEEE",
    "undefined": "#FF6B6B",
    "equator": "#2FD4A0",  # the LayerNorm equator (a lighter standardized green)
    "tight": "#FFFFFF",  # the tight, small-variance cluster in the epsilon scene
    "trail": "#9A9A9A",  # dotted paths from a point's old to its new position
    "gap": "#B0B0B0",  # RMSNorm-to-LayerNorm gap lines
    "outline": "#111111",  # dark rim around dots
    "panel": "#000000",  # background of fixed-in-frame panels
}
"""Named colours; scenes use these names, never colour literals."""

DOT_RADIUS = 0.075
"""Screen radius of a point (frame units; dots face the camera, so zoom leaves it fixed)."""

LABEL_SIZE = 22
"""Font size of legend and readout text (readable at 480p)."""

LAYERS = {"plane": -3, "surface": -2, "line": -1, "mark": 0, "point": 1, "panel": 10}
"""Drawing order by z-index: plane, wireframes, guide lines, trails/marks, points, panels.
Points are drawn above the plane from every angle, so the plane never hides them."""

_LINE_WIDTH = 2.0
CURVE_SAMPLES = 17
"""Samples per closed wireframe curve (16 smooth cubic pieces; the first equals the last)."""
_PANEL_BUFF = 0.25


@dataclass(frozen=True)
class CameraPose:
    """A named camera orientation: polar angle ``phi`` and azimuth ``theta`` in degrees
    (Manim's convention), ``zoom`` (frame units per scene unit) and perspective
    ``focal_distance`` (scene units; large = nearly orthographic)."""

    phi: float
    theta: float
    zoom: float
    focal_distance: float = 60.0

    def kwargs(self) -> dict[str, float]:
        """Keyword arguments for ``set_camera_orientation`` / ``move_camera``."""
        return {
            "phi": self.phi * DEGREES,
            "theta": self.theta * DEGREES,
            "zoom": self.zoom,
            "focal_distance": self.focal_distance,
        }

    def with_zoom(self, zoom: float) -> CameraPose:
        """The same direction at another zoom."""
        return CameraPose(self.phi, self.theta, zoom, self.focal_distance)


POSES: dict[str, CameraPose] = {
    "cloud": CameraPose(phi=72, theta=-25, zoom=0.25),  # the raw cloud and the mean axis
    "plane": CameraPose(phi=68, theta=25, zoom=0.30),  # centered points, oblique plane
    "sphere": CameraPose(phi=66, theta=35, zoom=1.35),  # the sphere and its equator
    "ellipsoid": CameraPose(phi=64, theta=30, zoom=0.95),  # the gain ellipsoid
    "shifted": CameraPose(phi=68, theta=20, zoom=0.62),  # ellipsoid at 0 and at beta
    "wide": CameraPose(phi=70, theta=30, zoom=0.42),  # points far from the sphere
    "poles": CameraPose(phi=62, theta=-40, zoom=1.35),  # pole axis across the frame
    "vector": CameraPose(phi=68, theta=-30, zoom=0.85),  # one vector, both outputs
}
"""Camera poses by name; scenes pick a pose, never raw angles."""


# --- cheap geometry ------------------------------------------------------------------------


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


def polyline_points(points: np.ndarray) -> np.ndarray:
    """Bezier control points (4 per segment) of the straight polyline through ``points``."""
    points = np.asarray(points, dtype=float)
    start, end = points[:-1], points[1:]
    return np.stack(
        [start, start + (end - start) / 3, start + 2 * (end - start) / 3, end], axis=1
    ).reshape(-1, 3)


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


def _dash_pieces(starts, ends, count: int) -> list[np.ndarray]:
    starts, ends = np.atleast_2d(starts), np.atleast_2d(ends)
    t0 = np.arange(count) / count
    t1 = t0 + 0.5 / count
    pieces = []
    for a, b in zip(starts, ends, strict=True):
        d = b - a
        pieces.extend(np.stack([a + s * d, a + e * d]) for s, e in zip(t0, t1, strict=True))
    return pieces


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


def set_dashes(mob: VMobject, starts: np.ndarray, ends: np.ndarray, count: int = 14) -> VMobject:
    """Move the dashes of ``mob`` (built by :func:`dashes` with the same ``count``)."""
    return set_curves(mob, _dash_pieces(starts, ends, count))


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
        member.move_to(point)
    return group


def positions(group: VGroup) -> np.ndarray:
    """Centres of the members of ``group``, shape (k, 3)."""
    return np.array([member.get_center() for member in group])


def face_camera(scene: ThreeDScene, group: Mobject) -> None:
    """Keep every member of ``group`` facing the camera around its own centre, without
    adding it to the scene (an animation such as FadeIn adds it)."""
    for member in group:
        scene.renderer.camera.add_fixed_orientation_mobjects(member)


AXIS_SCREEN = 3.2
"""Frame units each half axis spans on screen, whatever the zoom (the axes follow it)."""

_TICK_SCREEN = 0.06
_ARROW_SCREEN = 0.24
_AXIS_LABEL_GAP = 0.32
AXIS_LABEL_SIZE = 40
"""Font size of the axis labels (about 20 px high at 480p)."""


def axis_length(zoom: float) -> float:
    """Half length in scene units of an axis drawn at ``zoom``: :data:`AXIS_SCREEN` / zoom."""
    return AXIS_SCREEN / float(zoom)


def axis_polylines(zoom: float) -> list[np.ndarray]:
    """The x1, x2, x3 axes at ``zoom``: three lines through the origin, an arrowhead (four
    arms, so it reads from every side) at each positive end, and a small cross at every
    integer coordinate; arrowhead and ticks keep their screen size."""
    reach, tick, arrow = axis_length(zoom), _TICK_SCREEN / zoom, _ARROW_SCREEN / zoom
    pieces = []
    for axis in range(3):
        e = np.eye(3)[axis]
        across = [np.eye(3)[(axis + 1) % 3], np.eye(3)[(axis + 2) % 3]]
        pieces.append(np.stack([-reach * e, reach * e]))
        tip = reach * e
        for side in (*across, -across[0], -across[1]):
            pieces.append(np.stack([tip, tip - arrow * e + 0.45 * arrow * side]))
        for k in range(1, int(reach - arrow) + 1):
            for sign in (1, -1):
                for side in across:
                    center = sign * k * e
                    pieces.append(np.stack([center - tick * side, center + tick * side]))
    return pieces


def _axis_label_positions(zoom: float) -> np.ndarray:
    return (axis_length(zoom) + _AXIS_LABEL_GAP / zoom) * np.eye(3)


def axes(zoom: float) -> VGroup:
    """The axes of :func:`axis_polylines` (one mobject) and their labels x1, x2, x3 beyond
    the positive ends (one mobject each; keep them facing the camera with
    :func:`face_camera`). Re-fit to another zoom with :func:`set_axes`."""
    lines = curves(axis_polylines(zoom), PALETTE["axis"], width=1.6)
    labels = [
        flatten(MathTex(f"x_{i + 1}", font_size=AXIS_LABEL_SIZE), PALETTE["text"]).move_to(p)
        for i, p in enumerate(_axis_label_positions(zoom))
    ]
    lines.set_z_index(LAYERS["line"])
    return VGroup(lines, *[label.set_z_index(LAYERS["point"]) for label in labels])


def set_axes(group: VGroup, zoom: float) -> VGroup:
    """Re-fit axes built by :func:`axes` to ``zoom`` (same screen size)."""
    set_curves(group[0], axis_polylines(zoom))
    for label, position in zip(group[1:], _axis_label_positions(zoom), strict=True):
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


def pole_markers(color: str = PALETTE["pole"]) -> VGroup:
    r"""A star at each collapse pole :math:`\pm\mathbf 1` (face them to the camera)."""
    stars = [
        Star(
            n=5,
            outer_radius=0.26,
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


# --- fixed-in-frame panels -----------------------------------------------------------------


@dataclass(frozen=True)
class LegendEntry:
    """One legend row: a swatch ``kind`` (dot, line, dash, cross, star, patch), its palette
    colour name and its label text."""

    kind: str
    color: str
    label: str


def _swatch(kind: str, color: str) -> VMobject:
    hex_color = PALETTE[color]
    if kind == "dot":
        return point_cloud(np.zeros((1, 3)), hex_color, radius=0.09)[0]
    if kind == "cross":
        return crosses(np.zeros((1, 3)), hex_color, size=0.09)[0]
    if kind == "star":
        return pole_markers(hex_color)[0].move_to(np.zeros(3)).scale(0.5)
    if kind == "patch":
        square = Polygon([-0.15, -0.1, 0], [0.15, -0.1, 0], [0.15, 0.1, 0], [-0.15, 0.1, 0])
        return square.set_fill(hex_color, opacity=0.5).set_stroke(hex_color, width=1)
    if kind == "dash":
        return dashes(
            np.array([[-0.2, 0, 0]]), np.array([[0.2, 0, 0]]), hex_color, count=3, width=3
        )
    if kind == "line":
        return Line([-0.2, 0, 0], [0.2, 0, 0], color=hex_color, stroke_width=3.5)
    raise ValueError(f"unknown legend swatch {kind!r}")


def _label(text: str, size: float = LABEL_SIZE, color: str = PALETTE["text"]) -> VMobject:
    return flatten(Text(text, font=FONT, font_size=size), color)


def _panel(content: Mobject) -> VGroup:
    back = BackgroundRectangle(content, color=PALETTE["panel"], fill_opacity=0.6, buff=0.12)
    back.set_stroke(width=0)
    return VGroup(back, content).set_z_index(LAYERS["panel"])


def legend(entries: Sequence[LegendEntry]) -> VGroup:
    """Swatch-and-label rows stacked top to bottom, on a dark backing (one glyph mobject per
    row). Pin it with :func:`pin_to_corner` and ``add_fixed_in_frame_mobjects``."""
    rows = VGroup()
    for entry in entries:
        swatch = _swatch(entry.kind, entry.color)
        text = _label(entry.label)
        text.next_to(swatch, RIGHT, buff=0.28)
        rows.add(VGroup(swatch, text))
    rows.arrange(DOWN, aligned_edge=LEFT, buff=0.14)
    for row in rows:
        row[0].move_to([rows.get_left()[0] + 0.2, row[1].get_center()[1], 0])
    return _panel(rows)


def formula_panel(tex: str, caption: str | None = None, font_size: float = 34) -> VGroup:
    """The governing formula typeset with MathTex (merged into one mobject), with an optional
    caption line above it, on a dark backing."""
    formula = flatten(MathTex(tex, font_size=font_size), PALETTE["text"])
    if caption is None:
        return _panel(VGroup(formula))
    label = _label(caption, size=LABEL_SIZE - 2, color=PALETTE["axis"])
    return _panel(VGroup(label, formula).arrange(DOWN, buff=0.14, aligned_edge=LEFT))


def readout(lines: Sequence[tuple[str, str]]) -> VGroup:
    """Text lines, each in a palette colour (``(text, colour name)``), on a dark backing."""
    rows = VGroup(*[_label(text, color=PALETTE[color]) for text, color in lines])
    rows.arrange(DOWN, aligned_edge=LEFT, buff=0.12)
    return _panel(rows)


_CORNERS = {"top_left": UL, "top_right": UR, "bottom_left": DL, "bottom_right": DOWN + RIGHT}


def pin_to_corner(panel: Mobject, corner: str) -> Mobject:
    """Move a panel into a frame corner (``top_left``, ``top_right``, ``bottom_left``,
    ``bottom_right``) with a margin."""
    return panel.to_corner(_CORNERS[corner], buff=_PANEL_BUFF)


# --- prediction cue ------------------------------------------------------------------------

_CUE_WIDTH = 3.2
_CUE_BAR_GAP = 0.18


def prediction_cue() -> VGroup:
    """The on-screen cue of a prediction pause: "Pause and predict" on an opaque backing
    with room for the countdown bar under the words, at the bottom centre (in a 3D scene,
    fix it in frame)."""
    words = _label("Pause and predict", size=LABEL_SIZE + 6, color=PALETTE["pole"])
    room = Line(_CUE_WIDTH / 2 * LEFT, _CUE_WIDTH / 2 * RIGHT).next_to(
        words, DOWN, buff=_CUE_BAR_GAP
    )
    back = BackgroundRectangle(
        VGroup(words, room), color=PALETTE["panel"], fill_opacity=0.92, buff=0.15
    )
    back.set_stroke(width=0)
    return VGroup(back, words).set_z_index(LAYERS["panel"]).to_edge(DOWN, buff=0.3)


def countdown_bar(cue: VGroup) -> Line:
    """A bar under the words of ``cue``, drawn above its backing, that :func:`set_countdown`
    shortens to nothing (in a 3D scene, fix it in frame)."""
    bar = Line(LEFT, RIGHT, stroke_width=6, color=PALETTE["pole"])
    bar.set_z_index(LAYERS["panel"] + 1)
    return set_countdown(bar, cue, 0.0)


def set_countdown(bar: Line, cue: VGroup, elapsed: float) -> Line:
    """Show ``1 - elapsed`` of the countdown bar under ``cue`` (``elapsed`` in [0, 1])."""
    words = cue[1]
    left = np.array([words.get_x() - _CUE_WIDTH / 2, words.get_bottom()[1] - _CUE_BAR_GAP, 0])
    remaining = max(1.0 - float(elapsed), 1e-3)
    bar.put_start_and_end_on(left, left + remaining * _CUE_WIDTH * RIGHT)
    return bar


# --- camera --------------------------------------------------------------------------------

FRAME_MARGIN = 0.3
"""Frame units kept free between every point and the frame's edge."""

PANEL_MARGIN = 0.12
"""Frame units kept free between every point and a panel pinned in the frame."""

Box = tuple[float, float, float, float]
"""A rectangle in frame units: ``(x_min, y_min, x_max, y_max)``."""


def view_rotation(phi: float, theta: float) -> np.ndarray:
    """The rotation Manim's 3D camera applies at polar angle ``phi`` and azimuth ``theta``
    (radians, no roll): scene coordinates to view coordinates, the viewer on +z."""
    return rotation_matrix(-phi, RIGHT) @ rotation_about_z(-theta - PI / 2)


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
    frame = np.array([config.frame_width, config.frame_height]) / 2 - FRAME_MARGIN
    room = np.maximum(frame - halves, 0.0)
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


def boxes_meet(a: Box, b: Box) -> bool:
    """Whether two frame boxes overlap."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def frame_box(panel: Mobject) -> Box:
    """The frame rectangle ``(x_min, y_min, x_max, y_max)`` a panel pinned in frame covers."""
    (x0, y0, _), (x1, y1, _) = panel.get_corner(DL), panel.get_corner(UR)
    return (float(x0), float(y0), float(x1), float(y1))
