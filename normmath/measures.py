r"""Distances the scenes read out: how far normalized rows sit from the ideal sphere.

With :math:`\epsilon = 0` every standardized row lies on the sphere of radius :math:`\sqrt n`;
with :math:`\epsilon > 0` a row of variance :math:`\sigma^2` lands at radius
:math:`\sqrt n\,\sigma / \sqrt{\sigma^2 + \epsilon}`, inside it.
"""

from __future__ import annotations

import numpy as np

from normmath.geometry import sphere_radius
from normmath.validation import as_rows

__all__ = ["sphere_gap", "mean_sphere_gap"]


def sphere_gap(points) -> np.ndarray:
    r"""Distance of each row inside the sphere: :math:`\sqrt n - \lVert p \rVert`.

    Positive inside, zero on, negative outside the sphere of radius :math:`\sqrt n`, where
    n is the last-axis length. Shape (..., n) -> (...).

    >>> sphere_gap([[1.0, 1.0, 1.0], [0.0, 0.0, 0.0]]).round(6).tolist()
    [0.0, 1.732051]
    """
    points = as_rows(points, "points")
    return sphere_radius(points.shape[-1]) - np.linalg.norm(points, axis=-1)


def mean_sphere_gap(points) -> float:
    r"""Mean of :func:`sphere_gap` over rows: :math:`\sqrt n - \tfrac1m \sum_j \lVert p_j\rVert`.

    >>> round(mean_sphere_gap([[2.0, 0.0, 0.0], [0.0, 0.0, 0.0]]), 6)
    0.732051
    """
    return float(np.mean(sphere_gap(points)))
