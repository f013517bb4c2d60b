"""Every use of Manim's and manim-slides' internals, in one place, for the pinned versions.

pyproject pins ``manim`` 0.22 and ``manim-slides`` 5.7: the functions below reach past their
documented APIs, each for a stated reason. When either is upgraded, this module is the one
to read again (and the tests of the caching cameras, stills and slides the ones to run).

Hooks the caching cameras override (``Camera.display_multiple_non_background_colored_vmobjects``,
``ThreeDCamera.capture_mobjects`` and its ``rotation_matrix`` attribute) are named in
:mod:`scenes.camera.raster` and :mod:`scenes.camera.overlay`; the helpers they call to draw
are here.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

import cairo
import numpy as np
from manim import Mobject, VMobject, config
from manim.camera.camera import Camera
from manim.scene.scene_file_writer import SceneFileWriter
from manim.utils.exceptions import EndSceneEarlyException

__all__ = [
    "end_scene",
    "cairo_context",
    "draw_path",
    "draw_onto",
    "written_files",
    "beat_slide_class",
    "counting_frames",
]


def end_scene() -> NoReturn:
    """End the scene being rendered now, keeping what was played (a still of a beat's end).

    Manim's own ``-n`` flag stops at an animation number; ending at a named point inside
    ``construct`` is done by raising the exception ``Scene.render`` catches for ``-n``.
    """
    raise EndSceneEarlyException


def cairo_context(camera: Camera, pixel_array: np.ndarray) -> cairo.Context:
    """The camera's Cairo context on ``pixel_array``, its matrix mapping scene units to pixels
    (``Camera.get_cairo_context`` is undocumented; the caching cameras paint rasters with it).
    """
    return camera.get_cairo_context(pixel_array)


def draw_path(camera: Camera, vmobject: VMobject, ctx: cairo.Context) -> None:
    """Draw one VMobject's fill and stroke on ``ctx`` exactly as the camera would
    (``Camera.display_vectorized``, undocumented)."""
    camera.display_vectorized(vmobject, ctx)


def draw_onto(camera: Camera, mobjects: list[Mobject], pixel_array: np.ndarray) -> None:
    """Draw ``mobjects`` (with their families) onto ``pixel_array`` as ``capture_mobjects``
    does, but into a buffer of the caller's choosing (``get_mobjects_to_display``,
    ``type_or_raise`` and ``display_funcs`` are undocumented camera internals)."""
    shown = camera.get_mobjects_to_display(mobjects)
    for kind, group in itertools.groupby(shown, camera.type_or_raise):
        camera.display_funcs[kind](list(group), pixel_array)


def written_files(scene: Any) -> dict[str, Path]:
    """What a finished render wrote: ``movie``, ``image`` and ``subtitles`` paths that exist.

    Read from the scene's file writer (``scene.renderer.file_writer.output_plan``, new and
    undocumented in manim 0.22) instead of recomputing Manim's folder rules.
    """
    plan = scene.renderer.file_writer.output_plan
    found = {
        "movie": None if plan.output.is_still else plan.primary_artifact,
        "image": plan.primary_artifact if plan.output.is_still else None,
        "subtitles": plan.subcaption_file,
    }
    return {name: Path(path) for name, path in found.items() if path and Path(path).is_file()}


def beat_slide_class() -> type:
    """manim-slides' ``Slide`` made to work with manim 0.22, without reversed videos.

    manim-slides 5.7 sets two settings manim 0.22 no longer accepts: ``write_to_movie``
    (gone; movies are always written) in ``Slide.__init__`` and ``max_files_cached =
    float("inf")`` (manim now takes -1 for unlimited) in ``Slide.render``. The class below
    calls ``BaseSlide.__init__`` and the base ``Scene.render`` itself, then the private
    ``_save_slides``. Upstream: jeertmans/manim-slides (manim 0.19+ support).
    The slides go to the class attribute ``output_folder``.
    """
    from manim_slides import Slide
    from manim_slides.slide.base import BaseSlide

    class BeatSlide(Slide):
        skip_reversing = True
        output_folder: Path = Path("slides")

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            BaseSlide.__init__(self, *args, output_folder=self.output_folder, **kwargs)

        def render(self, *args: Any, **kwargs: Any) -> None:
            limit = config.max_files_cached
            config.max_files_cached = -1
            try:
                super(Slide, self).render(*args, **kwargs)
            finally:
                config.max_files_cached = limit
            self._save_slides(
                use_cache=not config.disable_caching, flush_cache=False, skip_reversing=True
            )

    return BeatSlide


@contextmanager
def counting_frames(counts: dict[str, int]) -> Iterator[dict[str, int]]:
    """Count, while inside, the frames written (``frames``), the camera captures
    (``captures``) and the mobjects drawn in them (``drawn``), by wrapping
    ``Camera.get_mobjects_to_display`` and ``SceneFileWriter.write_frame``; Manim has no
    render statistics of its own (the benchmark's cost model)."""
    original_display = Camera.get_mobjects_to_display
    original_write = SceneFileWriter.write_frame

    def counting_display(self, *args, **kwargs):
        shown = original_display(self, *args, **kwargs)
        counts["drawn"] += len(shown)
        counts["captures"] += 1
        return shown

    def counting_write(self, pixels, *, repeat: int = 1):
        counts["frames"] += repeat
        return original_write(self, pixels, repeat=repeat)

    Camera.get_mobjects_to_display = counting_display
    SceneFileWriter.write_frame = counting_write
    try:
        yield counts
    finally:
        Camera.get_mobjects_to_display = original_display
        SceneFileWriter.write_frame = original_write
