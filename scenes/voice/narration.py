"""Reading narration files without Manim: ``narration/<module>.toml`` beside a scene module,
one table per scene class, one string per beat, in order.

A file is checked whole when it is read, before anything renders: it must be a regular file
of at most :data:`NARRATION_LIMIT` bytes, valid TOML, and every beat a text or a table of
variant texts whose placeholders are plain ``{name}`` fields. Every problem is one
:class:`NarrationFileError` (a :class:`~scenes.voice.wording.NarrationError` and a
:class:`~normio.errors.FileError`) naming the file, the line and, where it lies in one, the beat.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from normio import files
from normio.errors import FileError
from scenes.voice.wording import NarrationError, Template, normalized, placeholders

__all__ = ["NARRATION_LIMIT", "NarrationFileError", "narration_file", "load_narration"]

NARRATION_LIMIT = files.MB
"""Largest narration file read (the longest shipped one is about 10 kB)."""

_TABLE = re.compile(r"^\s*\[\s*([^\]\s]+)\s*\]")
_KEY = re.compile(r"^([A-Za-z0-9_-]+)(?:\.[A-Za-z0-9_.-]+)?\s*=")


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


def _beat_at(text: str, line: int) -> str | None:
    """``Scene.beat`` whose entry is written on or before ``line`` (1-based), if any."""
    scene = beat = None
    for current in text.splitlines()[:line]:
        if table := _TABLE.match(current):
            scene, beat = table.group(1), None
        elif key := _KEY.match(current):
            beat = key.group(1)
    return f"{scene}.{beat}" if scene and beat else None


def _line_of(text: str, scene: str, beat: str) -> int:
    """The line where beat ``beat`` of table ``scene`` starts (1 if it is not found)."""
    lines = text.splitlines()
    for number in range(1, len(lines) + 1):
        if _beat_at(text, number) == f"{scene}.{beat}":
            return number
    return 1


class NarrationFileError(NarrationError, FileError):
    """A narration file that cannot be used (unreadable, not TOML, a beat that is not a text
    or has a bad placeholder): one line naming the file, the line and the beat."""


def _problem(path: Path, text: str, scene: str, beat: str, reason: str) -> NarrationFileError:
    return NarrationFileError(
        "narration", path, reason, _line_of(text, scene, beat), f"beat {scene}.{beat}"
    )


def _checked(path: Path, text: str, scene: str, beat: str, template: object) -> Template:
    """``template`` normalized, once it is a text or a table of texts with valid fields."""
    texts = template.values() if isinstance(template, dict) else [template]
    if not all(isinstance(t, str) for t in texts):
        raise _problem(path, text, scene, beat, "expected a text, or variants that are texts")
    for variant in texts:
        try:
            placeholders(variant)
        except ValueError as exc:
            raise _problem(path, text, scene, beat, str(exc)) from None
    return normalized(template)


@cache
def _parse(path: Path, mtime_ns: int, size: int) -> dict[str, dict[str, Template]]:
    try:
        text = files.read_text(path, "narration", NARRATION_LIMIT)
    except FileError as exc:
        raise NarrationFileError("narration", path, exc.reason, exc.line) from None
    try:
        data = files.parse_toml(text, path, "narration")
    except FileError as exc:
        beat = _beat_at(text, exc.line)
        part = f"beat {beat}" if beat else ""
        raise NarrationFileError("narration", path, exc.reason, exc.line, part) from None
    tables = {}
    for scene, beats in data.items():
        if not isinstance(beats, dict):
            raise NarrationFileError("narration", path, f"{scene}: expected a table of beats")
        tables[scene] = {
            beat: _checked(path, text, scene, beat, template) for beat, template in beats.items()
        }
    return tables
