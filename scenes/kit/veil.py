"""A background-coloured veil over a part of the picture that recedes (faded in over it),
kept inside the frame's safe area.
"""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Mobject, Rectangle, config

from scenes.kit.style import PALETTE

__all__ = [
    "VEIL_OPACITY",
    "VEIL_EDGE",
    "veil",
]

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
