"""The meridian half-plane against the direct computation in R^n, for n from 2 to 4096."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import normmath as nm

WIDTHS = st.integers(min_value=2, max_value=4096)
EPS = st.sampled_from([0.0, 1e-12, 1e-6, 1e-2, 1.0, 10.0])


def rows(seed: int, n: int, offset: float, spread: float, count: int = 3) -> np.ndarray:
    """``count`` rows of width n: per-row means around ``offset``, spreads around ``spread``."""
    rng = np.random.RandomState(seed)
    mu = offset * rng.uniform(-1.0, 1.0, count)
    sigma = spread * rng.uniform(0.1, 1.0, count)
    return mu[:, None] + sigma[:, None] * rng.randn(count, n)


def direct_coordinates(y: np.ndarray) -> np.ndarray:
    """(y . u, |y - (y . u) u|) computed in R^n, without normmath's meridian module."""
    u = np.ones(y.shape[-1]) / np.sqrt(y.shape[-1])
    along = y @ u
    across = np.linalg.norm(y - along[:, None] * u, axis=-1)
    return np.column_stack([along, across])


def angle_between(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Angle between matching rows, via atan2(|a x b|, a . b) (accurate near 0 and pi/2)."""
    dot = np.sum(a * b, axis=-1)
    cross = np.sqrt(np.maximum(np.sum(a * a, -1) * np.sum(b * b, -1) - dot**2, 0.0))
    return np.arctan2(cross, dot)


@settings(max_examples=60, deadline=None)
@given(
    n=WIDTHS,
    seed=st.integers(0, 2**31 - 1),
    offset=st.sampled_from([0.0, 0.01, 1.0, 30.0]),
    spread=st.sampled_from([1e-3, 0.5, 1.0, 20.0]),
    eps=EPS,
)
def test_images_equal_the_direct_computation(n, seed, offset, spread, eps):
    x = rows(seed, n, offset, spread)
    m = nm.meridian(x, eps=eps)
    rms = nm.rms_norm(x, eps=eps).array()
    ln = nm.layer_norm(x, eps=eps).array()
    scale = np.sqrt(n)
    np.testing.assert_allclose(m.point, direct_coordinates(x), rtol=1e-9, atol=1e-9 * scale)
    np.testing.assert_allclose(m.rms, direct_coordinates(rms), rtol=1e-9, atol=1e-9 * scale)
    np.testing.assert_allclose(m.layer, direct_coordinates(ln), rtol=1e-9, atol=1e-7 * scale)
    np.testing.assert_allclose(m.angle, angle_between(rms, ln), atol=1e-7)
    np.testing.assert_allclose(nm.from_meridian(m.rms, x), rms, rtol=1e-9, atol=1e-9)


@settings(max_examples=40, deadline=None)
@given(n=WIDTHS, seed=st.integers(0, 2**31 - 1), eps=EPS)
def test_radii_and_angles_follow_the_closed_forms(n, seed, eps):
    x = rows(seed, n, offset=2.0, spread=1.0)
    m = nm.meridian(x, eps=eps)
    mean, std = x.mean(axis=-1), x.std(axis=-1)
    mean_square = np.mean(x**2, axis=-1)
    root_n = np.sqrt(n)
    np.testing.assert_allclose(
        np.linalg.norm(m.rms, axis=-1), root_n * np.sqrt(mean_square / (mean_square + eps))
    )
    np.testing.assert_allclose(m.layer[:, 1], root_n * std / np.sqrt(std**2 + eps))
    np.testing.assert_allclose(m.layer[:, 0], 0.0)
    np.testing.assert_allclose(m.elevation, np.arctan(mean / std), atol=1e-12)
    np.testing.assert_allclose(m.angle, np.arctan(np.abs(mean) / std), atol=1e-12)


@settings(max_examples=30, deadline=None)
@given(n=WIDTHS, seed=st.integers(0, 2**31 - 1))
def test_epsilon_zero_puts_both_rules_on_the_circle_of_radius_root_n(n, seed):
    x = rows(seed, n, offset=5.0, spread=1.0)
    m = nm.meridian(x)
    np.testing.assert_allclose(np.linalg.norm(m.rms, axis=-1), m.radius)
    np.testing.assert_allclose(m.layer, np.tile([0.0, m.radius], (len(x), 1)), atol=1e-12)
    np.testing.assert_allclose(nm.from_meridian(m.point, x), x, atol=1e-9 * np.abs(x).max())


@pytest.mark.parametrize("eps", [0.0, nm.DEMO_EPS])
@pytest.mark.parametrize("points", [nm.main_cloud().points, nm.collapse_set().points])
def test_width_three_gives_the_3d_scenes_positions(points, eps):
    m = nm.meridian(points, eps=eps)
    np.testing.assert_allclose(
        nm.from_meridian(m.rms, points), nm.rms_norm(points, eps=eps).array(), atol=1e-12
    )
    np.testing.assert_allclose(
        nm.from_meridian(m.layer, points), nm.layer_norm(points, eps=eps).array(), atol=1e-12
    )
    u, w = nm.meridian_basis(points)
    np.testing.assert_allclose(np.sum(u * w, axis=-1), 0.0, atol=1e-12)
    np.testing.assert_allclose(np.linalg.norm(w, axis=-1), 1.0)


def test_statistics_give_the_same_picture_as_rows():
    x = rows(3, 384, offset=1.0, spread=1.0, count=5)
    from_rows = nm.meridian(x, eps=1e-5)
    from_stats = nm.meridian_of_stats(x.mean(-1), x.std(-1), 384, eps=1e-5)
    for field in ("point", "rms", "layer", "elevation", "angle"):
        np.testing.assert_allclose(getattr(from_stats, field), getattr(from_rows, field))


def test_constant_and_zero_rows_are_masked_where_undefined():
    m = nm.meridian([[3.0, 3.0, 3.0], [-2.0, -2.0, -2.0], [0.0, 0.0, 0.0]])
    assert m.layer.mask.all()
    assert m.angle.mask.all()
    assert m.rms.mask[2].all() and not m.rms.mask[:2].any()
    np.testing.assert_allclose(m.elevation[:2], [np.pi / 2, -np.pi / 2])
    assert bool(m.elevation.mask[2])
    with_eps = nm.meridian([[3.0, 3.0, 3.0]], eps=1e-3)
    assert with_eps.layer.tolist() == [[0.0, 0.0]]
    assert with_eps.angle.mask.all()


def test_bad_input_names_the_argument():
    with pytest.raises(nm.NormMathError, match="n: must be >= 2"):
        nm.meridian_of_stats(0.0, 1.0, 1)
    with pytest.raises(nm.NormMathError, match="std: must be >= 0"):
        nm.meridian_of_stats(0.0, -1.0, 3)
    with pytest.raises(nm.NormMathError, match="eps"):
        nm.meridian([1.0, 2.0], eps=-1.0)
    with pytest.raises(nm.NormMathError, match="constant row"):
        nm.from_meridian([1.0, 1.0], [2.0, 2.0, 2.0])
    with pytest.raises(nm.NormMathError, match="coords"):
        nm.from_meridian([1.0, 1.0, 1.0], [1.0, 2.0, 3.0])


def test_regime_clouds_fall_in_their_regimes():
    clouds = nm.regime_clouds()
    assert clouds.points.shape == (36, 768)
    ratio = nm.mean_to_std_ratio(clouds.points)
    groups = np.array(clouds.groups)
    assert ratio[groups == "spread"].max() < 0.3
    assert ratio[groups != "spread"].min() > 5
    assert np.all(clouds.group("positive").mean(-1) > 0)
    assert np.all(clouds.group("negative").mean(-1) < 0)
    np.testing.assert_array_equal(nm.regime_clouds().points, clouds.points)


@pytest.mark.parametrize("scale", [1e-300, 1e150, 1e300])
def test_extreme_magnitudes_give_the_unit_picture(scale):
    x = np.array([[1.0, 2.0, 3.0], [-4.0, 0.5, 2.0]])
    unit, scaled = nm.meridian(x), nm.meridian(x * scale)
    np.testing.assert_allclose(scaled.rms, unit.rms, rtol=1e-12)
    np.testing.assert_allclose(scaled.layer, unit.layer, rtol=1e-12)
    np.testing.assert_allclose(scaled.angle, unit.angle, rtol=1e-12)
