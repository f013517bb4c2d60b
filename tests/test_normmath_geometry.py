"""The geometric objects the scenes draw."""

import numpy as np
import pytest

import normmath as nm


def test_uniform_vector_and_component():
    u = nm.uniform_vector(3)
    assert np.linalg.norm(u) == pytest.approx(1.0)
    x = np.array([[1.0, 2.0, 6.0]])
    assert nm.uniform_component(x)[0] == pytest.approx(3.0 * np.sqrt(3))
    with pytest.raises(nm.NormMathError):
        nm.uniform_vector(1)


def test_projection_is_orthogonal_onto_the_plane():
    x = np.random.default_rng(1).normal(size=(10, 3)) * 5
    p = nm.project_to_mean_zero(x)
    np.testing.assert_allclose(p.sum(axis=1), 0.0, atol=1e-12)
    np.testing.assert_allclose(np.cross(x - p, np.ones(3)), 0.0, atol=1e-12)  # moved along 1
    np.testing.assert_allclose(nm.project_to_mean_zero(p), p, atol=1e-12)  # idempotent


def test_plane_basis_and_equator():
    v1, v2 = nm.plane_basis()
    assert v1 @ v2 == pytest.approx(0.0, abs=1e-12)
    for v in (v1, v2):
        assert np.linalg.norm(v) == pytest.approx(1.0)
        assert v.sum() == pytest.approx(0.0, abs=1e-12)
    eq = nm.equator_points(50)
    assert eq.shape == (50, 3)
    np.testing.assert_allclose(np.linalg.norm(eq, axis=1), np.sqrt(3))
    np.testing.assert_allclose(eq.sum(axis=1), 0.0, atol=1e-12)
    np.testing.assert_allclose(eq[0], eq[-1], atol=1e-12)


def test_standardized_points_lie_on_the_equator():
    steps = nm.layer_norm_steps(nm.main_cloud().points, eps=0.0)
    np.testing.assert_allclose(np.linalg.norm(steps.standardized, axis=1), np.sqrt(3))
    np.testing.assert_allclose(steps.standardized.sum(axis=1), 0.0, atol=1e-9)


def test_sphere_wireframe_and_ellipsoid():
    curves = nm.sphere_wireframe(latitudes=3, longitudes=4, samples=20)
    assert len(curves) == 7
    for curve in curves:
        np.testing.assert_allclose(np.linalg.norm(curve, axis=1), np.sqrt(3))
    gamma = np.array([2.0, 0.4, 1.5])
    ellipsoid = nm.apply_affine(np.vstack(curves), gamma)
    np.testing.assert_allclose(np.sum((ellipsoid / (np.sqrt(3) * gamma)) ** 2, axis=1), 1.0)


def test_layer_norm_steps_end_at_layer_norm():
    x = nm.main_cloud().points
    gain, bias = nm.DEMO_GAIN, nm.DEMO_BIAS
    steps = nm.layer_norm_steps(x, gain, bias, eps=0.0)
    np.testing.assert_allclose(steps.shifted, nm.layer_norm(x, gain, bias, eps=0.0).array())
    np.testing.assert_allclose(steps.gained, steps.standardized * np.array(gain))
    np.testing.assert_allclose(steps.shifted - steps.gained, np.broadcast_to(bias, x.shape))
    with pytest.raises(nm.UndefinedResultError):
        nm.layer_norm_steps([[2.0, 2.0, 2.0]], eps=0.0)


def test_collapse_poles_are_rms_norm_of_constant_vectors():
    poles = nm.collapse_poles(3)
    np.testing.assert_allclose(nm.rms_norm([[4.0] * 3, [-0.5] * 3], eps=0.0).array(), poles)
    np.testing.assert_allclose(np.linalg.norm(poles, axis=1), np.sqrt(3))


def test_interpolation():
    a, b = np.zeros(3), np.ones(3) * 2
    np.testing.assert_allclose(nm.interpolate(a, b, 0.25), 0.5)
    np.testing.assert_allclose(nm.interpolate(a, b, 0.5, eased=True), 1.0)
    assert nm.smooth(0.25) < 0.25 and nm.smooth(0.0) == 0.0 and nm.smooth(1.0) == 1.0
    np.testing.assert_allclose(nm.interpolate(a, b, 1.7), b)


def test_the_drawing_scale_is_the_smallest_whole_factor_bringing_rows_within_reach():
    rows = np.array([[10.0, 0.0, 0.0], [0.0, 2.0, 0.0]])
    reach = 2.0 * np.sqrt(3)  # 10 / reach = 2.89
    assert nm.drawing_scale(rows, 2.0) == 3
    assert np.linalg.norm(rows / 3, axis=1).max() <= reach < np.linalg.norm(rows / 2, axis=1).max()
    assert nm.drawing_scale(rows / 100, 2.0) == 1, "rows already within reach are not enlarged"


@pytest.mark.parametrize("factor", [1 / 4, 1 / 3, 2.5, 1e-3, 1e3])
def test_with_epsilon_zero_both_rules_give_a_row_and_its_positive_multiple_one_output(factor):
    rows = nm.main_cloud().points
    for rule in (nm.layer_norm, nm.rms_norm):
        scaled, unscaled = rule(factor * rows, eps=0.0).array(), rule(rows, eps=0.0).array()
        np.testing.assert_allclose(scaled, unscaled, rtol=1e-12, atol=1e-12)
