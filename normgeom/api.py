"""The Python API: render a scene, compose the lecture, build the slide deck, the stills, the
publishable bundle and the live page, audit scenes' frames, explain a vector, from a script
or a notebook, with the command line's validation, defaults
(:mod:`normgeom.settings`), cache and errors. Every scene parameter
(:data:`scenes.base.parameters.PARAMETERS`) is a keyword argument of :func:`render`,
:func:`lecture`, :func:`slides`, :func:`stills`, :func:`publish` and :func:`audit`.

>>> import normgeom
>>> normgeom.explain([1, 2, 3])["statistics"]["ln_denominator"]  # doctest: +ELLIPSIS
0.81649...

Bad input raises the same typed errors the command line reports in one line: an argument
of the wrong type or value (a scene parameter or the explained vector included) raises
:class:`~normgeom.errors.UsageError` naming it, a voice not usable here
:class:`scenes.voice.registry.VoiceError`; both are :class:`normio.errors.UserError`.
A failed render raises
:class:`normgeom.errors.RenderError`. Nothing here prints or exits: warnings go to the
``normgeom`` logger (``logging``). Renders and audits run in processes that import only
normgeom, so a script needs no ``if __name__ == "__main__":`` guard. A rendered file is a
:class:`MediaFile`: a path that a notebook shows inline.
"""

from __future__ import annotations

import base64
import inspect
import os
from collections.abc import Callable, Sequence
from numbers import Real
from pathlib import Path
from typing import TYPE_CHECKING

from normgeom.errors import UsageError
from normgeom.settings import DEFAULT_QUALITY, expect, python_settings
from normmath.errors import NormMathError
from scenes.base.parameters import PARAMETERS, Kind

if TYPE_CHECKING:  # annotations only: the audit loads Manim when it runs
    from normgeom.audit.findings import Finding

__all__ = [
    "MediaFile",
    "render",
    "lecture",
    "slides",
    "stills",
    "publish",
    "page",
    "audit",
    "explain",
]

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


_ANNOTATIONS = {
    Kind.TRIPLE: "Sequence[float] | None",
    Kind.NUMBER: "float | None",
    Kind.FILE: "str | os.PathLike | None",
}
"""How each kind of scene parameter is given from Python."""


def _with_scene_parameters(function: Callable) -> Callable:
    """Declare every scene parameter (:data:`~scenes.base.parameters.PARAMETERS`) as a
    keyword argument of ``function`` (which takes them as ``**parameters``), default ``None``
    (not given), and document them in its docstring."""
    signature = inspect.signature(function)
    kept = [p for p in signature.parameters.values() if p.kind is not p.VAR_KEYWORD]
    added = [
        inspect.Parameter(
            p.name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=_ANNOTATIONS[p.kind]
        )
        for p in PARAMETERS
    ]
    function.__signature__ = signature.replace(parameters=kept + added)
    rows = [
        f"{p.name} : {p.kind.value}, optional\n    {p.help}; default {p.kind.to_text(p.default)}."
        for p in PARAMETERS
    ]
    section = "\n".join(["Other Parameters", "----------------", *rows])
    function.__doc__ = f"{inspect.cleandoc(function.__doc__)}\n\n{section}\n"
    return function


@_with_scene_parameters
def render(
    scene: str,
    quality: str = DEFAULT_QUALITY,
    format: str = "mp4",
    voice: str | None = None,
    *,
    jobs: int | None = None,
    config: str | os.PathLike | None = None,
    lang: str = "en",
    **parameters,
) -> MediaFile:
    """Render one scene (or find it up to date) and return its file,
    ``media/scenes/<720p30>/<Scene>[.<lang>].<format>``.

    ``quality``, ``voice`` (default: ``$NORMGEOM_VOICE``, else the language's: hibari for
    ``en``, kokoro-ja for ``ja``), ``lang`` and ``jobs`` as on the command line; the scene
    parameters (below) are applied over the TOML file ``config``.
    """
    from normgeom.pipeline import render_movies
    from normgeom.publish.outputs import check_format, deliver
    from normgeom.rendering.targets import resolve_scenes

    expect("scene", scene, str, "a text")
    expect("format", format, str, "a text")
    settings = python_settings(quality, voice, jobs, config, parameters, lang)
    targets = resolve_scenes([scene])
    if len(targets) != 1:
        raise UsageError(f"scene {scene!r}: render takes one scene; call it once per scene")
    fmt = check_format(format)
    runner, results = render_movies(targets, settings)
    path, _ = deliver(results[0], fmt, runner.state)
    return MediaFile(path)


@_with_scene_parameters
def lecture(
    quality: str = DEFAULT_QUALITY,
    voice: str | None = None,
    output: str | os.PathLike | None = None,
    *,
    jobs: int | None = None,
    config: str | os.PathLike | None = None,
    lang: str = "en",
    **parameters,
) -> MediaFile:
    """Render every scene and compose the chaptered lecture MP4 (default
    ``media/normalization_geometry[.<lang>].mp4``, subtitles, chapters and manifest beside
    it); the other arguments as for :func:`render`."""
    from normgeom.compose.lecture import build_lecture
    from normgeom.pipeline import lecture_output, render_movies
    from normgeom.rendering.targets import lecture_targets

    expect("output", output, (str, os.PathLike, type(None)), "a path or None")
    settings = python_settings(quality, voice, jobs, config, parameters, lang)
    target = lecture_output(None if output is None else os.fspath(output), settings.lang)
    runner, results = render_movies(lecture_targets(), settings, outputs=(target,))
    return MediaFile(build_lecture(runner.state, results, target).files.video)


def _scene_names(scenes: str | Sequence[str]) -> list[str]:
    """``scenes`` (a name, names, or ``all``) as a list of names, checked to be texts."""
    names = [scenes] if isinstance(scenes, str) else scenes
    expect("scenes", names, list | tuple, "a scene name or a list of them")
    for name in names:
        expect("scenes", name, str, "a scene name or a list of them")
    return list(names)


def _folder_name(output: str | os.PathLike | None) -> str | None:
    """``output`` (a folder) checked to be a path or None, as text."""
    expect("output", output, (str, os.PathLike, type(None)), "a path or None")
    return None if output is None else os.fspath(output)


@_with_scene_parameters
def slides(
    scenes: str | Sequence[str] = "all",
    quality: str = DEFAULT_QUALITY,
    voice: str | None = None,
    output: str | os.PathLike | None = None,
    *,
    lang: str = "en",
    jobs: int | None = None,
    config: str | os.PathLike | None = None,
    **parameters,
) -> tuple[MediaFile, MediaFile]:
    """Build the slides of ``scenes`` (one step per narrated beat; needs the ``slides``
    extra) and return the offline HTML deck and the PPTX (default
    ``media/slides/<720p30>/normalization_geometry[.<lang>].html`` and ``.pptx``); ``voice``
    times the steps; the other arguments as for :func:`render`."""
    from normgeom.publish import runs
    from normgeom.publish.slides import require_slides
    from normgeom.rendering.targets import resolve_scenes

    require_slides()
    names, folder = _scene_names(scenes), _folder_name(output)
    settings = python_settings(quality, voice, jobs, config, parameters, lang)
    deck = runs.slides(resolve_scenes(names), settings, folder)
    return MediaFile(deck.html), MediaFile(deck.pptx)


@_with_scene_parameters
def stills(
    scenes: str | Sequence[str] = "all",
    quality: str = DEFAULT_QUALITY,
    at: str | None = None,
    *,
    transparent: bool = False,
    lang: str = "en",
    jobs: int | None = None,
    config: str | os.PathLike | None = None,
    **parameters,
) -> list[MediaFile]:
    """The PNG still of each of ``scenes`` (``media/stills/<720p30>/<Scene>[.<lang>].png``):
    its final frame, or the end of beat ``at``, on a ``transparent`` background if asked, its
    screen text in ``lang``; the other arguments as for :func:`render`."""
    from normgeom.publish import runs
    from normgeom.publish.stills import STILL_VOICE
    from normgeom.rendering.targets import resolve_scenes

    names = _scene_names(scenes)
    expect("at", at, (str, type(None)), "a beat name or None")
    if not isinstance(transparent, bool):
        raise UsageError(f"transparent: expected True or False, got {transparent!r}")
    settings = python_settings(quality, STILL_VOICE, jobs, config, parameters, lang)
    results = runs.stills(resolve_scenes(names), settings, at, transparent=transparent)
    return [MediaFile(result.files["image"]) for result in results]


@_with_scene_parameters
def publish(
    quality: str = DEFAULT_QUALITY,
    voice: str | None = None,
    *,
    output: str | os.PathLike | None = None,
    lang: str = "en",
    jobs: int | None = None,
    config: str | os.PathLike | None = None,
    **parameters,
) -> MediaFile:
    """Build every part and write the publishable folder (default ``media/bundle/``, for a
    translation ``media/bundle.<lang>/``: the lecture, scenes, GIFs, stills, the HTML deck,
    the live page and a manifest; needs the ``slides`` extra) and return the folder; the
    other arguments as for :func:`render`."""
    from normgeom.publish import runs

    folder = _folder_name(output)
    settings = python_settings(quality, voice, jobs, config, parameters, lang)
    return MediaFile(runs.bundle(settings, folder).folder)


def page(output: str | os.PathLike | None = None) -> MediaFile:
    """Write the live lesson and 3D explorer into the folder ``output`` (default
    ``media/page/``) and return its ``index.html``, which opens from disk."""
    from normgeom.publish import runs

    return MediaFile(runs.page(_folder_name(output)))


@_with_scene_parameters
def audit(
    scenes: str | Sequence[str] = "all",
    voice: str | None = None,
    *,
    jobs: int | None = None,
    config: str | os.PathLike | None = None,
    **parameters,
) -> dict[str, list[Finding]]:
    """Check every frame of ``scenes`` (a name, names, or ``all``) as a viewer sees them, as
    ``normgeom audit`` does: each scene's findings by its name (an empty list: none).
    ``voice`` decides the timing; the other arguments as for :func:`render`."""
    from normgeom.audit.run import audit_named

    names = _scene_names(scenes)
    settings = python_settings(DEFAULT_QUALITY, voice, jobs, config, parameters)
    found = audit_named(names, settings.params, settings.voice, settings.jobs)
    return {play.target.name: findings for play, findings in found}


def explain(vector, gain: float = 1.0, eps: float = 1e-6) -> dict:
    """Every number of the one-vector lesson, as ``normgeom explain --json`` prints it (full
    precision; ``None`` where a result is undefined or beyond float64)."""
    import normmath as nm
    from normgeom.explanation import lesson_json

    expect("gain", gain, Real, "a number")
    expect("eps", eps, Real, "a number")
    try:
        lesson = nm.lesson(vector, gain=gain, eps=nm.validation.as_eps(eps, "eps"))
    except NormMathError as error:  # the API's one error for a bad argument
        raise UsageError(str(error)) from error
    return lesson_json(lesson)
