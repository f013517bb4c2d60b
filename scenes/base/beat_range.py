"""A range of a narrated scene's beats rendered alone (``settings.beats = (first, end)``).

The scene plays from its start in every range, so every beat's state and timing are those of
the whole render; frames are drawn and written only from beat ``first`` (from the start for
``first == 0``) until beat ``end`` begins, where the scene ends. Prediction pauses belong to
their beat, and the end hold to the last range. Sounds and subtitles are placed for every
beat played, so the last range carries the whole scene's sound and subtitles.
"""

from __future__ import annotations

from typing import Any

from scenes.camera.manim_internals import end_scene, write_frames

__all__ = ["enter_beat"]


def enter_beat(scene: Any, index: int) -> None:
    """Before beat ``index`` (counted from 0; 0 also before the first play) of ``scene``
    plays: write its frames if it is in the scene's range, end the scene past the range."""
    beats = scene.settings.beats
    if beats is None:
        return
    first, end = beats
    write_frames(scene, first <= index < end)
    if index >= end:
        end_scene()
