r"""The lecture's recap: both rules side by side, then every step's final state, narrated.

.. math:: \mathrm{LayerNorm}(x) = \gamma \odot \frac{x - \mu}{\sqrt{\sigma^2 + \epsilon}} + \beta,
          \qquad \mathrm{RMSNorm}(x) = \gamma \odot \frac{x}{\sqrt{\tfrac1n\sum_i x_i^2 + \epsilon}}

Seven small pictures, one per step of the lecture (centering onto the plane, the sphere and
its equator, the gain ellipsoid, the bias shift, epsilon's inner points, RMSNorm near
LayerNorm, the poles), each with one line. Each picture is normmath's 3D result seen from the
kit's ``sphere`` pose and drawn flat, so the scene is 2D and cheap; the step being narrated is
in focus while the others recede. Pictures and words follow the scene parameters.

Render with ``manim render -ql scenes/recap.py Recap``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np
from manim import (
    DEGREES,
    Animation,
    FadeIn,
    FadeOut,
    MathTex,
    Polygon,
    Restore,
    Star,
    SurroundingRectangle,
    UpdateFromAlphaFunc,
    VGroup,
    VMobject,
    Write,
    linear,
)

import normmath as nm
from scenes.base.narrated import NarratedScene
from scenes.kit import figures, framing, style
from scenes.kit.glyphs import plain_text
from scenes.kit.style import CONTENT_WIDTH, PALETTE
from scenes.kit.veil import veil
from scenes.voice.wording import written

__all__ = ["Sketch", "Recap"]

FADE_SECONDS = 0.6
"""Time a picture takes to appear, and the focus to move."""

TILE = (3.3, 1.95)
"""Width and height of a picture, in frame units."""

ROWS = ((-5.25, -1.75, 1.75, 5.25), (-3.5, 0.0, 3.5))
"""Picture centres x, row by row (four LayerNorm steps, then epsilon and RMSNorm)."""

WRITE_SECONDS = 2.0
"""Longest time a formula takes to be written."""

FOCUS_SCALE = 1.6
"""How much larger than in its place at the top a formula is while its parts are named."""

FOCUS_CENTRE = np.array([0.0, 0.6, 0.0])
"""Where a formula sits while its parts are named (the pictures' place, still empty)."""

BOX_FADE = 0.3
"""Seconds a box around a formula part takes to fade in or out."""

ROW_Y = (0.95, -2.2)
"""Picture centres y of the two rows; each line sits under its picture."""

POSE = style.POSES["sphere"]
"""The view of every picture but the poles' (which the ``poles`` view shows apart)."""


@dataclass
class Sketch:
    """3D things to draw flat in one picture, seen from ``pose``: curves, filled polygons,
    dots, crosses, stars.

    Each entry holds 3D points (math coordinates) and a palette colour name.
    """

    curves: list[tuple[list[np.ndarray], str, float]] = field(default_factory=list)
    fills: list[tuple[np.ndarray, str]] = field(default_factory=list)
    dots: list[tuple[np.ndarray, str]] = field(default_factory=list)
    crosses: list[tuple[np.ndarray, str]] = field(default_factory=list)
    stars: list[tuple[np.ndarray, str]] = field(default_factory=list)
    pose: style.CameraPose = POSE

    def _all_points(self) -> np.ndarray:
        parts = [p for lines, _, _ in self.curves for p in lines]
        parts += [p for p, _ in self.fills + self.dots + self.crosses + self.stars]
        return np.concatenate([np.atleast_2d(p) for p in parts])

    def draw(self, center: np.ndarray, size: tuple[float, float]) -> VGroup:
        """The sketch seen from its pose, scaled to fit ``size`` around ``center``."""
        phi, theta = self.pose.phi * DEGREES, self.pose.theta * DEGREES
        focal = self.pose.focal_distance
        flat = framing.project(self._all_points(), phi, theta, 1.0, focal)
        low, high = flat.min(axis=0), flat.max(axis=0)
        scale = float(np.min(np.asarray(size) / np.maximum(high - low, 1e-9)))
        middle = (low + high) / 2

        def place(points: np.ndarray) -> np.ndarray:
            xy = framing.project(np.atleast_2d(points), phi, theta, 1.0, focal)
            xy = (xy - middle) * scale + center[:2]
            return np.column_stack([xy, np.zeros(len(xy))])

        group = VGroup()
        for polygon, color in self.fills:
            shape = Polygon(*place(polygon)[:-1], stroke_width=1.0)
            group.add(shape.set_fill(PALETTE[color], 0.25).set_stroke(PALETTE[color], 0.6))
        for lines, color, opacity in self.curves:
            flat_lines = [place(line) for line in lines]
            group.add(figures.curves(flat_lines, PALETTE[color], width=1.5, opacity=opacity))
        for points, color in self.crosses:
            group.add(figures.crosses(place(points), PALETTE[color], size=0.06))
        for points, color in self.dots:
            group.add(figures.point_cloud(place(points), PALETTE[color], radius=0.055))
        for points, color in self.stars:
            for spot in place(points):
                star = Star(n=5, outer_radius=0.13, inner_radius=0.055, stroke_width=0)
                group.add(star.set_fill(PALETTE[color], 1.0).move_to(spot))
        return group


class Recap(NarratedScene):
    """Both rules side by side, and every step's final state with one line each."""

    lecture_order: ClassVar[int] = 1000
    chapter: ClassVar[str] = "Recap"

    def setup(self) -> None:
        super().setup()
        self.cloud = nm.with_cluster_groups(self.params.cloud())
        self.steps = nm.layer_norm_steps(
            self.cloud.points, self.params.gamma, self.params.beta, eps=0.0
        )
        self.cluster = np.array([g == "small" for g in self.cloud.groups])
        large = self.cloud.group("large")
        self.healthy = large if len(large) else self.cloud.points
        self.collapse = nm.collapse_set()

    def narration_values(self) -> dict[str, object]:
        params = self.params
        outcome = nm.epsilon_outcome(self.cloud.points, self.cluster, params.eps)
        return {
            "gamma": params.gamma,
            "beta": params.beta,
            "eps": params.eps,
            "contrast": outcome == "contrast",
            **nm.affine_facts(params.gamma, params.beta),
        }

    # --- the pictures --------------------------------------------------------------------

    def sketch_center(self) -> Sketch:
        half = nm.plane_half_size(self.steps.centered, margin=0.5)
        reach = 1.2 * half * nm.uniform_vector(3)
        return Sketch(
            fills=[(figures.plane_outline(half), "plane")],
            curves=[([np.stack([-reach, reach])], "mean_axis", 0.9)],
            dots=[(self.steps.centered, "centered")],
        )

    def sketch_sphere(self) -> Sketch:
        return Sketch(
            curves=[
                (figures.ellipsoid_curves(), "sphere", 0.35),
                ([figures.equator_curve()], "equator", 1),
            ],
            dots=[(self.steps.standardized, "standardized")],
        )

    def sketch_gain(self) -> Sketch:
        gamma = self.params.gamma
        return Sketch(
            curves=[
                (figures.ellipsoid_curves(gamma), "gained", 0.45),
                ([figures.equator_curve(gamma)], "gained", 1),
            ],
            dots=[(self.steps.gained, "gained")],
        )

    def sketch_bias(self) -> Sketch:
        gamma, beta = self.params.gamma, self.params.beta
        return Sketch(
            curves=[
                ([figures.equator_curve(gamma)], "gained", 0.5),
                (figures.ellipsoid_curves(gamma, beta), "shifted", 0.45),
                ([figures.equator_curve(gamma, beta)], "shifted", 1),
            ],
            dots=[(self.steps.shifted, "shifted")],
            crosses=[(np.asarray(beta)[None], "shifted")],
        )

    def sketch_epsilon(self) -> Sketch:
        inner = nm.layer_norm(self.cloud.points, eps=self.params.eps).array()
        colors = {"small": "tight"}
        dots = [
            (
                inner[np.array([g == name for g in self.cloud.groups])],
                colors.get(name, "standardized"),
            )
            for name in dict.fromkeys(self.cloud.groups)
        ]
        return Sketch(
            curves=[
                (figures.ellipsoid_curves(), "sphere", 0.35),
                ([figures.equator_curve()], "equator", 0.6),
            ],
            dots=dots,
        )

    def sketch_rms(self) -> Sketch:
        rms = nm.rms_norm(self.healthy, eps=0.0).array()
        ln = nm.layer_norm(self.healthy, eps=0.0).array()
        gaps = [np.stack([a, b]) for a, b in zip(rms, ln, strict=True)]
        return Sketch(
            curves=[
                (figures.ellipsoid_curves(), "sphere", 0.35),
                ([figures.equator_curve()], "equator", 0.8),
                (gaps, "gap", 0.9),
            ],
            crosses=[(ln, "ln_target")],
            dots=[(rms, "rms")],
        )

    def sketch_poles(self) -> Sketch:
        plus, minus = nm.collapse_poles(3)
        dots = [
            (nm.rms_norm(self.collapse.group(name), eps=0.0).array(), name)
            for name in ("positive", "negative")
        ]
        return Sketch(
            curves=[
                (figures.ellipsoid_curves(), "sphere", 0.35),
                ([np.stack([minus, plus])], "pole", 0.8),
            ],
            stars=[(nm.collapse_poles(3), "pole")],
            dots=dots,
            pose=style.POSES["poles"],
        )

    def step_list(self) -> list[tuple[str, str, Callable[[], Sketch]]]:
        """The seven steps in lecture order: beat name, the line under the picture, and the
        method that sketches the picture."""
        gamma, beta, eps = (
            written(v) for v in (self.params.gamma, self.params.beta, self.params.eps)
        )
        return [
            ("center", "Center: onto the plane", self.sketch_center),
            ("standardize", "Divide by σ: equator", self.sketch_sphere),
            ("gain", f"γ = {gamma}", self.sketch_gain),
            ("bias", f"+ β = {beta}", self.sketch_bias),
            ("epsilon", f"ε = {eps}", self.sketch_epsilon),
            ("rms_near", "RMSNorm: own ray", self.sketch_rms),
            ("poles", "|μ| ≫ σ: two poles", self.sketch_poles),
        ]

    # --- the scene -----------------------------------------------------------------------

    def construct(self) -> None:
        rms = self.show_formulas()
        self.covers: list[VMobject] = []
        tiles = self.tiles()
        for (beat, _, _), tile in zip(self.step_list(), tiles, strict=True):
            self.show_step(beat, tile, tiles, *([Restore(rms)] if tile is tiles[0] else []))
        self.show_all("outro")

    def tiles(self) -> list[VGroup]:
        """Every picture with its line under it, in step order."""
        centres = [(x, y) for row, y in zip(ROWS, ROW_Y, strict=True) for x in row]
        tiles = []
        for (_, line, sketch), (x, y) in zip(self.step_list(), centres, strict=True):
            picture = sketch().draw(np.array([x, y, 0.0]), TILE)
            label = plain_text(line, "small").move_to([x, y - TILE[1] / 2 - 0.3, 0])
            tiles.append(VGroup(picture, label))
        return tiles

    def formulas(self) -> tuple[MathTex, MathTex]:
        """Both rules' formulas, each split into its name, gain, product, fraction (and
        LayerNorm's bias): the parts the intro points at."""
        ln = MathTex(
            r"\mathrm{LayerNorm}(x)=",
            r"\gamma",
            r"\odot",
            r"\frac{x-\mu}{\sqrt{\sigma^2+\varepsilon}}",
            r"+",
            r"\beta",
            font_size=34,
            color=PALETTE["ln_target"],
        )
        rms = MathTex(
            r"\mathrm{RMSNorm}(x)=",
            r"\gamma",
            r"\odot",
            r"\frac{x}{\sqrt{\mathrm{mean}(x^2)+\varepsilon}}",
            font_size=34,
            color=PALETTE["rms"],
        )
        both = VGroup(ln, rms).arrange([1, 0, 0], buff=1.0)
        both.scale_to_fit_width(min(both.width, CONTENT_WIDTH)).move_to([0, 3.25, 0])
        return ln, rms

    def show_formulas(self) -> MathTex:
        """LayerNorm's formula written large in the middle, each part boxed while the
        sentence names it (the numerator, the mean subtracted; the denominator; the gain and
        bias); as RMSNorm's sentence starts it moves up to its place and RMSNorm's is written
        large in its stead, its denominator and gain boxed in turn. Returns RMSNorm's formula,
        still large: it joins LayerNorm's at the top as the first step appears."""
        ln, rms = self.formulas()
        for formula in (ln, rms):
            formula.save_state().scale(FOCUS_SCALE).move_to(FOCUS_CENTRE)
        with self.beat("intro") as tracker:
            run_time = tracker.duration
            pointed = [
                ("subtracts the mean", [_fraction_part(ln[3], above=True)]),
                ("divides by the root of the variance", [_fraction_part(ln[3], above=False)]),
                ("applies gain and bias", [ln[1], ln[5]]),
                ("RMSNorm divides", [_fraction_part(rms[3], above=False)]),
                ("applies its gain", [rms[1]]),
            ]
            starts = [self.said_now(words) for words, _ in pointed] + [run_time]
            turn = starts[3]  # RMSNorm's sentence: LayerNorm's formula moves up, then
            swap = min(FADE_SECONDS, (run_time - turn) / 3)  # RMSNorm's is written
            ready = turn + 2 * swap
            self.declare.talks_about(ln)
            self.declare.talks_about(rms, after=ready)
            self.declare.announces("RMSNorm divides", ln)
            write = min(WRITE_SECONDS, starts[0])
            boxes = []
            for (words, parts), said, end in zip(pointed, starts, starts[1:], strict=False):
                start = said if said < turn else max(said, ready)  # once RMSNorm's is written
                for part in parts:
                    box = SurroundingRectangle(part, color=PALETTE["tight"], buff=0.06)
                    if start == said:
                        self.declare.announces(words, box)
                    boxes.append((box, start, end))

            def shown(begin: float, end: float) -> list[Animation]:
                windows = [w for w in boxes if begin <= w[1] < end]
                return [_shown_between(*w, begin, end - begin) for w in windows]

            self.play(Write(ln), run_time=write)
            self.play(*shown(write, turn), run_time=turn - write)
            self.play(Restore(ln), run_time=swap)
            self.play(Write(rms), run_time=swap)
            self.play(*shown(ready, run_time), run_time=run_time - ready)
            self.remove(*(box for box, _, _ in boxes))
        return rms

    def show_step(self, beat: str, tile: VGroup, tiles: list[VGroup], *also: Animation) -> None:
        """Speak ``beat`` while its picture appears in focus and the one before recedes (and
        ``also`` plays)."""
        with self.beat(beat) as tracker:
            self.declare.talks_about(tile)
            changes = [FadeIn(tile), *also]
            before = tiles.index(tile) - 1
            if before >= 0:
                self.covers.append(veil(tiles[before]))
                changes.append(FadeIn(self.covers[-1]))
            self.play(*changes, run_time=FADE_SECONDS)
            self.wait(max(tracker.duration - FADE_SECONDS, 1 / self.camera.frame_rate))

    def show_all(self, beat: str) -> None:
        """Speak ``beat`` with every picture back in focus."""
        with self.beat(beat) as tracker:
            self.play(*[FadeOut(c) for c in self.covers], run_time=FADE_SECONDS)
            self.wait(max(tracker.duration - FADE_SECONDS, 1 / self.camera.frame_rate))


def _fraction_part(fraction: VMobject, above: bool) -> VGroup:
    """The glyphs of a typeset fraction above its centre (the numerator) or below it (the
    denominator)."""
    middle = fraction.get_center()[1]
    glyphs = fraction.family_members_with_points()
    return VGroup(*(g for g in glyphs if (g.get_center()[1] > middle) == above and g.height > 0))


def _shown_between(
    box: VMobject, start: float, end: float, begin: float, length: float
) -> Animation:
    """An animation of a play that starts ``begin`` seconds into the beat and lasts
    ``length``: ``box`` fades in over :data:`BOX_FADE` seconds from ``start`` (seconds into
    the beat) and out again by ``end``, transparent outside that window."""
    box.set_stroke(opacity=0.0)

    def show(mob: VMobject, alpha: float) -> None:
        t = begin + alpha * length
        rise = np.clip((t - start) / BOX_FADE, 0.0, 1.0)
        fall = np.clip((end - t) / BOX_FADE, 0.0, 1.0)
        mob.set_stroke(opacity=float(min(rise, fall)))

    return UpdateFromAlphaFunc(box, show, rate_func=linear)
