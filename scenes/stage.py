"""The base of every geometry scene: camera pose, panels, named point groups, moves, orbit.

A scene subclass sets class attributes (``pose``, ``legend_entries``, ``formula``, ...) and
writes ``construct`` as a list of beat-named steps. Every point group it draws is kept in
:attr:`GeometryScene.points_mob` under a name, so tests can read the final positions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import numpy as np
from manim import (
    Animation,
    FadeIn,
    FadeOut,
    ManimColor,
    Mobject,
    UpdateFromAlphaFunc,
    VGroup,
    VMobject,
    interpolate_color,
    smooth,
    squish_rate_func,
)

import normmath as nm
from scenes import kit
from scenes.narrated import NarratedThreeDScene
from scenes.params import SceneParams, load_params

__all__ = ["GHOST_OPACITY", "IDEAL_EPS", "Path", "GeometryScene", "vector_text"]

GHOST_OPACITY = 0.35
"""Opacity of the faded copy of an earlier state."""

IDEAL_EPS = 0.0
"""Epsilon of the ideal normalizations drawn (exactly on the sphere); Epsilon varies it."""

PANEL_FADE_SHARE = 0.2
"""Share of its beat a panel takes to fade in."""

Path = Callable[[float], np.ndarray]
"""Positions of a point group at animation progress ``alpha`` in [0, 1], shape (k, 3)."""


def _one(alpha: float) -> float:
    return 1.0


def _zero(alpha: float) -> float:
    return 0.0


def vector_text(values) -> str:
    """A short vector label such as ``(2, 0.4, 1.5)`` (3 significant digits)."""
    return "(" + ", ".join(f"{float(v):.3g}" for v in values) + ")"


class GeometryScene(NarratedThreeDScene):
    """A narrated 3D scene drawn from normmath with the shared kit.

    Class attributes (override one to make a variant):

    ``pose``: the starting :data:`scenes.kit.POSES` name; ``legend_entries`` and
    ``formula``/``formula_caption``: the fixed-in-frame legend (top left) and governing
    formula (top right); ``orbit_degrees``: how far the final orbit turns.
    """

    pose: ClassVar[str] = "sphere"
    legend_entries: ClassVar[tuple[kit.LegendEntry, ...]] = ()
    formula: ClassVar[str] = ""
    formula_caption: ClassVar[str | None] = None
    orbit_degrees: ClassVar[float] = 140.0

    def setup(self) -> None:
        super().setup()
        self.params: SceneParams = load_params()
        self.points_mob: dict[str, VGroup] = {}
        self.trails = VGroup()
        self.renderer.camera.should_apply_shading = False
        self.set_camera_orientation(**kit.POSES[self.pose].kwargs())
        self.prepare()

    def prepare(self) -> None:
        """Hook: compute this scene's normmath results (called at the end of setup)."""

    # --- building ------------------------------------------------------------------------

    def point_group(self, name: str, points: np.ndarray, color: str) -> VGroup:
        """Dots at ``points`` in palette colour ``color``, facing the camera, registered as
        ``points_mob[name]`` (not yet added: animate them in, or :meth:`add`)."""
        group = kit.point_cloud(points, kit.PALETTE[color])
        kit.face_camera(self, group)
        self.points_mob[name] = group
        return group

    def facing(self, group: VGroup) -> VGroup:
        """Register ``group``'s members to face the camera; return it."""
        kit.face_camera(self, group)
        return group

    def panels(self) -> list[Animation]:
        """Fade-ins of the legend (top left) and the formula (top right), fixed in frame."""
        anims = []
        if self.legend_entries:
            anims.append(self.pin(kit.legend(self.legend_entries), "top_left"))
        if self.formula:
            panel = kit.formula_panel(self.formula, self.formula_caption)
            anims.append(self.pin(panel, "top_right"))
        return anims

    def pin(self, panel: Mobject, corner: str) -> Animation:
        """Fix ``panel`` in a frame corner above everything; return its fade-in, which is
        over in the first fifth of the beat (a still panel is drawn once, then reused)."""
        kit.pin_to_corner(panel, corner).set_z_index(10)
        self.add_fixed_in_frame_mobjects(panel)
        return FadeIn(panel, rate_func=squish_rate_func(smooth, 0.0, PANEL_FADE_SHARE))

    # --- moving --------------------------------------------------------------------------

    def move_points(self, name: str, path: Path, color: str | None = None) -> Animation:
        """Animate ``points_mob[name]`` along ``path`` (alpha already eased by the rate),
        fading the dots to palette ``color`` on the way if given."""
        group = self.points_mob[name]
        starts = [dot.get_fill_color() for dot in group]
        end = ManimColor(kit.PALETTE[color]) if color else None

        def update(mob: VGroup, alpha: float) -> None:
            kit.place(mob, path(alpha))
            if end is not None:
                for dot, start in zip(mob, starts, strict=True):
                    dot.set_fill(interpolate_color(start, end, alpha))

        return UpdateFromAlphaFunc(group, update)

    @staticmethod
    def grow_trails(trails: VMobject, starts: np.ndarray, path: Path) -> Animation:
        """Animate dotted ``trails`` from fixed ``starts`` to the moving ends ``path(alpha)``."""
        return UpdateFromAlphaFunc(
            trails, lambda mob, alpha: kit.set_dashes(mob, starts, path(alpha))
        )

    @staticmethod
    def reshape(mob: VMobject, polylines: Callable[[float], list[np.ndarray]]) -> Animation:
        """Animate a curve mobject through ``polylines(alpha)``."""
        return UpdateFromAlphaFunc(mob, lambda m, alpha: kit.set_curves(m, polylines(alpha)))

    def ghosts(self, name: str, points: np.ndarray, color: str) -> VGroup:
        """Faded dots that keep an earlier state visible, registered as ``points_mob[name]``."""
        group = self.point_group(name, points, color)
        group.set_opacity(GHOST_OPACITY).set_z_index(kit.LAYERS["mark"])
        return group

    def move_with_trails(
        self, name: str, start: np.ndarray, end: np.ndarray, color: str | None = None
    ) -> list:
        """Animations moving ``points_mob[name]`` from ``start`` to ``end`` on a straight line
        (turning to palette ``color`` if given), drawing dotted trails behind them (the trails
        are added to the scene)."""
        trails = kit.dashes(start, start, kit.PALETTE["trail"])
        self.add(trails)
        self.trails.add(trails)

        def path(alpha: float) -> np.ndarray:
            return nm.interpolate(start, end, alpha)

        return [self.move_points(name, path, color), self.grow_trails(trails, start, path)]

    def orbit_without_trails(self) -> None:
        """The final orbit, fading out the trails (they reach far outside the sphere)."""
        with self.beat("orbit") as tracker:
            fades = [FadeOut(trail) for trail in self.trails]
            kit.orbit(self, self.orbit_degrees, tracker.duration, *fades)

    def reshape_plane(
        self, half_size: Callable[[float], float], gain: Path = _one, bias: Path = _zero
    ) -> Animation:
        """Animate ``self.plane`` through half size, gain and bias given per progress alpha."""
        return self.reshape(
            self.plane, lambda a: [kit.plane_outline(float(half_size(a)), gain(a), bias(a))]
        )

    def orbit_final(self, beat: str = "orbit") -> None:
        """Speak ``beat`` while the camera circles the final state."""
        with self.beat(beat) as tracker:
            kit.orbit(self, self.orbit_degrees, tracker.duration)
