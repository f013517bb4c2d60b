"""LayerNorm and RMSNorm over the last axis, with undefined rows made explicit.

Both functions follow PyTorch's ``torch.nn.functional.layer_norm`` / ``rms_norm`` over the
last dimension: population (biased) variance, epsilon inside the square root, gain applied
after normalization, then bias. A row whose denominator is exactly zero (epsilon 0 with
zero variance for LayerNorm, epsilon 0 with zero mean square for RMSNorm) is *undefined*:
:class:`NormResult` carries a ``defined`` mask and never a NaN, inf or invented zero.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from normmath.errors import UndefinedResultError
from normmath.validation import as_eps, as_feature_param, as_rows

__all__ = [
    "LAYER_NORM_EPS",
    "RMS_NORM_EPS",
    "NormResult",
    "layer_norm",
    "rms_norm",
    "row_mean",
    "row_mean_square",
    "row_variance",
]

LAYER_NORM_EPS = 1e-5
"""Default epsilon of :func:`layer_norm` (PyTorch's ``nn.LayerNorm`` default)."""

RMS_NORM_EPS = 1e-6
"""Default epsilon of :func:`rms_norm` (the value common in transformer RMSNorm layers)."""


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


def row_mean(x: np.ndarray) -> np.ndarray:
    """Mean over the last axis, exact for constant rows. Shape (..., n) -> (...)."""
    constant = np.all(x == x[..., :1], axis=-1)
    return np.where(constant, x[..., 0], np.mean(x, axis=-1))


def row_variance(x: np.ndarray) -> np.ndarray:
    """Population variance ``mean((x - mean)^2)`` over the last axis; 0 for constant rows."""
    constant = np.all(x == x[..., :1], axis=-1)
    centered = x - row_mean(x)[..., None]
    return np.where(constant, 0.0, np.mean(centered**2, axis=-1))


def row_mean_square(x: np.ndarray) -> np.ndarray:
    """Mean square ``mean(x^2)`` over the last axis. Shape (..., n) -> (...)."""
    return np.mean(x**2, axis=-1)


def _finish(numerator, denominator, gain, bias) -> NormResult:
    """Divide row-wise where the denominator is positive, then apply gain and bias."""
    defined = denominator > 0
    safe = np.where(defined, denominator, 1.0)
    out = numerator / safe[..., None] * gain + bias
    mask = np.broadcast_to(~defined[..., None], out.shape)
    return NormResult(values=np.ma.masked_array(out, mask=mask.copy()), defined=defined)


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
    centered = x - row_mean(x)[..., None]
    return _finish(centered, np.sqrt(row_variance(x) + eps), gain, bias)


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
    return _finish(x, np.sqrt(row_mean_square(x) + eps), gain, 0.0)
