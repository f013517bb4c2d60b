"""Sphere-gap measures of normmath.measures."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import normmath as nm
from normmath.measures import mean_sphere_gap, sphere_gap

rows = arrays(float, (5, 3), elements=st.floats(-50, 50)).filter(
    lambda x: np.all(np.ptp(x, axis=1) > 1e-3)
)


@given(rows)
def test_standardized_rows_have_no_gap(x):
    np.testing.assert_allclose(sphere_gap(nm.layer_norm(x, eps=0.0).array()), 0.0, atol=1e-9)


@given(rows, st.floats(1e-3, 10.0))
def test_epsilon_puts_rows_inside_the_sphere(x, eps):
    gap = sphere_gap(nm.layer_norm(x, eps=eps).array())
    assert np.all(gap > 0)
    var = np.var(x, axis=1)
    expected = np.sqrt(3) * (1 - np.sqrt(var / (var + eps)))
    np.testing.assert_allclose(gap, expected, rtol=1e-9, atol=1e-12)


def test_mean_sphere_gap_of_the_seed_groups():
    cloud = nm.main_cloud()
    out = nm.layer_norm(cloud.points, eps=nm.DEMO_EPS).array()
    small = np.array([g == "small" for g in cloud.groups])
    assert mean_sphere_gap(out[~small]) < 0.1 < 1.0 < mean_sphere_gap(out[small])
