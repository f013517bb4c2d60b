"""LayerNorm and RMSNorm: exact values, properties and every undefined case."""

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import normmath as nm

finite = st.floats(-1e3, 1e3, allow_nan=False, allow_infinity=False)


def rows(min_n=2, max_n=6):
    shapes = st.tuples(st.integers(1, 4), st.integers(min_n, max_n))
    return shapes.flatmap(lambda shape: arrays(float, shape, elements=finite))


def spread_rows():
    """Rows whose spread is well above rounding noise (so eps 0 is well conditioned)."""
    return rows().filter(lambda x: np.all(np.ptp(x, axis=-1) > 1e-3))


def nonzero_rows():
    return rows().filter(lambda x: np.all(np.sqrt(np.mean(x**2, axis=-1)) > 1e-3))


def test_reference_vector_exact_values():
    x = np.array([1.0, 2.0, 3.0])
    rms = np.sqrt((1 + 4 + 9) / 3)
    ln_den = np.sqrt(2 / 3 + 1e-6)
    assert round(rms, 6) == 2.160247
    assert round(ln_den, 6) == 0.816497
    np.testing.assert_allclose(
        nm.rms_norm(x, eps=1e-6).array(), x / np.sqrt(14 / 3 + 1e-6), rtol=1e-12
    )
    assert nm.rms_norm(x, eps=1e-6).array().round(5).tolist() == [0.46291, 0.92582, 1.38873]
    assert nm.layer_norm(x, eps=1e-6).array().round(6).tolist() == [-1.224744, 0.0, 1.224744]


def test_matches_textbook_formula_with_gain_and_bias():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(5, 4))
    gain, bias, eps = np.array([2.0, -1.0, 0.0, 0.5]), np.array([1.0, 2.0, 3.0, 4.0]), 0.1
    mu = x.sum(axis=1, keepdims=True) / 4
    var = ((x - mu) ** 2).sum(axis=1, keepdims=True) / 4  # population variance
    expected = gain * (x - mu) / np.sqrt(var + eps) + bias
    np.testing.assert_allclose(nm.layer_norm(x, gain, bias, eps).array(), expected, rtol=1e-12)
    ms = (x**2).sum(axis=1, keepdims=True) / 4
    np.testing.assert_allclose(nm.rms_norm(x, gain, eps).array(), gain * x / np.sqrt(ms + eps))


def test_batched_shapes():
    x = np.arange(24, dtype=float).reshape(2, 3, 4)
    result = nm.layer_norm(x)
    assert result.values.shape == (2, 3, 4)
    assert result.defined.shape == (2, 3)


@pytest.mark.parametrize("gain", [1.0, 0.0, -2.0])
def test_zero_vector_undefined_at_eps_zero_even_with_gain(gain):
    zero = np.zeros(3)
    for result in (nm.rms_norm(zero, gain, eps=0.0), nm.layer_norm(zero, gain, eps=0.0)):
        assert not bool(result.defined)
        assert bool(np.all(result.values.mask))
        with pytest.raises(nm.UndefinedResultError):
            result.array()


def test_zero_vector_with_positive_eps_is_zero():
    for result in (nm.rms_norm(np.zeros(3), eps=1e-6), nm.layer_norm(np.zeros(3), eps=1e-6)):
        assert bool(result.defined)
        assert result.array().tolist() == [0.0, 0.0, 0.0]


@pytest.mark.parametrize("c", [2.0, 0.1, -7.3, 1e-8])
def test_constant_vector(c):
    x = np.full(3, c)
    assert not bool(nm.layer_norm(x, eps=0.0).defined)
    rms = nm.rms_norm(x, eps=0.0)
    assert bool(rms.defined)
    np.testing.assert_allclose(rms.array(), np.sign(c) * np.ones(3))
    assert nm.layer_norm(x, eps=1e-6).array().tolist() == [0.0, 0.0, 0.0]


def test_mixed_rows_mask_only_the_undefined_one():
    x = np.array([[1.0, 2.0, 3.0], [5.0, 5.0, 5.0]])
    result = nm.layer_norm(x, eps=0.0)
    assert result.defined.tolist() == [True, False]
    assert not np.any(result.values.mask[0]) and np.all(result.values.mask[1])
    assert np.all(np.isfinite(result.values.data))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: nm.layer_norm([1.0]), "n >= 2"),
        (lambda: nm.layer_norm(3.0), "scalar"),
        (lambda: nm.rms_norm([1.0, np.nan]), "NaN"),
        (lambda: nm.rms_norm([1.0, np.inf]), "NaN or infinite"),
        (lambda: nm.layer_norm([1.0, 2.0], eps=-1e-3), "eps"),
        (lambda: nm.layer_norm([1.0, 2.0], eps=float("nan")), "eps"),
        (lambda: nm.layer_norm([1.0, 2.0, 3.0], gain=[1.0, 2.0]), "gain"),
        (lambda: nm.layer_norm([1.0, 2.0, 3.0], bias=[[1.0]]), "bias"),
        (lambda: nm.rms_norm(["a", "b"]), "x"),
    ],
)
def test_bad_input_raises_package_error(call, message):
    with pytest.raises(nm.NormMathError, match=message):
        call()
    assert issubclass(nm.NormMathError, ValueError)


@settings(max_examples=60, deadline=None)
@given(spread_rows())
def test_layer_norm_mean_zero_norm_sqrt_n(x):
    y = nm.layer_norm(x, eps=0.0).array()
    n = x.shape[-1]
    np.testing.assert_allclose(y.mean(axis=-1), 0.0, atol=1e-9)
    np.testing.assert_allclose(np.linalg.norm(y, axis=-1), np.sqrt(n), rtol=1e-9)


@settings(max_examples=60, deadline=None)
@given(nonzero_rows())
def test_rms_norm_norm_sqrt_n(x):
    y = nm.rms_norm(x, eps=0.0).array()
    np.testing.assert_allclose(np.linalg.norm(y, axis=-1), np.sqrt(x.shape[-1]), rtol=1e-9)


@settings(max_examples=60, deadline=None)
@given(nonzero_rows(), st.floats(0.01, 100.0))
def test_rms_norm_scale_invariance_and_sign_flip(x, factor):
    y = nm.rms_norm(x, eps=0.0).array()
    np.testing.assert_allclose(nm.rms_norm(factor * x, eps=0.0).array(), y, atol=1e-9)
    np.testing.assert_allclose(nm.rms_norm(-factor * x, eps=0.0).array(), -y, atol=1e-9)


def test_positive_eps_breaks_exact_scale_invariance():
    x = np.array([1.0, 2.0, 3.0])
    a, b = nm.rms_norm(x, eps=1.0).array(), nm.rms_norm(2 * x, eps=1.0).array()
    assert not np.allclose(a, b, atol=1e-6)


@settings(max_examples=60, deadline=None)
@given(spread_rows(), st.floats(-100.0, 100.0), st.floats(0.0, 1.0))
def test_layer_norm_shift_invariance(x, shift, eps):
    np.testing.assert_allclose(
        nm.layer_norm(x + shift, eps=eps).array(), nm.layer_norm(x, eps=eps).array(), atol=1e-6
    )


@settings(max_examples=60, deadline=None)
@given(rows(), st.floats(0.0, 1.0), st.floats(-3.0, 3.0))
def test_mean_zero_input_both_rules_agree(x, eps, gain):
    centered = x - x.mean(axis=-1, keepdims=True)
    # rounding leaves a residual mean; it matters only for (near-)constant rows
    assume(np.all(np.ptp(centered, axis=-1) > 1e-6))
    ln, rms = nm.layer_norm(centered, gain, eps=eps), nm.rms_norm(centered, gain, eps=eps)
    assert ln.defined.tolist() == rms.defined.tolist()
    np.testing.assert_allclose(ln.values.filled(0.0), rms.values.filled(0.0), atol=1e-6)


@settings(max_examples=60, deadline=None)
@given(rows(), st.floats(0.0, 10.0), st.floats(0.0, 10.0))
def test_larger_eps_never_increases_norm(x, eps_a, eps_b):
    small, large = sorted((eps_a, eps_b))
    for rule in (nm.layer_norm, nm.rms_norm):
        a, b = rule(x, eps=small), rule(x, eps=large)
        both = a.defined & b.defined
        na = np.linalg.norm(a.values.data, axis=-1)[both]
        nb = np.linalg.norm(b.values.data, axis=-1)[both]
        assert np.all(nb <= na * (1 + 1e-9) + 1e-12)
