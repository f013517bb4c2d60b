"""The seeded datasets reproduce the reference construction; user point files are validated."""

import numpy as np
import pytest

import normmath as nm
from normio.errors import UserError


def test_main_cloud_matches_reference_construction():
    np.random.seed(42)
    large = np.random.rand(10, 3) * 25 - 12.5
    small = np.random.rand(10, 3) * 1.5 + np.array([4, 4, 4])
    cloud = nm.main_cloud()
    np.testing.assert_array_equal(cloud.points, np.vstack([large, small]))
    np.testing.assert_array_equal(cloud.group("small"), small)
    assert cloud.groups.count("large") == 10


def test_collapse_set_matches_reference_construction():
    np.random.seed(7)
    mp, mn = np.random.uniform(3.0, 8.0, 8), np.random.uniform(-8.0, -3.0, 8)
    pos = np.column_stack([mp + np.random.randn(8) * 0.3 for _ in range(3)])
    neg = np.column_stack([mn + np.random.randn(8) * 0.3 for _ in range(3)])
    data = nm.collapse_set()
    np.testing.assert_array_equal(data.points, np.vstack([pos, neg]))
    assert np.all(data.group("positive").mean(axis=1) > 0)
    assert np.all(data.group("negative").mean(axis=1) < 0)


def test_datasets_are_deterministic():
    np.testing.assert_array_equal(nm.main_cloud().points, nm.main_cloud().points)


def test_load_points_npy_and_csv(tmp_path):
    pts = np.arange(12, dtype=float).reshape(4, 3)
    np.save(tmp_path / "p.npy", pts)
    (tmp_path / "p.csv").write_text("x,y,z\n" + "\n".join(",".join(map(str, r)) for r in pts))
    for name in ("p.npy", "p.csv"):
        loaded = nm.load_points(tmp_path / name)
        np.testing.assert_array_equal(loaded.points, pts)
        assert set(loaded.groups) == {"user"}


def test_a_npy_of_python_objects_is_not_numbers(tmp_path):
    path = tmp_path / "objects.npy"
    np.save(path, np.array([{"x": 1}, None], dtype=object), allow_pickle=True)
    with pytest.raises(nm.NormMathError, match="not a valid .npy file of numbers"):
        nm.load_points(path)


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("missing.npy", None, "no such file"),
        ("p.txt", "1,2,3", ".npy or .csv"),
        ("p.csv", "", "holds no points"),
        ("p.csv", "x,y,z\n", "holds no points"),
        ("p.csv", "1,2,3\n1,2,x\n", "line 2: 'x' is not a number"),
        ("p.csv", "1,2,3\n1,2\n", "rows of different lengths"),
        ("p.csv", "1,2\n3,4\n", "expected 3 columns"),
        ("p.csv", "1,nan,3\n", "NaN"),
        ("p.npy", b"not an npy file", "not a valid .npy file of numbers"),
    ],
)
def test_load_points_errors(tmp_path, name, content, message):
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content)
    with pytest.raises(UserError, match=message):
        nm.load_points(path)
