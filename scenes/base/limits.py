"""What the scenes can draw: the value ranges and the number of points they accept.

:mod:`normmath` computes every finite input exactly (``normgeom explain 1e200 2e200 3e200``);
a picture cannot show every such input. The limits below are checked with the parameters,
before anything renders, so a value that cannot be drawn never reaches Manim.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

import normmath as nm
from scenes.voice.wording import written

__all__ = [
    "LESSON_LIMIT",
    "POINT_LIMIT",
    "AFFINE_LIMIT",
    "MAX_POINTS",
    "check_lesson",
    "check_cloud",
]

LESSON_LIMIT = 10.0
"""Largest magnitude of a lesson coordinate, gain or epsilon: the six-decimal readouts of
squares, centered values and outputs (up to about ten characters, once the Invariances
scene doubles the vector) still fit their table cells; at 100 neighbours run together."""

POINT_LIMIT = 25.0
"""Largest magnitude of a point coordinate in the 3D LayerNorm scenes: twice the reach of
the seed cloud (12.5) and of the drawn axes (12); a cloud of ±25 still frames well."""

AFFINE_LIMIT = 10.0
"""Largest magnitude of a gain (gamma) or bias (beta) coordinate of the 3D scenes: at 8 the
ellipsoid still fills the frame legibly; at 30 it passes the camera, the picture breaks up
and one still takes minutes instead of seconds."""

MAX_POINTS = 500
"""Most points a point file may hold. Each point is drawn in every frame of the five LayerNorm
scenes: MeanCentering at 480p15 took 8 s of CPU with 20 points, 32 s with 200 and 72 s with
500 (about 0.13 s per point and scene, several times more at higher qualities), so 500
points cost minutes per scene and 100,000 would cost hours."""


def _within(values, limit: float, name: str, scenes: str) -> None:
    """Raise :class:`normmath.NormMathError` naming ``name`` if any value exceeds ``limit``."""
    largest = float(np.max(np.abs(np.asarray(values, dtype=float))))
    if largest > limit:
        raise nm.NormMathError(
            f"{name}: {scenes} draw values within ±{limit:g}, got {largest:g} "
            "(`normgeom explain` computes any finite value)"
        )


def check_lesson(vector, gain: float, eps: float, named: Callable[[str], str] = str) -> None:
    """The lesson scenes' vector, gain and epsilon are within :data:`LESSON_LIMIT` (an error
    names a field ``named(field)``)."""
    for name, values in (("vector", vector), ("gain", gain), ("lesson_eps", eps)):
        _within(values, LESSON_LIMIT, named(name), "the lesson scenes")


def check_cloud(
    points: np.ndarray, gamma, beta, source: str = "points", named: Callable[[str], str] = str
) -> None:
    """The 3D scenes' points are within :data:`POINT_LIMIT`, none is a constant row, gamma and
    beta are within :data:`AFFINE_LIMIT` (epsilon only shrinks the picture: any finite value
    draws).

    The LayerNorm scenes and the recap standardize at epsilon 0 (the exact sphere), where a
    constant row, such as (2, 2, 2), has variance 0 and no LayerNorm output to draw.
    """
    _within(points, POINT_LIMIT, source, "the 3D scenes")
    undefined = np.flatnonzero(~nm.layer_norm(points, eps=0.0).defined)
    if undefined.size:
        row = int(undefined[0])
        raise nm.NormMathError(
            f"{source}: row {row + 1} {written(points[row])} is constant: its variance is 0, "
            "so its LayerNorm at epsilon 0 (the sphere the LayerNorm scenes and the recap "
            "draw) is undefined; remove the row or give its coordinates some spread"
        )
    for name, values in (("gamma", gamma), ("beta", beta)):
        _within(values, AFFINE_LIMIT, named(name), "the 3D scenes")
