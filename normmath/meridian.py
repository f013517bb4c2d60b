r"""The meridian half-plane: one exact 2D picture of both normalizations, for any width n.

Every row :math:`x \in \mathbb R^n` splits into its mean part :math:`\mu\mathbf 1`, of
length :math:`|\mu|\sqrt n`, and its centered part :math:`x - \mu\mathbf 1`, of length
:math:`\sigma\sqrt n` (:math:`\sigma` the population standard deviation). With the unit
vectors :math:`u = \mathbf 1/\sqrt n` and :math:`w = (x - \mu\mathbf 1)/\lVert x - \mu\mathbf 1
\rVert`, the row is :math:`x = \mu\sqrt n\,u + \sigma\sqrt n\,w`: a point
:math:`(\mu\sqrt n, \sigma\sqrt n)` of the half-plane spanned by :math:`u` and :math:`w`,
the *meridian plane* through :math:`\mathbf 1` and :math:`x`. Both rules keep a row in its
meridian plane (gain 1, no bias):

- LayerNorm sends it to :math:`(0, \sqrt n\,\sigma/\sqrt{\sigma^2+\epsilon})`: the equator
  (exactly :math:`(0, \sqrt n)` when :math:`\epsilon = 0`);
- RMSNorm sends it along its own ray to radius
  :math:`\sqrt n\,\sqrt{m/(m+\epsilon)}`, :math:`m = \mu^2 + \sigma^2` the mean square,
  at the elevation :math:`\arctan(\mu/\sigma)` from the equator;
- so the angle between the two outputs is :math:`\arctan(|\mu|/\sigma)`, whatever
  :math:`\epsilon`.

The 3D scenes are the case n = 3: :func:`from_meridian` maps the half-plane back into
:math:`\mathbb R^n`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from normmath.errors import NormMathError
from normmath.norms import row_mean, row_std
from normmath.stats import _masked
from normmath.validation import as_eps, as_rows

__all__ = ["Meridian", "meridian", "meridian_of_stats", "meridian_basis", "from_meridian"]


def _masked_pairs(first, second, valid) -> np.ma.MaskedArray:
    """Stack two (...) arrays into (..., 2), masking both columns where ``valid`` is False."""
    pairs = np.stack([np.where(valid, first, 0.0), np.where(valid, second, 0.0)], axis=-1)
    mask = np.broadcast_to(~np.asarray(valid)[..., None], pairs.shape)
    return np.ma.masked_array(pairs, mask=mask.copy())


@dataclass(frozen=True)
class Meridian:
    r"""Rows and their two normalizations in meridian coordinates.

    Coordinates are (along :math:`u`, along :math:`w`) = (signed mean part, spread part).

    Attributes
    ----------
    n : int
        The width of the rows.
    eps : float
        The epsilon of both images.
    point : numpy.ndarray, shape (..., 2)
        :math:`(\mu\sqrt n, \sigma\sqrt n)` of each row.
    rms : numpy.ma.MaskedArray, shape (..., 2)
        RMSNorm's output; masked where it is undefined (zero row, epsilon 0).
    layer : numpy.ma.MaskedArray, shape (..., 2)
        LayerNorm's output; masked where it is undefined (constant row, epsilon 0).
    elevation : numpy.ma.MaskedArray, shape (...)
        Signed angle of RMSNorm's output above the equator, :math:`\arctan(\mu/\sigma)` in
        radians, in [-pi/2, pi/2]; masked for the zero row.
    angle : numpy.ma.MaskedArray, shape (...)
        Angle between RMSNorm's and LayerNorm's outputs, :math:`\arctan(|\mu|/\sigma)` in
        radians; masked where :math:`\sigma = 0` (LayerNorm's output has no direction).
    """

    n: int
    eps: float
    point: np.ndarray
    rms: np.ma.MaskedArray
    layer: np.ma.MaskedArray
    elevation: np.ma.MaskedArray
    angle: np.ma.MaskedArray

    @property
    def radius(self) -> float:
        r"""The radius :math:`\sqrt n` both rules reach when epsilon is 0."""
        return float(np.sqrt(self.n))


def meridian(x, eps: float = 0.0) -> Meridian:
    r"""Meridian coordinates of each row of ``x`` and of its RMSNorm and LayerNorm outputs.

    .. math:: x \mapsto (\mu\sqrt n,\ \sigma\sqrt n),\quad
              \mathrm{RMSNorm}: \frac{(\mu\sqrt n,\ \sigma\sqrt n)}{\sqrt{\mu^2+\sigma^2+\epsilon}},
              \quad \mathrm{LayerNorm}: \Big(0,\ \frac{\sigma\sqrt n}{\sqrt{\sigma^2+\epsilon}}\Big)

    Population variance, epsilon inside the square root, gain 1 and no bias (the rules of
    :func:`normmath.rms_norm` and :func:`normmath.layer_norm`).

    Parameters
    ----------
    x : array_like, shape (..., n), n >= 2
    eps : float, >= 0

    Shape
    -----
    ``point``, ``rms`` and ``layer`` have shape (..., 2); ``elevation`` and ``angle`` (...).

    Examples
    --------
    >>> m = meridian([1.0, 2.0, 3.0])
    >>> m.point.round(6).tolist(), m.rms.round(6).tolist(), m.layer.round(6).tolist()
    ([3.464102, 1.414214], [1.603567, 0.654654], [0.0, 1.732051])
    >>> round(float(np.degrees(m.angle)), 4)
    67.7923
    >>> bool(meridian([2.0, 2.0, 2.0]).layer.mask.all())
    True
    """
    x = as_rows(x)
    return meridian_of_stats(row_mean(x), row_std(x), x.shape[-1], eps)


def meridian_of_stats(mean, std, n: int, eps: float = 0.0) -> Meridian:
    r""":func:`meridian` from each row's mean :math:`\mu` and population std :math:`\sigma`.

    The picture depends on a row only through :math:`(\mu, \sigma)` and its width n, so
    recorded statistics of wide rows can be drawn without the rows.

    Parameters
    ----------
    mean, std : array_like, shape (...); std >= 0
    n : int, >= 2
    eps : float, >= 0

    >>> m = meridian_of_stats(2.0, np.sqrt(2 / 3), 3)
    >>> m.rms.round(6).tolist()
    [1.603567, 0.654654]
    """
    mean = np.asarray(mean, dtype=float)
    std = np.asarray(std, dtype=float)
    if int(n) < 2:
        raise NormMathError(f"n: must be >= 2, got {n}")
    if not (np.all(np.isfinite(mean)) and np.all(np.isfinite(std))):
        raise NormMathError("mean, std: contain NaN or infinite values")
    if np.any(std < 0):
        raise NormMathError("std: must be >= 0")
    eps = as_eps(eps)
    root_n = np.sqrt(int(n))
    # hypot: sqrt(mu^2 + sigma^2 + eps) and sqrt(sigma^2 + eps) without overflow
    rms_denominator = np.hypot(np.hypot(mean, std), np.sqrt(eps))
    ln_denominator = np.hypot(std, np.sqrt(eps))
    rms_defined, ln_defined = rms_denominator > 0, ln_denominator > 0
    rms_safe = np.where(rms_defined, rms_denominator, 1.0)
    ln_safe = np.where(ln_defined, ln_denominator, 1.0)
    nonzero = (mean != 0) | (std > 0)
    spread = std > 0
    return Meridian(
        n=int(n),
        eps=eps,
        point=np.stack([mean * root_n, std * root_n], axis=-1),
        rms=_masked_pairs(mean * root_n / rms_safe, std * root_n / rms_safe, rms_defined),
        layer=_masked_pairs(np.zeros_like(std), std * root_n / ln_safe, ln_defined),
        elevation=_masked(np.arctan2(mean, std), nonzero),
        angle=_masked(np.arctan2(np.abs(mean), std), spread),
    )


def meridian_basis(x) -> tuple[np.ndarray, np.ndarray]:
    r"""The orthonormal pair :math:`(u, w)` spanning each row's meridian plane, each (..., n).

    :math:`u = \mathbf 1/\sqrt n`; :math:`w = (x - \mu\mathbf 1)/\lVert x - \mu\mathbf 1\rVert`.
    Raises :class:`NormMathError` for a constant row (its meridian plane is not unique).

    >>> u, w = meridian_basis([1.0, 2.0, 3.0])
    >>> w.round(6).tolist()
    [-0.707107, 0.0, 0.707107]
    """
    x = as_rows(x)
    centered = x - row_mean(x)[..., None]
    length = np.linalg.norm(centered, axis=-1)
    if np.any(length == 0):
        raise NormMathError("x: a constant row has no unique meridian plane")
    u = np.broadcast_to(np.full(x.shape[-1], 1.0 / np.sqrt(x.shape[-1])), x.shape)
    return u, centered / length[..., None]


def from_meridian(coords, x) -> np.ndarray:
    r"""Points :math:`a\,u + b\,w` of ``x``'s meridian planes, from coordinates (a, b).

    ``coords`` has shape (..., 2) and broadcasts against the rows of ``x`` (..., n); the
    result has shape (..., n). ``from_meridian(meridian(x).point, x)`` is ``x`` itself.

    >>> from_meridian(meridian([1.0, 2.0, 3.0]).layer, [1.0, 2.0, 3.0]).round(6).tolist()
    [-1.224745, 0.0, 1.224745]
    """
    coords = np.ma.getdata(np.asarray(coords, dtype=float))
    if coords.ndim == 0 or coords.shape[-1] != 2:
        raise NormMathError(f"coords: expected shape (..., 2), got {coords.shape}")
    u, w = meridian_basis(x)
    return coords[..., :1] * u + coords[..., 1:] * w
