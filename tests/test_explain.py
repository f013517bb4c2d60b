"""``normgeom explain``: the seed's table, every edge case, and the error paths.

Expectations are computed here by plain arithmetic, not copied from the program's output.
"""

from __future__ import annotations

import json
import math

import pytest
from fixtures.refusal import refusal_line
from typer.testing import CliRunner

from normgeom.cli.app import app

runner = CliRunner()


def six(value: float) -> str:
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return "0" if text in {"-0", ""} else text


def run_json(*args: str) -> dict:
    result = runner.invoke(app, ["explain", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def table_rows(output: str) -> dict[str, list[str]]:
    """Rich table rows keyed by their first cell."""
    rows = {}
    for line in output.splitlines():
        cells = [c.strip() for c in line.split("│")[1:-1]]
        if cells:
            rows[cells[0]] = cells[1:]
    return rows


def test_seed_table_to_six_decimals():
    result = runner.invoke(app, ["explain", "1", "2", "3", "--eps", "1e-6", "--gain", "1"])
    assert result.exit_code == 0
    rows = table_rows(result.stdout)
    eps = 1e-6
    rms_den, ln_den = math.sqrt(14 / 3 + eps), math.sqrt(2 / 3 + eps)
    for i, x in enumerate((1, 2, 3)):
        rms, ln = x / rms_den, (x - 2) / ln_den
        expected = [six(v) for v in (x, x * x, x - 2, rms, ln, rms, ln)]
        assert rows[f"x{i + 1}"] == expected
    assert rows["x1"][3:5] == ["0.46291", "-1.224744"]
    assert rows["RMS"] == [six(math.sqrt(14 / 3))] == ["2.160247"]
    assert rows["LayerNorm denominator"] == [six(ln_den)] == ["0.816497"]
    assert rows["mean square"] == [six(14 / 3)]
    assert rows["population variance"] == [six(2 / 3)]
    assert rows["RMSNorm output mean"] == [six(2 / rms_den)]
    assert rows["LayerNorm output RMS"] == [six(math.sqrt(2 / 3) / ln_den)]


def test_json_has_full_precision():
    data = run_json("1", "2", "3")
    assert data["eps"] == 1e-6 and data["gain"] == 1.0
    assert data["statistics"]["rms_denominator"] == pytest.approx(math.sqrt(14 / 3 + 1e-6), 1e-15)
    assert data["rows"][2]["ln_output"] == pytest.approx(1 / math.sqrt(2 / 3 + 1e-6), 1e-15)
    assert data["undefined"] == {"rms": None, "ln": None}
    assert data["reference"] == [1.0, 2.0, 3.0]


def test_zero_vector_eps_zero_is_undefined_with_reasons():
    data = run_json("0", "0", "0", "--eps", "0")
    assert {row["rms_output"] for row in data["rows"]} == {None}
    assert {row["ln_output"] for row in data["rows"]} == {None}
    assert data["statistics"]["rms"] == 0.0
    assert data["statistics"]["rms_output_rms"] is None
    assert "mean square is 0" in data["undefined"]["rms"]
    assert "variance is 0" in data["undefined"]["ln"]
    text = runner.invoke(app, ["explain", "--preset", "zero", "--eps", "0"]).stdout
    assert table_rows(text)["x1"][3:5] == ["Undefined", "Undefined"]


def test_zero_vector_positive_eps_is_zero():
    data = run_json("0", "0", "0", "--eps", "1e-6")
    assert [row["rms_output"] for row in data["rows"]] == [0.0, 0.0, 0.0]
    assert [row["ln_output"] for row in data["rows"]] == [0.0, 0.0, 0.0]


def test_constant_vector_at_eps_zero_and_positive():
    at_zero = run_json("--preset", "constant", "--eps", "0")
    assert [row["rms_output"] for row in at_zero["rows"]] == pytest.approx([1.0] * 3)
    assert [row["ln_output"] for row in at_zero["rows"]] == [None] * 3
    assert at_zero["undefined"]["rms"] is None and at_zero["undefined"]["ln"]
    positive = run_json("5", "5", "5", "--eps", "1e-6")
    assert [row["ln_output"] for row in positive["rows"]] == [0.0] * 3
    assert positive["rows"][0]["rms_output"] == pytest.approx(5 / math.sqrt(25 + 1e-6))


def test_gain_zero_keeps_undefined_undefined():
    undefined = run_json("0", "0", "0", "--eps", "0", "--gain", "0")
    assert {row["rms_output"] for row in undefined["rows"]} == {None}
    defined = run_json("1", "2", "3", "--gain", "0")
    assert [row["rms_output"] for row in defined["rows"]] == [0.0] * 3


def test_negative_factor_flips_the_sign():
    base = run_json("1", "2", "3", "--eps", "0")
    negated = run_json("-1", "-2", "-3", "--eps", "0")
    for a, b in zip(base["rows"], negated["rows"], strict=True):
        assert b["rms_output"] == -a["rms_output"]
        assert b["rms_output"] == pytest.approx(-a["input"] / math.sqrt(14 / 3))


def test_large_eps_and_gain():
    data = run_json("1", "2", "3", "--eps", "1", "--gain", "2")
    assert data["statistics"]["rms_output_rms"] == pytest.approx(
        2 * math.sqrt(14 / 3 / (14 / 3 + 1))
    )
    assert data["rows"][2]["ln_reference"] == pytest.approx(2 / math.sqrt(2 / 3 + 1))


def test_negative_positional_numbers_and_more_coordinates():
    result = runner.invoke(app, ["explain", "-1", "0", "1", "--eps=0"])
    assert result.exit_code == 0, result.output
    assert table_rows(result.stdout)["x1"][:3] == ["-1", "1", "-1"]
    data = run_json("1", "2", "3", "4")
    assert len(data["rows"]) == 4 and data["reference"] is None
    assert "rms_reference" not in data["rows"][0]
    assert data["statistics"]["variance"] == pytest.approx(1.25)


def test_no_arguments_is_the_positive_vector():
    assert run_json()["vector"] == [1.0, 2.0, 3.0]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["1", "x", "3"], "coordinate 2: expected a number, got 'x'"),
        (["1"], "at least 2 coordinates, got 1"),
        (["1", "nan", "3"], "coordinate 2: must be finite"),
        (["1", "2", "inf"], "coordinate 3: must be finite"),
        (["1", "2", "3", "--eps", "-1"], "--eps: must be >= 0"),
        (["1", "2", "3", "--eps", "tiny"], "--eps: expected a number"),
        (["1", "2", "3", "--gain", "nan"], "--gain: must be finite"),
        (["--preset", "bogus"], "unknown preset 'bogus'"),
        (["--preset", "zero", "1", "2"], "coordinates or --preset, not both"),
        (["1", "2", "--epz", "3"], "unknown option '--epz'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, needle):
    refusal_line(runner.invoke(app, ["explain", *args]), needle)


def test_a_scene_needs_three_coordinates():
    result = runner.invoke(app, ["render", "OneVectorLesson", "--vector", "1,2"])
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
