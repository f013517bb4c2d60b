"""Panels pinned in the frame: legends, formulas, readouts, and the prediction cue.

A legend's or formula's glyphs of one colour are merged into one VMobject
(:func:`~scenes.kit.figures.flatten`), on a dark backing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from manim import (
    DL,
    DOWN,
    LEFT,
    RIGHT,
    UL,
    UR,
    BackgroundRectangle,
    Line,
    MathTex,
    Mobject,
    Polygon,
    Rectangle,
    Text,
    VGroup,
    VMobject,
)

from scenes.kit.figures import crosses, dashes, flatten, point_cloud, pole_markers
from scenes.kit.screen_text import on_screen
from scenes.kit.style import FONT, LABEL_SIZE, LAYERS, PALETTE

__all__ = [
    "LegendEntry",
    "legend",
    "formula_panel",
    "readout",
    "pin_to_corner",
    "prediction_cue",
    "countdown_bar",
    "set_countdown",
]


@dataclass(frozen=True)
class LegendEntry:
    """One legend row: a swatch ``kind`` (dot, line, dash, cross, star, patch), its palette
    colour name and its label text."""

    kind: str
    color: str
    label: str


def _swatch(kind: str, color: str) -> VMobject:
    hex_color = PALETTE[color]
    if kind == "dot":
        return point_cloud(np.zeros((1, 3)), hex_color, radius=0.09)[0]
    if kind == "cross":
        return crosses(np.zeros((1, 3)), hex_color, size=0.09)[0]
    if kind == "star":
        return pole_markers(hex_color)[0].move_to(np.zeros(3)).scale(0.5)
    if kind == "patch":
        square = Polygon([-0.15, -0.1, 0], [0.15, -0.1, 0], [0.15, 0.1, 0], [-0.15, 0.1, 0])
        return square.set_fill(hex_color, opacity=0.5).set_stroke(hex_color, width=1)
    if kind == "dash":
        return dashes(
            np.array([[-0.2, 0, 0]]), np.array([[0.2, 0, 0]]), hex_color, count=3, width=3
        )
    if kind == "line":
        return Line([-0.2, 0, 0], [0.2, 0, 0], color=hex_color, stroke_width=3.5)
    raise ValueError(f"unknown legend swatch {kind!r}")


def _label(text: str, size: float = LABEL_SIZE, color: str = PALETTE["text"]) -> VMobject:
    return flatten(Text(on_screen(text), font=FONT, font_size=size), color)


_BACKING_BUFF = 0.12
"""Frame units a panel's backing extends beyond its content."""

_ROW_BUFF = 0.14
"""Frame units between two legend rows."""

_READOUT_BUFF = 0.12
"""Frame units between two readout lines."""


def _backing(content: Mobject, buff: float = _BACKING_BUFF) -> BackgroundRectangle:
    back = BackgroundRectangle(content, color=PALETTE["panel"], fill_opacity=0.6, buff=buff)
    return back.set_stroke(width=0)


def _panel(content: Mobject) -> VGroup:
    return VGroup(_backing(content), content).set_z_index(LAYERS["panel"])


def _strip(left: float, right: float, top: float, bottom: float) -> BackgroundRectangle:
    """A backing exactly covering the box ``left..right`` by ``bottom..top``."""
    box = Rectangle(width=right - left, height=top - bottom)
    return _backing(box.move_to([(left + right) / 2, (top + bottom) / 2, 0]), buff=0.0)


def _backed(rows: VGroup, row_buff: float, later: int) -> VGroup:
    """``rows`` (stacked top to bottom, ``row_buff`` apart) on a dark backing; each of the
    last ``later`` rows, shown after the others, carries its own strip of the backing (the
    row's first member): hidden, such a row leaves no empty panel."""
    if not 0 <= later < len(rows):
        raise ValueError(f"a panel of {len(rows)} rows cannot show {later} of them later")
    left, right = rows.get_left()[0] - _BACKING_BUFF, rows.get_right()[0] + _BACKING_BUFF
    edges = [rows.get_top()[1] + _BACKING_BUFF]
    edges += [row.get_bottom()[1] - row_buff / 2 for row in rows[:-1]]
    edges += [rows.get_bottom()[1] - _BACKING_BUFF]
    first = len(rows) - later
    back = _strip(left, right, edges[0], edges[first])
    for index in range(first, len(rows)):
        if not isinstance(rows[index], VGroup):
            rows.submobjects[index] = VGroup(rows[index])
        rows[index].add_to_back(_strip(left, right, edges[index], edges[index + 1]))
    return VGroup(back, rows).set_z_index(LAYERS["panel"])


def legend(entries: Sequence[LegendEntry], later: int = 0) -> VGroup:
    """Swatch-and-label rows stacked top to bottom, on a dark backing (one glyph mobject per
    row); the last ``later`` rows are listed as what they name appears (``_backed``). Pin
    it with :func:`pin_to_corner` and ``add_fixed_in_frame_mobjects``."""
    rows = VGroup()
    for entry in entries:
        swatch = _swatch(entry.kind, entry.color)
        text = _label(entry.label)
        text.next_to(swatch, RIGHT, buff=0.28)
        rows.add(VGroup(swatch, text))
    rows.arrange(DOWN, aligned_edge=LEFT, buff=_ROW_BUFF)
    for row in rows:
        row[0].move_to([rows.get_left()[0] + 0.2, row[1].get_center()[1], 0])
    return _backed(rows, _ROW_BUFF, later)


def formula_panel(tex: str, caption: str | None = None, font_size: float = 34) -> VGroup:
    """The governing formula typeset with MathTex (merged into one mobject), with an optional
    caption line above it, on a dark backing."""
    formula = flatten(MathTex(tex, font_size=font_size), PALETTE["text"])
    if caption is None:
        return _panel(VGroup(formula))
    label = _label(caption, size=LABEL_SIZE - 2, color=PALETTE["axis"])
    return _panel(VGroup(label, formula).arrange(DOWN, buff=0.14, aligned_edge=LEFT))


def readout(lines: Sequence[tuple[str, str]], later: int = 0) -> VGroup:
    """Text lines, each in a palette colour (``(text, colour name)``), on a dark backing; the
    last ``later`` lines are read out after the others (``_backed``)."""
    rows = VGroup(*[_label(text, color=PALETTE[color]) for text, color in lines])
    rows.arrange(DOWN, aligned_edge=LEFT, buff=_READOUT_BUFF)
    return _backed(rows, _READOUT_BUFF, later)


_PANEL_BUFF = 0.25
"""Frame units between a pinned panel and the frame's edges."""

_CORNERS = {"top_left": UL, "top_right": UR, "bottom_left": DL, "bottom_right": DOWN + RIGHT}


def pin_to_corner(panel: Mobject, corner: str) -> Mobject:
    """Move a panel into a frame corner (``top_left``, ``top_right``, ``bottom_left``,
    ``bottom_right``) with a margin."""
    return panel.to_corner(_CORNERS[corner], buff=_PANEL_BUFF)


# --- prediction cue ------------------------------------------------------------------------

_CUE_WIDTH = 3.2
_CUE_BAR_GAP = 0.18


def prediction_cue() -> VGroup:
    """The on-screen cue of a prediction pause: "Pause and predict" on an opaque backing
    with room for the countdown bar under the words (an undrawn line, the cue's last member,
    scaled with it), at the bottom centre (in a 3D scene, fix it in frame)."""
    words = _label("Pause and predict", size=LABEL_SIZE + 6, color=PALETTE["pole"])
    room = Line(_CUE_WIDTH / 2 * LEFT, _CUE_WIDTH / 2 * RIGHT).next_to(
        words, DOWN, buff=_CUE_BAR_GAP
    )
    back = BackgroundRectangle(
        VGroup(words, room), color=PALETTE["panel"], fill_opacity=0.92, buff=0.15
    )
    back.set_stroke(width=0)
    room.set_stroke(opacity=0.0)
    return VGroup(back, words, room).set_z_index(LAYERS["panel"]).to_edge(DOWN, buff=0.3)


def countdown_bar(cue: VGroup) -> Line:
    """A bar under the words of ``cue``, drawn above its backing, that :func:`set_countdown`
    shortens to nothing (in a 3D scene, fix it in frame)."""
    bar = Line(LEFT, RIGHT, stroke_width=6, color=PALETTE["pole"])
    bar.set_z_index(LAYERS["panel"] + 1)
    return set_countdown(bar, cue, 0.0)


def set_countdown(bar: Line, cue: VGroup, elapsed: float) -> Line:
    """Show ``1 - elapsed`` of the countdown bar under ``cue`` (``elapsed`` in [0, 1]), along
    the room the cue leaves for it."""
    room = cue[2]
    left, right = room.get_start(), room.get_end()
    remaining = max(1.0 - float(elapsed), 1e-3)
    bar.put_start_and_end_on(left, left + remaining * (right - left))
    return bar
