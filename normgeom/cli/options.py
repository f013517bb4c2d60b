"""The options several commands share, declared once (Typer defaults), and the group of
scene-parameter options every rendering command takes (:func:`scene_parameters`)."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable

import typer

from normgeom.cli.scene_options import ParameterOptions

__all__ = [
    "SCENE_NAMES",
    "SCENES_OR_ALL",
    "QUALITY",
    "VOICE",
    "JOBS",
    "VERBOSE",
    "GAMMA",
    "BETA",
    "EPS",
    "POINTS",
    "VECTOR",
    "CONFIG",
    "STOCK_CAMERAS",
    "CLUSTER",
    "WHOLE",
    "scene_parameters",
]

SCENE_NAMES = typer.Argument(..., help="scene names (see `normgeom list`) or all")
SCENES_OR_ALL = typer.Argument(None, help="scene names (see `normgeom list`); default: all")
QUALITY = typer.Option("medium", "--quality", "-q", help="low|medium|high|4k (480p15 ... 2160p60)")
VOICE = typer.Option(
    None, "--voice", help="hibari (default), piper, espeak, none, gtts, azure, openai, ..."
)
JOBS = typer.Option(None, "--jobs", "-j", help="scenes rendered in parallel (default: cores)")
VERBOSE = typer.Option(False, "--verbose", "-v", help="show manim's own output and bars")
GAMMA = typer.Option(None, "--gamma", help="LayerNorm gain, e.g. 2,0.4,1.5")
BETA = typer.Option(None, "--beta", help="LayerNorm bias, e.g. 3,2,-2")
EPS = typer.Option(None, "--eps", help="epsilon of the epsilon demo")
POINTS = typer.Option(None, "--points", help="a .npy or .csv file of (m, 3) points")
VECTOR = typer.Option(None, "--vector", help="the lesson's vector, e.g. 1,2,3")
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

_PARAMETER_OPTIONS = {
    "config": CONFIG,
    "gamma": GAMMA,
    "beta": BETA,
    "eps": EPS,
    "points": POINTS,
    "vector": VECTOR,
}
"""The scene-parameter options by the :class:`ParameterOptions` field they fill."""
_KEYWORD = inspect.Parameter.KEYWORD_ONLY


def scene_parameters(command: Callable) -> Callable:
    """Give ``command`` the scene-parameter options (``--config``, ``--gamma``, ``--beta``,
    ``--eps``, ``--points``, ``--vector``), handed to it as one :class:`ParameterOptions`
    in its ``parameters`` argument."""
    signature = inspect.signature(command)
    kept = [p for p in signature.parameters.values() if p.name != "parameters"]
    added = [
        inspect.Parameter(name, _KEYWORD, default=option, annotation=str | None)
        for name, option in _PARAMETER_OPTIONS.items()
    ]

    @functools.wraps(command)
    def with_parameters(*args, **kwargs):
        given = ParameterOptions(**{name: kwargs.pop(name) for name in _PARAMETER_OPTIONS})
        return command(*args, parameters=given, **kwargs)

    with_parameters.__signature__ = signature.replace(parameters=kept + added)
    with_parameters.__annotations__ = {
        name: hint for name, hint in command.__annotations__.items() if name != "parameters"
    } | {name: str | None for name in _PARAMETER_OPTIONS}
    return with_parameters
