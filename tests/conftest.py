"""Shared helpers of the scene tests: headless, tiny, silent construction of a scene."""

from __future__ import annotations

import pytest
from manim import tempconfig

TINY = {
    "pixel_width": 96,
    "pixel_height": 54,
    "frame_rate": 5,
    "disable_caching": True,
    "verbosity": "WARNING",
    "progress_bar": "none",
}
"""Manim settings for scene tests: a tiny frame at a low frame rate, no cache, quiet."""


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
        with tempconfig({**TINY, "dry_run": True, "media_dir": str(scene_media)}):
            scene = scene_class(skip_animations=True)
            scene.render()
        return scene

    return run


@pytest.fixture
def render_scene(silent_voice, scene_media):
    """Render a scene class to MP4 at the tiny test settings; return the scene (its
    ``renderer.file_writer.movie_file_path`` is the video)."""

    def run(scene_class):
        with tempconfig({**TINY, "media_dir": str(scene_media), "write_to_movie": True}):
            scene = scene_class()
            scene.render()
        return scene

    return run


@pytest.fixture
def sample_scene(silent_voice, scene_media):
    """Play a scene class frame by frame at ``fps`` without drawing, calling
    ``probe(scene, time)`` where each frame would be drawn; return the finished scene."""

    def run(scene_class, probe, fps=3):
        settings = {**TINY, "frame_rate": fps, "media_dir": str(scene_media)}
        with tempconfig({**settings, "dry_run": True}):
            scene = scene_class()
            scene.renderer.render = lambda s, t, moving=None: probe(s, t)
            scene.render()
        return scene

    return run
