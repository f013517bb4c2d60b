"""The ``normgeom slides``, ``stills`` and ``publish`` commands (registered in
:mod:`normgeom.cli.app`); each imports what it uses when it runs."""

from __future__ import annotations

from pathlib import Path

import typer

from normgeom.cli import options
from normgeom.cli.failures import user_errors
from normgeom.cli.params import render_settings
from normgeom.render.paths import Layout, check_writable, output_path

__all__ = ["DECK_NAME", "slides", "stills", "publish"]

DECK_NAME = "normalization_geometry"


def _folder(output: str | None, default: Path) -> Path:
    folder = output_path(output, default)
    check_writable(folder / "index.html")
    return folder


def slides(
    scenes: list[str] | None = options.SCENES_OR_ALL,
    quality: str = options.QUALITY,
    voice: str = typer.Option("none", "--voice", help="none (default: silent), hibari, ..."),
    output: str | None = typer.Option(None, "--output", "-o", help="the deck folder"),
    jobs: int | None = options.JOBS,
    verbose: bool = options.VERBOSE,
    config: str | None = options.CONFIG,
) -> None:
    """Build the slides (one step per narrated beat): an offline HTML deck and a PPTX."""
    from rich.console import Console

    from normgeom.cli.report import scene_progress, shown, size
    from normgeom.publish.deck import load_presentations, write_html, write_pptx
    from normgeom.publish.folders import staged_folder
    from normgeom.publish.slides import require_slides, slide_job
    from normgeom.render.runner import Runner
    from normgeom.render.targets import resolve_scenes

    with user_errors():
        require_slides()
        targets = resolve_scenes(scenes or ["all"])
        preset, name, params, workers = render_settings(quality, voice, jobs, config)
        layout = Layout.default()
        folder = _folder(output, layout.media / "slides" / preset.label)
        check_writable(layout.state_file)
        runner = Runner(layout, jobs=workers, verbose=verbose)
        work = [slide_job(target, preset, params, name) for target in targets]
        with scene_progress(Console(stderr=True), len(work), live=not verbose) as done:
            results = runner.run(work, on_done=done)
        presentations = load_presentations([r.files["presentation"] for r in results])
        with staged_folder(folder) as stage:
            write_html(presentations, stage / f"{DECK_NAME}.html", DECK_NAME)
            write_pptx(presentations, stage / f"{DECK_NAME}.pptx", (preset.width, preset.height))
    steps = sum(len(p.slides) for p in presentations)
    console = Console()
    console.print(f"{len(targets)} scene(s), {steps} steps at {preset.label}:", highlight=False)
    for path in (folder / f"{DECK_NAME}.html", folder / f"{DECK_NAME}.pptx"):
        console.print(f"  {shown(path)} ({size(path)})", highlight=False)


def stills(
    scenes: list[str] | None = options.SCENES_OR_ALL,
    quality: str = options.QUALITY,
    at: str | None = typer.Option(None, "--at", help="a beat name: the still of its end state"),
    transparent: bool = typer.Option(False, "--transparent", help="transparent background"),
    jobs: int | None = options.JOBS,
    config: str | None = options.CONFIG,
    cluster: str | None = options.CLUSTER,
) -> None:
    """Write PNG stills: each scene's final frame, or the end of beat --at."""
    from rich.console import Console
    from rich.table import Table

    from normgeom.cli.report import shown, size
    from normgeom.publish.stills import STILL_VOICE, check_beat, still_job
    from normgeom.render.cluster import runner as open_runner
    from normgeom.render.targets import resolve_scenes

    with user_errors():
        targets = resolve_scenes(scenes or ["all"])
        for target in targets if at is not None else ():
            check_beat(target, at)
        preset, _, params, workers = render_settings(quality, STILL_VOICE, jobs, config)
        layout = Layout.default()
        check_writable(layout.state_file)
        with open_runner(layout, jobs=workers, verbose=False, cluster=cluster) as runner:
            results = runner.run([still_job(t, preset, params, at, transparent) for t in targets])
    table = Table(title=f"{len(results)} still(s) at {preset.label}", title_justify="left")
    for column in ("scene", "beat", "file", "size", "state"):
        table.add_column(column)
    for result in results:
        state = "up to date" if result.cached else "rendered"
        path = result.files["image"]
        beat = result.job.stop_after or "(end)"
        table.add_row(result.target.name, beat, shown(path), size(path), state)
    Console().print(table)


def publish(
    quality: str = options.QUALITY,
    voice: str | None = typer.Option(None, "--voice", help="the lecture's voice (hibari)"),
    output: str | None = typer.Option(None, "--output", "-o", help="the bundle folder"),
    jobs: int | None = options.JOBS,
    verbose: bool = options.VERBOSE,
    config: str | None = options.CONFIG,
    cluster: str | None = options.CLUSTER,
) -> None:
    """Gather the lecture, scenes, GIFs, stills, the HTML deck and a manifest in one folder."""
    from functools import partial

    from rich.console import Console

    from normgeom.cli.report import clock, scene_progress, shown
    from normgeom.publish.bundle import publish as build_bundle
    from normgeom.publish.slides import require_slides
    from normgeom.render.cluster import runner as open_runner
    from normgeom.render.job import RenderJob
    from normgeom.render.targets import resolve_scenes

    with user_errors():
        require_slides()
        preset, name, params, workers = render_settings(quality, voice, jobs, config)
        layout = Layout.default()
        folder = _folder(output, layout.media / "bundle")
        check_writable(layout.state_file)
        movie = partial(RenderJob, quality=preset, voice=name, params=params)
        targets = resolve_scenes(["all"])
        with (
            open_runner(layout, jobs=workers, verbose=verbose, cluster=cluster) as runner,
            scene_progress(Console(stderr=True), 2 * len(targets) + 2, live=not verbose) as done,
        ):
            bundle = build_bundle(runner, movie, targets, folder, done)
    files = bundle.manifest.files
    total = sum(entry.size for entry in files)
    Console().print(
        f"bundle {shown(folder)}: {len(files) + 1} files, {total / 1e6:.1f} MB; lecture "
        f"{clock(bundle.lecture.duration)}, {len(bundle.lecture.chapters)} chapters, "
        f"{preset.label}, voice {name}" + (" (up to date)" if bundle.cached else ""),
        highlight=False,
    )
