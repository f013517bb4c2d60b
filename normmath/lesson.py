"""The one-vector lesson: both rules on one vector, coordinate by coordinate.

The construction table has, per coordinate: input, square, centered value, RMSNorm and
LayerNorm outputs, and the outputs of the Positive reference (1, 2, 3) under the same gain
and epsilon. Values are computed unrounded; :func:`display` rounds to six decimals.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from normmath.errors import NormMathError
from normmath.norms import layer_norm, rms_norm, row_scale
from normmath.stats import RowStats, row_stats
from normmath.validation import as_eps, as_rows, as_scalar

__all__ = [
    "POSITIVE",
    "LESSON_EPS",
    "PRESETS",
    "STATISTICS",
    "COLUMNS",
    "OVERFLOWING",
    "UNDERFLOWING",
    "SMALLEST_NORMAL",
    "LessonRow",
    "Lesson",
    "lesson",
    "preset",
    "display",
    "display_vector",
    "undefined_reason",
]

POSITIVE = (1.0, 2.0, 3.0)
LESSON_EPS = 1e-6

PRESETS: dict[str, tuple[float, ...]] = {
    "positive": POSITIVE,
    "zero": (0.0, 0.0, 0.0),
    "constant": (2.0, 2.0, 2.0),
    "mean-zero": (-1.0, 0.0, 1.0),
    "scaled": (2.0, 4.0, 6.0),
    "negated": (-1.0, -2.0, -3.0),
    "shifted": (4.0, 5.0, 6.0),
    "offset": (100.0, 101.0, 102.0),
}
"""Named lesson inputs: the Positive reference and the edge cases (gain 1, eps 1e-6);
``offset`` is Positive plus a large common offset (``|mean| / std`` about 124)."""


STATISTICS: tuple[tuple[str, str], ...] = (
    ("mean", "input mean"),
    ("mean_square", "mean square"),
    ("rms", "RMS"),
    ("variance", "population variance"),
    ("rms_denominator", "RMSNorm denominator"),
    ("ln_denominator", "LayerNorm denominator"),
    ("rms_output_mean", "RMSNorm output mean"),
    ("ln_output_mean", "LayerNorm output mean"),
    ("rms_output_rms", "RMSNorm output RMS"),
    ("ln_output_rms", "LayerNorm output RMS"),
)
"""The lesson's statistics in display order: (:class:`RowStats` field, label)."""

COLUMNS: tuple[tuple[str, str], ...] = (
    ("coordinate", "Coordinate"),
    ("input", "Input"),
    ("square", "Square"),
    ("centered", "Centered"),
    ("rms_output", "RMSNorm output"),
    ("ln_output", "LayerNorm output"),
    ("rms_reference", "RMS reference"),
    ("ln_reference", "Layer reference"),
)
"""The construction table's columns in display order: (:class:`LessonRow` field, header)."""

OVERFLOWING = ("square", "centered", "mean_square", "variance")
"""The values that can exceed the float range for a finite input (squares and differences of
coordinates beyond about 1e154); every other value of a finite input is finite or refused."""

UNDERFLOWING = (
    "square",
    "centered",
    "mean",
    "mean_square",
    "rms",
    "variance",
    "rms_denominator",
    "ln_denominator",
)
"""The values that can lie below the normal float range for a finite input (coordinates or
epsilon under about 1e-154, squares of those under 1e-308): their nearest float is 0 or a
subnormal number with fewer digits. The outputs are exact whatever the scale."""

SMALLEST_NORMAL = float(np.finfo(float).tiny)
"""The smallest positive float64 with full precision, about 2.2e-308."""

SCIENTIFIC_FROM = 1e15
"""From this magnitude :func:`display` writes scientific notation (floats have no decimals left)."""


def preset(name: str) -> tuple[float, ...]:
    """The vector of a preset by name (see :data:`PRESETS`)."""
    try:
        return PRESETS[name]
    except KeyError:
        names = ", ".join(PRESETS)
        raise NormMathError(f"preset: unknown preset {name!r}; choose one of {names}") from None


@dataclass(frozen=True)
class LessonRow:
    """One coordinate of the construction table.

    ``None`` marks an undefined output, or a square or centered value beyond the float range;
    ``underflow`` names the columns (of :data:`UNDERFLOWING`) whose nonzero value lies below
    :data:`SMALLEST_NORMAL`, so the float shown is 0 or has fewer digits.
    """

    coordinate: str
    input: float
    square: float
    centered: float
    rms_output: float | None
    ln_output: float | None
    rms_reference: float | None
    ln_reference: float | None
    underflow: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """The whole lesson for one vector: table rows, statistics and undefined reasons.

    ``overflow`` names the columns and statistics (of :data:`OVERFLOWING`) that have at
    least one value beyond the float range; those values are ``None``. ``underflow`` names
    those (of :data:`UNDERFLOWING`) with a nonzero value below :data:`SMALLEST_NORMAL`, kept
    as the nearest float (0 or subnormal); RMSNorm and LayerNorm are computed on the row
    scaled by a power of two, so they stay exact and defined.
    """

    vector: tuple[float, ...]
    gain: float
    eps: float
    rows: tuple[LessonRow, ...]
    stats: RowStats
    rms_defined: bool
    ln_defined: bool
    overflow: tuple[str, ...] = ()
    underflow: tuple[str, ...] = ()

    @property
    def rms_reason(self) -> str | None:
        """Why RMSNorm is undefined, or None."""
        return None if self.rms_defined else undefined_reason("rms", self.eps)

    @property
    def ln_reason(self) -> str | None:
        """Why LayerNorm is undefined, or None."""
        return None if self.ln_defined else undefined_reason("ln", self.eps)

    @property
    def has_reference(self) -> bool:
        """True when the Positive reference columns apply (a vector of 3 coordinates)."""
        return len(self.vector) == len(POSITIVE)

    def statistics(self) -> dict[str, float | None]:
        """The :data:`STATISTICS` as plain floats, in order; ``None`` where undefined.

        >>> s = lesson((2, 2, 2), eps=0.0).statistics()
        >>> s["variance"], s["rms_output_rms"], s["ln_output_mean"]
        (0.0, 1.0, None)
        """
        values = {}
        for key, _ in STATISTICS:
            value = getattr(self.stats, key)
            values[key] = None if np.ma.is_masked(value) else float(value)
        return values


def undefined_reason(rule: str, eps: float) -> str:
    """The sentence that explains an undefined output of ``rule`` (``"rms"`` or ``"ln"``)."""
    if rule == "rms":
        return f"zero denominator: mean square is 0 and epsilon is {eps:g}"
    return f"zero denominator: variance is 0 and epsilon is {eps:g}"


def _outputs(vector: np.ndarray, gain: float, eps: float):
    rms, ln = rms_norm(vector, gain=gain, eps=eps), layer_norm(vector, gain=gain, eps=eps)
    as_list = lambda r: [float(v) for v in r.values.data] if bool(r.defined) else None  # noqa: E731
    return as_list(rms), as_list(ln), bool(rms.defined), bool(ln.defined)


def lesson(vector=POSITIVE, gain: float = 1.0, eps: float = LESSON_EPS) -> Lesson:
    """Compute the lesson for a 1-D ``vector`` of n >= 2 coordinates with a scalar ``gain``.

    >>> l = lesson((1, 2, 3))
    >>> [display(r.rms_output) for r in l.rows]
    ['0.46291', '0.92582', '1.38873']
    >>> display(lesson((0, 0, 0), eps=0.0).rows[0].ln_output)
    'Undefined'
    """
    x = as_rows(vector, "vector")
    if x.ndim != 1:
        raise NormMathError(f"vector: expected one vector, got shape {x.shape}")
    gain = as_scalar(gain, "gain")
    eps = as_eps(eps)
    stats = row_stats(x, gain=gain, eps=eps)
    rms, ln, rms_ok, ln_ok = _outputs(x, gain, eps)
    ref = np.array(POSITIVE) if x.shape[0] == len(POSITIVE) else None
    ref_rms, ref_ln = (_outputs(ref, gain, eps)[:2]) if ref is not None else (None, None)
    with np.errstate(over="ignore"):
        square, centered = _finite(x**2), _finite(x - float(stats.mean))
    tiny = _underflowed(x, eps, stats)
    rows = tuple(
        LessonRow(
            coordinate=f"x{i + 1}",
            input=float(x[i]),
            square=square[i],
            centered=centered[i],
            rms_output=rms[i] if rms else None,
            ln_output=ln[i] if ln else None,
            rms_reference=ref_rms[i] if ref_rms else None,
            ln_reference=ref_ln[i] if ref_ln else None,
            underflow=tuple(key for key in ("square", "centered") if tiny[key][i]),
        )
        for i in range(x.shape[0])
    )
    too_large = {"square": None in square, "centered": None in centered}
    too_large |= {key: bool(np.ma.is_masked(getattr(stats, key))) for key in OVERFLOWING[2:]}
    overflow = tuple(key for key in OVERFLOWING if too_large[key])
    underflow = tuple(key for key in UNDERFLOWING if np.any(tiny[key]))
    vector = tuple(float(v) for v in x)
    return Lesson(vector, gain, eps, rows, stats, rms_ok, ln_ok, overflow, underflow)


def _underflowed(x: np.ndarray, eps: float, stats: RowStats) -> dict[str, np.ndarray]:
    """Per :data:`UNDERFLOWING` key, where the value is nonzero but its float lies below
    :data:`SMALLEST_NORMAL`. Whether it is nonzero is read on the row divided by a power of
    two near its largest magnitude (:func:`~normmath.norms.row_scale`), exactly."""
    y = x / row_scale(x)
    unit = row_stats(y, eps=0.0)
    with np.errstate(over="ignore", under="ignore"):
        actual = {"square": x**2, "centered": x - stats.mean}
    nonzero = {
        "square": x != 0,
        "centered": y - unit.mean != 0,
        **{key: getattr(unit, key) != 0 for key in ("mean", "mean_square", "rms", "variance")},
        "rms_denominator": (unit.mean_square != 0) | (eps > 0),
        "ln_denominator": (unit.variance != 0) | (eps > 0),
    }
    found = {}
    for key in UNDERFLOWING:
        value = actual[key] if key in actual else getattr(stats, key)
        small = np.abs(np.ma.getdata(value)) < SMALLEST_NORMAL
        found[key] = np.asarray(np.ma.getdata(nonzero[key]) & small & ~np.ma.getmaskarray(value))
    return found


def _finite(values: np.ndarray) -> list[float | None]:
    """The values as floats, ``None`` where they overflowed."""
    return [float(v) if np.isfinite(v) else None for v in values]


def display(value) -> str:
    """Round to six decimals for display, dropping trailing zeros; None -> ``Undefined``.

    From :data:`SCIENTIFIC_FROM` on, six decimals of scientific notation.

    >>> display(1.2247448713915890), display(-0.0000001), display(None), display(4.0)
    ('1.224745', '0', 'Undefined', '4')
    >>> display(2.5e200)
    '2.5e+200'
    """
    if value is None or np.ma.is_masked(value):
        return "Undefined"
    if abs(float(value)) >= SCIENTIFIC_FROM:
        mantissa, exponent = f"{float(value):.6e}".split("e")
        return f"{mantissa.rstrip('0').rstrip('.')}e{exponent}"
    text = f"{round(float(value), 6):.6f}".rstrip("0").rstrip(".")
    return "0" if text in {"-0", ""} else text


def display_vector(values, number: Callable[[float], str] = display) -> str:
    """A vector written ``(a, b, c)``, each coordinate by ``number`` (default
    :func:`display`); None -> ``Undefined``.

    >>> display_vector([-1.2247448, 0.0, 1.2247448]), display_vector(None)
    ('(-1.224745, 0, 1.224745)', 'Undefined')
    >>> display_vector([2.0, 0.4, 1.5], lambda v: f"{v:.3g}")
    '(2, 0.4, 1.5)'
    """
    if values is None:
        return display(None)
    return "(" + ", ".join(number(float(v)) for v in values) + ")"
