"""Every number of the one-vector lesson, in the terminal or as JSON (``normgeom explain``).

The numbers are those of :func:`normmath.lesson`, the same the lesson scenes show: rich
tables round to six decimals (:func:`normmath.display`); ``--json`` gives full precision,
with ``null`` for an undefined value and the reason next to it.
"""

from __future__ import annotations

import math

from rich.console import Console
from rich.table import Table

import normmath as nm
from normgeom.errors import UsageError
from normmath.lesson import COLUMNS, SMALLEST_NORMAL, STATISTICS

__all__ = ["parse_number", "parse_coordinates", "lesson_json", "print_lesson"]

RULE_NAMES = {"rms": "RMSNorm", "ln": "LayerNorm"}
FORMULAS = (
    "RMSNorm = gain × x / sqrt(mean(x²) + epsilon)",
    "LayerNorm = gain × (x − mean) / sqrt(variance + epsilon)   (population variance)",
)


def parse_number(text: str, what: str) -> float:
    """``text`` as a finite float; a :class:`UsageError` naming ``what`` otherwise."""
    if text.startswith("--"):
        raise UsageError(f"explain: unknown option {text!r}")
    try:
        value = float(text)
    except ValueError:
        raise UsageError(f"{what}: expected a number, got {text!r}") from None
    if not math.isfinite(value):
        raise UsageError(f"{what}: must be finite, got {text!r}")
    return value


def parse_coordinates(values: list[str] | None, preset: str | None) -> tuple[float, ...]:
    """The input vector from command-line ``values`` or a ``preset`` name (Positive if neither).

    Raises :class:`UsageError` for non-numeric, NaN or infinite values, fewer than two
    coordinates or both sources at once; :class:`normmath.NormMathError` for an unknown preset.
    """
    values = values or []
    if preset is not None:
        if values:
            raise UsageError("explain: give coordinates or --preset, not both")
        return nm.preset(preset)
    if not values:
        return nm.POSITIVE
    vector = tuple(parse_number(text, f"coordinate {i}") for i, text in enumerate(values, start=1))
    if len(vector) < 2:
        raise UsageError(f"explain: need at least 2 coordinates, got {len(vector)}")
    return vector


def _columns(lesson: nm.Lesson) -> list[tuple[str, str]]:
    return [c for c in COLUMNS if lesson.has_reference or not c[0].endswith("_reference")]


def lesson_json(lesson: nm.Lesson) -> dict:
    """The lesson as plain data: unrounded floats, ``None`` where undefined, with reasons.

    ``overflow`` lists the columns and statistics with values beyond the float range (also
    ``None``); the data never holds NaN or infinity. ``underflow`` lists those with a nonzero
    value below the normal float range (about 2.2e-308), given as its nearest float (0 or
    subnormal).
    """
    return {
        "vector": list(lesson.vector),
        "gain": lesson.gain,
        "eps": lesson.eps,
        "statistics": lesson.statistics(),
        "rows": [{key: getattr(row, key) for key, _ in _columns(lesson)} for row in lesson.rows],
        "undefined": {"rms": lesson.rms_reason, "ln": lesson.ln_reason},
        "overflow": list(lesson.overflow),
        "underflow": list(lesson.underflow),
        "reference": list(nm.POSITIVE) if lesson.has_reference else None,
    }


def _cell(lesson: nm.Lesson, key: str, value, tiny: bool) -> str:
    """A value to six decimals; ``overflow`` for a value beyond the float range, ``underflow``
    (``tiny``) for a nonzero one below it."""
    if value is None and key in lesson.overflow:
        return "overflow"
    return "underflow" if tiny else nm.display(value)


def _names(keys: tuple[str, ...]) -> str:
    """The labels of table columns and statistics, in running text (``RMS``, ``LayerNorm``
    kept as written)."""
    labels = {**dict(COLUMNS), **dict(STATISTICS)}
    return ", ".join(
        label if any(c.isupper() for c in label.split()[0][1:]) else label[0].lower() + label[1:]
        for label in (labels[key] for key in keys)
    )


def _tables(lesson: nm.Lesson) -> tuple[Table, Table]:
    stats = Table(title="Statistics", title_justify="left")
    stats.add_column("statistic")
    stats.add_column("value", justify="right", no_wrap=True)
    values = lesson.statistics()
    for key, label in STATISTICS:
        stats.add_row(label, _cell(lesson, key, values[key], key in lesson.underflow))
    table = Table(title="Construction table", title_justify="left")
    columns = _columns(lesson)
    for _, header in columns:
        table.add_column(header, justify="right", no_wrap=True)
    for row in lesson.rows:
        table.add_row(
            *(
                row.coordinate
                if key == "coordinate"
                else _cell(lesson, key, getattr(row, key), key in row.underflow)
                for key, _ in columns
            )
        )
    return stats, table


def print_lesson(lesson: nm.Lesson, console: Console | None = None) -> None:
    """Print the settings, the formulas, the statistics and the construction table."""
    stats, table = _tables(lesson)
    needed = 4 + sum(max(len(h), 9) + 3 for _, h in _columns(lesson))
    console = console or Console(width=max(Console().width, needed), highlight=False)
    console.print(
        f"input {nm.display_vector(lesson.vector)} · gain {nm.display(lesson.gain)}"
        f" · epsilon {nm.display(lesson.eps)}"
    )
    for line in FORMULAS:
        console.print(f"  {line}")
    console.print(stats)
    console.print(table)
    for rule, reason in (("rms", lesson.rms_reason), ("ln", lesson.ln_reason)):
        if reason:
            console.print(f"{RULE_NAMES[rule]} is Undefined ({reason}); no gain makes it defined")
    if lesson.overflow:
        console.print(
            f"Beyond the float64 range (about 1.8e308), shown as overflow: "
            f"{_names(lesson.overflow)}; "
            "every other number is exact."
        )
    if lesson.underflow:
        console.print(
            f"Below the float64 range (nonzero but under {SMALLEST_NORMAL:.1e}), "
            f"shown as underflow: {_names(lesson.underflow)}; the outputs are exact, "
            "computed on the vector scaled by a power of two."
        )
    if lesson.has_reference:
        console.print("References: Positive (1, 2, 3) under the same gain and epsilon.")
    else:
        console.print("Reference columns need exactly 3 coordinates; omitted.")
