"""Narrated scenes: every scene is a sequence of named beats whose text lives in
``scenes/narration/<module>.toml`` (one table per scene class, one string per beat, in order).

``with self.beat("intro") as tracker:`` speaks the beat through manim-voiceover, so the
animations inside last as long as the speech (``run_time=tracker.duration``).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from manim import Scene, ThreeDScene
from manim_voiceover import VoiceoverScene

from scenes.voices import make_service

__all__ = ["NARRATION_DIR", "load_narration", "scene_beats", "NarratedScene", "NarratedThreeDScene"]

NARRATION_DIR = Path(__file__).with_name("narration")


@cache
def load_narration(module: str) -> dict[str, dict[str, str]]:
    """All beats of one narration file: ``{scene class name: {beat name: text}}``."""
    path = NARRATION_DIR / f"{module}.toml"
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    return {
        scene: {beat: " ".join(text.split()) for beat, text in beats.items()}
        for scene, beats in data.items()
    }


def scene_beats(scene_class: type) -> dict[str, str]:
    """The ordered beats of a scene class (the first class in its MRO with narration)."""
    module = scene_class.__module__.rsplit(".", 1)[-1]
    narration = load_narration(module)
    for klass in scene_class.__mro__:
        if klass.__name__ in narration:
            return narration[klass.__name__]
    raise KeyError(f"no narration for {scene_class.__name__} in {module}.toml")


class _Narrated(VoiceoverScene):
    """Adds :meth:`beat` to a scene; the voice comes from ``$NORMGEOM_VOICE``."""

    def setup(self) -> None:
        super().setup()
        self.set_speech_service(make_service())
        self.beats_done: list[str] = []

    @contextmanager
    def beat(self, name: str) -> Iterator:
        """Speak beat ``name`` of this scene's narration while the body animates."""
        text = scene_beats(type(self))[name]
        with self.voiceover(text=text) as tracker:
            yield tracker
        self.beats_done.append(name)


class NarratedScene(_Narrated, Scene):
    """A narrated 2D scene."""


class NarratedThreeDScene(_Narrated, ThreeDScene):
    """A narrated 3D scene."""
