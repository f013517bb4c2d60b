r"""RMSNorm against LayerNorm, in the two regimes of a row's mean and spread.

.. math:: \mathrm{RMSNorm}(x) = \frac{x}{\sqrt{\tfrac1n\sum_i x_i^2 + \epsilon}}

Without centering, RMSNorm rescales each row along its own direction onto the sphere of
radius :math:`\sqrt n`. When :math:`\sigma \gg |\mu|` that direction is already close to the
mean-zero plane, so RMSNorm lands near LayerNorm's equator; when :math:`|\mu| \gg \sigma` it
points along :math:`\pm\mathbf 1` and every row collapses onto the two poles.
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np
from manim import Animation, Create, FadeIn, FadeOut, Mobject, smooth, squish_rate_func

import normmath as nm
from scenes.base.geometry import GHOST_OPACITY, IDEAL_EPS, GeometryScene
from scenes.base.narrated import FOCUS_SHARE
from scenes.kit import figures, panels
from scenes.kit.panels import LegendEntry
from scenes.kit.style import PALETTE

__all__ = ["RMSNormScene", "RMSNormHealthy", "RMSNormCollapse", "RMSNormComparison"]

MARKS_FADE_SHARE = 0.1
"""Share of its beat a group of marks or lines the sentence names takes to appear."""

CLOSE_UP_SECONDS = 1.5
"""Seconds of each silent camera move between the far inputs and the sphere's close-up."""

INPUTS_FADE_SECONDS = 0.5
"""Seconds the far inputs take to fade out before the close-up, and in again after it."""

GAP_WIDTH = 3.5
"""Stroke width of the gap lines (as wide as their legend swatch, so they read at once)."""

RMS_FORMULA = (
    r"\frac{x}{\mathrm{RMS}(x)},\qquad \mathrm{RMS}(x) = \sqrt{\tfrac{1}{n}\textstyle\sum_i x_i^2}"
)


class RMSNormScene(GeometryScene):
    """RMSNorm scenes: the healthy rows (large variance) and the collapse set, each with its
    RMSNorm outputs and LayerNorm targets (epsilon 0)."""

    plane_half_size: ClassVar[float] = 2.2
    ones_label_reach: ClassVar[float] = 1.6
    poles: ClassVar[bool] = False
    """Whether the sphere shows the pole axis, the poles and the all-ones label."""
    formula = RMS_FORMULA
    formula_caption = "RMSNorm: no centering, ε = 0 here"

    def prepare(self) -> None:
        self.cloud = nm.with_cluster_groups(self.params.cloud())
        large = self.cloud.group("large")
        self.healthy = large if len(large) else self.cloud.points
        self.collapse = nm.collapse_set()
        if self.poles:
            position = self.ones_label_reach * nm.collapse_poles(3)[0]
            self.ones_label = self.framed(figures.ones_label(position))

    def narration_values(self) -> dict[str, object]:
        """How many healthy-regime points, which ones, and whether their spread dominates."""
        widely = len(self.healthy) < len(self.cloud.points)
        ratio = float(np.ma.median(nm.mean_to_std_ratio(self.healthy)))
        return {
            "count": len(self.healthy),
            "healthy_kind": "widely spread vectors" if widely else "vectors",
            "spread_dominates": ratio < 1.0,
        }

    @staticmethod
    def rms(points: np.ndarray) -> np.ndarray:
        """RMSNorm outputs of ``points`` (epsilon 0)."""
        return nm.rms_norm(points, eps=IDEAL_EPS).array()

    @staticmethod
    def ln(points: np.ndarray) -> np.ndarray:
        """LayerNorm targets of ``points`` (epsilon 0)."""
        return nm.layer_norm(points, eps=IDEAL_EPS).array()

    def add_sphere(self) -> None:
        """Add the plane, sphere and equator (and, with :attr:`poles`, the pole axis, stars
        and all-ones label)."""
        self.plane = figures.plane(self.plane_half_size, opacity=0.1)
        self.add(self.plane, figures.sphere(), figures.equator())
        if self.poles:
            self.add(figures.pole_axis(), self.facing(figures.pole_markers()), self.ones_label)

    def appear(self, *mobs: Mobject, share: float = FOCUS_SHARE) -> list[Animation]:
        """Fade-ins of ``mobs``, which the beat talks about together (spanning ``share`` of
        the frame's height), over its first :data:`MARKS_FADE_SHARE`: seen as they are
        named."""
        self.talks_about(*mobs, share=share)
        rate = squish_rate_func(smooth, 0.0, MARKS_FADE_SHARE)
        return [FadeIn(mob, rate_func=rate) for mob in mobs]

    def targets(self, points: np.ndarray) -> list:
        """Fade-ins of the LayerNorm targets (crosses) of ``points``, which the beat talks
        about."""
        return self.appear(self.facing(figures.crosses(self.ln(points))), share=0.3)

    def gaps(self, points: np.ndarray) -> list:
        """Creations of the gap lines from each RMSNorm output to its LayerNorm target."""
        lines = figures.segments(
            self.rms(points), self.ln(points), PALETTE["gap"], width=GAP_WIDTH, opacity=1.0
        )
        return [Create(lines, rate_func=squish_rate_func(smooth, 0.0, MARKS_FADE_SHARE))]


class RMSNormHealthy(RMSNormScene):
    """sigma >> mu: RMSNorm lands close to the LayerNorm targets."""

    lecture_order: ClassVar[int] = 60
    chapter: ClassVar[str] = "RMSNorm when sigma >> mu"

    pose = "wide"
    legend_entries = (
        LegendEntry("dot", "raw", "input x (σ ≫ μ)"),
        LegendEntry("dot", "rms", "RMSNorm output"),
        LegendEntry("cross", "ln_target", "LayerNorm target"),
        LegendEntry("line", "gap", "RMS ↔ LN gap"),
    )

    def opening_points(self) -> np.ndarray:
        return np.concatenate([self.healthy, self.ln(self.healthy)])

    def construct(self) -> None:
        self.show_inputs()
        self.close_up()
        self.show_targets()
        self.step_back()
        self.normalize()
        self.show_gaps()
        self.orbit_final()

    def show_inputs(self) -> None:
        with self.beat("intro") as tracker:
            self.add_sphere()
            points = self.point_group("rms", self.healthy, "raw")
            ratio = float(np.ma.median(nm.mean_to_std_ratio(self.healthy)))
            panel = panels.readout([(f"median |μ|/σ = {ratio:.2f}", "text")])
            self.play(
                *self.panels(),
                self.pin(panel, "bottom_right"),
                *self.appear(points),
                run_time=tracker.duration,
            )

    def close_up(self) -> None:
        """Between beats, the far inputs fade out, then the camera closes in on the sphere,
        where the targets will be named."""
        self.play(FadeOut(self.points_mob["rms"]), run_time=INPUTS_FADE_SECONDS)
        self.camera_to(CLOSE_UP_SECONDS, pose="sphere")

    def show_targets(self) -> None:
        with self.beat("targets") as tracker:
            self.play(*self.targets(self.healthy), run_time=tracker.duration)

    def step_back(self) -> None:
        """Between beats, the camera steps back until the (still unseen) inputs fit, then
        they fade in again."""
        inputs = self.points_mob["rms"]
        self.add(inputs.set_opacity(0.0))
        self.camera_to(CLOSE_UP_SECONDS, pose=self.pose)
        self.play(inputs.animate.set_opacity(1.0), run_time=INPUTS_FADE_SECONDS)

    def normalize(self) -> None:
        with self.beat("normalize") as tracker:
            self.talks_about(self.points_mob["rms"])
            moves = self.move_with_trails("rms", self.healthy, self.rms(self.healthy), "rms")
            inputs_entry = self.corner_panels["top_left"][1][0]
            self.camera_to(
                tracker.duration,
                *moves,
                inputs_entry.animate.set_opacity(GHOST_OPACITY),
                pose="sphere",
            )

    def show_gaps(self) -> None:
        """The gap lines, alone among grey lines: the dotted trails fade as they are named."""
        with self.beat("gaps") as tracker:
            gaps = self.gaps(self.healthy)
            self.talks_about(gaps[0].mobject)
            fades = [
                FadeOut(trail, rate_func=squish_rate_func(smooth, 0.0, MARKS_FADE_SHARE))
                for trail in self.trails
            ]
            self.play(*fades, *gaps, run_time=tracker.duration)


class RMSNormCollapse(RMSNormScene):
    """mu >> sigma: RMSNorm collapses every row onto one of the two poles."""

    lecture_order: ClassVar[int] = 70
    chapter: ClassVar[str] = "RMSNorm when mu >> sigma: the poles"
    poles = True
    plane_half_size: ClassVar[float] = 2.0
    """A little smaller, so the plane's corners stay in frame as the close final orbit
    turns them toward the frame's edges."""

    pose = "wide"
    legend_entries = (
        LegendEntry("dot", "positive", "μ > 0  →  +pole"),
        LegendEntry("dot", "negative", "μ < 0  →  −pole"),
        LegendEntry("star", "pole", "poles ±(1, 1, 1)"),
        LegendEntry("cross", "ln_target", "LayerNorm target"),
        LegendEntry("line", "gap", "RMS ↔ LN gap"),
    )
    formula_caption = "|μ| ≫ σ: RMSNorm keeps only sign(μ)"

    def opening_points(self) -> np.ndarray:
        return self.collapse.points

    def construct(self) -> None:
        self.show_inputs()
        self.read_ratio()
        self.collapse_to_poles()
        self.show_targets()
        self.orbit_without_trails()

    def sign_groups(self) -> list[tuple[str, np.ndarray]]:
        """The collapse set's groups by name: ``positive`` and ``negative`` rows."""
        return [(name, self.collapse.group(name)) for name in ("positive", "negative")]

    def show_inputs(self) -> None:
        with self.beat("intro") as tracker:
            self.add_sphere()
            groups = [self.point_group(name, pts, name) for name, pts in self.sign_groups()]
            self.play(*self.panels(), *self.appear(*groups), run_time=tracker.duration)

    def read_ratio(self) -> None:
        with self.beat("ratio") as tracker:
            ratio = float(np.ma.min(nm.mean_to_std_ratio(self.collapse.points)))
            panel = panels.readout([(f"smallest |μ|/σ = {ratio:.1f}", "pole")])
            self.play(self.pin(panel, "bottom_right"), run_time=tracker.duration)

    def collapse_to_poles(self) -> None:
        with self.beat("collapse") as tracker:
            moves = []
            for name, pts in self.sign_groups():
                moves += self.move_with_trails(name, pts, self.rms(pts))
            self.camera_to(tracker.duration, *moves, pose="poles")

    def show_targets(self) -> None:
        with self.beat("targets") as tracker:
            pts = self.collapse.points
            self.play(*self.targets(pts), *self.gaps(pts), run_time=tracker.duration)


class RMSNormComparison(RMSNormScene):
    """Both regimes on one sphere, the camera circling slowly."""

    lecture_order: ClassVar[int] = 80
    chapter: ClassVar[str] = "RMSNorm in both regimes"
    poles = True

    pose = "poles"
    orbit_degrees = 240.0
    legend_entries = (
        LegendEntry("dot", "rms", "RMSNorm, σ ≫ μ"),
        LegendEntry("dot", "positive", "RMSNorm, μ ≫ σ > 0"),
        LegendEntry("dot", "negative", "RMSNorm, −μ ≫ σ"),
        LegendEntry("cross", "ln_target", "LayerNorm target"),
        LegendEntry("star", "pole", "poles ±(1, 1, 1)"),
    )

    def opening_points(self) -> np.ndarray:
        return np.concatenate([self.rms(self.healthy), self.rms(self.collapse.points)])

    def construct(self) -> None:
        self.show_sphere()
        self.show_healthy()
        self.show_collapse()
        self.orbit_final()

    def show_sphere(self) -> None:
        with self.beat("intro") as tracker:
            self.add_sphere()
            self.play(*self.panels(), run_time=tracker.duration)

    def show_healthy(self) -> None:
        with self.beat("healthy") as tracker:
            dots = self.point_group("healthy", self.rms(self.healthy), "rms")
            self.play(
                *self.appear(dots),
                *self.targets(self.healthy),
                *self.gaps(self.healthy),
                run_time=tracker.duration,
            )

    def show_collapse(self) -> None:
        with self.beat("collapse") as tracker:
            groups = [
                self.point_group(name, self.rms(self.collapse.group(name)), name)
                for name in ("positive", "negative")
            ]
            pts = self.collapse.points
            self.play(
                *self.appear(*groups),
                *self.targets(pts),
                *self.gaps(pts),
                run_time=tracker.duration,
            )
