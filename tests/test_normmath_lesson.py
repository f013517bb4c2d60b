"""The one-vector lesson table against the reference page's numbers and edge cases."""

import math

import pytest

import normmath as nm


def test_positive_reference_table():
    lesson = nm.lesson((1, 2, 3), gain=1.0, eps=1e-6)
    d = nm.display
    assert [d(r.input) for r in lesson.rows] == ["1", "2", "3"]
    assert [d(r.square) for r in lesson.rows] == ["1", "4", "9"]
    assert [d(r.centered) for r in lesson.rows] == ["-1", "0", "1"]
    assert [d(r.rms_output) for r in lesson.rows] == ["0.46291", "0.92582", "1.38873"]
    assert [d(r.ln_output) for r in lesson.rows] == ["-1.224744", "0", "1.224744"]
    assert [d(r.rms_reference) for r in lesson.rows] == ["0.46291", "0.92582", "1.38873"]
    assert d(lesson.stats.mean_square) == "4.666667"
    assert d(lesson.stats.rms_output_mean) == "0.92582"
    assert d(lesson.stats.rms_output_rms) == "1"


def test_reference_column_uses_current_gain_and_eps():
    lesson = nm.lesson((0, 0, 0), gain=2.0, eps=1.0)
    expected = 2.0 * 3 / math.sqrt(14 / 3 + 1.0)
    assert lesson.rows[2].rms_reference == pytest.approx(expected)


def test_zero_vector_eps_zero_is_undefined_even_with_gain_zero():
    lesson = nm.lesson((0, 0, 0), gain=0.0, eps=0.0)
    assert not lesson.rms_defined and not lesson.ln_defined
    assert all(r.rms_output is None and r.ln_output is None for r in lesson.rows)
    assert nm.display(lesson.stats.rms) == "0"
    assert "mean square is 0" in lesson.rms_reason


def test_zero_vector_positive_eps_outputs_zero():
    lesson = nm.lesson((0, 0, 0), eps=1e-6)
    assert [r.rms_output for r in lesson.rows] == [0.0, 0.0, 0.0]
    assert [r.ln_output for r in lesson.rows] == [0.0, 0.0, 0.0]


def test_constant_vector():
    at_zero = nm.lesson(nm.preset("constant"), eps=0.0)
    assert at_zero.rms_defined and not at_zero.ln_defined
    assert [r.rms_output for r in at_zero.rows] == pytest.approx([1.0, 1.0, 1.0])
    assert "variance is 0" in at_zero.ln_reason
    positive = nm.lesson(nm.preset("constant"), eps=1e-6)
    assert [r.ln_output for r in positive.rows] == [0.0, 0.0, 0.0]


def test_negated_flips_rms_sign_at_eps_zero():
    pos, neg = nm.lesson(nm.preset("positive"), eps=0.0), nm.lesson(nm.preset("negated"), eps=0.0)
    for a, b in zip(pos.rows, neg.rows, strict=True):
        assert b.rms_output == pytest.approx(-a.rms_output)


def test_presets_and_errors():
    assert nm.preset("positive") == (1.0, 2.0, 3.0)
    with pytest.raises(nm.NormMathError, match="unknown preset"):
        nm.preset("nope")
    with pytest.raises(nm.NormMathError, match="vector"):
        nm.lesson([[1, 2], [3, 4]])
    with pytest.raises(nm.NormMathError, match="gain"):
        nm.lesson((1, 2, 3), gain=float("inf"))


def test_display_rounding():
    assert nm.display(0.4629100498862757) == "0.46291"
    assert nm.display(-1e-9) == "0"
    assert nm.display(None) == "Undefined"
    assert nm.display(2.0) == "2"
