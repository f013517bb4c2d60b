"""A mobject's centre and size as Manim defines them, computed in one NumPy pass.

Manim's ``get_center`` takes one pass over the family per coordinate and its ``width`` and
``height`` reduce each point in Python; the labels, markers and trails refitted on every
frame of a camera move ask for them thousands of times a frame. Same definitions here:

- centre: the middle of the box around the anchors of every family member (Manim's
  ``get_points_defining_boundary`` of a VMobject: the ends of each cubic curve);
- size: the extent of every point of every family member, handles included (Manim's
  ``length_over_dim``).
"""

from __future__ import annotations

import numpy as np
from manim import DL, IN, OUT, UR, Mobject, VMobject

__all__ = ["center", "corners", "size"]


def _anchors(mob: VMobject) -> np.ndarray:
    """The ends of each cubic curve of ``mob`` (a single point stands for itself)."""
    points = mob.points
    if len(points) == 1:
        return points
    return np.concatenate([points[0::4], points[3::4]])


def corners(mob: Mobject) -> tuple[np.ndarray, np.ndarray]:
    """Manim's ``mob.get_corner(DL + IN)`` and ``mob.get_corner(UR + OUT)``: the lowest and
    highest coordinates of the family's anchors."""
    if not isinstance(mob, VMobject):
        return mob.get_corner(DL + IN), mob.get_corner(UR + OUT)
    anchors = np.concatenate([_anchors(m) for m in mob.get_family()])
    if len(anchors) == 0:
        return mob.get_corner(DL + IN), mob.get_corner(UR + OUT)
    return anchors.min(axis=0), anchors.max(axis=0)


def center(mob: Mobject) -> np.ndarray:
    """Manim's ``mob.get_center()``: the middle of the box around the family's anchors."""
    low, high = corners(mob)
    return (low + high) / 2


def size(mob: Mobject) -> np.ndarray:
    """Manim's ``(mob.width, mob.height, mob.depth)``: the extent of every family point."""
    points = np.concatenate([m.points for m in mob.get_family()]).reshape(-1, 3)
    if len(points) == 0:
        return np.zeros(3)
    return points.max(axis=0) - points.min(axis=0)
