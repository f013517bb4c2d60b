"""Shared helpers of the scene tests: headless, silent construction of a scene."""

from __future__ import annotations

import shutil

import pytest
from fixtures.pipeline import TINY, rendered, tiny_target
from manim import tempconfig

from normgeom.audit.play import play
from normgeom.cli import scene_options
from normgeom.errors import show_warnings
from normgeom.rendering import targets

show_warnings()  # library calls warn on stderr in tests, as the command line shows them

SCENE_TEST = {
    "pixel_width": 854,
    "pixel_height": 480,
    "frame_rate": 5,
    "disable_caching": True,
    "verbosity": "WARNING",
    "progress_bar": "none",
}
"""Manim settings for scene tests that draw nothing: a low frame rate, no cache, quiet.

The frame is 480p, the smallest quality a user renders, because Manim lays a ``Text`` out on
a canvas the frame's pixel size (a text wider than that wraps onto more lines) and caches
the layout by its text alone: text built in a tiny frame has another shape than on screen.
"""

TINY_DRAWN = {**SCENE_TEST, "pixel_width": 96, "pixel_height": 54}
"""Scene tests that draw frames: a tiny frame (their texts go to a folder of their own)."""


@pytest.fixture
def silent_voice(monkeypatch):
    """Silent narration (reading-speed beats) and default parameters for scene tests."""
    monkeypatch.setenv("NORMGEOM_VOICE", "none")
    monkeypatch.delenv("NORMGEOM_PARAMS", raising=False)


@pytest.fixture
def media(tmp_path, monkeypatch):
    """An empty media root (not created yet) for a command under test, default settings."""
    root = tmp_path / "media"
    monkeypatch.setenv("NORMGEOM_MEDIA", str(root))
    monkeypatch.delenv("NORMGEOM_VOICE", raising=False)
    monkeypatch.delenv("NORMGEOM_PARAMS", raising=False)
    return root


@pytest.fixture(scope="session")
def scene_media(tmp_path_factory):
    """One media folder for the session, so typeset formulas are compiled once."""
    return tmp_path_factory.mktemp("media")


@pytest.fixture
def construct_scene(silent_voice, scene_media):
    """Construct a scene class headlessly (animations skipped to their end state, no video
    written) and
    return the finished scene, so tests can read its final mobjects."""

    def run(scene_class):
        with tempconfig({**SCENE_TEST, "dry_run": True, "media_dir": str(scene_media)}):
            scene = scene_class(skip_animations=True)
            scene.render()
        return scene

    return run


@pytest.fixture
def render_scene(silent_voice, scene_media):
    """Render a scene class to MP4 at the tiny test settings; return the scene (its
    ``renderer.file_writer.movie_file_path`` is the video)."""

    def run(scene_class):
        texts = scene_media / "texts-tiny"
        settings = {**TINY_DRAWN, "media_dir": str(scene_media), "text_dir": str(texts)}
        with tempconfig({**settings, "write_to_movie": True}):
            scene = scene_class()
            scene.render()
        return scene

    return run


@pytest.fixture
def sample_scene(silent_voice, scene_media):
    """Play a scene class frame by frame at ``fps`` without drawing (the frame auditor's
    headless play), calling ``probe(scene, time)`` at each frame with the scene time; return
    the finished scene."""

    def run(scene_class, probe, fps=3):
        return play(scene_class, probe, fps, scene_media)

    return run


@pytest.fixture
def tiny_media(media, monkeypatch):
    """A media root holding the shared tiny render, with the CLI pointed at the tiny scenes."""
    shutil.copytree(rendered()[0], media)
    monkeypatch.setattr(scene_options, "resolve_quality", lambda name: TINY)
    monkeypatch.setattr(
        targets, "resolve_scenes", lambda names: [tiny_target(name) for name in names]
    )
    monkeypatch.setattr(
        targets,
        "lecture_targets",
        lambda: [tiny_target(n) for n in ("TinySilent", "TinyNarrated", "TinySilent")],
    )
    return media
