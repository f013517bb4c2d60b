"""Reading narration files without Manim: ``narration/<module>.toml`` beside a scene module,
one table per scene class, one string per beat, in order."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from scenes.voice.wording import Template, normalized

__all__ = ["narration_file", "load_narration"]


def narration_file(module_file: Path) -> Path:
    """The narration file of a scene module: ``narration/<stem>.toml`` beside it."""
    return module_file.parent / "narration" / f"{module_file.stem}.toml"


def load_narration(path: Path) -> dict[str, dict[str, Template]]:
    """All beats of a narration file: ``{scene class name: {beat name: template}}`` ({} if
    none); a template is a text or variants by condition (see :mod:`scenes.voice.wording`).

    The file is parsed again only when it changed.
    """
    try:
        stat = path.stat()
    except FileNotFoundError:
        return {}
    return _parse(path, stat.st_mtime_ns, stat.st_size)


@cache
def _parse(path: Path, mtime_ns: int, size: int) -> dict[str, dict[str, Template]]:
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    return {
        scene: {beat: normalized(template) for beat, template in beats.items()}
        for scene, beats in data.items()
    }
