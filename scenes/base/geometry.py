"""The base of every geometry scene: camera, axes, panels, named point groups, moves, orbit.

A scene subclass sets class attributes (``pose``, ``legend_entries``, ``formula``, ...) and
writes ``construct`` as a list of beat-named steps. Every point group it draws is kept in
``GeometryScene.points_mob`` under a name, so tests can read the final positions.

Framing: the camera only moves through :meth:`GeometryScene.camera_to`, which zooms out
whenever a drawn point, framed label or framed figure would leave the frame or slip under a
panel pinned in it (:func:`scenes.kit.framing.fit_zoom`), and the labelled axes follow the zoom so
they keep their screen size. Before every play, and at every frame of a play that moves the
camera or points, labels take the place beside their anchor that hides no marker and crosses
no guide line (:mod:`scenes.kit.placement`), and trails are cut to the frame
(:func:`scenes.kit.framing.visible_spans`). Predictions pause with an on-screen cue before
their reveal (:mod:`scenes.base.narrated`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import numpy as np
from manim import (
    DEGREES,
    DOWN,
    LEFT,
    RIGHT,
    Animation,
    FadeIn,
    FadeOut,
    Group,
    ManimColor,
    Mobject,
    Restore,
    UpdateFromAlphaFunc,
    UpdateFromFunc,
    VGroup,
    VMobject,
    config,
    interpolate_color,
    linear,
    rush_from,
    smooth,
    squish_rate_func,
)

import normmath as nm
from scenes.base.narrated import APPEAR_SECONDS, NarratedThreeDScene
from scenes.camera.depth import DepthCueCamera, StockDepthCueCamera
from scenes.kit import bounds, figures, framing, panels, placement, style

__all__ = [
    "GHOST_OPACITY",
    "promptly",
    "IDEAL_EPS",
    "Path",
    "GeometryScene",
    "vector_text",
]

GHOST_OPACITY = 0.35
"""Opacity of the faded copy of an earlier state."""

IDEAL_EPS = 0.0
"""Epsilon of the ideal normalizations drawn (exactly on the sphere); Epsilon varies it."""

PANEL_FADE_SHARE = 0.2
"""Share of its beat a panel takes to fade in."""

_FRAMING_SAMPLES = 24

TURN_SPEED = 30.0
"""Fastest turn of an eased camera move, in degrees per second (a viewer follows it)."""

AXIS_LABEL_ROOM = 0.6
"""Frame units kept beyond an axis end for its label, when the axes are shortened."""

AXIS_SHORTEST = 0.3
"""Smallest share of their full screen length the axes shrink to."""

Path = Callable[[float], np.ndarray]
"""Positions of a point group at animation progress ``alpha`` in [0, 1], shape (k, 3)."""


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
    """A short vector label such as ``(2, 0.4, 1.5)`` (3 significant digits)."""
    return nm.display_vector(values, lambda v: f"{v:.3g}")


def _with_labels(points: np.ndarray, labels: list[Mobject]) -> tuple[np.ndarray, np.ndarray]:
    """``points`` (half sizes zero) followed by the centres of ``labels`` with their half
    widths and heights, shapes (k, 3) and (k, 2)."""
    centres = np.array([label.get_center() for label in labels]).reshape(-1, 3)
    halves = np.array([[label.width / 2, label.height / 2] for label in labels]).reshape(-1, 2)
    return np.concatenate([points, centres]), np.concatenate([np.zeros((len(points), 2)), halves])


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


def _visible(mobject: Mobject) -> bool:
    """Whether a marker is drawn bright enough to be seen (fill or stroke)."""
    return max(mobject.get_fill_opacity(), mobject.get_stroke_opacity()) > 0.15


def _reframing(animation: Animation) -> Animation:
    """Mark ``animation`` as moving the camera or points (labels and trails refit at every
    frame of its play); return it."""
    animation.reframes = True
    return animation


class GeometryScene(NarratedThreeDScene):
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
    """Legend rows hidden until :meth:`reveal_legend` shows them (a prediction's answer): the
    legend's last rows, so that hidden they leave no gap."""
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
        points, halves = _with_labels(self.opening_points(), self.framed_labels)
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
        is placed); labels :meth:`framed` here are framed by the opening pose too."""

    def opening_points(self) -> np.ndarray:
        """Hook: every point the opening pose must hold in frame, shape (k, 3): those drawn
        before the camera first moves, at every position they take until then (points of
        framed figures included)."""
        return np.zeros((0, 3))

    def framing_zoom(
        self,
        pose: str,
        points: np.ndarray,
        halves: np.ndarray | None = None,
    ) -> float:
        """The zoom of ``pose``, lowered just enough to hold ``points`` (with label
        ``halves``) in frame and off the panels."""
        view = style.POSES[pose]
        fit = framing.fit_zoom(
            np.reshape(points, (-1, 3)),
            view.phi * DEGREES,
            view.theta * DEGREES,
            view.focal_distance,
            self.keep_out(),
            halves,
        )
        return min(view.zoom, fit)

    # --- building ------------------------------------------------------------------------

    def point_group(self, name: str, points: np.ndarray, color: str) -> VGroup:
        """Dots at ``points`` in palette colour ``color``, facing the camera, registered as
        ``points_mob[name]`` (not yet added: animate them in, or ``add`` them)."""
        group = figures.point_cloud(points, style.PALETTE[color])
        self.points_mob[name] = self.facing(group)
        return group

    def facing(self, group: VGroup) -> VGroup:
        """Register ``group``'s members (dots, stars, crosses) to face the camera, as markers
        labels keep clear of; return it."""
        figures.face_camera(self, group)
        self.markers.append(group)
        return group

    def framed(
        self, label: Mobject, along: np.ndarray | None = None, clearance: float = 0.0
    ) -> Mobject:
        """Register ``label`` to face the camera and, while it is in the scene (add it
        itself, not inside a group), to be framed like the points: kept in the frame and out
        from under the panels, beside its anchor (its centre now) where it hides no marker
        and crosses no guide line. A label naming a line ending at its anchor, in scene
        direction ``along``, is set on the line's extension instead, ``clearance`` frame
        units beyond the end (:func:`scenes.kit.placement.along_offsets`). Return it."""
        figures.face_camera(self, VGroup(label))
        self.framed_labels.append(label)
        self.anchors[id(label)] = label.get_center().copy()
        if along is not None:
            self.rays[id(label)] = (np.asarray(along, dtype=float), clearance, label.get_center())
        return label

    def guide(self, line: VMobject) -> VMobject:
        """Register the dashed ``line`` as a guide labels keep clear of; return it."""
        self.guides.append(line)
        return line

    def framed_figure(self, figure: VMobject) -> VMobject:
        """Register ``figure`` (a plane, a wireframe) to be framed, while it is in the scene,
        like the points: every anchor of its curves kept in the frame. Return it."""
        self.framed_figures.append(figure)
        return figure

    def legend_rows(self) -> tuple[panels.LegendEntry, ...]:
        """Hook: the legend's rows (``legend_entries`` unless a scene words a row from its
        normmath results, computed in :meth:`prepare`)."""
        return self.legend_entries

    def build_panels(self) -> dict[str, Mobject]:
        """The legend (top left) and formula (top right) of the class attributes, placed in
        their corners but not yet shown: the opening pose keeps points out from under them.
        The legend rows of ``legend_later`` are kept hidden until :meth:`reveal_legend`."""
        built: dict[str, Mobject] = {}
        if self.legend_entries:
            rows, later = self.legend_rows(), len(self.legend_later)
            if sorted(self.legend_later) != list(range(len(rows) - later, len(rows))):
                raise ValueError(f"{type(self).__name__}: the rows shown later end the legend")
            built["top_left"] = panels.legend(rows, later=later)
        if self.formula:
            built["top_right"] = panels.formula_panel(self.formula, self.formula_caption)
        placed = {corner: panels.pin_to_corner(panel, corner) for corner, panel in built.items()}
        for row in self.legend_later:
            placed["top_left"][1][row].save_state().set_opacity(0.0)  # restored in place
        return placed

    def panels(self) -> list[Animation]:
        """Fade-ins of the legend (top left) and the formula (top right), fixed in frame."""
        return [self.pin(panel, corner) for corner, panel in self.corner_panels.items()]

    def pin(self, panel: Mobject, corner: str, rate_func: Callable | None = None) -> Animation:
        """Fix ``panel`` in a frame corner above everything; return its fade-in, which is
        over in the first fifth of the beat unless ``rate_func`` times it (a still panel is
        drawn once, then reused)."""
        panels.pin_to_corner(panel, corner).set_z_index(10)
        self.add_fixed_in_frame_mobjects(panel)
        self.pinned.append(panel)
        rate = rate_func or squish_rate_func(smooth, 0.0, PANEL_FADE_SHARE)
        return FadeIn(panel, rate_func=rate)

    def reveal_legend(self, row: int, rate_func: Callable = smooth) -> Animation:
        """Show legend row ``row`` of :attr:`legend_later`."""
        return Restore(self.corner_panels["top_left"][1][row], rate_func=rate_func)

    def keep_out(self) -> list[framing.Box]:
        """The frame boxes no point may sit under: the corner panels (from the opening on),
        and every other pinned panel while it is shown."""
        corners = list(self.corner_panels.values())
        shown = [p for p in self.pinned if p in self.mobjects and p not in corners]
        return [framing.frame_box(panel) for panel in corners + shown]

    def place_cue(self, cue: Mobject) -> Mobject:
        """Put the prediction cue at the bottom centre, left or right, whichever covers the
        fewest drawn points (and framed labels, as the camera draws them now) and no shown
        panel; the bottom centre on a tie."""
        points, halves = self.framed_now()
        flat = frame_positions(self.renderer.camera, points)
        shown = self.keep_out()

        def covered(spot: np.ndarray) -> float:
            cue.move_to(spot, aligned_edge=DOWN)
            box = framing.frame_box(cue)
            if any(framing.boxes_meet(box, panel) for panel in shown):
                return np.inf
            return float(framing.inside(flat, box, framing.PANEL_MARGIN + halves).sum())

        bottom = cue.get_bottom()
        side = config.frame_width / 2 - cue.width / 2 - framing.FRAME_MARGIN
        spots = [bottom, bottom + side * LEFT, bottom + side * RIGHT]
        return cue.move_to(min(spots, key=covered), aligned_edge=DOWN)

    # --- moving --------------------------------------------------------------------------

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

        return _reframing(UpdateFromAlphaFunc(group, update))

    def trail_group(self, starts: np.ndarray) -> VMobject:
        """Dotted trails from ``starts`` (of length zero until grown with
        :meth:`grow_trails`), added to the scene and kept cut to the frame."""
        trails = figures.trails(starts)
        self.cut_in(trails, reason="a dotted trail grows from its point as the point moves")
        self.trail_ends[id(trails)] = (trails, np.atleast_2d(starts), np.atleast_2d(starts))
        self.add(trails)
        self.trails.add(trails)
        return trails

    def grow_trails(self, trails: VMobject, starts: np.ndarray, path: Path) -> Animation:
        """Animate dotted ``trails`` from fixed ``starts`` to the moving ends ``path(alpha)``,
        cut to the frame."""

        def update(mob: VMobject, alpha: float) -> None:
            self.trail_ends[id(mob)] = (mob, np.atleast_2d(starts), np.atleast_2d(path(alpha)))

        return _reframing(UpdateFromAlphaFunc(trails, update))

    def clip_trail(self, trails: VMobject) -> None:
        """Draw ``trails`` only where the camera shows them inside the frame (a trail
        leaving the frame stops at its edge instead of running across it)."""
        mob, starts, ends = self.trail_ends[id(trails)]
        camera = self.renderer.camera
        spans = framing.visible_spans(lambda p: frame_positions(camera, p), starts, ends)
        unseen = np.isnan(spans[:, 0])  # drawn as nothing, at the origin
        starts, ends = starts.copy(), ends.copy()
        starts[unseen] = ends[unseen] = 0.0
        spans[unseen] = 0.0
        figures.set_dashes(mob, starts, ends, spans=spans)

    def fit_axes(self) -> None:
        """Re-fit the axes to the camera's zoom, each half :data:`scenes.kit.figures.AXIS_SCREEN`
        long on screen, or shorter where perspective would carry an end (and its label) out
        of the frame."""
        camera = self.renderer.camera
        zoom = camera.get_zoom()
        origin = frame_positions(camera, np.zeros(3))[0]
        reach = figures.axis_length(zoom) * np.concatenate([np.eye(3), -np.eye(3)])
        arms = frame_positions(camera, reach) - origin
        limit = framing.frame_limit(framing.FRAME_MARGIN + AXIS_LABEL_ROOM)
        with np.errstate(divide="ignore"):
            room = (limit - np.sign(arms) * origin) / np.abs(arms)
        share = float(np.clip(np.min(room), AXIS_SHORTEST, 1.0))
        self.axis_screen = figures.AXIS_SCREEN * share
        figures.set_axes(self.axes, zoom, self.axis_screen)

    def place_labels(self, coming: tuple[Mobject, ...] = ()) -> None:
        """Put each framed label, then each axis label, at the place beside its anchor that
        keeps in frame and clear of the markers (those drawn and those ``coming`` in),
        guide lines, panels and labels already placed
        (:func:`scenes.kit.placement.choose_offset`); a framed label glides there from where
        it was drawn a frame before (:func:`scenes.kit.placement.glide`), an axis label stays
        at its arrowhead."""
        camera = self.renderer.camera
        shown = [*self.mobjects, *coming]
        drawn = {id(m) for mob in shown for m in mob.get_family()}
        marks = [m for g in self.markers for m in g if id(m) in drawn and _visible(m)]
        centres = np.array([bounds.center(m) for m in marks]).reshape(-1, 3)
        marker_flat = frame_positions(camera, centres)
        marker_halves = np.array([bounds.size(m)[:2] / 2 for m in marks]).reshape(-1, 2)
        lines = [figures.dash_segments(g) for g in self.guides if id(g) in drawn]
        lines += [figures.dash_segments(t) for t in self.trails if t in self.mobjects]
        ends = np.concatenate([np.zeros((0, 2, 3)), *lines]).reshape(-1, 3)
        flat_lines = frame_positions(camera, ends).reshape(-1, 2, 2)
        blocked = self.keep_out()
        limit = framing.frame_limit()
        zoom = camera.get_zoom()
        anchors = figures.axis_label_anchors(zoom, self.axis_screen)
        tips = figures.axis_length(zoom, self.axis_screen) * np.eye(3)
        labelled = [
            (label, self.anchors[id(label)], self.rays.get(id(label)))
            for label in self.framed_labels
        ]
        labelled += [
            (label, anchor, (np.eye(3)[i], 0.0, tips[i]))
            for i, (label, anchor) in enumerate(zip(self.axes[1:], anchors, strict=True))
        ]
        now, gliding = self.renderer.time, False
        frame = np.inf if self.renderer.skip_animations else 1 / config.frame_rate
        for label, anchor, ray in labelled:
            halves = bounds.size(label)[:2] / 2
            offsets = placement.candidate_offsets(halves)
            if ray is not None:  # first on its line's extension, beyond the line's end
                along, clearance, end = ray
                flat = frame_positions(camera, np.stack([end, end + along / zoom, anchor]))
                ahead = placement.along_offsets(flat[1] - flat[0], halves, clearance)
                offsets = np.concatenate([ahead, offsets + (flat[2] - flat[0])])
                anchor = end
            flat = frame_positions(camera, anchor)[0]
            best = placement.choose_offset(
                flat,
                halves,
                marker_flat,
                marker_halves,
                flat_lines,
                blocked,
                limit,
                self.places.get(id(label), 0),
                offsets,
            )
            self.places[id(label)] = best
            shown, then = self.shown_offsets.get(id(label), (None, now))
            step = min(now - then, frame) if label in self.framed_labels else np.inf
            offset = placement.glide(shown, offsets[best], step)
            self.shown_offsets[id(label)] = (offset, now)
            gliding = gliding or not np.allclose(offset, offsets[best])
            label.move_to(scene_offset(camera, anchor, offset))
            blocked.append(framing.frame_box_of(flat + offset, halves))
        self.labels_gliding = gliding

    def refit_overlays(self, coming: tuple[Mobject, ...] = ()) -> None:
        """Cut the trails shown to the frame and place the labels, for the camera now and
        the mobjects ``coming`` into the picture."""
        for trails in self.trails:
            if trails in self.mobjects:
                self.clip_trail(trails)
        self.place_labels(coming)

    def play(self, *animations: Animation, **kwargs) -> None:
        """Play ``animations`` with the labels placed and the trails cut for the picture
        at its start, and, when the animations move the camera or points or a label glides
        to a new place, at every frame."""
        self.refit_overlays(tuple(anim.mobject for anim in animations))
        reframes = any(getattr(anim, "reframes", False) for anim in animations)
        if reframes or self.labels_gliding:
            hook = UpdateFromFunc(self.overlay_hook, lambda _: self.refit_overlays())
            animations = (*animations, hook)
        super().play(*animations, **kwargs)

    def get_moving_mobjects(self, *animations: Animation) -> list[Mobject]:
        """Everything moves while the overlays are refitted at every frame."""
        if any(anim.mobject is self.overlay_hook for anim in animations):
            return list(self.mobjects)
        return super().get_moving_mobjects(*animations)

    @staticmethod
    def reshape(mob: VMobject, polylines: Callable[[float], list[np.ndarray]]) -> Animation:
        """Animate a curve mobject through ``polylines(alpha)``."""
        return UpdateFromAlphaFunc(mob, lambda m, alpha: figures.set_curves(m, polylines(alpha)))

    def ghosts(self, name: str, points: np.ndarray, color: str) -> VGroup:
        """Faded dots that keep an earlier state visible, registered as ``points_mob[name]``
        (added under the dots they copy, as these start to move)."""
        group = self.point_group(name, points, color)
        group.set_opacity(GHOST_OPACITY).set_z_index(style.LAYERS["mark"])
        self.cut_in(group, reason="a faded copy added beneath the dots it copies")
        return group

    def copies(self, *mobjects: Mobject) -> tuple[Mobject, ...]:
        """Declare ``mobjects`` exact copies of figures already drawn, added over them to
        move away (no fade: nothing changes on screen as they appear); return them."""
        self.cut_in(*mobjects, reason="an exact copy added over the figure it copies")
        return mobjects

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

    # --- camera ------------------------------------------------------------------------

    def drawn_points(self) -> np.ndarray:
        """Positions of every dot of the registered point groups now drawn (a group added
        whole, or dot by dot), shape (k, 3)."""
        drawn = {id(m) for m in self.get_mobject_family_members()}
        shown = [
            dot.get_center() for g in self.points_mob.values() for dot in g if id(dot) in drawn
        ]
        return np.reshape(shown, (-1, 3))

    def framed_now(self) -> tuple[np.ndarray, np.ndarray]:
        """What the framing keeps in view now: the drawn points and the centres of the
        framed labels shown, shape (k, 3), with the half width and height each covers on
        screen, shape (k, 2) (zero for a point; a label is drawn at its own size)."""
        shown = [label for label in self.framed_labels if label in self.mobjects]
        figures_shown = [f.points[0::4] for f in self.framed_figures if f in self.mobjects]
        return _with_labels(np.concatenate([self.drawn_points(), *figures_shown]), shown)

    def camera_to(
        self,
        run_time: float,
        *anims: Animation,
        pose: str | None = None,
        degrees: float = 0.0,
        rate_func: Callable[[float], float] = smooth,
        points_move: bool | None = None,
        framed: bool = True,
        zoom: float | None = None,
        reserve: np.ndarray | None = None,
        room_for: tuple[Mobject, ...] = (),
    ) -> None:
        """Play ``anims`` while the camera turns to ``pose`` (and/or ``degrees`` further about
        the vertical axis), at the pose's zoom (or ``zoom``) lowered just enough that every
        drawn point stays in frame.

        Moving points (``points_move``, by default whenever ``anims`` are given) are framed
        frame by frame, the camera animation running after theirs; still points get one zoom
        that frames the whole turn. With ``framed`` off the zoom follows the pose alone (a
        close-up that lets far points leave the frame). The first frame keeps the camera's
        zoom: a framing it does not meet yet is eased into
        (:func:`scenes.kit.framing.settled_bound`), and a framed zoom never changes faster
        than :data:`scenes.kit.framing.ZOOM_SPEED` (:func:`scenes.kit.framing.limited_zoom`),
        so the camera never jumps at a beat's start, after a pause or as labels move.
        ``reserve`` (shape (k, 3)) are points framed as well: where an object the next beat
        adds will be, so the camera makes room for it in time; ``room_for`` are panels,
        placed in their corners, the next beat pins (points are kept from under them
        already).
        """
        points_move = bool(anims) if points_move is None else points_move
        camera = self.renderer.camera
        start = np.array([camera.get_phi(), camera.get_theta(), camera.get_zoom()])
        end = start.copy()
        if pose is not None:
            target = style.POSES[pose]
            end = np.array([target.phi * DEGREES, target.theta * DEGREES, target.zoom])
        end[1] += degrees * DEGREES
        end[2] = end[2] if zoom is None else zoom
        focal = camera.get_focal_distance()

        keep_out = self.keep_out() + [framing.frame_box(panel) for panel in room_for]

        extra = np.zeros((0, 3)) if reserve is None else np.reshape(reserve, (-1, 3))

        def fit(alpha: float) -> float:
            phi, theta = nm.interpolate(start[:2], end[:2], alpha)
            points, halves = self.framed_now()
            points = np.concatenate([points, extra])
            halves = np.concatenate([halves, np.zeros((len(extra), 2))])
            return framing.fit_zoom(points, phi, theta, focal, keep_out, halves)

        steady = np.inf
        if framed and not points_move:
            steady = min(fit(a) for a in np.linspace(0.0, 1.0, _FRAMING_SAMPLES + 1))
        moving_first = fit(0.0) if framed and points_move else np.inf
        last = {"zoom": start[2], "elapsed": 0.0}

        def update(_, elapsed: float) -> None:
            alpha = rate_func(elapsed)
            phi, theta, zoom = nm.interpolate(start, end, alpha)
            seconds = elapsed * run_time
            moving = fit(alpha) if framed and points_move else np.inf
            limit = min(
                framing.settled_bound(steady, steady, start[2], seconds),
                framing.settled_bound(moving, moving_first, start[2], seconds),
            )
            if framed:  # the framing's zoom, never faster than a move
                step = (elapsed - last["elapsed"]) * run_time
                zoom = framing.limited_zoom(last["zoom"], min(zoom, limit), step)
            last.update(zoom=zoom, elapsed=elapsed)
            camera.phi_tracker.set_value(phi)
            camera.theta_tracker.set_value(theta)
            camera.zoom_tracker.set_value(zoom)
            self.fit_axes()

        trackers = Group(camera.phi_tracker, camera.theta_tracker, camera.zoom_tracker)
        turn = _reframing(UpdateFromAlphaFunc(trackers, update, rate_func=linear))
        self.play(*anims, turn, run_time=run_time)

    def orbit(self, degrees: float, run_time: float, *anims: Animation) -> None:
        """Turn the camera ``degrees`` about the vertical axis at constant speed."""
        self.camera_to(run_time, *anims, degrees=degrees, rate_func=linear, points_move=False)

    def orbit_without_trails(self) -> None:
        """The final orbit, fading out the trails (they reach far outside the sphere)."""
        with self.beat("orbit") as tracker:
            fades = [FadeOut(trail) for trail in self.trails]
            self.orbit(self.orbit_degrees, tracker.duration, *fades)

    def reshape_plane(
        self, half_size: Callable[[float], float], gain: Path = _one, bias: Path = _zero
    ) -> Animation:
        """Animate ``self.plane`` through half size, gain and bias given per progress alpha."""
        return self.reshape(
            self.plane, lambda a: [figures.plane_outline(float(half_size(a)), gain(a), bias(a))]
        )

    def orbit_edge_on(self, words: str, normal: np.ndarray, beat: str = "orbit") -> None:
        """Speak ``beat`` while the camera circles: it turns to see the plane of unit
        ``normal`` edge on, arriving (and slowing there) just after ``words`` are said, then
        turns on by :attr:`orbit_degrees` the same way: a claim that points lie in the plane
        is shown where it shows, as a line."""
        with self.beat(beat) as tracker:
            camera = self.renderer.camera
            theta = framing.edge_on_theta(normal, camera.get_phi(), camera.get_theta())
            turn = float(np.degrees(theta - camera.get_theta()))
            said = self.said_at(beat, words, tracker.duration) + APPEAR_SECONDS
            fastest = framing.SMOOTH_PEAK_SLOPE * abs(turn) / TURN_SPEED
            at = min(max(said, fastest), tracker.duration / 2)
            self.camera_to(at, degrees=turn, points_move=False)
            rest = tracker.duration - at
            on = min(self.orbit_degrees, TURN_SPEED * rest / framing.SMOOTH_PEAK_SLOPE)
            self.camera_to(rest, degrees=on if turn >= 0 else -on, points_move=False)

    def orbit_final(self, beat: str = "orbit") -> None:
        """Speak ``beat`` while the camera circles the final state."""
        with self.beat(beat) as tracker:
            self.orbit(self.orbit_degrees, tracker.duration)
