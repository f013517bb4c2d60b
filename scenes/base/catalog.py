"""The lecture's title and scene list, read from the scene classes without importing Manim.

A scene class joins the lecture by declaring its place, ``lecture_order: ClassVar[int] = 30``
(scenes play in increasing order; leave gaps to insert), and its chapter title,
``chapter: ClassVar[str] = "Mean centering"`` (a few words, as a video's chapter list shows
them; the class name when absent), and says what it shows in the first line of its
docstring. Its narration is the table named after it in ``scenes/narration/<module>.toml``
(or, for a variant without its own, its base class's).

The scene files are read with :mod:`ast`, not imported: ``normgeom list``, ``explain`` and
``--help`` stay quick and never load Manim, and a scene is added in one place (its class)
plus its narration. Only literal values assigned in the class body count.
"""

from __future__ import annotations

import ast
import importlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from scenes.voice.narration import load_narration, narration_file
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
    lecture); ``bases``: the names of its base classes, as written; ``chapter``: its chapter
    title.
    """

    name: str
    module: str
    summary: str
    order: int | None
    bases: tuple[str, ...]
    chapter: str

    @property
    def file(self) -> Path:
        """The Python file that defines the class."""
        return SCENES_DIR / f"{self.module}.py"


def _literal(node: ast.ClassDef, attribute: str, kind: type) -> object | None:
    """The literal of type ``kind`` assigned to ``attribute`` in the class body, or None."""
    for statement in node.body:
        target = getattr(statement, "target", None) or next(
            iter(getattr(statement, "targets", [])), None
        )
        value = getattr(statement, "value", None)
        named = isinstance(target, ast.Name) and target.id == attribute
        if named and isinstance(value, ast.Constant) and isinstance(value.value, kind):
            return value.value
    return None


def classes_in(file: Path) -> tuple[SceneEntry, ...]:
    """Every top-level class of a Python file, in file order (parsed again when it changed)."""
    stat = file.stat()
    return _classes(file, stat.st_mtime_ns, stat.st_size)


@cache
def _classes(file: Path, mtime_ns: int, size: int) -> tuple[SceneEntry, ...]:
    tree = ast.parse(file.read_text(encoding="utf-8"), filename=str(file))
    return tuple(
        SceneEntry(
            node.name,
            file.stem,
            (ast.get_docstring(node) or node.name).splitlines()[0].strip(),
            _literal(node, ORDER_ATTRIBUTE, int),
            tuple(ast.unparse(base).rsplit(".", 1)[-1] for base in node.bases),
            _literal(node, CHAPTER_ATTRIBUTE, str) or node.name,
        )
        for node in tree.body
        if isinstance(node, ast.ClassDef)
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


def narration(file: Path, name: str) -> dict[str, Template]:
    """The ordered beats of class ``name`` defined in ``file``: its own table in the
    ``narration/<stem>.toml`` beside the file, else that of the nearest base class defined
    in the same file; ``{}`` for a scene without narration."""
    classes = {entry.name: entry for entry in classes_in(file)}
    table = load_narration(narration_file(file))
    pending = [name]
    while pending:
        current = pending.pop(0)
        if current in table:
            return table[current]
        if current in classes:
            pending.extend(classes[current].bases)
    return {}


def load_scene_class(name: str) -> type:
    """Import and return the lecture scene class named ``name`` (this imports Manim)."""
    entry = find(name)
    return getattr(importlib.import_module(f"scenes.{entry.module}"), entry.name)
