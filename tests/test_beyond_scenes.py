"""AnyWidth and RealActivations draw what normmath computes, and join the lecture."""

from __future__ import annotations

import re
import subprocess
import sys

import numpy as np
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


def test_width_three_part_draws_the_3d_scenes_positions(construct_scene, monkeypatch):
    monkeypatch.setenv(STOP_AFTER_ENV, "unfold")
    scene = construct_scene(AnyWidth)
    x = np.asarray(nm.POSITIVE, dtype=float)
    assert scene.beats_done == ["sphere", "turn", "unfold"]
    np.testing.assert_allclose(figures.positions(scene.points_mob["x"]), [x], atol=TOL)
    rms = nm.rms_norm(x, eps=0.0).array()
    np.testing.assert_allclose(figures.positions(scene.points_mob["rms"]), [rms], atol=TOL)
    ln = nm.layer_norm(x, eps=0.0).array()
    np.testing.assert_allclose(figures.positions(scene.ln_cross[0])[:1].mean(0), ln, atol=0.2)


def test_flat_picture_shows_the_mean_and_centered_parts_as_they_are_named(
    construct_scene, monkeypatch
):
    monkeypatch.setenv(STOP_AFTER_ENV, "unfold")
    scene = construct_scene(AnyWidth)
    x = np.asarray(nm.POSITIVE, dtype=float)
    mu_root_n, sigma_root_n = np.mean(x) * np.sqrt(3), np.std(x) * np.sqrt(3)
    corner = mu_root_n * scene.up
    mean_segment, centered_segment = scene.mean_part[0], scene.centered_part[0]
    np.testing.assert_allclose(mean_segment.points[[0, -1]], [np.zeros(3), corner], atol=TOL)
    np.testing.assert_allclose(centered_segment.points[[0, -1]], [corner, x], atol=TOL)
    np.testing.assert_allclose(np.linalg.norm(x - corner), sigma_root_n, atol=TOL)
    unfold = next(s for s in scene.spoken if s.name == "unfold")
    named = {f.mobjects[0]: f.start for f in scene.focuses if f.beat == "unfold"}
    mean_at, centered_at = named[scene.mean_part], named[scene.centered_part]
    assert unfold.start < mean_at < centered_at < unfold.end


def test_opening_camera_sees_both_outputs_on_the_near_side(sample_scene, monkeypatch):
    monkeypatch.setenv(STOP_AFTER_ENV, "sphere")
    views = []

    def probe(scene, time):
        camera = scene.renderer.camera
        views.append(view_rotation(camera.get_phi(), camera.get_theta())[2])  # toward viewer

    scene = sample_scene(AnyWidth, probe)
    x = np.asarray(nm.POSITIVE, dtype=float)
    outputs = np.array([nm.rms_norm(x, eps=0.0).array(), nm.layer_norm(x, eps=0.0).array()])
    assert scene.beats_done == ["sphere"]
    assert np.all(outputs @ np.asarray(views[0]) > 0.3)


def test_wide_rows_land_where_rmsnorm_sends_them(construct_scene):
    clouds = nm.regime_clouds(768)
    scene = construct_scene(AnyWidth)
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


def test_real_activations_draw_the_recorded_module(construct_scene):
    scene = construct_scene(RealActivations)
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
