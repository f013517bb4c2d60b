"""Huge and tiny inputs: LayerNorm and RMSNorm stay exact, finite and silent across the float range.

The independent expectation is the textbook formula in 60-digit decimal arithmetic, where
squares of 1e300 neither overflow nor underflow.
"""

from __future__ import annotations

import decimal
import warnings
from decimal import Decimal

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import normmath as nm

EXACT = decimal.Context(prec=60, Emax=10**6, Emin=-(10**6))


def exact_layer_norm(x, eps: float) -> list[float]:
    """LayerNorm of one row in 60-digit decimals (population variance, eps inside the root)."""
    with decimal.localcontext(EXACT):
        values = [Decimal(float(v)) for v in x]
        mean = sum(values) / len(values)
        centered = [v - mean for v in values]
        variance = sum(c * c for c in centered) / len(values)
        denominator = (variance + Decimal(eps)).sqrt()
        return [float(c / denominator) for c in centered]


def exact_rms_norm(x, eps: float) -> list[float]:
    """RMSNorm of one row in 60-digit decimals."""
    with decimal.localcontext(EXACT):
        values = [Decimal(float(v)) for v in x]
        mean_square = sum(v * v for v in values) / len(values)
        denominator = (mean_square + Decimal(eps)).sqrt()
        return [float(v / denominator) for v in values]


def silently(call):
    """``call()`` with numpy's overflow, invalid and divide warnings turned into failures.

    Underflow stays silent (numpy's default): a tiny part rounding to zero is correct.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with np.errstate(all="warn", under="ignore"):
            return call()


magnitudes = st.floats(1e-6, 1e3)
coordinates = st.one_of(st.just(0.0), magnitudes, magnitudes.map(lambda v: -v))
"""Zero or 1e-6..1e3 in magnitude, so ``x * scale`` stays a normal float for every scale."""
spread_vectors = arrays(float, st.integers(2, 6), elements=coordinates).filter(
    lambda x: np.ptp(x) > 1e-3 * np.max(np.abs(x))
)
scales = st.tuples(st.floats(-300, 300), st.sampled_from([1.0, -1.0])).map(
    lambda p: p[1] * 10.0 ** p[0]
)


@settings(max_examples=150, deadline=None)
@given(spread_vectors, scales)
def test_layer_norm_is_scale_invariant_at_eps_zero_over_the_float_range(x, scale):
    scaled = x * scale
    expected = nm.layer_norm(x, eps=0.0).array() * np.sign(scale)
    result = silently(lambda: nm.layer_norm(scaled, eps=0.0))
    assert bool(result.defined)
    assert np.all(np.isfinite(result.array()))
    np.testing.assert_allclose(result.array(), expected, rtol=1e-9, atol=1e-9)


@settings(max_examples=150, deadline=None)
@given(spread_vectors, scales)
def test_rms_norm_is_scale_invariant_at_eps_zero_over_the_float_range(x, scale):
    expected = nm.rms_norm(x, eps=0.0).array() * np.sign(scale)
    result = silently(lambda: nm.rms_norm(x * scale, eps=0.0))
    np.testing.assert_allclose(result.array(), expected, rtol=1e-9, atol=1e-9)


@settings(max_examples=150, deadline=None)
@given(spread_vectors, scales, st.sampled_from([1e-300, 1e-6, 1.0, 1e6, 1e300]))
def test_positive_eps_is_exact_at_any_scale(x, scale, eps):
    scaled = x * scale
    ln = silently(lambda: nm.layer_norm(scaled, eps=eps)).array()
    rms = silently(lambda: nm.rms_norm(scaled, eps=eps)).array()
    for result, exact in ((ln, exact_layer_norm(scaled, eps)), (rms, exact_rms_norm(scaled, eps))):
        # rounding errors are relative to the row's largest output (e.g. a mean of 0),
        # and a few units of the last place where outputs are subnormal (below 2.2e-308)
        tolerance = max(1e-12 * np.max(np.abs(exact)), 1e-322)
        np.testing.assert_allclose(result, exact, rtol=1e-9, atol=tolerance)


@pytest.mark.parametrize("scale", [1e-200, 1e-300, 1e200, 1e300, 1.7e308 / 3])
def test_the_reference_vector_at_extreme_scales(scale):
    x = np.array([1.0, 2.0, 3.0]) * scale
    ln = silently(lambda: nm.layer_norm(x, eps=0.0)).array()
    np.testing.assert_allclose(ln, [-np.sqrt(1.5), 0.0, np.sqrt(1.5)], rtol=1e-12)
    stats = silently(lambda: nm.row_stats(x, eps=0.0))
    assert float(stats.mean) == pytest.approx(2 * scale, rel=1e-12)
    assert float(stats.rms) == pytest.approx(np.sqrt(14 / 3) * scale, rel=1e-12)
    assert float(stats.std) == pytest.approx(np.sqrt(2 / 3) * scale, rel=1e-12)
    assert float(stats.ln_denominator) == pytest.approx(np.sqrt(2 / 3) * scale, rel=1e-12)
    assert float(stats.ln_output_rms) == pytest.approx(1.0, rel=1e-12)


def test_squares_beyond_the_float_range_are_masked_not_infinite():
    stats = silently(lambda: nm.row_stats([1e200, 2e200, 3e200], eps=1e-6))
    assert np.ma.is_masked(stats.mean_square) and np.ma.is_masked(stats.variance)
    assert float(stats.rms_denominator) == pytest.approx(np.sqrt(14 / 3) * 1e200, rel=1e-12)


def test_gain_1e308_gives_outputs_up_to_the_float_maximum():
    result = silently(lambda: nm.layer_norm([1e200, 2e200, 3e200], gain=1e308, eps=0.0))
    np.testing.assert_allclose(result.array(), np.array([-1, 0, 1]) * np.sqrt(1.5) * 1e308)


def test_a_constant_row_with_a_tiny_eps_is_defined_and_zero():
    result = silently(lambda: nm.layer_norm([1e300, 1e300, 1e300], eps=1e-300))
    assert bool(result.defined) and result.array().tolist() == [0.0, 0.0, 0.0]


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda: nm.layer_norm([1.0, 2.0, 3.0], gain=1.7e308), "gain"),
        (lambda: nm.rms_norm([1.0, 2.0, 3.0], gain=-1.7e308), "gain"),
        (lambda: nm.layer_norm([1.0, 2.0, 3.0], gain=1e308, bias=1.5e308), "bias"),
        (lambda: nm.lesson((1.0, 2.0, 3.0), gain=1.7e308), "gain"),
    ],
)
def test_an_output_beyond_the_float_range_is_refused_naming_the_argument(call, argument):
    """Gain 1.7e308 times an output of 1.2 or more has no float64 value."""
    with pytest.raises(nm.NormMathError, match=f"^{argument}: .*float64 range"):
        silently(call)


def test_the_lesson_of_huge_coordinates_is_exact_and_says_what_overflows():
    lesson = silently(lambda: nm.lesson((1e200, 2e200, 3e200), eps=1e-6))
    assert lesson.ln_defined and lesson.rms_defined
    expected_ln = exact_layer_norm([1e200, 2e200, 3e200], 1e-6)
    ln = [r.ln_output for r in lesson.rows]
    np.testing.assert_allclose(ln, expected_ln, rtol=1e-12, atol=1e-15)
    assert [r.square for r in lesson.rows] == [None, None, None]
    np.testing.assert_allclose([r.centered for r in lesson.rows], [-1e200, 0, 1e200], atol=1e188)
    statistics = lesson.statistics()
    assert statistics["mean_square"] is None and statistics["variance"] is None
    assert statistics["rms"] == pytest.approx(np.sqrt(14 / 3) * 1e200, rel=1e-12)
    assert lesson.overflow == ("square", "mean_square", "variance")


def test_centered_values_beyond_the_float_range_are_left_out_of_the_lesson():
    lesson = silently(lambda: nm.lesson((-1.7e308, 1.7e308, 1.7e308), eps=0.0))
    assert lesson.rows[0].centered is None
    assert lesson.rows[1].centered == pytest.approx(1.7e308 / 3 * 2, rel=1e-12)
    assert lesson.overflow == ("square", "centered", "mean_square", "variance")
    expected = exact_layer_norm([-1.7e308, 1.7e308, 1.7e308], 0.0)
    np.testing.assert_allclose([r.ln_output for r in lesson.rows], expected, rtol=1e-12)


def test_the_lesson_of_tiny_coordinates_is_defined_at_eps_zero():
    lesson = silently(lambda: nm.lesson((1e-200, 2e-200, 3e-200), eps=0.0))
    assert lesson.ln_defined
    expected = [-np.sqrt(1.5), 0.0, np.sqrt(1.5)]
    np.testing.assert_allclose([r.ln_output for r in lesson.rows], expected, rtol=1e-12)
    assert lesson.overflow == ()


@pytest.mark.parametrize(
    ("value", "text"),
    [(1.2247448713915890e200, "1.224745e+200"), (-3e15, "-3e+15"), (123456789.5, "123456789.5")],
)
def test_display_switches_to_scientific_notation_for_huge_values(value, text):
    assert nm.display(value) == text


@pytest.mark.parametrize(
    "x", [[1e-320, 2e-320, 3e-320], [5e-324, 0.0, 0.0], [3e-310, -1e-315, 7e-312]]
)
def test_subnormal_rows_are_computed_exactly(x):
    """A subnormal float is an integer times 2^-1074; scaling by a power of two keeps it
    exact, so the outputs equal those of the integers, and of the 60-digit formula."""
    integers = np.asarray(x) / 2.0**-1074
    np.testing.assert_array_equal(
        nm.layer_norm(x, eps=0.0).array(), nm.layer_norm(integers, eps=0.0).array()
    )
    np.testing.assert_array_equal(
        nm.rms_norm(x, eps=0.0).array(), nm.rms_norm(integers, eps=0.0).array()
    )
    assert nm.layer_norm(x, eps=0.0).array() == pytest.approx(exact_layer_norm(x, 0.0), abs=1e-15)


def test_the_lesson_names_what_lies_below_the_float_range_cell_by_cell():
    tiny = nm.lesson((1e-320, 2e-320, 3e-320), eps=0.0)
    assert tiny.ln_defined and tiny.stats.variance == 0.0
    assert {"variance", "mean_square", "ln_denominator", "square"} <= set(tiny.underflow)
    mixed = nm.lesson((1.0, 1e-200, 0.0), eps=0.0)
    assert mixed.underflow == ("square",)
    assert [row.underflow for row in mixed.rows] == [(), ("square",), ()]
    assert nm.lesson((1.0, 2.0, 3.0)).underflow == ()
