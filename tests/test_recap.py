"""The recap ends the lecture: both formulas, then seven pictures drawn from normmath."""

from __future__ import annotations

import numpy as np
import pytest
from manim import DEGREES, Dot, MathTex, Star

import normmath as nm
from scenes.base.catalog import scene_names
from scenes.base.narrated import scene_beats
from scenes.kit import framing
from scenes.kit.glyphs import TextPath
from scenes.recap import POSE, TILE, Recap


def test_the_recap_is_the_last_scene():
    assert scene_names()[-1] == "Recap"


def test_final_frame_shows_both_formulas_and_every_step_in_focus(default_scene):
    scene = default_scene(Recap)
    assert scene.beats_done == list(scene_beats(Recap))
    family = scene.get_mobject_family_members()
    assert len([m for m in family if isinstance(m, MathTex)]) == 2
    lines = [m.get_fill_opacity() for m in family if isinstance(m, TextPath)]
    assert len(lines) == 7 and min(lines) == 1.0
    assert not any(cover in scene.mobjects for cover in scene.covers), "a picture still recedes"


def _is_uniform_image(drawn: np.ndarray, source: np.ndarray) -> bool:
    """Whether ``drawn`` (k, 2) is ``source`` (k, 2) scaled uniformly and shifted."""
    d, s = drawn - drawn.mean(axis=0), source - source.mean(axis=0)
    scale = np.linalg.norm(d) / np.linalg.norm(s)
    return bool(np.allclose(d, scale * s, atol=1e-6))


@pytest.mark.parametrize(
    ("sketch", "points"),
    [
        ("sketch_center", lambda s: s.steps.centered),
        ("sketch_sphere", lambda s: s.steps.standardized),
        ("sketch_gain", lambda s: s.steps.gained),
        ("sketch_bias", lambda s: s.steps.shifted),
        ("sketch_rms", lambda s: nm.rms_norm(s.healthy, eps=0.0).array()),
    ],
)
def test_pictures_show_normmath_points_seen_from_the_pose(default_scene, sketch, points):
    scene = default_scene(Recap)
    picture = getattr(scene, sketch)().draw(np.zeros(3), (3.0, 2.0))
    dots = np.array([m.get_center()[:2] for m in picture.get_family() if isinstance(m, Dot)])
    seen = framing.project(
        points(scene), POSE.phi * DEGREES, POSE.theta * DEGREES, 1.0, POSE.focal_distance
    )
    assert len(dots) == len(seen) and _is_uniform_image(dots, seen)
    assert picture.width <= 3.0 + 0.2 and picture.height <= 2.0 + 0.2


def test_the_poles_picture_shows_the_two_poles_apart(default_scene):
    """The two pole stars (+1 and -1) lie at least half a picture's height apart, so the
    line "two poles" shows two of them."""
    scene = default_scene(Recap)
    picture = scene.sketch_poles().draw(np.zeros(3), TILE)
    stars = [m.get_center() for m in picture.get_family() if isinstance(m, Star)]
    assert len(stars) == 2
    assert np.linalg.norm(stars[0] - stars[1]) >= TILE[1] / 2


def test_the_recap_draws_the_parameters_its_settings_give(silent_voice, scene_media):
    from dataclasses import replace

    from manim import tempconfig

    from scenes.base.parameters import SceneParams, SceneSettings
    from tests.conftest import SCENE_TEST

    params = replace(SceneParams(), gamma=(1.0, 2.0, 3.0))
    with tempconfig({**SCENE_TEST, "dry_run": True, "media_dir": str(scene_media)}):
        scene = Recap(SceneSettings(params=params, voice="none"), skip_animations=True)
        scene.render()
    assert scene.narration_values()["gamma"] == (1.0, 2.0, 3.0)
    np.testing.assert_allclose(scene.steps.gained, scene.steps.standardized * [1.0, 2.0, 3.0])


def test_the_recap_words_name_epsilon_inside_the_root_and_the_bias(default_scene):
    """RMSNorm divides by the root of (mean square plus epsilon), never "the root mean square
    plus epsilon" (heard as RMS + epsilon); the closing line names the bias as the other
    difference."""
    scene = default_scene(Recap)
    intro, outro = scene.beat_text("intro"), scene.beat_text("outro")
    assert "root mean square plus" not in intro
    assert "RMSNorm divides by the root of the mean square plus epsilon" in intro
    assert outro.startswith("Apart from the bias, one step, centering, is the whole difference")


def test_the_intro_boxes_each_formula_part_as_it_is_named(sample_scene):
    """While the intro names a part of a formula, a box is drawn around that part (RMSNorm's
    denominator once RMSNorm's formula is written, as LayerNorm's moves up), and the box
    moves as the sentence moves on: the picture changes with the words."""
    from manim import SurroundingRectangle

    from scenes.recap import FADE_SECONDS

    seen = []

    def probe(scene, time):
        boxes = [
            m.get_center()
            for m in scene.get_mobject_family_members()
            if isinstance(m, SurroundingRectangle) and m.get_stroke_opacity() > 0.9
        ]
        seen.append((time, boxes))

    scene = sample_scene(Recap, probe, fps=5)
    intro = next(s for s in scene.declare.spoken if s.name == "intro")
    words = (
        "subtracts the mean",
        "divides by the root of the variance",
        "applies gain and bias",
        "RMSNorm divides",
        "applies its gain",
    )
    places = []
    for phrase in words:
        said = intro.start + scene.said_at("intro", phrase, intro.end - intro.start)
        said += 2 * FADE_SECONDS if phrase == "RMSNorm divides" else 0.0
        shown = [boxes for t, boxes in seen if said + 0.5 <= t <= said + 0.9]
        assert shown and all(shown), phrase
        places.append(np.mean(shown[0], axis=0))
    for a, b in zip(places, places[1:], strict=False):
        assert np.linalg.norm(a - b) > 0.15
