r"""Facts about the data that the narration states, computed so its words hold for any input.

A tight cluster is a group of rows whose own spread is far smaller than every other row's and
which sit close together; epsilon's reach is the share of the sphere's radius
:math:`\sqrt n` a row keeps after LayerNorm with epsilon,
:math:`\sigma / \sqrt{\sigma^2 + \epsilon}`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from normmath.datasets import PointSet
from normmath.geometry import sphere_radius
from normmath.norms import layer_norm, row_mean, row_std
from normmath.validation import as_rows

__all__ = [
    "REACHED",
    "WELL_INSIDE",
    "TightCluster",
    "tight_cluster",
    "with_cluster_groups",
    "sphere_reach",
    "reach_kind",
    "epsilon_outcome",
    "affine_facts",
]

SPREAD_SEPARATION = 0.3
"""A cluster's largest row spread is at most this share of the smallest spread outside it."""

CLUSTER_SIZE = 0.15
"""A cluster's rows lie within this share of the cloud's radius of their centroid."""

FAR_OUT = 3.0
"""A cluster is far out when its rows travel this many times farther when centered than
they end up from the origin."""

REACHED = 0.95
"""Rows keeping on average at least this share of the sphere's radius end close to it."""

WELL_INSIDE = 0.8
"""Rows keeping on average at most this share of the sphere's radius stop well inside it."""


@dataclass(frozen=True)
class TightCluster:
    """The rows of a tight cluster: ``mask`` over the rows, their ``center`` (centroid), and
    whether they sit ``far_out`` along the all-ones direction (centering moves them far and
    leaves them close to the origin)."""

    mask: np.ndarray
    center: np.ndarray
    far_out: bool

    @property
    def count(self) -> int:
        """How many rows the cluster has."""
        return int(self.mask.sum())


def tight_cluster(points) -> TightCluster | None:
    r"""The tight cluster of ``points`` (shape (m, n)), or None when there is none.

    Rows are sorted by their population std :math:`\sigma`; the cluster is the k >= 2
    lowest-spread rows (k < m) with the clearest gap, where the largest :math:`\sigma` inside
    is at most :data:`SPREAD_SEPARATION` times the smallest outside, and whose rows lie within
    :data:`CLUSTER_SIZE` times the cloud's radius (largest distance from its centroid) of
    their own centroid.

    >>> spread = [[-9.0, 1.0, 8.0], [7.0, -6.0, 2.0], [5.0, 9.0, -8.0]]
    >>> tight = [[4.0, 4.1, 3.9], [4.1, 4.0, 4.0], [3.9, 4.0, 4.1]]
    >>> cluster = tight_cluster(spread + tight)
    >>> cluster.mask.tolist(), cluster.center.round(2).tolist(), cluster.far_out
    ([False, False, False, True, True, True], [4.0, 4.03, 4.0], True)
    >>> tight_cluster(spread) is None
    True
    """
    x = as_rows(points)
    if x.ndim != 2 or len(x) < 3:
        return None
    spread = np.asarray(row_std(x))
    order = np.argsort(spread, kind="stable")
    ranked = spread[order]
    best = None
    for k in range(2, len(x)):
        inside, outside = ranked[k - 1], ranked[k]
        if outside > 0 and inside <= SPREAD_SEPARATION * outside:
            ratio = inside / outside
            if best is None or ratio < best[0]:
                best = (ratio, k)
    if best is None:
        return None
    mask = np.zeros(len(x), dtype=bool)
    mask[order[: best[1]]] = True
    center = x[mask].mean(axis=0)
    radius = np.linalg.norm(x - x.mean(axis=0), axis=1).max()
    if np.linalg.norm(x[mask] - center, axis=1).max() > CLUSTER_SIZE * radius:
        return None
    n = x.shape[1]
    travel = np.sqrt(n) * np.abs(row_mean(x[mask]))
    landing = np.sqrt(n) * spread[mask]
    return TightCluster(mask, center, bool(travel.min() > FAR_OUT * landing.max()))


def with_cluster_groups(cloud: PointSet) -> PointSet:
    """``cloud`` with its rows labelled by :func:`tight_cluster`: ``small`` for the cluster,
    ``large`` for the rest (the seed cloud's labels); unchanged when there is no cluster."""
    cluster = tight_cluster(cloud.points)
    if cluster is None:
        return cloud
    groups = tuple("small" if inside else "large" for inside in cluster.mask)
    return PointSet(cloud.points, groups)


def sphere_reach(points, eps: float) -> np.ndarray:
    r"""Share of the sphere's radius each row keeps under LayerNorm with ``eps``:
    :math:`\lVert \mathrm{LN}(x) \rVert / \sqrt n = \sigma / \sqrt{\sigma^2 + \epsilon}`;
    a row without a defined output (constant, at epsilon 0) counts as 0. Shape (m, n) -> (m,).

    >>> sphere_reach([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]], 0.0).round(12).tolist()
    [1.0, 0.0]
    """
    x = as_rows(points)
    result = layer_norm(x, eps=eps)
    norms = np.linalg.norm(np.where(result.defined[..., None], result.values.data, 0.0), axis=-1)
    return norms / np.sqrt(x.shape[-1])


def reach_kind(reach) -> str:
    """How a group of rows with shares ``reach`` (see :func:`sphere_reach`) ends up, by their
    mean share: ``reached`` (at least :data:`REACHED`: close to the sphere), ``inside`` (at
    most :data:`WELL_INSIDE`: well inside it) or ``mixed``.

    >>> reach_kind([0.93, 1.0]), reach_kind([0.9, 0.2]), reach_kind([0.99, 0.7])
    ('reached', 'inside', 'mixed')
    """
    share = float(np.mean(reach))
    if share >= REACHED:
        return "reached"
    if share <= WELL_INSIDE:
        return "inside"
    return "mixed"


def epsilon_outcome(points, cluster, eps: float) -> str:
    """Where LayerNorm with ``eps`` leaves ``points`` (``cluster``: a mask of the tight
    cluster's rows): ``contrast`` (the cluster stops well inside the sphere while the rest end
    close to it), ``all_reached``, ``all_inside`` or ``mixed`` (see :func:`reach_kind`).

    >>> cloud = [[-9.0, 1.0, 8.0], [7.0, -6.0, 2.0], [4.0, 4.1, 3.9], [4.1, 4.0, 4.0]]
    >>> inside = [False, False, True, True]
    >>> epsilon_outcome(cloud, inside, 1.0), epsilon_outcome(cloud, inside, 1e-9)
    ('contrast', 'all_reached')
    """
    reach = sphere_reach(points, eps)
    cluster = np.asarray(cluster, dtype=bool)
    split = cluster.any() and not cluster.all()
    if split and (reach_kind(reach[~cluster]), reach_kind(reach[cluster])) == ("reached", "inside"):
        return "contrast"
    kind = reach_kind(reach)
    return {"reached": "all_reached", "inside": "all_inside"}.get(kind, kind)


def affine_facts(gain, bias) -> dict[str, object]:
    r"""What the narration says about LayerNorm's gain and bias (3 features): ``even_gain``
    (one factor on every axis), ``semi_axes`` of the ellipsoid :math:`\sqrt 3\,|\gamma_i|`
    and its first one as ``radius`` (2 decimals), ``zero_bias``.

    >>> affine_facts((2.0, 0.4, 1.5), (3.0, 2.0, -2.0))
    {'even_gain': False, 'semi_axes': (3.46, 0.69, 2.6), 'radius': 3.46, 'zero_bias': False}
    """
    gain = np.asarray(gain, dtype=float)
    semi_axes = tuple(float(a) for a in np.round(sphere_radius(3) * np.abs(gain), 2))
    return {
        "even_gain": bool(np.all(gain == gain[0])),
        "semi_axes": semi_axes,
        "radius": semi_axes[0],
        "zero_bias": not np.any(np.asarray(bias, dtype=float)),
    }
