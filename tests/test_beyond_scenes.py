"""AnyWidth and RealActivations draw what normmath computes, and join the lecture."""

from __future__ import annotations

import re
import subprocess
import sys

import numpy as np
import pytest
from manim.camera.three_d_camera import ThreeDCamera

import normmath as nm
from normgeom.rendering.cache import PROJECT
from normgeom.rendering.targets import lecture_targets
from scenes.base.catalog import find
from scenes.base.narrated import scene_beats
from scenes.base.parameters import STOP_AFTER_ENV
from scenes.beyond import AnyWidth, RealActivations
from scenes.kit import figures, style
from scenes.kit.framing import meridian_orientation, view_rotation

TOL = 1e-6


def assert_placeholders_filled(scene) -> None:
    for name in scene_beats(type(scene)):
        spoken = scene.beat_text(name)
        assert spoken and not re.search(r"[{}]", spoken), name


def test_orientation_shows_the_meridian_plane_face_on():
    rng = np.random.RandomState(5)
    for _ in range(20):
        x = rng.randn(3) * 4
        up, right = (basis[0] for basis in nm.meridian_basis(x[None]))
        camera = ThreeDCamera()
        angles = meridian_orientation(up, right)
        camera.set_phi(angles["phi"])
        camera.set_theta(angles["theta"])
        camera.set_gamma(angles["gamma"])
        rotation = camera.generate_rotation_matrix()
        np.testing.assert_allclose(rotation @ up, [0.0, 1.0, 0.0], atol=1e-9)
        np.testing.assert_allclose(rotation @ right, [1.0, 0.0, 0.0], atol=1e-9)


def test_width_three_part_draws_the_3d_scenes_positions(default_scene):
    scene = default_scene(AnyWidth, stop_after="unfold")
    x = np.asarray(nm.POSITIVE, dtype=float)
    assert scene.beats_done == ["sphere", "turn", "unfold"]
    np.testing.assert_allclose(figures.positions(scene.points_mob["x"]), [x], atol=TOL)
    rms = nm.rms_norm(x, eps=0.0).array()
    np.testing.assert_allclose(figures.positions(scene.points_mob["rms"]), [rms], atol=TOL)
    ln = nm.layer_norm(x, eps=0.0).array()
    np.testing.assert_allclose(figures.positions(scene.ln_cross[0])[:1].mean(0), ln, atol=0.2)


def test_flat_picture_shows_the_mean_and_centered_parts_as_they_are_named(default_scene):
    scene = default_scene(AnyWidth, stop_after="unfold")
    x = np.asarray(nm.POSITIVE, dtype=float)
    mu_root_n, sigma_root_n = np.mean(x) * np.sqrt(3), np.std(x) * np.sqrt(3)
    corner = mu_root_n * scene.up
    mean_segment, centered_segment = scene.mean_part[0], scene.centered_part[0]
    np.testing.assert_allclose(mean_segment.points[[0, -1]], [np.zeros(3), corner], atol=TOL)
    np.testing.assert_allclose(centered_segment.points[[0, -1]], [corner, x], atol=TOL)
    np.testing.assert_allclose(np.linalg.norm(x - corner), sigma_root_n, atol=TOL)
    unfold = next(s for s in scene.declare.spoken if s.name == "unfold")
    named = {f.mobjects[0]: f.start for f in scene.declare.focuses if f.beat == "unfold"}
    mean_at, centered_at = named[mean_segment], named[centered_segment]
    assert unfold.start < mean_at < centered_at < unfold.end


def test_opening_shows_both_outputs_near_and_the_wide_width_long_enough_to_read(
    sample_scene, monkeypatch
):
    """The opening camera sees both outputs on the sphere's near side; the strip's label
    n = 768 stays fully shown for at least 1.5 s once the width is named."""
    monkeypatch.setenv(STOP_AFTER_ENV, "sphere")
    views, wide_label = [], []
    fps = 10

    def probe(scene, time):
        camera = scene.renderer.camera
        views.append(view_rotation(camera.get_phi(), camera.get_theta())[2])  # toward viewer
        if hasattr(scene, "strip"):
            wide_label.append(scene.strip[2].get_fill_opacity())

    scene = sample_scene(AnyWidth, probe, fps=fps)
    x = np.asarray(nm.POSITIVE, dtype=float)
    outputs = np.array([nm.rms_norm(x, eps=0.0).array(), nm.layer_norm(x, eps=0.0).array()])
    assert scene.beats_done == ["sphere"]
    assert np.all(outputs @ np.asarray(views[0]) > 0.3)
    assert sum(opacity > 0.99 for opacity in wide_label) / fps >= 1.5


def test_wide_rows_land_where_rmsnorm_sends_them(default_scene):
    clouds = nm.regime_clouds(768)
    scene = default_scene(AnyWidth)
    assert scene.beats_done == list(scene_beats(AnyWidth))
    assert_placeholders_filled(scene)
    assert f"median {np.degrees(np.ma.median(nm.meridian(clouds.group('spread')).angle)):.1f}" in (
        scene.beat_text("land")
    )
    x = np.asarray(nm.POSITIVE, dtype=float)
    for name in ("spread", "positive", "negative"):
        rows = clouds.group(name)
        drawn = figures.positions(scene.points_mob[name])
        expected = nm.from_meridian(nm.meridian(rows).rms, x)
        np.testing.assert_allclose(drawn, expected, atol=TOL, err_msg=name)
        np.testing.assert_allclose(np.linalg.norm(drawn, axis=1), np.sqrt(768), rtol=1e-9)
        # the angle from the mean axis on screen is the angle of RMSNorm(x) in R^768
        rms = nm.rms_norm(rows, eps=0.0).array()
        cos_768 = rms.sum(axis=1) / (np.sqrt(768) * np.linalg.norm(rms, axis=1))
        cos_drawn = drawn @ nm.uniform_vector(3) / np.linalg.norm(drawn, axis=1)
        np.testing.assert_allclose(cos_drawn, cos_768, atol=1e-9)


def test_each_group_is_named_with_the_parts_of_its_median_row(default_scene):
    """As each group of wide rows is named, the mean part and the centered part of its row
    nearest the median |mu|/sigma are drawn: mu sqrt n up the mean axis, then sigma sqrt n
    across, ending on the row (numpy arithmetic on the rows, not normmath's meridian)."""
    clouds = nm.regime_clouds(768)
    scene = default_scene(AnyWidth)
    groups = zip(("spread", "positive", "negative"), scene.median_legs, strict=True)
    for name, (mean, centered) in groups:
        rows = clouds.group(name)
        ratios = np.abs(rows.mean(axis=1)) / rows.std(axis=1)
        row = rows[np.argmin(np.abs(ratios - np.median(ratios)))]
        up, across = row.mean() * np.sqrt(768), row.std() * np.sqrt(768)
        origin = scene.place([[0.0, 0.0]])[0]
        np.testing.assert_allclose(mean.get_start(), origin, atol=TOL)
        np.testing.assert_allclose(mean.get_end(), scene.place([[up, 0.0]])[0], atol=TOL)
        np.testing.assert_allclose(centered.get_start(), mean.get_end(), atol=TOL)
        np.testing.assert_allclose(centered.get_end(), scene.place([[up, across]])[0], atol=TOL)


def test_each_group_is_named_with_the_directions_it_lies_in(default_scene):
    """The directions of each group are shaded as it is described: within 45 degrees of the
    equator (|mu| < sigma) for the spread rows, beyond it towards each pole for the offset
    rows; the shades are gone once the rows land."""
    scene = default_scene(AnyWidth)
    origin = scene.place([[0.0, 0.0]])[0]
    bounds = [(-45.0, 45.0), (45.0, 90.0), (-90.0, -45.0)]
    for shade, (low, high) in zip(scene.regime_regions, bounds, strict=True):
        offset = shade.points - origin
        up, right = offset @ scene.up, offset @ scene.right
        far = np.hypot(up, right) > 1e-6
        angles = np.degrees(np.arctan2(up[far], right[far]))
        assert angles.min() == pytest.approx(low, abs=1e-6)
        assert angles.max() == pytest.approx(high, abs=1e-6)
        assert shade not in scene.get_mobject_family_members()
    (boundary,) = [a for a in scene.declare.announcements if a.words == "The shading changes"]
    assert set(boundary.mobjects) == set(scene.regime_regions)  # pointed at as it is named


def test_the_lens_band_stays_inside_the_lens(default_scene):
    """The band of angles no token leaves, shaded in the lens, lies inside the lens's outline
    and still spans its width."""
    scene = default_scene(RealActivations)
    band, box = scene.lens_band(1.0), scene.lens_box
    low, high = box.min(axis=0), box.max(axis=0)
    assert np.all(band >= low - 1e-9) and np.all(band <= high + 1e-9)
    np.testing.assert_allclose([band[:, 0].min(), band[:, 0].max()], [low[0], high[0]], atol=TOL)


def test_real_activations_draw_the_recorded_module(default_scene):
    scene = default_scene(RealActivations)
    assert scene.beats_done == list(scene_beats(RealActivations))
    recorded = nm.load_recorded()
    angles = np.array([np.degrees(np.arctan(np.abs(m.mu) / m.sigma)) for m in recorded.modules])
    module, token = np.unravel_index(np.argmax(angles), angles.shape)
    picture = recorded.modules[module].meridian()
    whole = figures.positions(scene.points_mob["whole"])
    np.testing.assert_allclose(whole, scene.place(picture.rms), atol=TOL)
    centred = whole - scene.place([[0.0, 0.0]])
    np.testing.assert_allclose(np.linalg.norm(centred, axis=1), picture.radius, rtol=1e-6)
    elevation = np.degrees(np.arctan2(np.abs(centred[:, 1]), centred[:, 0]))
    np.testing.assert_allclose(elevation, angles[module], atol=1e-6)
    tokens = figures.positions(scene.points_mob["tokens"])
    np.testing.assert_allclose(tokens, scene.lens(whole), atol=TOL)
    assert scene.points_mob["tokens"][token].get_fill_color().to_hex().upper() == (
        style.PALETTE["tight"].upper()
    )
    assert_placeholders_filled(scene)
    close = scene.beat_text("close")
    ratios = np.concatenate([np.abs(m.mu) / m.sigma for m in recorded.modules])
    assert f"median angle is {np.median(angles):.1f} degrees" in close
    assert f"exceeds {ratios.max():.3f}" in close
    assert f"at most {angles.max():.1f} degrees" in close
    assert close.endswith("the spread dominates the mean.")
    intro = scene.beat_text("intro")
    assert f"{len(recorded.tokens)} tokens" in intro and "13 LayerNorms" in intro
    said = {a.words: a for a in scene.declare.announcements if a.beat == "embeddings"}
    lens_in = said["RMSNorm would place"]  # the lens comes with the tokens it enlarges
    assert scene.points_mob["tokens"] in lens_in.mobjects
    assert lens_in.time < said["the lens on the right"].time < said["median mu over sigma"].time


def test_both_scenes_end_the_lecture_before_the_recap():
    names = [target.name for target in lecture_targets()]
    assert names[-3:] == ["AnyWidth", "RealActivations", "Recap"]


def test_the_recorded_data_is_part_of_the_scenes_render_key():
    sources = PROJECT.sources(find("RealActivations").file)
    assert nm.RECORDED_ACTIVATIONS.resolve() in PROJECT.data_files(sources)


def test_scenes_and_the_command_line_never_import_torch():
    code = (
        "import sys, scenes.beyond, normgeom.cli.app; "
        "found = {'torch', 'transformers'} & set(sys.modules); print(found); sys.exit(len(found))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_layernorm_cross_has_a_dark_rim_on_the_green_equator(default_scene):
    scene = default_scene(AnyWidth, stop_after="sphere")
    strokes = [
        (m.get_stroke_color().to_hex().upper(), m.get_stroke_width())
        for m in scene.ln_cross.family_members_with_points()
    ]
    rims = [w for color, w in strokes if color == style.PALETTE["outline"].upper()]
    marks = [w for color, w in strokes if color == style.PALETTE["ln_target"].upper()]
    assert rims and marks and min(rims) > max(marks)


def test_the_angle_whose_tangent_is_mu_over_sigma_is_drawn_as_it_is_said(default_scene):
    scene = default_scene(AnyWidth, stop_after="unfold")
    arc, label = scene.angle_arc
    points = arc.points
    elevation = np.arctan2(points @ scene.up, points @ scene.right)
    x = np.asarray(nm.POSITIVE, dtype=float)
    expected = np.arctan(np.mean(x) / np.std(x))
    assert elevation[0] == pytest.approx(0.0, abs=1e-6)
    assert elevation[-1] == pytest.approx(expected, abs=1e-6)
    unfold = next(s for s in scene.declare.spoken if s.name == "unfold")
    said = unfold.start + scene.said_at("unfold", "degrees away", unfold.end - unfold.start)
    named = [f.start for f in scene.declare.focuses if arc in f.mobjects]
    assert named == [pytest.approx(said)]


def _said(scene, beat: str, words: str) -> float:
    spoken = next(s for s in scene.declare.spoken if s.name == beat)
    return spoken.start + scene.said_at(beat, words, spoken.end - spoken.start)


def test_wide_rows_appear_as_named_and_land_as_the_sentence_says(sample_scene):
    """The rows appear when "Here are vectors" is said (not before); in the next beat
    every row starts along its ray within a second of "Every vector moves" and has landed a
    few seconds later, long before the beat ends."""
    from scenes.beyond import LAND_SECONDS

    seen = []

    def probe(scene, time):
        blue = scene.points_mob.get("spread")
        members = {id(m) for m in scene.get_mobject_family_members()}
        if blue is not None and id(blue[0]) in members:
            seen.append((time, blue[0].get_fill_opacity(), blue[0].get_center().copy()))

    scene = sample_scene(AnyWidth, probe, fps=5)
    named = _said(scene, "wide", "Here are vectors")
    assert max(o for t, o, _ in seen if t < named - 0.2) < 0.05
    assert min(o for t, o, _ in seen if named + 1.0 <= t) > 0.9
    moves = _said(scene, "land", "Every vector moves")
    land = next(s for s in scene.declare.spoken if s.name == "land")
    during = [(t, p) for t, _, p in seen if land.start <= t <= land.end]
    moving = [t for (t, p), (_, q) in zip(during, during[1:], strict=False) if np.any(p != q)]
    assert moving[0] <= moves + 1.0
    assert moving[-1] <= moves + LAND_SECONDS + 0.5 < land.end - 3.0


def test_every_module_is_shown_and_the_named_one_is_in_focus(sample_scene):
    """All 13 modules' median angles are drawn at once; while the narration names the
    module of the largest median, then of the smallest, that module's bar is the one in
    focus, the readout is its own and the tokens are at that module."""
    from scenes.beyond import BAR_DIMMED

    seen = []

    def probe(scene, time):
        bars = getattr(scene, "bars", [])
        members = {id(m) for m in scene.get_mobject_family_members()}
        shown = [i for i, (bar, _) in enumerate(bars) if id(bar) in members]
        bright = [i for i in shown if scene.bars[i][0].get_fill_opacity() > BAR_DIMMED + 0.05]
        tokens = scene.points_mob.get("tokens")
        where = figures.positions(tokens) if tokens is not None else None
        seen.append((time, len(shown), bright, where))

    scene = sample_scene(RealActivations, probe, fps=5)
    medians = np.ma.median(scene.angles, axis=1)
    high, low = int(np.ma.argmax(medians)), int(np.ma.argmin(medians))
    largest = _said(scene, "layers", "largest in")
    smallest = _said(scene, "layers", "smallest in")
    layers = next(s for s in scene.declare.spoken if s.name == "layers")
    settle = scene.move_seconds + 0.3
    for index, start, end in ((high, largest, smallest), (low, smallest, layers.end)):
        window = [f for f in seen if start + settle <= f[0] < end]
        assert window, index
        for _, count, bright, where in window:
            assert count == len(scene.modules) and bright == [index]
            np.testing.assert_allclose(where, scene.lens(scene.tokens_at(index)), atol=1e-6)


def test_the_lens_ticks_sit_beside_the_arc_and_its_labels_inside_the_lens(default_scene):
    from scenes.kit.style import DOT_RADIUS

    scene = default_scene(RealActivations)
    frame = scene.lens_frame()
    arc, ticks, _, labels = frame
    tick_points = ticks.points
    gaps = np.linalg.norm(tick_points[:, None, :2] - arc.points[None, :, :2], axis=-1)
    assert gaps.min() * scene.zoom >= DOT_RADIUS * 1.5  # clear of a token on the arc
    low, high = scene.lens_box.min(axis=0), scene.lens_box.max(axis=0)
    for label in labels[: len(scene.tick_degrees)]:
        assert label.get_left()[0] > low[0] and label.get_right()[0] < high[0]
        assert label.get_bottom()[1] > low[1] and label.get_top()[1] < high[1]


def test_said_median_angle_is_the_angle_of_the_shown_median_ratio(default_scene):
    values = default_scene(AnyWidth, stop_after="sphere").narration_values()
    for regime in ("spread", "offset"):
        ratio, angle = float(values[f"{regime}_ratio"]), values[f"{regime}_angle"]
        assert f"{np.degrees(np.arctan(ratio)):.1f}" == angle, (regime, ratio, angle)


def test_the_picture_is_never_empty_as_the_camera_widens(sample_scene):
    """Through the zoom out to width 768, the n = 3 picture stays until the wide circle
    comes in: one of the two is always at least half shown."""
    shown = []

    def probe(scene, time):
        members = {id(m) for m in scene.get_mobject_family_members()}
        parts = [getattr(scene, name, None) for name in ("small_parts", "wide_parts")]
        seen = [p[0].get_stroke_opacity() for p in parts if p is not None and id(p[0]) in members]
        shown.append((time, max(seen, default=0.0)))

    scene = sample_scene(AnyWidth, probe, fps=10)
    wide = next(s for s in scene.declare.spoken if s.name == "wide")
    assert min(o for t, o in shown if wide.start <= t <= wide.end) >= 0.45
