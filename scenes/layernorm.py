r"""LayerNorm, one geometric step per scene.

.. math:: y = \gamma \odot \frac{x - \mu}{\sqrt{\sigma^2 + \epsilon}} + \beta

Centering projects onto the plane :math:`x+y+z=0`, standardizing puts every point on the
sphere of radius :math:`\sqrt 3` (so on the equator where plane and sphere meet), gain
stretches the sphere into an ellipsoid, bias shifts the figure, and epsilon pulls
low-variance rows inside the sphere. Every position comes from :mod:`normmath`.
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np
from manim import (
    Animation,
    AnimationGroup,
    Create,
    FadeIn,
    Indicate,
    LaggedStart,
    Mobject,
    VGroup,
    linear,
    smooth,
    squish_rate_func,
)

import normmath as nm
from normmath.measures import mean_sphere_gap
from scenes.base.declarations import FOCUS_SHARE, AuditException
from scenes.base.geometry import IDEAL_EPS, GeometryScene, promptly, vector_text
from scenes.base.narrated import APPEAR_SECONDS, MARK_SHARE, appear_rate
from scenes.kit import figures, panels, style
from scenes.kit.panels import LegendEntry
from scenes.kit.style import NEAR_PLANE_HALF_SIZE, PALETTE

__all__ = ["LayerNormScene", "MeanCentering", "Standardization", "Gain", "Bias", "Epsilon"]

NARRATED_FIGURE_SHARE = 0.3
"""Smallest share of the frame's height a figure the narration names spans on screen."""

CLOSE_UP_SHARE = 0.4
"""Share of its beat the camera takes to close up on the sphere the beat names."""

PREDICT_ORBIT_DEGREES = 30.0
"""Degrees the camera turns round a figure while a beat reads its parameter out."""

DEPTH_TURN_DEGREES = 30.0
"""Degrees the camera turns round the cloud while a sentence names a direction or a path
in space (the all-ones line, the points' slide): the turn shows it in depth."""

PLANE_EASE_SHARE = 0.25
"""Share of a zoom's way over which the plane's screen size eases to its new end."""

CLUSTER_SHARE = 0.04
"""Smallest share of the frame's height the tight cluster spans when it is named beside the
far points (the wide view holds them all)."""

EQUATOR_DRAW_SHARE = 0.5
"""Share of its beat the equator takes to be drawn."""

WIDEN_SECONDS = 2.0
"""Seconds the camera takes to widen from the sphere to the far points a sentence names."""

CENTRE_MARK = 0.2
"""Half-size, in scene units, of the cross marking the bias, the shifted figure's centre
(larger than a target cross: it is the one mark the sentence points at)."""

BEFORE_DIM = 0.5
"""Share of its stroke opacity the figure before the bias keeps once its copy moves off."""


class LayerNormScene(GeometryScene):
    """LayerNorm scenes: the point cloud of the parameters and its LayerNorm steps."""

    near_plane_half_size: ClassVar[float] = NEAR_PLANE_HALF_SIZE
    plane_margin: ClassVar[float] = 0.8

    def prepare(self) -> None:
        self.cloud = nm.with_cluster_groups(self.params.cloud())
        self.steps = nm.layer_norm_steps(
            self.cloud.points, self.params.gamma, self.params.beta, eps=IDEAL_EPS
        )
        self.plane_half_size = nm.plane_half_size(
            self.steps.centered, self.plane_margin, minimum=self.near_plane_half_size
        )

    def narration_values(self) -> dict[str, object]:
        """How many points, and whether (and where) a tight cluster sits among them."""
        cluster = nm.tight_cluster(self.cloud.points)
        values: dict[str, object] = {
            "count": len(self.cloud.points),
            "cluster": cluster is not None,
            "far_cluster": cluster is not None and cluster.far_out,
        }
        if cluster is not None:
            values["cluster_count"] = cluster.count
            values["spread_count"] = len(self.cloud.points) - cluster.count
            values["cluster_center"] = tuple(np.round(cluster.center, 1))
        return values

    def plane_with_zoom(self, size: float, zoom: float, rate_func=smooth) -> Animation:
        """Resize ``self.plane`` from its size now to ``size`` while the camera zooms to
        ``zoom`` at ``rate_func`` (the camera's own, unframed move): its screen size eases
        from the start's to the smaller of the two ends' over the first
        :data:`PLANE_EASE_SHARE` of the zoom's way and holds there, so it stays in frame
        throughout and its first frame is the picture before."""
        sizes = (self.near_plane_half_size, self.plane_half_size)
        start = float(np.abs(nm.plane_coordinates(self.plane.get_vertices())).max())
        first = self.renderer.camera.get_zoom()
        screens = (first * start, min(first * start, zoom * size))

        def half_size(alpha: float) -> float:
            now = nm.interpolate(first, zoom, alpha)  # the camera's zoom at this frame
            screen = nm.interpolate(*screens, min(alpha / PLANE_EASE_SHARE, 1.0))
            return float(np.clip(screen / now, *sizes))

        grow = self.reshape_plane(half_size)
        grow.rate_func = rate_func
        return grow

    def widen(self, run_time: float, pose: str, zoom: float, plane: float | None = None) -> None:
        """Turn the camera to ``pose`` at ``zoom`` over the first :data:`WIDEN_SECONDS` of
        ``run_time`` (resizing the plane to half size ``plane`` on the way), then hold."""
        share = min(1.0, WIDEN_SECONDS / run_time)
        rate = squish_rate_func(smooth, 0.0, share)
        anims = [] if plane is None else [self.plane_with_zoom(plane, zoom, rate)]
        self.camera_to(run_time, *anims, pose=pose, zoom=zoom, framed=False, rate_func=rate)

    def group_mask(self, name: str) -> np.ndarray:
        """Boolean mask of the cloud's points labelled ``name``."""
        return np.array([g == name for g in self.cloud.groups])

    def framed_plane(self, half_size: float, gain=1.0, bias=0.0) -> None:
        """Build ``self.plane`` (not yet added), framed like the points."""
        self.plane = self.framed_figure(figures.plane(half_size, gain, bias))

    def wireframe_points(self, gain=1.0, bias=0.0) -> np.ndarray:
        """Every sample of the ellipsoid wireframe through gain and bias, shape (k, 3)."""
        return np.concatenate(figures.ellipsoid_curves(gain, bias))


class MeanCentering(LayerNormScene):
    """Subtracting the mean slides every point along the all-ones line onto the plane."""

    lecture_order: ClassVar[int] = 10
    chapter: ClassVar[str] = "Mean centering: where does each point stop?"

    pose = "cloud"
    orbit_degrees = 150.0
    legend_entries = (
        LegendEntry("dot", "raw", "raw vector x"),
        LegendEntry("dash", "mean_axis", "mean axis (all-ones)"),
        LegendEntry("patch", "plane", "plane x₁+x₂+x₃ = 0"),
        LegendEntry("dot", "centered", "centered x − μ1"),
    )
    legend_later = (1, 2, 3)
    """The mean axis, the plane and the centered points are listed as they appear."""
    formula = r"x - \mu\mathbf{1},\qquad \mu = \tfrac{1}{n}\textstyle\sum_i x_i"

    def opening_points(self) -> np.ndarray:
        return self.steps.raw

    def construct(self) -> None:
        self.show_cloud()
        self.show_mean_axis()
        self.show_plane()
        self.center()
        self.note_cluster()
        self.orbit_edge_on("lies flat in the plane", nm.uniform_vector(3))

    def show_cloud(self) -> None:
        with self.beat("intro") as tracker:
            raw = self.point_group("centered", self.steps.raw, "raw")
            appear = self.appear_at("intro", "Here are", tracker.duration, raw)
            self.play(*self.panels(), *appear, run_time=tracker.duration)

    def show_mean_axis(self) -> None:
        """The camera turns as the sentence says where a point can move, showing the all-ones
        line in depth."""
        with self.beat("mean_axis") as tracker:
            reach = figures.axis_length(self.renderer.camera.get_zoom())
            ones = nm.uniform_vector(3)
            label = self.framed(figures.ones_label(reach * ones), along=ones)
            self.camera_to(
                tracker.duration,
                Create(self.guide(figures.mean_axis(reach))),
                FadeIn(label, rate_func=squish_rate_func(smooth, 0.5, 1.0)),
                self.reveal_legend(1, squish_rate_func(smooth, 0.0, 0.5)),
                degrees=self.gentle_turn(-DEPTH_TURN_DEGREES, tracker.duration),
                points_move=False,
                reserve=figures.plane_outline(self.plane_half_size),
            )

    def show_plane(self) -> None:
        """The plane fades in as it is named, seen first edge on, a line across the pink
        line, then opening as the camera turns back."""
        with self.beat("plane") as tracker:
            self.framed_plane(self.plane_half_size)
            self.add(self.plane)  # framed from the start of its fade-in
            behind = Animation(self.points_mob["centered"])  # redrawn: dimmed as it fades in
            rate = self.said_rate("plane", "they form this blue plane", tracker.duration)
            self.declare.announces("they form this blue plane", self.plane)
            row = self.reveal_legend(2, rate)
            fade = FadeIn(self.plane, rate_func=rate)
            turn = self.gentle_turn(DEPTH_TURN_DEGREES, tracker.duration)  # edge on to open
            self.camera_to(tracker.duration, fade, behind, row, degrees=turn, points_move=False)

    def center(self) -> None:
        with self.beat("center") as tracker:
            self.add(self.ghosts("raw", self.steps.raw, "raw"))
            moves = self.move_with_trails(
                "centered", self.steps.raw, self.steps.centered, "centered"
            )
            self.declare.announces("slides every point", self.points_mob["centered"])
            shown = self.reveal_legend(3, self.said_rate("center", "Centering", tracker.duration))
            moves = promptly(moves, tracker.duration)
            turn = self.gentle_turn(DEPTH_TURN_DEGREES, tracker.duration)
            self.camera_to(tracker.duration, *moves, shown, degrees=turn)

    def note_cluster(self) -> None:
        """The tight cluster flashes as it is named while the camera turns back along the
        slide, showing how far each point travelled."""
        with self.beat("cluster") as tracker:
            mask = self.group_mask("small")
            tight = [dot for dot, m in zip(self.points_mob["centered"], mask, strict=True) if m]
            flashes = [Indicate(d, scale_factor=2.2, color=PALETTE["tight"]) for d in tight]
            flash = squish_rate_func(smooth, 0.0, min(2.0, tracker.duration) / tracker.duration)
            shown = [AnimationGroup(*flashes, rate_func=flash)] if tight else []
            turn = self.gentle_turn(-DEPTH_TURN_DEGREES, tracker.duration)
            self.camera_to(tracker.duration, *shown, degrees=turn, points_move=False)


class Standardization(LayerNormScene):
    """Dividing by the standard deviation moves every centered point onto the sphere."""

    lecture_order: ClassVar[int] = 20
    chapter: ClassVar[str] = "Standardization: which points grow, which shrink?"

    pose = "plane"
    legend_entries = (
        LegendEntry("dot", "centered", "centered x − μ1"),
        LegendEntry("line", "sphere", "sphere, radius √n"),
        LegendEntry("line", "equator", "LayerNorm equator"),
        LegendEntry("dot", "standardized", "standardized x̂"),
    )
    legend_later = (1, 2, 3)
    """The sphere, the equator and the standardized points are listed as they appear."""
    formula = r"\hat x = \frac{x-\mu}{\sigma},\qquad \lVert \hat x \rVert = \sqrt{n}"
    formula_caption = "σ: population std of x"
    close_up_beats = ("sphere", "equator", "predict")
    audit_exceptions = (
        AuditException(
            "safe-area",
            "points_mob[[]'standardized'[]]",
            "the sphere and equator beats are a close-up of the sphere the narration names: "
            "far centered points leave the frame; the camera widens to them all as the "
            "question about them starts",
        ),
        AuditException(
            "text-covered",
            "pinned[[]0[]]*",
            "during the close-up far centered points pass beneath the legend, which is drawn "
            "above them on its backing",
        ),
    )

    def opening_points(self) -> np.ndarray:
        return np.concatenate([self.steps.centered, figures.plane_outline(self.plane_half_size)])

    def construct(self) -> None:
        self.show_centered()
        self.show_sphere()
        self.show_equator()
        self.ask()
        self.standardize()
        self.orbit_without_trails()

    def show_centered(self) -> None:
        with self.beat("intro") as tracker:
            self.framed_plane(self.plane_half_size)
            self.add(self.plane)
            points = self.point_group("standardized", self.steps.centered, "centered")
            appear = self.appear_at("intro", "We start from", tracker.duration, points)
            self.play(*self.panels(), *appear, run_time=tracker.duration)

    def show_sphere(self) -> None:
        with self.beat("sphere") as tracker:
            sphere = figures.sphere()
            self.declare.talks_about(
                sphere, share=NARRATED_FIGURE_SHARE, after=tracker.duration / 2
            )
            rate = squish_rate_func(smooth, 0.0, CLOSE_UP_SHARE)
            close = style.POSES["sphere"].zoom
            drawn = squish_rate_func(smooth, 0.0, 0.6)
            self.camera_to(
                tracker.duration,
                Create(sphere, rate_func=drawn),
                self.reveal_legend(1, drawn),
                self.plane_with_zoom(self.near_plane_half_size, close, rate),
                pose="sphere",
                framed=False,
                rate_func=rate,
            )

    def show_equator(self) -> None:
        with self.beat("equator") as tracker:
            ring = figures.equator()
            drawn = EQUATOR_DRAW_SHARE * tracker.duration
            self.declare.talks_about(ring, share=NARRATED_FIGURE_SHARE, after=drawn)
            rate = squish_rate_func(smooth, 0.0, EQUATOR_DRAW_SHARE)
            row = self.reveal_legend(2, rate)
            self.play(Create(ring, rate_func=rate), row, run_time=tracker.duration)

    def ask(self) -> None:
        """The camera widens from the sphere to every centered point as the question asks
        where they land."""
        with self.beat("predict") as tracker:
            self.declare.talks_about(self.points_mob["standardized"], words="the points")
            near = figures.plane_outline(self.near_plane_half_size)
            zoom = self.framing_zoom("sphere", np.concatenate([self.steps.centered, near]))
            self.widen(tracker.duration, "sphere", zoom)

    def standardize(self) -> None:
        with self.beat("standardize") as tracker:
            moves = self.move_with_trails(
                "standardized", self.steps.centered, self.steps.standardized, "standardized"
            )
            self.declare.announces("slides along its own ray", self.points_mob["standardized"])
            row = self.reveal_legend(3, squish_rate_func(smooth, 0.0, 0.3))
            gone = self.retire_legend(0, squish_rate_func(smooth, 0.7, 1.0))  # all have moved
            moving = promptly(moves, tracker.duration)
            self.camera_to(tracker.duration, *moving, row, gone, pose="sphere")


class Gain(LayerNormScene):
    """The gain gamma scales each axis: the sphere becomes an ellipsoid, the plane tilts."""

    lecture_order: ClassVar[int] = 30
    chapter: ClassVar[str] = "Gain: what shape does the sphere become?"

    pose = "ellipsoid"
    legend_entries = (
        LegendEntry("dot", "standardized", "standardized x̂"),
        LegendEntry("line", "sphere", "sphere, radius √n"),
        LegendEntry("line", "equator", "LayerNorm equator"),
        LegendEntry("dot", "gained", "after gain γ ⊙ x̂"),
        LegendEntry("line", "gained", "ellipsoid"),
    )
    legend_later = (3, 4)
    """The gained points and the ellipsoid answer the question what shape the sphere
    becomes: listed as they appear."""
    formula = r"y = \gamma \odot \hat x"

    def opening_points(self) -> np.ndarray:
        gamma, near = self.params.gamma, self.near_plane_half_size
        return np.concatenate(
            [
                self.steps.standardized,
                self.steps.gained,
                self.wireframe_points(),
                self.wireframe_points(gamma),
                figures.plane_outline(near),
                figures.plane_outline(near, gamma),
            ]
        )

    def construct(self) -> None:
        self.show_sphere()
        self.show_gain()
        self.apply_gain()
        self.note_tilt()
        self.show_semi_axes()

    def narration_values(self) -> dict[str, object]:
        facts = nm.affine_facts(self.params.gamma, self.params.beta)
        return {**super().narration_values(), "gamma": self.params.gamma, **facts}

    def gain_at(self, alpha: float) -> np.ndarray:
        """The gain grown from 1 to gamma, at progress ``alpha``."""
        return nm.interpolate(np.ones(3), self.params.gamma, alpha)

    def show_sphere(self) -> None:
        with self.beat("intro") as tracker:
            self.framed_plane(self.near_plane_half_size)
            self.ellipsoid = self.framed_figure(figures.ellipsoid(np.ones(3)))
            self.ellipse = figures.equator(color=PALETTE["gained"])
            self.spheres = figures.sphere(), figures.equator(width=2.0)  # what the gain grows
            self.add(self.plane, *self.spheres)
            points = self.point_group("gained", self.steps.standardized, "standardized")
            appear = self.appear_at("intro", "We start from", tracker.duration, points)
            self.play(*self.panels(), *appear, run_time=tracker.duration)

    def show_gain(self) -> None:
        """The gain read at the bottom right while each axis is pointed out in turn, the
        camera turning round the sphere whose new shape is asked."""
        with self.beat("predict") as tracker:
            panel = panels.readout([(f"γ = {vector_text(self.params.gamma)}", "gained")])
            duration = tracker.duration
            shown = self.pin(panel, "bottom_right", self.said_rate("predict", "here", duration))
            start = self.said_at("predict", "each coordinate", duration) / duration
            end = self.said_at("predict", "here", duration) / duration
            each = LaggedStart(
                *[Indicate(label, color=PALETTE["gained"]) for label in self.axes[1:]],
                lag_ratio=0.6,
                rate_func=squish_rate_func(linear, start, max(end, start + 0.1)),
            )
            ellipsoid_row = self.corner_panels["top_left"][1][4]
            self.declare.answer(self.ellipsoid, self.ellipse, ellipsoid_row, words="What shape")
            self.orbit(PREDICT_ORBIT_DEGREES, duration, shown, each)

    def apply_gain(self) -> None:
        with self.beat("gain") as tracker:
            self.add(self.ghosts("standardized", self.steps.standardized, "standardized"))
            self.bring_to_front(self.points_mob["gained"])

            def path(alpha: float) -> np.ndarray:
                return nm.apply_affine(self.steps.standardized, self.gain_at(alpha))

            grows = self.said_rate("gain", "As gamma grows", tracker.duration)
            grown = [  # out of the sphere, taking their colour as gamma starts to grow
                self.copy_over(original, copy, grows)
                for original, copy in zip(self.spheres, (self.ellipsoid, self.ellipse), strict=True)
            ]
            trails = self.trail_group(self.steps.standardized)
            near = self.near_plane_half_size
            named = "stays a sphere" if self.narration_values()["even_gain"] else "an ellipsoid"
            named_at = self.said_at("gain", named, tracker.duration)
            self.declare.talks_about(self.ellipsoid, share=NARRATED_FIGURE_SHARE, after=named_at)
            rows = [
                self.reveal_legend(3, grows),
                self.reveal_legend(4, self.said_rate("gain", named, tracker.duration)),
            ]
            growth = [  # under way as "As gamma grows" is said, at the beat's start
                self.move_points("gained", path, "gained"),
                self.grow_trails(trails, self.steps.standardized, path),
                self.reshape(self.ellipsoid, lambda a: figures.ellipsoid_curves(self.gain_at(a))),
                self.reshape(self.ellipse, lambda a: [figures.equator_curve(self.gain_at(a))]),
                self.reshape_plane(lambda a: near, self.gain_at),
            ]
            self.play(*rows, *grown, *promptly(growth, tracker.duration), run_time=tracker.duration)

    def note_tilt(self) -> None:
        with self.beat("tilt") as tracker:
            self.orbit(40.0, tracker.duration)

    def show_semi_axes(self) -> None:
        """The final orbit, with the semi-axes it speaks of shown at the bottom left."""
        with self.beat("orbit") as tracker:
            axes = nm.affine_facts(self.params.gamma, self.params.beta)["semi_axes"]
            text = f"semi-axes √3·|γ| = {vector_text(axes)}"
            panel = panels.readout([(text, "gained")])
            self.declare.talks_about(panel, after=tracker.duration / 3)
            self.orbit(self.orbit_degrees, tracker.duration, self.pin(panel, "bottom_left"))


class Bias(LayerNormScene):
    """The bias beta translates the whole figure; the old position stays visible."""

    lecture_order: ClassVar[int] = 40
    chapter: ClassVar[str] = "Bias: shape or position?"

    pose = "shifted"
    orbit_degrees = 60.0
    """Ending with beta across the view, the copy beside the figure it was moved from (a
    third of a turn ends looking along beta, one behind the other)."""
    legend_entries = (
        LegendEntry("dot", "gained", "after gain γ ⊙ x̂"),
        LegendEntry("line", "gained", "gain's ellipsoid"),
        LegendEntry("dot", "shifted", "output γ ⊙ x̂ + β"),
        LegendEntry("line", "shifted", "output's ellipsoid"),
        LegendEntry("cross", "shifted", "centre β"),
    )
    legend_later = (2, 3, 4)
    """The output and its ellipsoid, listed as they move away from the copy before; the
    centre as it is marked."""
    formula = r"y = \gamma \odot \hat x + \beta"

    def opening_points(self) -> np.ndarray:
        gamma, beta, near = self.params.gamma, self.params.beta, self.near_plane_half_size
        return np.concatenate(
            [
                self.steps.gained,
                self.steps.shifted,
                self.wireframe_points(gamma),
                self.wireframe_points(gamma, beta),
                figures.plane_outline(near, gamma),
                figures.plane_outline(near, gamma, beta),
            ]
        )

    def construct(self) -> None:
        self.show_gained()
        self.show_bias()
        self.shift()
        self.note_center()
        self.orbit_final()

    def narration_values(self) -> dict[str, object]:
        facts = nm.affine_facts(self.params.gamma, self.params.beta)
        return {**super().narration_values(), "beta": self.params.beta, **facts}

    def bias_at(self, alpha: float) -> np.ndarray:
        """The bias grown from 0 to beta, at progress ``alpha``."""
        return nm.interpolate(np.zeros(3), self.params.beta, alpha)

    def show_gained(self) -> None:
        with self.beat("intro") as tracker:
            gamma = self.params.gamma
            self.framed_plane(self.near_plane_half_size, gamma)
            self.gained_figures = (  # what the bias moves
                self.framed_figure(figures.ellipsoid(gamma)),
                figures.equator(gamma, color=PALETTE["gained"]),
            )
            self.add(self.plane, *self.gained_figures)
            self.add(self.ghosts("gained", self.steps.gained, "gained"))
            points = self.point_group("shifted", self.steps.gained, "gained")
            appear = self.appear_at("intro", "Here are the points", tracker.duration, points)
            self.play(*self.panels(), *appear, run_time=tracker.duration)

    def show_bias(self) -> None:
        """The bias read at the bottom right, the camera turning round the figure whose
        shape and position are asked about."""
        with self.beat("predict") as tracker:
            panel = panels.readout([(f"β = {vector_text(self.params.beta)}", "shifted")])
            self.orbit(PREDICT_ORBIT_DEGREES, tracker.duration, self.pin(panel, "bottom_right"))

    def shift(self) -> None:
        with self.beat("shift") as tracker:
            gamma = self.params.gamma
            moved = self.framed_figure(figures.ellipsoid(gamma, color=PALETTE["shifted"]))
            ring = figures.equator(gamma, color=PALETTE["shifted"])
            rate = appear_rate(0.0, tracker.duration)
            taken = [  # copies of the gained figures, taking their colour as they move off
                self.copy_over(original, copy, rate)
                for original, copy in zip(self.gained_figures, (moved, ring), strict=True)
            ]
            taken += [  # the figures left behind recede, as the dots they held do
                original.animate(rate_func=rate).set_stroke(
                    opacity=original.get_stroke_opacity() * BEFORE_DIM
                )
                for original in self.gained_figures
            ]
            self.bring_to_front(self.points_mob["shifted"])

            def path(alpha: float) -> np.ndarray:
                return nm.apply_affine(self.steps.gained, 1.0, self.bias_at(alpha))

            if np.any(self.params.beta):  # what the copy left behind recedes, and its rows
                taken += [self.retire_legend(row, rate) for row in (0, 1)]
            trails = self.trail_group(self.steps.gained)
            near = self.near_plane_half_size
            self.play(
                *taken,
                self.reveal_legend(2, rate),
                self.reveal_legend(3, rate),
                self.move_points("shifted", path, "shifted"),
                self.grow_trails(trails, self.steps.gained, path),
                self.reshape(moved, lambda a: figures.ellipsoid_curves(gamma, self.bias_at(a))),
                self.reshape(ring, lambda a: [figures.equator_curve(gamma, self.bias_at(a))]),
                self.reshape_plane(lambda a: near, lambda a: gamma, self.bias_at),
                run_time=tracker.duration,
            )

    def note_center(self) -> None:
        with self.beat("center") as tracker:
            beta = np.asarray(self.params.beta)[None]
            mark = self.facing(figures.crosses(beta, PALETTE["shifted"], size=CENTRE_MARK))
            named, duration = "The centre of the figure", tracker.duration
            shown = self.appear_at("center", named, duration, mark, share=MARK_SHARE)
            row = self.reveal_legend(4, self.said_rate("center", named, duration))
            self.orbit(PREDICT_ORBIT_DEGREES, duration, *shown, row)


class Epsilon(LayerNormScene):
    """With a large epsilon, only rows whose variance dominates it reach the sphere."""

    close_up_beats = ("predict", "normalize")
    audit_exceptions = (
        AuditException(
            "safe-area",
            "points_mob[[]'large'[]]",
            "the question about the tight cluster is a close-up of it and the sphere: the far "
            "large-variance points, named in the beat before, are outside the frame until "
            "they rush in at the next beat's start",
        ),
        AuditException(
            "text-covered",
            "pinned[[]0[]]*",
            "as the camera closes in and the far points rush in, some pass beneath the legend, "
            "drawn above them on its backing",
        ),
    )
    """The question asks about the tight cluster: the camera closes in on it and the
    sphere, the far large-variance points (named in the beat before) outside the frame until
    they rush in, in the first second of the next beat."""

    lecture_order: ClassVar[int] = 50
    chapter: ClassVar[str] = "Epsilon: where does a tight cluster land?"

    pose = "sphere"
    legend_entries = (
        LegendEntry("line", "sphere", "sphere, radius √n"),
        LegendEntry("cross", "ln_target", "target with ε = 0"),
        LegendEntry("dot", "standardized", "large variance, ε on"),
        LegendEntry("dot", "tight", "tight cluster, ε on"),
    )
    legend_later = (1, 2, 3)
    """The targets and the two groups are listed as they appear."""
    formula = r"\hat x = \frac{x-\mu}{\sqrt{\sigma^2+\varepsilon}}"
    group_colors: ClassVar[dict[str, str]] = {"large": "standardized", "small": "tight"}
    group_labels: ClassVar[dict[str, str]] = {"large": "large variance", "small": "tight cluster"}

    def prepare(self) -> None:
        super().prepare()
        self.regularized = nm.layer_norm(self.cloud.points, eps=self.params.eps).array()
        self.group_names = list(dict.fromkeys(self.cloud.groups))
        self.readout: Mobject | None = None

    def narration_values(self) -> dict[str, object]:
        eps = self.params.eps
        outcome = nm.epsilon_outcome(self.cloud.points, self.group_mask("small"), eps)
        flags = {kind: outcome == kind for kind in ("contrast", "all_reached", "all_inside")}
        return {**super().narration_values(), "eps": eps, **flags}

    def opening_points(self) -> np.ndarray:
        near = figures.plane_outline(self.near_plane_half_size)
        return np.concatenate([self.steps.standardized, self.wireframe_points(), near])

    def construct(self) -> None:
        self.show_targets()
        self.show_groups()
        self.predict()
        self.normalize()
        self.read_gaps()
        self.orbit_without_trails()

    def show_targets(self) -> None:
        with self.beat("intro") as tracker:
            self.framed_plane(self.near_plane_half_size)
            marks = self.facing(figures.crosses(self.steps.standardized))
            appear = self.appear_at(
                "intro", "The green crosses", tracker.duration, marks, share=NARRATED_FIGURE_SHARE
            )
            row = self.reveal_legend(
                1, self.said_rate("intro", "The green crosses", tracker.duration)
            )
            self.add(self.plane, figures.sphere(), figures.equator())
            self.play(*self.panels(), *appear, row, run_time=tracker.duration)

    def show_groups(self) -> None:
        """The camera widens to the centered points as they are named: the far
        large-variance ones, then the tight cluster."""
        with self.beat("groups") as tracker:
            duration = tracker.duration
            groups = {
                name: self.point_group(
                    name,
                    self.steps.centered[self.group_mask(name)],
                    self.group_colors.get(name, "standardized"),
                )
                for name in self.group_names
            }
            if self.clustered():
                far = [groups[name] for name in self.group_names if name != "small"]
                cues = [
                    ("Green points", far, FOCUS_SHARE, (2,)),
                    ("the white cluster", [groups["small"]], CLUSTER_SHARE, (3,)),
                ]
            else:
                cues = [("Here are the points", list(groups.values()), FOCUS_SHARE, (2, 3))]
            named = self.said_at("groups", cues[0][0], duration)
            lead = max(named - WIDEN_SECONDS, 0.0)  # wide by the time they are named
            wide = np.concatenate(
                [self.steps.centered, figures.plane_outline(self.plane_half_size)]
            )
            zoom = self.framing_zoom("sphere", wide)
            if lead > 0:
                self.wait(lead)
            widening = named - lead
            self.widen(widening, "sphere", zoom, self.plane_half_size)
            rest = duration - named

            def shown(words: str, mobs: list[Mobject], share: float, rows) -> list[Animation]:
                """Fade-ins of ``mobs`` and their legend ``rows`` from when ``words`` are
                said, once the camera is wide."""
                said = self.declare.announces(words, *mobs)
                self.declare.talks_about(*mobs, after=said, share=share)
                start, end = said - named, min(said - named + APPEAR_SECONDS, rest)
                rate = squish_rate_func(smooth, start / rest, end / rest)
                listed = [self.reveal_legend(row, rate) for row in rows]
                return [*(FadeIn(mob, rate_func=rate) for mob in mobs), *listed]

            self.play(*[fade for cue in cues if cue[1] for fade in shown(*cue)], run_time=rest)

    def predict(self) -> None:
        """The question about the tight cluster is asked in a close-up of it and the
        sphere (one about every point, in the wide view)."""
        with self.beat("predict") as tracker:
            if not self.clustered():
                self.declare.talks_about(*self.groups(), words="the points")
                self.wait(tracker.duration)
                return
            self.declare.talks_about(self.points_mob["small"], words="the tight cluster")
            close = self.framing_zoom("sphere", self.opening_points())  # the intro's view
            self.widen(tracker.duration, "sphere", close, self.near_plane_half_size)

    def clustered(self) -> bool:
        """Whether the narration names a tight cluster (and the cloud has one)."""
        return bool(self.narration_values()["cluster"]) and "small" in self.group_names

    def groups(self) -> list[VGroup]:
        """The drawn point groups, in cloud order."""
        return [self.points_mob[name] for name in self.group_names]

    def normalize(self) -> None:
        with self.beat("normalize") as tracker:
            moves = []
            for name in self.group_names:
                mask = self.group_mask(name)
                moves += self.move_with_trails(
                    name, self.steps.centered[mask], self.regularized[mask]
                )
            self.camera_to(
                tracker.duration,
                *promptly(moves, tracker.duration),
                pose="sphere",
                room_for=(self.gaps_panel(),),
            )

    def gaps_panel(self) -> Mobject:
        """The readout of each group's mean depth below the sphere, at the bottom right."""
        if self.readout is None:
            lines = [(f"ε = {self.params.eps:g}: mean depth below the sphere", "text")]
            for name in self.group_names:
                gap = mean_sphere_gap(self.regularized[self.group_mask(name)])
                label = self.group_labels.get(name, name)
                lines.append((f"{label}: {gap:.3f}", self.group_colors.get(name, "standardized")))
            self.readout = panels.pin_to_corner(panels.readout(lines), "bottom_right")
        return self.readout

    def read_gaps(self) -> None:
        with self.beat("readout") as tracker:
            self.play(self.pin(self.gaps_panel(), "bottom_right"), run_time=tracker.duration)
