"""The slide deck, the stills, the bundle and the live page, made for a command or a script.

Shared by the command line (:mod:`normgeom.cli.publishing`, which only parses and reports)
and the Python API (:mod:`normgeom.api`). Everything here takes checked settings
(:class:`~normgeom.settings.RenderSettings`) and raises the pipeline's typed errors; nothing
prints or exits. Each output folder defaults to its place in ``media/`` and is checked fit to
be written before any work starts (:func:`output_folder`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from normgeom.errors import step
from normgeom.pipeline import open_runner
from normgeom.rendering.job import language_suffix
from normgeom.rendering.paths import DECK_NAME, Layout, output_path, prepare_folders

if TYPE_CHECKING:  # annotations only: the runner loads PyAV
    from normgeom.publish.bundle import Bundle
    from normgeom.rendering.runner import JobResult
    from normgeom.rendering.targets import Target
    from normgeom.settings import RenderSettings

__all__ = ["Deck", "output_folder", "slides", "stills", "bundle", "page"]


@dataclass(frozen=True)
class Deck:
    """A written slide deck: its HTML page and PPTX file, and how many steps it has."""

    html: Path
    pptx: Path
    steps: int


def output_folder(output: str | None, default: Path) -> tuple[Path, bool]:
    """The output folder a user named (or ``default``), checked fit to be written
    (:func:`normgeom.folders.check_folder`) and writable, and whether it is ``default``."""
    from normgeom.folders import check_folder

    folder = output_path(output, default)
    own = folder == default
    folder = check_folder(default if output is None else Path(output), own=own)
    prepare_folders([folder])
    return folder, own


def slides(
    targets: list[Target],
    settings: RenderSettings,
    output: str | None = None,
    *,
    verbose: bool = False,
    on_done: Callable[[JobResult], None] | None = None,
) -> Deck:
    """Render each target's slides (one step per narrated beat) and write the offline HTML
    deck and the PPTX into ``output`` (default ``media/slides/<quality>/``), named
    ``normalization_geometry[.<lang>]`` and titled in ``settings.lang``."""
    from normgeom.compose.lecture import lecture_title
    from normgeom.folders import staged_folder
    from normgeom.publish.deck import load_presentations, write_html, write_pptx
    from normgeom.publish.slides import require_slides, slide_job

    require_slides()
    preset, voice, params, lang = settings.quality, settings.voice, settings.params, settings.lang
    folder, own = output_folder(output, Layout.default().media / "slides" / preset.label)
    work = [slide_job(target, preset, params, voice, lang) for target in targets]
    with open_runner(settings, verbose) as runner:
        results = runner.run(work, on_done=on_done)
    presentations = load_presentations([r.files["presentation"] for r in results])
    name = f"{DECK_NAME}{language_suffix(lang)}"
    with step("writing the slide deck"), staged_folder(folder, own=own) as stage:
        write_html(presentations, stage / f"{name}.html", lecture_title(lang))
        write_pptx(presentations, stage / f"{name}.pptx", (preset.width, preset.height))
    steps = sum(len(p.slides) for p in presentations)
    return Deck(folder / f"{name}.html", folder / f"{name}.pptx", steps)


def stills(
    targets: list[Target],
    settings: RenderSettings,
    at: str | None = None,
    *,
    transparent: bool = False,
    cluster: str | None = None,
) -> list[JobResult]:
    """The PNG still of each target (``media/stills/<quality>/``): its final frame, or the
    end of beat ``at`` (checked in every target first), on a ``transparent`` background if
    asked, its screen text in ``settings.lang``; silent, whatever ``settings.voice`` says."""
    from normgeom.publish.stills import STILL_VOICE, check_beat, still_job

    for target in targets if at is not None else ():
        check_beat(target, at)
    settings = settings._replace(voice=STILL_VOICE)
    preset, params, lang = settings.quality, settings.params, settings.lang
    work = [still_job(t, preset, params, at, transparent, lang) for t in targets]
    with open_runner(settings, cluster=cluster) as runner:
        return runner.run(work)


def bundle(
    settings: RenderSettings,
    output: str | None = None,
    *,
    verbose: bool = False,
    cluster: str | None = None,
    whole: bool = False,
    on_done: Callable[[JobResult], None] | None = None,
) -> Bundle:
    """Build every part and write the publishable folder (default ``media/bundle/``, for a
    translation ``media/bundle.<lang>/``): the lecture, scenes, GIFs, stills, the HTML deck,
    the live page and a manifest (:func:`normgeom.publish.bundle.publish`)."""
    from normgeom.publish.bundle import publish
    from normgeom.publish.slides import require_slides
    from normgeom.rendering.job import RenderJob
    from normgeom.rendering.targets import resolve_scenes

    require_slides()
    default = Layout.default().media / f"bundle{language_suffix(settings.lang)}"
    folder, own = output_folder(output, default)
    movie = partial(
        RenderJob,
        quality=settings.quality,
        voice=settings.voice,
        params=settings.params,
        lang=settings.lang,
    )
    targets = resolve_scenes(["all"])
    with (
        step("building the bundle"),
        open_runner(settings, verbose, cluster=cluster, whole=whole) as runner,
    ):
        return publish(runner, movie, targets, folder, on_done, own=own)


def page(output: str | None = None) -> Path:
    """Write the live lesson and 3D explorer into ``output`` (default ``media/page/``), a
    folder whose ``index.html`` (returned) opens from disk."""
    from normgeom.page import write_page

    folder, own = output_folder(output, Layout.default().media / "page")
    return write_page(folder, own=own)
