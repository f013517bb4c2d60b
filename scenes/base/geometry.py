"""The base of every geometry scene: camera, axes, panels, named point groups, moves, orbit.

A scene subclass sets class attributes (``pose``, ``legend_entries``, ``formula``, ...) and
writes ``construct`` as a list of beat-named steps. Every point group it draws is kept in
:attr:`GeometryScene.points_mob` under a name, so tests can read the final positions.

Framing: the camera only moves through :meth:`GeometryScene.camera_to`, which zooms out
whenever a drawn point or framed label would leave the frame or slip under a panel pinned in
it (:func:`scenes.kit.fit_zoom`), and the labelled axes follow the zoom so they keep their
screen size. Predictions pause with an on-screen cue before their reveal
(:mod:`scenes.base.narrated`).
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
    UpdateFromAlphaFunc,
    VGroup,
    VMobject,
    config,
    interpolate_color,
    linear,
    smooth,
    squish_rate_func,
)

import normmath as nm
from scenes.base.narrated import NarratedThreeDScene
from scenes.camera.depth import DepthCueCamera, StockDepthCueCamera
from scenes.kit import figures, framing, panels, style

__all__ = [
    "GHOST_OPACITY",
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

Path = Callable[[float], np.ndarray]
"""Positions of a point group at animation progress ``alpha`` in [0, 1], shape (k, 3)."""


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


class GeometryScene(NarratedThreeDScene):
    """A narrated 3D scene drawn from normmath with the shared kit.

    Class attributes (override one to make a variant):

    ``pose``: the starting :data:`scenes.kit.POSES` name; ``legend_entries`` and
    ``formula``/``formula_caption``: the fixed-in-frame legend (top left) and governing
    formula (top right); ``orbit_degrees``: how far the final orbit turns.
    """

    pose: ClassVar[str] = "sphere"
    legend_entries: ClassVar[tuple[panels.LegendEntry, ...]] = ()
    formula: ClassVar[str] = ""
    formula_caption: ClassVar[str | None] = None
    orbit_degrees: ClassVar[float] = 140.0
    caching_camera = DepthCueCamera
    stock_camera = StockDepthCueCamera

    def setup(self) -> None:
        super().setup()
        self.points_mob: dict[str, VGroup] = {}
        self.framed_labels: list[Mobject] = []
        self.pinned: list[Mobject] = []
        self.trails = VGroup()
        self.renderer.camera.should_apply_shading = False
        self.corner_panels = self.build_panels()
        self.prepare()
        pose = style.POSES[self.pose]
        points, halves = _with_labels(self.opening_points(), self.framed_labels)
        fit = framing.fit_zoom(
            points,
            pose.phi * DEGREES,
            pose.theta * DEGREES,
            pose.focal_distance,
            self.keep_out(),
            halves,
        )
        pose = pose.with_zoom(min(pose.zoom, fit))
        self.set_camera_orientation(**pose.kwargs())
        self.axes = figures.axes(pose.zoom)
        figures.face_camera(self, self.axes[1:])
        self.add(self.axes)

    def prepare(self) -> None:
        """Hook: compute this scene's normmath results (called in setup, before the camera
        is placed); labels :meth:`framed` here are framed by the opening pose too."""

    def opening_points(self) -> np.ndarray:
        """Hook: every point the opening pose must hold in frame, shape (k, 3): those drawn
        before the camera first moves, at every position they take until then."""
        return np.zeros((0, 3))

    # --- building ------------------------------------------------------------------------

    def point_group(self, name: str, points: np.ndarray, color: str) -> VGroup:
        """Dots at ``points`` in palette colour ``color``, facing the camera, registered as
        ``points_mob[name]`` (not yet added: animate them in, or :meth:`add`)."""
        group = figures.point_cloud(points, style.PALETTE[color])
        figures.face_camera(self, group)
        self.points_mob[name] = group
        return group

    def facing(self, group: VGroup) -> VGroup:
        """Register ``group``'s members to face the camera; return it."""
        figures.face_camera(self, group)
        return group

    def framed(self, label: Mobject) -> Mobject:
        """Register ``label`` to face the camera and, while it is in the scene (add it
        itself, not inside a group), to be framed like the points: kept in the frame and out
        from under the panels. Return it."""
        figures.face_camera(self, VGroup(label))
        self.framed_labels.append(label)
        return label

    def build_panels(self) -> dict[str, Mobject]:
        """The legend (top left) and formula (top right) of the class attributes, placed in
        their corners but not yet shown: the opening pose keeps points out from under them."""
        built: dict[str, Mobject] = {}
        if self.legend_entries:
            built["top_left"] = panels.legend(self.legend_entries)
        if self.formula:
            built["top_right"] = panels.formula_panel(self.formula, self.formula_caption)
        return {corner: panels.pin_to_corner(panel, corner) for corner, panel in built.items()}

    def panels(self) -> list[Animation]:
        """Fade-ins of the legend (top left) and the formula (top right), fixed in frame."""
        return [self.pin(panel, corner) for corner, panel in self.corner_panels.items()]

    def pin(self, panel: Mobject, corner: str) -> Animation:
        """Fix ``panel`` in a frame corner above everything; return its fade-in, which is
        over in the first fifth of the beat (a still panel is drawn once, then reused)."""
        panels.pin_to_corner(panel, corner).set_z_index(10)
        self.add_fixed_in_frame_mobjects(panel)
        self.pinned.append(panel)
        return FadeIn(panel, rate_func=squish_rate_func(smooth, 0.0, PANEL_FADE_SHARE))

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

        return UpdateFromAlphaFunc(group, update)

    @staticmethod
    def grow_trails(trails: VMobject, starts: np.ndarray, path: Path) -> Animation:
        """Animate dotted ``trails`` from fixed ``starts`` to the moving ends ``path(alpha)``."""
        return UpdateFromAlphaFunc(
            trails, lambda mob, alpha: figures.set_dashes(mob, starts, path(alpha))
        )

    @staticmethod
    def reshape(mob: VMobject, polylines: Callable[[float], list[np.ndarray]]) -> Animation:
        """Animate a curve mobject through ``polylines(alpha)``."""
        return UpdateFromAlphaFunc(mob, lambda m, alpha: figures.set_curves(m, polylines(alpha)))

    def ghosts(self, name: str, points: np.ndarray, color: str) -> VGroup:
        """Faded dots that keep an earlier state visible, registered as ``points_mob[name]``."""
        group = self.point_group(name, points, color)
        group.set_opacity(GHOST_OPACITY).set_z_index(style.LAYERS["mark"])
        return group

    def move_with_trails(
        self, name: str, start: np.ndarray, end: np.ndarray, color: str | None = None
    ) -> list:
        """Animations moving ``points_mob[name]`` from ``start`` to ``end`` on a straight line
        (turning to palette ``color`` if given), drawing dotted trails behind them (the trails
        are added to the scene)."""
        trails = figures.trails(start)
        self.add(trails)
        self.trails.add(trails)

        def path(alpha: float) -> np.ndarray:
            return nm.interpolate(start, end, alpha)

        return [self.move_points(name, path, color), self.grow_trails(trails, start, path)]

    # --- camera ------------------------------------------------------------------------

    def drawn_points(self) -> np.ndarray:
        """Positions of every registered point group now in the scene, shape (k, 3)."""
        shown = [figures.positions(g) for g in self.points_mob.values() if g in self.mobjects]
        return np.concatenate(shown) if shown else np.zeros((0, 3))

    def framed_now(self) -> tuple[np.ndarray, np.ndarray]:
        """What the framing keeps in view now: the drawn points and the centres of the
        framed labels shown, shape (k, 3), with the half width and height each covers on
        screen, shape (k, 2) (zero for a point; a label is drawn at its own size)."""
        shown = [label for label in self.framed_labels if label in self.mobjects]
        return _with_labels(self.drawn_points(), shown)

    def camera_to(
        self,
        run_time: float,
        *anims: Animation,
        pose: str | None = None,
        degrees: float = 0.0,
        rate_func: Callable[[float], float] = smooth,
        points_move: bool | None = None,
    ) -> None:
        """Play ``anims`` while the camera turns to ``pose`` (and/or ``degrees`` further about
        the vertical axis), zoomed out just enough that every drawn point stays in frame.

        Moving points (``points_move``, by default whenever ``anims`` are given) are framed
        frame by frame, the camera animation running after theirs; still points get one zoom
        that frames the whole turn.
        """
        points_move = bool(anims) if points_move is None else points_move
        camera = self.renderer.camera
        start = np.array([camera.get_phi(), camera.get_theta(), camera.get_zoom()])
        end = start.copy()
        if pose is not None:
            target = style.POSES[pose]
            end = np.array([target.phi * DEGREES, target.theta * DEGREES, target.zoom])
        end[1] += degrees * DEGREES
        focal = camera.get_focal_distance()

        keep_out = self.keep_out()

        def fit(alpha: float) -> float:
            phi, theta = nm.interpolate(start[:2], end[:2], alpha)
            points, halves = self.framed_now()
            return framing.fit_zoom(points, phi, theta, focal, keep_out, halves)

        steady = np.inf
        if not points_move:
            steady = min(fit(a) for a in np.linspace(0.0, 1.0, _FRAMING_SAMPLES + 1))

        def update(_, alpha: float) -> None:
            phi, theta, zoom = nm.interpolate(start, end, alpha)
            zoom = min(zoom, steady, fit(alpha) if points_move else np.inf)
            camera.phi_tracker.set_value(phi)
            camera.theta_tracker.set_value(theta)
            camera.zoom_tracker.set_value(zoom)
            figures.set_axes(self.axes, zoom)

        trackers = Group(camera.phi_tracker, camera.theta_tracker, camera.zoom_tracker)
        turn = UpdateFromAlphaFunc(trackers, update, rate_func=rate_func)
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

    def orbit_final(self, beat: str = "orbit") -> None:
        """Speak ``beat`` while the camera circles the final state."""
        with self.beat(beat) as tracker:
            self.orbit(self.orbit_degrees, tracker.duration)
