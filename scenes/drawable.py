"""What the scenes can draw: the value ranges and the number of points they accept.

:mod:`normmath` computes every finite input exactly (``normgeom explain 1e200 2e200 3e200``);
a picture cannot show every such input. The limits below are checked with the parameters,
before anything renders, so a value that cannot be drawn never reaches Manim.
"""

from __future__ import annotations

import numpy as np

import normmath as nm

__all__ = ["LESSON_LIMIT", "CLOUD_LIMIT", "MAX_POINTS", "check_lesson", "check_cloud"]

LESSON_LIMIT = 100.0
"""Largest magnitude of a lesson coordinate, gain or epsilon: the six-decimal readouts of
the squares (up to 10^4, 4 * 10^4 once the Invariances scene doubles the vector) still fit
their table cells."""

CLOUD_LIMIT = 10_000.0
"""Largest magnitude of a point coordinate, gain, bias or epsilon of the 3D LayerNorm scenes
(their axes span -12..12; larger values leave the picture but stay finite in Manim)."""

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


def check_lesson(vector, gain: float, eps: float) -> None:
    """The lesson scenes' vector, gain and epsilon are within :data:`LESSON_LIMIT`."""
    for name, values in (("vector", vector), ("gain", gain), ("lesson_eps", eps)):
        _within(values, LESSON_LIMIT, name, "the lesson scenes")


def check_cloud(points: np.ndarray, gamma, beta, eps: float, source: str = "points") -> None:
    """The 3D scenes' points, gain, bias and epsilon are within :data:`CLOUD_LIMIT`."""
    named = ((source, points), ("gamma", gamma), ("beta", beta), ("eps", eps))
    for name, values in named:
        _within(values, CLOUD_LIMIT, name, "the 3D scenes")
