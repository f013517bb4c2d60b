"""The lecture's title and scene list, read from the scene classes without importing Manim.

A scene class joins the lecture by declaring its place, ``lecture_order: ClassVar[int] = 30``
(scenes play in increasing order; leave gaps to insert), and its chapter title,
``chapter: ClassVar[str] = "Mean centering"`` (a few words, as a video's chapter list shows
them; the class name when absent), and says what it shows in the first line of its
docstring. Its narration is the table named after it in ``scenes/narration/<module>.toml``
(or, for a variant without its own, that of the first class in its method resolution order
that has one, whichever file defines it: :func:`first_narration`, the one lookup the render,
the cache key and the range planner share).

The scene files are read with :mod:`ast`, not imported: ``normgeom list``, ``explain`` and
``--help`` stay quick and never load Manim, and a scene is added in one place (its class)
plus its narration. Only literal values assigned in the class body count.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterable
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
    "ClassRef",
    "lineage",
    "first_narration",
    "narration",
    "load_scene_class",
]

SCENES_DIR = Path(__file__).resolve().parents[1]
SOURCE_ROOT = SCENES_DIR.parent
"""The folder holding the ``scenes`` and ``normmath`` packages (where imports resolve)."""
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
    return _module(file).classes


@dataclass(frozen=True)
class _Module:
    """What a file defines at its top level: its classes, and each name it binds by a class
    or an import with the line binding it (``(line, module, attribute)``; ``module`` empty
    for a class of the file, ``attribute`` empty when the name is the module itself)."""

    classes: tuple[SceneEntry, ...]
    bindings: dict[str, tuple[tuple[int, str, str], ...]]


def _module(file: Path) -> _Module:
    stat = file.stat()
    return _parsed(file, stat.st_mtime_ns, stat.st_size)


def _base(node: ast.expr) -> str:
    """A base class as written, without type arguments (``Generic[T]``: ``Generic``)."""
    return ast.unparse(node.value if isinstance(node, ast.Subscript) else node)


def _import_root(file: Path) -> Path:
    """The folder its imports start from: above the outermost package holding ``file``."""
    folder = file.parent
    while (folder / "__init__.py").is_file() and folder.parent != folder:
        folder = folder.parent
    return folder


def _absolute(file: Path, module: str | None, level: int) -> str:
    """The absolute name of ``from <level dots><module> import`` in ``file``."""
    if not level:
        return module or ""
    package = list(file.parent.relative_to(_import_root(file)).parts)
    anchor = package[: len(package) - level + 1]
    return ".".join([*anchor, *([module] if module else [])])


@cache
def _parsed(file: Path, mtime_ns: int, size: int) -> _Module:
    tree = ast.parse(file.read_text(encoding="utf-8"), filename=str(file))
    classes, bindings = [], {}
    for node in tree.body:
        bound: list[tuple[str, str, str]] = []
        if isinstance(node, ast.ClassDef):
            classes.append(
                SceneEntry(
                    node.name,
                    file.stem,
                    (ast.get_docstring(node) or node.name).splitlines()[0].strip(),
                    _literal(node, ORDER_ATTRIBUTE, int),
                    tuple(_base(base) for base in node.bases),
                    _literal(node, CHAPTER_ATTRIBUTE, str) or node.name,
                    node.lineno,
                )
            )
            bound.append((node.name, "", ""))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    bound.append((alias.asname, alias.name, ""))
                else:
                    head = alias.name.split(".")[0]
                    bound.append((head, head, ""))
        elif isinstance(node, ast.ImportFrom):
            module = _absolute(file, node.module, node.level)
            bound += [(alias.asname or alias.name, module, alias.name) for alias in node.names]
        for name, module, attribute in bound:
            bindings[name] = (*bindings.get(name, ()), (node.lineno, module, attribute))
    return _Module(tuple(classes), bindings)


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


ClassRef = tuple[Path | None, str]
"""A class as ``(the file defining it, its name)``; the file is ``None`` for a class from
outside the source tree (Manim's), which has no narration."""


def _module_file(dotted: str, near: Path) -> Path | None:
    """The file of module ``dotted`` as imported from file ``near``: from its import root
    (the project's copy it lies in, or its own folder), else from the source tree; or None."""
    for folder in (_import_root(near), SOURCE_ROOT):
        stem = folder.joinpath(*dotted.split("."))
        for candidate in (stem.with_suffix(".py"), stem / "__init__.py"):
            if candidate.is_file():
                return candidate.resolve()
    return None


def _resolve(file: Path, written: str, line: int, seen: frozenset[ClassRef]) -> ClassRef:
    """The class that the name ``written`` (``Gain``, ``layernorm.Gain``) means in ``file``
    at ``line``, following imports and re-exports across files."""
    head, *rest = written.split(".")
    bindings = [b for b in _module(file).bindings.get(head, ()) if b[0] < line]
    if not bindings:
        return (None, written.rsplit(".", 1)[-1])
    _, module, attribute = bindings[-1]
    if not module:  # a class of this file
        return (file, head) if not rest else (None, rest[-1])
    if rest:  # the name is a module: ``module.Class``
        dotted, name = ".".join(p for p in (module, attribute, *rest[:-1]) if p), rest[-1]
    elif attribute:  # ``from module import Class``
        dotted, name = module, attribute
    else:
        return (None, head)
    source = _module_file(dotted, file)
    if source is None or (source, name) in seen:
        return (None, name)
    return _resolve(source, name, _END, seen | {(source, name)})


_END = 1 << 30
"""A line after every statement: a name as the whole module finally binds it."""


def _merge(sequences: list[list[ClassRef]]) -> list[ClassRef]:
    """C3 linearization's merge (what Python orders a class's bases by)."""
    merged: list[ClassRef] = []
    sequences = [list(sequence) for sequence in sequences if sequence]
    while sequences:
        for sequence in sequences:
            head = sequence[0]
            if not any(head in other[1:] for other in sequences):
                break
        else:  # no consistent order: Python would refuse the class; keep the written one
            head = sequences[0][0]
        merged.append(head)
        sequences = [[c for c in sequence if c != head] for sequence in sequences]
        sequences = [sequence for sequence in sequences if sequence]
    return merged


def lineage(file: Path, name: str, _seen: frozenset[ClassRef] = frozenset()) -> list[ClassRef]:
    """The method resolution order of class ``name`` of ``file``, read without importing:
    its bases are followed through the file's imports (into files beside it and the source
    tree's ``scenes`` and ``normmath``) and ordered as Python orders them (C3)."""
    ref = (file.resolve(), name)
    entry = next((e for e in reversed(classes_in(ref[0])) if e.name == name), None)
    if entry is None or ref in _seen:
        return [ref]
    bases = [_resolve(ref[0], base, entry.line, _seen | {ref}) for base in entry.bases]
    parents = [lineage(base[0], base[1], _seen | {ref}) if base[0] else [base] for base in bases]
    return [ref, *_merge([*parents, bases])]


def first_narration(classes: Iterable[ClassRef]) -> dict[str, Template] | None:
    """The ordered beats of the first of ``classes`` (a method resolution order) that has a
    table in its file's ``narration/<stem>.toml``; None when none has."""
    for file, name in classes:
        if file is not None and name in (table := load_narration(narration_file(file))):
            return table[name]
    return None


def narration(file: Path, name: str) -> dict[str, Template]:
    """The ordered beats of class ``name`` defined in ``file`` (see :func:`first_narration`
    and :func:`lineage`); ``{}`` for a scene without narration."""
    return first_narration(lineage(file, name)) or {}


def load_scene_class(name: str) -> type:
    """Import and return the lecture scene class named ``name`` (this imports Manim)."""
    entry = find(name)
    return getattr(importlib.import_module(f"scenes.{entry.module}"), entry.name)
