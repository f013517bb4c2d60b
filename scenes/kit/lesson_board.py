"""The one-vector lesson's board: the bar chart (:mod:`scenes.kit.bar_chart`), the statistics
panel and the construction table (:mod:`scenes.kit.lesson_tables`), and the gain and epsilon
readouts, laid out in the frame.

Nothing here computes normalization math: every bar height and number comes from a
:class:`normmath.Lesson`. A :class:`LessonBoard` shows one lesson and follows a
:class:`scenes.kit.lesson_state.StateTracker`, so animating the trackers re-reads
:func:`normmath.lesson` every frame and the picture changes smoothly.
"""

from __future__ import annotations

from manim import LEFT, RIGHT, UP, Rectangle, ValueTracker, VGroup

import normmath as nm
from scenes.kit.bar_chart import BAR_OPACITY, SignedBarChart
from scenes.kit.glyphs import Readout, plain_text, row_label
from scenes.kit.lesson_state import RULES, LessonState, StateTracker
from scenes.kit.lesson_tables import ConstructionTable, StatsPanel

__all__ = [
    "BOARD_REACH",
    "LessonBoard",
]

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

TABLE_FLOOR = -3.795
"""Lowest the table's bottom may reach, a little more than the audit's 0.2 inside the frame's
bottom edge (-4): a table whose headers set taller (Japanese two-line headers) is lifted."""

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
        self.table.shift(max(0.0, TABLE_FLOOR - self.table.get_bottom()[1]) * UP)
        self.gain = Readout(edge=LEFT).at([GAIN_X[1], SETTINGS_Y, 0])
        self.eps = Readout(edge=LEFT).at([EPS_X[1], SETTINGS_Y, 0])
        digit = self.gain.digit_height
        self.settings = VGroup(
            row_label("gain", GAIN_X[0], SETTINGS_Y, digit, "body", RIGHT),
            self.gain,
            row_label("epsilon", EPS_X[0], SETTINGS_Y, digit, "body", RIGHT),
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
            legend.add(VGroup(swatch, plain_text(name, "small")).arrange(RIGHT, buff=SWATCH_GAP))
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
