"""The lecture's title and scene list, read from the scene classes without importing Manim.

A scene class joins the lecture by declaring its place, ``lecture_order: ClassVar[int] = 30``
(scenes play in increasing order; leave gaps to insert), and its chapter title,
``chapter: ClassVar[str] = "Mean centering"`` (a few words, as a video's chapter list shows
them; the class name when absent), and says what it shows in the first line of its
docstring. Its narration is the table named after it in ``scenes/narration/<module>.toml``
(or, for a variant without its own, that of the first class in its method resolution order
that has one, whichever file defines it: :func:`first_narration`, the one lookup the render,
the cache key and the range planner share), translated into another language by the
catalogues beside it (:mod:`scenes.voice.translation`).

The scene files are read by :mod:`scenes.base.source`, not imported: ``normgeom list``,
``explain`` and ``--help`` stay quick and never load Manim, and a scene is added in one place
(its class) plus its narration. Only literal values assigned in the class body count.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from scenes.base import source
from scenes.base.source import ClassRef
from scenes.voice.languages import SOURCE
from scenes.voice.narration import load_narration, narration_file
from scenes.voice.translation import translated
from scenes.voice.wording import Template

__all__ = [
    "SCENES_DIR",
    "LECTURE_TITLE",
    "LECTURE_SUBTITLE",
    "ORDER_ATTRIBUTE",
    "CHAPTER_ATTRIBUTE",
    "SceneEntry",
    "SCENES",
    "scene_names",
    "find",
    "first_narration",
    "narration",
    "load_scene_class",
]

SCENES_DIR = Path(__file__).resolve().parents[1]
LECTURE_TITLE = "The Geometry of LayerNorm and RMSNorm"
LECTURE_SUBTITLE = "What normalization does to vectors, in three dimensions"
ORDER_ATTRIBUTE = "lecture_order"
CHAPTER_ATTRIBUTE = "chapter"


@dataclass(frozen=True)
class SceneEntry:
    """A scene class read from its file.

    ``name``: the class name; ``module``: its module's file stem in ``scenes/``; ``summary``:
    its docstring's first line; ``order``: its ``lecture_order`` (``None``: not in the
    lecture); ``bases``: its base classes, as written (``Gain`` or ``layernorm.Gain``);
    ``chapter``: its chapter title; ``line``: the line of its ``class`` statement.
    """

    name: str
    module: str
    summary: str
    order: int | None
    bases: tuple[str, ...]
    chapter: str
    line: int = 0

    @property
    def file(self) -> Path:
        """The Python file that defines the class."""
        return SCENES_DIR / f"{self.module}.py"


def classes_in(file: Path) -> tuple[SceneEntry, ...]:
    """Every top-level class of a Python file, in file order."""
    return tuple(
        SceneEntry(
            node.name,
            file.stem,
            (ast.get_docstring(node) or node.name).splitlines()[0].strip(),
            source.literal(node, ORDER_ATTRIBUTE, int),
            source.base_names(node),
            source.literal(node, CHAPTER_ATTRIBUTE, str) or node.name,
            node.lineno,
        )
        for node in source.classes(file)
    )


def _lecture() -> tuple[SceneEntry, ...]:
    entries = [
        entry
        for file in sorted(SCENES_DIR.glob("*.py"))
        for entry in classes_in(file)
        if entry.order is not None
    ]
    return tuple(sorted(entries, key=lambda entry: entry.order))


SCENES: tuple[SceneEntry, ...] = _lecture()
"""The lecture's scenes in playing order."""


def scene_names() -> list[str]:
    """Class names in lesson order."""
    return [entry.name for entry in SCENES]


def find(name: str) -> SceneEntry:
    """The entry of a lecture scene by exact class name (KeyError otherwise)."""
    for entry in SCENES:
        if entry.name == name:
            return entry
    raise KeyError(name)


def first_narration(classes: Iterable[ClassRef], lang: str = SOURCE) -> dict[str, Template] | None:
    """The ordered beats of the first of ``classes`` (a method resolution order) that has a
    table in its file's ``narration/<stem>.toml``, in language ``lang``
    (:func:`scenes.voice.translation.translated`); None when none has."""
    for file, name in classes:
        path = narration_file(file) if file is not None else None
        if path is not None and name in (table := load_narration(path)):
            return translated(path, name, table[name], lang)
    return None


def narration(file: Path, name: str, lang: str = SOURCE) -> dict[str, Template]:
    """The ordered beats of class ``name`` defined in ``file`` in language ``lang`` (see
    :func:`first_narration` and :func:`scenes.base.source.lineage`); ``{}`` for a scene
    without narration."""
    return first_narration(source.lineage(file, name), lang) or {}


def load_scene_class(name: str) -> type:
    """Import and return the lecture scene class named ``name`` (this imports Manim)."""
    entry = find(name)
    return getattr(importlib.import_module(f"scenes.{entry.module}"), entry.name)
