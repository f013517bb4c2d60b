"""The geometry scenes construct headlessly and draw exactly what normmath computes."""

from __future__ import annotations

import av
import numpy as np
import pytest
from manim import BackgroundRectangle

import normmath as nm
from scenes.base.catalog import load_scene_class
from scenes.base.narrated import scene_beats
from scenes.kit import figures, framing, panels
from scenes.layernorm import Bias, Epsilon, Gain, MeanCentering, Standardization
from scenes.onevector import OneVectorGeometry
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


def test_the_centered_row_dims_once_its_points_are_standardized(default_scene):
    """The legend row of the centered points is dimmed when every one of them has moved onto
    the sphere (no centered point is left to name); the standardized row is fully shown."""
    scene = default_scene(Standardization)
    rows = scene.corner_panels["top_left"][1]
    centered = [m.get_fill_opacity() for m in rows[0].family_members_with_points()]
    standardized = [m.get_fill_opacity() for m in rows[3][1:].family_members_with_points()]
    assert max(centered) < 0.5 and min(standardized) == pytest.approx(1.0)


def test_the_figure_before_the_bias_recedes(default_scene):
    """Once the bias has moved the ellipsoid and its equator off, the ones left behind are
    drawn at half their stroke opacity (the copies moved off keep theirs), and the legend
    rows naming them dim while the output's rows are fully shown; the last view sees beta
    across, not along it (the copy beside the figure, not behind it)."""
    scene = default_scene(Bias)
    gamma = scene.params.gamma
    fresh = (figures.ellipsoid(gamma), figures.equator(gamma))
    for before, new in zip(scene.gained_figures, fresh, strict=True):
        assert before.get_stroke_opacity() == pytest.approx(0.5 * new.get_stroke_opacity())
    rows = scene.corner_panels["top_left"][1]

    def opacities(row):
        return [m.get_fill_opacity() for m in rows[row][1:].family_members_with_points()]

    assert max(opacities(0) + opacities(1)) < 0.5
    assert all(max(opacities(row)) == pytest.approx(1.0) for row in (2, 3))
    camera, beta = scene.renderer.camera, np.asarray(scene.params.beta, dtype=float)
    seen = np.diff(framing.frame_positions(camera, np.stack([np.zeros(3), beta])), axis=0)
    assert np.linalg.norm(seen) / camera.get_zoom() > 0.6 * np.linalg.norm(beta)  # side by side


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


@pytest.mark.parametrize("scene_class", list(EXPECTED), ids=lambda c: c.__name__)
def test_legend_rows_shown_later_end_the_legend(scene_class):
    """A row listed once its object appears is one of the legend's last: hidden, it leaves
    no empty row between those shown."""
    rows, later = len(scene_class.legend_entries), sorted(scene_class.legend_later)
    assert later == list(range(rows - len(later), rows)), scene_class.legend_later


def test_hidden_legend_rows_take_their_backing_with_them():
    entries = [panels.LegendEntry("dot", "raw", f"row {i}") for i in range(4)]
    legend = panels.legend(entries, later=2)
    back, rows = legend
    assert back.get_bottom()[1] > rows[2][1:].get_top()[1]  # the first two rows' backing
    strips = [back, rows[2][0], rows[3][0]]
    assert all(isinstance(strip, BackgroundRectangle) for strip in strips)
    for upper, lower in zip(strips, strips[1:], strict=False):
        assert upper.get_bottom()[1] == pytest.approx(lower.get_top()[1])
        assert upper.width == pytest.approx(lower.width)
    assert rows[3][0].get_bottom()[1] < rows[3][1:].get_bottom()[1]


def test_readout_lines_read_later_take_their_backing_with_them():
    lines = [(f"line {i}", "text") for i in range(3)]
    back, rows = panels.readout(lines, later=2)
    assert back.get_bottom()[1] > rows[1][1].get_top()[1]  # the first line's backing only
    assert all(isinstance(rows[i][0], BackgroundRectangle) for i in (1, 2))
    assert rows[2][0].get_top()[1] == pytest.approx(rows[1][0].get_bottom()[1])


def test_one_vector_readout_shows_no_empty_backing_before_its_lines(default_scene):
    scene = default_scene(OneVectorGeometry, stop_after="intro")
    back, rows = scene.panel
    assert back.get_bottom()[1] > rows[1][1].get_top()[1]  # the line under it, not its strip
    assert all(row.get_fill_opacity() == 0 for row in rows[1:])
