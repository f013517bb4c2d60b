"""The one-vector lesson's signed bar chart: both rules' outputs per coordinate as bars from
zero on one shared scale (a dot for a defined zero, the word Undefined where there is no
output), and outlines that hold the outputs of another lesson for comparison. Every bar height
comes from a :class:`normmath.Lesson`.
"""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, ORIGIN, RIGHT, UP, Circle, Dot, Line, Rectangle, VGroup, VMobject

import normmath as nm
from scenes.kit.glyphs import plain_text
from scenes.kit.lesson_state import RULES
from scenes.kit.style import PALETTE

__all__ = [
    "chart_limit",
    "SignedBarChart",
]

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

TICK_GAP = 0.12
"""Space between the chart's axis and its tick numbers."""

ZERO_DOT_RADIUS = 0.07
"""Radius of the dot that stands for an output of zero."""

MARK_LIFT = 0.08
"""Space between the zero line and a vertical word Undefined."""

LABEL_DROP = 0.25
"""How far below the chart a coordinate's name sits."""

OUTLINE_STROKE = 2.5
"""Stroke width of an outline that holds another lesson's output."""

OUTLINE_RING = 1.8
"""Radius of the ring that holds another lesson's output of zero, in zero-dot radii."""


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
    ``held`` draws, above the bars, the outlines of the outputs :meth:`hold` was given
    (stroke opacity 0 until a scene fades them in).
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
        self.bars, self.dots, self.marks, self.outlines = {}, {}, {}, {}
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
                self.outlines[i, rule] = VMobject(
                    stroke_color=PALETTE["text"], stroke_width=OUTLINE_STROKE, fill_opacity=0
                )
                for shape in (self.dots[i, rule], self.marks[i, rule]):
                    self.shapes[shape] = shape.points - [shape.get_x(), 0, 0]
            centre = (self._slot_x(i, "rms") + self._slot_x(i, "ln")) / 2
            labels.add(plain_text(f"x{i + 1}").move_to(RIGHT * centre + bottom + DOWN * LABEL_DROP))
        self.slots = VGroup(*self.bars.values(), *self.dots.values(), *self.marks.values())
        self.held = VGroup(*self.outlines.values()).set_stroke(opacity=0)
        for shape in (*self.slots, *self.held):
            shape.clear_points()
        self.add(self.axis, self.zero, ticks, labels, self.slots, self.held)
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
                    bar.set_points_as_corners(self._bar_corners(x, value))
        return self

    def hold(self, lesson: nm.Lesson) -> SignedBarChart:
        """Outline the outputs of ``lesson`` (its rows must number ``count``): a bar's
        outline, a ring around a zero's dot, nothing for an undefined output."""
        zero_y = self.zero.get_center()[1]
        ring = Circle(radius=OUTLINE_RING * ZERO_DOT_RADIUS).points
        for i, row in enumerate(lesson.rows):
            for rule in RULES:
                value, x = getattr(row, f"{rule}_output"), self._slot_x(i, rule)
                outline = self.outlines[i, rule]
                if value is None:
                    outline.clear_points()
                elif nm.display(value) == "0":
                    outline.set_points(ring + [x, zero_y, 0])
                else:
                    outline.set_points_as_corners(self._bar_corners(x, value))
        return self

    def _bar_corners(self, x: float, value: float) -> list[list[float]]:
        """The closed outline of the bar of output ``value`` centred on ``x``."""
        half, zero_y = self.slot / 2, float(self.zero.get_center()[1])
        top = zero_y + value * self.unit
        corners = [[x - half, zero_y], [x + half, zero_y], [x + half, top], [x - half, top]]
        return [[cx, cy, 0.0] for cx, cy in [*corners, corners[0]]]

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
