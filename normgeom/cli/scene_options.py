"""Render settings from the command line: quality, voice, workers and the scene parameters
(the options merged over a config file).

The result is one validated :class:`scenes.base.parameters.SceneParams` that travels inside every
render job; nothing is written for the scenes to read back.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

import normmath as nm
from normgeom.errors import UsageError, step, warn
from normgeom.rendering.quality import Quality, resolve_quality
from scenes.base.parameters import SceneParams, load_params

__all__ = [
    "parse_triple",
    "build_params",
    "RenderSettings",
    "ParameterOptions",
    "render_settings",
    "parse_jobs",
]


def parse_triple(text: str, name: str) -> tuple[float, float, float]:
    """``"2,0.4,1.5"`` -> ``(2.0, 0.4, 1.5)``; :class:`UsageError` naming ``name`` otherwise."""
    parts = [part.strip() for part in text.split(",")]
    try:
        values = tuple(float(part) for part in parts)
    except ValueError:
        raise UsageError(f"--{name}: expected 3 comma-separated numbers, got {text!r}") from None
    if len(values) != 3:
        raise UsageError(f"--{name}: expected 3 comma-separated numbers, got {len(values)}")
    return values


def build_params(
    *,
    config: Path | None = None,
    gamma: str | None = None,
    beta: str | None = None,
    eps: float | None = None,
    points: Path | None = None,
    vector: str | None = None,
) -> SceneParams:
    """The parameters: defaults, then ``config`` (TOML), then the command-line values.

    Raises
    ------
    normmath.NormMathError
        For an unreadable config or point file or an invalid value (the message names it).
    UsageError
        For a malformed triple.
    """
    params = load_params(config) if config else SceneParams()
    overrides: dict = {}
    for name, text in (("gamma", gamma), ("beta", beta), ("vector", vector)):
        if text is not None:
            overrides[name] = parse_triple(text, name)
    if eps is not None:
        overrides["eps"] = eps
    if points is not None:
        nm.files.check_file(points, "points", nm.POINT_FILE_LIMIT)  # named as the user wrote it
        overrides["points"] = str(points.resolve())
    return replace(params, **overrides).validated()


class RenderSettings(NamedTuple):
    """A command's checked settings: quality preset, voice name, scene parameters, workers."""

    quality: Quality
    voice: str
    params: SceneParams
    jobs: int


class ParameterOptions(NamedTuple):
    """The scene-parameter options as the user typed them (``None``: not given)."""

    config: str | None = None
    gamma: str | None = None
    beta: str | None = None
    eps: str | None = None
    points: str | None = None
    vector: str | None = None


def render_settings(
    quality: str,
    voice: str | None,
    jobs: str | None,
    parameters: ParameterOptions | None = None,
) -> RenderSettings:
    """The checked quality preset, voice name, parameters and worker count of a command.

    Raises
    ------
    UsageError, normmath.NormMathError, scenes.voice.registry.VoiceError
        Naming the option at fault.
    """
    from scenes.voice.registry import check_voice

    parameters = parameters or ParameterOptions()
    with step("reading the parameters"):
        preset = resolve_quality(quality)
        name = check_voice(voice)
        eps = parameters.eps
        if eps is not None:
            try:
                eps = float(eps)
            except ValueError:
                raise UsageError(f"--eps: expected a number, got {eps!r}") from None
        params = build_params(
            config=Path(parameters.config) if parameters.config else None,
            gamma=parameters.gamma,
            beta=parameters.beta,
            eps=eps,
            points=Path(parameters.points) if parameters.points else None,
            vector=parameters.vector,
        )
        return RenderSettings(preset, name, params, parse_jobs(jobs))


RENDER_MEMORY = "about 250 MB"
"""What one render worker takes (16 took 4.2 GB at 480p15)."""
JOBS_PER_CORE = 2
"""The most parallel renders per core: more only wait on each other and fill the memory."""


def parse_jobs(text: str | None) -> int:
    """``--jobs``: a whole number >= 1 (default: the number of cores); above the number of
    cores one warning says the renders will share them, above :data:`JOBS_PER_CORE` times
    that it is capped there with one warning. :class:`UsageError` otherwise."""
    from normgeom.rendering.runner import default_jobs  # loads PyAV: only when rendering

    cores = default_jobs()
    if text is None:
        return cores
    wanted = "--jobs: expected a positive whole number of scenes to render at once"
    try:
        jobs = int(text.strip())
    except ValueError:
        raise UsageError(f"{wanted}, got {text!r}") from None
    if jobs < 1:
        raise UsageError(f"{wanted}, got {jobs}")
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
