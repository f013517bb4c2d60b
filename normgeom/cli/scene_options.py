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
from normgeom.errors import UsageError
from normgeom.render.quality import Quality, resolve_quality
from scenes.base.parameters import SceneParams, load_params

__all__ = ["parse_triple", "build_params", "RenderSettings", "render_settings"]


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
        nm.check_point_file(points)
        overrides["points"] = str(points.resolve())
    return replace(params, **overrides).validated()


class RenderSettings(NamedTuple):
    """A command's checked settings: quality preset, voice name, scene parameters, workers."""

    quality: Quality
    voice: str
    params: SceneParams
    jobs: int


def render_settings(
    quality: str,
    voice: str | None,
    jobs: int | None,
    config: str | None,
    gamma: str | None = None,
    beta: str | None = None,
    eps: str | None = None,
    points: str | None = None,
    vector: str | None = None,
) -> RenderSettings:
    """The checked quality preset, voice name, parameters and worker count of a command.

    Raises
    ------
    UsageError, normmath.NormMathError, scenes.voice.registry.VoiceError
        Naming the option at fault.
    """
    from scenes.voice.registry import check_voice

    preset = resolve_quality(quality)
    name = check_voice(voice)
    if eps is not None:
        try:
            eps = float(eps)
        except ValueError:
            raise UsageError(f"--eps: expected a number, got {eps!r}") from None
    params = build_params(
        config=Path(config) if config else None,
        gamma=gamma,
        beta=beta,
        eps=eps,
        points=Path(points) if points else None,
        vector=vector,
    )
    if jobs is not None and jobs < 1:
        raise UsageError(f"--jobs: expected a positive number, got {jobs}")
    from normgeom.render.runner import default_jobs  # loads PyAV: only when rendering

    return RenderSettings(preset, name, params, jobs or default_jobs())
