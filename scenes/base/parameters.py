"""What a render gives a scene: its parameters (seed figures as defaults) and its settings.

A scene reads both as ``self.params`` and ``self.settings`` (see :mod:`scenes.base.narrated`).
``normgeom`` passes a :class:`SceneSettings` to the scene it renders; plain
``manim render scenes/<file>.py <Scene>`` builds one from environment variables, that
path's only interface (:meth:`SceneSettings.from_environment`):

- ``NORMGEOM_PARAMS``: a TOML file of parameter overrides, its keys the fields of
  :class:`SceneParams` (``gamma``, ``beta``, ``eps``, ``points``, ``vector``, ``gain``,
  ``lesson_eps``);
- ``NORMGEOM_VOICE`` and ``NORMGEOM_VOICE_CACHE``: the voice and its audio cache
  (read by :mod:`scenes.voice.registry`);
- ``NORMGEOM_STOP_AFTER``: end the scene after this beat (for stills of a beat's end);
- ``NORMGEOM_STOCK_CAMERAS=1``: Manim's own cameras instead of the caching ones.

Each field of :class:`SceneParams` is declared once, with its :class:`Parameter` (kind,
command-line option, help) in the field's metadata; the command-line options, the config
keys, the Python API's keyword arguments and the documentation's table are all read from
:data:`PARAMETERS`, so a new parameter is one new field.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace
from numbers import Real
from pathlib import Path

import normmath as nm
from normio import files
from scenes.base import limits
from scenes.voice.languages import SOURCE, check_language

__all__ = [
    "PARAMS_ENV",
    "STOP_AFTER_ENV",
    "STOCK_CAMERAS_ENV",
    "LANG_ENV",
    "Kind",
    "Parameter",
    "SceneParams",
    "PARAMETERS",
    "SceneSettings",
    "CONFIG_LIMIT",
    "load_params",
    "with_overrides",
]

PARAMS_ENV = "NORMGEOM_PARAMS"
STOP_AFTER_ENV = "NORMGEOM_STOP_AFTER"
STOCK_CAMERAS_ENV = "NORMGEOM_STOCK_CAMERAS"
LANG_ENV = "NORMGEOM_LANG"
PARAMETER = "parameter"
"""The key of a :class:`SceneParams` field's metadata holding its :class:`Parameter`."""


class Kind(enum.Enum):
    """How a parameter's value is written: on the command line (:meth:`from_text`), in a
    config file (:meth:`from_value`) and from Python (:meth:`from_python`). Each converter
    returns the value as :class:`SceneParams` holds it, or raises ``ValueError`` saying what
    was expected (a file's own problems raise :class:`normio.errors.FileError`)."""

    TRIPLE = "3 numbers"
    NUMBER = "a number"
    FILE = "a .npy or .csv file"

    def from_text(self, text: str) -> object:
        """A command-line value: ``2,0.4,1.5``, ``1e-6``, or a file name (checked readable,
        made absolute)."""
        if self is Kind.FILE:
            files.check_file(text, "points", nm.POINT_FILE_LIMIT)  # named as the user wrote it
            return str(Path(text).resolve())
        if self is Kind.NUMBER:
            try:
                return float(text)
            except ValueError:
                raise ValueError(f"expected a number, got {text!r}") from None
        parts = text.split(",")
        try:
            values = tuple(float(part.strip()) for part in parts)
        except ValueError:
            raise ValueError(f"expected 3 comma-separated numbers, got {text!r}") from None
        if len(values) != 3:
            raise ValueError(f"expected 3 comma-separated numbers, got {len(values)}")
        return values

    def to_text(self, value: object) -> str:
        """``value`` as the command line writes it (``2,0.4,1.5``); ``none`` for no file."""
        if self is Kind.TRIPLE:
            return ",".join(f"{v:g}" for v in value)
        if self is Kind.NUMBER:
            return f"{value:g}"
        return "none" if value is None else str(value)

    def from_value(self, value: object) -> object:
        """A config file's value: a list of 3 numbers, a number, a file name (booleans are
        not numbers); a NumPy array or scalar counts as its list or number."""
        if self is Kind.FILE:
            if not isinstance(value, str):
                raise ValueError(f"expected a file name in quotes, got {value!r}")
            return value
        if hasattr(value, "tolist"):
            value = value.tolist()
        triple = self is Kind.TRIPLE
        numbers = list(value) if triple and isinstance(value, list | tuple) else [value]
        if any(isinstance(v, bool) or not isinstance(v, Real) for v in numbers) or (
            triple and len(numbers) != 3
        ):
            wanted = "a list of 3 numbers, e.g. [2, 0.4, 1.5]" if triple else "a number"
            raise ValueError(f"expected {wanted}, got {value!r}")
        return tuple(float(v) for v in numbers) if triple else float(numbers[0])

    def from_python(self, value: object) -> object:
        """A Python value: a file as a path (``str`` or path-like, taken from the working
        folder, as on the command line), anything else as in a config file."""
        if self is not Kind.FILE:
            return self.from_value(value)
        if not isinstance(value, str | os.PathLike):
            raise ValueError(f"expected a file name or path, got {value!r}")
        return self.from_text(os.fspath(value))


@dataclass(frozen=True)
class Parameter:
    """A scene parameter's one declaration: its field ``name`` and ``default`` (filled in
    from :class:`SceneParams`), its :class:`Kind`, its command-line ``option`` and ``help``."""

    kind: Kind
    option: str
    help: str
    name: str = ""
    default: object = None

    def describe(self) -> str:
        """The help of the parameter with its kind and default (``the LayerNorm gain of the
        3D scenes; 3 numbers, default 2,0.4,1.5``)."""
        return f"{self.help}; {self.kind.value}, default {self.kind.to_text(self.default)}"


def _declare(default: object, kind: Kind, option: str, help: str) -> dataclasses.Field:
    """A :class:`SceneParams` field holding its :class:`Parameter`."""
    return dataclasses.field(default=default, metadata={PARAMETER: Parameter(kind, option, help)})


@dataclass(frozen=True)
class SceneParams:
    """Every parameter a scene reads.

    ``gamma``/``beta``/``eps``: the LayerNorm gain, bias and the epsilon demo value;
    ``points``: a user point file replacing the main cloud (None = seed cloud);
    ``vector``/``gain``/``lesson_eps``: the one-vector lesson's input, scalar gain, epsilon.
    """

    gamma: tuple[float, float, float] = _declare(
        nm.DEMO_GAIN, Kind.TRIPLE, "--gamma", "the LayerNorm gain of the 3D scenes"
    )
    beta: tuple[float, float, float] = _declare(
        nm.DEMO_BIAS, Kind.TRIPLE, "--beta", "the LayerNorm bias of the 3D scenes"
    )
    eps: float = _declare(nm.DEMO_EPS, Kind.NUMBER, "--eps", "epsilon of the epsilon demo")
    points: str | None = _declare(
        None, Kind.FILE, "--points", "(m, 3) points replacing the seed cloud"
    )
    vector: tuple[float, float, float] = _declare(
        nm.POSITIVE, Kind.TRIPLE, "--vector", "the one-vector lesson's input"
    )
    gain: float = _declare(
        1.0, Kind.NUMBER, "--gain", "the lesson's gain, shared by every coordinate"
    )
    lesson_eps: float = _declare(
        nm.LESSON_EPS, Kind.NUMBER, "--lesson-eps", "the lesson's epsilon, >= 0"
    )

    def cloud(self) -> nm.PointSet:
        """The point set of the LayerNorm scenes: the user's file (at most
        :data:`~scenes.base.limits.MAX_POINTS` points) or the seed cloud."""
        if self.points:
            return nm.load_points(self.points, max_rows=limits.MAX_POINTS)
        return nm.main_cloud()

    def validated(self, named: Callable[[str], str] = str) -> SceneParams:
        """Check every value through normmath and against what the scenes can draw
        (:mod:`scenes.base.limits`); raise :class:`normmath.NormMathError`, naming a field
        ``named(field)`` (as the user gave it: ``--lesson-eps`` on the command line)."""
        nm.validation.as_feature_param(self.gamma, 3, named("gamma"))
        nm.validation.as_feature_param(self.beta, 3, named("beta"))
        nm.validation.as_eps(self.eps, named("eps"))
        nm.validation.as_eps(self.lesson_eps, named("lesson_eps"))
        nm.validation.as_scalar(self.gain, named("gain"))
        vector = nm.validation.as_rows(self.vector, named("vector"))
        if vector.shape != (3,):
            raise nm.NormMathError(
                f"{named('vector')}: the scenes need exactly 3 coordinates, got {vector.size}"
            )
        limits.check_lesson(vector, self.gain, self.lesson_eps, named)
        source = f"points ({Path(self.points).name})" if self.points else "points"
        limits.check_cloud(self.cloud().points, self.gamma, self.beta, source, named)
        return self

    def to_toml(self) -> str:
        """The overrides as TOML text (only values that differ from the defaults)."""
        lines = []
        for field in fields(self):
            value = getattr(self, field.name)
            if value == field.default or value is None:
                continue
            if isinstance(value, str):  # a JSON string is a TOML basic string
                lines.append(f"{field.name} = {json.dumps(value)}")
            elif isinstance(value, tuple):
                lines.append(f"{field.name} = [{', '.join(repr(float(v)) for v in value)}]")
            else:
                lines.append(f"{field.name} = {float(value)!r}")
        return "\n".join(lines) + ("\n" if lines else "")


CONFIG_LIMIT = 64 * files.KB
"""Largest parameter file read: a few lines of keys, with room for comments."""

PARAMETERS: tuple[Parameter, ...] = tuple(
    replace(field.metadata[PARAMETER], name=field.name, default=field.default)
    for field in fields(SceneParams)
)
"""Every scene parameter's declaration, in field order."""
BY_NAME = {parameter.name: parameter for parameter in PARAMETERS}


def load_params(path: str | os.PathLike | None = None) -> SceneParams:
    """Defaults updated from a TOML file (``path`` or ``$NORMGEOM_PARAMS``), validated.

    The file is read as :func:`normio.files.read_toml` reads (a regular file of at most
    :data:`CONFIG_LIMIT` bytes, UTF-8 with or without a byte-order mark); every error is one
    line naming the file, and the line or the key. A relative ``points`` file name is taken
    from the config file's folder.
    """
    path = path or os.environ.get(PARAMS_ENV)
    if not path:
        return SceneParams()
    data = files.read_toml(path, "config", CONFIG_LIMIT)
    points = data.get("points")
    if isinstance(points, str) and points:  # a relative name is the config file's neighbour
        data = {**data, "points": str(Path(path).resolve().parent / Path(points).expanduser())}
    return with_overrides(SceneParams(), data, f"config: {path}")


def with_overrides(params: SceneParams, values: Mapping[str, object], source: str) -> SceneParams:
    """``params`` with ``values`` in place (the keys of :class:`SceneParams`, each as a config
    file writes it: a list of 3 numbers, a number, a file name), validated.

    Raises
    ------
    normmath.NormMathError
        For an unknown key or a value of the wrong kind, naming ``source`` and the key.
    """
    unknown = sorted(set(values) - set(BY_NAME))
    if unknown:
        names, allowed = ", ".join(unknown), ", ".join(sorted(BY_NAME))
        raise nm.NormMathError(f"{source}: unknown key(s) {names}; known: {allowed}")
    overrides = {}
    for key, value in values.items():
        try:
            overrides[key] = BY_NAME[key].kind.from_value(value)
        except ValueError as exc:
            raise nm.NormMathError(f"{source}: {key}: {exc}") from None
    return replace(params, **overrides).validated()


@dataclass(frozen=True)
class SceneSettings:
    """Everything a scene is given besides Manim's own config.

    ``params``: the scene parameters; ``voice``/``voice_cache``: the voice name and its
    audio cache folder (``None``: :mod:`scenes.voice.registry` decides from its environment
    variables); ``stop_after``: the beat after which the scene ends (``None``: play it all);
    ``caching_cameras``: False renders with Manim's stock cameras (same pictures, slower);
    ``beats``: draw and write only beats ``first`` to ``end - 1`` of the movie (``None``: all;
    see :mod:`scenes.base.beat_range`); ``lang``: the language spoken and subtitled
    (:mod:`scenes.voice.languages`; ``$NORMGEOM_LANG`` for a plain ``manim render``).
    """

    params: SceneParams = dataclasses.field(default_factory=SceneParams)
    voice: str | None = None
    voice_cache: str | None = None
    stop_after: str | None = None
    caching_cameras: bool = True
    beats: tuple[int, int] | None = None
    lang: str = SOURCE

    @classmethod
    def from_environment(cls) -> SceneSettings:
        """The settings of a plain ``manim render`` (see the module docstring)."""
        return cls(
            params=load_params(),
            stop_after=os.environ.get(STOP_AFTER_ENV) or None,
            caching_cameras=os.environ.get(STOCK_CAMERAS_ENV, "") in {"", "0"},
            lang=check_language(os.environ.get(LANG_ENV) or SOURCE),
        )
