"""What a viewer sees over time in the 3D chapters: a camera that never jumps, labels that
stay on the lines they name, questions asked with what they ask about in view and without
their answers, words that match the picture."""

from __future__ import annotations

import numpy as np
import pytest
from manim import config

import normmath as nm
from scenes.base.narrated import scene_beats
from scenes.kit import bounds, figures, framing, placement
from scenes.kit.framing import frame_positions
from scenes.layernorm import Bias, Epsilon, Gain, MeanCentering, Standardization
from scenes.onevector import OneVectorGeometry
from scenes.rmsnorm import INPUT_REACH, RMSNormCollapse, RMSNormComparison, RMSNormHealthy

FPS = 10
REST = 1e-3
"""A camera changing less than this in a frame (log zoom, radians) is at rest."""
FIRST_STEP = 0.05
"""The most a camera move's first frame may change it (log zoom, radians): an eased start."""
LINE_TOLERANCE = 0.02
"""Frame units a label naming a line may lie off the line's extension on screen."""


def _camera(scene) -> tuple[float, float, float]:
    camera = scene.renderer.camera
    return float(np.log(camera.get_zoom())), camera.get_phi(), camera.get_theta()


@pytest.mark.parametrize(
    "scene_class",
    [MeanCentering, Standardization, Epsilon, RMSNormHealthy, RMSNormComparison],
    ids=lambda c: c.__name__,
)
def test_the_camera_starts_every_move_from_where_it_is(sample_scene, scene_class):
    """No camera move jumps from rest; through the closing orbit the zoom changes no faster
    than the framing's easing speed (a framing needed later in the turn is eased into) and
    the figure keeps three quarters of its size at least."""
    poses, beats = [], []

    def probe(scene, _):
        poses.append(_camera(scene))
        beats.append(scene.beat_name)

    sample_scene(scene_class, probe, fps=FPS)
    steps = np.abs(np.diff(np.array(poses), axis=0))
    from_rest = steps[1:][steps[:-1].max(axis=1) < REST]
    assert len(from_rest) and from_rest.max() < FIRST_STEP, "the camera jumps from rest"
    orbit = steps[np.array(beats[1:]) == "orbit", 0] * FPS
    assert len(orbit) and orbit.max() <= 1.1 * framing.EASE_ZOOM_SPEED, "the orbit zooms fast"
    zooms = np.array(poses)[np.array(beats) == "orbit", 0]
    assert zooms.min() >= zooms[0] + np.log(0.75), "the orbit shrinks what it shows"


def test_a_need_ahead_is_eased_into_and_met():
    """ahead_zoom meets every need at its time, never changes faster than the easing speed,
    and is the least need once all are past."""
    times = np.linspace(0.0, 10.0, 101)
    needs = np.where(times > 6.0, 0.3, 1.2)
    speed = framing.ease_speed(needs, times, 1.2)
    assert speed == framing.EASE_ZOOM_SPEED  # 6 s ahead: time to ease at the slowest
    bounds = np.array([framing.ahead_zoom(needs, times, t, speed) for t in times])
    assert np.all(bounds <= needs + 1e-12)
    assert np.max(np.abs(np.diff(np.log(bounds)))) <= speed * 0.1 + 1e-12
    assert bounds[0] == pytest.approx(1.2) and bounds[-1] == pytest.approx(0.3)
    soon = np.where(times > 1.0, 0.3, 1.2)  # a fourfold zoom-out needed 1.1 s in
    quick = framing.ease_speed(soon, times, 1.2)
    assert quick == pytest.approx(np.log(4) / 1.1)
    assert framing.ahead_zoom(soon, times, 0.0, quick) == pytest.approx(1.2)


def test_the_settled_bound_starts_at_the_zoom_and_ends_at_the_bound():
    assert framing.settled_bound(0.4, 0.4, 1.2, 0.0) == pytest.approx(1.2)
    assert framing.settled_bound(0.4, 0.4, 1.2, 10.0) == pytest.approx(0.4)
    assert framing.settled_bound(0.9, 1.5, 1.2, 0.0) == pytest.approx(0.9)  # framed: none
    seconds = framing.settle_seconds(np.log(1.2 / 0.4))
    assert framing.settled_bound(0.4, 0.4, 1.2, seconds / 2) == pytest.approx(np.sqrt(0.48))
    step = 1 / 30
    assert framing.limited_zoom(1.0, 0.1, step) == pytest.approx(np.exp(-framing.ZOOM_SPEED * step))


def _off_line(point: np.ndarray, start: np.ndarray, end: np.ndarray) -> tuple[float, float]:
    """Distance of frame ``point`` from the line through ``start`` and ``end``, and how far
    along it lies (0 at ``start``, 1 at ``end``)."""
    direction = end - start
    t = float(np.dot(point - start, direction) / np.dot(direction, direction))
    return float(np.linalg.norm(point - start - t * direction)), t


def test_the_ones_label_and_the_axis_labels_stay_on_their_lines(sample_scene):
    """Each label stays on the line it names (the all-ones label beyond the ones line, each
    axis label beyond its arrowhead), and the all-ones label never sits on an axis."""
    off, before_end, on_axis = [], [], []

    def probe(scene, time):
        camera = scene.renderer.camera
        ones = [label for label in scene.framed_labels if label in scene.mobjects]
        lines = [(label, np.zeros(3), nm.uniform_vector(3)) for label in ones]
        tips = figures.axis_length(camera.get_zoom(), scene.axis_screen) * np.eye(3)
        axes = frame_positions(camera, np.stack([-tips, tips], axis=1).reshape(-1, 3))
        for label in ones:
            centre = frame_positions(camera, label.get_center()[None])[0]
            box = framing.frame_box_of(centre, bounds.size(label)[:2] / 2)
            on_axis.append(placement.lines_meet_box(axes.reshape(-1, 2, 2), box))
        lines += [(mob, np.zeros(3), tip) for mob, tip in zip(scene.axes[1:], tips, strict=True)]
        for mob, start, end in lines:
            flat = frame_positions(camera, np.stack([start, end, mob.get_center()]))
            distance, along = _off_line(flat[2], flat[0], flat[1])
            if np.linalg.norm(flat[1] - flat[0]) > 0.5:  # a line seen along its length
                off.append(distance)
                if mob in scene.axes:
                    before_end.append(along <= 1.0)

    sample_scene(MeanCentering, probe, fps=5)
    share_off = np.mean(np.array(off) > LINE_TOLERANCE)
    assert share_off < 0.05, f"labels off their lines in {share_off:.0%} of the samples"
    assert not any(before_end), "an axis label sits on its own axis, not beyond the arrowhead"
    assert len(on_axis) and not any(on_axis), "the all-ones label sits on an axis"


def test_the_collapse_question_shows_no_pole(sample_scene):
    shown = {}

    def probe(scene, time):
        stars = scene.pole_figures()[1]
        row = scene.corner_panels["top_left"][1][2]
        on = stars in scene.get_mobject_family_members() and stars.get_fill_opacity() > 0.05
        shown.setdefault(scene.beat_name, []).append(on or row.get_fill_opacity() > 0.05)

    sample_scene(RMSNormCollapse, probe, fps=5)
    assert not any(shown["intro"] + shown["ratio"]), "the poles are shown before the question"
    assert shown["orbit"][-1], "the poles are shown once the answer is given"


@pytest.mark.parametrize("scene_class", [RMSNormHealthy, RMSNormComparison])
def test_the_spread_legend_states_what_normmath_finds(construct_scene, scene_class):
    scene = construct_scene(scene_class)
    ratios = nm.mean_to_std_ratio(scene.healthy)
    below, count = int(np.ma.sum(ratios < 1.0)), int(ratios.count())
    labels = [row.label for row in scene.legend_rows()]
    assert f"|μ| < σ for {below} of {count}" in labels[0]
    assert not any("≫" in text for text in labels[:1]), "the set is not one of σ ≫ |μ|"
    assert float(np.ma.median(ratios)) > 0.1  # the default set: its spread only mostly wins


def test_the_points_a_question_asks_about_are_in_view_through_its_pause(sample_scene):
    half = np.array([config.frame_width, config.frame_height]) / 2
    seen = []

    def probe(scene, time):
        if not len(scene.cue):
            return
        group = scene.points_mob["standardized"]
        drawn = scene.get_mobject_family_members()
        xy = frame_positions(scene.renderer.camera, figures.positions(group))
        visible = all(dot in drawn and dot.get_fill_opacity() > 0.5 for dot in group)
        seen.append(visible and bool(np.all(np.abs(xy) < half)))

    sample_scene(Standardization, probe, fps=5)
    assert seen and all(seen), "points the question asks about are hidden or off-frame"


CROSS_SIZE = 0.12
"""Half width of a LayerNorm target's cross in scene units (:func:`scenes.kit.figures.crosses`)."""


def _asking(scene) -> bool:
    """Whether ``scene`` is in its prediction beat or that beat's pause."""
    return scene.beat_name == "predict" or bool(len(scene.cue))


SPHERE_SHARE_ASKED = 0.4
"""Smallest share of the frame's height the sphere spans while the RMSNorm question is asked
(288 px at 720p)."""


def test_the_rmsnorm_question_shows_every_input_and_its_targets_apart(sample_scene):
    half = np.array([config.frame_width, config.frame_height]) / 2 - framing.FRAME_MARGIN
    spans, gaps, inputs, legends = [], [], [], []

    def probe(scene, time):
        if not _asking(scene):
            return
        camera = scene.renderer.camera
        spans.append(2 * nm.sphere_radius(3) * camera.get_zoom() / config.frame_height)
        marks = [frame_positions(camera, mark.points) for mark in scene.marks]
        centres = np.array([mark.mean(axis=0) for mark in marks])
        apart = np.linalg.norm(centres[:, None] - centres[None], axis=2)
        width = max(float(np.ptp(mark[:, 0])) for mark in marks)
        targets = scene.ln(scene.healthy)  # crosses that touch on the sphere itself may touch
        touching = np.linalg.norm(targets[:, None] - targets[None], axis=2) < 2 * CROSS_SIZE
        gaps.append(float(np.where(touching, np.inf, apart).min() / width))
        group = scene.points_mob["rms"]
        drawn = scene.get_mobject_family_members()
        xy = frame_positions(camera, figures.positions(group))
        shown = all(dot in drawn and dot.get_fill_opacity() > 0.5 for dot in group)
        covered = len(scene.cue) and framing.inside(xy, framing.frame_box(scene.cue[0])).any()
        inputs.append(shown and bool(np.all(np.abs(xy[:, :2]) < half)) and not covered)
        rows = scene.corner_panels["top_left"][1]
        legends.append(tuple(row[-1].get_fill_opacity() > 0.5 for row in rows))

    sample_scene(RMSNormHealthy, probe, fps=5)
    assert spans and min(spans) >= SPHERE_SHARE_ASKED, "the sphere is small while asked about"
    assert min(gaps) >= 1.0, "targets the question asks about overlap on screen"
    assert all(inputs), "an input the question asks about is hidden, covered or off-frame"
    assert set(legends) == {(True, True, False, False)}, "the legend shows more than inputs "
    "and targets (or misses one) while the question is asked"


def test_the_rmsnorm_inputs_are_drawn_at_one_stated_scale_that_changes_no_output(
    default_scene,
):
    scene = default_scene(RMSNormHealthy, stop_after="predict")
    large = nm.main_cloud().group("large")
    k = nm.drawing_scale(large, INPUT_REACH)
    assert scene.scale == k > 1
    np.testing.assert_allclose(scene.drawn * k, large)
    assert scene.scale_caption in scene.mobjects, "the scale is not stated on screen"
    assert (f"inputs drawn at 1/{k} length", "raw") in scene.scale_lines()
    assert f"scaled down by a factor of {k}." in scene.beat_text("scale")
    assert scene.scale_changes_nothing()


def test_the_rmsnorm_gaps_readout_names_the_ratio_of_the_longest_and_shortest_gap(
    default_scene,
):
    scene = default_scene(RMSNormHealthy)
    large = nm.main_cloud().group("large")
    gaps = np.linalg.norm(
        nm.rms_norm(large, eps=0.0).array() - nm.layer_norm(large, eps=0.0).array(), axis=1
    )
    ratios = nm.mean_to_std_ratio(large)
    assert scene.gap_ends() == [
        (f"longest gap: |μ|/σ = {ratios[gaps.argmax()]:.2f}", "text"),
        (f"shortest gap: |μ|/σ = {ratios[gaps.argmin()]:.2f}", "text"),
    ]
    assert scene.gaps_follow_ratios(), "the sentence says a smaller ratio makes a shorter gap"


def test_the_epsilon_question_frames_the_sphere_large(sample_scene):
    spans = []

    def probe(scene, time):
        if len(scene.cue) and scene.pauses and scene.pauses[-1][2] is scene.cue:
            xy = frame_positions(scene.renderer.camera, figures.equator_curve())
            spans.append(np.ptp(xy[:, 1]) / config.frame_height)

    sample_scene(Epsilon, probe, fps=5)
    assert spans and min(spans) >= 0.3, "the sphere is small while the cluster is asked about"


@pytest.mark.parametrize("scene_class", [MeanCentering, OneVectorGeometry])
def test_the_orbit_shows_the_plane_edge_on(sample_scene, scene_class):
    normal = nm.uniform_vector(3)
    alignment = []

    def probe(scene, time):
        if scene.beat_name == "orbit":
            _, phi, theta = _camera(scene)
            view = np.array([np.sin(phi) * np.cos(theta), np.sin(phi) * np.sin(theta), np.cos(phi)])
            alignment.append(abs(float(view @ normal)))

    sample_scene(scene_class, probe, fps=FPS)
    assert min(alignment) < 0.02, "the camera never sees the plane edge on"


@pytest.mark.parametrize("scene_class", [Gain, Bias])
def test_the_camera_turns_while_a_parameter_is_read_out(sample_scene, scene_class):
    thetas = []
    sample_scene(
        scene_class,
        lambda scene, _: thetas.append(_camera(scene)[2]) if scene.beat_name == "predict" else None,
        fps=5,
    )
    assert np.degrees(np.ptp(thetas)) >= 20.0, "a still picture while the parameter is read"


def test_the_one_vector_readout_never_blanks(sample_scene):
    opacities = []

    def probe(scene, time):
        panel = scene.panel
        shown = panel in scene.get_mobject_family_members()
        opacities.append(panel[1][0].get_fill_opacity() if shown else 0.0)

    sample_scene(OneVectorGeometry, probe, fps=FPS)
    first = int(np.argmax(np.array(opacities) > 0.99))
    assert first and min(opacities[first:]) > 0.99, "the first readout line blinks"


def test_the_words_and_formulas_match_the_picture():
    assert r"\mathrm{RMSNorm}(x)" in OneVectorGeometry.formula
    assert r"\mathrm{RMS}(x)" not in OneVectorGeometry.formula  # RMS(x) is the root mean square
    for scene_class in (MeanCentering, Gain):  # the all-ones line and gained points are pink
        assert not any("purple" in str(text) for text in scene_beats(scene_class).values())


@pytest.mark.parametrize("scene_class", [MeanCentering, RMSNormCollapse], ids=lambda c: c.__name__)
def test_a_label_glides_to_a_new_place_never_jumps(sample_scene, scene_class):
    """The all-ones label moves from frame to frame, relative to the end of its line, no
    faster than a label glides (plus what the camera's turn carries it)."""
    from scenes.kit.placement import LABEL_SPEED

    fps, turn = 15, 0.1
    offsets = []

    def probe(scene, time):
        camera = scene.renderer.camera
        for label in scene.framed_labels:
            if label in scene.mobjects and id(label) in scene.rays:
                end = scene.rays[id(label)][2]
                flat = frame_positions(camera, np.stack([end, label.get_center()]))
                offsets.append((time, flat[1] - flat[0]))

    sample_scene(scene_class, probe, fps=fps)
    steps = [
        float(np.linalg.norm(b - a))
        for (s, a), (t, b) in zip(offsets, offsets[1:], strict=False)
        if t - s < 1.5 / fps
    ]
    assert steps and max(steps) <= LABEL_SPEED / fps + turn, max(steps)


def test_one_vector_scaling_step_is_a_close_up_of_an_output_in_front(sample_scene):
    """LayerNorm's scaling step (a short move onto the sphere) is seen closer than the
    opening, and both outputs lie on the sphere's near half, never dimmed behind it, while
    they are made and compared."""
    from scenes.kit.framing import view_rotation
    from scenes.onevector import SCALE_CLOSE_UP

    zooms, depths = [], []

    def probe(scene, time):
        camera = scene.renderer.camera
        if scene.beat_name == "scale" and time >= scene.beat_start + scene.said_now("The point"):
            zooms.append(camera.get_zoom() / scene.opening_zoom)
        if scene.beat_name in ("scale", "rms", "angle"):  # while each output is made and compared
            toward = view_rotation(camera.get_phi(), camera.get_theta())[2]
            journey = scene.journey
            depths.append(min(journey.layer_norm @ toward, journey.rms_norm @ toward))

    sample_scene(OneVectorGeometry, probe, fps=FPS)
    assert zooms and min(zooms) >= 0.95 * SCALE_CLOSE_UP
    assert depths and min(depths) > 0
