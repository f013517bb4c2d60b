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
    VMobject,
    smooth,
    squish_rate_func,
    there_and_back,
)

import normmath as nm
from scenes.base.declarations import FOCUS_SHARE, AuditException
from scenes.base.geometry import GHOST_OPACITY, IDEAL_EPS, GeometryScene, promptly
from scenes.base.narrated import APPEAR_SECONDS, appear_rate
from scenes.kit import figures, framing, panels
from scenes.kit.panels import LegendEntry
from scenes.kit.style import LAYERS, NEAR_PLANE_HALF_SIZE, PALETTE, POSES

__all__ = ["RMSNormScene", "RMSNormHealthy", "RMSNormCollapse", "RMSNormComparison"]

MARKS_FADE_SHARE = 0.1
"""Share of its beat a group of marks or lines the sentence names takes to appear."""

INPUT_REACH = 2.6
"""Most sphere radii from the origin an input of the healthy regime is drawn at: they are
drawn at one common reduced scale (:func:`normmath.drawing_scale`), so that they and the
targets on the sphere fit one legible framing."""

REASON_WORDS = "neither LayerNorm nor RMSNorm"
"""The words saying why the inputs' scale changes no output: its caption line shows then."""
RAY_WORDS = "only on its direction"
"""The words at which RMSNormHealthy draws the inputs' rays and slides the inputs along them."""
RAY_WIDTH = 1.2
"""Stroke width of those rays: thinner than the gap lines, under the dotted trails."""
SCALE_WORDS = "scaled down"
"""The words at which RMSNormHealthy's inputs shrink back from their true length."""
SCALE_SECONDS = 2.0
"""Seconds the inputs take to shrink from their true length to the drawn one."""
SLIDE_SHARE = 0.55
"""Share of its drawn length an input slides in to along its ray, and back."""
SLIDE_SECONDS = 2.4
"""Seconds that slide in and back takes."""
TARGETS_TURN = 25.0
"""Degrees the camera turns as the LayerNorm targets appear: they are seen to ride on the
equator in depth."""

SIGN_WORDS = ("Orange ones", "violet ones")
"""The words naming RMSNormCollapse's positive and negative rows, in the order of
:meth:`RMSNormCollapse.sign_groups`."""
DESCRIBED_WORDS = "sixteen vectors"
"""The words at which RMSNormCollapse's camera starts circling the rows it describes."""
INTRO_TURN = -50.0
"""Degrees the camera turns about the rows as they are described and named."""
APART_WORDS = "They start far apart"
"""The words at which RMSNormCollapse's camera turns to see the two groups far apart."""

AXIS_WORDS = "the pole axis"
"""The words at which RMSNormComparison's pole axis appears and its camera turns."""
AXIS_TURN = -20.0
"""Degrees RMSNormComparison's camera turns as the pole axis appears."""
NEARER_WORDS = "the nearer RMSNorm leaves it"
"""The words at which RMSNormComparison's nearest pair of output and target flashes."""

GAP_WORDS = "the shorter its gap"
"""The words tying each gap to the row's ratio of mean to spread: the ratios show then."""

CLOSE_ZOOM = POSES["sphere"].zoom
"""The zoom the camera closes in to as the inputs land on the sphere."""

MARKS_RATE = squish_rate_func(smooth, 0.0, MARKS_FADE_SHARE)
"""The rate of marks or lines appearing as a sentence names them."""

TARGETS_SHARE = 0.2
"""Smallest share of the frame's height the targets (or the sphere they lie on) span while
a sentence names them."""

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

    plane_half_size: ClassVar[float] = NEAR_PLANE_HALF_SIZE
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

    def add_sphere(self, with_poles: bool = True) -> None:
        """Add the plane, sphere and equator (and, with :attr:`poles` and ``with_poles``, the
        pole axis, stars and all-ones label)."""
        self.plane = figures.plane(self.plane_half_size, opacity=0.1)
        self.sphere = figures.sphere()
        self.equator = figures.equator()
        self.add(self.plane, self.sphere, self.equator)
        if self.poles and with_poles:
            self.add(*self.pole_figures())

    def pole_figures(self) -> tuple[Mobject, Mobject, Mobject]:
        """The pole axis, the pole stars (drawn over the rows that pile onto them, which
        show through) and the all-ones label."""
        return self.pole_parts

    def appear(self, *mobs: Mobject, share: float = FOCUS_SHARE) -> list[Animation]:
        """Fade-ins of ``mobs``, which the beat talks about together (spanning ``share`` of
        the frame's height), over its first :data:`MARKS_FADE_SHARE`: seen as they are
        named."""
        self.declare.talks_about(*mobs, share=share)
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
    targets. The inputs are drawn at one common reduced scale (:func:`normmath.drawing_scale`),
    said and shown: with epsilon 0 neither rule depends on a row's length, so inputs, targets
    and outputs share one legible framing from the first sentence to the last."""

    lecture_order: ClassVar[int] = 60
    chapter: ClassVar[str] = "RMSNorm when the spread dominates"

    pose = "inputs"
    legend_entries = (
        LegendEntry("dot", "raw", "input x"),
        LegendEntry("cross", "ln_target", "LayerNorm target"),
        LegendEntry("dot", "rms", "RMSNorm output"),
        LegendEntry("line", "gap", "RMS ↔ LN gap"),
    )
    legend_later = (1, 2, 3)
    """The targets' row shows with the targets, the outputs' and gaps' rows after the
    question (they would hint at its answer)."""

    def prepare(self) -> None:
        super().prepare()
        self.scale = nm.drawing_scale(self.healthy, INPUT_REACH)
        self.drawn = self.healthy / self.scale

    def narration_values(self) -> dict[str, object]:
        """Those of :class:`RMSNormScene`, and the factor the inputs are drawn shorter by."""
        return {**super().narration_values(), "scale": self.scale, "scaled": self.scale > 1}

    def legend_rows(self) -> tuple[LegendEntry, ...]:
        inputs, *rest = self.legend_entries
        return (LegendEntry(inputs.kind, inputs.color, f"input x, {self.spread_words()}"), *rest)

    def opening_points(self) -> np.ndarray:
        return np.concatenate([self.drawn, self.ln(self.healthy)])

    def keep_out(self) -> list[framing.Box]:
        """The panels' boxes and, until the question's pause, the prediction cue's spot at
        the bottom centre: the camera, still until the question is answered, frames no input
        where the cue will cover it."""
        boxes = super().keep_out()
        if "predict" in self.beats_done:
            return boxes
        return [*boxes, framing.frame_box(panels.prediction_cue())]

    def construct(self) -> None:
        self.show_inputs()
        self.show_scale()
        self.show_targets()
        self.ask()
        self.normalize()
        self.show_gaps()
        self.orbit_final()

    def show_inputs(self) -> None:
        """The inputs, drawn shorter, fade in; as the sentence says "for most of them",
        those it describes (spread larger than the mean, or not) flash and the median ratio
        of mean to spread shows."""
        with self.beat("intro") as tracker:
            self.add_sphere()
            points = self.point_group("rms", self.drawn, "raw")
            ratio = float(np.ma.median(self.ratios))
            panel = panels.readout([(f"median |μ|/σ = {ratio:.2f}", "text")])
            words = "for most of them"
            self.declare.talks_about(panel, words=words)
            duration, said = tracker.duration, self.said_now(words)
            self.play(*self.panels(), *self.appear(points), run_time=said)
            described = [dot for dot, yes in zip(points, self.described(), strict=True) if yes]
            self.play(
                self.pin(panel, "bottom_right", appear_rate(0.0, duration - said)),
                *self.highlight(words, duration - said, *described, elapsed=said),
                run_time=duration - said,
            )

    def described(self) -> np.ndarray:
        """Which rows the opening sentence speaks of: those whose spread is larger than their
        mean when that is most of them, else those whose mean is not smaller."""
        below = np.ma.filled(self.ratios < 1.0, False)
        return below if self.narration_values()["spread_dominates"] else ~below

    def show_scale(self) -> None:
        """As the sentence says the inputs are drawn scaled down, they reach out to their true
        length (the camera pulling back) and shrink back, the caption stating the scale and
        then its reason appearing; as it says "only on its direction" the rays from the
        origin through the inputs show and every input slides in along its ray and back."""
        with self.beat("scale") as tracker:
            duration = tracker.duration
            self.declare.talks_about(self.points_mob["rms"])
            self.rays = self.direction_rays()
            self.declare.talks_about(self.rays, words=RAY_WORDS)
            self.declare.announces(RAY_WORDS, self.rays, self.points_mob["rms"])
            elapsed, reveal = 0.0, []
            if self.scale > 1:
                elapsed = self.scale_down()
                reason = self.scale_caption[1][1]
                said = self.said_now(REASON_WORDS)
                if said > elapsed:
                    self.wait(said - elapsed)
                elapsed = max(said, elapsed)
                reveal = [
                    reason.animate(rate_func=appear_rate(0.0, duration - said)).set_opacity(1)
                ]
            rest = duration - elapsed
            rays_rate = self.word_rate(RAY_WORDS, rest, APPEAR_SECONDS, elapsed)
            slide = self.move_points("rms", lambda a: self.drawn * (1 - (1 - SLIDE_SHARE) * a))
            slide.rate_func = self.word_rate(
                RAY_WORDS, rest, SLIDE_SECONDS, elapsed, there_and_back
            )
            self.play(*reveal, FadeIn(self.rays, rate_func=rays_rate), slide, run_time=rest)

    def scale_down(self) -> float:
        """The inputs move out to their true length, the camera pulling back to hold them, until
        the sentence says "scaled down"; then they shrink back to the drawn length as the
        camera closes in again and the caption of their scale (its reason still hidden) shows.
        Return the seconds taken."""
        self.scale_caption = self.declare.claim(
            panels.readout(self.scale_lines()),
            self.scale_changes_nothing,
            "the outputs of each input and of it drawn shorter are equal",
        )
        self.scale_caption[1][1].set_opacity(0.0)
        self.declare.talks_about(self.scale_caption, words=SCALE_WORDS)
        self.declare.announces(SCALE_WORDS, self.points_mob["rms"])
        said, zoom = self.said_now(SCALE_WORDS), self.renderer.camera.get_zoom()
        self.camera_to(said, self.move_points("rms", self.scaled(self.drawn, self.healthy)))
        shrink = self.move_points("rms", self.scaled(self.healthy, self.drawn))
        shown = self.pin(self.scale_caption, "bottom_left", appear_rate(0.0, SCALE_SECONDS))
        self.camera_to(SCALE_SECONDS, shrink, shown, zoom=zoom)
        return said + SCALE_SECONDS

    @staticmethod
    def scaled(start: np.ndarray, end: np.ndarray):
        """The path of the inputs from ``start`` to ``end`` (the same directions)."""
        return lambda alpha: nm.interpolate(start, end, alpha)

    def direction_rays(self) -> VMobject:
        """Thin lines from the origin along each input as drawn, out to the input or to the
        sphere, whichever is nearer (inside the framed sphere as the camera closes in): its
        direction, the one thing either rule keeps."""
        lengths = np.linalg.norm(self.drawn, axis=1, keepdims=True)
        reach = np.minimum(lengths, np.sqrt(3.0)) / np.maximum(lengths, 1e-12)
        ends = self.drawn * reach
        return figures.segments(np.zeros_like(ends), ends, PALETTE["trail"], RAY_WIDTH, 0.5)

    def scale_lines(self) -> list[tuple[str, str]]:
        """The caption's lines (text, palette colour): the inputs' common scale and why it
        changes no output."""
        return [
            (f"inputs drawn at 1/{self.scale} length", "raw"),
            ("ε = 0: outputs unchanged", "text"),
        ]

    def scale_changes_nothing(self) -> bool:
        """Whether the LayerNorm and RMSNorm outputs (epsilon 0) of the inputs equal those
        of the inputs as drawn."""
        return np.allclose(self.rms(self.drawn), self.rms(self.healthy)) and np.allclose(
            self.ln(self.drawn), self.ln(self.healthy)
        )

    def show_targets(self) -> None:
        """The crosses on the sphere, and their legend row, fade in as they are named, the
        camera turning a little so they are seen to lie on the equator, which flashes as the
        sentence names it."""
        with self.beat("targets") as tracker:
            duration = tracker.duration
            rate = appear_rate(0.0, duration)
            marks = self.targets(self.healthy)
            for fade in marks:  # a fade a viewer sees as one, however short the beat
                fade.rate_func = rate
            ring = self.highlight("on the equator", duration, self.equator, scale=1.05)
            shown = [*marks, *ring, self.reveal_legend(1, rate)]
            self.camera_to(duration, *shown, degrees=TARGETS_TURN, points_move=False)

    def ask(self) -> None:
        """The question, with every input it asks about and the targets in one view; the
        legend names no output nor gap yet."""
        with self.beat("predict") as tracker:
            self.declare.talks_about(self.points_mob["rms"])
            self.declare.talks_about(self.sphere, share=SPHERE_SHARE)
            self.declare.talks_about(self.marks, share=TARGETS_SHARE, words="those targets")
            self.declare.answer(*self.corner_panels["top_left"][1][2:])
            self.wait(tracker.duration)

    def normalize(self) -> None:
        """The inputs move along their rays onto the sphere, the outputs' legend row
        showing, as the camera closes in on the sphere just as fast as they come in."""
        with self.beat("normalize") as tracker:
            self.declare.talks_about(self.points_mob["rms"])
            moves = self.move_with_trails("rms", self.drawn, self.rms(self.healthy), "rms")
            promptly(moves, tracker.duration)  # seen moving as the sentence says so
            self.declare.announces("Every point moves", self.points_mob["rms"])
            self.declare.talks_about(self.sphere, share=SPHERE_SHARE, words="the same sphere")
            inputs_entry = self.corner_panels["top_left"][1][0]
            self.camera_to(
                tracker.duration,
                *moves,
                self.reveal_legend(2, MARKS_RATE),
                inputs_entry.animate(rate_func=MARKS_RATE).set_opacity(GHOST_OPACITY),
                zoom=CLOSE_ZOOM,
            )

    def show_gaps(self) -> None:
        """The gap lines and their legend row, alone among grey lines: the dotted trails
        (and the caption of the inputs' scale, none drawn now) fade as they are named. The
        ratio ``|μ|/σ`` of the rows with the longest and the shortest gap shows as the sentence
        ties the gap to that ratio."""
        with self.beat("gaps") as tracker:
            gaps = self.gaps(self.healthy)
            self.declare.talks_about(gaps[0].mobject)
            drawn = [self.scale_caption] if self.scale > 1 else []  # no input is drawn now
            gone = [*self.trails, self.rays, *drawn]
            fades = [FadeOut(mob, rate_func=MARKS_RATE) for mob in gone]
            ends = self.declare.claim(
                panels.readout(self.gap_ends()),
                self.gaps_follow_ratios,
                "the smaller a row's |μ|/σ, the shorter its gap",
            )
            self.declare.talks_about(ends, words=GAP_WORDS)
            self.declare.announces(GAP_WORDS, ends)
            rate = self.said_rate("gaps", GAP_WORDS, tracker.duration)
            self.play(
                *fades,
                *gaps,
                self.reveal_legend(3, MARKS_RATE),
                self.pin(ends, "bottom_left", rate),
                run_time=tracker.duration,
            )

    def gap_lengths(self) -> np.ndarray:
        """Length of each row's gap from its RMSNorm output to its LayerNorm target."""
        return np.linalg.norm(self.rms(self.healthy) - self.ln(self.healthy), axis=1)

    def gap_ends(self) -> list[tuple[str, str]]:
        """The readout's lines (text, palette colour): ``|μ|/σ`` of the rows with the longest
        and the shortest gap."""
        lengths = self.gap_lengths()
        longest, shortest = (float(self.ratios[i]) for i in (lengths.argmax(), lengths.argmin()))
        return [
            (f"longest gap: |μ|/σ = {longest:.2f}", "text"),
            (f"shortest gap: |μ|/σ = {shortest:.2f}", "text"),
        ]

    def gaps_follow_ratios(self) -> bool:
        """Whether the rows' gaps grow with their ratios ``|μ|/σ`` (the sentence's claim)."""
        by_ratio = self.gap_lengths()[np.ma.argsort(self.ratios)]
        return bool(np.all(np.diff(by_ratio) >= -1e-12))


LABEL_GLIDES_OVER_MARKS = AuditException(
    "text-covered",
    "framed_labels*",
    "as the rows collapse and the stars and crosses appear, the all-ones label glides to a "
    "free side of the sphere (rather than jumping there), passing over a few points or marks "
    "for a fraction of a second",
)
"""The poles scenes' one excused rule: a label in its glide may pass over marks."""


class RMSNormCollapse(RMSNormScene):
    """mu >> sigma: RMSNorm collapses every row onto one of the two poles."""

    lecture_order: ClassVar[int] = 70
    chapter: ClassVar[str] = "RMSNorm when the mean dominates"
    poles = True
    audit_exceptions = (LABEL_GLIDES_OVER_MARKS,)
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
        """The rows fade in; as the sentence describes them the camera circles them a little
        (each sign's rows stay one tight group from every side), and each sign's rows flash
        as the sentence names their colour."""
        with self.beat("intro") as tracker:
            self.add_sphere(with_poles=False)  # the poles appear later, as the answer
            groups = [self.point_group(name, pts, name) for name, pts in self.sign_groups()]
            duration = tracker.duration
            shown = max(self.said_now(DESCRIBED_WORDS), APPEAR_SECONDS)
            fades = self.appear(*groups)
            for fade in fades:
                fade.rate_func = appear_rate(0.0, shown)
            self.play(*self.panels(), *fades, run_time=shown)
            flashes = [
                flash
                for words, group in zip(SIGN_WORDS, groups, strict=True)
                for flash in self.highlight(words, duration - shown, *group, elapsed=shown)
            ]
            turn = self.gentle_turn(INTRO_TURN, duration - shown)
            self.camera_to(duration - shown, *flashes, degrees=turn, points_move=False)

    def read_ratio(self) -> None:
        """The readout of the smallest ratio shows; as the sentence says the rows start far
        apart the camera turns to see the all-ones diagonal they lie along broadside, the two
        groups as far apart on screen as they are."""
        with self.beat("ratio") as tracker:
            duration = tracker.duration
            ratio = float(np.ma.min(nm.mean_to_std_ratio(self.collapse.points)))
            panel = panels.readout([(f"smallest |μ|/σ = {ratio:.1f}", "pole")])
            star_row = self.corner_panels["top_left"][1][2]
            self.declare.answer(*self.pole_figures(), star_row, texts=("pole",), words="Where")
            said = self.said_now(APART_WORDS)
            self.play(self.pin(panel, "bottom_right", appear_rate(0.0, said)), run_time=said)
            camera = self.renderer.camera
            ones = nm.collapse_poles(3)[0] / np.sqrt(3.0)  # the plane edge on: its normal across
            broadside = framing.edge_on_theta(ones, camera.get_phi(), camera.get_theta())
            turn = float(np.degrees(broadside - camera.get_theta()))
            turn = self.gentle_turn(turn, duration - said)
            self.camera_to(duration - said, degrees=turn, points_move=False)

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
            self.declare.talks_about(stars, *self.points_mob_of_signs(), words="two poles")
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
    audit_exceptions = (LABEL_GLIDES_OVER_MARKS,)
    plane_half_size: ClassVar[float] = 2.0
    """As in :class:`RMSNormCollapse`: the orbit's zoom eases out slowly, so the plane's
    corners stay in frame as the turn brings them toward its edges."""

    pose = "poles"
    orbit_degrees = 120.0
    """A third of a turn: past it the poles' labels reach the legend, and the framing would
    shrink the comparison the orbit is for to a fifth of the frame."""
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
        """The sphere; its equator flashes as the sentence names it; as it names the pole axis,
        the axis, its stars and label fade in while the camera turns, showing the axis across
        the equator's plane in depth."""
        with self.beat("intro") as tracker:
            duration = tracker.duration
            self.add_sphere(with_poles=False)
            said = self.said_now(AXIS_WORDS)
            ring = self.highlight("the equator", said, self.equator, scale=1.05)
            self.play(*self.panels(), *ring, run_time=said)
            parts = self.pole_figures()
            self.declare.talks_about(*parts, after=said)
            self.declare.announces(AXIS_WORDS, *parts)
            self.add(*parts)  # framed through the turn, faded in with it
            fades = [FadeIn(part, rate_func=appear_rate(0.0, duration - said)) for part in parts]
            turn = self.gentle_turn(AXIS_TURN, duration - said)
            self.camera_to(duration - said, *fades, degrees=turn, points_move=False)

    def show_healthy(self) -> None:
        """The healthy rows' outputs, targets and gaps appear as the sentence names them; as
        it ties the gap to the ratio of mean to spread, the output with the smallest ratio
        and its target, the nearest pair, flash."""
        with self.beat("healthy") as tracker:
            duration = tracker.duration
            dots = self.point_group("healthy", self.rms(self.healthy), "rms")
            shown = [*self.appear(dots), *self.targets(self.healthy), *self.gaps(self.healthy)]
            said = self.said_now(NEARER_WORDS)
            rate = squish_rate_func(smooth, 0.0, min(MARKS_FADE_SHARE * duration / said, 1.0))
            for anim in shown:  # as fast as over the whole beat: the gaps draw one by one
                anim.rate_func = rate
            self.play(*shown, run_time=said)
            nearest = int(np.ma.argmin(self.ratios))
            pair = (dots[nearest], self.marks[nearest])
            self.play(
                *self.highlight(NEARER_WORDS, duration - said, *pair, elapsed=said),
                run_time=duration - said,
            )

    def show_collapse(self) -> None:
        with self.beat("collapse") as tracker:
            groups = [
                self.point_group(name, self.rms(self.collapse.group(name)), name)
                for name in ("positive", "negative")
            ]
            pts = self.collapse.points
            self.declare.talks_about(
                *groups, self.pole_figures()[1]
            )  # the rows on their poles' stars
            rate = squish_rate_func(smooth, 0.0, MARKS_FADE_SHARE)
            self.play(
                *[FadeIn(group, rate_func=rate) for group in groups],
                *self.targets(pts),
                *self.gaps(pts),
                run_time=tracker.duration,
            )
