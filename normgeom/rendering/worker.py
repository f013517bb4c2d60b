"""One render job, executed inside a fresh worker process through Manim's Python API.

The job arrives as a value; Manim's config is set for it alone (the project's
``manim.cfg``, the quality, the job's folders), the scene class is given a
:class:`scenes.base.parameters.SceneSettings` built from the job, and what Manim wrote is returned.
Manim's typesetting and speech caches of the scene are shared with its other renders under a
lock (:func:`~scenes.camera.manim_internals.shared_caches`), so ranges of one scene's beats
render in parallel; a range starts from the partial movies of the scene's whole render
(:func:`~normgeom.rendering.range_media.seed_partial_movies`). Manim's output goes to a capture
file the runner keeps as the job's log. Importing this module does not import Manim;
:func:`run_job` does, in the worker.
A worker is a fresh Python process (:func:`run_in_fresh_process`; any other job of the
pipeline that needs a process of its own, such as a scene's audit, goes through
:func:`call_in_fresh_process`) that imports only normgeom, never the caller's ``__main__``
(multiprocessing's ``spawn`` runs the main script again in each child: a script without an
``if __name__ == "__main__":`` guard would render again, and ``python -`` has no script to
run). It follows its parent (:func:`follow_parent`): when the ``normgeom`` process that
started it is killed, the worker ends too instead of rendering on unattended. A render never
starts inside a worker (:func:`refuse_nested_render`): it would wait forever on the locks its
own parent holds.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import pickle
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from normgeom.errors import OutOfMemoryError, RenderError, UsageError, show_warnings
from normgeom.rendering.atomic import atomic_path, file_lock
from normgeom.rendering.cache import PROJECT
from normgeom.rendering.job import Product, RenderJob
from normgeom.rendering.paths import Layout
from normgeom.rendering.range_media import seed_partial_movies
from scenes.base.catalog import SCENES_DIR
from scenes.base.parameters import SceneSettings
from scenes.voice.registry import SpeechError

__all__ = [
    "WORKER_ENV",
    "BOOT",
    "run_job",
    "call_in_fresh_process",
    "run_in_fresh_process",
    "refuse_nested_render",
    "manim_options",
    "scene_class",
    "follow_parent",
    "main",
]

PARENT_CHECK_SECONDS = 0.5
"""How often a worker checks that the process which started it is still alive."""

WORKER_ENV = "NORMGEOM_RENDER_WORKER"
"""Set in a render worker's environment (and so in every process it starts)."""

BOOT = (
    "import pickle, sys; sys.path[:] = pickle.load(sys.stdin.buffer); "
    "from normgeom.rendering.worker import main; main()"
)
"""A worker's command (``python -P -c``): the parent's module path, read first from stdin (the
parent may have extended it, as a script beside a checkout does), then :func:`main`."""
RETURNED_ERRORS = (RenderError, SpeechError, UsageError)
"""The errors a worker hands back to its parent (each unpickles there); any other ends the
worker without a result."""


def follow_parent() -> None:
    """End this process as soon as its parent is gone (a killed parent's children are
    adopted by another process, so the parent id changes). The worker calls it first
    (:func:`main`)."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="follow-parent", daemon=True).start()


def manim_options(job: RenderJob, layout: Layout, verbose: bool) -> dict[str, object]:
    """Manim config values of one job (on top of the project's ``manim.cfg``)."""
    folder = layout.manim_folder(job)
    tex, text = layout.typesetting(job.target)
    return {
        "pixel_width": job.quality.width,
        "pixel_height": job.quality.height,
        "frame_rate": job.quality.fps,
        "media_dir": str(layout.media),
        "video_dir": str(folder),
        "images_dir": str(folder),
        "partial_movie_dir": str(layout.partial_movies(job)),
        "tex_dir": str(tex),
        "text_dir": str(text),
        "output_file": job.stem,
        "format": "png" if job.product is Product.LAST_FRAME else "mp4",
        "transparent": job.transparent,
        "disable_caching": False,
        "progress_bar": "display" if verbose else "none",
        "verbosity": "INFO" if verbose else "WARNING",
    }


def scene_class(job: RenderJob, layout: Layout) -> type:
    """The job's scene class; for slides, combined with manim-slides' ``Slide``."""
    file = job.target.file
    if file.parent == SCENES_DIR:
        module = importlib.import_module(f"scenes.{file.stem}")
    else:
        spec = importlib.util.spec_from_file_location(file.stem, file)
        module = importlib.util.module_from_spec(spec)
        sys.modules[file.stem] = module
        spec.loader.exec_module(module)
    scene = getattr(module, job.target.name)
    if job.product is not Product.SLIDES:
        return scene
    from scenes.camera.manim_internals import beat_slide_class

    folder = layout.slides_folder(job)
    return type(job.target.id, (beat_slide_class(), scene), {"output_folder": folder})


def _render(job: RenderJob, layout: Layout, verbose: bool) -> dict[str, Path]:
    from manim import config

    from scenes.base.narrated import Narrated
    from scenes.camera.manim_internals import shared_caches, written_files
    from scenes.kit.screen_text import use_language

    if job.beats:
        with file_lock(layout.lock_file(replace(job, beats=None).lock)):
            seed_partial_movies(layout, job)
    config.digest_file(PROJECT.manim_cfg)
    for name, value in manim_options(job, layout, verbose).items():
        setattr(config, name, value)
    klass = scene_class(job, layout)
    settings = SceneSettings(
        params=job.params,
        voice=job.voice,
        voice_cache=str(layout.voice_cache(job.target)),
        stop_after=job.stop_after,
        caching_cameras=job.caching_cameras,
        beats=job.beats,
        lang=job.lang,
    )
    use_language(job.lang)  # a plain scene's texts (a narrated one sets its own)
    scene = klass(settings=settings) if issubclass(klass, Narrated) else klass()
    with shared_caches(lambda: file_lock(layout.lock_file(job.caches_lock))):
        scene.render()
    return written_files(scene)


def refuse_nested_render() -> None:
    """Raise :class:`UsageError` inside a render worker: a render started there (a scene file
    that renders when imported) would wait forever on the scene's lock, which the worker's
    parent holds until the worker ends."""
    if os.environ.get(WORKER_ENV):
        raise UsageError(
            "a render cannot start inside a render: the scene's file renders when it is "
            'imported; put that call under `if __name__ == "__main__":`'
        )


def run_job(job: RenderJob, layout: Layout, capture: Path | None = None) -> dict[str, Path]:
    """Render ``job`` in this process; the files Manim wrote (``movie``, ``image``,
    ``subtitles``). Manim's output (and a traceback on failure) goes to ``capture`` when
    given, else to the terminal with Manim's progress bars.

    Raises
    ------
    SpeechError
        When the voice failed on a beat (the message names the scene and the beat).
    RenderError
        When the scene fails otherwise; the message is the error's type and first line
        (:class:`~normgeom.errors.OutOfMemoryError` when it ran out of memory).
    """
    if capture is not None:
        handle = os.open(capture, os.O_WRONLY | os.O_APPEND)
        os.dup2(handle, 1)
        os.dup2(handle, 2)
        os.close(handle)
    try:
        return _render(job, layout, verbose=capture is None)
    except SpeechError:
        traceback.print_exc()
        sys.stderr.flush()
        raise  # its message names the scene and the beat
    except Exception as exc:
        traceback.print_exc()
        sys.stderr.flush()
        if isinstance(exc, MemoryError):
            raise OutOfMemoryError(f"out of memory while rendering {job.target.name}") from None
        lines = str(exc).strip().splitlines()
        raise RenderError(
            f"{type(exc).__name__}: {lines[0]}" if lines else type(exc).__name__
        ) from None


def call_in_fresh_process(
    function: Callable[..., object],
    args: tuple,
    capture: Path | None = None,
    what: str = "the render process",
) -> object:
    """``function(*args)`` in a new Python process (:data:`BOOT`, on this process's module
    path; ``function`` is a module-level function of normgeom, pickled by name), its output
    appended to ``capture`` (else shown); what it returned, or the error of
    :data:`RETURNED_ERRORS` it raised.

    Raises
    ------
    RenderError
        When the process died (killed, out of memory) without a result: ``<what> died
        (...)``; or as ``function`` raised it.
    """
    with tempfile.TemporaryDirectory(prefix="normgeom-") as folder:
        result = Path(folder) / "result.pickle"
        payload = pickle.dumps(sys.path) + pickle.dumps((function, args))
        command = [sys.executable, "-P", "-c", BOOT, str(result)]
        if capture is None:
            ended = subprocess.run(command, input=payload, check=False)
        else:
            with capture.open("ab") as log:
                ended = subprocess.run(command, input=payload, stdout=log, stderr=log, check=False)
        try:
            outcome = pickle.loads(result.read_bytes())
        except Exception:  # missing, empty or cut short: killed before or while writing it
            raise RenderError(f"{what} died ({_ending(ended.returncode)})") from None
    if isinstance(outcome, Exception):
        raise outcome
    return outcome


def run_in_fresh_process(job: RenderJob, layout: Layout, capture: Path | None) -> dict[str, Path]:
    """:func:`run_job` in a new Python process (:func:`call_in_fresh_process`).

    Raises
    ------
    RenderError
        When the render failed, or the process died (killed, out of memory) without a result.
    SpeechError
        When the voice failed on a beat.
    """
    return call_in_fresh_process(run_job, (job, layout, capture), capture)


def _ending(code: int) -> str:
    """How a process ended, from its return code (negative: the signal that killed it)."""
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"


def main() -> None:
    """The worker (:data:`BOOT`): call the pickled ``(function, args)`` read from stdin,
    following the parent, and pickle into the file named by the first argument what it
    returned or the error of :data:`RETURNED_ERRORS` it raised."""
    follow_parent()
    show_warnings()
    os.environ[WORKER_ENV] = "1"
    function, args = pickle.load(sys.stdin.buffer)
    try:
        outcome: object = function(*args)
    except RETURNED_ERRORS as exc:
        outcome = exc
    with atomic_path(Path(sys.argv[1])) as temp:
        temp.write_bytes(pickle.dumps(outcome))
