"""Scene parameters: seed defaults, TOML overrides, validation errors."""

import numpy as np
import pytest

import normmath as nm
from normio.errors import FileError, UserError
from scenes.base.parameters import PARAMS_ENV, SceneParams, load_params


def test_defaults_are_the_seed_figures(monkeypatch):
    monkeypatch.delenv(PARAMS_ENV, raising=False)
    params = load_params()
    assert params.gamma == (2.0, 0.4, 1.5)
    assert params.beta == (3.0, 2.0, -2.0)
    assert params.eps == 1.0
    assert params.vector == (1.0, 2.0, 3.0) and params.lesson_eps == 1e-6
    np.testing.assert_array_equal(params.cloud().points, nm.main_cloud().points)


def test_round_trip_through_toml(tmp_path, monkeypatch):
    pts = tmp_path / "pts.npy"
    np.save(pts, np.ones((4, 3)) * np.arange(3))
    params = SceneParams(gamma=(1.0, 2.0, 3.0), eps=0.5, points=str(pts), gain=0.0)
    path = tmp_path / "p.toml"
    path.write_text(params.to_toml())
    assert "beta" not in path.read_text()  # defaults are not written
    monkeypatch.setenv(PARAMS_ENV, str(path))
    assert load_params() == params
    assert load_params().cloud().points.shape == (4, 3)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("gamma = [1, 2]", "gamma"),
        ("eps = -1", "eps"),
        ("vector = [1, 2, 3, 4]", "vector: expected a list of 3 numbers"),
        ("colour = 3", "unknown key"),
        ("gamma = = 1", "bad.toml: line 1: Invalid value"),
        ("eps = 'abc'", "eps: expected a number, got 'abc'"),
        ("gamma = 'big'", "gamma: expected a list of 3 numbers, e.g. \\[2, 0.4, 1.5\\], got 'big'"),
        ("gain = true", "gain: expected a number, got True"),
        ("points = 3", "points: expected a file name in quotes"),
        ("points = 'nowhere.npy'", "no such file"),
    ],
)
def test_bad_config(tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(UserError, match=message):
        load_params(path)


def test_missing_config_file(tmp_path):
    with pytest.raises(FileError, match="no such file"):
        load_params(tmp_path / "none.toml")


def test_a_point_file_name_holding_quotes_round_trips(tmp_path):
    pts = tmp_path / 'it\'s "mine".csv'
    pts.write_text("1,2,3\n4,5,7\n")
    params = SceneParams(points=str(pts))
    path = tmp_path / "p.toml"
    path.write_text(params.to_toml())
    assert load_params(path) == params
