"""The base of every geometry scene: named point groups and their moves, with the framed
camera, the overlays and the pinned panels of its mixins.

A scene subclass sets class attributes (``pose``, ``legend_entries``, ``formula``, ...) and
writes ``construct`` as a list of beat-named steps. Every point group it draws is kept in
``GeometryScene.points_mob`` under a name, so tests can read the final positions.

One job per module: :mod:`scenes.base.camera_work` (the camera only moves through
:meth:`~scenes.base.camera_work.CameraWork.camera_to`, which keeps every drawn point, framed
label and framed figure in the frame and off the panels), :mod:`scenes.base.overlays` (labels
placed beside their anchors and trails cut to the frame, before every play and at every frame
of a play that moves the camera or points) and :mod:`scenes.base.pinned` (the legend, the
formula, other pinned panels, the prediction cue's place). Predictions pause with an
on-screen cue before their reveal (:mod:`scenes.base.narrated`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import numpy as np
from manim import (
    Animation,
    Indicate,
    ManimColor,
    Mobject,
    UpdateFromAlphaFunc,
    VGroup,
    VMobject,
    interpolate_color,
    rush_from,
    smooth,
    there_and_back,
)

import normmath as nm
from scenes.base.camera_work import CameraWork, with_labels
from scenes.base.narrated import NarratedThreeDScene
from scenes.base.overlays import Overlays, Path, reframing
from scenes.base.pinned import PinnedPanels
from scenes.camera.depth import DepthCueCamera, StockDepthCueCamera
from scenes.kit import figures, panels, style

__all__ = [
    "GHOST_OPACITY",
    "HIGHLIGHT_SECONDS",
    "promptly",
    "IDEAL_EPS",
    "GeometryScene",
    "vector_text",
]

GHOST_OPACITY = 0.35
"""Opacity of the faded copy of an earlier state."""

HIGHLIGHT_SECONDS = 1.2
"""Seconds a figure the narration points at is highlighted (there and back)."""

IDEAL_EPS = 0.0
"""Epsilon of the ideal normalizations drawn (exactly on the sphere); Epsilon varies it."""


PROMPT_EASE_SECONDS = 0.4
"""Seconds a motion a sentence announces takes to get under way."""


def promptly(moves: list[Animation], run_time: float) -> list[Animation]:
    """``moves`` (playing ``run_time`` seconds) eased in over :data:`PROMPT_EASE_SECONDS`,
    then moving fast at once and slowing into their end: the motion a sentence announces is
    seen as it is said."""
    ease = min(PROMPT_EASE_SECONDS / run_time, 1.0)

    def rate(t: float) -> float:
        return rush_from(t) * smooth(min(t / ease, 1.0))

    for move in moves:
        move.rate_func = rate
    return moves


def _one(alpha: float) -> float:
    return 1.0


def _zero(alpha: float) -> float:
    return 0.0


def vector_text(values) -> str:
    """A short vector label (3 significant digits), negatives with a real minus sign.

    >>> vector_text([3, 0.4, -2])
    '(3, 0.4, \u22122)'
    """
    return nm.display_vector(values, lambda v: f"{v:.3g}".replace("-", "\u2212"))


class GeometryScene(CameraWork, Overlays, PinnedPanels, NarratedThreeDScene):
    """A narrated 3D scene drawn from normmath with the shared kit.

    Class attributes (override one to make a variant):

    ``pose``: the starting :data:`scenes.kit.style.POSES` name; ``legend_entries`` and
    ``formula``/``formula_caption``: the fixed-in-frame legend (top left) and governing
    formula (top right); ``orbit_degrees``: how far the final orbit turns;
    ``close_up_beats``: the beats that may let far points leave the frame.
    """

    pose: ClassVar[str] = "sphere"
    legend_entries: ClassVar[tuple[panels.LegendEntry, ...]] = ()
    formula: ClassVar[str] = ""
    formula_caption: ClassVar[str | None] = None
    orbit_degrees: ClassVar[float] = 140.0
    legend_later: ClassVar[tuple[int, ...]] = ()
    """Legend rows hidden until :meth:`~scenes.base.pinned.PinnedPanels.reveal_legend` shows
    them (a prediction's answer): the legend's last rows, so that hidden they leave no gap."""
    close_up_beats: ClassVar[tuple[str, ...]] = ()
    """Beats whose camera holds a close-up (``camera_to(..., framed=False)``) that lets far
    points leave the frame and pass under the panels; every other beat frames them all."""
    caching_camera = DepthCueCamera
    stock_camera = StockDepthCueCamera

    def setup(self) -> None:
        super().setup()
        self.points_mob: dict[str, VGroup] = {}
        self.framed_labels: list[Mobject] = []
        self.pinned: list[Mobject] = []
        self.trails = VGroup()
        self.markers: list[VGroup] = []
        self.guides: list[VMobject] = []
        self.framed_figures: list[VMobject] = []
        self.trail_ends: dict[int, tuple[VMobject, np.ndarray, np.ndarray]] = {}
        self.anchors: dict[int, np.ndarray] = {}
        self.places: dict[int, int] = {}
        self.shown_offsets: dict[int, tuple[np.ndarray, float]] = {}
        """Each label's offset from its anchor as last drawn, and the scene time then."""
        self.labels_gliding = False
        """Whether a label is still on its way to its new place (placed again every frame)."""
        self.rays: dict[int, tuple[np.ndarray, float, np.ndarray]] = {}
        """Each label set along a line: the line's direction, the clearance beyond its end
        and the end."""
        self.overlay_hook = Mobject()
        self.renderer.camera.should_apply_shading = False
        self.prepare()
        self.corner_panels = self.build_panels()
        points, halves = with_labels(self.opening_points(), self.framed_labels)
        pose = style.POSES[self.pose]
        pose = pose.with_zoom(self.framing_zoom(self.pose, points, halves))
        self.set_camera_orientation(**pose.kwargs())
        self.axes = figures.axes(pose.zoom)
        self.axis_screen = figures.AXIS_SCREEN
        self.fit_axes()
        figures.face_camera(self, self.axes[1:])
        self.add(self.axes)

    def prepare(self) -> None:
        """Hook: compute this scene's normmath results (called in setup, before the camera
        is placed); labels :meth:`~scenes.base.overlays.Overlays.framed` here are framed by
        the opening pose too."""

    def opening_points(self) -> np.ndarray:
        """Hook: every point the opening pose must hold in frame, shape (k, 3): those drawn
        before the camera first moves, at every position they take until then (points of
        framed figures included)."""
        return np.zeros((0, 3))

    def highlight(
        self, words: str, length: float, *mobs, elapsed: float = 0.0, scale: float = 1.25
    ) -> list:
        """Highlights of ``mobs`` (white and ``scale`` times larger, then back) as ``words``
        are said (:meth:`~scenes.base.narrated.Narrated.word_rate`), declared as announced by
        the words."""
        self.declare.announces(words, *mobs)
        rate = self.word_rate(words, length, HIGHLIGHT_SECONDS, elapsed, there_and_back)
        return [
            Indicate(mob, scale_factor=scale, color=style.PALETTE["tight"], rate_func=rate)
            for mob in mobs
        ]

    def point_group(self, name: str, points: np.ndarray, color: str) -> VGroup:
        """Dots at ``points`` in palette colour ``color``, facing the camera, registered as
        ``points_mob[name]`` (not yet added: animate them in, or ``add`` them)."""
        group = figures.point_cloud(points, style.PALETTE[color])
        self.points_mob[name] = self.facing(group)
        return group

    def move_points(self, name: str, path: Path, color: str | None = None) -> Animation:
        """Animate ``points_mob[name]`` along ``path`` (alpha already eased by the rate),
        fading the dots to palette ``color`` on the way if given."""
        group = self.points_mob[name]
        starts = [dot.get_fill_color() for dot in group]
        end = ManimColor(style.PALETTE[color]) if color else None

        def update(mob: VGroup, alpha: float) -> None:
            figures.place(mob, path(alpha))
            if end is not None:
                for dot, start in zip(mob, starts, strict=True):
                    dot.set_fill(interpolate_color(start, end, alpha))

        return reframing(UpdateFromAlphaFunc(group, update))

    @staticmethod
    def reshape(mob: VMobject, polylines: Callable[[float], list[np.ndarray]]) -> Animation:
        """Animate a curve mobject through ``polylines(alpha)``."""
        return UpdateFromAlphaFunc(mob, lambda m, alpha: figures.set_curves(m, polylines(alpha)))

    def ghosts(self, name: str, points: np.ndarray, color: str) -> VGroup:
        """Faded dots that keep an earlier state visible, registered as ``points_mob[name]``
        (added under the dots they copy, as these start to move)."""
        group = self.point_group(name, points, color)
        group.set_opacity(GHOST_OPACITY).set_z_index(style.LAYERS["mark"])
        self.declare.cut_in(group, reason="a faded copy added beneath the dots it copies")
        return group

    def copies(self, *mobjects: Mobject) -> tuple[Mobject, ...]:
        """Declare ``mobjects`` exact copies of figures already drawn, added over them to
        move away (no fade: nothing changes on screen as they appear); return them."""
        self.declare.cut_in(*mobjects, reason="an exact copy added over the figure it copies")
        return mobjects

    def copy_over(
        self, original: VMobject, copy: VMobject, rate: Callable[[float], float]
    ) -> Animation:
        """Add ``copy`` (a curve of the same points as ``original``) over ``original`` in its
        colour and width but transparent (nothing changes on screen as it appears: an exact
        copy drawn over a translucent stroke would brighten it); return the animation that
        turns its stroke to its own colour, width and opacity at ``rate``."""
        colours = original.get_stroke_color(), copy.get_stroke_color()
        widths = original.get_stroke_width(), copy.get_stroke_width()
        opacity = copy.get_stroke_opacity()

        def restyle(mob: VMobject, alpha: float) -> None:
            t = rate(alpha)
            width = (1 - t) * widths[0] + t * widths[1]
            mob.set_stroke(interpolate_color(*colours, t), width, t * opacity)

        restyle(copy, 0.0)
        self.add(*self.copies(copy))
        return UpdateFromAlphaFunc(copy, restyle)

    def move_with_trails(
        self, name: str, start: np.ndarray, end: np.ndarray, color: str | None = None
    ) -> list:
        """Animations moving ``points_mob[name]`` from ``start`` to ``end`` on a straight line
        (turning to palette ``color`` if given), drawing dotted trails behind them (the trails
        are added to the scene)."""
        trails = self.trail_group(start)

        def path(alpha: float) -> np.ndarray:
            return nm.interpolate(start, end, alpha)

        return [self.move_points(name, path, color), self.grow_trails(trails, start, path)]

    def reshape_plane(
        self, half_size: Callable[[float], float], gain: Path = _one, bias: Path = _zero
    ) -> Animation:
        """Animate ``self.plane`` through half size, gain and bias given per progress alpha."""
        return self.reshape(
            self.plane, lambda a: [figures.plane_outline(float(half_size(a)), gain(a), bias(a))]
        )
