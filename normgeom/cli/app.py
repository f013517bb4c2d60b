"""The ``normgeom`` command line (Typer): list, render and compose the lecture, explain, check
the set-up; slides, stills, the bundle and the live page are in :mod:`normgeom.cli.publishing`.

Commands import what they use when they run: ``--help``, ``list``, ``explain`` and
``doctor`` never load Manim or manim-voiceover. Every user mistake ends in one line on stderr
and exit code 2 (:mod:`normgeom.cli.failures`); a failed render exits with 1.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer

import normmath as nm
from normgeom.cli import options
from normgeom.cli.failures import OUT_OF_MEMORY, fail, user_errors
from normgeom.cli.options import RenderOptions
from normgeom.cli.publishing import page, publish, slides, stills
from normgeom.cli.translating import scene_coverage, translate
from normgeom.errors import show_warnings
from normgeom.rendering.paths import Layout
from normio.errors import UserError

if TYPE_CHECKING:  # annotations only: the commands import what they run when they run
    from normgeom.rendering.runner import JobResult, Runner
    from normgeom.rendering.targets import Target
    from normgeom.settings import RenderSettings

__all__ = ["app", "main"]


app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    help="Narrated 3D lectures on LayerNorm and RMSNorm: render, compose, explain, publish.",
    pretty_exceptions_enable=False,
    callback=show_warnings,
)


@app.command("list")
def list_scenes(
    lang: str | None = typer.Option(
        None, "--lang", help="also show how much of each scene this language translates"
    ),
) -> None:
    """Every scene in lesson order, with its narrated length once rendered (and with
    --lang, how much of its narration is translated)."""
    from rich.console import Console
    from rich.table import Table

    from normgeom.cli.report import clock
    from normgeom.rendering.state import RecordKind, State
    from scenes.base.catalog import SCENES
    from scenes.voice.languages import check_language

    with user_errors():
        translation = check_language(lang) if lang else None
        layout = Layout.default()
        records = State(layout.state_file, layout.media).records()
        table = Table(title="normgeom scenes", title_justify="left")
        for column in ("#", "scene", "what it shows", "length"):
            table.add_column(column)
        if translation:
            table.add_column(f"translated ({translation})")
        for number, entry in enumerate(SCENES, start=1):
            lengths = [
                f"{clock(record.info.duration)} ({rid.quality})"
                for rid, record in records.items()
                if rid.kind is RecordKind.SCENE and rid.name == entry.name
            ]
            row = [str(number), entry.name, entry.summary, ", ".join(lengths) or "not rendered"]
            if translation:
                row.append(scene_coverage(entry, translation))
            table.add_row(*row)
    Console().print(table)


MOVIE_OPTIONS = ("quality", "voice", "lang", "jobs", "verbose", "stock_cameras", "cluster", "whole")
"""The shared render options of the commands that render movies."""


@app.command()
@options.render_options(*MOVIE_OPTIONS)
def render(
    scenes: list[str] = options.SCENE_NAMES,
    fmt: str = options.FORMAT,
    given: RenderOptions = options.GIVEN,
) -> None:
    """Render scenes into media/scenes/<quality>/<Scene>.<format>.

    For example media/scenes/720p30/Gain.mp4 at the default quality, medium."""
    from rich.console import Console

    from normgeom.cli.report import summary_table
    from normgeom.publish.outputs import check_format, deliver
    from normgeom.rendering.targets import resolve_scenes

    with user_errors():
        targets = resolve_scenes(scenes)
        fmt = check_format(fmt)
        settings = given.settings()
        runner, results = _render_movies(targets, settings, given)
        delivered = [deliver(r, fmt, runner.state) for r in results]
    title = f"{len(results)} scene(s) at {settings.quality.label}, voice {settings.voice}"
    if all(r.cached for r in results) and all(cached for _, cached in delivered):
        title += ": up to date"
    rows = [(r, path) for r, (path, _) in zip(results, delivered, strict=True)]
    Console().print(summary_table(rows, title))


@app.command()
@options.render_options(*MOVIE_OPTIONS)
def video(
    output: str | None = typer.Option(None, "--output", "-o", help="the lecture MP4"),
    given: RenderOptions = options.GIVEN,
) -> None:
    """Render everything and compose the narrated, chaptered lecture MP4."""
    from rich.console import Console

    from normgeom.cli.report import clock, shown, size, summary_table
    from normgeom.compose.lecture import build_lecture
    from normgeom.pipeline import lecture_output
    from normgeom.rendering.targets import lecture_targets

    with user_errors():
        settings = given.settings()
        target = lecture_output(output, settings.lang)
        runner, results = _render_movies(lecture_targets(), settings, given, (target,))
        lecture = build_lecture(runner.state, results, target)
    console = Console()
    console.print(summary_table([(r, r.video) for r in results], "parts"))
    state = "up to date" if lecture.cached else "composed"
    console.print(
        f"lecture {state}: {shown(lecture.files.video)} ({clock(lecture.duration)}, "
        f"{len(lecture.chapters)} chapters, {size(lecture.files.video)}, "
        f"{settings.quality.label}, voice {settings.voice})",
        highlight=False,
    )
    for path in lecture.files.all()[1:]:
        console.print(f"  {shown(path)}", highlight=False)


def _render_movies(
    targets: list[Target],
    settings: RenderSettings,
    given: RenderOptions,
    outputs: tuple[Path, ...] = (),
) -> tuple[Runner, list[JobResult]]:
    """:func:`normgeom.pipeline.render_movies` as the ``given`` options ask (here or on a
    Dask cluster, whole or in beat ranges), with a progress bar across the scenes."""
    from rich.console import Console

    from normgeom.cli.report import scene_progress
    from normgeom.pipeline import render_movies

    with scene_progress(Console(stderr=True), len(targets), live=not given.verbose) as done:
        return render_movies(
            targets,
            settings,
            verbose=given.verbose,
            stock_cameras=given.stock_cameras,
            outputs=outputs,
            cluster=given.cluster,
            whole=given.whole,
            on_done=done,
        )


@app.command()
def doctor(voice: str | None = options.VOICE) -> None:
    """Check what rendering needs and say how to install what is missing."""
    from rich.console import Console
    from rich.table import Table

    from normgeom.cli.doctor import run_checks

    with user_errors():
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


@app.command()
@options.render_options("voice", "lang", "jobs")
def audit(
    scenes: list[str] | None = options.SCENES_OR_ALL,
    video: str | None = typer.Option(
        None, "--video", help="audit this rendered file instead, as a black box"
    ),
    as_json: bool = typer.Option(False, "--json", help="print the findings as JSON on stdout"),
    given: RenderOptions = options.GIVEN,
) -> None:
    """Check every frame of scenes as a viewer sees them (or a rendered file with --video):
    one line per finding, exit 1 on any."""
    import json

    from normgeom.audit.run import audit_named

    if video is not None:
        from normgeom.audit.video import audit_video

        with user_errors(as_json=as_json):
            found = audit_video(Path(video))
        if as_json:
            print(json.dumps({"video": str(video), "findings": [f.data() for f in found]}))
        else:
            for finding in found:
                print(finding.line(), flush=True)
            print(f"{len(found)} finding(s) in {video}", file=sys.stderr)
        if found:
            raise typer.Exit(1)
        return

    def report(play, findings) -> None:
        if not as_json:
            for finding in findings:
                print(finding.line(), flush=True)

    with user_errors(as_json=as_json):
        settings = given.settings()
        results = audit_named(
            scenes or ["all"],
            settings.params,
            settings.voice,
            settings.jobs,
            on_done=report,
            lang=settings.lang,
        )
    found = [f for _, findings in results for f in findings]
    if as_json:
        scenes_data = [
            {"scene": play.target.name, "findings": [f.data() for f in findings]}
            for play, findings in results
        ]
        print(json.dumps({"scenes": scenes_data, "findings": len(found)}, indent=1))
    else:
        print(f"{len(found)} finding(s) in {len(results)} scene(s)", file=sys.stderr)
    if found:
        raise typer.Exit(1)


VALUES = typer.Argument(None, help="coordinates (at least 2), e.g. 1 2 3 or -1 0 1")
EPS = typer.Option("1e-6", "--eps", help="epsilon, >= 0, inside the square root")
GAIN = typer.Option("1", "--gain", help="one gain shared by every coordinate")
PRESET = typer.Option(None, "--preset", help=f"a named input: {', '.join(nm.PRESETS)}")
AS_JSON = typer.Option(False, "--json", help="machine-readable: full precision, null if undefined")


@app.command(context_settings={"ignore_unknown_options": True})  # -1 is a value, not an option
def explain(
    values: list[str] | None = VALUES,
    eps: str = EPS,
    gain: str = GAIN,
    preset: str | None = PRESET,
    as_json: bool = AS_JSON,
) -> None:
    """Every statistic and the construction table of RMSNorm and LayerNorm on one vector."""
    import json

    from normgeom.explanation import lesson_json, parse_coordinates, parse_number, print_lesson

    with user_errors():
        vector = parse_coordinates(values, preset)
        eps_value = nm.validation.as_eps(parse_number(eps, "--eps"), "--eps")
        lesson = nm.lesson(vector, gain=parse_number(gain, "--gain"), eps=eps_value)
    if as_json:
        print(json.dumps(lesson_json(lesson), indent=2, allow_nan=False))
    else:
        print_lesson(lesson)


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


app.command()(slides)
app.command()(stills)
app.command()(publish)
app.command()(page)
app.command()(translate)


def main() -> None:
    """Console-script entry point; user errors from any command end in one line and exit 2,
    running out of memory outside any command's own handling in one line and exit 1.

    A terminal whose encoding lacks a character printed (``PYTHONIOENCODING=ascii``) shows
    it escaped rather than failing."""
    for stream in (sys.stdout, sys.stderr):
        stream.reconfigure(errors="backslashreplace")
    try:
        app()
    except MemoryError:
        print(f"normgeom: error: {OUT_OF_MEMORY}", file=sys.stderr)
        sys.exit(1)
    except UserError as exc:
        print(f"normgeom: error: {str(exc).splitlines()[0]}", file=sys.stderr)
        sys.exit(exc.exit_code)
