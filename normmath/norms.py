"""LayerNorm and RMSNorm over the last axis, with undefined rows made explicit.

Both functions follow PyTorch's ``torch.nn.functional.layer_norm`` / ``rms_norm`` over the
last dimension: population (biased) variance, epsilon inside the square root, gain applied
after normalization, then bias. A row whose denominator is exactly zero (epsilon 0 with
zero variance for LayerNorm, epsilon 0 with zero mean square for RMSNorm) is *undefined*:
:class:`NormResult` carries a ``defined`` mask and never a NaN, inf or invented zero.

Every row is computed divided by a power of two near its largest magnitude (and epsilon by
its square), so squares never overflow or vanish: any finite row, from 1e-300 to 1e308, gets
the exact result. A statistic whose value lies beyond the float range (the variance of
1e200-sized rows) is masked; an output beyond it (gain 1e308) is refused with
:class:`NormMathError` naming gain or bias.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from normmath.errors import NormMathError, UndefinedResultError
from normmath.validation import as_eps, as_feature_param, as_rows

__all__ = [
    "LAYER_NORM_EPS",
    "RMS_NORM_EPS",
    "FLOAT_RANGE",
    "NormResult",
    "layer_norm",
    "rms_norm",
    "row_scale",
    "row_mean",
    "row_mean_square",
    "row_rms",
    "row_std",
    "row_variance",
    "denominator",
]

LAYER_NORM_EPS = 1e-5
"""Default epsilon of :func:`layer_norm` (PyTorch's ``nn.LayerNorm`` default)."""

RMS_NORM_EPS = 1e-6
"""Default epsilon of :func:`rms_norm` (the value common in transformer RMSNorm layers)."""

FLOAT_RANGE = "the float64 range (about 1.8e308)"
"""How errors name the largest magnitude a result may have."""


@dataclass(frozen=True)
class NormResult:
    """Normalized rows with an explicit validity mask.

    Attributes
    ----------
    values : numpy.ma.MaskedArray
        Shape (..., n). Rows with a zero denominator are fully masked.
    defined : numpy.ndarray of bool
        Shape (...). False where the row's denominator is exactly zero.
    """

    values: np.ma.MaskedArray
    defined: np.ndarray

    @property
    def all_defined(self) -> bool:
        """True when every row is defined."""
        return bool(np.all(self.defined))

    def array(self) -> np.ndarray:
        """Return the values as a plain array; raise if any row is undefined."""
        if not self.all_defined:
            count = int(np.size(self.defined) - np.count_nonzero(self.defined))
            raise UndefinedResultError(
                f"{count} row(s) have a zero denominator; their normalization is undefined"
            )
        return np.asarray(self.values.data)


def row_scale(x: np.ndarray, eps: float = 0.0) -> np.ndarray:
    r"""A power of two :math:`s` per row: :math:`\max(\max_i |x_i|, \sqrt\epsilon) / s \in [1, 2)`.

    Dividing by :math:`s` is exact, so ``x / s`` and ``eps / s**2`` carry the same digits as
    ``x`` and ``eps`` while their squares can neither overflow nor lose the row to
    underflow. Every statistic here is computed on the scaled row, then scaled back.
    """
    reach = np.maximum(np.max(np.abs(x), axis=-1), np.sqrt(eps))
    _, exponent = np.frexp(reach)
    return np.ldexp(1.0, exponent - 1)


def _constant(x: np.ndarray) -> np.ndarray:
    return np.all(x == x[..., :1], axis=-1)


def _scaled(x: np.ndarray, eps: float = 0.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(x / s, eps / s**2, s)`` with ``s`` from :func:`row_scale`."""
    scale = row_scale(x, eps)
    return x / scale[..., None], eps / scale / scale, scale


def _unit_mean(y: np.ndarray) -> np.ndarray:
    return np.where(_constant(y), y[..., 0], np.mean(y, axis=-1))


def _unit_centered(y: np.ndarray) -> np.ndarray:
    """``y - mean(y)``, exactly 0 for constant rows."""
    return np.where(_constant(y)[..., None], 0.0, y - _unit_mean(y)[..., None])


def _parts(x: np.ndarray, eps: float, centered: bool):
    """The scaled row ``y`` (centered or not), ``mean(y^2) + eps / s^2`` and the scale ``s``.

    The true squared denominator is the middle value times ``s^2``; ``eps = 0`` gives the
    variance (centered) or the mean square.
    """
    y, eps_scaled, scale = _scaled(x, eps)
    y = _unit_centered(y) if centered else y
    return y, np.mean(y**2, axis=-1) + eps_scaled, scale


def row_mean(x: np.ndarray) -> np.ndarray:
    """Mean over the last axis, exact for constant rows, never overflowing. (..., n) -> (...)."""
    y, _, scale = _scaled(x)
    return _unit_mean(y) * scale


def denominator(x: np.ndarray, eps: float, centered: bool) -> np.ndarray:
    r"""``sqrt(variance + eps)`` (``centered``, LayerNorm) or ``sqrt(mean_square + eps)``.

    Computed as :math:`s\sqrt{\operatorname{var}(x/s) + \epsilon/s^2}`, finite for every
    finite row.
    """
    _, squared, scale = _parts(x, eps, centered)
    return np.sqrt(squared) * scale


def row_std(x: np.ndarray) -> np.ndarray:
    """Population standard deviation over the last axis (always finite); 0 for constant rows."""
    return denominator(x, 0.0, centered=True)


def row_rms(x: np.ndarray) -> np.ndarray:
    """Root mean square ``sqrt(mean(x^2))`` over the last axis (always finite)."""
    return denominator(x, 0.0, centered=False)


def _square_beyond_range(x: np.ndarray, centered: bool) -> np.ma.MaskedArray:
    """``denominator(x, 0)**2``, masked where it exceeds the float range."""
    _, squared, scale = _parts(x, 0.0, centered)
    with np.errstate(over="ignore"):
        values = squared * scale * scale
    valid = np.isfinite(values)
    return np.ma.masked_array(np.where(valid, values, 0.0), mask=~valid)


def row_variance(x: np.ndarray) -> np.ma.MaskedArray:
    """Population variance ``mean((x - mean)^2)``; masked where it exceeds the float range."""
    return _square_beyond_range(x, centered=True)


def row_mean_square(x: np.ndarray) -> np.ma.MaskedArray:
    """Mean square ``mean(x^2)``; masked where it exceeds the float range."""
    return _square_beyond_range(x, centered=False)


def _normalized(x: np.ndarray, eps: float, centered: bool) -> np.ndarray:
    r"""``(x - mean) / sqrt(var + eps)`` or ``x / sqrt(ms + eps)`` on the scaled row.

    The scale cancels: :math:`(y\,s) / (s\sqrt{\operatorname{var}(y) + \epsilon/s^2})`.
    Rows with a zero denominator get 0 (they are masked by the caller).
    """
    y, squared, _ = _parts(x, eps, centered)
    positive = squared > 0
    safe = np.where(positive, np.sqrt(squared), 1.0)
    return np.where(positive[..., None], y, 0.0) / safe[..., None]


def _finish(normalized, defined, gain, bias) -> NormResult:
    """Apply gain then bias to defined rows; refuse outputs beyond the float range."""
    with np.errstate(over="ignore", invalid="ignore"):
        gained = normalized * gain
        out = gained + bias
    rows = np.broadcast_to(defined[..., None], out.shape)
    if not np.all(np.isfinite(gained[rows])):
        raise NormMathError(f"gain: the outputs gain x normalized exceed {FLOAT_RANGE}")
    if not np.all(np.isfinite(out[rows])):
        raise NormMathError(f"bias: the outputs plus bias exceed {FLOAT_RANGE}")
    out = np.where(rows, out, 0.0)
    return NormResult(values=np.ma.masked_array(out, mask=~rows), defined=defined)


def layer_norm(x, gain=1.0, bias=0.0, eps: float = LAYER_NORM_EPS) -> NormResult:
    r"""LayerNorm over the last axis.

    .. math:: y = \gamma \odot \frac{x - \mu}{\sqrt{\sigma^2 + \epsilon}} + \beta,
              \quad \mu = \tfrac1n \sum_i x_i,\quad \sigma^2 = \tfrac1n \sum_i (x_i - \mu)^2

    The variance is the population (biased) variance; epsilon sits inside the square root;
    gain multiplies after normalization, then bias is added.

    Parameters
    ----------
    x : array_like, shape (..., n), n >= 2
    gain : float or array_like, shape (n,)
        May be zero or negative. Gain 0 does not make an undefined row defined.
    bias : float or array_like, shape (n,)
    eps : float, >= 0

    Returns
    -------
    NormResult
        Undefined rows: ``eps == 0`` and zero variance (a constant row).

    Shape
    -----
    Input (..., n), output (..., n); ``defined`` has shape (...).

    Examples
    --------
    >>> r = layer_norm([1.0, 2.0, 3.0], eps=0.0)
    >>> r.array().round(6).tolist()
    [-1.224745, 0.0, 1.224745]
    >>> bool(layer_norm([2.0, 2.0, 2.0], eps=0.0).defined)
    False
    """
    x = as_rows(x)
    n = x.shape[-1]
    gain = as_feature_param(gain, n, "gain")
    bias = as_feature_param(bias, n, "bias")
    eps = as_eps(eps)
    defined = np.asarray((eps > 0) | ~_constant(x))
    return _finish(_normalized(x, eps, centered=True), defined, gain, bias)


def rms_norm(x, gain=1.0, eps: float = RMS_NORM_EPS) -> NormResult:
    r"""RMSNorm over the last axis.

    .. math:: y = \gamma \odot \frac{x}{\sqrt{\tfrac1n \sum_i x_i^2 + \epsilon}}

    No centering and no bias; epsilon sits inside the square root; gain multiplies after
    normalization.

    Parameters
    ----------
    x : array_like, shape (..., n), n >= 2
    gain : float or array_like, shape (n,)
        May be zero or negative. Gain 0 does not make an undefined row defined.
    eps : float, >= 0

    Returns
    -------
    NormResult
        Undefined rows: ``eps == 0`` and zero mean square (the zero vector).

    Shape
    -----
    Input (..., n), output (..., n); ``defined`` has shape (...).

    Examples
    --------
    >>> rms_norm([1.0, 2.0, 3.0], eps=1e-6).array().round(5).tolist()
    [0.46291, 0.92582, 1.38873]
    >>> bool(rms_norm([0.0, 0.0, 0.0], gain=0.0, eps=0.0).defined)
    False
    """
    x = as_rows(x)
    gain = as_feature_param(gain, x.shape[-1], "gain")
    eps = as_eps(eps)
    defined = np.asarray((eps > 0) | np.any(x != 0, axis=-1))
    return _finish(_normalized(x, eps, centered=False), defined, gain, 0.0)
