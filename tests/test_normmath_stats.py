"""Per-row statistics and collapse indicators."""

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import normmath as nm


def test_reference_statistics():
    s = nm.row_stats([1.0, 2.0, 3.0], eps=1e-6)
    assert float(s.mean) == 2.0
    assert float(s.mean_square) == pytest.approx(14 / 3)
    assert round(float(s.rms), 6) == 2.160247
    assert float(s.variance) == pytest.approx(2 / 3)  # population, not 1.0 (sample)
    assert float(s.std) == pytest.approx(np.sqrt(2 / 3))
    assert round(float(s.ln_denominator), 6) == 0.816497
    assert round(float(s.rms_denominator), 6) == 2.160247
    assert round(float(s.rms_output_mean), 5) == 0.92582
    assert float(s.ln_output_mean) == pytest.approx(0.0, abs=1e-12)
    assert round(float(s.rms_output_rms), 6) == 1.0
    assert float(s.ln_output_rms) == pytest.approx(1.0, abs=1e-6)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.floats(-100, 100), min_size=2, max_size=6),
    st.floats(-3.0, 3.0),
    st.floats(0.0, 10.0),
)
def test_output_rms_matches_formula(values, gain, eps):
    x = np.array(values)
    s = nm.row_stats(x, gain=gain, eps=eps)
    ms = sum(Fraction(v) ** 2 for v in values) / len(values)  # exact: tiny squares stay > 0
    if ms + Fraction(eps) == 0:
        assert np.ma.is_masked(s.rms_output_rms)
    else:
        expected = abs(gain) * np.sqrt(float(ms / (ms + Fraction(eps))))
        assert float(s.rms_output_rms) == pytest.approx(expected, rel=1e-9, abs=1e-12)


def test_zero_vector_statistics_defined_but_outputs_masked():
    s = nm.row_stats(np.zeros(3), gain=0.0, eps=0.0)
    assert float(s.rms) == 0.0 and float(s.mean_square) == 0.0
    for value in (s.rms_output_mean, s.ln_output_mean, s.rms_output_rms, s.ln_output_rms):
        assert np.ma.is_masked(value)
    assert np.ma.is_masked(s.mu_over_sigma) and np.ma.is_masked(s.angle_to_uniform)


def test_mean_to_std_ratio_and_angle():
    x = np.array([[5.0, 5.3, 4.7], [1.0, 2.0, 3.0], [-4.0, -4.0, -4.0]])
    ratio = nm.mean_to_std_ratio(x)
    assert float(ratio[0]) == pytest.approx(5.0 / np.std([5.0, 5.3, 4.7]))
    assert float(ratio[1]) == pytest.approx(2.0 / np.sqrt(2 / 3))
    assert np.ma.is_masked(ratio[2])
    angle = nm.angle_to_uniform(x)
    assert float(angle[2]) == pytest.approx(np.pi)
    assert float(angle[1]) == pytest.approx(np.arccos(6 / (np.sqrt(3) * np.sqrt(14))))


def test_collapse_set_is_deep_in_the_collapse_regime():
    ratio = nm.mean_to_std_ratio(nm.collapse_set().points)
    assert float(ratio.min()) > 5.0
    angles = np.degrees(nm.angle_to_uniform(nm.collapse_set().points))
    assert np.all((angles < 10) | (angles > 170))
