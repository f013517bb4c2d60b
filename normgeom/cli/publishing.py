"""The ``normgeom slides``, ``stills``, ``publish`` and ``page`` commands (registered in
:mod:`normgeom.cli.app`); each imports what it uses when it runs."""

from __future__ import annotations

import typer

from normgeom.cli import options
from normgeom.cli.failures import user_errors
from normgeom.cli.options import RenderOptions

__all__ = ["slides", "stills", "publish", "page"]


@options.render_options("quality", "voice", "lang", "jobs", "verbose")
def slides(
    scenes: list[str] | None = options.SCENES_OR_ALL,
    output: str | None = typer.Option(None, "--output", "-o", help="the deck folder"),
    given: RenderOptions = options.GIVEN,
) -> None:
    """Build the slides (one step per narrated beat): an offline HTML deck and a PPTX."""
    from rich.console import Console

    from normgeom.cli.report import scene_progress, shown, size
    from normgeom.publish import runs
    from normgeom.publish.slides import require_slides
    from normgeom.rendering.targets import resolve_scenes

    with user_errors():
        require_slides()
        targets = resolve_scenes(scenes or ["all"])
        settings = given.settings()
        live = not given.verbose
        with scene_progress(Console(stderr=True), len(targets), live=live) as done:
            deck = runs.slides(targets, settings, output, verbose=given.verbose, on_done=done)
    console = Console()
    label = settings.quality.label
    console.print(f"{len(targets)} scene(s), {deck.steps} steps at {label}:", highlight=False)
    for path in (deck.html, deck.pptx):
        console.print(f"  {shown(path)} ({size(path)})", highlight=False)


@options.render_options("quality", "lang", "jobs", "cluster")
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
    from normgeom.publish import runs
    from normgeom.publish.stills import STILL_VOICE
    from normgeom.rendering.targets import resolve_scenes

    with user_errors():
        targets = resolve_scenes(scenes or ["all"])
        settings = given._replace(voice=STILL_VOICE).settings()
        results = runs.stills(targets, settings, at, transparent=transparent, cluster=given.cluster)
    preset = settings.quality
    table = Table(title=f"{len(results)} still(s) at {preset.label}", title_justify="left")
    for column in ("scene", "beat", "file", "size", "state"):
        table.add_column(column)
    for result in results:
        state = "up to date" if result.cached else "rendered"
        path = result.files["image"]
        beat = result.job.stop_after or "(end)"
        table.add_row(result.target.id, beat, shown(path), size(path), state)
    Console().print(table)


@options.render_options("quality", "voice", "lang", "jobs", "verbose", "cluster", "whole")
def publish(
    output: str | None = typer.Option(None, "--output", "-o", help="the bundle folder"),
    given: RenderOptions = options.GIVEN,
) -> None:
    """Gather the lecture, scenes, GIFs, stills, the HTML deck and a manifest in one folder."""
    from rich.console import Console

    from normgeom.cli.report import clock, scene_progress, shown
    from normgeom.publish import runs
    from normgeom.publish.slides import require_slides
    from normgeom.rendering.targets import resolve_scenes

    with user_errors():
        require_slides()
        settings = given.settings()
        parts = 2 * len(resolve_scenes(["all"])) + 2
        with scene_progress(Console(stderr=True), parts, live=not given.verbose) as done:
            bundle = runs.bundle(
                settings,
                output,
                verbose=given.verbose,
                cluster=given.cluster,
                whole=given.whole,
                on_done=done,
            )
    preset, name = settings.quality, settings.voice
    folder = bundle.folder
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
    from normgeom.page.three import THREE_VERSION
    from normgeom.publish import runs

    with user_errors():
        index = runs.page(output)
    folder = index.parent
    total = sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())
    Console().print(
        f"page {shown(index)}: {total / 1e6:.2f} MB, works offline (three.js {THREE_VERSION})",
        highlight=False,
    )
