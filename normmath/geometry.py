r"""The geometry of normalization, for drawing.

LayerNorm in n dimensions, step by step:

1. *Center*: ``x - mean(x)`` is the orthogonal projection onto the hyperplane
   :math:`\mathbf 1^\top y = 0` (it removes the component along :math:`u = \mathbf 1/\sqrt n`).
2. *Standardize*: dividing by the population std puts the point on the sphere of radius
   :math:`\sqrt n`; with the plane, on the "equator" where plane and sphere meet.
3. *Gain*: :math:`\gamma \odot y` stretches the sphere into an ellipsoid (equator -> ellipse).
4. *Bias*: :math:`+\beta` shifts the whole figure.

RMSNorm skips step 1, so it maps every row onto the sphere of radius :math:`\sqrt n` along
its own direction; rows with :math:`|\mu| \gg \sigma` land near the poles :math:`\pm\mathbf 1`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from normmath.errors import NormMathError
from normmath.norms import LAYER_NORM_EPS, layer_norm, row_mean
from normmath.validation import as_eps, as_feature_param, as_rows

__all__ = [
    "uniform_vector",
    "uniform_component",
    "project_to_mean_zero",
    "sphere_radius",
    "drawing_scale",
    "plane_basis",
    "plane_coordinates",
    "plane_half_size",
    "plane_corners",
    "equator_points",
    "sphere_wireframe",
    "apply_affine",
    "collapse_poles",
    "LayerNormSteps",
    "layer_norm_steps",
    "interpolate",
    "smooth",
]


def uniform_vector(n: int) -> np.ndarray:
    r"""The unit vector :math:`\mathbf 1/\sqrt n` (the mean direction). Shape (n,).

    >>> uniform_vector(4).tolist()
    [0.5, 0.5, 0.5, 0.5]
    """
    if int(n) < 2:
        raise NormMathError(f"n: must be >= 2, got {n}")
    return np.full(int(n), 1.0 / np.sqrt(n))


def uniform_component(x) -> np.ndarray:
    r"""Signed length of each row along :math:`u`: :math:`x\cdot u = \sqrt n\,\mu`. Shape (...)."""
    x = as_rows(x)
    return x @ uniform_vector(x.shape[-1])


def project_to_mean_zero(x) -> np.ndarray:
    r"""Orthogonal projection onto the plane :math:`\mathbf 1^\top y = 0`: ``x - mean(x)``."""
    x = as_rows(x)
    return x - row_mean(x)[..., None]


def sphere_radius(n: int) -> float:
    r"""Radius :math:`\sqrt n` of the sphere every standardized (epsilon 0) row lies on."""
    return float(np.sqrt(n))


def drawing_scale(points, reach: float) -> int:
    r"""The smallest whole :math:`k \ge 1` with every row of ``points / k`` at most ``reach``
    sphere radii :math:`\sqrt n` from the origin: the common factor by which rows far outside
    the sphere are drawn shorter. With epsilon 0, LayerNorm and RMSNorm give ``x`` and
    ``x / k`` the same output, so the drawing changes no result.

    >>> drawing_scale([[10.0, 0.0, 0.0], [0.0, 2.0, 0.0]], reach=2.0)
    3
    """
    x = as_rows(points)
    longest = float(np.max(np.linalg.norm(x, axis=-1), initial=0.0))
    return max(1, math.ceil(longest / (reach * sphere_radius(x.shape[-1]))))


def plane_basis() -> tuple[np.ndarray, np.ndarray]:
    r"""Orthonormal basis (v1, v2) of the 3D plane :math:`x+y+z=0`.

    ``v1 = (1,-1,0)/sqrt 2`` and ``v2 = u x v1``, with ``u = (1,1,1)/sqrt 3``.
    """
    v1 = np.array([1.0, -1.0, 0.0]) / np.sqrt(2.0)
    return v1, np.cross(uniform_vector(3), v1)


def plane_coordinates(points) -> np.ndarray:
    r"""Coordinates :math:`(p\cdot v_1, p\cdot v_2)` of each row in the :func:`plane_basis`.

    For a row of the plane :math:`x+y+z=0` they locate it exactly. Shape (..., 3) -> (..., 2).

    >>> plane_coordinates([[1.0, -1.0, 0.0]]).round(6).tolist()
    [[1.414214, 0.0]]
    """
    points = as_rows(points, "points")
    return points @ np.stack(plane_basis(), axis=1)


def plane_half_size(points, margin: float = 0.0, minimum: float = 0.0) -> float:
    r"""Half side of the smallest square of :func:`plane_corners` that holds ``points``.

    :math:`h = \max(\max_j \lVert c_j \rVert_\infty + \text{margin},\ \text{minimum})`,
    with :math:`c_j` the :func:`plane_coordinates` of the rows projected onto the plane.

    >>> round(plane_half_size([[1.0, -1.0, 0.0], [0.0, 0.0, 0.0]], margin=0.5), 6)
    1.914214
    """
    coords = plane_coordinates(project_to_mean_zero(points)).reshape(-1, 2)
    reach = float(np.max(np.abs(coords))) if coords.size else 0.0
    return max(reach + float(margin), float(minimum))


def plane_corners(half_size: float, gain=1.0, bias=0.0) -> np.ndarray:
    r"""The closed square :math:`\{a v_1 + b v_2 : |a|, |b| \le h\}` of the plane
    :math:`x+y+z=0` mapped through :math:`\gamma \odot p + \beta`: four corners, then the
    first again. Shape (5, 3).

    >>> bool(abs(plane_corners(1.0).sum(axis=1)).max() < 1e-12)
    True
    """
    v1, v2 = plane_basis()
    corners = float(half_size) * np.array([v1 + v2, -v1 + v2, -v1 - v2, v1 - v2, v1 + v2])
    return apply_affine(corners, gain, bias)


def equator_points(samples: int = 100, radius: float | None = None) -> np.ndarray:
    r"""Closed circle where the plane :math:`x+y+z=0` meets the sphere. Shape (samples, 3).

    Points :math:`r(\cos t\,v_1 + \sin t\,v_2)` for t in [0, 2 pi], first = last.
    """
    radius = sphere_radius(3) if radius is None else float(radius)
    v1, v2 = plane_basis()
    t = np.linspace(0.0, 2.0 * np.pi, int(samples))[:, None]
    return radius * (np.cos(t) * v1 + np.sin(t) * v2)


def sphere_wireframe(
    radius: float | None = None, latitudes: int = 5, longitudes: int = 6, samples: int = 64
) -> list[np.ndarray]:
    """Closed circles outlining a sphere centred at 0: latitude rings, then meridians.

    Returns ``latitudes + longitudes`` arrays of shape (samples, 3); meridians are full great
    circles through the z-axis, evenly rotated over 180 degrees.
    """
    radius = sphere_radius(3) if radius is None else float(radius)
    t = np.linspace(0.0, 2.0 * np.pi, int(samples))
    curves = []
    for polar in np.linspace(0.0, np.pi, latitudes + 2)[1:-1]:
        ring_r, z = radius * np.sin(polar), radius * np.cos(polar)
        curves.append(np.column_stack([ring_r * np.cos(t), ring_r * np.sin(t), np.full_like(t, z)]))
    for azimuth in np.arange(longitudes) * np.pi / longitudes:
        curves.append(
            np.column_stack(
                [
                    radius * np.cos(t) * np.cos(azimuth),
                    radius * np.cos(t) * np.sin(azimuth),
                    radius * np.sin(t),
                ]
            )
        )
    return curves


def apply_affine(points, gain=1.0, bias=0.0) -> np.ndarray:
    r"""The LayerNorm affine step :math:`\gamma \odot p + \beta` on points of shape (..., n).

    Applied to a sphere's wireframe it draws the gain ellipsoid (semi-axes
    :math:`\sqrt n\,|\gamma_i|`) and, to the equator, its ellipse.
    """
    points = as_rows(points, "points")
    n = points.shape[-1]
    return points * as_feature_param(gain, n, "gain") + as_feature_param(bias, n, "bias")


def collapse_poles(n: int = 3) -> np.ndarray:
    r"""The two RMSNorm collapse poles :math:`\pm\mathbf 1`, rows (+1,...,1) and (-1,...,-1).

    RMSNorm (epsilon 0) of a constant vector :math:`c\mathbf 1` is
    :math:`\mathrm{sign}(c)\mathbf 1`.
    """
    ones = np.ones(int(n))
    return np.stack([ones, -ones])


@dataclass(frozen=True)
class LayerNormSteps:
    """LayerNorm as four successive states of the same rows, each shape (m, n).

    ``raw -> centered -> standardized -> gained -> shifted``; ``shifted`` equals
    ``layer_norm(raw, gain, bias, eps)``.
    """

    raw: np.ndarray
    centered: np.ndarray
    standardized: np.ndarray
    gained: np.ndarray
    shifted: np.ndarray


def layer_norm_steps(x, gain=1.0, bias=0.0, eps: float = LAYER_NORM_EPS) -> LayerNormSteps:
    r"""Every intermediate state of LayerNorm, so a scene can animate one step at a time.

    ``standardized = centered / sqrt(variance + eps)``; raises if a row is undefined.
    """
    raw = as_rows(x)
    eps = as_eps(eps)
    standardized = layer_norm(raw, eps=eps).array()
    gained = apply_affine(standardized, gain)
    return LayerNormSteps(
        raw=raw,
        centered=project_to_mean_zero(raw),
        standardized=standardized,
        gained=gained,
        shifted=apply_affine(gained, 1.0, bias),
    )


def smooth(t: float) -> float:
    """Ease-in-out ``3t^2 - 2t^3`` on [0, 1] (zero slope at both ends)."""
    t = min(max(float(t), 0.0), 1.0)
    return t * t * (3.0 - 2.0 * t)


def interpolate(start, end, t: float, eased: bool = False) -> np.ndarray:
    """Straight-line interpolation ``start + s (end - start)``, ``s = t`` or ``smooth(t)``."""
    start, end = np.asarray(start, dtype=float), np.asarray(end, dtype=float)
    s = smooth(t) if eased else min(max(float(t), 0.0), 1.0)
    return start + s * (end - start)
