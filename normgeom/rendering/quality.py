"""Manim's quality presets under the names users type (``low`` or Manim's own ``l``)."""

from __future__ import annotations

from dataclasses import dataclass

from normgeom.errors import UsageError

__all__ = ["Quality", "PRESETS", "resolve_quality"]


@dataclass(frozen=True)
class Quality:
    """A render resolution and frame rate.

    Parameters
    ----------
    name
        The preset name (``low``, ``medium``, ``high``, ``4k``) or any label for custom sizes.
    width, height, fps
        Pixel size and frame rate.
    flag
        Manim's ``-q`` letter for a preset (also accepted as its name); ``None`` for custom sizes.
    """

    name: str
    width: int
    height: int
    fps: int
    flag: str | None = None

    @property
    def label(self) -> str:
        """Manim's folder name for this quality, e.g. ``480p15``."""
        return f"{self.height}p{self.fps}"


PRESETS: dict[str, Quality] = {
    "low": Quality("low", 854, 480, 15, "l"),
    "medium": Quality("medium", 1280, 720, 30, "m"),
    "high": Quality("high", 1920, 1080, 60, "h"),
    "4k": Quality("4k", 3840, 2160, 60, "k"),
}
"""Manim's presets l/m/h/k: 480p15, 720p30, 1080p60, 2160p60."""


def resolve_quality(name: str) -> Quality:
    """The preset called ``name`` (``low``/``l``, ``medium``/``m``, ``high``/``h``, ``4k``/``k``).

    Raises
    ------
    UsageError
        For any other name.
    """
    key = name.strip().lower()
    for preset in PRESETS.values():
        if key in {preset.name, preset.flag, preset.label}:
            return preset
    flags = ", ".join(preset.flag for preset in PRESETS.values())
    raise UsageError(f"unknown quality {name!r}; choose one of {', '.join(PRESETS)} (or {flags})")
