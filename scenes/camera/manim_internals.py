"""Every use of Manim's, manim-slides' and manim-voiceover's internals, in one place, for the
pinned versions.

pyproject pins ``manim`` 0.22 and ``manim-slides`` 5.7: the functions below reach past their
documented APIs, each for a stated reason. When either is upgraded, this module is the one
to read again (and the tests of the caching cameras, stills and slides the ones to run).

Hooks the caching cameras override (``Camera.display_multiple_non_background_colored_vmobjects``,
``ThreeDCamera.capture_mobjects`` and its ``rotation_matrix`` attribute) are named in
:mod:`scenes.camera.raster` and :mod:`scenes.camera.overlay`; the helpers they call to draw
are here, and so is the mixin that builds their Cairo paths (``Camera.set_cairo_context_path``,
:class:`NumPyPaths`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any, NoReturn

import cairo
import numpy as np
from manim import Mobject, VMobject, config
from manim.camera.camera import Camera
from manim.scene.scene_file_writer import SceneFileWriter
from manim.utils.exceptions import EndSceneEarlyException

from scenes.voice.languages import source_subtitles

__all__ = [
    "end_scene",
    "cairo_context",
    "draw_path",
    "set_path",
    "NumPyPaths",
    "draw_onto",
    "written_files",
    "subtitle_file",
    "beat_slide_class",
    "counting_frames",
    "write_frames",
    "whole_frames_when_cached",
    "shared_caches",
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


ISCLOSE_RTOL = 1e-5
"""Relative tolerance of :func:`numpy.isclose`, which Manim's point comparisons keep."""

POINTS_PER_CURVE = 4
"""A VMobject's ``n_points_per_cubic_curve``: anchor, two handles, anchor."""


def _coincide(first: np.ndarray, second: np.ndarray, atol: float, finite: bool) -> np.ndarray:
    r"""Row by row, whether two (k, 2) point arrays coincide as Manim's
    ``VMobject.consider_points_equals_2d(first, second)`` decides: per coordinate
    :math:`a = b`, or :math:`|a - b|` finite and at most :math:`atol + rtol\,|b|`
    (``rtol`` :data:`ISCLOSE_RTOL`, ``atol`` the mobject's ``tolerance_for_point_equality``).

    ``finite``: no coordinate is infinite or NaN; then, ``atol`` being 0 or more, the bound
    on :math:`|a - b|` alone decides.
    """
    reach = atol + ISCLOSE_RTOL * np.abs(second)
    if finite:
        return (np.abs(first - second) <= reach).all(axis=1)
    with np.errstate(invalid="ignore"):  # inf - inf
        gap = np.abs(first - second)
    return ((first == second) | ((gap <= reach) & np.isfinite(gap))).all(axis=1)


def set_path(camera: Camera, ctx: cairo.Context, vmobject: VMobject) -> None:
    """Set ``ctx``'s path to ``vmobject``'s: the Cairo calls, with the same numbers, of
    ``Camera.set_cairo_context_path`` (undocumented), its tests done with NumPy at once and
    the coordinates handed to Cairo as Python floats.

    Curve :math:`k` is points :math:`4k` to :math:`4k + 3`. A subpath ends before point
    :math:`i`, a multiple of 4, where points :math:`i - 1` and :math:`i` do not coincide in
    x and y (``_coincide``; for a tolerance of 0 or more this is also Manim's split test,
    ``VMobject.get_subpath_split_indices_from_points``). Each subpath holding a whole curve
    is a move to its first point, a curve to the last three points of each of its whole
    curves, and a close when its first and last points coincide. An empty mobject leaves the
    path as it was; any other clears it first (one with a non-finite point is drawn by Manim
    as the point 0).
    """
    points = camera.transform_points_pre_display(vmobject, vmobject.points)
    if len(points) == 0:
        return
    ctx.new_path()
    atol = vmobject.tolerance_for_point_equality
    xy = points[:, :2]
    finite = bool(np.isfinite(xy).all())
    ends = xy[POINTS_PER_CURVE - 1 : -1 : POINTS_PER_CURVE]  # points i - 1 (i = 4, 8, ...)
    starts = xy[POINTS_PER_CURVE::POINTS_PER_CURVE]  # points i
    cuts = (np.flatnonzero(~_coincide(ends, starts, atol, finite)) + 1) * POINTS_PER_CURVE
    edges = np.concatenate(([0], cuts, [len(xy)]))
    closed = _coincide(xy[edges[:-1]], xy[edges[1:] - 1], atol, finite).tolist()
    curve_edges = (edges // POINTS_PER_CURVE).tolist()
    curves = len(xy) // POINTS_PER_CURVE
    quads = xy[: curves * POINTS_PER_CURVE].reshape(curves, 2 * POINTS_PER_CURVE).tolist()
    for (first, end), close in zip(itertools.pairwise(curve_edges), closed, strict=True):
        if first == end:  # the points after the last whole curve
            continue
        ctx.new_sub_path()
        ctx.move_to(*quads[first][:2])
        for _, _, x1, y1, x2, y2, x3, y3 in quads[first:end]:
            ctx.curve_to(x1, y1, x2, y2, x3, y3)
        if close:
            ctx.close_path()


class NumPyPaths:
    """Camera mixin: Manim's ``Camera.set_cairo_context_path`` hook done by :func:`set_path`
    (same paths, fewer Python steps per curve)."""

    def set_cairo_context_path(self, ctx: cairo.Context, vmobject: VMobject):
        set_path(self, ctx, vmobject)
        return self


def draw_onto(camera: Camera, mobjects: list[Mobject], pixel_array: np.ndarray) -> None:
    """Draw ``mobjects`` (with their families) onto ``pixel_array`` as ``capture_mobjects``
    does, but into a buffer of the caller's choosing (``get_mobjects_to_display``,
    ``type_or_raise`` and ``display_funcs`` are undocumented camera internals)."""
    shown = camera.get_mobjects_to_display(mobjects)
    for kind, group in itertools.groupby(shown, camera.type_or_raise):
        camera.display_funcs[kind](list(group), pixel_array)


def subtitle_file(scene: Any) -> Path | None:
    """Where the render of ``scene`` writes Manim's ``.srt`` beside the movie (``None`` when
    it writes no video). Read from the scene's file writer (``output_plan``, new and
    undocumented in manim 0.22) instead of recomputing Manim's folder rules."""
    writer = scene.renderer.file_writer
    path = writer.output_plan.subcaption_file
    return Path(path) if path is not None and writer.output_spec.is_video else None


def written_files(scene: Any) -> dict[str, Path]:
    """What a finished render wrote: ``movie``, ``image``, ``subtitles`` and (a translated
    scene's) ``source_subtitles``, the paths that exist."""
    plan = scene.renderer.file_writer.output_plan
    subtitles = subtitle_file(scene)
    found = {
        "movie": None if plan.output.is_still else plan.primary_artifact,
        "image": plan.primary_artifact if plan.output.is_still else None,
        "subtitles": subtitles,
        "source_subtitles": subtitles and source_subtitles(subtitles),
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


class _Unwritten:
    """A scene's file writer that keeps its sounds and subtitles and writes no frames, no
    partial movies and no cache entries (every other call goes to the real writer)."""

    def __init__(self, writer: SceneFileWriter, caching: bool) -> None:
        self.writer = writer
        self.caching = caching

    def __getattr__(self, name: str) -> Any:
        return getattr(self.writer, name)

    def add_partial_movie_file(self, hash_animation: str | None) -> None:
        self.writer.add_partial_movie_file(None)

    def is_already_cached(self, hash_invocation: str) -> bool:
        return False

    def begin_animation(self, allow_write: bool = False, **_: Any) -> None:
        pass

    def end_animation(self, allow_write: bool = False) -> None:
        pass

    def write_frame(self, pixels: np.ndarray, *, repeat: int = 1) -> None:
        pass


def write_frames(scene: Any, on: bool) -> None:
    """Draw and write the scene's frames from now on (``on``), or play on without drawing or
    writing any: the scene still advances frame by frame (every updater and interpolation
    runs at every frame time, ``renderer.time`` counts whole frames exactly as when drawing),
    and its sounds and subtitles are still placed, so what follows is the same as in a whole
    render. Call it between plays.

    Manim's own skipping (``skip_animations``) would not do: a skipped play advances the time
    by its exact run time instead of whole frames and updates its mobjects once, and it drops
    sounds. Off, the renderer's ``update_frame`` (the drawing) is a no-op, ``get_frame`` hands
    out the pixel buffer uncopied, the file writer is replaced by one that writes nothing, and
    Manim's per-play hashing (its partial-movie cache) is off.
    """
    renderer = scene.renderer
    writer = renderer.file_writer
    if on == (not isinstance(writer, _Unwritten)):
        return
    if on:
        renderer.file_writer = writer.writer
        config.disable_caching = not writer.caching
        del renderer.update_frame, renderer.get_frame
        return
    renderer.file_writer = _Unwritten(writer, caching=not config.disable_caching)
    config.disable_caching = True
    renderer.update_frame = lambda *args, **kwargs: None
    renderer.get_frame = lambda: renderer.camera.pixel_array


def whole_frames_when_cached(renderer: Any) -> None:
    """Make a play whose partial movie Manim reuses advance ``renderer.time`` by the whole
    frames that drawing it writes, as a drawn play does.

    Manim adds a reused play's exact run time instead (a drawn animation writes
    ``ceil(run_time * fps)`` frames, a still wait ``floor``), so the sounds placed after it,
    and the audio's length, would depend on which partial movies were reused: 2.08 s against
    2.0 s after four plays of 0.33 s and 0.71 s at 15 fps.
    """
    play = renderer.play

    def counted(scene: Any, *args: Any, **kwargs: Any) -> None:
        start = renderer.time
        play(scene, *args, **kwargs)
        reused = renderer.skip_animations and not renderer._original_skipping_status
        if not reused or renderer.animations_hashes[-1] is None:
            return
        step = 1 / renderer.camera.frame_rate
        if scene.is_current_animation_frozen_frame():
            frames = int(scene.duration / step)
        else:
            frames = len(np.arange(0, scene.duration, step))
        renderer.time = start + frames * step

    renderer.play = counted


@contextmanager
def shared_caches(lock: Callable[[], AbstractContextManager]) -> Iterator[None]:
    """Hold ``lock()`` while Manim builds a text or a formula and while manim-voiceover looks
    up or adds speech in its cache, so renders of one scene in several processes share those
    caches safely. Neither writes them atomically: building a ``Text`` or ``MarkupText``
    writes its SVG if missing and then rewrites it in place every time
    (``PangoUtils.remove_last_M``), building a formula (``SingleStringMathTex``) writes its
    TeX, DVI and SVG, every SVG is read through a temporary copy beside it, and the speech
    index is rewritten on every addition (``SpeechService._wrap_generate_from_text``,
    undocumented). The lock is taken once per process (a text built inside another holds it).
    """
    from manim.mobject.text import tex_mobject, text_mobject
    from manim_voiceover.services.base import SpeechService

    targets = [
        (text_mobject.Text, "__init__"),
        (text_mobject.MarkupText, "__init__"),
        (tex_mobject.SingleStringMathTex, "__init__"),
        (SpeechService, "_wrap_generate_from_text"),
    ]
    originals = [(owner, name, getattr(owner, name)) for owner, name in targets]
    depth = 0

    def locked(function: Callable) -> Callable:
        def call(*args: Any, **kwargs: Any) -> Any:
            nonlocal depth
            if depth:
                return function(*args, **kwargs)
            with lock():
                depth += 1
                try:
                    return function(*args, **kwargs)
                finally:
                    depth -= 1

        return call

    for owner, name, original in originals:
        setattr(owner, name, locked(original))
    try:
        yield
    finally:
        for owner, name, original in originals:
            setattr(owner, name, original)
