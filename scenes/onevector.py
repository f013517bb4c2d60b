r"""The lesson's one vector in the 3D picture: where LayerNorm and RMSNorm take it.

LayerNorm centers :math:`x` along the all-ones direction onto the plane :math:`x+y+z=0`,
then scales it along its ray in the plane to the sphere of radius :math:`|\gamma|\sqrt 3`;
RMSNorm scales :math:`x` along its own ray to the same sphere. The positions and readouts
are the lesson table's numbers (:func:`normmath.vector_journey`, rounded by
:func:`normmath.display`), and the arc shows the angle between the two outputs. The vector,
gain and epsilon are the lesson's parameters (``--vector``, ``gain``, ``lesson_eps``).

Render with ``manim render -ql scenes/onevector.py OneVectorGeometry``.
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np
from manim import Create, FadeIn, FadeOut, Mobject, Restore, VGroup, smooth, squish_rate_func

import normmath as nm
from scenes.base.declarations import AuditException
from scenes.base.geometry import GeometryScene
from scenes.base.narrated import APPEAR_SECONDS, MARK_SHARE
from scenes.base.parameters import SceneParams
from scenes.kit import figures, panels
from scenes.kit.framing import fit_zoom
from scenes.kit.lesson_state import LessonState
from scenes.kit.panels import LegendEntry
from scenes.kit.style import NEAR_PLANE_HALF_SIZE, PALETTE

__all__ = ["OneVectorGeometry"]

ORIGIN = np.zeros(3)

ONES_REACH = 0.7
"""Share of an axis' length the all-ones line reaches each way (its label, beyond the end,
stays clear of the formula panel)."""

READ_SHARE = 0.2
"""Share of its beat a readout line takes to appear."""

TURNS = np.arange(-180.0, 180.0, 1.0)
"""Degrees about the vertical axis, from the pose, among which the opening view is chosen."""

SCALE_CLOSE_UP = 1.6
"""How much closer the camera comes for LayerNorm's scaling step, a short move along the ray
in the plane onto the sphere (the input, not named then, may leave the frame meanwhile)."""

RAY_REACH = 1.25
"""How far the drawn ray of the centered point reaches, in radii of the sphere (or of the
point's distance, if farther)."""

RIM_WIDTH = 2.5
"""Stroke width of the light rim that sets a dot apart from a curve of its own colour."""


class OneVectorGeometry(GeometryScene):
    """The lesson vector x: LayerNorm's two steps, RMSNorm's one, the angle between them."""

    lecture_order: ClassVar[int] = 100
    chapter: ClassVar[str] = "One vector in 3D"
    pose = "vector"
    orbit_degrees = 160.0
    plane_margin = 0.6
    arrow_colors: ClassVar[dict[str, str]] = {"layer_norm": "standardized", "rms": "rms"}
    close_up_beats = ("scale", "angle")
    audit_exceptions = (
        AuditException(
            "safe-area",
            "points_mob[[]'raw'[]]",
            "the scaling step and the angle's arc are close-ups of the sphere: the input, not "
            "named in them, may leave the frame until the camera widens again",
        ),
        AuditException(
            "text-covered",
            "pinned*",
            "as the camera closes in on the scaling step, the input passes beneath the legend, "
            "drawn above it on its backing",
        ),
    )

    @classmethod
    def page_states(cls, params: SceneParams) -> list[LessonState]:
        """The one state this scene shows: the parameters' lesson vector, gain and epsilon."""
        return [LessonState.of(params.vector, params.gain, params.lesson_eps)]

    rimmed: ClassVar[tuple[str, ...]] = ("layer_norm",)
    """Dots drawn with a light rim: the LayerNorm output, green, sits on the green equator."""
    legend_entries = (
        LegendEntry("dot", "raw", "input x"),
        LegendEntry("dot", "standardized", "LayerNorm(x)"),
        LegendEntry("dot", "rms", "RMSNorm(x)"),
        LegendEntry("line", "sphere", "sphere, radius |γ|√n"),
    )
    formula = (
        r"\mathrm{LayerNorm}(x) &= \gamma\,\frac{x-\mu}{\sqrt{\sigma^2+\varepsilon}} \\"
        r"\mathrm{RMSNorm}(x) &= \gamma\,\frac{x}{\sqrt{\mathrm{mean}(x^2)+\varepsilon}}"
    )

    def prepare(self) -> None:
        self.journey = nm.vector_journey(
            self.params.vector, self.params.gain, self.params.lesson_eps
        )
        self.readout_lines = self.planned_lines()
        self.arrows: dict[str, Mobject] = {}
        self.panel = panels.readout(self.readout_lines, later=len(self.readout_lines) - 1)

    def setup(self) -> None:
        """The opening pose, turned about the vertical axis to the azimuth that shows both
        outputs (on the sphere) most on its near side, neither dimmed behind it, and zoomed
        to frame the opening points from there."""
        super().setup()
        outputs = [p for p in (self.journey.layer_norm, self.journey.rms_norm) if p is not None]
        turns = self.renderer.camera.get_theta() + np.radians(TURNS)
        self.opening_zoom = self.open_facing(np.reshape(outputs, (-1, 3)), turns)
        self.fit_axes()

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
        self.orbit_edge_on("lies in the plane", nm.uniform_vector(3))

    # --- helpers ---------------------------------------------------------------------------

    def planned_lines(self) -> list[tuple[str, str]]:
        """The readout's lines, each with its palette colour (red when undefined), in the
        order the beats read them: the input, the centered vector, both outputs, the angle."""
        j = self.journey
        steps = [
            ("x", j.raw, "raw"),
            ("x − μ1", j.centered, "centered"),
            ("LayerNorm", j.layer_norm, "standardized"),
            ("RMSNorm", j.rms_norm, "rms"),
        ]
        lines = [
            (f"{label} = {nm.display_vector(value)}", color if value is not None else "undefined")
            for label, value, color in steps
        ]
        if j.angle is None:
            return [*lines, ("angle: Undefined", "undefined")]
        return [*lines, (f"angle between them = {j.angle:.2f}°", "text")]

    def build_panels(self) -> dict[str, Mobject]:
        """The legend, the formula and the readout (bottom right, its first line shown with
        them): the opening pose keeps points out from under all three."""
        built = super().build_panels()
        panels.pin_to_corner(self.panel, "bottom_right")
        for row in self.panel[1][1:]:
            row.save_state().set_opacity(0.0)  # restored in place, line by line
        return {**built, "bottom_right": self.panel}

    def read(self, line: int) -> list:
        """Show readout line ``line``, with its strip of the panel's backing, over the first
        fifth of the beat (no line already read ever moves or blinks)."""
        row = self.panel[1][line]
        return [Restore(row, rate_func=squish_rate_func(smooth, 0.0, READ_SHARE))]

    def arrow_to(self, name: str, color: str) -> Mobject:
        """A segment from the origin to ``points_mob[name]``'s dot, kept on it."""
        arrow = figures.segments(ORIGIN, ORIGIN, PALETTE[color], width=3.0, opacity=0.9)
        dot = self.points_mob[name][0]
        arrow.add_updater(lambda m: figures.set_curves(m, [np.stack([ORIGIN, dot.get_center()])]))
        return arrow

    def move(
        self,
        name: str,
        start,
        end,
        run_time: float,
        *anims,
        color=None,
        zoom: float | None = None,
        by: float = 0.0,
    ) -> None:
        """Move ``points_mob[name]`` from ``start`` to ``end`` with a trail, framed; or, given
        ``zoom``, with the camera eased to that zoom ``by`` seconds into the move (into a
        close-up or back from one: not framed)."""
        moves = self.move_with_trails(name, start[None], end[None], color)
        if zoom is None:
            self.camera_to(run_time, *moves, *anims)
            return
        arrive = squish_rate_func(smooth, 0.0, min(by / run_time, 1.0))
        self.camera_to(run_time, *moves, *anims, zoom=zoom, framed=False, rate_func=arrive)

    # --- beats -----------------------------------------------------------------------------

    def show_vector(self) -> None:
        with self.beat("intro") as tracker:
            j = self.journey
            radius = np.full(3, abs(j.lesson.gain))
            self.plane = figures.plane(
                nm.plane_half_size(
                    self.opening_points(), self.plane_margin, minimum=NEAR_PLANE_HALF_SIZE
                )
            )
            reach = ONES_REACH * figures.axis_length(self.renderer.camera.get_zoom())
            diagonal = nm.uniform_vector(3)
            ones = self.framed(figures.ones_label(reach * diagonal), along=diagonal)
            sphere = VGroup(
                figures.ellipsoid(radius, color=PALETTE["sphere"], opacity=0.35),
                figures.equator(radius),
            )
            self.add(self.guide(figures.mean_axis(reach)))
            x = self.point_group("raw", j.raw[None], "raw")
            arrow = self.arrows["raw"] = self.arrow_to("raw", "raw")
            self.play(
                *self.panels(),
                *self.appear_at("intro", "Here it is", tracker.duration, x, arrow),
                *self.appear_at("intro", "beside the plane", tracker.duration, self.plane),
                *self.appear_at("intro", "the sphere", tracker.duration, sphere),
                FadeIn(ones),
                run_time=tracker.duration,
            )

    def step(
        self,
        beat: str,
        name: str,
        start,
        end,
        line: int,
        color: str,
        moves: str,
        zoom: float | None = None,
        named: tuple[str, Mobject] | None = None,
        drawn: tuple[str, Mobject] | None = None,
    ) -> None:
        """Beat ``beat``: move the dot ``name`` (drawn from the input, with its arrow, on
        first use) from ``start`` to ``end`` and read readout line ``line``; the words
        ``moves`` name the moving point (the camera at ``zoom`` by then, if given:
        :meth:`move`); ``named`` (words, a figure) flashes the figure as the words name it,
        ``drawn`` (words, a new figure) fades it in as they do. An undefined ``end`` is read
        as Undefined and nothing moves."""
        with self.beat(beat) as tracker:
            if end is None:
                self.play(*self.read(line), run_time=tracker.duration)
                return
            if name not in self.points_mob:
                dots = self.point_group(name, self.journey.raw[None], "raw")
                if name in self.rimmed:
                    dots.set_stroke(PALETTE["text"], width=RIM_WIDTH)
                self.arrows[name] = self.arrow_to(name, self.arrow_colors[name])
                self.add(*self.copies(self.points_mob[name], self.arrows[name]))
            after = self.said_at(beat, moves, tracker.duration)
            self.declare.talks_about(self.points_mob[name], share=MARK_SHARE, after=after)
            reading = self.read(line)
            if named is not None:
                reading += self.highlight(*named[:1], tracker.duration, named[1], scale=1.05)
            if drawn is not None:
                words, figure = drawn
                self.declare.announces(words, figure)
                rate = self.word_rate(words, tracker.duration, APPEAR_SECONDS)
                reading.append(FadeIn(figure, rate_func=rate))
            self.move(
                name, start, end, tracker.duration, *reading, color=color, zoom=zoom, by=after
            )

    def center(self) -> None:
        j = self.journey
        plane = ("meets the plane", self.plane)
        self.step(
            "center", "layer_norm", j.raw, j.centered, 1, "centered", "The point", named=plane
        )

    def scale(self) -> None:
        """The centered point moves along its ray (drawn from the origin past the sphere as
        it is named) to the standardized point."""
        j = self.journey
        length = float(np.linalg.norm(j.centered))
        ray = None
        if j.layer_norm is not None and length > 0:
            reach = RAY_REACH * max(nm.sphere_radius(3), length)
            ray = ("moves along its ray", self.ray_to(j.centered / length * reach))
        self.step(
            "scale",
            "layer_norm",
            j.centered,
            j.layer_norm,
            2,
            "standardized",
            "The point",
            zoom=self.close_up_zoom(),
            drawn=ray,
        )

    @staticmethod
    def ray_to(end: np.ndarray) -> Mobject:
        """A dashed ray from the origin to ``end``, in the standardized points' colour."""
        return figures.dashes(ORIGIN[None], end[None], PALETTE["standardized"], 20)

    def close_up_zoom(self) -> float:
        """The scaling step's zoom: :data:`SCALE_CLOSE_UP` times the opening zoom, lowered
        just enough to keep every point of the journey and the plane's corners in frame and
        off the panels (an input far from the sphere leaves no room for a close-up)."""
        camera = self.renderer.camera
        held = np.concatenate([self.opening_points(), self.plane.get_vertices()])
        phi, theta = camera.get_phi(), camera.get_theta()
        fit = fit_zoom(held, phi, theta, camera.get_focal_distance(), self.keep_out())
        return min(self.opening_zoom * SCALE_CLOSE_UP, max(fit, self.opening_zoom))

    def rescale(self) -> None:
        j = self.journey
        zoom = self.opening_zoom  # back from the close-up, all in frame again
        self.step("rms", "rms", j.raw, j.rms_norm, 3, "rms", "the point moves", zoom=zoom)

    def show_angle(self) -> None:
        """The camera closes in on the arc as it is drawn between the two outputs."""
        with self.beat("angle") as tracker:
            j = self.journey
            if j.angle is None:
                self.play(*self.read(4), run_time=tracker.duration)
                return
            arc = figures.curves(
                [nm.arc_between(j.layer_norm, j.rms_norm, 0.45 * j.radius)], PALETTE["text"], 3.0
            )
            fades = [FadeOut(trail) for trail in self.trails]
            after = self.said_at("angle", "The arc marks", tracker.duration)
            self.declare.talks_about(
                arc, *[self.arrows[n] for n in ("layer_norm", "rms")], after=after
            )
            end = min(after + APPEAR_SECONDS, tracker.duration)
            drawn = squish_rate_func(smooth, after / tracker.duration, end / tracker.duration)
            closer = squish_rate_func(smooth, after / tracker.duration, 1.0)
            self.camera_to(
                tracker.duration,
                Create(arc, rate_func=drawn),
                *fades,
                *self.read(4),
                zoom=self.close_up_zoom(),
                framed=False,
                rate_func=closer,
            )
