"""Narration stays true for any parameters: rendered with other parameters, no scene speaks
or captions a default figure that no longer holds, and each speaks the figures it was given."""

from __future__ import annotations

import re

import numpy as np
import pytest
from manim_voiceover import VoiceoverScene

from scenes.base.catalog import load_scene_class, scene_names

SEVEN_POINTS = np.array(
    [
        [3.0, -7.5, 1.0],
        [-6.0, 2.0, 8.5],
        [9.0, 4.0, -3.0],
        [-2.5, -9.0, -6.0],
        [7.0, 7.5, 0.5],
        [-8.0, 5.0, -1.5],
        [1.5, -3.0, 9.0],
    ]
)
"""A user's cloud of seven widely spread points (no tight cluster)."""

OTHER = """eps = 0.25
gamma = [1.5, 0.5, 2.0]
beta = [1.0, 0.0, 0.5]
vector = [2.0, -1.0, 4.0]
gain = 0.5
lesson_eps = 0.01
"""

STALE = {
    "seed cloud": r"\b(twenty|ten|20|10)\b|four, four, four|\(4\.\d|cluster",
    "epsilon demo": r"epsilon to (one|1)\b|\b1 is small",
    "gain": r"\(2, 0\.4, 1\.5\)|\(3\.46, 0\.69, 2\.6\)",
    "bias": r"\(3, 2, -2\)",
    "lesson vector": r"\(1, 2, 3\)",
    "lesson gain and epsilon": r"from 1 to 2|1e-06|0\.000001",
}
"""Default figures, by the parameter that changed them, as patterns."""

FRESH = {
    "MeanCentering": ["7 vectors"],
    "Gain": ["(1.5, 0.5, 2)", "(2.6, 0.87, 3.46)"],
    "Bias": ["(1, 0, 0.5)"],
    "Epsilon": ["epsilon to 0.25"],
    "RMSNormHealthy": ["the 7 vectors"],
    "OneVectorLesson": ["(2, -1, 4)", "from 0.5 to 1"],
    "Recap": ["(1.5, 0.5, 2)", "(1, 0, 0.5)", "here 0.25"],
}
"""Figures of the other parameters that each scene must speak."""


def narrate(scene_class, construct_scene, monkeypatch, tmp_path=None) -> list[tuple[str, str]]:
    """Build ``scene_class`` (with :data:`OTHER` and :data:`SEVEN_POINTS` when given a
    ``tmp_path``, else with the defaults); return what it said, as (text, subtitle) pairs."""
    if tmp_path is not None:
        points = tmp_path / "seven.csv"
        np.savetxt(points, SEVEN_POINTS, delimiter=",")
        config = tmp_path / "other.toml"
        config.write_text(OTHER + f'points = "{points}"\n')
        monkeypatch.setenv("NORMGEOM_PARAMS", str(config))
    said = []
    voiceover = VoiceoverScene.voiceover

    def recording(self, text=None, **kwargs):
        said.append((text, kwargs.get("subcaption")))
        return voiceover(self, text=text, **kwargs)

    monkeypatch.setattr(VoiceoverScene, "voiceover", recording)
    construct_scene(scene_class)
    return said


@pytest.mark.parametrize("name", scene_names())
def test_other_parameters_leave_no_default_figure(construct_scene, monkeypatch, tmp_path, name):
    said = narrate(load_scene_class(name), construct_scene, monkeypatch, tmp_path)
    assert said
    for text, subtitle in said:
        assert subtitle == text  # subtitles show what is said, as written
        for parameter, pattern in STALE.items():
            assert not re.search(pattern, text, re.IGNORECASE), (parameter, text)
    narration = " ".join(text for text, _ in said)
    for figure in FRESH.get(name, []):
        assert figure in narration, figure


@pytest.mark.parametrize(
    ("name", "figures"),
    [
        (
            "MeanCentering",
            ["20 vectors", "10 are spread widely", "10 form a tight cluster near the point (4.8"],
        ),
        ("Epsilon", ["epsilon to 1.", "The tight cluster stops well inside"]),
        ("Gain", ["(2, 0.4, 1.5)", "ellipsoid", "the plane tilts"]),
        ("RMSNormHealthy", ["the 10 widely spread vectors", "the spread is larger"]),
        ("OneVectorLesson", ["(1, 2, 3)", "from 1 to 2", "epsilon 1,"]),
    ],
)
def test_default_narration_states_the_seed_figures(construct_scene, monkeypatch, name, figures):
    said = narrate(load_scene_class(name), construct_scene, monkeypatch)
    narration = " ".join(text for text, _ in said)
    for figure in figures:
        assert figure in narration, figure
