"""A render's checked settings: quality preset, voice, scene parameters and parallel workers.

The command line and the Python API read their values here, each as its user writes them:
the command line as text (:func:`build_params`, :func:`parse_jobs`), the API as Python
values (:func:`python_settings`). The scene parameters are those declared on
:class:`scenes.base.parameters.SceneParams` (:data:`~scenes.base.parameters.PARAMETERS`):
defaults, then a config file, then the values given. The result is one validated
:class:`RenderSettings` that travels inside every render job; nothing is written for the
scenes to read back.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import replace
from numbers import Integral
from typing import NamedTuple

from normgeom.errors import UsageError, step, warn
from normgeom.rendering.quality import Quality, resolve_quality
from normio.errors import FileError
from normmath.errors import NormMathError
from scenes.base.parameters import BY_NAME, Kind, SceneParams, load_params
from scenes.voice.languages import SOURCE, check_language

__all__ = [
    "DEFAULT_QUALITY",
    "RenderSettings",
    "build_params",
    "python_params",
    "render_settings",
    "python_settings",
    "parse_jobs",
    "check_jobs",
    "expect",
    "JOBS_PER_CORE",
    "RENDER_MEMORY",
]

DEFAULT_QUALITY = "medium"
"""The quality preset when none is named, on the command line and in the Python API."""


class RenderSettings(NamedTuple):
    """A command's checked settings: quality preset, voice name, scene parameters, workers,
    and the language spoken and subtitled."""

    quality: Quality
    voice: str
    params: SceneParams
    jobs: int
    lang: str = SOURCE


def _with(
    params: SceneParams,
    values: Mapping[str, object],
    read: Callable[[Kind, object], object],
    named: Callable[[str], str],
) -> SceneParams:
    """``params`` with ``values`` by field name, each read by ``read(kind, value)``,
    validated; a value not of its kind is a :class:`UsageError` naming ``named(name)`` (a
    point file's own problem stays a named :class:`normio.errors.FileError`), a value out of
    range a :class:`normmath.NormMathError` naming ``named(name)`` too (a config file's
    value keeps its key)."""
    overrides = {}
    for name, value in values.items():
        try:
            overrides[name] = read(BY_NAME[name].kind, value)
        except (NormMathError, FileError):
            raise
        except ValueError as exc:
            raise UsageError(f"{named(name)}: {exc}") from None
    given = replace(params, **overrides)
    return given.validated(lambda name: named(name) if name in overrides else name)


def build_params(config: str | os.PathLike | None = None, **texts: str | None) -> SceneParams:
    """The parameters from the command line: defaults, then ``config`` (TOML), then the
    options' ``texts`` by field name (``None``: not given), each read by its kind
    (:meth:`~scenes.base.parameters.Kind.from_text`).

    Raises
    ------
    normio.errors.FileError
        For an unreadable config or point file (the message names it).
    normmath.NormMathError
        For an invalid value (the message names it).
    UsageError
        For a value that is not of its kind, naming the option.
    """
    params = load_params(config) if config else SceneParams()
    given = {name: text for name, text in texts.items() if text is not None}
    return _with(params, given, Kind.from_text, lambda name: BY_NAME[name].option)


def python_params(
    config: str | os.PathLike | None = None, values: Mapping[str, object] | None = None
) -> SceneParams:
    """The parameters from Python: defaults, then ``config`` (TOML), then ``values`` by field
    name (:meth:`~scenes.base.parameters.Kind.from_python`: tuples, lists, arrays, numbers,
    paths).

    Raises
    ------
    UsageError
        For an unknown name, a value of the wrong kind or one the scenes refuse, naming it.
    """
    values = values or {}
    unknown = sorted(set(values) - set(BY_NAME))
    if unknown:
        known = ", ".join(BY_NAME)
        raise UsageError(f"{', '.join(unknown)}: unknown scene parameter(s); known: {known}")
    try:
        params = load_params(config) if config is not None else SceneParams()
        return _with(params, values, Kind.from_python, str)
    except (NormMathError, FileError) as exc:  # the API's one error for a bad argument
        raise UsageError(str(exc)) from exc


def render_settings(
    quality: str, voice: str | None, jobs: int | None, params: SceneParams, lang: str = SOURCE
) -> RenderSettings:
    """The checked quality preset, language, voice name (the language's default when
    ``None``) and worker count (:func:`check_jobs`), with ``params``.

    Raises
    ------
    UsageError, scenes.voice.registry.VoiceError
        Naming the value at fault.
    """
    from scenes.voice.registry import check_voice

    lang = check_language(lang)
    voice = check_voice(voice, lang)
    return RenderSettings(resolve_quality(quality), voice, params, check_jobs(jobs), lang)


def expect(name: str, value: object, types: type | tuple[type, ...], what: str) -> None:
    """Raise :class:`UsageError` ``<name>: expected <what>, got <value>`` unless ``value`` is
    of ``types`` (a bool counts as no number)."""
    if isinstance(value, bool) or not isinstance(value, types):
        raise UsageError(f"{name}: expected {what}, got {value!r}")


def python_settings(
    quality: object,
    voice: object,
    jobs: object,
    config: object,
    values: Mapping[str, object],
    lang: object = SOURCE,
) -> RenderSettings:
    """The settings of a Python call: each argument checked for its type (a
    :class:`UsageError` naming it), then as on the command line."""
    expect("quality", quality, str, "a text")
    expect("voice", voice, (str, type(None)), "a text or None")
    expect("jobs", jobs, (Integral, type(None)), "a whole number or None")
    expect("config", config, (str, os.PathLike, type(None)), "a path or None")
    expect("lang", lang, str, "a language code (en, ja)")
    with step("reading the parameters"):
        params = python_params(config, values)
        jobs = None if jobs is None else int(jobs)
        return render_settings(quality, voice, jobs, params, lang)


RENDER_MEMORY = "about 250 MB"
"""What one render worker takes (16 took 4.2 GB at 480p15)."""
JOBS_PER_CORE = 2
"""The most parallel renders per core: more only wait on each other and fill the memory."""
_WANTED = "--jobs: expected a positive whole number of scenes to render at once"


def parse_jobs(text: str | None) -> int | None:
    """``--jobs`` as a number (``None``: not given); :class:`UsageError` for anything but a
    whole number."""
    if text is None:
        return None
    try:
        return int(text.strip())
    except ValueError:
        raise UsageError(f"{_WANTED}, got {text!r}") from None


def check_jobs(jobs: int | None) -> int:
    """The number of renders at once: ``jobs`` >= 1 (default: the number of cores); above
    the number of cores one warning says the renders will share them, above
    :data:`JOBS_PER_CORE` times that it is capped there with one warning.
    :class:`UsageError` below 1."""
    from normgeom.rendering.runner import default_jobs  # loads PyAV: only when rendering

    cores = default_jobs()
    if jobs is None:
        return cores
    if jobs < 1:
        raise UsageError(f"{_WANTED}, got {jobs}")
    most = JOBS_PER_CORE * cores
    if jobs > most:
        warn(
            f"--jobs {jobs}: far more than the {cores} cores here; using {most} "
            f"(each render takes {RENDER_MEMORY} of memory)"
        )
        return most
    if jobs > cores:
        warn(
            f"--jobs {jobs}: more than the {cores} cores here; the renders share them, "
            f"each taking {RENDER_MEMORY} of memory"
        )
    return jobs
