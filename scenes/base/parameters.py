"""What a render gives a scene: its parameters (seed figures as defaults) and its settings.

A scene reads both as ``self.params`` and ``self.settings`` (see :mod:`scenes.base.narrated`).
``normgeom`` passes a :class:`SceneSettings` to the scene it renders; plain
``manim render scenes/<file>.py <Scene>`` builds one from environment variables, that
path's only interface (:meth:`SceneSettings.from_environment`):

- ``NORMGEOM_PARAMS``: a TOML file of parameter overrides, keys ``gamma``, ``beta``,
  ``eps``, ``points`` (a .npy/.csv path), ``vector``, ``gain``, ``lesson_eps``;
- ``NORMGEOM_VOICE`` and ``NORMGEOM_VOICE_CACHE``: the voice and its audio cache
  (read by :mod:`scenes.voice.registry`);
- ``NORMGEOM_STOP_AFTER``: end the scene after this beat (for stills of a beat's end);
- ``NORMGEOM_STOCK_CAMERAS=1``: Manim's own cameras instead of the caching ones.
"""

from __future__ import annotations

import dataclasses
import os
import tomllib
from dataclasses import dataclass, fields, replace
from pathlib import Path

import normmath as nm
from scenes.base import limits

__all__ = [
    "PARAMS_ENV",
    "STOP_AFTER_ENV",
    "STOCK_CAMERAS_ENV",
    "SceneParams",
    "SceneSettings",
    "load_params",
]

PARAMS_ENV = "NORMGEOM_PARAMS"
STOP_AFTER_ENV = "NORMGEOM_STOP_AFTER"
STOCK_CAMERAS_ENV = "NORMGEOM_STOCK_CAMERAS"


@dataclass(frozen=True)
class SceneParams:
    """Every parameter a scene reads.

    ``gamma``/``beta``/``eps``: the LayerNorm gain, bias and the epsilon demo value;
    ``points``: a user point file replacing the main cloud (None = seed cloud);
    ``vector``/``gain``/``lesson_eps``: the one-vector lesson's input, scalar gain, epsilon.
    """

    gamma: tuple[float, float, float] = nm.DEMO_GAIN
    beta: tuple[float, float, float] = nm.DEMO_BIAS
    eps: float = nm.DEMO_EPS
    points: str | None = None
    vector: tuple[float, float, float] = nm.POSITIVE
    gain: float = 1.0
    lesson_eps: float = nm.LESSON_EPS

    def cloud(self) -> nm.PointSet:
        """The point set of the LayerNorm scenes: the user's file (at most
        :data:`~scenes.base.limits.MAX_POINTS` points) or the seed cloud."""
        if self.points:
            return nm.load_points(self.points, max_rows=limits.MAX_POINTS)
        return nm.main_cloud()

    def validated(self) -> SceneParams:
        """Check every value through normmath and against what the scenes can draw
        (:mod:`scenes.base.limits`); raise :class:`normmath.NormMathError`."""
        nm.validation.as_feature_param(self.gamma, 3, "gamma")
        nm.validation.as_feature_param(self.beta, 3, "beta")
        nm.validation.as_eps(self.eps, "eps")
        nm.validation.as_eps(self.lesson_eps, "lesson_eps")
        nm.validation.as_scalar(self.gain, "gain")
        vector = nm.validation.as_rows(self.vector, "vector")
        if vector.shape != (3,):
            raise nm.NormMathError(
                f"vector: the scenes need exactly 3 coordinates, got {vector.size}"
            )
        limits.check_lesson(vector, self.gain, self.lesson_eps)
        source = f"points ({Path(self.points).name})" if self.points else "points"
        limits.check_cloud(self.cloud().points, self.gamma, self.beta, source)
        return self

    def to_toml(self) -> str:
        """The overrides as TOML text (only values that differ from the defaults)."""
        lines = []
        for field in fields(self):
            value = getattr(self, field.name)
            if value == field.default or value is None:
                continue
            if isinstance(value, str):
                lines.append(f"{field.name} = {value!r}".replace("'", '"'))
            elif isinstance(value, tuple):
                lines.append(f"{field.name} = [{', '.join(repr(float(v)) for v in value)}]")
            else:
                lines.append(f"{field.name} = {float(value)!r}")
        return "\n".join(lines) + ("\n" if lines else "")


def _coerce(key: str, value):
    if key in {"gamma", "beta", "vector"}:
        return tuple(float(v) for v in value)
    if key == "points":
        return str(value)
    return float(value)


def load_params(path: str | os.PathLike | None = None) -> SceneParams:
    """Defaults updated from a TOML file (``path`` or ``$NORMGEOM_PARAMS``), validated."""
    path = path or os.environ.get(PARAMS_ENV)
    if not path:
        return SceneParams()
    try:
        data = tomllib.loads(Path(path).read_text())
    except FileNotFoundError:
        raise nm.NormMathError(f"config: {path}: no such file") from None
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise nm.NormMathError(f"config: {path}: unreadable ({exc})") from None
    known = {f.name for f in fields(SceneParams)}
    unknown = sorted(set(data) - known)
    if unknown:
        names, allowed = ", ".join(unknown), ", ".join(sorted(known))
        raise nm.NormMathError(f"config: {path}: unknown key(s) {names}; known: {allowed}")
    try:
        overrides = {key: _coerce(key, value) for key, value in data.items()}
    except (TypeError, ValueError) as exc:
        raise nm.NormMathError(f"config: {path}: bad value ({exc})") from None
    return replace(SceneParams(), **overrides).validated()


@dataclass(frozen=True)
class SceneSettings:
    """Everything a scene is given besides Manim's own config.

    ``params``: the scene parameters; ``voice``/``voice_cache``: the voice name and its
    audio cache folder (``None``: :mod:`scenes.voice.registry` decides from its environment
    variables); ``stop_after``: the beat after which the scene ends (``None``: play it all);
    ``caching_cameras``: False renders with Manim's stock cameras (same pictures, slower).
    """

    params: SceneParams = dataclasses.field(default_factory=SceneParams)
    voice: str | None = None
    voice_cache: str | None = None
    stop_after: str | None = None
    caching_cameras: bool = True

    @classmethod
    def from_environment(cls) -> SceneSettings:
        """The settings of a plain ``manim render`` (see the module docstring)."""
        return cls(
            params=load_params(),
            stop_after=os.environ.get(STOP_AFTER_ENV) or None,
            caching_cameras=os.environ.get(STOCK_CAMERAS_ENV, "") in {"", "0"},
        )
