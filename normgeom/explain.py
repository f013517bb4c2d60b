"""``normgeom explain``: every number of the one-vector lesson, in the terminal or as JSON.

The numbers are those of :func:`normmath.lesson`, the same the lesson scenes show: rich
tables round to six decimals (:func:`normmath.display`); ``--json`` gives full precision,
with ``null`` for an undefined value and the reason next to it.
"""

from __future__ import annotations

import json
import math

import typer
from rich.console import Console
from rich.table import Table

import normmath as nm
from normgeom.errors import UsageError
from normmath.lesson import COLUMNS, STATISTICS

__all__ = ["EXPLAIN_CONTEXT", "explain", "parse_coordinates", "lesson_json", "print_lesson"]

EXPLAIN_CONTEXT = {"ignore_unknown_options": True}
"""Click settings of ``explain``: a negative coordinate such as ``-1`` is a value, not an option."""

RULE_NAMES = {"rms": "RMSNorm", "ln": "LayerNorm"}
FORMULAS = (
    "RMSNorm = gain × x / sqrt(mean(x²) + epsilon)",
    "LayerNorm = gain × (x − mean) / sqrt(variance + epsilon)   (population variance)",
)


def _number(text: str, what: str) -> float:
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
    vector = tuple(_number(text, f"coordinate {i}") for i, text in enumerate(values, start=1))
    if len(vector) < 2:
        raise UsageError(f"explain: need at least 2 coordinates, got {len(vector)}")
    return vector


def _columns(lesson: nm.Lesson) -> list[tuple[str, str]]:
    return [c for c in COLUMNS if lesson.has_reference or not c[0].endswith("_reference")]


def lesson_json(lesson: nm.Lesson) -> dict:
    """The lesson as plain data: unrounded floats, ``None`` where undefined, with reasons.

    ``overflow`` lists the columns and statistics with values beyond the float range (also
    ``None``); the data never holds NaN or infinity.
    """
    return {
        "vector": list(lesson.vector),
        "gain": lesson.gain,
        "eps": lesson.eps,
        "statistics": lesson.statistics(),
        "rows": [{key: getattr(row, key) for key, _ in _columns(lesson)} for row in lesson.rows],
        "undefined": {"rms": lesson.rms_reason, "ln": lesson.ln_reason},
        "overflow": list(lesson.overflow),
        "reference": list(nm.POSITIVE) if lesson.has_reference else None,
    }


def _cell(lesson: nm.Lesson, key: str, value) -> str:
    """A value to six decimals; ``overflow`` for a value beyond the float range."""
    return "overflow" if value is None and key in lesson.overflow else nm.display(value)


def _tables(lesson: nm.Lesson) -> tuple[Table, Table]:
    stats = Table(title="Statistics", title_justify="left")
    stats.add_column("statistic")
    stats.add_column("value", justify="right", no_wrap=True)
    values = lesson.statistics()
    for key, label in STATISTICS:
        stats.add_row(label, _cell(lesson, key, values[key]))
    table = Table(title="Construction table", title_justify="left")
    columns = _columns(lesson)
    for _, header in columns:
        table.add_column(header, justify="right", no_wrap=True)
    for row in lesson.rows:
        table.add_row(
            *(
                getattr(row, key) if key == "coordinate" else _cell(lesson, key, getattr(row, key))
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
        labels = {**dict(COLUMNS), **dict(STATISTICS)}
        names = ", ".join(labels[key].lower() for key in lesson.overflow)
        console.print(
            f"Beyond the float64 range (about 1.8e308), shown as overflow: {names}; "
            "every other number is exact."
        )
    if lesson.has_reference:
        console.print("References: Positive (1, 2, 3) under the same gain and epsilon.")
    else:
        console.print("Reference columns need exactly 3 coordinates; omitted.")


VALUES = typer.Argument(None, help="coordinates (at least 2), e.g. 1 2 3 or -1 0 1")
EPS = typer.Option("1e-6", "--eps", help="epsilon, >= 0, inside the square root")
GAIN = typer.Option("1", "--gain", help="one gain shared by every coordinate")
PRESET = typer.Option(None, "--preset", help=f"a named input: {', '.join(nm.PRESETS)}")
AS_JSON = typer.Option(False, "--json", help="machine-readable: full precision, null if undefined")


def explain(
    values: list[str] | None = VALUES,
    eps: str = EPS,
    gain: str = GAIN,
    preset: str | None = PRESET,
    as_json: bool = AS_JSON,
) -> None:
    """Every statistic and the construction table of RMSNorm and LayerNorm on one vector."""
    from normgeom.cli.failures import user_errors

    with user_errors():
        vector = parse_coordinates(values, preset)
        eps_value = nm.validation.as_eps(_number(eps, "--eps"), "--eps")
        lesson = nm.lesson(vector, gain=_number(gain, "--gain"), eps=eps_value)
    if as_json:
        print(json.dumps(lesson_json(lesson), indent=2, allow_nan=False))
    else:
        print_lesson(lesson)
