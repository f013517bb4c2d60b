r"""Per-token statistics of captured LayerNorm inputs, as a table or as JSON.

For each module and token: the mean :math:`\mu` and population standard deviation
:math:`\sigma` of the input row, :math:`\mu/\sigma`, and the angle between RMSNorm's and
LayerNorm's outputs, :math:`\arctan(|\mu|/\sigma)` in degrees (:func:`normmath.meridian`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from rich.table import Table

import normmath as nm
from normgeom.activations.capture import Capture, LayerNormCapture
from normgeom.activations.model import MODEL_NAME
from normmath.norms import row_mean, row_std
from normmath.recorded import module_label

__all__ = ["ModuleStats", "module_stats", "to_json", "to_table"]


@dataclass(frozen=True)
class ModuleStats:
    """Statistics of one module's input rows, each shape (tokens,); ratio and angle are
    masked where sigma is 0."""

    name: str
    n: int
    eps: float
    mu: np.ndarray
    sigma: np.ndarray
    mu_over_sigma: np.ma.MaskedArray
    angle_deg: np.ma.MaskedArray


def module_stats(layer: LayerNormCapture) -> ModuleStats:
    """The statistics of ``layer``'s inputs, computed in float64."""
    rows = layer.inputs.astype(np.float64)
    mu = row_mean(rows)
    sigma = row_std(rows)
    spread = sigma > 0
    ratio = np.ma.masked_array(mu / np.where(spread, sigma, 1.0), mask=~spread)
    angle = np.degrees(nm.meridian_of_stats(mu, sigma, layer.n, layer.eps).angle)
    return ModuleStats(layer.name, layer.n, layer.eps, mu, sigma, ratio, angle)


def _numbers(values) -> list[float | None]:
    """Plain floats for JSON, ``None`` where masked."""
    return [None if v is np.ma.masked else float(v) for v in np.ma.asarray(values)]


def to_json(captured: Capture) -> dict:
    """The ``normgeom activations --json`` document."""
    layernorms = []
    for layer in captured.layernorms:
        stats = module_stats(layer)
        layernorms.append(
            {
                "name": stats.name,
                "n": stats.n,
                "eps": stats.eps,
                "mu": _numbers(stats.mu),
                "sigma": _numbers(stats.sigma),
                "mu_over_sigma": _numbers(stats.mu_over_sigma),
                "angle_deg": _numbers(stats.angle_deg),
            }
        )
    return {
        "model": MODEL_NAME,
        "text": captured.text,
        "tokens": list(captured.tokens),
        "layernorms": layernorms,
    }


def _shown(value, digits: str, unit: str = "") -> str:
    return "undefined" if value is np.ma.masked else format(float(value), digits) + unit


def to_table(captured: Capture) -> Table:
    """One row per module and token, a section per module, in forward order."""
    table = Table(
        title=f"{MODEL_NAME}: the vectors entering each LayerNorm",
        title_justify="left",
        caption="angle: between RMSNorm's and LayerNorm's outputs, atan(|μ|/σ)",
        caption_justify="left",
    )
    table.add_column("module", no_wrap=True)
    table.add_column("token", no_wrap=True)
    for column in ("μ", "σ", "μ/σ", "angle RMS↔LN"):
        table.add_column(column, justify="right")
    for layer in captured.layernorms:
        stats = module_stats(layer)
        for index, token in enumerate(captured.tokens):
            table.add_row(
                module_label(stats.name) if index == 0 else "",
                token,
                f"{stats.mu[index]:.4g}",
                f"{stats.sigma[index]:.4g}",
                _shown(stats.mu_over_sigma[index], ".3g"),
                _shown(stats.angle_deg[index], ".2f", "°"),
            )
        table.add_section()
    return table
