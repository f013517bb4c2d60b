"""The plane square that holds given points, and the lesson vector's path in 3D."""

import numpy as np
import pytest

import normmath as nm


def test_plane_square_holds_every_projected_point_with_its_margin():
    points = np.random.default_rng(3).normal(size=(40, 3)) * 7
    half = nm.plane_half_size(points, margin=0.5)
    coords = nm.plane_coordinates(nm.project_to_mean_zero(points))
    assert np.abs(coords).max() + 0.5 == pytest.approx(half)
    corners = nm.plane_corners(half)
    np.testing.assert_allclose(corners.sum(axis=1), 0.0, atol=1e-9)  # in the plane
    corner_coords = nm.plane_coordinates(corners[:-1])
    np.testing.assert_allclose(np.abs(corner_coords), half, atol=1e-9)
    assert nm.plane_half_size(np.zeros((1, 3)), minimum=2.2) == 2.2


def test_plane_corners_follow_gain_and_bias():
    gain, bias = np.array([2.0, 0.4, 1.5]), np.array([3.0, 2.0, -2.0])
    np.testing.assert_allclose(
        nm.plane_corners(1.5, gain, bias), nm.plane_corners(1.5) * gain + bias
    )


def test_positive_vector_journey_matches_the_lesson_table():
    journey = nm.vector_journey((1.0, 2.0, 3.0), gain=1.0, eps=1e-6)
    table = journey.lesson.rows
    assert [nm.display(v) for v in journey.layer_norm] == ["-1.224744", "0", "1.224744"]
    assert [nm.display(v) for v in journey.rms_norm] == ["0.46291", "0.92582", "1.38873"]
    np.testing.assert_allclose(journey.centered, [-1.0, 0.0, 1.0])
    np.testing.assert_allclose(journey.layer_norm, [r.ln_output for r in table])
    # independent check: the two unit directions (-1, 0, 1)/sqrt2 and (1, 2, 3)/sqrt14
    expected = np.degrees(np.arccos(2 / np.sqrt(28)))
    assert journey.angle == pytest.approx(expected, abs=1e-3)
    assert journey.radius == pytest.approx(np.sqrt(3))


def test_undefined_layer_norm_has_no_position_and_no_angle():
    journey = nm.vector_journey((2.0, 2.0, 2.0), eps=0.0)
    assert journey.layer_norm is None and journey.angle is None
    np.testing.assert_allclose(journey.rms_norm, [1.0, 1.0, 1.0])


def test_arc_runs_on_the_circle_from_one_direction_to_the_other():
    a, b = np.array([1.0, 2.0, 3.0]), np.array([-1.0, 0.0, 1.0])
    arc = nm.arc_between(a, b, 2.0, samples=9)
    np.testing.assert_allclose(np.linalg.norm(arc, axis=1), 2.0)
    np.testing.assert_allclose(arc[0], 2.0 * a / np.linalg.norm(a))
    np.testing.assert_allclose(arc[-1], 2.0 * b / np.linalg.norm(b), atol=1e-12)
    with pytest.raises(nm.NormMathError):
        nm.arc_between(np.zeros(3), b, 1.0)
