"""Shared helpers of the scene tests: headless, silent construction of a scene."""

from __future__ import annotations

import os
import shutil

import pytest
from fixtures.pipeline import TINY, rendered, tiny_target
from manim import config, tempconfig

from normgeom import settings as normgeom_settings
from normgeom.audit.play import play
from normgeom.errors import show_warnings
from normgeom.rendering import targets
from scenes.base.parameters import STOP_AFTER_ENV

show_warnings()  # library calls warn on stderr in tests, as the command line shows them

WORKER = os.environ.get("PYTEST_XDIST_WORKER")
"""The pytest-xdist worker this process is (``gw0``, ``gw1``), if any."""
if WORKER:  # Manim rewrites a cached text's SVG in place: each worker typesets on its own
    config.text_dir = f"{{media_dir}}/texts/{WORKER}"
    config.tex_dir = f"{{media_dir}}/Tex/{WORKER}"

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


SCENE_FIXTURES = frozenset(
    {"construct_scene", "default_scene", "sample_scene", "render_scene", "scene_media"}
)
"""Fixtures that build Manim scenes: a test using one is marked ``scenes``."""


SCENE_MODULES = frozenset({"test_audit.py"})
"""Test files whose tests play scenes through the frame auditor (no fixture to tell)."""
RENDER_FIXTURES = frozenset({"tiny_media", "tiny_cli", "render_scene"})
"""Fixtures that render (the shared tiny render): a test using one is marked ``render``."""


LONGEST_FIRST = (
    "test_audit_lecture.py::",
    "test_packaging.py::test_the_wheel_renders_from_an_empty_folder",
    "test_compose_memory.py::",
    "test_scene_audio.py::test_default_voice_scene",
    "test_bench.py::",
    "test_ranges.py::test_a_split_render_killed_at_any_moment",
)
"""The tests that take longest (half a minute of CPU or more each), in that order: run first,
so that the two workers of ``make test`` (pytest-xdist) are not left waiting on one of them
at the end."""


def _rank(item: pytest.Item) -> int:
    """Where ``item`` starts: its place in :data:`LONGEST_FIRST`, or after all of them."""
    node = item.nodeid.rpartition("/")[2]
    return next(
        (i for i, prefix in enumerate(LONGEST_FIRST) if node.startswith(prefix)),
        len(LONGEST_FIRST),
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that builds a scene ``scenes`` and every test that renders through a
    fixture ``render`` (``make quick`` leaves both out); put the longest tests first."""
    for item in items:
        used = set(getattr(item, "fixturenames", ()))
        if SCENE_FIXTURES & used or item.path.name in SCENE_MODULES:
            item.add_marker(pytest.mark.scenes)
        if RENDER_FIXTURES & used:
            item.add_marker(pytest.mark.render)
    items.sort(key=_rank)


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

    return lambda scene_class: construct(scene_class, scene_media)


def construct(scene_class, media):
    """``scene_class`` constructed headlessly in the media folder ``media``."""
    with tempconfig({**SCENE_TEST, "dry_run": True, "media_dir": str(media)}):
        scene = scene_class(skip_animations=True)
        scene.render()
    return scene


@pytest.fixture(scope="session")
def default_scene(scene_media):
    """A scene class constructed once per session as ``construct_scene`` does, with the
    default parameters and the silent voice (``stop_after``: ending after that beat); for
    tests that only read the finished scene (never change it, nor patch the class before it
    is built)."""
    built: dict[tuple[type, str | None], object] = {}

    def run(scene_class, stop_after: str | None = None):
        key = (scene_class, stop_after)
        if key not in built:
            with pytest.MonkeyPatch.context() as patch:
                patch.setenv("NORMGEOM_VOICE", "none")
                patch.delenv("NORMGEOM_PARAMS", raising=False)
                patch.delenv(STOP_AFTER_ENV, raising=False)
                if stop_after:
                    patch.setenv(STOP_AFTER_ENV, stop_after)
                built[key] = construct(scene_class, scene_media)
        return built[key]

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
    monkeypatch.setattr(normgeom_settings, "resolve_quality", lambda name: TINY)
    monkeypatch.setattr(
        targets, "resolve_scenes", lambda names: [tiny_target(name) for name in names]
    )
    monkeypatch.setattr(
        targets,
        "lecture_targets",
        lambda: [tiny_target(n) for n in ("TinySilent", "TinyNarrated", "TinySilent")],
    )
    return media
