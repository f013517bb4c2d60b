"""Narrated scenes: every scene is a sequence of named beats whose text lives in
``scenes/narration/<module>.toml`` (one table per scene class, one string per beat, in order).

``with self.beat("intro") as tracker:`` speaks the beat through manim-voiceover, so the
animations inside last as long as the speech (``run_time=tracker.duration``).

Beats are also the steps of a presentation: in a scene class combined with manim-slides'
``Slide``, every beat starts a new slide whose speaker notes are the beat's text. Setting
``$NORMGEOM_STOP_AFTER`` to a beat name ends the scene right after that beat (for stills of
a beat's end state).
"""

from __future__ import annotations

import os
import sys
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from manim import Scene, ThreeDScene
from manim.utils.exceptions import EndSceneEarlyException
from manim_voiceover import VoiceoverScene

from scenes.overlay_camera import OverlayCachingCamera
from scenes.raster_camera import RasterCachingCamera
from scenes.voices import make_service
from scenes.wording import Template, fill, normalized

__all__ = [
    "NARRATION_DIR",
    "STOP_AFTER_ENV",
    "load_narration",
    "scene_beats",
    "NarratedScene",
    "NarratedThreeDScene",
]

NARRATION_DIR = Path(__file__).with_name("narration")
STOP_AFTER_ENV = "NORMGEOM_STOP_AFTER"


@cache
def load_narration(module: str, folder: Path = NARRATION_DIR) -> dict[str, dict[str, Template]]:
    """All beats of ``<folder>/<module>.toml``: ``{scene class name: {beat name: template}}``
    (a template is a text or variants by condition, see :mod:`scenes.wording`)."""
    path = folder / f"{module}.toml"
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    return {
        scene: {beat: normalized(template) for beat, template in beats.items()}
        for scene, beats in data.items()
    }


def scene_beats(scene_class: type) -> dict[str, Template]:
    """The ordered beats of a scene class (the first class in its MRO with narration).

    A class's narration file is ``narration/<module>.toml`` beside its module's file.
    """
    for klass in scene_class.__mro__:
        path = getattr(sys.modules.get(klass.__module__), "__file__", None)
        if path is None:
            continue
        folder = Path(path).with_name("narration")
        try:
            narration = load_narration(klass.__module__.rsplit(".", 1)[-1], folder)
        except FileNotFoundError:
            continue
        if klass.__name__ in narration:
            return narration[klass.__name__]
    raise KeyError(f"no narration for {scene_class.__name__} in any narration file")


class _Narrated(VoiceoverScene):
    """Adds :meth:`beat` to a scene; the voice comes from ``$NORMGEOM_VOICE``."""

    def setup(self) -> None:
        super().setup()
        self.set_speech_service(make_service())
        self.beats_done: list[str] = []

    def narration_values(self) -> dict[str, object]:
        """Hook: the values and conditions this scene's narration texts use (none here)."""
        return {}

    def beat_text(self, name: str) -> str:
        """The written text of beat ``name``, filled from :meth:`narration_values`."""
        return fill(scene_beats(type(self))[name], self.narration_values(), name)

    @contextmanager
    def beat(self, name: str) -> Iterator:
        """Speak beat ``name`` of this scene's narration while the body animates.

        In a slide scene (one with manim-slides' ``next_slide``) the beat starts a new slide
        with its text as speaker notes; after the beat named by ``$NORMGEOM_STOP_AFTER`` the
        scene ends. Subtitles show the text as written (:meth:`beat_text`).
        """
        text = self.beat_text(name)
        next_slide = getattr(self, "next_slide", None)
        if next_slide is not None:
            next_slide(notes=text)
        with self.voiceover(text=text, subcaption=text) as tracker:
            yield tracker
        self.beats_done.append(name)
        if name == os.environ.get(STOP_AFTER_ENV):
            raise EndSceneEarlyException


class NarratedScene(_Narrated, Scene):
    """A narrated 2D scene; its camera paints unchanged mobjects from cached rasters (see
    :mod:`scenes.raster_camera`)."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("camera_class", RasterCachingCamera)
        super().__init__(**kwargs)


class NarratedThreeDScene(_Narrated, ThreeDScene):
    """A narrated 3D scene; its camera draws fixed-in-frame panels once (see
    :mod:`scenes.overlay_camera`)."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("camera_class", OverlayCachingCamera)
        super().__init__(**kwargs)
