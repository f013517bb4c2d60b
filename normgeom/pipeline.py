"""Running render jobs for a command or a script: the runner on the media folder, the movie
jobs of some scenes, and the lecture; shared by the command line and the Python API.

Everything here takes checked settings (:class:`~normgeom.settings.RenderSettings`)
and raises the pipeline's typed errors; nothing prints or exits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from normgeom.errors import UsageError
from normgeom.rendering.paths import Layout, check_writable, output_path, prepare_folders
from scenes.voice.languages import SOURCE

if TYPE_CHECKING:  # annotations only: the runner loads PyAV
    from normgeom.rendering.runner import JobResult, Runner
    from normgeom.rendering.targets import Target
    from normgeom.settings import RenderSettings

__all__ = ["open_runner", "render_movies", "lecture_output"]


@contextmanager
def open_runner(
    settings: RenderSettings,
    verbose: bool = False,
    outputs: tuple[Path, ...] = (),
    cluster: str | None = None,
    whole: bool = False,
) -> Iterator[Runner]:
    """A runner on the media folder with ``settings.jobs`` worker processes on this machine,
    or on the Dask ``cluster`` (:func:`normgeom.rendering.cluster.runner`), once ``outputs``
    and the state file are checked writable and the outputs' folders swept of what killed
    runs left. ``whole``: every scene renders in one piece (no beat ranges)."""
    from normgeom.rendering.runner import Runner

    layout = Layout.default()
    for path in (*outputs, layout.state_file):
        check_writable(path)
    prepare_folders(path.parent for path in outputs)
    if cluster is None:
        yield Runner(layout, jobs=settings.jobs, verbose=verbose, split=not whole)
        return
    from normgeom.rendering.cluster import runner

    with runner(
        layout, jobs=settings.jobs, verbose=verbose, cluster=cluster, split=not whole
    ) as opened:
        yield opened


def render_movies(
    targets: list[Target],
    settings: RenderSettings,
    *,
    verbose: bool = False,
    stock_cameras: bool = False,
    outputs: tuple[Path, ...] = (),
    cluster: str | None = None,
    whole: bool = False,
    on_done: Callable[[JobResult], None] | None = None,
) -> tuple[Runner, list[JobResult]]:
    """Render (or find up to date) the movie of every target, here or on ``cluster``; the
    runner and the results in order. ``on_done`` hears of each finished job; ``whole``: no
    scene split into beat ranges."""
    from normgeom.rendering.job import RenderJob

    quality, voice, params = settings.quality, settings.voice, settings.params
    cameras, lang = not stock_cameras, settings.lang
    work = [
        RenderJob(t, quality, voice, params, caching_cameras=cameras, lang=lang) for t in targets
    ]
    with open_runner(settings, verbose, outputs, cluster, whole) as runner:
        return runner, runner.run(work, on_done=on_done)


def lecture_output(output: str | None, lang: str = SOURCE) -> Path:
    """The lecture MP4 a user named (default ``media/normalization_geometry[.<lang>].mp4``).

    Raises
    ------
    UsageError
        For an empty name or one that does not end in ``.mp4``.
    """
    target = output_path(output, Layout.default().lecture(lang))
    if target.suffix.lower() != ".mp4":
        raise UsageError(f"--output {output}: the lecture is an MP4; end the name in .mp4")
    return target
