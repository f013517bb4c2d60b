"""The ``normgeom slides``, ``stills`` and ``publish`` commands (registered in
:mod:`normgeom.cli.app`); user mistakes end in one line and exit code 2 through its
:func:`~normgeom.cli.app.user_errors`."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from normgeom.cli.report import clock, scene_progress, shown, size
from normgeom.publish.bundle import publish as build_bundle
from normgeom.publish.deck import load_presentations, write_html, write_pptx
from normgeom.publish.folders import staged_folder
from normgeom.publish.slides import SLIDE_VOICE, SlideRenderer, build_slides, require_slides
from normgeom.publish.stills import Still, StillRenderer, check_beat
from normgeom.render.paths import Layout, check_writable, output_path
from normgeom.render.quality import resolve_quality
from normgeom.render.runner import Renderer, default_jobs
from normgeom.render.targets import resolve_scenes
from scenes.voices import check_voice

__all__ = ["DECK_NAME", "slides", "stills", "publish"]

DECK_NAME = "normalization_geometry"
SCENES = typer.Argument(None, help="scene names (see `normgeom list`); default: all")
QUALITY = typer.Option("medium", "--quality", "-q", help="low|medium|high|4k")
JOBS = typer.Option(None, "--jobs", "-j", help="scenes rendered in parallel (default: cores)")
VERBOSE = typer.Option(False, "--verbose", "-v", help="show manim's own output and bars")
CONFIG = typer.Option(None, "--config", help="a TOML file of scene parameters")


def _settings(config: str | None, jobs: int | None):
    from normgeom.cli.params import build_params
    from normgeom.errors import UsageError

    if jobs is not None and jobs < 1:
        raise UsageError(f"--jobs: expected a positive number, got {jobs}")
    return build_params(config=Path(config) if config else None), jobs or default_jobs()


def _folder(output: str | None, default: Path) -> Path:
    folder = output_path(output, default)
    check_writable(folder / "index.html")
    return folder


def slides(
    scenes: list[str] | None = SCENES,
    quality: str = QUALITY,
    voice: str = typer.Option(SLIDE_VOICE, "--voice", help="none (default: silent), espeak, ..."),
    output: str | None = typer.Option(None, "--output", "-o", help="the deck folder"),
    jobs: int | None = JOBS,
    verbose: bool = VERBOSE,
    config: str | None = CONFIG,
) -> None:
    """Build the slides (one step per narrated beat): an offline HTML deck and a PPTX."""
    from normgeom.cli.app import user_errors

    with user_errors():
        require_slides()
        targets = resolve_scenes(scenes or ["all"])
        preset = resolve_quality(quality)
        name = check_voice(voice)
        params, workers = _settings(config, jobs)
        layout = Layout.default()
        folder = _folder(output, layout.media / "slides" / preset.label)
        check_writable(layout.state_file)
        renderer = SlideRenderer(layout, preset, name, params, verbose=verbose)
        with scene_progress(Console(stderr=True), len(targets), live=not verbose) as done:
            files, _ = build_slides(renderer, targets, workers, on_done=done)
        presentations = load_presentations(files)
        with staged_folder(folder) as stage:
            write_html(presentations, stage / f"{DECK_NAME}.html", DECK_NAME)
            write_pptx(presentations, stage / f"{DECK_NAME}.pptx", (preset.width, preset.height))
    steps = sum(len(p.slides) for p in presentations)
    console = Console()
    console.print(f"{len(targets)} scene(s), {steps} steps at {preset.label}:", highlight=False)
    for path in (folder / f"{DECK_NAME}.html", folder / f"{DECK_NAME}.pptx"):
        console.print(f"  {shown(path)} ({size(path)})", highlight=False)


def stills(
    scenes: list[str] | None = SCENES,
    quality: str = QUALITY,
    at: str | None = typer.Option(None, "--at", help="a beat name: the still of its end state"),
    transparent: bool = typer.Option(False, "--transparent", help="transparent background"),
    jobs: int | None = JOBS,
    config: str | None = CONFIG,
) -> None:
    """Write PNG stills: each scene's final frame, or the end of beat --at."""
    from normgeom.cli.app import user_errors

    with user_errors():
        targets = resolve_scenes(scenes or ["all"])
        preset = resolve_quality(quality)
        params, workers = _settings(config, jobs)
        for target in targets if at is not None else ():
            check_beat(target, at)
        layout = Layout.default()
        check_writable(layout.state_file)
        renderer = StillRenderer(layout, preset, params)
        results = renderer.render_all([Still(t, at, transparent) for t in targets], workers)
    table = Table(title=f"{len(results)} still(s) at {preset.label}", title_justify="left")
    for column in ("scene", "beat", "file", "size", "state"):
        table.add_column(column)
    for result in results:
        state = "up to date" if result.cached else "rendered"
        beat = result.still.beat or "(end)"
        path = result.path
        table.add_row(result.still.target.name, beat, shown(path), size(path), state)
    Console().print(table)


def publish(
    quality: str = QUALITY,
    voice: str | None = typer.Option(None, "--voice", help="the lecture's voice (espeak)"),
    output: str | None = typer.Option(None, "--output", "-o", help="the bundle folder"),
    jobs: int | None = JOBS,
    verbose: bool = VERBOSE,
    config: str | None = CONFIG,
) -> None:
    """Gather the lecture, scenes, GIFs, stills, the HTML deck and a manifest in one folder."""
    from normgeom.cli.app import user_errors

    with user_errors():
        require_slides()
        preset = resolve_quality(quality)
        name = check_voice(voice)
        params, workers = _settings(config, jobs)
        layout = Layout.default()
        folder = _folder(output, layout.media / "bundle")
        check_writable(layout.state_file)
        renderer = Renderer(layout, preset, name, params, verbose=verbose)
        slide_renderer = SlideRenderer(layout, preset, SLIDE_VOICE, params, verbose=verbose)
        targets = resolve_scenes(["all"])
        with scene_progress(Console(stderr=True), 2 * len(targets) + 2, live=not verbose) as done:
            bundle = build_bundle(renderer, slide_renderer, targets, folder, workers, done)
    files = bundle.manifest.files
    total = sum(entry.size for entry in files)
    Console().print(
        f"bundle {shown(folder)}: {len(files) + 1} files, {total / 1e6:.1f} MB; lecture "
        f"{clock(bundle.lecture.duration)}, {len(bundle.lecture.chapters)} chapters, "
        f"{preset.label}, voice {name}",
        highlight=False,
    )
