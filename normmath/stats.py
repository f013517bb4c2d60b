"""Per-row statistics of LayerNorm and RMSNorm: the numbers the lesson panels show.

Every quantity is over the last axis of an (..., n) array. Quantities that divide by a
zero denominator are masked (``numpy.ma``), never NaN or inf.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from normmath.norms import (
    LAYER_NORM_EPS,
    denominator,
    layer_norm,
    rms_norm,
    row_mean,
    row_mean_square,
    row_rms,
    row_std,
    row_variance,
)
from normmath.validation import as_eps, as_rows

__all__ = ["RowStats", "row_stats", "mean_to_std_ratio", "angle_to_uniform"]


def _masked(values: np.ndarray, valid: np.ndarray) -> np.ma.MaskedArray:
    """Mask ``values`` where ``valid`` is False (the fill is never shown)."""
    return np.ma.masked_array(np.where(valid, values, 0.0), mask=~valid)


def mean_to_std_ratio(x) -> np.ma.MaskedArray:
    r"""Collapse indicator :math:`|\mu| / \sigma` per row (population std).

    Masked where :math:`\sigma = 0`. Large values mean RMSNorm sends the row near a pole.

    >>> float(mean_to_std_ratio([[5.0, 5.1, 4.9]])[0]) > 10
    True
    """
    x = as_rows(x)
    std = row_std(x)
    valid = std > 0
    return _masked(np.abs(row_mean(x)) / np.where(valid, std, 1.0), valid)


def angle_to_uniform(x) -> np.ma.MaskedArray:
    r"""Angle in radians between each row and the uniform vector :math:`\mathbf 1/\sqrt n`.

    :math:`\theta = \arccos\big(x\cdot\mathbf 1 / (\sqrt n\,\lVert x\rVert)\big)`, in [0, pi];
    masked for the zero vector. Near 0 or pi: the row points at a collapse pole.

    >>> round(float(angle_to_uniform([[1.0, 1.0, 1.0]])[0]), 12)
    0.0
    """
    x = as_rows(x)
    rms = row_rms(x)  # the cosine is mean / rms = sum / (sqrt(n) |x|), without overflow
    valid = rms > 0
    cosine = row_mean(x) / np.where(valid, rms, 1.0)
    return _masked(np.arccos(np.clip(cosine, -1.0, 1.0)), valid)


@dataclass(frozen=True)
class RowStats:
    """Statistics of each row and of its two normalizations (all shape (...)).

    ``variance``/``std`` are population statistics. ``ln_denominator`` is
    ``sqrt(variance + eps)``, ``rms_denominator`` is ``sqrt(mean_square + eps)``. Output
    statistics are masked where the normalization is undefined. ``mu_over_sigma`` is masked
    for zero std, ``angle_to_uniform`` for the zero vector. ``mean_square`` and ``variance``
    are masked where they exceed the float range (rows beyond about 1e154); every other
    statistic of a finite row is finite.
    """

    eps: float
    mean: np.ndarray
    mean_square: np.ma.MaskedArray
    rms: np.ndarray
    variance: np.ma.MaskedArray
    std: np.ndarray
    ln_denominator: np.ndarray
    rms_denominator: np.ndarray
    rms_output_mean: np.ma.MaskedArray
    ln_output_mean: np.ma.MaskedArray
    rms_output_rms: np.ma.MaskedArray
    ln_output_rms: np.ma.MaskedArray
    mu_over_sigma: np.ma.MaskedArray
    angle_to_uniform: np.ma.MaskedArray


def _output_mean_and_rms(result) -> tuple[np.ma.MaskedArray, np.ma.MaskedArray]:
    data = np.asarray(result.values.data)
    return _masked(row_mean(data), result.defined), _masked(row_rms(data), result.defined)


def row_stats(x, gain=1.0, eps: float = LAYER_NORM_EPS) -> RowStats:
    r"""All statistics of each row of ``x`` under a shared ``gain`` and ``eps``.

    Output statistics are measured on the actual outputs, so for a scalar gain
    ``rms_output_rms == |gain| * sqrt(mean_square / (mean_square + eps))``.

    >>> s = row_stats([1.0, 2.0, 3.0], eps=1e-6)
    >>> round(float(s.rms), 6), round(float(s.ln_denominator), 6)
    (2.160247, 0.816497)
    """
    x = as_rows(x)
    eps = as_eps(eps)
    rms_mean, rms_rms = _output_mean_and_rms(rms_norm(x, gain=gain, eps=eps))
    ln_mean, ln_rms = _output_mean_and_rms(layer_norm(x, gain=gain, eps=eps))
    return RowStats(
        eps=eps,
        mean=row_mean(x),
        mean_square=row_mean_square(x),
        rms=row_rms(x),
        variance=row_variance(x),
        std=row_std(x),
        ln_denominator=denominator(x, eps, centered=True),
        rms_denominator=denominator(x, eps, centered=False),
        rms_output_mean=rms_mean,
        ln_output_mean=ln_mean,
        rms_output_rms=rms_rms,
        ln_output_rms=ln_rms,
        mu_over_sigma=mean_to_std_ratio(x),
        angle_to_uniform=angle_to_uniform(x),
    )
