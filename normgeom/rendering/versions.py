"""Versions of everything that shapes the frames (recorded in cache keys and the manifest)."""

from __future__ import annotations

import platform
from functools import cache
from importlib.metadata import PackageNotFoundError, version

__all__ = ["versions"]

PACKAGES = ("normgeom", "manim", "manim-voiceover", "manim-slides", "av", "pillow", "numpy")


def _version(package: str) -> str:
    try:
        return version(package)
    except PackageNotFoundError:
        return "not installed"


@cache
def versions() -> dict[str, str]:
    """``{package: version}`` for the rendering stack, plus ``python``."""
    return {"python": platform.python_version(), **{p: _version(p) for p in PACKAGES}}
