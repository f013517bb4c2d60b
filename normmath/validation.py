"""Argument checks shared by every :mod:`normmath` function.

Each check returns a clean float array (or float) or raises :class:`NormMathError` whose
message names the argument and what is wrong with it.
"""

from __future__ import annotations

import numpy as np

from normmath.errors import NormMathError

__all__ = ["as_rows", "as_scalar", "as_eps", "as_feature_param"]


def as_rows(x, name: str = "x") -> np.ndarray:
    """Return ``x`` as a finite float array of shape (..., n) with n >= 2."""
    try:
        arr = np.asarray(x, dtype=float)
    except (TypeError, ValueError) as exc:
        raise NormMathError(f"{name}: not a numeric array ({exc})") from None
    if arr.ndim == 0:
        raise NormMathError(f"{name}: expected shape (..., n) with n >= 2, got a scalar")
    if arr.shape[-1] < 2:
        raise NormMathError(f"{name}: expected shape (..., n) with n >= 2, got shape {arr.shape}")
    if not np.all(np.isfinite(arr)):
        raise NormMathError(f"{name}: contains NaN or infinite values")
    return arr


def as_scalar(value, name: str) -> float:
    """Return ``value`` as one finite float."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise NormMathError(f"{name}: expected a number, got {value!r}") from None
    if not np.isfinite(number):
        raise NormMathError(f"{name}: must be finite, got {number}")
    return number


def as_eps(eps, name: str = "eps") -> float:
    """Return epsilon as a finite float >= 0."""
    value = as_scalar(eps, name)
    if value < 0:
        raise NormMathError(f"{name}: must be >= 0, got {value}")
    return value


def as_feature_param(value, n: int, name: str) -> np.ndarray:
    """Return a gain or bias as a finite float array: a scalar, or one value per feature (n,)."""
    try:
        arr = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise NormMathError(f"{name}: expected a number or {n} numbers, got {value!r}") from None
    if arr.ndim > 1 or (arr.ndim == 1 and arr.shape[0] != n):
        raise NormMathError(
            f"{name}: expected a scalar or {n} values (one per feature), got shape {arr.shape}"
        )
    if not np.all(np.isfinite(arr)):
        raise NormMathError(f"{name}: contains NaN or infinite values")
    return arr
