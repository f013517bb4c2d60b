"""The ``normgeom`` command line (Typer): list, render and compose the lecture, check the set-up.

Every user mistake ends in one line on stderr and exit code 2 (:func:`fail`, or raise
:class:`normgeom.render.UsageError`, :class:`normmath.NormMathError` or
:class:`scenes.voices.VoiceError` inside :func:`user_errors`); a failed render exits with 1.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

import typer
from rich.console import Console
from rich.table import Table

import normmath as nm
from normgeom.activations.errors import ActivationsError
from normgeom.cli.params import build_params
from normgeom.cli.publishing import publish, slides, stills
from normgeom.cli.report import clock, scene_progress, shown, size, summary_table
from normgeom.errors import RenderError, UsageError
from normgeom.explain import EXPLAIN_CONTEXT, explain
from normgeom.publish.outputs import check_format, deliver
from normgeom.render.cache import State
from normgeom.render.disk import disk_full_message, is_disk_full
from normgeom.render.paths import Layout, check_writable, output_path
from normgeom.render.quality import resolve_quality
from normgeom.render.runner import Renderer, default_jobs
from normgeom.render.targets import Target, lecture_targets, resolve_scenes
from scenes.catalog import SCENES
from scenes.params import SceneParams
from scenes.voices import VoiceError, check_voice, voice_name

__all__ = ["app", "main", "fail", "user_errors"]

app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    help="Narrated 3D lectures on LayerNorm and RMSNorm: render, compose, explain, publish.",
    pretty_exceptions_enable=False,
)

USER_ERRORS = (UsageError, nm.NormMathError, VoiceError, ActivationsError)


def fail(message: str, code: int = 2) -> NoReturn:
    """Print ``normgeom: error: <message>`` (one line) to stderr and exit with ``code``."""
    print(f"normgeom: error: {message}", file=sys.stderr)
    raise typer.Exit(code)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn user mistakes, failed renders and Ctrl-C raised inside into :func:`fail`."""
    try:
        yield
    except USER_ERRORS as exc:
        fail(str(exc).splitlines()[0])
    except RenderError as exc:
        fail(str(exc), code=1)
    except OSError as exc:
        if not is_disk_full(exc):
            raise
        written = Path(exc.filename).parent if exc.filename else Layout.default().media
        fail(disk_full_message(written), code=1)
    except KeyboardInterrupt:
        fail("interrupted; finished outputs are kept, run again to continue", code=130)


SCENE_NAMES = typer.Argument(..., help="scene names (see `normgeom list`) or all")
QUALITY = typer.Option("medium", "--quality", "-q", help="low|medium|high|4k (480p15 ... 2160p60)")
VOICE = typer.Option(None, "--voice", help="espeak (default), none, gtts, azure, openai, ...")
JOBS = typer.Option(None, "--jobs", "-j", help="scenes rendered in parallel (default: cores)")
VERBOSE = typer.Option(False, "--verbose", "-v", help="show manim's own output and bars")
GAMMA = typer.Option(None, "--gamma", help="LayerNorm gain, e.g. 2,0.4,1.5")
BETA = typer.Option(None, "--beta", help="LayerNorm bias, e.g. 3,2,-2")
EPS = typer.Option(None, "--eps", help="epsilon of the epsilon demo")
POINTS = typer.Option(None, "--points", help="a .npy or .csv file of (m, 3) points")
VECTOR = typer.Option(None, "--vector", help="the lesson's vector, e.g. 1,2,3")
CONFIG = typer.Option(None, "--config", help="a TOML file of scene parameters")


def _params(config, gamma, beta, eps, points, vector) -> SceneParams:
    if eps is not None:
        try:
            eps = float(eps)
        except ValueError:
            raise UsageError(f"--eps: expected a number, got {eps!r}") from None
    return build_params(
        config=Path(config) if config else None,
        gamma=gamma,
        beta=beta,
        eps=eps,
        points=Path(points) if points else None,
        vector=vector,
    )


def _jobs(jobs: int | None) -> int:
    if jobs is not None and jobs < 1:
        raise UsageError(f"--jobs: expected a positive number, got {jobs}")
    return jobs or default_jobs()


def _render(renderer: Renderer, targets: list[Target], jobs: int, verbose: bool) -> list:
    console = Console(stderr=True)
    with scene_progress(console, len(targets), live=not verbose) as done:
        return renderer.render_all(targets, jobs, on_done=done)


@app.command("list")
def list_scenes() -> None:
    """Every scene in lesson order, with its narrated length once rendered."""
    records = State(Layout.default().state_file).records()
    table = Table(title="normgeom scenes", title_justify="left")
    for column in ("#", "scene", "what it shows", "length"):
        table.add_column(column)
    for number, entry in enumerate(SCENES, start=1):
        lengths = [
            f"{clock(r['duration'])} ({rid.split(':')[1]})"
            for rid, r in records.items()
            if rid.startswith("scene:") and rid.endswith(f":{entry.name}")
        ]
        table.add_row(str(number), entry.name, entry.summary, ", ".join(lengths) or "not rendered")
    Console().print(table)


@app.command()
def render(
    scenes: list[str] = SCENE_NAMES,
    quality: str = QUALITY,
    fmt: str = typer.Option("mp4", "--format", "-f", help="mp4|gif|png|webm"),
    voice: str | None = VOICE,
    jobs: int | None = JOBS,
    verbose: bool = VERBOSE,
    gamma: str | None = GAMMA,
    beta: str | None = BETA,
    eps: str | None = EPS,
    points: str | None = POINTS,
    vector: str | None = VECTOR,
    config: str | None = CONFIG,
) -> None:
    """Render scenes into media/scenes/<480p15>/<Scene>.<format>."""
    with user_errors():
        targets = resolve_scenes(scenes)
        preset = resolve_quality(quality)
        fmt = check_format(fmt)
        name = check_voice(voice)
        params = _params(config, gamma, beta, eps, points, vector)
        workers = _jobs(jobs)
        layout = Layout.default()
        check_writable(layout.state_file)
        renderer = Renderer(layout, preset, name, params, verbose=verbose)
        results = _render(renderer, targets, workers, verbose)
        delivered = [deliver(r, fmt, renderer.state) for r in results]
    title = f"{len(results)} scene(s) at {preset.label}, voice {name}"
    if all(r.cached for r in results) and all(cached for _, cached in delivered):
        title += ": up to date"
    rows = [(r, path) for r, (path, _) in zip(results, delivered, strict=True)]
    Console().print(summary_table(rows, title))


@app.command()
def video(
    quality: str = QUALITY,
    voice: str | None = VOICE,
    output: str | None = typer.Option(None, "--output", "-o", help="the lecture MP4"),
    jobs: int | None = JOBS,
    verbose: bool = VERBOSE,
    gamma: str | None = GAMMA,
    beta: str | None = BETA,
    eps: str | None = EPS,
    points: str | None = POINTS,
    vector: str | None = VECTOR,
    config: str | None = CONFIG,
) -> None:
    """Render everything and compose the narrated, chaptered lecture MP4."""
    from normgeom.compose.lecture import build_lecture

    with user_errors():
        preset = resolve_quality(quality)
        name = check_voice(voice)
        params = _params(config, gamma, beta, eps, points, vector)
        workers = _jobs(jobs)
        layout = Layout.default()
        target = output_path(output, layout.lecture())
        if target.suffix.lower() != ".mp4":
            raise UsageError(f"--output {output}: the lecture is an MP4; end the name in .mp4")
        check_writable(target)
        check_writable(layout.state_file)
        renderer = Renderer(layout, preset, name, params, verbose=verbose)
        results = _render(renderer, lecture_targets(), workers, verbose)
        lecture = build_lecture(renderer, results, target)
    console = Console()
    console.print(summary_table([(r, r.video) for r in results], "parts"))
    state = "up to date" if lecture.cached else "composed"
    console.print(
        f"lecture {state}: {shown(lecture.files.video)} ({clock(lecture.duration)}, "
        f"{len(lecture.chapters)} chapters, {size(lecture.files.video)}, {preset.label}, "
        f"voice {name})",
        highlight=False,
    )
    for path in lecture.files.all()[1:]:
        console.print(f"  {shown(path)}", highlight=False)


@app.command()
def doctor(voice: str | None = VOICE) -> None:
    """Check what rendering needs and say how to install what is missing."""
    from normgeom.cli.doctor import run_checks

    with user_errors():
        voice_name(voice)
    checks = run_checks(Layout.default().media, voice)
    table = Table(title="normgeom doctor", title_justify="left")
    for column in ("check", "status", "found", "fix"):
        table.add_column(column)
    for check in checks:
        status = "[green]ok[/green]" if check.ok else "[red]missing[/red]"
        table.add_row(check.name, status, check.detail, check.fix)
    Console().print(table)
    missing = [check.name for check in checks if not check.ok]
    if missing:
        fail(f"missing: {', '.join(missing)} (see the fix column)", code=1)


@app.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
def activations(
    ctx: typer.Context,
    text: str | None = typer.Argument(None, help="the text, quoted", show_default=False),
    as_json: bool = typer.Option(False, "--json", help="print JSON alone on stdout"),
) -> None:
    """Where a text's vectors sit at every LayerNorm of a real transformer.

    Per module and token of all-MiniLM-L6-v2 (CPU): mu, sigma, mu/sigma and the RMS-LN angle.
    """
    from normgeom.activations.command import show_activations

    with user_errors():
        show_activations(text, ctx.args, as_json)


app.command("explain", context_settings=EXPLAIN_CONTEXT)(explain)
app.command()(slides)
app.command()(stills)
app.command()(publish)


def main() -> None:
    """Console-script entry point; user errors from any command end in one line and exit 2."""
    try:
        app()
    except USER_ERRORS as exc:
        print(f"normgeom: error: {str(exc).splitlines()[0]}", file=sys.stderr)
        sys.exit(2)
