"""``normgeom explain`` on huge and tiny vectors: exact numbers, standard JSON, a silent stderr.

Expected outputs come from the pattern (1, 2, 3) * scale: LayerNorm (-sqrt(1.5), 0, sqrt(1.5))
at epsilon 0, RMSNorm (1, 2, 3) / sqrt(14 / 3), whatever the scale.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from normgeom.cli.app import app

runner = CliRunner()
LN = [-math.sqrt(1.5), 0.0, math.sqrt(1.5)]
RMS = [v / math.sqrt(14 / 3) for v in (1, 2, 3)]


def strict_json(text: str) -> dict:
    """Parse standard JSON only: Infinity and NaN are refused."""

    def refuse(constant):
        raise AssertionError(f"non-standard JSON constant {constant}")

    return json.loads(text, parse_constant=refuse)


def explain_process(*args: str) -> subprocess.CompletedProcess:
    """``python -m normgeom explain ...`` in a fresh process (real stderr, real warnings)."""
    command = [sys.executable, "-m", "normgeom", "explain", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def test_huge_coordinates_give_exact_outputs_standard_json_and_no_warnings():
    done = explain_process("1e200", "2e200", "3e200", "--eps", "0", "--json")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    data = strict_json(done.stdout)
    assert data["undefined"] == {"rms": None, "ln": None}
    ln = [row["ln_output"] for row in data["rows"]]
    rms = [row["rms_output"] for row in data["rows"]]
    assert ln == pytest.approx(LN, rel=1e-12, abs=1e-15)
    assert rms == pytest.approx(RMS, rel=1e-12)
    assert data["statistics"]["rms"] == pytest.approx(math.sqrt(14 / 3) * 1e200, rel=1e-12)
    assert data["statistics"]["mean_square"] is None
    assert data["statistics"]["variance"] is None
    assert [row["square"] for row in data["rows"]] == [None, None, None]
    assert data["overflow"] == ["square", "mean_square", "variance"]


def test_huge_coordinates_in_the_table_say_overflow_not_a_number():
    result = runner.invoke(app, ["explain", "1e200", "2e200", "3e200"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    row = next(line for line in lines if "x1 │" in line)
    assert "overflow" in row and "-1.224745" in row and "1e+200" in row
    assert any("mean square" in line and "overflow" in line for line in lines)
    assert "shown as overflow: square, mean square, population variance;" in result.stdout


def test_tiny_coordinates_are_defined_at_eps_zero():
    result = runner.invoke(app, ["explain", "1e-200", "2e-200", "3e-200", "--eps", "0", "--json"])
    assert result.exit_code == 0, result.output
    data = strict_json(result.stdout)
    assert data["undefined"]["ln"] is None
    assert [row["ln_output"] for row in data["rows"]] == pytest.approx(LN, rel=1e-12, abs=1e-15)


def test_gain_1e308_on_huge_coordinates_is_exact():
    result = runner.invoke(app, ["explain", "1e200", "2e200", "3e200", "--gain", "1e308", "--json"])
    assert result.exit_code == 0, result.output
    data = strict_json(result.stdout)
    expected = [v * 1e308 for v in RMS]
    assert [row["rms_output"] for row in data["rows"]] == pytest.approx(expected, rel=1e-9)


def test_a_gain_whose_outputs_exceed_the_float_range_is_refused():
    result = runner.invoke(app, ["explain", "1", "2", "3", "--gain", "1.7e308", "--json"])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("normgeom: error: gain: ")
    assert "float64 range" in lines[0]
    assert result.stdout == ""


def test_subnormal_coordinates_say_what_lies_below_the_float_range():
    done = explain_process("1e-320", "2e-320", "3e-320", "--eps", "0", "--json")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    data = strict_json(done.stdout)
    assert data["undefined"]["ln"] is None
    assert data["statistics"]["variance"] == 0.0  # the nearest float of 6.7e-641
    assert {"variance", "mean_square", "ln_denominator"} <= set(data["underflow"])
    assert [row["ln_output"] for row in data["rows"]] == pytest.approx(LN, abs=1e-15)
    table = runner.invoke(app, ["explain", "1e-320", "2e-320", "3e-320", "--eps", "0"])
    lines = table.stdout.splitlines()
    assert "underflow" in next(line for line in lines if "│ population variance" in line)
    assert "shown as underflow:" in table.stdout and "the outputs are exact" in table.stdout


def test_ordinary_coordinates_underflow_nothing():
    data = strict_json(runner.invoke(app, ["explain", "1", "2", "3", "--json"]).stdout)
    assert data["underflow"] == []
