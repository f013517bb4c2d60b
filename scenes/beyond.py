r"""Beyond three dimensions: the meridian half-plane, exact for any width n.

Every row :math:`x \in \mathbb R^n` lies in the plane through :math:`\mathbf 1` and itself, at
:math:`(\mu\sqrt n, \sigma\sqrt n)` (up: the mean part; right: the centered part). LayerNorm
sends it to the equator point :math:`(0, \sqrt n)`, RMSNorm along its ray onto the circle of
radius :math:`\sqrt n`, :math:`\arctan(|\mu|/\sigma)` away (:func:`normmath.meridian`).

``AnyWidth`` turns the 3D sphere until the meridian plane of one vector faces the camera,
then draws rows of width 768 in the same picture. ``RealActivations`` draws the recorded
statistics of all-MiniLM-L6-v2's 13 LayerNorm inputs (:func:`normmath.load_recorded`).
Every number the narration speaks is computed here (``narration_values``) and filled into
its ``{placeholders}`` (:mod:`scenes.voice.wording`).
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np
from manim import (
    DEGREES,
    LEFT,
    RIGHT,
    UP,
    Animation,
    Create,
    DashedLine,
    FadeIn,
    FadeOut,
    Line,
    ManimColor,
    MathTex,
    Rectangle,
    Restore,
    Text,
    UpdateFromAlphaFunc,
    VGroup,
    VMobject,
    interpolate_color,
    smooth,
    squish_rate_func,
    there_and_back,
)

import normmath as nm
from scenes.base.camera_work import TURN_SPEED
from scenes.base.declarations import FOCUS_SHARE
from scenes.base.geometry import HIGHLIGHT_SECONDS, GeometryScene, vector_text
from scenes.base.narrated import APPEAR_SECONDS, MARK_SHARE, appear_rate
from scenes.kit import figures, panels, style
from scenes.kit.framing import (
    SMOOTH_PEAK_SLOPE,
    meridian_orientation,
)
from scenes.kit.panels import LegendEntry
from scenes.kit.screen_text import on_screen
from scenes.kit.style import NEAR_PLANE_HALF_SIZE, PALETTE
from scenes.voice.pronunciation import spoken_token

__all__ = [
    "HalfPlaneScene",
    "AnyWidth",
    "RealActivations",
]

ARC_SAMPLES = 97
"""Samples of a drawn half circle."""

AXIS_REACH = 1.3
"""How far the drawn axes reach, in radii."""

SWAP_SECONDS = 0.35
"""Seconds an outgoing panel takes to fade out, and then its successor to fade in."""

LAND_SECONDS = 4.0
"""Seconds the wide rows take to move along their rays onto the circle."""

WIDEN_SECONDS = 2.0
"""Seconds the camera takes to zoom out to the wide circle (the n = 3 half-plane shrinking with
it, the wide one fading in over its end: :data:`WIDE_CIRCLE_FROM`), and then the wide rows
take to fade in."""

PART_WIDTH = 5.0
"""Stroke width of the mean and centered parts of the vector in the flat picture."""

GROUPS = ("spread", "positive", "negative")
"""The wide rows' groups (:func:`normmath.regime_clouds`): ``sigma >> |mu|``,
``mu >> sigma`` and ``-mu >> sigma``."""

FIT = 3.2
"""Frame units (of the 8 of the frame's height) from the centre to the farthest point drawn.
Pictures stay centred on the origin: Manim's 3D camera shifts fixed-in-frame panels along
with a moved ``frame_center``."""


CROSS_RIM = 9.0
"""Stroke width of the dark rim under LayerNorm's cross, so it stands out on the green
equator it lies on."""

CROSS_SIZE = 0.16
"""Half the width of LayerNorm's rimmed cross (scene units)."""

ANGLE_ARC_SHARE = 0.35
"""Radius of the drawn angle between the equator and a ray, as a share of the circle's."""


WIDE_CIRCLE_FROM = 0.8
"""Share of the zoom out after which the circle of radius sqrt(n) fades in, while the n = 3
picture shrinks away (earlier, the circle is still larger than the frame)."""

TICK_GAP = 0.14
"""Frame units between the lens's arc and its angle ticks, on its left, and its labels, on
its right (clear of the tokens on it; a label after a tick would read as a second sign)."""

TICK_LENGTH = 0.18
"""Frame units of an angle tick of the lens."""

TICK_LABEL_GAP = 0.15
"""Frame units added between the lens's arc and an angle's label."""

STAR_HIGHLIGHT = 1.1
"""How much the pole stars grow when pointed at (little: the legend is above them)."""

OPENING_SECONDS = 2.0
"""Seconds the half-plane and the corner panels take to fade in as a chapter opens."""

BAR_DIMMED = 0.3
"""Opacity of the module bars out of focus."""

SWEEP_SECONDS = 1.5
"""Seconds a shaded angle takes to sweep open from the equator to its ray."""

SHADE_OPACITY = 0.22
"""Fill opacity of a shaded angle or band."""

PULSE_SCALE = 1.12
"""How much a shaded angle grows about the origin when pointed at again."""

STRIP_CELL = 0.5
"""Frame units of the width of one of the few cells of x's strip of coordinates."""

STRIP_BOX = (-4.6, 4.6, -3.35, 0.4)
"""Frame box of the strip of coordinates: left end, right end when wide, centre height,
height."""

STRIP_SHADES = 8
"""Colour steps of the strip's cells, from the smallest coordinate to the largest."""


def chart_text(text: str, color: str) -> VMobject:
    """One line of ``text`` at the label size in palette colour ``color``, as one path."""
    shown = Text(on_screen(text), font=style.FONT, font_size=style.LABEL_SIZE)
    return figures.flatten(shown, PALETTE[color])


def cell_points(x0: np.ndarray, x1: np.ndarray, middle: float, height: float) -> np.ndarray:
    """The points of one VMobject drawing a rectangle from ``x0`` to ``x1`` (each), of
    ``height`` about ``middle``: one closed path of straight pieces each."""
    bottom, top = middle - height / 2, middle + height / 2
    xs = np.stack([x0, x1, x1, x0, x0], axis=1)
    ys = np.broadcast_to([bottom, bottom, top, top, bottom], xs.shape)
    corners = np.stack([xs, ys, np.zeros_like(xs)], axis=-1)
    thirds = np.array([0.0, 1 / 3, 2 / 3, 1.0])[None, None, :, None]
    pieces = corners[:, :-1, None] + thirds * (corners[:, 1:] - corners[:, :-1])[:, :, None]
    return pieces.reshape(-1, 3)


def degrees_text(radians: float) -> str:
    """An angle for narration and readouts, e.g. ``67.8``."""
    return f"{np.degrees(float(radians)):.1f}"


class HalfPlaneScene(GeometryScene):
    """A scene drawn in a meridian half-plane whose directions in scene space are ``self.up``
    (the mean direction) and ``self.right`` (the centered part); a point with meridian
    coordinates (a, b) is drawn at ``a * up + b * right``."""

    up: np.ndarray = np.array([0.0, 1.0, 0.0])
    right: np.ndarray = np.array([1.0, 0.0, 0.0])

    def place(self, coords) -> np.ndarray:
        """Scene points of meridian coordinates (..., 2) -> (..., 3)."""
        coords = np.ma.getdata(np.asarray(coords, dtype=float))
        return coords[..., :1] * self.up + coords[..., 1:] * self.right

    def half_circle(self, radius: float, color: str = PALETTE["sphere"]) -> VMobject:
        """The half circle of ``radius`` on the right of the mean axis, one mobject."""
        t = np.linspace(-np.pi / 2, np.pi / 2, ARC_SAMPLES)
        arc = self.place(radius * np.column_stack([np.sin(t), np.cos(t)]))
        return figures.curves([arc], color, width=3.0).set_z_index(style.LAYERS["line"])

    def half_plane_axes(self, radius: float) -> VGroup:
        """The mean axis (dashed, both ways) and the equator direction (from 0 to the right)."""
        reach = AXIS_REACH * radius
        mean_axis = figures.dashes(
            self.place([[-reach, 0.0]]), self.place([[reach, 0.0]]), PALETTE["mean_axis"], 30
        )
        equator = figures.segments(
            self.place([[0.0, 0.0]]), self.place([[0.0, reach]]), PALETTE["axis"]
        )
        return VGroup(mean_axis, equator).set_z_index(style.LAYERS["line"])

    def poles_and_target(self, radius: float) -> VGroup:
        """Stars at the poles (±radius along the mean axis) and LayerNorm's target cross on
        the equator, facing the camera."""
        stars = figures.pole_markers()
        figures.place(stars, self.place([[radius, 0.0], [-radius, 0.0]]))
        cross = figures.crosses(self.place([[0.0, radius]]))
        return VGroup(self.facing(stars), self.facing(cross))

    def ln_crosses(self, points: np.ndarray) -> VGroup:
        """LayerNorm's cross at each scene point of ``points`` over a dark rim (it stands out
        on the green equator), facing the camera."""
        rim = figures.crosses(points, PALETTE["outline"], CROSS_SIZE).set_stroke(width=CROSS_RIM)
        return self.facing(VGroup(rim, figures.crosses(points, size=CROSS_SIZE)))

    def appear_as_said(
        self, words: str, length: float, *mobs, elapsed: float = 0.0, share: float = FOCUS_SHARE
    ) -> list:
        """Fade-ins of ``mobs`` as ``words`` are said
        (:meth:`~scenes.base.narrated.Narrated.word_rate`), declared as what the words
        talk about (spanning ``share`` of the frame's height) and announce."""
        self.declare.talks_about(*mobs, words=words, share=share)
        self.declare.announces(words, *mobs)
        rate = self.word_rate(words, length, APPEAR_SECONDS, elapsed)
        return [FadeIn(mob, rate_func=rate) for mob in mobs]

    def swap_as_said(self, words: str, lines, length: float, elapsed: float = 0.0) -> list:
        """Animations replacing the readout by one of ``lines`` as ``words`` are said
        (:meth:`~scenes.base.narrated.Narrated.word_rate`; the old one fades out, then
        the new one in)."""
        self.declare.announces(words, self.readout_panel)
        old, self.readout_panel = self.readout_panel, panels.readout(lines)
        anims = self.swap_panel(old, self.readout_panel, "bottom_right", 2 * SWAP_SECONDS)
        window = self.word_rate(words, length, 2 * SWAP_SECONDS, elapsed, lambda t: t)
        for anim in anims:
            inner = anim.rate_func
            anim.rate_func = lambda t, inner=inner: inner(window(t))
        return anims

    def angle_mark(self, point: np.ndarray, radius: float) -> tuple[VMobject, VGroup]:
        """The arc from the equator direction to the ray through meridian ``point`` (at
        :data:`ANGLE_ARC_SHARE` of ``radius``) and its label in degrees, beyond its middle."""
        a, b = np.ma.getdata(point)
        angle = float(np.arctan2(a, b))
        t = np.linspace(0.0, angle, ARC_SAMPLES)
        reach = ANGLE_ARC_SHARE * radius
        arc = figures.curves(
            [self.place(reach * np.column_stack([np.sin(t), np.cos(t)]))], PALETTE["rms"], 4.0
        ).set_z_index(style.LAYERS["mark"])
        label = figures.flatten(
            MathTex(f"{degrees_text(abs(angle))}^\\circ", font_size=figures.AXIS_LABEL_SIZE - 6)
        )
        label.set_color(PALETTE["rms"]).set_z_index(style.LAYERS["point"])
        middle = angle / 2
        zoom = self.renderer.camera.get_zoom()
        away = reach + (label.width / 2 + 0.08) / zoom
        label.move_to(self.place([[away * np.sin(middle), away * np.cos(middle)]])[0])
        return arc, self.facing(VGroup(label))

    def swap_panel(self, old, new, corner: str, run_time: float) -> list:
        """Animations replacing panel ``old`` (if any) by ``new`` pinned in ``corner``
        within a play of ``run_time``: the old one fades out in the first
        :data:`SWAP_SECONDS`, then the new one fades in, never both at once."""
        share = min(SWAP_SECONDS / run_time, 0.5)
        fade_in = self.pin(new, corner)
        if old is None:
            fade_in.rate_func = squish_rate_func(smooth, 0.0, min(2 * share, 1.0))
            return [fade_in]
        fade_in.rate_func = squish_rate_func(smooth, share, min(2 * share, 1.0))
        return [FadeOut(old, rate_func=squish_rate_func(smooth, 0.0, share)), fade_in]

    def swap_readout(self, old, lines, run_time: float, corner: str = "bottom_right") -> tuple:
        """A new readout of ``lines`` and the animations replacing ``old`` by it
        (:meth:`swap_panel`)."""
        panel = panels.readout(lines)
        return panel, self.swap_panel(old, panel, corner, run_time)

    def wedge(self, t0: float, t1: float, r0: float, r1: float) -> np.ndarray:
        """Scene points outlining the region from angle ``t0`` to ``t1`` (radians from the
        equator towards the mean direction) between radii ``r0`` and ``r1`` (a sector for
        ``r0 = 0``)."""
        t = np.linspace(t0, t1, ARC_SAMPLES)
        arc = np.column_stack([np.sin(t), np.cos(t)])
        return self.place(np.vstack([r1 * arc, r0 * arc[::-1], r1 * arc[:1]]))

    def sweep_as_said(
        self, words: str, length: float, outline, color: str, elapsed: float = 0.0
    ) -> tuple[VMobject, Animation]:
        """A shade in palette ``color`` and its sweep through ``outline(s)`` (scene points,
        s from 0: nothing, to 1: the whole region), fading in as it opens, over
        :data:`SWEEP_SECONDS` from when ``words`` are said, announced by them."""
        shade = VMobject(stroke_width=0).set_fill(PALETTE[color], 0.0)
        shade.set_points_as_corners(outline(0.0)).set_z_index(style.LAYERS["surface"])
        self.declare.announces(words, shade)
        rate = self.word_rate(words, length, SWEEP_SECONDS, elapsed)

        def update(mob: VMobject, alpha: float) -> None:  # fading in as it opens
            mob.set_points_as_corners(outline(alpha))
            mob.set_fill(opacity=SHADE_OPACITY * min(3.0 * alpha, 1.0))

        return shade, UpdateFromAlphaFunc(shade, update, rate_func=rate)

    def pulse(self, words: str, length: float, *shades, elapsed: float = 0.0) -> list:
        """Shaded angles pointed at again as ``words`` are said: grown about the origin and
        brightened, then back."""
        self.declare.announces(words, *shades)
        rate = self.word_rate(words, length, HIGHLIGHT_SECONDS, elapsed, there_and_back)
        origin = self.place([[0.0, 0.0]])[0]
        return [
            shade.animate(rate_func=rate)
            .scale(PULSE_SCALE, about_point=origin)
            .set_fill(opacity=2 * SHADE_OPACITY)
            for shade in shades
        ]


class AnyWidth(HalfPlaneScene):
    """One exact picture for any width: from the 3D sphere to the meridian half-plane.

    The camera turns until the plane of one vector and the all-ones direction faces it, the
    picture flattens, then rows of width 768 in both regimes land on the circle."""

    lecture_order: ClassVar[int] = 130
    chapter: ClassVar[str] = "Beyond three dimensions"
    pose = "sphere"
    wide_n: ClassVar[int] = 768
    small_legend: ClassVar[tuple[LegendEntry, ...]] = (
        LegendEntry("dot", "raw", "input x"),
        LegendEntry("dot", "rms", "RMSNorm(x)"),
        LegendEntry("cross", "ln_target", "LayerNorm(x)"),
        LegendEntry("star", "pole", "poles ±(1, …, 1)"),
    )
    wide_legend: ClassVar[tuple[LegendEntry, ...]] = (
        LegendEntry("dot", "raw", "σ ≫ |μ|"),
        LegendEntry("dot", "positive", "μ ≫ σ"),
        LegendEntry("dot", "negative", "−μ ≫ σ"),
        LegendEntry("cross", "ln_target", "LayerNorm"),
        LegendEntry("star", "pole", "poles ±(1, …, 1)"),
    )
    formula = (
        r"x = \mu\sqrt{n}\;\frac{\mathbf 1}{\sqrt n}"
        r" + \sigma\sqrt{n}\;\frac{x-\mu\mathbf 1}{\sigma\sqrt n}"
    )
    formula_caption = "x in its meridian plane"

    def prepare(self) -> None:
        vector = np.asarray(self.params.vector, dtype=float)
        if np.all(vector == vector[0]):
            vector = np.asarray(nm.POSITIVE, dtype=float)
        self.x = vector
        self.up, self.right = (basis[0] for basis in nm.meridian_basis(vector[None]))
        self.small = nm.meridian(vector[None])
        self.clouds = nm.regime_clouds(self.wide_n)
        self.wide = nm.meridian(self.clouds.points)
        self.regimes = self.in_group("spread")
        self.readout_panel = None

    def opening_points(self) -> np.ndarray:
        return np.vstack([self.place(self.small.point), self.place(self.small.rms)])

    def setup(self) -> None:
        """The opening pose, turned about the vertical axis to the azimuth that shows both
        outputs (RMSNorm's dot and LayerNorm's cross, on the sphere) most on the near side,
        neither dimmed behind it; zoomed to frame the opening points from there, and no
        closer than the flat picture, so the turn to it keeps x in frame."""
        super().setup()
        outputs = np.vstack([self.place(self.small.rms), self.place(self.small.layer)])
        meridian = meridian_orientation(self.up, self.right)["theta"]
        thetas = meridian + np.radians(np.arange(-180.0, 180.0, 1.0))  # the turn's short way
        zoom = self.open_facing(outputs, thetas, FIT / self.small_reach())
        figures.set_axes(self.axes, zoom)

    def small_reach(self) -> float:
        """Scene units from the origin to the farthest part of the n = 3 picture (the ray
        through x reaches a little beyond it)."""
        return 1.1 * float(np.linalg.norm(self.x))

    def regime_median(self, spread: bool) -> tuple[str, str]:
        """The median ``|μ|/σ`` of one regime's wide rows (``spread``: ``σ ≫ |μ|``), to three
        significant digits, and the angle RMS ↔ LN whose tangent it is, in degrees: a median
        of the rows' angles, each row's being ``arctan(|μ|/σ)``, so what is said and shown agree."""
        rows = self.regimes if spread else ~self.regimes
        ratio = float(np.ma.median(nm.mean_to_std_ratio(self.clouds.points)[rows]))
        return f"{ratio:.3g}", degrees_text(np.arctan(ratio))

    def narration_values(self) -> dict[str, object]:
        (spread_ratio, spread_angle), (offset_ratio, offset_angle) = (
            self.regime_median(spread) for spread in (True, False)
        )
        return {
            "vector": vector_text(self.x),
            "mu": f"{float(np.mean(self.x)):.3g}",
            "sigma": f"{float(np.std(self.x)):.3g}",
            "angle_small": degrees_text(self.small.angle[0]),
            "n": str(self.wide_n),
            "radius": f"{self.wide.radius:.1f}",
            "count": str(int(np.sum(self.regimes))),
            "spread_ratio": spread_ratio,
            "offset_ratio": offset_ratio,
            "spread_angle": spread_angle,
            "offset_angle": offset_angle,
        }

    def construct(self) -> None:
        self.show_sphere()
        self.turn_to_meridian()
        self.unfold()
        self.go_wide()
        self.land_on_circle()
        self.conclude()

    # --- n = 3 -----------------------------------------------------------------------------

    def show_sphere(self) -> None:
        """The sphere as the chapter opens; the vector with its strip of coordinates, then its
        two outputs as they are named, the equator pointed at as it is named; the strip
        widens to a row of width :attr:`wide_n` as real models' widths are said."""
        with self.beat("sphere") as tracker:
            self.plane = figures.plane(NEAR_PLANE_HALF_SIZE, opacity=0.1)
            self.sphere_parts = VGroup(
                self.plane,
                figures.sphere(),
                figures.equator(),
                figures.pole_axis(),
                figures.mean_axis(4.0),
            )
            self.stars = self.facing(figures.pole_markers())
            x = self.point_group("x", self.place(self.small.point), "raw")
            rms = self.point_group("rms", self.place(self.small.rms), "rms")
            self.ln_cross = self.ln_crosses(self.place(self.small.layer))
            self.legend_panel = panels.legend(self.small_legend)
            opening = OPENING_SECONDS
            self.play(
                *self.panels(),
                self.pin(self.legend_panel, "top_left"),
                FadeIn(self.sphere_parts),
                FadeIn(self.stars),
                run_time=opening,
            )
            rest, shown = tracker.duration - opening, {"elapsed": opening}
            self.strip = self.coordinate_strip()
            self.play(
                *self.appear_as_said("one vector", rest, x, share=MARK_SHARE, **shown),
                *self.appear_as_said("sky blue dot", rest, rms, share=MARK_SHARE, **shown),
                *self.appear_as_said("green cross", rest, self.ln_cross, share=MARK_SHARE, **shown),
                *self.highlight("on the equator", rest, self.sphere_parts[2], scale=1.1, **shown),
                self.widen_strip(rest, opening),
                run_time=rest,
            )
            self.remove(self.strip)  # faded out

    def coordinate_strip(self) -> VGroup:
        """x's coordinates as cells coloured from the smallest (blue) to the largest (orange),
        one mobject per colour step, fixed in frame with the labels n = 3 and n = 768 left of
        it, all hidden yet; the cells after x's are a row of width :attr:`wide_n`."""
        left, _, middle, _ = STRIP_BOX
        row = self.clouds.points[0][3:]
        spread = np.clip((row - row.mean()) / (4 * row.std()) + 0.5, 0.0, 1.0)
        values = np.concatenate([(self.x - self.x.min()) / np.ptp(self.x), spread])
        self.strip_shades = np.round(values * (STRIP_SHADES - 1)).astype(int)
        low, high = ManimColor(PALETTE["raw"]), ManimColor(PALETTE["positive"])
        cells = VGroup()
        for step in np.linspace(0.0, 1.0, STRIP_SHADES):
            color = interpolate_color(low, high, step)
            cells.add(VMobject().set_fill(color, 0.0).set_stroke(color, 1.0, 0.0))
        labels = [chart_text(f"n = {n}", "text").set_opacity(0.0) for n in (3, self.wide_n)]
        for label in labels:
            label.next_to([left, middle, 0.0], LEFT, buff=0.2)
        strip = VGroup(cells, *labels)
        self.add_fixed_in_frame_mobjects(strip)
        return strip

    def widen_strip(self, length: float, elapsed: float) -> Animation:
        """The strip (with n = 3) appearing as x is named, then its cells thinning and
        multiplying to :attr:`wide_n` as the strip widens, from "Real models" to "numbers
        wide" (then n = 768), leaving as the beat ends; in a play of ``length`` from
        ``elapsed`` into the beat. Cells not shown yet wait, of no width, at its right end."""
        left, right, middle, height = STRIP_BOX
        cells, few, many = self.strip
        self.declare.announces("Real models", cells)
        widening = max(self.said_now("numbers wide") - self.said_now("Real models"), 1.0)
        shown = self.word_rate("one vector", length, APPEAR_SECONDS, elapsed)
        widen = self.word_rate("Real models", length, widening, elapsed, lambda t: t)
        hidden = self.word_rate("Real models", length, APPEAR_SECONDS, elapsed)
        named = self.word_rate("numbers wide", length, APPEAR_SECONDS, elapsed)
        gone = squish_rate_func(smooth, max(1.0 - APPEAR_SECONDS / length, 0.0), 1.0)
        groups = [np.flatnonzero(self.strip_shades == step) for step in range(STRIP_SHADES)]

        def update(_, alpha: float) -> None:
            grown = widen(alpha)
            count = round(3 * (self.wide_n / 3) ** grown)
            end = left + 3 * STRIP_CELL + (right - left - 3 * STRIP_CELL) * grown
            edges = np.minimum(left + (end - left) * np.arange(self.wide_n + 1) / count, end)
            for mob, picked in zip(cells, groups, strict=True):
                mob.set_points(cell_points(edges[picked], edges[picked + 1], middle, height))
            seen = shown(alpha) * (1.0 - gone(alpha))
            cells.set_opacity(seen)
            few.set_opacity(seen * (1.0 - hidden(alpha)))
            many.set_opacity(seen * named(alpha))

        return UpdateFromAlphaFunc(self.strip, update, rate_func=lambda t: t)

    def turn_seconds(self, orientation: dict[str, float]) -> float:
        """Seconds an eased turn of the camera to ``orientation`` (Manim's ``phi``, ``theta``,
        ``gamma``) takes at :data:`~scenes.base.camera_work.TURN_SPEED`: the sum of the angles'
        changes bounds the turn, fastest at :data:`~scenes.kit.framing.SMOOTH_PEAK_SLOPE`
        times its mean speed."""
        camera = self.renderer.camera
        now = {"phi": camera.get_phi(), "theta": camera.get_theta(), "gamma": camera.get_gamma()}
        degrees = sum(abs(np.degrees(orientation[k] - now[k])) for k in now)
        return SMOOTH_PEAK_SLOPE * float(degrees) / TURN_SPEED

    def turn_to_meridian(self) -> None:
        with self.beat("turn") as tracker:
            t = np.linspace(0.0, 2.0 * np.pi, 2 * ARC_SAMPLES)
            radius = nm.sphere_radius(3)
            circle = self.place(radius * np.column_stack([np.sin(t), np.cos(t)]))
            self.great_circle = figures.curves([circle], PALETTE["equator"], width=2.0, opacity=0.6)
            reach = self.small_reach()
            self.ray = figures.segments(
                np.zeros((1, 3)), self.x[None] * reach / np.linalg.norm(self.x), PALETTE["trail"]
            )
            orientation = meridian_orientation(self.up, self.right)
            run_time = max(tracker.duration, self.turn_seconds(orientation))
            start = self.said_at("turn", "span one plane", tracker.duration)
            self.declare.talks_about(self.great_circle, self.ray, after=start)
            drawn = squish_rate_func(
                smooth, start / run_time, min(start + 2.0, run_time) / run_time
            )
            self.move_camera(
                **orientation,
                zoom=FIT / reach,
                run_time=run_time,
                added_anims=[
                    Create(self.great_circle, rate_func=drawn),
                    Create(self.ray, rate_func=drawn),
                    FadeOut(self.axes, rate_func=squish_rate_func(smooth, 0.0, 0.3)),
                ],
            )

    def vector_parts(self) -> tuple[VGroup, VGroup]:
        """The mean part (up, along the all-ones axis, to height mu sqrt n) and the centered
        part (right, from there to x, of length sigma sqrt n), each a thick segment with its
        label and length, the labels facing the camera beside them, away from the circle."""
        (a, b), zoom = self.small.point[0], self.renderer.camera.get_zoom()
        parts = []
        for segment, tex, side in zip(
            self.part_segments(a, b),
            (rf"\mu\sqrt{{n}} = {a:.3g}", rf"\sigma\sqrt{{n}} = {b:.3g}"),
            (LEFT, UP),
            strict=True,
        ):
            start, end = segment.get_start(), segment.get_end()
            label = figures.flatten(MathTex(tex, font_size=figures.AXIS_LABEL_SIZE - 6))
            label.set_color(segment.get_stroke_color()).set_z_index(style.LAYERS["point"])
            if side is LEFT:  # beside the top of the mean part, left of the axis
                offset = -(label.width / 2 + 0.25) / zoom * self.right
                label.move_to(end + offset)
            else:  # above (or, for a negative mean, below) the middle of the centered part
                away = np.sign(a) or 1.0
                offset = away * (label.height / 2 + 0.2) / zoom * self.up
                label.move_to((start + end) / 2 + offset)
            self.facing(VGroup(label))
            parts.append(VGroup(segment, label))
        return parts[0], parts[1]

    def part_segments(self, a: float, b: float) -> tuple[VMobject, VMobject]:
        """The two parts of the vector at meridian coordinates (``a``, ``b``) as thick
        segments: the mean part from the origin up to ``a`` (mu sqrt n), then the centered
        part from there right to the vector (``b``, sigma sqrt n)."""
        corner = self.place([[a, 0.0]])
        ends = (
            (self.place([[0.0, 0.0]]), corner, "mean_axis"),
            (corner, self.place([[a, b]]), "centered"),
        )
        mean, centered = (
            figures.segments(start, end, PALETTE[color], width=PART_WIDTH, opacity=1.0)
            for start, end, color in ends
        )
        return mean, centered

    def in_group(self, name: str) -> np.ndarray:
        """Which wide rows belong to group ``name`` (one of :data:`GROUPS`), as a mask."""
        return np.array([g == name for g in self.clouds.groups])

    def median_parts(self, name: str) -> VGroup:
        """The mean and centered parts (:meth:`part_segments`) of the wide row of group
        ``name`` whose ``|mu| / sigma`` is nearest the group's median: what its words describe."""
        mask = self.in_group(name)
        ratios = np.ma.getdata(nm.mean_to_std_ratio(self.clouds.points))[mask]
        row = int(np.argmin(np.abs(ratios - np.median(ratios))))
        return VGroup(*self.part_segments(*self.wide.point[mask][row]))

    def part_appears(self, words: str, run_time: float, part: VGroup) -> list[Animation]:
        """Fade-ins of a vector part (its segment and its label) as ``words`` are said, in a
        play of ``run_time``; the segment is what the words name."""
        segment, label = part
        rate = self.word_rate(words, run_time, APPEAR_SECONDS)
        self.declare.talks_about(segment, words=words)
        self.declare.announces(words, segment)
        return [FadeIn(segment, rate_func=rate), FadeIn(label, rate_func=rate)]

    def unfold(self) -> None:
        """The 3D parts leave at once (the picture is flat as the sentence begins), then the
        mean part and the centered part appear as they are named, their lengths on them, and
        each is pointed at as mu and sigma are read in the readout; each output is pointed at
        as it is named, and the angle between them is drawn, and shaded from the equator to the
        ray, as it is said."""
        with self.beat("unfold") as tracker:
            run_time = tracker.duration
            radius = nm.sphere_radius(3)
            self.small_parts = VGroup(self.half_circle(radius), self.half_plane_axes(radius))
            ratio = float(nm.mean_to_std_ratio(self.x))
            mu, sigma = float(np.mean(self.x)), float(np.std(self.x))
            lines = [
                (f"n = 3,  x = {vector_text(self.x)}", "text"),
                (f"μ = {mu:.3g},  σ = {sigma:.3g},  |μ|/σ = {ratio:.2f}", "text"),
                (f"angle RMS ↔ LN = {degrees_text(self.small.angle[0])}°", "rms"),
            ]
            self.readout_panel = panels.readout(lines, later=1)
            self.declare.announces("Here mu is", self.readout_panel)

            quick = appear_rate(0.0, run_time)
            self.mean_part, self.centered_part = self.vector_parts()
            self.angle_arc = self.angle_mark(self.small.point[0], radius)
            parts_in = self.said_now("Right is the centered") + APPEAR_SECONDS
            split = min(max(self.said_now("LayerNorm lands"), parts_in), run_time - APPEAR_SECONDS)
            numbers = min(max(self.said_now("Here mu is"), parts_in), split - HIGHLIGHT_SECONDS)
            self.play(
                *[FadeOut(m, rate_func=quick) for m in (self.sphere_parts, self.great_circle)],
                FadeIn(self.small_parts, rate_func=quick),
                *self.part_appears("Up is the mean part", numbers, self.mean_part),
                *self.part_appears("Right is the centered", numbers, self.centered_part),
                run_time=numbers,
            )
            told, since = split - numbers, {"elapsed": numbers}
            read = self.word_rate("Here mu is", told, APPEAR_SECONDS, numbers)
            shown = self.pin(self.readout_panel, "bottom_right", read)  # pinned: in the scene
            angle_line = self.readout_panel[1][2].save_state().set_opacity(0.0)  # as said
            self.play(  # each number is read off its part of the vector
                shown,
                *self.highlight("Here mu is", told, self.mean_part[0], **since),
                *self.highlight("and sigma", told, self.centered_part[0], **since),
                run_time=told,
            )
            rest, after = run_time - split, {"elapsed": split}
            parts = (self.mean_part[0], self.centered_part[0])
            a, b = self.small.point[0]
            angle = float(np.arctan2(a, b))
            self.angle_shade, sweep = self.sweep_as_said(
                "degrees away",
                rest,
                lambda s: self.wedge(0.0, s * angle, 0.0, radius),
                "rms",
                split,
            )
            self.play(  # pointing at what is already drawn, in a play of its own
                sweep,
                *self.highlight("LayerNorm lands", rest, self.ln_cross, **after),
                *self.highlight("RMSNorm on the circle", rest, self.points_mob["rms"], **after),
                *self.appear_as_said("degrees away", rest, *self.angle_arc, **after),
                Restore(
                    angle_line,
                    rate_func=self.word_rate("degrees away", rest, APPEAR_SECONDS, split),
                ),
                *self.highlight("tangent is mu over sigma", rest, *parts, **after),
                run_time=rest,
            )

    # --- n = 768 ---------------------------------------------------------------------------

    def go_wide(self) -> None:
        """The camera zooms out while the n = 3 picture shrinks away and the circle of radius
        sqrt(n) fades in (:data:`WIDE_CIRCLE_FROM`); the rows appear as they are announced,
        the circle and each regime's rows are pointed at as they are named, with the median
        ratios in the readout and the mean and centered parts of each group's median row
        drawn (:meth:`median_parts`); the shaded directions are pointed at again as their
        45 degree boundary is named."""
        with self.beat("wide") as tracker:
            run_time = tracker.duration
            radius = self.wide.radius
            reach = float(np.max(np.linalg.norm(self.wide.point, axis=-1)))
            self.wide_parts = VGroup(self.half_circle(radius), self.half_plane_axes(radius))
            marks = self.poles_and_target(radius)
            groups = []
            for name in GROUPS:
                mask = self.in_group(name)
                color = "raw" if name == "spread" else name
                groups.append(self.point_group(name, self.place(self.wide.point[mask]), color))
            lines = [
                (f"n = {self.wide_n},  radius √n = {radius:.1f}", "text"),
                (f"median |μ|/σ, σ ≫ |μ|: {self.regime_median(True)[0]}", "raw"),
                (f"median |μ|/σ, |μ| ≫ σ: {self.regime_median(False)[0]}", "positive"),
            ]
            zoom_out = min(WIDEN_SECONDS, run_time / 2)
            old_readout, self.readout_panel = self.readout_panel, panels.readout(lines, later=2)
            old_legend, self.legend_panel = self.legend_panel, panels.legend(self.wide_legend)
            swap = self.swap_panel(old_legend, self.legend_panel, "top_left", zoom_out)
            small = [self.ray, self.stars, self.ln_cross, self.angle_shade, *self.angle_arc]
            small += [self.mean_part, self.centered_part, old_readout]
            small += [self.points_mob.pop(name) for name in ("x", "rms")]
            gone = squish_rate_func(smooth, 0.0, min(SWAP_SECONDS / zoom_out, 0.5))
            grown = squish_rate_func(smooth, WIDE_CIRCLE_FROM, 1.0)  # as the small one shrinks
            self.declare.talks_about(self.wide_parts, words="on a circle")
            self.move_camera(
                zoom=FIT / reach,
                run_time=zoom_out,
                added_anims=[
                    *[FadeOut(m, rate_func=gone) for m in small],
                    *swap,
                    FadeOut(self.small_parts, rate_func=grown),
                    *[FadeIn(m, rate_func=grown) for m in (self.wide_parts, marks)],
                ],
            )
            circle = self.wide_parts[0]
            shown = self.said_now("Here are vectors") + APPEAR_SECONDS
            split = min(max(self.said_now("The blue ones"), shown), run_time - APPEAR_SECONDS)
            first = split - zoom_out
            self.declare.announces("Here are vectors", self.readout_panel)
            head = self.word_rate("Here are vectors", first, APPEAR_SECONDS, zoom_out)
            readout = self.pin(self.readout_panel, "bottom_right", head)  # pinned: in the scene
            ratios = [line.save_state().set_opacity(0.0) for line in self.readout_panel[1][1:]]
            self.play(
                readout,
                *self.appear_as_said("Here are vectors", first, *groups, elapsed=zoom_out),
                *self.highlight("on a circle", first, circle, elapsed=zoom_out, scale=1.05),
                run_time=first,
            )
            shading = self.said_now("The shading changes")
            shading = min(max(shading, split + SWEEP_SECONDS), run_time - HIGHLIGHT_SECONDS)
            rest = shading - split
            told = [
                Restore(line, rate_func=self.word_rate(words, rest, APPEAR_SECONDS, split))
                for line, words in zip(ratios, ("median mu", "a large shared offset"), strict=True)
            ]
            self.median_legs = VGroup(*(self.median_parts(n) for n in GROUPS))
            blue, *offsets = self.median_legs
            named = {"elapsed": split, "share": 0.0}
            q = np.pi / 4  # |mu| = sigma: 45 degrees from the equator
            regions = (  # where each group's directions lie, swept open as it is described
                (
                    "much larger than their mean",
                    lambda s: self.wedge(-s * q, s * q, 0, radius),
                    "raw",
                ),
                (
                    "a large shared offset",
                    lambda s: self.wedge(q, (1 + s) * q, 0, radius),
                    "positive",
                ),
                (
                    "a large shared offset",
                    lambda s: self.wedge(-(1 + s) * q, -q, 0, radius),
                    "negative",
                ),
            )
            self.regime_regions, sweeps = [], []
            for words, outline, color in regions:
                shade, sweep = self.sweep_as_said(words, rest, outline, color, split)
                self.regime_regions.append(shade)
                sweeps.append(sweep)
            self.play(
                *sweeps,
                *self.highlight("The blue ones", rest, groups[0], elapsed=split),
                *self.appear_as_said("The blue ones", rest, blue, **named),
                *self.highlight("the orange", rest, *groups[1:], elapsed=split),
                *self.appear_as_said("the orange", rest, *offsets, **named),
                *told,
                run_time=rest,
            )
            last = run_time - shading
            self.play(
                *self.pulse("The shading changes", last, *self.regime_regions, elapsed=shading),
                run_time=last,
            )

    def median_angles(
        self, offsets: bool, words: str, length: float, elapsed: float
    ) -> list[Animation]:
        """One regime's median angle RMS <-> LN (the spread rows', or the offset rows' both
        ways: up for the orange ones, down for the violet) shaded from the equator to the
        circle as ``words`` are said, in a play of ``length`` from ``elapsed`` into the
        beat; the shades join ``self.regime_shades``."""
        degrees = self.regime_median(not offsets)[1]
        wedges = (
            [(degrees, "positive"), ("-" + degrees, "negative")] if offsets else [(degrees, "raw")]
        )
        sweeps = []
        for value, color in wedges:
            angle = float(np.radians(float(value)))
            shade, sweep = self.sweep_as_said(
                words,
                length,
                lambda s, a=angle: self.wedge(0.0, s * a, 0.0, self.wide.radius),
                color,
                elapsed,
            )
            self.regime_shades.append(shade)
            sweeps.append(sweep)
        return sweeps

    def land_on_circle(self) -> None:
        """Every row moves along its ray onto the circle as the sentence says so, over
        :data:`LAND_SECONDS`; each regime's median angle joins the readout and is shaded as it
        is said (not before: the question of the beat before asks where the rows land)."""
        with self.beat("land") as tracker:
            run_time = tracker.duration
            moves, before = [], len(self.trails)
            for name in GROUPS:
                mask = self.in_group(name)
                start = self.place(self.wide.point[mask])
                moves += self.move_with_trails(name, start, self.place(self.wide.rms[mask]))
            self.declare.cut_in(
                *self.trails[before:], reason="a dotted trail grows from each row as it leaves"
            )
            self.declare.announces(
                "Every vector moves", *(self.points_mob[name] for name in GROUPS)
            )
            second = max(self.said_now("degrees away"), self.said_now("Every vector moves"))
            second = min(max(second, LAND_SECONDS), run_time - 2 * SWAP_SECONDS)
            landing = self.word_rate("Every vector moves", second, LAND_SECONDS)
            for move in moves:
                move.rate_func = landing
            head = (f"n = {self.wide_n},  radius √n = {self.wide.radius:.1f}", "text")
            spread = (f"median angle RMS ↔ LN, σ ≫ |μ|: {self.regime_median(True)[1]}°", "raw")
            offset = (
                f"median angle RMS ↔ LN, |μ| ≫ σ: {self.regime_median(False)[1]}°",
                "positive",
            )
            self.regime_shades = []
            legs_go = self.word_rate("Every vector moves", second, APPEAR_SECONDS)
            self.play(
                *moves,
                FadeOut(VGroup(self.median_legs, *self.regime_regions), rate_func=legs_go),
                *self.swap_as_said("a median", [head, spread], second),
                *self.median_angles(False, "a median", second, 0.0),
                run_time=second,
            )
            rest = run_time - second
            lines = [head, spread, offset]
            self.play(
                *self.swap_as_said("degrees away", lines, rest, second),
                *self.median_angles(True, "degrees away", rest, second),
                run_time=rest,
            )

    def conclude(self) -> None:
        """The trails fade out; the median angles are pointed at as the angle is named."""
        with self.beat("close") as tracker:
            run_time = tracker.duration
            self.play(
                *[FadeOut(trail) for trail in self.trails],
                *self.pulse("the angle whose tangent", run_time, *self.regime_shades),
                run_time=run_time,
            )


class RealActivations(HalfPlaneScene):
    """Where a real transformer's LayerNorm inputs sit: all-MiniLM-L6-v2, module by module.

    RMSNorm would place each token on the circle of radius sqrt(384): the whole half-plane on
    the left and, in the middle, a magnifier on the equator where they all sit. On the right,
    every module's median angle at once (a bar each, its largest angle a tick); the module the
    narration names is the one in focus, with its numbers in the readout."""

    lecture_order: ClassVar[int] = 140
    chapter: ClassVar[str] = "Real activations"
    legend_entries = (
        LegendEntry("dot", "rms", "RMSNorm of a token's vector"),
        LegendEntry("cross", "ln_target", "LayerNorm of every token"),
        LegendEntry("line", "gap", "RMS ↔ LN gap"),
        LegendEntry("dot", "tight", "the token farthest from LN"),
        LegendEntry("star", "pole", "poles ±(1, …, 1)"),
    )
    formula = r"\angle(\mathrm{RMS}, \mathrm{LN}) = \arctan\frac{|\mu|}{\sigma}"
    formula_caption = "all-MiniLM-L6-v2: the inputs of its LayerNorms"
    full_radius: ClassVar[float] = 1.9
    """Frame units of the whole half-plane's radius."""
    full_origin: ClassVar[tuple[float, float]] = (-4.4, -0.6)
    """Frame position of the whole half-plane's origin."""
    lens_anchor: ClassVar[tuple[float, float]] = (0.0, 0.2)
    """Frame position of the magnified equator point."""
    lens_half_height: ClassVar[float] = 1.6
    """Frame units from the magnified equator to the largest angle drawn."""
    tick_degrees: ClassVar[tuple[int, ...]] = (-4, -2, 2, 4)
    chart_box: ClassVar[tuple[float, float, float, float]] = (2.0, 6.6, -0.75, 1.85)
    """Frame box of the module chart's bars: left, right, zero line, top of the scale."""
    walk_step: ClassVar[float] = 0.35
    """Longest seconds the tokens take from one module to the next on the walk."""
    move_seconds: ClassVar[float] = 0.8
    """Seconds the tokens take to move to a module the narration names."""

    def prepare(self) -> None:
        self.recorded = nm.load_recorded()
        self.modules = self.recorded.modules
        self.pictures = [module.meridian() for module in self.modules]
        self.radius = self.pictures[0].radius
        self.angles = np.ma.stack([np.degrees(p.angle) for p in self.pictures])
        self.medians = np.ma.median(self.angles, axis=1)
        module, token = np.unravel_index(int(np.ma.argmax(self.angles)), self.angles.shape)
        self.top = (int(module), int(token))
        self.zoom = self.full_radius / self.radius
        self.origin = np.array([*self.full_origin, 0.0]) / self.zoom
        reach = max(float(self.angles.max()), max(map(abs, self.tick_degrees))) * 1.15
        self.lens_reach = np.radians(reach)
        self.magnification = self.lens_half_height / (self.full_radius * np.sin(self.lens_reach))
        self.equator_point = self.place([[0.0, self.radius]])[0]
        self.readout_panel = None
        self.shown_module = 0

    def setup(self) -> None:
        """The flat picture faces the camera from above, without the 3D axes."""
        super().setup()
        self.remove(self.axes)
        self.set_camera_orientation(phi=0.0, theta=-90 * DEGREES, gamma=0.0, zoom=self.zoom)

    def place(self, coords) -> np.ndarray:
        return super().place(coords) + self.origin

    def lens(self, points: np.ndarray) -> np.ndarray:
        """The magnifier: scene points near the equator point, enlarged about it and moved to
        the lens on the right."""
        anchor = np.array([*self.lens_anchor, 0.0]) / self.zoom
        return anchor + self.magnification * (points - self.equator_point)

    def narration_values(self) -> dict[str, object]:
        ratios = np.ma.concatenate([np.ma.abs(m.mu_over_sigma) for m in self.modules])
        high, low = int(np.ma.argmax(self.medians)), int(np.ma.argmin(self.medians))
        module, token = self.top
        first = float(np.ma.median(np.ma.abs(self.modules[0].mu_over_sigma)))
        return {
            "sentences": str(len(self.recorded.sentences)),
            "tokens": str(len(self.recorded.tokens)),
            "modules": str(len(self.modules)),
            "inner": str(len(self.modules) - 1),
            "layers": str(len({m.label.split()[1] for m in self.modules[1:]})),
            "n": str(self.modules[0].n),
            "radius": f"{self.radius:.1f}",
            "magnification": f"{self.magnification:.0f}",
            "first_ratio": f"{first:.3f}",
            "first_angle": f"{float(self.medians[0]):.1f}",
            "high_module": self.modules[high].label,
            "high_angle": f"{float(self.medians[high]):.1f}",
            "low_module": self.modules[low].label,
            "low_angle": f"{float(self.medians[low]):.1f}",
            "top_token_spoken": spoken_token(self.recorded.tokens[token]),
            "top_sentence": str(int(self.recorded.sentence_of_token[token]) + 1),
            "top_module": self.modules[module].label,
            "top_angle": f"{float(self.angles[module, token]):.1f}",
            "max_ratio": f"{float(ratios.max()):.3f}",
            "spread_dominates": bool(ratios.max() < 1.0),
            "overall_angle": f"{float(np.ma.median(self.angles)):.1f}",
        }

    def construct(self) -> None:
        self.show_half_plane()
        self.show_embeddings()
        self.walk_the_layers()
        self.show_standout()
        self.conclude()

    # --- building --------------------------------------------------------------------------

    def tokens_at(self, index: int) -> np.ndarray:
        """Scene positions of RMSNorm's outputs for every token at module ``index``."""
        return self.place(self.pictures[index].rms)

    def gaps_at(self, index: int) -> list[np.ndarray]:
        """Magnified segments from each token's RMSNorm output to its LayerNorm output."""
        starts = self.lens(self.tokens_at(index))
        ends = self.lens(self.place(self.pictures[index].layer))
        return [np.stack([a, b]) for a, b in zip(starts, ends, strict=True)]

    def module_lines(self, index: int) -> list[tuple[str, str]]:
        """The readout of module ``index``."""
        module = self.modules[index]
        ratio = float(np.ma.median(module.mu_over_sigma))
        return [
            (f"{index + 1}/{len(self.modules)}  {module.label}", "text"),
            (f"median μ/σ = {ratio:+.3f}", "text"),
            (f"median angle RMS ↔ LN = {float(self.medians[index]):.2f}°", "rms"),
            (f"largest = {float(self.angles[index].max()):.2f}°", "rms"),
        ]

    def lens_frame(self) -> VGroup:
        """The magnified arc with its angle ticks on its left and their labels on its right
        (clear of the tokens on it), the lens's outline around them, the small outline it
        enlarges on the whole picture and the two lines joining them."""
        t = np.linspace(-self.lens_reach, self.lens_reach, ARC_SAMPLES)
        arc = self.lens(self.place(self.radius * np.column_stack([np.sin(t), np.cos(t)])))
        ticks, labels = [], VGroup()
        for degrees in self.tick_degrees:
            t = np.radians(degrees)
            on_arc = self.place(self.radius * np.array([[np.sin(t), np.cos(t)]]))
            centre = self.lens(on_arc)[0]
            ticks.append(
                centre - np.array([[TICK_GAP, 0, 0], [TICK_GAP + TICK_LENGTH, 0, 0]]) / self.zoom
            )
            sign = "+" if degrees > 0 else "−"  # a minus sign
            label = Text(f"{sign}{abs(degrees)}°", font=style.FONT, font_size=style.LABEL_SIZE)
            label.set_color(PALETTE["axis"]).scale(1.0 / self.zoom)
            beside = centre + np.array([TICK_GAP, 0, 0]) / self.zoom
            labels.add(label.next_to(beside, RIGHT, buff=TICK_LABEL_GAP / self.zoom))
        anchor = self.lens(self.equator_point)
        half_width = float(np.max(np.abs(labels.get_right()[0] - anchor[0]))) + 0.15 / self.zoom
        half = np.array([half_width, self.lens_half_height * 1.1 / self.zoom, 0.0])
        corners = np.array([[1, 1, 0], [-1, 1, 0], [-1, -1, 0], [1, -1, 0], [1, 1, 0]]) * half
        lens_box = self.lens_box = anchor + corners
        small_box = self.equator_point + corners / self.magnification
        joins = [np.stack([small_box[i], lens_box[i]]) for i in (1, 2)]
        outline = figures.curves([lens_box, small_box, *joins], PALETTE["axis"], width=1.2)
        title = Text(f"× {self.magnification:.0f}", font=style.FONT, font_size=style.LABEL_SIZE)
        title.set_color(PALETTE["axis"]).scale(1.0 / self.zoom)
        labels.add(title.next_to((lens_box[0] + lens_box[1]) / 2, UP, buff=0.1 / self.zoom))
        return VGroup(
            figures.curves([arc], PALETTE["sphere"], width=3.0),
            figures.curves(ticks, PALETTE["axis"], width=2.0),
            outline.set_stroke(opacity=0.6),
            labels,
        ).set_z_index(style.LAYERS["line"])

    def module_chart(self) -> tuple[VGroup, list[VGroup]]:
        """Every module's median angle as a bar and its largest angle as a tick above it, in
        frame units (fixed in frame): the chart's frame (axis, degree labels, layer numbers,
        title) and one (bar, tick) per module, in module order."""
        left, right, zero, top = self.chart_box
        scale = (top - zero) / (max(self.tick_degrees) * 1.15)
        step = (right - left) / len(self.modules)
        width = 0.62 * step
        axis = Line([left - 0.1, zero, 0], [right, zero, 0], color=PALETTE["axis"], stroke_width=2)
        frame = VGroup(axis)
        for degrees in (0, *(d for d in self.tick_degrees if d > 0)):
            label = chart_text(f"{degrees}°", "axis")
            frame.add(label.next_to([left - 0.1, zero + degrees * scale, 0], LEFT, buff=0.1))
        layers = {}
        for index, module in enumerate(self.modules):
            x = left + (index + 0.5) * step
            name = module.label.split()
            key = name[1] if name[0] == "layer" else "E"
            layers.setdefault(key, []).append(x)
        for key, xs in layers.items():
            label = chart_text(key, "axis")
            frame.add(label.move_to([float(np.mean(xs)), zero - 0.25, 0]))
        middle = (left + right) / 2
        frame.add(chart_text("median angle per module", "text").move_to([middle, top + 0.3, 0]))
        for row, text in enumerate(("E: embeddings; 0-5: layers", "tick: the largest angle")):
            frame.add(chart_text(text, "axis").move_to([middle, zero - 0.6 - 0.35 * row, 0]))
        modules = []
        for index in range(len(self.modules)):
            x = left + (index + 0.5) * step
            height = max(float(self.medians[index]) * scale, 1e-3)
            bar = Rectangle(width=width, height=height, stroke_width=0)
            bar.set_fill(PALETTE["rms"], opacity=1.0).move_to([x, zero + height / 2, 0])
            largest = zero + float(self.angles[index].max()) * scale
            tick = Line([x - width / 2, largest, 0], [x + width / 2, largest, 0])
            tick.set_stroke(PALETTE["text"], width=3)
            modules.append(VGroup(bar, tick))
        return frame, modules

    # --- animation helpers -----------------------------------------------------------------

    def wait_for(self, words: str) -> None:
        """Wait until ``words`` of the beat being spoken are said (at once if they were)."""
        late = self.said_now(words) - (self.renderer.time - self.beat_start)
        if late > 0:
            self.wait(late)

    def wait_out(self) -> None:
        """Wait until the beat being spoken ends (a frame at least)."""
        rest = self.beat_start + self.beat_duration - self.renderer.time
        self.wait(max(rest, 1 / self.camera.frame_rate))

    def token_moves(self, end: int) -> list[Animation]:
        """Animations moving the tokens (whole and magnified) and the gaps from the module
        shown now to module ``end``."""
        begin, finish = self.tokens_at(self.shown_module), self.tokens_at(end)

        def whole(alpha: float) -> np.ndarray:
            return nm.interpolate(begin, finish, alpha)

        def magnified(alpha: float) -> np.ndarray:
            return self.lens(whole(alpha))

        gaps_begin, gaps_end = self.gaps_at(self.shown_module), self.gaps_at(end)
        reshape = self.reshape(
            self.gaps,
            lambda a: [
                nm.interpolate(g0, g1, a) for g0, g1 in zip(gaps_begin, gaps_end, strict=True)
            ],
        )
        self.shown_module = end
        return [self.move_points("whole", whole), self.move_points("tokens", magnified), reshape]

    def focus_module(self, index: int | None, rate_func=smooth) -> list[Animation]:
        """Animations bringing module ``index``'s bar and tick into focus, the others dimmed
        (every module in focus for None), at ``rate_func``; modules not shown yet are left
        out."""
        anims = []
        for i, module in enumerate(self.bars):
            if module not in self.mobjects:
                continue  # not shown yet: it fades in when the tokens reach its module
            bar, tick = module
            dim = index is not None and i != index
            opacity = BAR_DIMMED if dim else 1.0
            anims += [
                bar.animate(rate_func=rate_func).set_fill(opacity=opacity),
                tick.animate(rate_func=rate_func).set_stroke(opacity=opacity),
            ]
        return anims

    def readout_to(self, lines) -> list[Animation]:
        """Animations replacing the readout (if any) by ``lines`` within a play of
        :data:`SWAP_SECONDS` twice."""
        self.readout_panel, swap = self.swap_readout(self.readout_panel, lines, 2 * SWAP_SECONDS)
        return swap

    def name_module(self, words: str, index: int) -> None:
        """As ``words`` are said, move the tokens to module ``index``, bring its bar into
        focus and show its numbers in the readout."""
        self.wait_for(words)
        moves = self.token_moves(index)
        self.declare.announces(words, self.points_mob["tokens"], self.bars[index])
        self.declare.talks_about(self.bars[index], share=MARK_SHARE, words=words)
        self.play(
            *moves,
            *self.focus_module(index),
            *self.readout_to(self.module_lines(index)),
            run_time=self.move_seconds,
        )

    # --- beats -----------------------------------------------------------------------------

    def show_half_plane(self) -> None:
        """The half-plane at once; the model's numbers as it is named; the empty module
        chart as its LayerNorms are counted; the poles and the equator pointed at as the
        question names the mean and the spread."""
        with self.beat("intro") as tracker:
            run_time = tracker.duration
            parts = VGroup(self.half_circle(self.radius), self.half_plane_axes(self.radius))
            self.whole_parts = parts
            self.marks = self.poles_and_target(self.radius)
            lines = [
                (
                    f"{self.recorded.model},  n = {self.modules[0].n},  "
                    f"radius √n = {self.radius:.1f}",
                    "text",
                ),
                (
                    f"{len(self.recorded.sentences)} sentences, {len(self.recorded.tokens)} tokens",
                    "text",
                ),
                (f"{len(self.modules)} LayerNorm modules", "text"),
            ]
            opening = OPENING_SECONDS
            self.play(*self.panels(), FadeIn(parts), FadeIn(self.marks), run_time=opening)
            rest = run_time - opening
            self.readout_panel = panels.readout(lines)
            readout = self.pin(self.readout_panel, "bottom_right")
            self.declare.announces("This is", self.readout_panel)
            readout.rate_func = self.word_rate("This is", rest, APPEAR_SECONDS, opening)
            self.chart_frame, self.bars = self.module_chart()
            self.add_fixed_in_frame_mobjects(self.chart_frame)
            stars, cross = self.marks
            shown = {"elapsed": opening}
            self.play(
                readout,
                *self.appear_as_said("each of its", rest, self.chart_frame, **shown),
                *self.highlight("Mean or spread", rest, stars, scale=STAR_HIGHLIGHT, **shown),
                *self.highlight("which dominates", rest, cross, **shown),
                run_time=rest,
            )

    def show_embeddings(self) -> None:
        """The tokens on the whole circle as they are placed, the circle and the equator
        pointed at as they are named, the lens with them (it makes them visible), its
        tokens pointed at as it is named, the first module's bar and numbers as its
        angle is said."""
        with self.beat("embeddings") as tracker:
            run_time = tracker.duration
            whole = self.point_group("whole", self.tokens_at(0), "rms")
            dots = self.point_group("tokens", self.lens(self.tokens_at(0)), "rms")
            cross = self.facing(figures.crosses(self.lens(self.equator_point)[None]))
            self.gaps = figures.curves(self.gaps_at(0), PALETTE["gap"], width=1.6, opacity=0.8)
            circle, (_, equator) = self.whole_parts
            named = min(self.said_now("the lens on the right"), run_time - HIGHLIGHT_SECONDS)
            lens = (self.lens_frame(), cross, self.gaps, dots)
            self.play(
                *self.appear_as_said("RMSNorm would place", named, whole, share=MARK_SHARE),
                *self.highlight("on the circle", named, circle, scale=1.05),
                *self.highlight("just off the equator", named, equator, scale=1.1),
                *self.appear_as_said("RMSNorm would place", named, *lens),
                run_time=named,
            )
            rest, after = run_time - named, {"elapsed": named}
            self.add_fixed_in_frame_mobjects(self.bars[0])  # faded in from the play's start
            self.play(
                *self.highlight("the lens on the right", rest, dots, **after),
                *self.appear_as_said("median mu over sigma", rest, self.bars[0], **after),
                *self.swap_as_said("median mu over sigma", self.module_lines(0), rest, named),
                run_time=rest,
            )

    def walk_the_layers(self) -> None:
        """The tokens walk through the modules one after another, each one's bar appearing
        as they reach it, before the largest and smallest medians are named; then each of
        those modules in turn, as it is named."""
        with self.beat("layers"):
            steps = len(self.modules) - 1
            named = self.said_now("largest in")
            step = min(self.walk_step, max(named - 2 * SWAP_SECONDS, steps * 0.1) / steps)
            self.declare.announces("one after another", self.points_mob["tokens"])
            self.play(FadeOut(self.readout_panel), run_time=2 * SWAP_SECONDS)
            self.readout_panel = None
            for index in range(1, len(self.modules)):
                self.add_fixed_in_frame_mobjects(self.bars[index])
                self.play(
                    *self.token_moves(index),
                    FadeIn(self.bars[index]),
                    *self.focus_module(index),
                    run_time=step,
                )
            high, low = int(np.ma.argmax(self.medians)), int(np.ma.argmin(self.medians))
            self.name_module("largest in", high)
            self.name_module("smallest in", low)
            self.wait_out()

    def show_standout(self) -> None:
        """The module of the farthest token as the sentence begins, then that token turned
        white and enlarged as it is named."""
        with self.beat("standout"):
            module, token = self.top
            self.name_module("The token", module)
            dot = self.points_mob["tokens"][token]
            self.declare.talks_about(dot, share=MARK_SHARE, words="strays farthest")
            self.declare.announces("strays farthest", dot)
            self.wait_for("strays farthest")
            self.play(dot.animate.set_fill(PALETTE["tight"]).scale(1.6), run_time=APPEAR_SECONDS)
            self.wait_out()

    def conclude(self) -> None:
        """Every module back in focus, the overall median drawn across the chart as it is
        said; the band of angles no token leaves swept open in the lens as its bound is said,
        the largest angle pointed at, and the directions where the spread dominates the mean
        (within 45 degrees of the equator) shaded on the whole half-plane as that is said."""
        with self.beat("close") as tracker:
            run_time = tracker.duration
            left, right, zero, top = self.chart_box
            scale = (top - zero) / (max(self.tick_degrees) * 1.15)
            level = zero + float(np.ma.median(self.angles)) * scale
            median = DashedLine([left, level, 0], [right, level, 0], dash_length=0.12)
            median.set_stroke(PALETTE["tight"], width=2.5)
            lines = [
                (f"median angle, all tokens: {float(np.ma.median(self.angles)):.2f}°", "rms"),
                (f"largest: {float(self.angles.max()):.2f}°", "rms"),
            ]
            module, token = self.top
            self.play(*self.focus_module(None), run_time=APPEAR_SECONDS)
            rest, shown = run_time - APPEAR_SECONDS, {"elapsed": APPEAR_SECONDS}
            self.add_fixed_in_frame_mobjects(median)
            said = "the median angle is"
            self.declare.talks_about(median, words=said)
            self.declare.announces(said, median)
            drawn = self.word_rate(said, rest, SWEEP_SECONDS, APPEAR_SECONDS)
            band, sweep = self.sweep_as_said("exceeds", rest, self.lens_band, "rms", **shown)
            spread, shaded = self.sweep_as_said(
                "the spread dominates", rest, self.spread_wedge, "centered", **shown
            )
            label = chart_text("σ > |μ|", "centered").scale(1.0 / self.zoom)
            label.move_to(self.place([[0.2 * self.radius, 0.55 * self.radius]])[0])
            self.play(
                Create(median, rate_func=drawn),
                *self.swap_as_said(said, lines, rest, **shown),
                sweep,
                *self.highlight(
                    "at most", rest, self.bars[module][1], self.points_mob["tokens"][token], **shown
                ),
                shaded,
                FadeIn(label, rate_func=self.word_rate("the spread dominates", rest, 1.0, **shown)),
                run_time=rest,
            )

    def lens_band(self, share: float) -> np.ndarray:
        """The lens's band of angles up to ``share`` of the largest angle of any token, either
        side of the equator, across the lens and kept inside its outline (each point of the
        band's outline clamped into the lens box)."""
        reach = share * float(np.radians(self.angles.max()))
        half = (self.lens_box[0, 0] - self.lens_box[1, 0]) / 2 / self.magnification
        band = self.lens(self.wedge(-reach, reach, self.radius - half, self.radius + half))
        return np.clip(band, self.lens_box.min(axis=0), self.lens_box.max(axis=0))

    def spread_wedge(self, share: float) -> np.ndarray:
        """The directions within ``share`` of 45 degrees of the equator (where sigma exceeds
        the mean's magnitude) on the whole half-plane."""
        return self.wedge(-share * np.pi / 4, share * np.pi / 4, 0.0, self.radius)
