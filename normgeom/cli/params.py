"""Scene parameters from the command line: parse, merge over a config file, pass to manim.

The merged :class:`scenes.params.SceneParams` is written as TOML under ``media/.normgeom/``
and handed to every manim process through ``$NORMGEOM_PARAMS``; its fingerprint (the TOML
text plus the point file's bytes) is part of each render's cache key.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import normmath as nm
from normgeom.errors import UsageError
from normgeom.render.atomic import write_text
from normgeom.render.cache import digest
from scenes.params import SceneParams, load_params

__all__ = ["parse_triple", "build_params", "fingerprint", "write_params"]


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


def fingerprint(params: SceneParams) -> str:
    """What the frames depend on: the TOML text and the point file's contents."""
    points = Path(params.points).read_bytes() if params.points else b""
    return params.to_toml() + "\n" + digest(points)


def write_params(params: SceneParams, folder: Path) -> Path:
    """Write the parameters as TOML into ``folder`` (named by content) and return the path."""
    text = params.to_toml()
    path = folder / f"params-{digest(text)}.toml"
    if not path.exists():
        write_text(path, text)
    return path
