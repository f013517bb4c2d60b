"""Text in the lecture's typeface as cheap filled paths: glyph outlines typeset once, text
paths that keep their font size, and readouts that draw a number exactly as
:func:`normmath.display` writes it (or the word Undefined).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
from manim import LEFT, ORIGIN, Text, VectorizedPoint, VMobject

import normmath as nm
from scenes.kit.screen_text import on_screen
from scenes.kit.style import FONT, MIN_FONT_SIZE, PALETTE

__all__ = [
    "TEXT_SIZE",
    "Outline",
    "text_outline",
    "digit_outlines",
    "TextPath",
    "plain_text",
    "row_label",
    "Readout",
]

TEXT_SIZE = {"title": 34, "body": 24, "small": MIN_FONT_SIZE}
"""Font sizes of the lesson scenes (none below :data:`scenes.kit.style.MIN_FONT_SIZE`)."""

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
        self.set_points(text_outline(on_screen(text), font_size).points.copy())
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


def row_label(
    text: str, x: float, y: float, digit_height: float, size: str = "small", edge=LEFT
) -> VMobject:
    """A label at ``x`` (its ``edge``) whose baseline meets a readout's digits centred at ``y``."""
    label = plain_text(text, size)
    left = x - label.width * (1 + edge[0]) / 2
    return label.shift([left, y - digit_height / 2, 0])


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
        self.undefined = text_outline(on_screen("Undefined"), undefined_size)
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
