"""The one-vector lesson's tables of numbers: the statistics panel
(:data:`normmath.lesson.STATISTICS`) and the construction table
(:data:`normmath.lesson.COLUMNS`), one readout per number of a :class:`normmath.Lesson`.
"""

from __future__ import annotations

from manim import Line, VGroup

import normmath as nm
from normmath.lesson import COLUMNS, STATISTICS
from scenes.kit.glyphs import TEXT_SIZE, Readout, plain_text, row_label
from scenes.kit.lesson_state import RULES
from scenes.kit.style import CONTENT_WIDTH, PALETTE

__all__ = [
    "StatsPanel",
    "ConstructionTable",
]

RULE_STROKE = 1
"""Stroke width of a table's rule under its headers."""

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
            cells.add(row_label(labels[key], 0, y, digit))
            self.readouts[key] = Readout().at([columns[0], y, 0])
        header_y = -RULES_HEADER_ROWS * row_height
        for x, (name, color) in zip(columns, RULES.values(), strict=True):
            cells.add(plain_text(name, "small").set_color(color).move_to([x, header_y, 0]))
        for r, (suffix, title) in enumerate(
            (
                ("denominator", "denominator"),
                ("output_mean", "output mean"),
                ("output_rms", "output RMS"),
            )
        ):
            y = header_y - (r + 1) * row_height
            cells.add(row_label(title, 0, y, digit))
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
            head = plain_text(header.replace(" ", "\n", 1) if " " in header else header, "small")
            cells.add(head.set_color(colours.get(key, PALETTE["text"])).move_to([x, 0, 0]))
            for i in range(count):
                y = -(i + TABLE_FIRST_ROW) * row_height
                if key == "coordinate":
                    cells.add(plain_text(f"x{i + 1}").move_to([x, y, 0]))
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
