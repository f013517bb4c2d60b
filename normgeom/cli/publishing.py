"""The ``normgeom slides``, ``stills``, ``publish`` and ``page`` commands (registered in
:mod:`normgeom.cli.app`); each imports what it uses when it runs."""

from __future__ import annotations

from pathlib import Path

import typer

from normgeom.cli import options
from normgeom.cli.failures import user_errors
from normgeom.cli.options import RenderOptions
from normgeom.errors import step
from normgeom.pipeline import open_runner
from normgeom.rendering.paths import Layout, output_path, prepare_folders

__all__ = ["DECK_NAME", "slides", "stills", "publish", "page"]

DECK_NAME = "normalization_geometry"


def _folder(output: str | None, default: Path) -> tuple[Path, bool]:
    """The output folder a user named (or ``default``), checked fit to be written
    (:func:`normgeom.folders.check_folder`) and writable, and whether it is
    ``default``."""
    from normgeom.folders import check_folder

    folder = output_path(output, default)
    own = folder == default
    folder = check_folder(default if output is None else Path(output), own=own)
    prepare_folders([folder])
    return folder, own


@options.render_options("quality", "voice", "jobs", "verbose")
def slides(
    scenes: list[str] | None = options.SCENES_OR_ALL,
    output: str | None = typer.Option(None, "--output", "-o", help="the deck folder"),
    given: RenderOptions = options.GIVEN,
) -> None:
    """Build the slides (one step per narrated beat): an offline HTML deck and a PPTX."""
    from rich.console import Console

    from normgeom.cli.report import scene_progress, shown, size
    from normgeom.folders import staged_folder
    from normgeom.publish.deck import load_presentations, write_html, write_pptx
    from normgeom.publish.slides import require_slides, slide_job
    from normgeom.rendering.targets import resolve_scenes

    with user_errors():
        require_slides()
        targets = resolve_scenes(scenes or ["all"])
        settings = given.settings()
        preset, name, params, _ = settings
        folder, own = _folder(output, Layout.default().media / "slides" / preset.label)
        work = [slide_job(target, preset, params, name) for target in targets]
        with (
            open_runner(settings, given.verbose) as runner,
            scene_progress(Console(stderr=True), len(work), live=not given.verbose) as done,
        ):
            results = runner.run(work, on_done=done)
        presentations = load_presentations([r.files["presentation"] for r in results])
        with step("writing the slide deck"), staged_folder(folder, own=own) as stage:
            write_html(presentations, stage / f"{DECK_NAME}.html", DECK_NAME)
            write_pptx(presentations, stage / f"{DECK_NAME}.pptx", (preset.width, preset.height))
    steps = sum(len(p.slides) for p in presentations)
    console = Console()
    console.print(f"{len(targets)} scene(s), {steps} steps at {preset.label}:", highlight=False)
    for path in (folder / f"{DECK_NAME}.html", folder / f"{DECK_NAME}.pptx"):
        console.print(f"  {shown(path)} ({size(path)})", highlight=False)


@options.render_options("quality", "jobs", "cluster")
def stills(
    scenes: list[str] | None = options.SCENES_OR_ALL,
    at: str | None = typer.Option(None, "--at", help="a beat name: the still of its end state"),
    transparent: bool = typer.Option(False, "--transparent", help="transparent background"),
    given: RenderOptions = options.GIVEN,
) -> None:
    """Write PNG stills: each scene's final frame, or the end of beat --at."""
    from rich.console import Console
    from rich.table import Table

    from normgeom.cli.report import shown, size
    from normgeom.publish.stills import STILL_VOICE, check_beat, still_job
    from normgeom.rendering.targets import resolve_scenes

    with user_errors():
        targets = resolve_scenes(scenes or ["all"])
        for target in targets if at is not None else ():
            check_beat(target, at)
        settings = given._replace(voice=STILL_VOICE).settings()
        preset, _, params, _ = settings
        with open_runner(settings, cluster=given.cluster) as runner:
            results = runner.run([still_job(t, preset, params, at, transparent) for t in targets])
    table = Table(title=f"{len(results)} still(s) at {preset.label}", title_justify="left")
    for column in ("scene", "beat", "file", "size", "state"):
        table.add_column(column)
    for result in results:
        state = "up to date" if result.cached else "rendered"
        path = result.files["image"]
        beat = result.job.stop_after or "(end)"
        table.add_row(result.target.id, beat, shown(path), size(path), state)
    Console().print(table)


@options.render_options("quality", "voice", "jobs", "verbose", "cluster", "whole")
def publish(
    output: str | None = typer.Option(None, "--output", "-o", help="the bundle folder"),
    given: RenderOptions = options.GIVEN,
) -> None:
    """Gather the lecture, scenes, GIFs, stills, the HTML deck and a manifest in one folder."""
    from functools import partial

    from rich.console import Console

    from normgeom.cli.report import clock, scene_progress, shown
    from normgeom.publish.bundle import publish as build_bundle
    from normgeom.publish.slides import require_slides
    from normgeom.rendering.job import RenderJob
    from normgeom.rendering.targets import resolve_scenes

    with user_errors():
        require_slides()
        settings = given.settings()
        preset, name, params, _ = settings
        folder, own = _folder(output, Layout.default().media / "bundle")
        movie = partial(RenderJob, quality=preset, voice=name, params=params)
        targets = resolve_scenes(["all"])
        live = not given.verbose
        progress = scene_progress(Console(stderr=True), 2 * len(targets) + 2, live=live)
        with (
            step("building the bundle"),
            open_runner(
                settings, given.verbose, cluster=given.cluster, whole=given.whole
            ) as runner,
            progress as done,
        ):
            bundle = build_bundle(runner, movie, targets, folder, done, own=own)
    files = bundle.manifest.files
    total = sum(entry.size for entry in files)
    Console().print(
        f"bundle {shown(folder)}: {len(files) + 1} files, {total / 1e6:.1f} MB; lecture "
        f"{clock(bundle.lecture.duration)}, {len(bundle.lecture.chapters)} chapters, "
        f"{preset.label}, voice {name}" + (" (up to date)" if bundle.cached else ""),
        highlight=False,
    )


def page(
    output: str | None = typer.Option(None, "--output", "-o", help="the page folder"),
) -> None:
    """Write the live lesson and 3D explorer: a folder whose index.html opens from disk."""
    from rich.console import Console

    from normgeom.cli.report import shown
    from normgeom.page import write_page
    from normgeom.page.three import THREE_VERSION

    with user_errors():
        folder, own = _folder(output, Layout.default().media / "page")
        index = write_page(folder, own=own)
    total = sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())
    Console().print(
        f"page {shown(index)}: {total / 1e6:.2f} MB, works offline (three.js {THREE_VERSION})",
        highlight=False,
    )
