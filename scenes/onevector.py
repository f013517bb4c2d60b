r"""The lesson's one vector in the 3D picture: where LayerNorm and RMSNorm take it.

LayerNorm centers :math:`x` along the all-ones direction onto the plane :math:`x+y+z=0`,
then scales it along its ray in the plane to the sphere of radius :math:`|g|\sqrt 3`;
RMSNorm scales :math:`x` along its own ray to the same sphere. The positions and readouts
are the lesson table's numbers (:func:`normmath.vector_journey`, rounded by
:func:`normmath.display`), and the arc shows the angle between the two outputs. The vector,
gain and epsilon are the lesson's parameters (``--vector``, ``gain``, ``lesson_eps``).

Render with ``manim render -ql scenes/onevector.py OneVectorGeometry``.
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np
from manim import Create, FadeIn, FadeOut, Mobject, smooth, squish_rate_func

import normmath as nm
from scenes.base.geometry import GeometryScene
from scenes.base.narrated import APPEAR_SECONDS, MARK_SHARE
from scenes.kit import figures, panels
from scenes.kit.panels import LegendEntry
from scenes.kit.style import PALETTE

__all__ = ["OneVectorGeometry"]

ORIGIN = np.zeros(3)


class OneVectorGeometry(GeometryScene):
    """The lesson vector x: LayerNorm's two steps, RMSNorm's one, the angle between them."""

    lecture_order: ClassVar[int] = 100
    chapter: ClassVar[str] = "One vector in 3D"
    pose = "vector"
    orbit_degrees = 160.0
    plane_margin = 0.6
    arrow_colors: ClassVar[dict[str, str]] = {"layer_norm": "standardized", "rms": "rms"}
    legend_entries = (
        LegendEntry("dot", "raw", "input x"),
        LegendEntry("dot", "standardized", "LayerNorm(x)"),
        LegendEntry("dot", "rms", "RMSNorm(x)"),
        LegendEntry("line", "sphere", "sphere, radius |g|√n"),
    )
    formula = (
        r"\mathrm{LN}(x) &= g\,\frac{x-\mu}{\sqrt{\sigma^2+\epsilon}} \\"
        r"\mathrm{RMS}(x) &= g\,\frac{x}{\sqrt{\overline{x^2}+\epsilon}}"
    )

    def prepare(self) -> None:
        self.journey = nm.vector_journey(
            self.params.vector, self.params.gain, self.params.lesson_eps
        )
        self.readout_lines: list[tuple[str, str]] = []
        self.arrows: dict[str, Mobject] = {}
        self.panel: Mobject | None = None

    def opening_points(self) -> np.ndarray:
        j = self.journey
        shown = [j.raw, j.centered, j.layer_norm, j.rms_norm]
        return np.array([p for p in shown if p is not None])

    def construct(self) -> None:
        self.show_vector()
        self.center()
        self.scale()
        self.rescale()
        self.show_angle()
        self.orbit_final()

    # --- helpers ---------------------------------------------------------------------------

    def read(self, text: str, color: str) -> list:
        """Add a line to the readout (bottom right): the fade-in of the new panel."""
        self.readout_lines.append((text, color))
        if self.panel is not None:
            self.remove(self.panel)
            self.renderer.camera.remove_fixed_in_frame_mobjects(self.panel)
        self.panel = panels.readout(self.readout_lines)
        return [self.pin(self.panel, "bottom_right")]

    def arrow_to(self, name: str, color: str) -> Mobject:
        """A segment from the origin to ``points_mob[name]``'s dot, kept on it."""
        arrow = figures.segments(ORIGIN, ORIGIN, PALETTE[color], width=3.0, opacity=0.9)
        dot = self.points_mob[name][0]
        arrow.add_updater(lambda m: figures.set_curves(m, [np.stack([ORIGIN, dot.get_center()])]))
        return arrow

    def move(self, name: str, start, end, run_time: float, *anims, color=None) -> None:
        """Move ``points_mob[name]`` from ``start`` to ``end`` with a trail, framed."""
        moves = self.move_with_trails(name, start[None], end[None], color)
        self.camera_to(run_time, *moves, *anims)

    # --- beats -----------------------------------------------------------------------------

    def show_vector(self) -> None:
        with self.beat("intro") as tracker:
            j = self.journey
            radius = np.full(3, abs(j.lesson.gain))
            self.plane = figures.plane(
                nm.plane_half_size(self.opening_points(), self.plane_margin, minimum=2.2)
            )
            reach = figures.axis_length(self.renderer.camera.get_zoom())
            ones = self.framed(figures.ones_label(0.85 * reach * nm.uniform_vector(3)))
            self.add(
                self.plane,
                figures.ellipsoid(radius, color=PALETTE["sphere"], opacity=0.35),
                figures.equator(radius),
                figures.mean_axis(reach),
            )
            x = self.point_group("raw", j.raw[None], "raw")
            arrow = self.arrows["raw"] = self.arrow_to("raw", "raw")
            self.play(
                *self.panels(),
                *self.read(f"x = {nm.display_vector(j.raw)}", "raw"),
                *self.appear_at("intro", "Here it is", tracker.duration, x, arrow),
                FadeIn(ones),
                run_time=tracker.duration,
            )

    def step(self, beat: str, name: str, start, end, label: str, color: str, moves: str) -> None:
        """Beat ``beat``: move the dot ``name`` (drawn from the input, with its arrow, on
        first use) from ``start`` to ``end`` and read ``label = end``; the words ``moves``
        name the moving point. An undefined ``end`` is read as Undefined and nothing moves."""
        with self.beat(beat) as tracker:
            text = f"{label} = {nm.display_vector(end)}"
            if end is None:
                self.play(*self.read(text, "undefined"), run_time=tracker.duration)
                return
            if name not in self.points_mob:
                self.point_group(name, self.journey.raw[None], "raw")
                self.arrows[name] = self.arrow_to(name, self.arrow_colors[name])
                self.add(self.points_mob[name], self.arrows[name])
            after = self.said_at(beat, moves, tracker.duration)
            self.talks_about(self.points_mob[name], share=MARK_SHARE, after=after)
            reading = self.read(text, color)
            self.move(name, start, end, tracker.duration, *reading, color=color)

    def center(self) -> None:
        j = self.journey
        self.step("center", "layer_norm", j.raw, j.centered, "x − μ1", "centered", "The point")

    def scale(self) -> None:
        j = self.journey
        self.step(
            "scale",
            "layer_norm",
            j.centered,
            j.layer_norm,
            "LayerNorm",
            "standardized",
            "The point",
        )

    def rescale(self) -> None:
        j = self.journey
        self.step("rms", "rms", j.raw, j.rms_norm, "RMSNorm", "rms", "the point moves")

    def show_angle(self) -> None:
        with self.beat("angle") as tracker:
            j = self.journey
            if j.angle is None:
                self.play(*self.read("angle: Undefined", "undefined"), run_time=tracker.duration)
                return
            arc = figures.curves(
                [nm.arc_between(j.layer_norm, j.rms_norm, 0.45 * j.radius)], PALETTE["text"], 3.0
            )
            fades = [FadeOut(trail) for trail in self.trails]
            after = self.said_at("angle", "The arc marks", tracker.duration)
            self.talks_about(arc, *[self.arrows[n] for n in ("layer_norm", "rms")], after=after)
            end = min(after + APPEAR_SECONDS, tracker.duration)
            drawn = squish_rate_func(smooth, after / tracker.duration, end / tracker.duration)
            self.play(
                Create(arc, rate_func=drawn),
                *fades,
                *self.read(f"angle between them = {j.angle:.2f}°", "text"),
                run_time=tracker.duration,
            )
