"""The Python API: render a scene, compose the lecture, explain a vector, from a script or a
notebook, with the command line's validation, cache and errors.

>>> import normgeom
>>> normgeom.explain([1, 2, 3])["statistics"]["ln_denominator"]  # doctest: +ELLIPSIS
0.81649...

Bad input raises the same typed errors the command line reports in one line: an argument
of the wrong type or value (a scene parameter or the explained vector included) raises
:class:`~normgeom.errors.UsageError` naming it, a voice not usable here
:class:`scenes.voice.registry.VoiceError`; both are :class:`normmath.errors.UserError`.
A failed render raises
:class:`normgeom.errors.RenderError`. Nothing here prints or exits: warnings go to the
``normgeom`` logger (``logging``). Renders run in processes that import only normgeom,
so a script needs no ``if __name__ == "__main__":`` guard. A rendered file is a
:class:`MediaFile`: a path that a notebook shows inline.
"""

from __future__ import annotations

import base64
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from numbers import Real
from pathlib import Path

from normgeom.errors import UsageError
from normmath.errors import NormMathError

__all__ = ["MediaFile", "render", "lecture", "explain"]

_MIME = {
    ".mp4": "video/mp4",
    ".webm": "video/webm",
    ".gif": "image/gif",
    ".png": "image/png",
}


class MediaFile(type(Path())):
    """The path of a rendered file; in Jupyter it shows as the video or the image itself."""

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict[str, str]:
        mime = _MIME.get(self.suffix.lower())
        if mime is None or not self.is_file():
            return {"text/plain": repr(self)}
        data = base64.b64encode(self.read_bytes()).decode("ascii")
        source = f"data:{mime};base64,{data}"
        if mime.startswith("video/"):
            html = f'<video controls loop style="max-width:100%" src="{source}"></video>'
        else:
            html = f'<img style="max-width:100%" src="{source}" alt="{self.name}"/>'
        return {"text/html": html, "text/plain": repr(self)}


_TEXT = (str, "a text")
_OPTIONAL_TEXT = ((str, type(None)), "a text or None")
_OPTIONAL_PATH = ((str, os.PathLike, type(None)), "a path or None")
_OPTIONAL_COUNT = ((int, type(None)), "a whole number or None")
_NUMBER = (Real, "a number")


def _check_types(**arguments: tuple[object, tuple[type | tuple[type, ...], str]]) -> None:
    """Raise :class:`UsageError` naming the first argument whose value is not of its types
    (a bool counts as no number), each given as ``name=(value, (types, what))``."""
    for name, (value, (types, what)) in arguments.items():
        if isinstance(value, bool) or not isinstance(value, types):
            raise UsageError(f"{name}: expected {what}, got {value!r}")


@contextmanager
def _values_checked() -> Iterator[None]:
    """Turn the numeric core's refusal of a value (it names the value) into a
    :class:`UsageError`, the API's one error for a bad argument."""
    try:
        yield
    except NormMathError as error:
        raise UsageError(str(error)) from error


def _settings(
    quality: str, voice: str | None, jobs: int | None, config: str | os.PathLike | None, values
):
    """The checked settings: quality, voice and workers as the command line checks them, the
    parameters from ``config`` and then ``values`` (the keys of a config file)."""
    from normgeom.cli.scene_options import ParameterOptions, render_settings
    from scenes.base.parameters import with_overrides

    options = ParameterOptions(config=os.fspath(config) if config is not None else None)
    settings = render_settings(quality, voice, None if jobs is None else str(jobs), options)
    written = {key: _as_config_value(key, value) for key, value in values.items()}
    with _values_checked():
        params = with_overrides(settings.params, written, "parameters")
    return settings._replace(params=params)


def _as_config_value(key: str, value) -> object:
    """A Python value as a config file writes it: a sequence as a list, a path as text."""
    if key == "points" and isinstance(value, str | os.PathLike):
        return str(Path(value).resolve())
    if isinstance(value, Sequence | os.PathLike) and not isinstance(value, str):
        return list(value)
    if hasattr(value, "tolist"):  # a NumPy array or scalar
        return value.tolist()
    return value


def render(
    scene: str,
    quality: str = "low",
    format: str = "mp4",
    voice: str | None = None,
    *,
    jobs: int | None = None,
    config: str | os.PathLike | None = None,
    **parameters,
) -> MediaFile:
    """Render one scene (or find it up to date) and return its file,
    ``media/scenes/<480p15>/<Scene>.<format>``.

    ``parameters`` are the keys of a config file (``gamma``, ``beta``, ``eps``, ``points``,
    ``vector``, ``gain``, ``lesson_eps``), applied over ``config``;
    ``voice`` defaults as on the command line (``$NORMGEOM_VOICE``, else hibari).
    """
    from normgeom.pipeline import render_movies
    from normgeom.publish.outputs import check_format, deliver
    from normgeom.rendering.targets import resolve_scenes

    _check_types(
        scene=(scene, _TEXT),
        quality=(quality, _TEXT),
        format=(format, _TEXT),
        voice=(voice, _OPTIONAL_TEXT),
        jobs=(jobs, _OPTIONAL_COUNT),
        config=(config, _OPTIONAL_PATH),
    )
    targets = resolve_scenes([scene])
    if len(targets) != 1:
        raise UsageError(f"scene {scene!r}: render takes one scene; call it once per scene")
    fmt = check_format(format)
    settings = _settings(quality, voice, jobs, config, parameters)
    runner, results = render_movies(targets, settings)
    path, _ = deliver(results[0], fmt, runner.state)
    return MediaFile(path)


def lecture(
    quality: str = "medium",
    voice: str | None = None,
    output: str | os.PathLike | None = None,
    *,
    jobs: int | None = None,
    config: str | os.PathLike | None = None,
    **parameters,
) -> MediaFile:
    """Render every scene and compose the chaptered lecture MP4 (default
    ``media/normalization_geometry.mp4``, subtitles, chapters and manifest beside it)."""
    from normgeom.compose.lecture import build_lecture
    from normgeom.pipeline import lecture_output, render_movies
    from normgeom.rendering.targets import lecture_targets

    _check_types(
        quality=(quality, _TEXT),
        voice=(voice, _OPTIONAL_TEXT),
        output=(output, _OPTIONAL_PATH),
        jobs=(jobs, _OPTIONAL_COUNT),
        config=(config, _OPTIONAL_PATH),
    )
    settings = _settings(quality, voice, jobs, config, parameters)
    target = lecture_output(None if output is None else os.fspath(output))
    runner, results = render_movies(lecture_targets(), settings, outputs=(target,))
    return MediaFile(build_lecture(runner.state, results, target).files.video)


def explain(vector, gain: float = 1.0, eps: float = 1e-6) -> dict:
    """Every number of the one-vector lesson, as ``normgeom explain --json`` prints it (full
    precision; ``None`` where a result is undefined or beyond float64)."""
    import normmath as nm
    from normgeom.explanation import lesson_json

    _check_types(gain=(gain, _NUMBER), eps=(eps, _NUMBER))
    with _values_checked():
        lesson = nm.lesson(vector, gain=gain, eps=nm.validation.as_eps(eps, "eps"))
    return lesson_json(lesson)
