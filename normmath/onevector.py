r"""The lesson's one vector in 3D: where each rule moves it, with the lesson's own numbers.

LayerNorm first centers :math:`x` to :math:`x - \mu\mathbf 1` (on the plane
:math:`x+y+z=0`), then scales it along its ray in the plane to
:math:`g\,(x-\mu\mathbf 1)/\sqrt{\sigma^2+\epsilon}`; RMSNorm scales :math:`x` along its
own ray to :math:`g\,x/\sqrt{\overline{x^2}+\epsilon}`. With :math:`\epsilon = 0` both
outputs lie on the sphere of radius :math:`|g|\sqrt n`. The outputs are the lesson table's
(:func:`normmath.lesson.lesson`), so the picture and the table show the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from normmath.errors import NormMathError
from normmath.geometry import sphere_radius
from normmath.lesson import LESSON_EPS, POSITIVE, Lesson, lesson

__all__ = ["VectorJourney", "vector_journey", "angle_between", "arc_between"]


@dataclass(frozen=True)
class VectorJourney:
    """The states of one vector of n coordinates, each shape (n,) or ``None`` if undefined.

    ``raw``: the input; ``centered``: :math:`x-\\mu\\mathbf 1`; ``layer_norm`` and
    ``rms_norm``: the lesson's outputs; ``radius``: :math:`|g|\\sqrt n`; ``angle``: degrees
    between the two outputs (``None`` unless both are defined and nonzero).
    """

    lesson: Lesson
    raw: np.ndarray
    centered: np.ndarray
    layer_norm: np.ndarray | None
    rms_norm: np.ndarray | None
    radius: float
    angle: float | None


def _column(rows, field: str) -> np.ndarray | None:
    values = [getattr(row, field) for row in rows]
    return None if any(v is None for v in values) else np.array(values, dtype=float)


def angle_between(a, b) -> float | None:
    r"""Angle in degrees between vectors ``a`` and ``b``:
    :math:`\arccos\big(a\cdot b / (\lVert a\rVert\,\lVert b\rVert)\big)`; ``None`` if either
    is zero.

    >>> round(angle_between([1.0, 0.0, 0.0], [1.0, 1.0, 0.0]), 6)
    45.0
    >>> angle_between([0.0, 0.0], [1.0, 0.0]) is None
    True
    """
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    norms = float(np.linalg.norm(a) * np.linalg.norm(b))
    if norms == 0.0:
        return None
    return float(np.degrees(np.arccos(np.clip(float(a @ b) / norms, -1.0, 1.0))))


def arc_between(a, b, radius: float, samples: int = 24) -> np.ndarray:
    r"""Points of the circular arc of ``radius`` about the origin from the direction of ``a``
    to that of ``b`` (in their common plane, the shorter way). Shape (samples, n).

    :math:`r\,(\cos t\,\hat a + \sin t\,\hat w)`, :math:`t \in [0, \angle(a, b)]`, where
    :math:`\hat w` is the unit part of :math:`b` orthogonal to :math:`a`.

    >>> arc_between([1.0, 0.0], [0.0, 2.0], 2.0, samples=3).round(6).tolist()
    [[2.0, 0.0], [1.414214, 1.414214], [0.0, 2.0]]
    """
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    angle = angle_between(a, b)
    if angle is None:
        raise NormMathError("arc: both vectors must be nonzero")
    unit_a = a / np.linalg.norm(a)
    w = b - (b @ unit_a) * unit_a
    unit_w = w / np.linalg.norm(w) if np.linalg.norm(w) > 0 else np.zeros_like(a)
    t = np.linspace(0.0, np.radians(angle), int(samples))[:, None]
    return float(radius) * (np.cos(t) * unit_a + np.sin(t) * unit_w)


def vector_journey(vector=POSITIVE, gain: float = 1.0, eps: float = LESSON_EPS) -> VectorJourney:
    """Where LayerNorm and RMSNorm take ``vector``, from :func:`normmath.lesson.lesson`.

    >>> j = vector_journey((1, 2, 3))
    >>> j.centered.tolist(), j.layer_norm.round(6).tolist(), j.rms_norm.round(5).tolist()
    ([-1.0, 0.0, 1.0], [-1.224744, 0.0, 1.224744], [0.46291, 0.92582, 1.38873])
    >>> round(j.angle, 4)
    67.7923
    """
    result = lesson(vector, gain, eps)
    raw = np.array(result.vector)
    ln, rms = _column(result.rows, "ln_output"), _column(result.rows, "rms_output")
    angle = angle_between(ln, rms) if ln is not None and rms is not None else None
    return VectorJourney(
        lesson=result,
        raw=raw,
        centered=_column(result.rows, "centered"),
        layer_norm=ln,
        rms_norm=rms,
        radius=abs(result.gain) * sphere_radius(raw.shape[0]),
        angle=angle,
    )
