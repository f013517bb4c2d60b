"""2D drawing kit of the one-vector lesson: readouts, the signed bar chart, the panels.

Nothing here computes normalization math: every bar height and number comes from a
:class:`normmath.Lesson`. A :class:`LessonBoard` shows one lesson; :class:`StateTracker`
holds the input, gain and epsilon as value trackers, so animating them re-reads
:func:`normmath.lesson` every frame and the picture changes smoothly.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

import numpy as np
from manim import (
    DOWN,
    LEFT,
    ORIGIN,
    RIGHT,
    UP,
    Animation,
    Dot,
    Line,
    Mobject,
    Rectangle,
    Text,
    ValueTracker,
    VectorizedPoint,
    VGroup,
    VMobject,
    config,
)

import normmath as nm
from normmath.lesson import COLUMNS, STATISTICS
from scenes.kit.style import CONTENT_WIDTH, FONT, MIN_FONT_SIZE, PALETTE

__all__ = [
    "RULES",
    "TEXT_SIZE",
    "LessonState",
    "StateTracker",
    "Outline",
    "text_outline",
    "digit_outlines",
    "TextPath",
    "plain_text",
    "Readout",
    "SignedBarChart",
    "StatsPanel",
    "ConstructionTable",
    "BOARD_REACH",
    "LessonBoard",
    "chart_limit",
    "VEIL_OPACITY",
    "VEIL_EDGE",
    "veil",
]

RULES: dict[str, tuple[str, str]] = {
    "rms": ("RMSNorm", PALETTE["rms"]),
    "ln": ("LayerNorm", PALETTE["ln_target"]),
}
"""The two rules: key -> (name, colour). Keys match the ``rms_``/``ln_`` lesson fields."""

TEXT_SIZE = {"title": 34, "body": 24, "small": MIN_FONT_SIZE}
"""Font sizes of the lesson scenes (none below :data:`scenes.kit.style.MIN_FONT_SIZE`)."""


@dataclass(frozen=True)
class LessonState:
    """One input vector with its shared gain and epsilon."""

    vector: tuple[float, ...]
    gain: float = 1.0
    eps: float = nm.LESSON_EPS

    def lesson(self) -> nm.Lesson:
        """The :func:`normmath.lesson` of this state."""
        return nm.lesson(self.vector, gain=self.gain, eps=self.eps)

    def scaled(self, factor: float) -> LessonState:
        """The same state with every input coordinate multiplied by ``factor``."""
        return replace(self, vector=tuple(factor * v for v in self.vector))

    def shifted(self, offset: float) -> LessonState:
        """The same state with ``offset`` added to every input coordinate."""
        return replace(self, vector=tuple(v + offset for v in self.vector))

    def with_(self, **changes) -> LessonState:
        """A copy with some of ``vector``, ``gain``, ``eps`` replaced."""
        return replace(self, **changes)


class StateTracker:
    """Value trackers for each coordinate, the gain and epsilon of a :class:`LessonState`."""

    def __init__(self, state: LessonState) -> None:
        self.coordinates = [ValueTracker(v) for v in state.vector]
        self.gain = ValueTracker(state.gain)
        self.eps = ValueTracker(state.eps)

    def state(self) -> LessonState:
        """The state the trackers hold now."""
        vector = tuple(t.get_value() for t in self.coordinates)
        return LessonState(vector, self.gain.get_value(), max(0.0, self.eps.get_value()))

    def to(self, target: LessonState) -> list[Animation]:
        """Animations that move every tracker that differs to ``target``; an epsilon whose
        values all lie below :data:`EPS_STEP_BELOW` changes in one step on the first frame,
        so its six-decimal readout never reads 0 while a positive epsilon is in use."""
        pairs = [*zip(self.coordinates, target.vector, strict=True)]
        pairs += [(self.gain, target.gain), (self.eps, target.eps)]
        moves = []
        for tracker, value in pairs:
            if tracker.get_value() == value:
                continue
            tiny = tracker is self.eps and max(tracker.get_value(), value) < EPS_STEP_BELOW
            builder = tracker.animate(rate_func=_step) if tiny else tracker.animate
            moves.append(builder.set_value(value))
        return moves


EPS_STEP_BELOW = 1e-5
"""Epsilons below this show at six decimals as 0 or one or a few millionths: a move among
them is one step, not a sweep through values the readout cannot tell apart."""


def _step(alpha: float) -> float:
    """A change made whole on the first frame after the start."""
    return 1.0 if alpha > 0 else 0.0


DIGIT_ADVANCE = 1.15
"""Advance of every digit, as a share of the widest digit (tabular figures)."""

POINT_ADVANCE = 0.55
"""Advance of the decimal point, as a share of the widest digit."""

MINUS_SPACE = 0.3
"""Space added to the minus sign's own width, as a share of the widest digit."""

UNDEFINED_SHARE = 0.8
"""Size of a readout's word Undefined, as a share of its digits' size (at least
:data:`scenes.kit.style.MIN_FONT_SIZE`)."""


@dataclass(frozen=True)
class Outline:
    """Typeset glyphs as one point array: left edge at x = 0, baseline at y = 0."""

    points: np.ndarray
    width: float
    digit_height: float


def _outline(mobject) -> Outline:
    glyphs = mobject.family_members_with_points()
    points = np.concatenate([glyph.points for glyph in glyphs])
    baseline = max(glyph.get_bottom()[1] for glyph in glyphs)
    points = points - [mobject.get_left()[0], baseline, 0]
    return Outline(points, float(mobject.width), float(mobject.height))


@cache
def text_outline(text: str, font_size: float) -> Outline:
    """The outline of ``text`` set in the lecture's typeface (typeset once per text and size)."""
    return _outline(Text(text, font=FONT, font_size=font_size))


@cache
def digit_outlines(font_size: float) -> dict[str, Outline]:
    """The outlines of ``0-9``, ``.`` and ``-`` in the lecture's typeface (typeset once per
    size; ``-`` is drawn as the minus sign).

    Every digit gets the same advance (tabular figures), so columns of numbers line up.
    """
    chars = "0123456789.-"
    glyphs = Text("0123456789.\u2212", font=FONT, font_size=font_size).submobjects
    baseline = max(glyph.get_bottom()[1] for glyph in glyphs[:10])
    digit_width = max(glyph.width for glyph in glyphs[:10])
    height = max(glyph.height for glyph in glyphs[:10])
    advances = {
        ".": digit_width * POINT_ADVANCE,
        "-": glyphs[11].width + digit_width * MINUS_SPACE,
    }
    outlines = {}
    for char, glyph in zip(chars, glyphs, strict=True):
        advance = advances.get(char, digit_width * DIGIT_ADVANCE)
        offset = [glyph.get_center()[0] - advance / 2, baseline, 0]
        outlines[char] = Outline(glyph.points - offset, advance, height)
    return outlines


def _spread(points: np.ndarray) -> float:
    """Root-mean-square distance of ``points`` from their centroid (scales with the mobject);
    0 for no points."""
    if len(points) == 0:
        return 0.0
    return float(np.sqrt(((points - points.mean(axis=0)) ** 2).sum(axis=1).mean()))


class TextPath(VMobject):
    """Text as one filled path (cheap to draw and to copy), baseline at y = 0.

    :attr:`font_size` is the size it is shown at: the size it was set in, times any scaling
    applied since (rotation leaves it unchanged).
    """

    def __init__(self, text: str, font_size: float, color: str) -> None:
        super().__init__(fill_color=color, fill_opacity=1.0, stroke_width=0)
        self.set_points(text_outline(text, font_size).points.copy())
        self._set_at = (float(font_size), _spread(self.points))

    @property
    def font_size(self) -> float:
        """The font size this text is shown at (an emptied text keeps the size it was set
        in)."""
        size, spread = self._set_at
        now = _spread(self.points)
        return size * now / spread if now and spread else size


def plain_text(text: str, size: str = "body", color: str = "text") -> TextPath:
    """``text`` at size ``size`` (a :data:`TEXT_SIZE` name) in palette colour ``color``."""
    return TextPath(text, TEXT_SIZE[size], PALETTE[color])


class Readout(VMobject):
    """A number drawn exactly as :func:`normmath.display` writes it, or the word Undefined.

    One path per readout, rebuilt from cached glyph outlines only when its ``text`` changes,
    so updating every frame stays cheap; its opacity is kept across changes. ``edge`` is the
    side held at the anchor (``LEFT``, ``RIGHT`` or ``ORIGIN``); digits are centred
    vertically on the anchor. Its ``font_size`` is the smaller of its two sizes (digits,
    the word Undefined).
    """

    def __init__(self, font_size: float = TEXT_SIZE["body"], color=PALETTE["text"], edge=ORIGIN):
        super().__init__(fill_color=color, fill_opacity=1.0, stroke_width=0)
        undefined_size = max(MIN_FONT_SIZE, UNDEFINED_SHARE * font_size)
        self.font_size = min(font_size, undefined_size)
        self.edge = edge
        self.color_of = {"number": color, "undefined": PALETTE["undefined"]}
        self.glyphs = digit_outlines(font_size)
        self.undefined = text_outline("Undefined", undefined_size)
        self.anchor = VectorizedPoint()
        self.add(self.anchor)
        self.text = ""
        self.show(0.0)

    def at(self, point) -> Readout:
        """Move the readout so that its anchor sits at ``point``."""
        return self.shift(np.asarray(point, dtype=float) - self.anchor.get_center())

    @property
    def digit_height(self) -> float:
        """Height of the digits (the readout is centred on half of it)."""
        return self.glyphs["0"].digit_height

    def show(self, value) -> Readout:
        """Show ``value`` (a float, a masked scalar, or None for undefined)."""
        text = nm.display(value)
        if text == self.text:
            return self
        self.text = text
        if text == "Undefined":
            points, width, color = self.undefined.points, self.undefined.width, "undefined"
        else:
            parts, pen = [], 0.0
            for char in text:
                parts.append(self.glyphs[char].points + [pen, 0, 0])
                pen += self.glyphs[char].width
            points, width, color = np.concatenate(parts), pen, "number"
        x, y, _ = self.anchor.get_center()
        left = x - width * (1 + self.edge[0]) / 2
        self.set_points(points + [left, y - self.digit_height / 2, 0])
        self.set_fill(self.color_of[color], family=False)
        return self


VEIL_OPACITY = 0.8
"""Opacity of the background-coloured veil over a part that recedes."""


VEIL_EDGE = 0.205
"""Least distance from a veil to the frame's edges (inside the safe area)."""

VEIL_MARGIN = 0.15
"""How far a veil reaches beyond the part it covers, on every side (frame permitting)."""

VEIL_LAYER = 5
"""The z-index of a veil: above the board, under the pinned panels."""


def veil(part: Mobject) -> Rectangle:
    """A background-coloured rectangle over ``part`` that makes it recede when faded in,
    kept :data:`VEIL_EDGE` inside the frame's edges."""
    reach = np.array([config.frame_width, config.frame_height]) / 2 - VEIL_EDGE
    low = np.maximum(part.get_corner(DOWN + LEFT)[:2] - VEIL_MARGIN, -reach)
    high = np.minimum(part.get_corner(UP + RIGHT)[:2] + VEIL_MARGIN, reach)
    width, height = high - low
    cover = Rectangle(width=width, height=height, stroke_width=0)
    cover.set_fill(PALETTE["background"], opacity=VEIL_OPACITY)
    return cover.move_to([*(low + high) / 2, 0]).set_z_index(VEIL_LAYER)


CHART_STEP = 0.5
"""The chart's scale ends at a multiple of this output value."""

CHART_WIDTH = 6.0
"""Width of the bar chart: its zero line stops short of the statistics panel."""

CHART_HEIGHT = 2.4
"""Height of the bar chart's scale, from its lowest to its highest value."""

BAR_OPACITY = 0.9
"""Fill opacity of a bar and of a legend's swatch."""

AXIS_STROKE = 2
"""Stroke width of the chart's axis and zero line."""

RULE_STROKE = 1
"""Stroke width of a table's rule under its headers."""

TICK_GAP = 0.12
"""Space between the chart's axis and its tick numbers."""

ZERO_DOT_RADIUS = 0.07
"""Radius of the dot that stands for an output of zero."""

MARK_LIFT = 0.08
"""Space between the zero line and a vertical word Undefined."""

LABEL_DROP = 0.25
"""How far below the chart a coordinate's name sits."""


def chart_limit(lessons, step: float = CHART_STEP) -> float:
    """The smallest multiple of ``step`` that bounds every defined output of ``lessons``."""
    outputs = [
        abs(value)
        for lesson in lessons
        for row in lesson.rows
        for value in (row.rms_output, row.ln_output)
        if value is not None
    ]
    return max(step, step * float(np.ceil(max(outputs, default=0.0) / step - 1e-9)))


class SignedBarChart(VGroup):
    """Both rules' outputs per coordinate as bars from zero on one shared signed scale.

    A defined output of zero is a dot on the zero line; an undefined output has no bar,
    only the word Undefined in its slot. Its ``unit`` is scene units per output unit.
    """

    def __init__(
        self, count: int, limit: float, width: float = CHART_WIDTH, height: float = CHART_HEIGHT
    ):
        super().__init__()
        self.count, self.limit = count, limit
        self.unit = height / 2 / limit
        self.slot = width / (count * 2 + count + 1)
        top, bottom = UP * height / 2, DOWN * height / 2
        self.left = LEFT * width / 2
        axis = {"color": PALETTE["axis"], "stroke_width": AXIS_STROKE}
        self.axis = Line(self.left + bottom, self.left + top, **axis)
        self.zero = Line(self.left, RIGHT * width / 2, **axis)
        ticks = VGroup(
            *(
                plain_text(nm.display(v), "small", "axis").next_to(
                    self.left + UP * v * self.unit, LEFT, buff=TICK_GAP
                )
                for v in (limit, 0.0, -limit)
            )
        )
        self.bars, self.dots, self.marks = {}, {}, {}
        self.shapes: dict[VMobject, np.ndarray] = {}
        labels = VGroup()
        for i in range(count):
            for rule, (_, color) in RULES.items():
                self.bars[i, rule] = Rectangle(
                    width=self.slot,
                    height=1,
                    fill_color=color,
                    fill_opacity=BAR_OPACITY,
                    stroke_width=0,
                )
                self.dots[i, rule] = Dot(ORIGIN, radius=ZERO_DOT_RADIUS, color=color)
                mark = plain_text("Undefined", "small", "undefined").rotate(np.pi / 2)
                self.marks[i, rule] = mark.move_to(UP * (mark.height / 2 + MARK_LIFT))
                for shape in (self.dots[i, rule], self.marks[i, rule]):
                    self.shapes[shape] = shape.points - [shape.get_x(), 0, 0]
            centre = (self._slot_x(i, "rms") + self._slot_x(i, "ln")) / 2
            labels.add(plain_text(f"x{i + 1}").move_to(RIGHT * centre + bottom + DOWN * LABEL_DROP))
        self.slots = VGroup(*self.bars.values(), *self.dots.values(), *self.marks.values())
        for shape in self.slots:
            shape.clear_points()
        self.add(self.axis, self.zero, ticks, labels, self.slots)
        self.values: dict[tuple[int, str], float | None] = {}

    def _slot_x(self, i: int, rule: str) -> float:
        """The x of slot (``i``, ``rule``): one gap, then two slots per coordinate."""
        offset = 0 if rule == "rms" else 1
        return float(self.axis.get_center()[0]) + self.slot * (1 + 3 * i + offset + 0.5)

    def show(self, lesson: nm.Lesson) -> SignedBarChart:
        """Draw the outputs of ``lesson`` (its rows must number ``count``).

        Every slot keeps its bar, dot and mark as members; the two not shown have no points.
        The members never change, so a play that lists the chart's members when it starts
        (as Manim does for moving mobjects) draws no stale bar, dot or mark.
        """
        zero_y = self.zero.get_center()[1]
        for i, row in enumerate(lesson.rows):
            for rule in RULES:
                value = getattr(row, f"{rule}_output")
                self.values[i, rule] = value
                x = self._slot_x(i, rule)
                bar, dot, mark = self.bars[i, rule], self.dots[i, rule], self.marks[i, rule]
                for shape in (bar, dot, mark):
                    shape.clear_points()
                if value is None:
                    mark.set_points(self.shapes[mark] + [x, zero_y, 0])
                elif nm.display(value) == "0":
                    dot.set_points(self.shapes[dot] + [x, zero_y, 0])
                else:
                    half = self.slot / 2
                    top = zero_y + value * self.unit
                    bar.set_points_as_corners(
                        [
                            [x - half, zero_y, 0],
                            [x + half, zero_y, 0],
                            [x + half, top, 0],
                            [x - half, top, 0],
                            [x - half, zero_y, 0],
                        ]
                    )
        return self

    def drawn(self, i: int, rule: str) -> float | None:
        """The output the picture shows in slot (``i``, ``rule``), read from its geometry.

        A bar gives its signed height over ``unit``, a dot gives 0, the Undefined
        mark gives None.
        """
        if self.marks[i, rule].has_points():
            return None
        if self.dots[i, rule].has_points():
            return 0.0
        bar = self.bars[i, rule]
        zero_y = self.zero.get_center()[1]
        far = bar.get_top()[1] if bar.get_top()[1] - zero_y > 1e-9 else bar.get_bottom()[1]
        return float((far - zero_y) / self.unit)


def _label(text: str, size: str = "body", color: str = "text") -> VMobject:
    return plain_text(text, size, color)


def _row_label(
    text: str, x: float, y: float, digit_height: float, size: str = "small", edge=LEFT
) -> VMobject:
    """A label at ``x`` (its ``edge``) whose baseline meets a readout's digits centred at ``y``."""
    label = plain_text(text, size)
    left = x - label.width * (1 + edge[0]) / 2
    return label.shift([left, y - digit_height / 2, 0])


STATS_ROW_HEIGHT = 0.37
"""Height of a row of the statistics panel."""

STATS_COLUMNS = (3.9, 5.65)
"""The x of the two rules' readouts, from the statistics labels' left edge."""

RULES_HEADER_ROWS = 4.2
"""How many rows below the first statistic the rules' names sit (after the four input
statistics and a little space)."""

STATS_RULE_RISE = 0.6
"""How many rows above the rules' names the statistics panel's rule runs."""

STATS_RULE_END = 0.9
"""How far the statistics panel's rule reaches past the last column's readouts."""


class StatsPanel(VGroup):
    """The statistics of :data:`normmath.lesson.STATISTICS`, six decimals, one readout each.

    The input statistics one per row, then the two rules side by side (denominator,
    output mean, output RMS). :attr:`readouts` maps statistic keys to readouts.
    """

    def __init__(
        self,
        row_height: float = STATS_ROW_HEIGHT,
        columns: tuple[float, float] = STATS_COLUMNS,
    ):
        super().__init__()
        self.readouts: dict[str, Readout] = {}
        labels = dict(STATISTICS)
        cells = VGroup()
        digit = Readout().digit_height
        for r, key in enumerate(("mean", "mean_square", "rms", "variance")):
            y = -r * row_height
            cells.add(_row_label(labels[key], 0, y, digit))
            self.readouts[key] = Readout().at([columns[0], y, 0])
        header_y = -RULES_HEADER_ROWS * row_height
        for x, (name, color) in zip(columns, RULES.values(), strict=True):
            cells.add(_label(name, "small").set_color(color).move_to([x, header_y, 0]))
        for r, (suffix, title) in enumerate(
            (
                ("denominator", "denominator"),
                ("output_mean", "output mean"),
                ("output_rms", "output RMS"),
            )
        ):
            y = header_y - (r + 1) * row_height
            cells.add(_row_label(title, 0, y, digit))
            for x, rule in zip(columns, RULES, strict=True):
                self.readouts[f"{rule}_{suffix}"] = Readout().at([x, y, 0])
        line_y = header_y + row_height * STATS_RULE_RISE
        rule = Line(
            [0, line_y, 0],
            [columns[1] + STATS_RULE_END, line_y, 0],
            color=PALETTE["axis"],
            stroke_width=RULE_STROKE,
        )
        self.add(cells, rule, *self.readouts.values())

    def show(self, lesson: nm.Lesson) -> StatsPanel:
        """Show the statistics of ``lesson``."""
        for key, value in lesson.statistics().items():
            self.readouts[key].show(value)
        return self


TABLE_ROW_HEIGHT = 0.46
"""Height of a row of the construction table."""

TABLE_FIRST_ROW = 1.25
"""How many rows below the headers' centre the first coordinate's row sits."""

TABLE_RULE_DROP = 0.65
"""How many rows below the headers' centre the table's rule runs."""


class ConstructionTable(VGroup):
    """The construction table of :data:`normmath.lesson.COLUMNS`: one row per coordinate.

    :attr:`readouts` maps (column key, row index) to readouts (all but the coordinate name).
    """

    def __init__(
        self, count: int, width: float = CONTENT_WIDTH, row_height: float = TABLE_ROW_HEIGHT
    ) -> None:
        super().__init__()
        self.readouts: dict[tuple[str, int], Readout] = {}
        step = width / len(COLUMNS)
        colours = {"rms_output": PALETTE["rms"], "ln_output": PALETTE["ln_target"]}
        cells = VGroup()
        for c, (key, header) in enumerate(COLUMNS):
            x = (c + 0.5) * step - width / 2
            head = _label(header.replace(" ", "\n", 1) if " " in header else header, "small")
            cells.add(head.set_color(colours.get(key, PALETTE["text"])).move_to([x, 0, 0]))
            for i in range(count):
                y = -(i + TABLE_FIRST_ROW) * row_height
                if key == "coordinate":
                    cells.add(_label(f"x{i + 1}").move_to([x, y, 0]))
                else:
                    self.readouts[key, i] = Readout(TEXT_SIZE["small"]).at([x, y, 0])
        line_y = -TABLE_RULE_DROP * row_height
        rule = Line(
            [-width / 2, line_y, 0],
            [width / 2, line_y, 0],
            color=PALETTE["axis"],
            stroke_width=RULE_STROKE,
        )
        self.add(cells, rule, *self.readouts.values())

    def show(self, lesson: nm.Lesson) -> ConstructionTable:
        """Show the rows of ``lesson``."""
        for (key, i), readout in self.readouts.items():
            readout.show(getattr(lesson.rows[i], key))
        return self


BOARD_REACH = 6.75
"""Farthest x of the board's parts on either side (the frame's edge is at 7.11): the chart's
left edge and the statistics panel's right edge sit there."""

CHART_Y = -0.25
"""Height of the bar chart's centre: low enough that an Undefined mark (a vertical word
above the zero line) ends below the legend."""

LEGEND_Y = 1.62
"""Height of the legend's centre, above the chart and under the caption line."""

STATS_Y = -0.2
"""Height of the statistics panel's centre."""

TABLE_Y = -2.85
"""Height of the construction table's centre, under the chart and the statistics."""

SETTINGS_Y = 3.55
"""Height of the gain and epsilon readouts, at the top of the frame."""

GAIN_X = (1.45, 1.6)
"""The x of the gain label's right edge and of its readout's left edge."""

EPS_X = (4.75, 4.9)
"""The x of the epsilon label's right edge and of its readout's left edge."""

SWATCH = (0.3, 0.2)
"""Width and height of a legend's colour swatch."""

SWATCH_GAP = 0.1
"""Space between a legend's swatch and its rule's name."""

LEGEND_GAP = 0.4
"""Space between the legend's two entries."""


class LessonBoard(VGroup):
    """Bar chart, statistics panel, construction table and the gain/epsilon readouts.

    ``follow(tracker)`` keeps the board on the tracker's state; the lesson is recomputed
    only when that state changes. :attr:`lesson` is the lesson shown now.
    """

    def __init__(self, count: int, limit: float) -> None:
        super().__init__()
        self.chart = SignedBarChart(count, limit).move_to([0, CHART_Y, 0])
        self.chart.shift((-BOARD_REACH - self.chart.get_left()[0]) * RIGHT)
        self.stats = StatsPanel().move_to([0, STATS_Y, 0])
        self.stats.shift((BOARD_REACH - self.stats.get_right()[0]) * RIGHT)
        self.table = ConstructionTable(count).move_to([0, TABLE_Y, 0])
        self.gain = Readout(edge=LEFT).at([GAIN_X[1], SETTINGS_Y, 0])
        self.eps = Readout(edge=LEFT).at([EPS_X[1], SETTINGS_Y, 0])
        digit = self.gain.digit_height
        self.settings = VGroup(
            _row_label("gain", GAIN_X[0], SETTINGS_Y, digit, "body", RIGHT),
            self.gain,
            _row_label("epsilon", EPS_X[0], SETTINGS_Y, digit, "body", RIGHT),
            self.eps,
        )
        legend = VGroup()
        for name, color in RULES.values():
            width, height = SWATCH
            swatch = Rectangle(
                width=width,
                height=height,
                fill_color=color,
                fill_opacity=BAR_OPACITY,
                stroke_width=0,
            )
            legend.add(VGroup(swatch, _label(name, "small")).arrange(RIGHT, buff=SWATCH_GAP))
        legend.arrange(RIGHT, buff=LEGEND_GAP)
        self.legend = legend.move_to([self.chart.get_x(), LEGEND_Y, 0])
        self.add(self.chart, self.legend, self.stats, self.table, self.settings)
        self.lesson: nm.Lesson | None = None
        self._state: LessonState | None = None
        rules = tuple(f"{rule}_" for rule in RULES)
        self.outputs = VGroup(
            self.chart.slots,
            *(r for key, r in self.stats.readouts.items() if key.startswith(rules)),
            *(r for (key, _), r in self.table.readouts.items() if key.endswith("_output")),
        )
        """What the two rules output (a prediction's answer): the chart's bars, dots and
        Undefined marks, the rules' rows of the statistics panel, the table's output columns."""
        self._opacity = {m: m.get_fill_opacity() for m in self.outputs.get_family()}
        self.outputs_shown = ValueTracker(1.0)
        """How much of their opacity the outputs are drawn with: 0 hidden, 1 shown."""
        self._shown = 1.0

    def part(self, name: str) -> VGroup:
        """A part that takes the focus: ``chart`` (with its legend), ``stats`` or ``table``."""
        parts = {"chart": (self.chart, self.legend), "stats": (self.stats,), "table": (self.table,)}
        return VGroup(*parts[name])

    @property
    def readouts(self) -> dict:
        """Every readout on the board: statistic keys, (column, row) pairs, gain, eps."""
        return {**self.stats.readouts, **self.table.readouts, "gain": self.gain, "eps": self.eps}

    def show(self, state: LessonState) -> LessonBoard:
        """Show the lesson of ``state`` (a no-op when it is the state already shown)."""
        if state == self._state:
            return self
        self._state, self.lesson = state, state.lesson()
        self.chart.show(self.lesson)
        self.stats.show(self.lesson)
        self.table.show(self.lesson)
        self.gain.show(state.gain)
        self.eps.show(state.eps)
        return self

    def show_outputs(self, share: float) -> LessonBoard:
        """Draw the outputs with ``share`` of their opacity (0 hidden, 1 shown)."""
        if share != self._shown:
            self._shown = share
            for member, opacity in self._opacity.items():
                member.set_fill(opacity=share * opacity, family=False)
        return self

    def follow(self, tracker: StateTracker) -> LessonBoard:
        """Show the tracker's state, with the outputs as :attr:`outputs_shown` says, now and
        after every frame."""

        def update(board: LessonBoard) -> None:
            board.show(tracker.state()).show_outputs(board.outputs_shown.get_value())

        self.add_updater(update)
        update(self)
        return self
