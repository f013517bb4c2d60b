"""What a viewer sees in the 3D scenes: labelled axes facing the camera, surfaces that hold
their points, every drawn point inside the frame at every sampled moment, prediction pauses."""

from __future__ import annotations

import numpy as np
import pytest
from manim import VMobject, config

import normmath as nm
from scenes.base.declarations import is_prediction
from scenes.base.narrated import PREDICTION_PAUSE, scene_beats
from scenes.beyond import AnyWidth, RealActivations
from scenes.kit import figures, framing, placement
from scenes.kit.framing import frame_positions
from scenes.kit.style import PALETTE
from scenes.layernorm import Bias, Epsilon, Gain, MeanCentering, Standardization
from scenes.onevector import OneVectorGeometry
from scenes.rmsnorm import RMSNormCollapse, RMSNormComparison, RMSNormHealthy

SCENES_3D = [
    MeanCentering,
    Standardization,
    Gain,
    Bias,
    Epsilon,
    RMSNormHealthy,
    RMSNormCollapse,
    RMSNormComparison,
    OneVectorGeometry,
]
PREDICTING_3D = [Standardization, Gain, Bias, Epsilon, RMSNormHealthy, RMSNormCollapse]
"""The 3D scenes of the first part that ask for a prediction."""
LABEL_MIN_PX_AT_480P = 12


@pytest.mark.parametrize("scene_class", SCENES_3D, ids=lambda c: c.__name__)
def test_axis_labels_face_the_camera_in_the_final_frame(default_scene, scene_class):
    scene = default_scene(scene_class)
    camera = scene.renderer.camera
    on_screen = scene.get_mobject_family_members()
    lines, *labels = scene.axes
    assert lines in on_screen and len(labels) == 3
    half = np.array([config.frame_width, config.frame_height]) / 2
    for label in labels:
        assert label in on_screen
        assert label in camera.fixed_orientation_mobjects
        drawn = camera.transform_points_pre_display(label, label.points)
        offset = drawn - label.points
        np.testing.assert_allclose(offset - offset[0], 0.0, atol=1e-9)  # not turned by the view
        np.testing.assert_allclose(label.points[:, 2], label.get_center()[2], atol=1e-9)
        assert np.all(np.abs(drawn[:, :2]) <= half), "label outside the frame"
        height_px = label.height * 480 / config.frame_height
        assert height_px >= LABEL_MIN_PX_AT_480P


def test_axis_labels_read_x1_x2_x3_at_the_positive_ends():
    axes = figures.axes(0.5)
    for i, label in enumerate(axes[1:]):
        direction = label.get_center() / np.linalg.norm(label.get_center())
        np.testing.assert_allclose(direction, np.eye(3)[i], atol=1e-9)
        assert np.linalg.norm(label.get_center()) > figures.axis_length(0.5)


def test_axes_keep_their_screen_size_when_the_zoom_changes():
    near, far = figures.axes(2.0), figures.set_axes(figures.axes(2.0), 0.25)
    assert figures.axis_length(0.25) * 0.25 == pytest.approx(figures.axis_length(2.0) * 2.0)
    np.testing.assert_allclose(far[1].get_center() * 0.25, near[1].get_center() * 2.0)
    ticks_far = len(figures.axis_segments(0.25))
    assert ticks_far > len(figures.axis_segments(2.0))  # a unit tick at every integer


def test_every_centered_point_lies_inside_the_drawn_plane(default_scene):
    scene = default_scene(MeanCentering)
    corners = nm.plane_coordinates(scene.plane.get_vertices())
    centered = nm.plane_coordinates(figures.positions(scene.points_mob["centered"]))
    low, high = corners.min(axis=0), corners.max(axis=0)
    assert len(corners) == 4
    assert np.all((centered > low) & (centered < high))


@pytest.mark.parametrize("scene_class", SCENES_3D, ids=lambda c: c.__name__)
def test_every_drawn_point_and_label_stays_in_the_frame_and_out_from_under_the_panels(
    sample_scene, scene_class
):
    half = np.array([config.frame_width, config.frame_height]) / 2
    outside, covered = [], []

    def probe(scene, time):
        points, halves = scene.framed_now()  # a label: its centre and half its size
        if len(points) == 0:
            return
        xy = frame_positions(scene.renderer.camera, points)
        when = (scene.beat_name, round(time, 1))
        if scene.beat_name in scene.close_up_beats:  # far points may leave, on purpose
            return
        if np.any(np.abs(xy) + halves > half):
            outside.append(when)
        for box in scene.keep_out():
            if framing.inside(xy, box, halves).any():
                covered.append(when)

    sample_scene(scene_class, probe)
    assert not outside, f"points outside the frame at (beat, seconds): {outside[:5]}"
    assert not covered, f"points under a panel at (beat, seconds): {covered[:5]}"


def test_the_fit_keeps_points_out_of_a_corner_box():
    phi, theta = 1.2, -0.8
    screen = np.array([[-3.0, 2.0, 0.0], [6.0, 0.0, 0.0]])  # up left; far right
    points = np.vstack(
        [screen @ framing.view_rotation(phi, theta), np.random.default_rng(7).normal(size=(30, 3))]
    )
    box = (-config.frame_width / 2, 1.5, -3.0, config.frame_height / 2)
    free = framing.fit_zoom(points, phi, theta, 20.0)
    zoom = framing.fit_zoom(points, phi, theta, 20.0, [box])
    assert zoom == pytest.approx((3.0 - framing.PANEL_MARGIN) / 3.0) and zoom < free

    def inside(z):
        return framing.inside(
            framing.project(points, phi, theta, z, 20.0), box, framing.PANEL_MARGIN
        )

    assert not inside(zoom * (1 - 1e-9)).any()
    assert inside(zoom * (1 + 1e-6)).any(), "the fit is the largest such zoom"


def test_a_label_is_kept_clear_by_its_own_size_whatever_the_zoom():
    phi, theta = 1.2, -0.8
    centre = np.array([[-3.0, 2.0, 0.0]]) @ framing.view_rotation(phi, theta)
    box = (-config.frame_width / 2, 2.5, -2.0, config.frame_height / 2)
    half = np.array([[0.8, 0.2]])
    zoom = framing.fit_zoom(centre, phi, theta, 20.0, [box], half)
    # at zoom z the label spans z * (-3, 2) +- (0.8, 0.2): its top edge reaches the grown
    # box's bottom when 2 z + 0.2 = 2.5 - margin (its right edge is left of -2 + margin)
    assert zoom == pytest.approx((2.5 - framing.PANEL_MARGIN - 0.2) / 2.0)
    assert framing.fit_zoom(centre, phi, theta, 20.0, [box]) > zoom


def test_a_box_holding_the_frame_centre_is_ignored():
    assert framing.fit_zoom(np.ones((1, 3)), 1.0, 0.5, 20.0, [(-1.0, -1.0, 1.0, 1.0)]) == (
        framing.fit_zoom(np.ones((1, 3)), 1.0, 0.5, 20.0)
    )


@pytest.mark.parametrize("scene_class", PREDICTING_3D, ids=lambda c: c.__name__)
def test_every_prediction_is_followed_by_a_pause(default_scene, scene_class):
    scene = default_scene(scene_class)
    questions = [name for name in scene_beats(scene_class) if is_prediction(scene.beat_text(name))]
    assert questions, "this scene asks a prediction"
    assert [name for name, _, _ in scene.pauses] == questions
    assert all(seconds >= PREDICTION_PAUSE >= 2.5 for _, seconds, _ in scene.pauses)
    on_screen = scene.get_mobject_family_members()
    for _, _, cue in scene.pauses:
        assert len(cue) == 2 and not any(part in on_screen for part in cue), "cue left over"


@pytest.mark.parametrize(
    "scene_class", [*PREDICTING_3D, AnyWidth, RealActivations], ids=lambda c: c.__name__
)
def test_the_prediction_cue_hides_no_point(construct_scene, monkeypatch, scene_class):
    hidden = []
    place = scene_class.place_cue

    def recording_place(self, cue):
        placed = place(self, cue)
        points, halves = self.framed_now()
        xy = frame_positions(self.renderer.camera, points)
        hidden.append(int(framing.inside(xy, framing.frame_box(placed), halves).sum()))
        return placed

    monkeypatch.setattr(scene_class, "place_cue", recording_place)
    construct_scene(scene_class)
    assert hidden and hidden == [0] * len(hidden), f"points under each cue: {hidden}"


def test_one_vector_positions_and_readouts_are_the_lesson_numbers(default_scene):
    scene = default_scene(OneVectorGeometry)
    journey = nm.vector_journey((1.0, 2.0, 3.0), 1.0, 1e-6)
    assert scene.beats_done == list(scene_beats(OneVectorGeometry))
    for name, expected in (
        ("raw", [1.0, 2.0, 3.0]),
        ("layer_norm", [-1.224744, 0.0, 1.224744]),
        ("rms", [0.46291, 0.92582, 1.38873]),
    ):
        drawn = figures.positions(scene.points_mob[name])[0]
        np.testing.assert_allclose(drawn, expected, atol=5e-6, err_msg=name)
    np.testing.assert_allclose(
        figures.positions(scene.points_mob["layer_norm"])[0], journey.layer_norm
    )
    texts = [text for text, _ in scene.readout_lines]
    assert "LayerNorm = (-1.224744, 0, 1.224744)" in texts
    assert "RMSNorm = (0.46291, 0.92582, 1.38873)" in texts
    assert f"angle between them = {journey.angle:.2f}°" in texts
    # the ray the centered point moves along, (-1, 0, 1) from the origin, past the sphere
    standardized = PALETTE["standardized"].lower()
    (ray,) = [
        m
        for m in scene.get_mobject_family_members()
        if isinstance(m, VMobject)
        and m.has_points()
        and str(m.get_stroke_color()).lower() == standardized
        and m not in scene.points_mob["layer_norm"].get_family()
        and np.allclose(np.cross(m.points, [-1.0, 0.0, 1.0]), 0.0, atol=1e-9)
        and np.linalg.norm(m.points, axis=1).min() < 1e-9  # not the trail: from the origin
        and np.linalg.norm(m.points, axis=1).max() > 1.2 * np.sqrt(3)  # not the arrow
    ]
    assert ray.get_stroke_opacity() > 0.5


def test_one_vector_with_an_undefined_layer_norm_reads_undefined(
    construct_scene, tmp_path, monkeypatch
):
    config = tmp_path / "params.toml"
    config.write_text("vector = [2.0, 2.0, 2.0]\nlesson_eps = 0.0\n")
    monkeypatch.setenv("NORMGEOM_PARAMS", str(config))
    scene = construct_scene(OneVectorGeometry)
    texts = [text for text, _ in scene.readout_lines]
    assert "LayerNorm = Undefined" in texts and "angle: Undefined" in texts
    np.testing.assert_allclose(figures.positions(scene.points_mob["rms"])[0], [1.0, 1.0, 1.0])


def test_the_ones_label_ends_clear_of_the_mean_axis_and_every_dot(default_scene):
    scene = default_scene(MeanCentering)
    camera = scene.renderer.camera
    label = scene.framed_labels[0]
    halves = np.array([label.width, label.height]) / 2
    box = framing.frame_box_of(frame_positions(camera, label.get_center())[0], halves)
    axis = figures.dash_segments(scene.guides[0]).reshape(-1, 3)
    assert placement.lines_meet_box(frame_positions(camera, axis).reshape(-1, 2, 2), box) == 0
    dots = frame_positions(camera, scene.drawn_points())
    assert not framing.inside(dots, box, 0.05).any()
