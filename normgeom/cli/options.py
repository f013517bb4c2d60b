"""The options several commands share, declared once (Typer defaults), and the group of
render options the rendering commands take (:func:`render_options`): quality, voice,
workers and the like, and every scene parameter, derived from its declaration
(:data:`scenes.base.parameters.PARAMETERS`)."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import NamedTuple

import typer

from normgeom.errors import step
from normgeom.rendering.paths import FORMATS
from normgeom.rendering.quality import PRESETS
from normgeom.settings import (
    DEFAULT_QUALITY,
    RenderSettings,
    build_params,
    parse_jobs,
    render_settings,
)
from scenes.base.parameters import PARAMETERS
from scenes.voice.languages import LANGUAGES, SOURCE
from scenes.voice.registry import DEFAULT_VOICE, SILENT_VOICE, VOICE_ENV, available_voices

__all__ = [
    "SCENE_NAMES",
    "SCENES_OR_ALL",
    "quality_help",
    "voice_help",
    "format_help",
    "QUALITY",
    "VOICE",
    "FORMAT",
    "JOBS",
    "VERBOSE",
    "CONFIG",
    "STOCK_CAMERAS",
    "CLUSTER",
    "WHOLE",
    "RenderOptions",
    "GIVEN",
    "render_options",
]

SCENE_NAMES = typer.Argument(..., help="scene names (see `normgeom list`) or all")
SCENES_OR_ALL = typer.Argument(None, help="scene names (see `normgeom list`); default: all")


def quality_help() -> str:
    """The quality presets' names and the range of their labels (from :data:`PRESETS`)."""
    presets = list(PRESETS.values())
    return f"{'|'.join(PRESETS)} ({presets[0].label} ... {presets[-1].label})"


def voice_help() -> str:
    """Every voice name (from the voice registry), the default first."""
    others = [name for name in available_voices() if name != DEFAULT_VOICE]
    shown = [f"{name} (silent, with captions)" if name == SILENT_VOICE else name for name in others]
    return f"the narrating voice: {DEFAULT_VOICE} (default, or ${VOICE_ENV}), " + ", ".join(shown)


def lang_help() -> str:
    """The lecture languages (from ``scenes.voice.languages``)."""
    known = ", ".join(f"{code} ({language.name})" for code, language in LANGUAGES.items())
    return f"the language spoken and subtitled: {known}; outputs carry its code (.ja.mp4)"


def format_help() -> str:
    """The output formats a scene renders to (from ``normgeom.rendering.paths.FORMATS``)."""
    return "|".join(FORMATS)


QUALITY = typer.Option(DEFAULT_QUALITY, "--quality", "-q", help=quality_help())
VOICE = typer.Option(None, "--voice", help=voice_help())
LANG = typer.Option(SOURCE, "--lang", help=lang_help())
FORMAT = typer.Option(FORMATS[0], "--format", "-f", help=format_help())
JOBS = typer.Option(None, "--jobs", "-j", help="scenes rendered in parallel (default: cores)")
VERBOSE = typer.Option(False, "--verbose", "-v", help="show manim's own output and bars")
CONFIG = typer.Option(None, "--config", help="a TOML file of scene parameters")
STOCK_CAMERAS = typer.Option(
    False, "--stock-cameras", help="Manim's own cameras, not the caching ones (slower)"
)
CLUSTER = typer.Option(
    None,
    "--cluster",
    help="render on a Dask cluster: a scheduler address (tcp://host:8786), or local "
    "(a local cluster of --jobs worker processes)",
)
WHOLE = typer.Option(
    False,
    "--whole",
    help="render every scene in one piece (default: a long scene may render as ranges of "
    "its beats in parallel)",
)


class RenderOptions(NamedTuple):
    """A rendering command's options as the user typed them (``None``: not given); the
    ``parameters`` are the scene parameters' texts by field name."""

    quality: str = DEFAULT_QUALITY
    voice: str | None = None
    lang: str = SOURCE
    jobs: str | None = None
    verbose: bool = False
    stock_cameras: bool = False
    cluster: str | None = None
    whole: bool = False
    config: str | None = None
    parameters: Mapping[str, str | None] = MappingProxyType({})

    def settings(self) -> RenderSettings:
        """The checked settings (:func:`normgeom.settings.render_settings`).

        Raises
        ------
        UsageError, normmath.NormMathError, normio.errors.FileError
            Naming the option at fault.
        scenes.voice.registry.VoiceError
            For a voice not usable here.
        """
        with step("reading the parameters"):
            params = build_params(self.config, **self.parameters)
            jobs = parse_jobs(self.jobs)
            return render_settings(self.quality, self.voice, jobs, params, self.lang)


GIVEN = RenderOptions()
"""The default of a command's ``given`` argument, which :func:`render_options` always fills."""

_GROUP = {
    "quality": (QUALITY, str),
    "voice": (VOICE, str | None),
    "lang": (LANG, str),
    "jobs": (JOBS, str | None),
    "verbose": (VERBOSE, bool),
    "stock_cameras": (STOCK_CAMERAS, bool),
    "cluster": (CLUSTER, str | None),
    "whole": (WHOLE, bool),
}
"""The shared render options a command may take, by :class:`RenderOptions` field."""
_KEYWORD = inspect.Parameter.KEYWORD_ONLY


def _scene_parameter_options() -> dict[str, tuple[object, type]]:
    """``--config`` and one option per declared scene parameter, by field name."""
    declared = {
        p.name: (typer.Option(None, p.option, help=p.describe(), show_default=False), str | None)
        for p in PARAMETERS
    }
    return {"config": (CONFIG, str | None), **declared}


def render_options(*names: str) -> Callable[[Callable], Callable]:
    """Give a command the shared render options ``names`` (of :class:`RenderOptions`'
    fields: ``quality``, ``voice``, ``jobs``, ...) and every scene-parameter option, handed
    to it as one :class:`RenderOptions` in its ``given`` argument (what it does not take
    at its default)."""
    unknown = set(names) - set(_GROUP)
    if unknown:
        raise ValueError(f"not a shared render option: {', '.join(sorted(unknown))}")
    taken = {name: _GROUP[name] for name in _GROUP if name in names}
    scene = _scene_parameter_options()

    def decorate(command: Callable) -> Callable:
        signature = inspect.signature(command)
        kept = [p for p in signature.parameters.values() if p.name != "given"]
        added = [
            inspect.Parameter(name, _KEYWORD, default=option, annotation=hint)
            for name, (option, hint) in (taken | scene).items()
        ]

        @functools.wraps(command)
        def with_options(*args, **kwargs):
            group = {name: kwargs.pop(name) for name in taken}
            config = kwargs.pop("config")
            texts = {p.name: kwargs.pop(p.name) for p in PARAMETERS}
            given = RenderOptions(**group, config=config, parameters=texts)
            return command(*args, given=given, **kwargs)

        with_options.__signature__ = signature.replace(parameters=kept + added)
        with_options.__annotations__ = {
            name: hint for name, hint in command.__annotations__.items() if name != "given"
        } | {name: hint for name, (_, hint) in (taken | scene).items()}
        return with_options

    return decorate
