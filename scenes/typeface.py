"""The lecture's one text typeface and its smallest legible size.

Every text of every scene, card and panel is set in :data:`FONT`; only formulas are set by
TeX. No text is smaller than :data:`MIN_FONT_SIZE`: at that size the capitals and digits of
:data:`FONT` are about 12 pixels high in a 480p frame (frame height 8 units = 480 px).
"""

from __future__ import annotations

__all__ = ["FONT", "MIN_FONT_SIZE"]

FONT = "DejaVu Sans"
"""The typeface of every text on screen (legends, readouts, labels, captions, cards)."""

MIN_FONT_SIZE = 20
"""Smallest Manim font size of any text on screen."""
