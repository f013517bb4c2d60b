"""A worked example of a scene of one's own (see docs/authoring.md): one vector, its mean
part along the all-ones line and its centered part in the plane.

Render it with ``normgeom render docs/examples/projection.py:Projection -q low``.
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np
from manim import Create, FadeIn

import normmath as nm
from scenes.base.geometry import GeometryScene
from scenes.kit import figures
from scenes.kit.panels import LegendEntry
from scenes.kit.style import PALETTE

APPEAR = 1.5
"""Seconds a beat's figure takes to appear; the beat's sentence names it from then on."""


class Projection(GeometryScene):
    """One vector splits into its mean part and its centered part."""

    chapter: ClassVar[str] = "One vector, two parts"
    pose = "vector"
    legend_entries = (
        LegendEntry("dot", "raw", "input x"),
        LegendEntry("dot", "centered", "centered x − μ"),
        LegendEntry("dot", "mean_axis", "mean part μ1"),
        LegendEntry("dash", "mean_axis", "all-ones line"),
    )
    formula = r"x = \mu\mathbf{1} + (x - \mu\mathbf{1})"

    def prepare(self) -> None:
        """Every number drawn comes from normmath: the vector, its mean part, its centered
        part (the parameters' lesson vector, so ``--vector`` changes the picture)."""
        self.x = np.asarray(self.params.vector, dtype=float)
        self.centered = nm.project_to_mean_zero(self.x)
        self.mean_part = self.x - self.centered

    def opening_points(self) -> np.ndarray:
        return np.vstack([self.x, self.centered, self.mean_part, np.zeros(3)])

    def narration_values(self) -> dict[str, object]:
        return {"vector": tuple(self.x), "mean": float(self.x.mean())}

    def construct(self) -> None:
        self.show_vector()
        self.split()
        self.orbit_final()

    def show_vector(self) -> None:
        with self.beat("vector") as tracker:
            point = self.point_group("x", self.x[None], "raw")
            arrow = figures.segments(np.zeros(3), self.x, PALETTE["raw"], width=3)
            self.play(*self.panels(), FadeIn(point), Create(arrow), run_time=APPEAR)
            self.declare.talks_about(point, arrow, after=APPEAR)  # the sentence names the vector
            self.wait(tracker.duration - APPEAR)

    def split(self) -> None:
        with self.beat("split") as tracker:
            line = figures.mean_axis(figures.axis_length(self.renderer.camera.get_zoom()))
            mean = self.point_group("mean", self.mean_part[None], "mean_axis")
            centered = self.point_group("centered", self.centered[None], "centered")
            parts = figures.segments(
                np.zeros((2, 3)), np.vstack([self.mean_part, self.centered]), PALETTE["text"]
            )
            self.play(Create(line), FadeIn(mean), FadeIn(centered), Create(parts), run_time=APPEAR)
            self.declare.talks_about(mean, centered, parts, after=APPEAR)
            self.wait(tracker.duration - APPEAR)
