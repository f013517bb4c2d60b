"""Facts the narration states: the tight cluster and epsilon's reach, checked against direct
numpy arithmetic and planted data."""

from __future__ import annotations

import numpy as np
import pytest

import normmath as nm


def test_the_seed_cluster_is_the_seed_tight_group():
    cloud = nm.main_cloud()
    cluster = nm.tight_cluster(cloud.points)
    small = np.array([g == "small" for g in cloud.groups])
    assert cluster.mask.tolist() == small.tolist()
    assert cluster.center == pytest.approx(cloud.points[small].mean(axis=0))
    assert cluster.far_out
    assert nm.with_cluster_groups(cloud).groups == cloud.groups


@pytest.mark.parametrize("seed", range(6))
def test_a_planted_cluster_is_found(seed):
    rng = np.random.RandomState(seed)
    spread = rng.uniform(-10, 10, (8, 3))
    spread += rng.normal(0, 3, (8, 3)) * (spread.std(axis=1, keepdims=True) < 2)
    at = rng.uniform(-6, 6)
    tight = at + rng.normal(0, 0.05, (5, 3))
    points = np.vstack([spread, tight])
    cluster = nm.tight_cluster(points)
    assert cluster is not None
    assert cluster.mask.tolist() == [False] * 8 + [True] * 5
    assert cluster.far_out == bool(
        np.sqrt(3) * np.abs(tight.mean(axis=1)).min() > 3 * np.sqrt(3) * tight.std(axis=1).max()
    )


def test_spread_points_have_no_cluster():
    rng = np.random.RandomState(11)
    assert nm.tight_cluster(rng.uniform(-10, 10, (7, 3))) is None
    assert nm.tight_cluster([[1.0, 2.0, 3.0], [2.0, 2.0, 2.1]]) is None
    user = nm.PointSet(rng.uniform(-10, 10, (7, 3)), ("user",) * 7)
    assert nm.with_cluster_groups(user) is user


def test_low_spread_rows_far_apart_are_no_cluster():
    spread = np.array([[-9.0, 1.0, 8.0], [7.0, -6.0, 2.0], [5.0, 9.0, -8.0]])
    apart = np.array([[8.0, 8.1, 7.9], [-8.0, -8.1, -7.9]])
    assert nm.tight_cluster(np.vstack([spread, apart])) is None


def test_sphere_reach_is_the_std_over_the_regularized_std():
    rng = np.random.RandomState(3)
    points = rng.normal(0, 2, (9, 3))
    std = points.std(axis=1)
    for eps in (0.0, 0.25, 4.0):
        assert nm.sphere_reach(points, eps) == pytest.approx(std / np.sqrt(std**2 + eps))
    assert nm.sphere_reach([[2.0, 2.0, 2.0]], 0.0).tolist() == [0.0]


def test_reach_kind_of_the_seed_groups_at_epsilon_one():
    cloud = nm.main_cloud()
    reach = {g: nm.sphere_reach(cloud.group(g), 1.0) for g in ("large", "small")}
    assert nm.reach_kind(reach["large"]) == "reached"
    assert nm.reach_kind(reach["small"]) == "inside"
    assert nm.reach_kind(nm.sphere_reach(cloud.points, 1e-6)) == "reached"
    assert nm.reach_kind(nm.sphere_reach(cloud.points, 1e4)) == "inside"
