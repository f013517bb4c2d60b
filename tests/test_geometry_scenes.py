"""The geometry scenes construct headlessly and draw exactly what normmath computes."""

from __future__ import annotations

import av
import numpy as np
import pytest

import normmath as nm
from scenes.base.catalog import load_scene_class
from scenes.base.narrated import scene_beats
from scenes.kit import figures
from scenes.layernorm import Bias, Epsilon, Gain, MeanCentering, Standardization
from scenes.rmsnorm import RMSNormCollapse, RMSNormComparison, RMSNormHealthy

TOL = 1e-6
CLOUD = nm.main_cloud()
STEPS = nm.layer_norm_steps(CLOUD.points, nm.DEMO_GAIN, nm.DEMO_BIAS, eps=0.0)
COLLAPSE = nm.collapse_set()
LARGE = CLOUD.group("large")
SMALL_MASK = np.array([g == "small" for g in CLOUD.groups])


def rms(x):
    return nm.rms_norm(x, eps=0.0).array()


def ln(x):
    return nm.layer_norm(x, eps=0.0).array()


EXPECTED = {
    MeanCentering: {"raw": STEPS.raw, "centered": STEPS.centered},
    Standardization: {"standardized": STEPS.standardized},
    Gain: {"standardized": STEPS.standardized, "gained": STEPS.gained},
    Bias: {"gained": STEPS.gained, "shifted": STEPS.shifted},
    Epsilon: {
        "large": nm.layer_norm(CLOUD.points, eps=nm.DEMO_EPS).array()[~SMALL_MASK],
        "small": nm.layer_norm(CLOUD.points, eps=nm.DEMO_EPS).array()[SMALL_MASK],
    },
    RMSNormHealthy: {"rms": rms(LARGE)},
    RMSNormCollapse: {
        "positive": rms(COLLAPSE.group("positive")),
        "negative": rms(COLLAPSE.group("negative")),
    },
    RMSNormComparison: {
        "healthy": rms(LARGE),
        "positive": rms(COLLAPSE.group("positive")),
        "negative": rms(COLLAPSE.group("negative")),
    },
}


@pytest.mark.parametrize("scene_class", list(EXPECTED), ids=lambda c: c.__name__)
def test_final_points_equal_normmath(default_scene, scene_class):
    scene = default_scene(scene_class)
    assert scene.beats_done == list(scene_beats(scene_class))
    assert set(scene.points_mob) == set(EXPECTED[scene_class])
    for name, expected in EXPECTED[scene_class].items():
        drawn = figures.positions(scene.points_mob[name])
        np.testing.assert_allclose(drawn, expected, atol=TOL, rtol=0, err_msg=name)
        on_screen = scene.get_mobject_family_members()
        assert all(dot in on_screen for dot in scene.points_mob[name]), name


def test_registry_names_resolve_to_these_classes():
    for scene_class in EXPECTED:
        assert load_scene_class(scene_class.__name__) is scene_class


def test_standardized_points_lie_on_the_equator(default_scene):
    scene = default_scene(Standardization)
    drawn = figures.positions(scene.points_mob["standardized"])
    np.testing.assert_allclose(np.linalg.norm(drawn, axis=1), nm.sphere_radius(3), atol=TOL)
    np.testing.assert_allclose(drawn.sum(axis=1), 0.0, atol=TOL)


def test_collapsed_points_sit_near_their_pole(default_scene):
    scene = default_scene(RMSNormCollapse)
    plus, minus = nm.collapse_poles(3)
    for name, pole in (("positive", plus), ("negative", minus)):
        drawn = figures.positions(scene.points_mob[name])
        assert np.all(np.linalg.norm(drawn - pole, axis=1) < 0.2)


def test_user_parameters_reach_the_scene(construct_scene, tmp_path, monkeypatch):
    config = tmp_path / "params.toml"
    config.write_text("gamma = [1.0, 2.0, 0.5]\nbeta = [0.0, 1.0, 0.0]\n")
    monkeypatch.setenv("NORMGEOM_PARAMS", str(config))
    scene = construct_scene(Bias)
    expected = nm.layer_norm(CLOUD.points, gain=(1.0, 2.0, 0.5), bias=(0.0, 1.0, 0.0), eps=0.0)
    np.testing.assert_allclose(
        figures.positions(scene.points_mob["shifted"]), expected.array(), atol=TOL
    )


@pytest.mark.render
def test_renders_to_mp4(render_scene):
    scene = render_scene(RMSNormComparison)
    path = scene.renderer.file_writer.movie_file_path
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        frames = sum(1 for _ in container.decode(stream))
        assert (stream.codec_context.width, stream.codec_context.height) == (96, 54)
        duration = float(container.duration) / av.time_base
    assert frames >= 5
    assert abs(duration - scene.renderer.time) < 0.5
