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
from manim import (
    Animation,
    Create,
    FadeIn,
    FadeOut,
    Mobject,
    VGroup,
    smooth,
    squish_rate_func,
)

import normmath as nm
from scenes.base.geometry import GHOST_OPACITY, IDEAL_EPS, GeometryScene, promptly
from scenes.base.narrated import APPEAR_SECONDS, FOCUS_SHARE, AuditException
from scenes.kit import figures, panels
from scenes.kit.framing import SETTLE_SECONDS
from scenes.kit.panels import LegendEntry
from scenes.kit.style import LAYERS, PALETTE

__all__ = ["RMSNormScene", "RMSNormHealthy", "RMSNormCollapse", "RMSNormComparison"]

MARKS_FADE_SHARE = 0.1
"""Share of its beat a group of marks or lines the sentence names takes to appear."""

CLOSE_UP_SECONDS = 1.5
"""Seconds of the camera's move from the far inputs to the sphere's close-up."""

RAYS_SECONDS = 1.5
"""Seconds the rays from the origin to the far inputs take to grow out of the close-up."""

MARKS_RATE = squish_rate_func(smooth, 0.0, MARKS_FADE_SHARE)
"""The rate of marks or lines appearing as a sentence names them."""

TARGETS_SHARE = 0.2
"""Smallest share of the frame's height the targets (or the sphere they lie on) span while
a sentence names them."""

CLOSING_SHARE = 0.15
"""The same, while the camera closes in on them as they are named."""

SPHERE_SHARE = 0.15
"""Smallest share of the frame's height the sphere spans when the rows are said to land on
it (the camera follows them in)."""

STAR_FILL = 0.55
"""Fill opacity of the pole stars: the rows piled on a pole show through its star."""

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
        self.ratios = nm.mean_to_std_ratio(self.healthy)
        if self.poles:
            pole = nm.collapse_poles(3)[0]
            stars = figures.pole_markers().set_fill(opacity=STAR_FILL)
            self.pole_parts = (
                self.guide(figures.pole_axis()),
                self.facing(stars.set_z_index(LAYERS["point"] + 1)),
                self.framed(
                    figures.ones_label(pole), along=pole, clearance=figures.POLE_STAR_RADIUS
                ),
            )

    def narration_values(self) -> dict[str, object]:
        """How many healthy-regime points, which ones, and whether their spread dominates."""
        widely = len(self.healthy) < len(self.cloud.points)
        ratio = float(np.ma.median(self.ratios))
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

    def spread_words(self) -> str:
        """How many healthy rows have a spread larger than their mean, in words: ``|μ| < σ
        for 8 of 10``."""
        below = int(np.ma.sum(self.ratios < 1.0))
        return f"|μ| < σ for {below} of {self.ratios.count()}"

    def add_sphere(self) -> None:
        """Add the plane, sphere and equator (and, with :attr:`poles`, the pole axis, stars
        and all-ones label)."""
        self.plane = figures.plane(self.plane_half_size, opacity=0.1)
        self.sphere = figures.sphere()
        self.add(self.plane, self.sphere, figures.equator())
        if self.poles:
            self.add(*self.pole_figures())

    def pole_figures(self) -> tuple[Mobject, Mobject, Mobject]:
        """The pole axis, the pole stars (drawn over the rows that pile onto them, which
        show through) and the all-ones label."""
        return self.pole_parts

    def appear(self, *mobs: Mobject, share: float = FOCUS_SHARE) -> list[Animation]:
        """Fade-ins of ``mobs``, which the beat talks about together (spanning ``share`` of
        the frame's height), over its first :data:`MARKS_FADE_SHARE`: seen as they are
        named."""
        self.talks_about(*mobs, share=share)
        rate = squish_rate_func(smooth, 0.0, MARKS_FADE_SHARE)
        return [FadeIn(mob, rate_func=rate) for mob in mobs]

    def targets(self, points: np.ndarray, share: float = TARGETS_SHARE) -> list:
        """Fade-ins of the LayerNorm targets (crosses) of ``points`` (kept as ``marks``),
        which the beat talks about (spanning ``share`` of the frame's height), over its first
        :data:`MARKS_FADE_SHARE`."""
        self.marks = self.facing(figures.crosses(self.ln(points)))
        return self.appear(self.marks, share=share)

    def gaps(self, points: np.ndarray) -> list:
        """Creations of the gap lines from each RMSNorm output to its LayerNorm target."""
        lines = figures.segments(
            self.rms(points), self.ln(points), PALETTE["gap"], width=GAP_WIDTH, opacity=1.0
        )
        return [Create(lines, rate_func=squish_rate_func(smooth, 0.0, MARKS_FADE_SHARE))]


class RMSNormHealthy(RMSNormScene):
    """The spread mostly larger than the mean: RMSNorm lands close to the LayerNorm
    targets."""

    lecture_order: ClassVar[int] = 60
    chapter: ClassVar[str] = "RMSNorm when the spread dominates"

    pose = "wide"
    legend_entries = (
        LegendEntry("dot", "raw", "input x"),
        LegendEntry("dot", "rms", "RMSNorm output"),
        LegendEntry("cross", "ln_target", "LayerNorm target"),
        LegendEntry("line", "gap", "RMS ↔ LN gap"),
    )

    close_up_beats = ("targets", "predict", "normalize")
    audit_exceptions = (
        AuditException(
            "text-covered",
            "pinned*",
            "as the camera closes in on the sphere, far inputs pass beneath the legend and the "
            "formula, drawn above them on their backings",
        ),
        AuditException(
            "safe-area",
            "points_mob[[]'rms'[]]",
            "the targets and the question are a close-up of the crosses on the sphere: the far "
            "inputs leave the frame, their rays drawn out to them, until they move in along "
            "those rays as the camera widens to them",
        ),
    )

    def legend_rows(self) -> tuple[LegendEntry, ...]:
        inputs, *rest = self.legend_entries
        return (LegendEntry(inputs.kind, inputs.color, f"input x, {self.spread_words()}"), *rest)

    def opening_points(self) -> np.ndarray:
        return np.concatenate([self.healthy, self.ln(self.healthy)])

    def construct(self) -> None:
        self.show_inputs()
        self.show_targets()
        self.ask()
        self.normalize()
        self.show_gaps()
        self.orbit_final()

    def show_inputs(self) -> None:
        with self.beat("intro") as tracker:
            self.add_sphere()
            points = self.point_group("rms", self.healthy, "raw")
            ratio = float(np.ma.median(self.ratios))
            panel = panels.readout([(f"median |μ|/σ = {ratio:.2f}", "text")])
            self.play(
                *self.panels(),
                self.pin(panel, "bottom_right"),
                *self.appear(points),
                run_time=tracker.duration,
            )

    def show_targets(self) -> None:
        """The camera closes in on the sphere as the crosses on it are named and stays
        there; the rays from the origin to the inputs grow out to them (cut at the frame's
        edge, dotted in the inputs' blue, unlike the grey gap lines to come), so the far
        inputs stay in view as directions."""
        with self.beat("targets") as tracker:
            duration = tracker.duration
            move = min(CLOSE_UP_SECONDS, duration / 3)
            marks = self.targets(self.healthy, CLOSING_SHARE)
            for fade in marks:  # a fade a viewer sees as one, however short the beat
                fade.rate_func = squish_rate_func(smooth, 0.0, min(APPEAR_SECONDS / duration, 1.0))
            origins = np.zeros_like(self.healthy)
            self.input_rays = self.trail_group(origins, PALETTE["raw"])  # not a grey gap line
            grow = self.grow_trails(self.input_rays, origins, lambda alpha: alpha * self.healthy)
            grow.rate_func = squish_rate_func(smooth, 0.0, min(RAYS_SECONDS / duration, 1.0))
            self.camera_to(
                duration,
                *marks,
                grow,
                pose="sphere",
                framed=False,
                rate_func=squish_rate_func(smooth, 0.0, move / duration),
            )

    def ask(self) -> None:
        """The question, in the close-up of the targets it asks about, the inputs' rays
        leading out of the frame to them."""
        with self.beat("predict") as tracker:
            self.talks_about(self.input_rays)
            self.talks_about(self.marks, share=TARGETS_SHARE, words="those targets")
            self.wait(tracker.duration)

    def normalize(self) -> None:
        """The inputs move in along their rays, the camera widening from the close-up just
        enough to hold them (in view within its first :data:`SETTLE_SECONDS`)."""
        with self.beat("normalize") as tracker:
            self.talks_about(self.input_rays)
            self.talks_about(self.points_mob["rms"], after=SETTLE_SECONDS)
            moves = self.move_with_trails("rms", self.healthy, self.rms(self.healthy), "rms")
            promptly(moves, tracker.duration)  # seen moving as the sentence says so
            self.announces("Every point moves", self.points_mob["rms"])
            self.talks_about(self.sphere, share=SPHERE_SHARE, words="the same sphere")
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
    chapter: ClassVar[str] = "RMSNorm when the mean dominates"
    poles = True
    audit_exceptions = (
        AuditException(
            "text-covered",
            "framed_labels*",
            "as the rows collapse and the stars and crosses appear, the all-ones label glides "
            "to a free side of the sphere (rather than jumping there), passing over a few "
            "points or marks for a fraction of a second",
        ),
    )
    plane_half_size: ClassVar[float] = 2.0
    """A little smaller, so the plane's corners stay in frame as the close final orbit
    turns them toward the frame's edges."""

    pose = "wide"
    legend_entries = (
        LegendEntry("dot", "positive", "mean μ > 0"),
        LegendEntry("dot", "negative", "mean μ < 0"),
        LegendEntry("star", "pole", "poles ±(1, 1, 1)"),
        LegendEntry("cross", "ln_target", "LayerNorm target"),
        LegendEntry("line", "gap", "RMS ↔ LN gap"),
    )
    legend_later = (2, 3, 4)
    """The poles answer the question where RMSNorm sends the rows: shown once they are
    named, with the targets."""

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

    def points_mob_of_signs(self) -> list[VGroup]:
        """The drawn rows of both signs."""
        return [self.points_mob[name] for name, _ in self.sign_groups()]

    def show_inputs(self) -> None:
        with self.beat("intro") as tracker:
            self.plane = figures.plane(self.plane_half_size, opacity=0.1)
            self.sphere = figures.sphere()
            self.add(self.plane, self.sphere, figures.equator())
            groups = [self.point_group(name, pts, name) for name, pts in self.sign_groups()]
            self.play(*self.panels(), *self.appear(*groups), run_time=tracker.duration)

    def read_ratio(self) -> None:
        with self.beat("ratio") as tracker:
            ratio = float(np.ma.min(nm.mean_to_std_ratio(self.collapse.points)))
            panel = panels.readout([(f"smallest |μ|/σ = {ratio:.1f}", "pole")])
            star_row = self.corner_panels["top_left"][1][2]
            self.answer(*self.pole_figures(), star_row, texts=("pole",), words="Where")
            self.play(self.pin(panel, "bottom_right"), run_time=tracker.duration)

    def collapse_to_poles(self) -> None:
        """The rows move to the poles; the all-ones line and the stars appear as the
        sentence names them."""
        with self.beat("collapse") as tracker:
            duration = tracker.duration
            moves = []
            for name, pts in self.sign_groups():
                moves += self.move_with_trails(name, pts, self.rms(pts))
            promptly(moves, duration)  # seen moving as the sentence starts
            axis, stars, label = self.pole_figures()
            shown = self.appear_at("collapse", "all-ones diagonal", duration, axis, label)
            shown += self.appear_at("collapse", "two poles", duration, stars)
            self.talks_about(stars, *self.points_mob_of_signs(), words="two poles")
            star_row = self.reveal_legend(2, self.said_rate("collapse", "two poles", duration))
            self.camera_to(duration, *moves, *shown, star_row, pose="poles")

    def show_targets(self) -> None:
        with self.beat("targets") as tracker:
            pts = self.collapse.points
            rows = [self.reveal_legend(row, MARKS_RATE) for row in (3, 4)]
            self.play(*self.targets(pts), *self.gaps(pts), *rows, run_time=tracker.duration)


class RMSNormComparison(RMSNormScene):
    """Both regimes on one sphere, the camera circling slowly."""

    lecture_order: ClassVar[int] = 80
    chapter: ClassVar[str] = "RMSNorm in both regimes"
    poles = True

    pose = "poles"
    orbit_degrees = 240.0
    legend_entries = (
        LegendEntry("dot", "rms", "RMSNorm, |μ| < σ mostly"),
        LegendEntry("dot", "positive", "RMSNorm, μ ≫ σ > 0"),
        LegendEntry("dot", "negative", "RMSNorm, −μ ≫ σ"),
        LegendEntry("cross", "ln_target", "LayerNorm target"),
        LegendEntry("star", "pole", "poles ±(1, 1, 1)"),
    )

    def legend_rows(self) -> tuple[LegendEntry, ...]:
        healthy, *rest = self.legend_entries
        return (LegendEntry(healthy.kind, healthy.color, f"RMSNorm, {self.spread_words()}"), *rest)

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
            self.talks_about(*groups, self.pole_figures()[1])  # the rows on their poles' stars
            rate = squish_rate_func(smooth, 0.0, MARKS_FADE_SHARE)
            self.play(
                *[FadeIn(group, rate_func=rate) for group in groups],
                *self.targets(pts),
                *self.gaps(pts),
                run_time=tracker.duration,
            )
