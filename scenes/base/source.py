"""Python sources read statically, with :mod:`ast`, never imported (so never Manim).

The one reader of scene files for the scene list (:mod:`scenes.base.catalog`), the cache keys
(:mod:`normgeom.rendering.cache`) and the check of a scene against its narration
(:mod:`normgeom.rendering.narration_check`): each file is parsed once per version (its
modification time and size), imports are resolved by one resolver, a class's method
resolution order is read through the imports (:func:`lineage`), and so are the beats a class
speaks (:func:`spoken_beats`) and the parameters a module reads (:func:`params_read`).
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

__all__ = [
    "SOURCE_ROOT",
    "ClassRef",
    "tree",
    "absolute",
    "module_file",
    "imports",
    "classes",
    "class_node",
    "literal",
    "base_names",
    "lineage",
    "spoken_beats",
    "params_read",
    "method_reads",
]

SOURCE_ROOT = Path(__file__).resolve().parents[2]
"""The folder holding the ``scenes`` and ``normmath`` packages (where imports resolve)."""

PARAMS_NAME = "params"
"""The attribute (``self.params``) or name a scene's parameters are read through."""

ClassRef = tuple[Path | None, str]
"""A class as ``(the file defining it, its name)``; the file is ``None`` for a class from
outside the source tree (Manim's), which has no narration."""


def _stamp(file: Path) -> tuple[int, int]:
    """What tells a file's versions apart: its modification time and size."""
    stat = file.stat()
    return stat.st_mtime_ns, stat.st_size


def tree(file: Path) -> ast.Module:
    """The parsed module (parsed once per version of the file)."""
    return _parse(file, _stamp(file))


@cache
def _parse(file: Path, stamp: tuple[int, int]) -> ast.Module:
    return ast.parse(file.read_bytes(), filename=str(file))


def _import_root(file: Path) -> Path:
    """The folder its imports start from: above the outermost package holding ``file``."""
    folder = file.parent
    while (folder / "__init__.py").is_file() and folder.parent != folder:
        folder = folder.parent
    return folder


def absolute(file: Path, module: str | None, level: int) -> str:
    """The absolute name of ``from <level dots><module> import`` in ``file``."""
    if not level:
        return module or ""
    package = list(file.parent.relative_to(_import_root(file)).parts)
    anchor = package[: len(package) - level + 1]
    return ".".join([*anchor, *([module] if module else [])])


def module_file(dotted: str, *roots: Path) -> Path | None:
    """The file of module ``dotted`` under the first of ``roots`` that has it, or None."""
    for root in roots:
        stem = root.joinpath(*dotted.split("."))
        for candidate in (stem.with_suffix(".py"), stem / "__init__.py"):
            if candidate.is_file():
                return candidate
    return None


def imports(file: Path) -> tuple[str, ...]:
    """The absolute dotted names ``file`` imports anywhere in it: each ``import x.y``, and for
    ``from m import a`` both ``m`` and ``m.a`` (``a`` may be a module)."""
    return _imports(file, _stamp(file))


@cache
def _imports(file: Path, stamp: tuple[int, int]) -> tuple[str, ...]:
    found: list[str] = []
    for node in ast.walk(tree(file)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = absolute(file, node.module, node.level)
            found.append(base)
            found += [f"{base}.{alias.name}" for alias in node.names]
    return tuple(found)


def classes(file: Path) -> tuple[ast.ClassDef, ...]:
    """Every top-level ``class`` statement of ``file``, in file order."""
    return tuple(node for node in tree(file).body if isinstance(node, ast.ClassDef))


def class_node(ref: ClassRef) -> ast.ClassDef | None:
    """The last top-level ``class`` statement of ``ref`` in its file (the one Python keeps)."""
    file, name = ref
    found = [node for node in classes(file) if node.name == name] if file else []
    return found[-1] if found else None


def literal(node: ast.ClassDef, attribute: str, kind: type) -> object | None:
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


def base_names(node: ast.ClassDef) -> tuple[str, ...]:
    """The class's bases as written, without type arguments (``Generic[T]``: ``Generic``)."""
    return tuple(
        ast.unparse(base.value if isinstance(base, ast.Subscript) else base) for base in node.bases
    )


Binding = tuple[int, str, str]
"""A top-level name's binding: ``(line, module, attribute)``; ``module`` empty for a class of
the file, ``attribute`` empty when the name is the module itself."""


def _bindings(file: Path) -> dict[str, tuple[Binding, ...]]:
    """Each name the file binds at its top level by a class or an import, in line order."""
    return _bound(file, _stamp(file))


@cache
def _bound(file: Path, stamp: tuple[int, int]) -> dict[str, tuple[Binding, ...]]:
    bindings: dict[str, tuple[Binding, ...]] = {}
    for node in tree(file).body:
        bound: list[tuple[str, str, str]] = []
        if isinstance(node, ast.ClassDef):
            bound.append((node.name, "", ""))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                head = alias.name.split(".")[0]
                bound.append((alias.asname, alias.name, "") if alias.asname else (head, head, ""))
        elif isinstance(node, ast.ImportFrom):
            module = absolute(file, node.module, node.level)
            bound += [(alias.asname or alias.name, module, alias.name) for alias in node.names]
        for name, module, attribute in bound:
            bindings[name] = (*bindings.get(name, ()), (node.lineno, module, attribute))
    return bindings


_END = 1 << 30
"""A line after every statement: a name as the whole module finally binds it."""


def _resolve(file: Path, written: str, line: int, seen: frozenset[ClassRef]) -> ClassRef:
    """The class that the name ``written`` (``Gain``, ``layernorm.Gain``) means in ``file``
    at ``line``, following imports and re-exports across files (from the file's own import
    root, else from the source tree)."""
    head, *rest = written.split(".")
    bindings = [b for b in _bindings(file).get(head, ()) if b[0] < line]
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
    source = module_file(dotted, _import_root(file), SOURCE_ROOT)
    source = source.resolve() if source is not None else None
    if source is None or (source, name) in seen:
        return (None, name)
    return _resolve(source, name, _END, seen | {(source, name)})


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
    node = class_node(ref)
    if node is None or ref in _seen:
        return [ref]
    bases = [_resolve(ref[0], base, node.lineno, _seen | {ref}) for base in base_names(node)]
    parents = [lineage(base[0], base[1], _seen | {ref}) if base[0] else [base] for base in bases]
    return [ref, *_merge([*parents, bases])]


def spoken_beats(ref: ClassRef) -> list[tuple[str, int]]:
    """Every ``self.beat("<literal>")`` in the body of class ``ref``: (beat, line)."""
    spoken = []
    for node in ast.walk(class_node(ref) or ast.Module(body=[], type_ignores=[])):
        call = node if isinstance(node, ast.Call) else None
        if (
            call is not None
            and isinstance(call.func, ast.Attribute)
            and call.func.attr == "beat"
            and isinstance(call.func.value, ast.Name)
            and call.func.value.id == "self"
            and call.args
            and isinstance(call.args[0], ast.Constant)
            and isinstance(call.args[0].value, str)
        ):
            spoken.append((call.args[0].value, call.lineno))
    return spoken


def _is_params(node: ast.AST) -> bool:
    return (isinstance(node, ast.Name) and node.id == PARAMS_NAME) or (
        isinstance(node, ast.Attribute) and node.attr == PARAMS_NAME
    )


def params_read(
    file: Path, methods: tuple[tuple[str, frozenset[str]], ...]
) -> frozenset[str] | None:
    """The attributes ``file`` reads of its parameters: every ``<x>.params.<name>`` or
    ``params.<name>``, a method in ``methods`` counting as the names it reads; ``None`` when
    ``params`` is used any other way (passed to a function: it may read anything)."""
    return _params_read(file, _stamp(file), methods)


@cache
def _params_read(
    file: Path, stamp: tuple[int, int], methods: tuple[tuple[str, frozenset[str]], ...]
) -> frozenset[str] | None:
    reads = dict(methods)
    read: set[str] = set()
    handled: set[int] = set()
    for node in ast.walk(tree(file)):
        if isinstance(node, ast.Attribute) and _is_params(node.value):
            read.update(reads.get(node.attr, {node.attr}))
            handled.add(id(node.value))
        elif isinstance(node, ast.Assign) and _is_params(node.value):
            if not all(_is_params(target) for target in node.targets):
                return None
            handled.add(id(node.value))
    for node in ast.walk(tree(file)):
        loaded = isinstance(getattr(node, "ctx", None), ast.Load)
        if _is_params(node) and loaded and id(node) not in handled:
            return None
    return frozenset(read)


def method_reads(file: Path, class_name: str) -> dict[str, frozenset[str]]:
    """Each method of class ``class_name`` in ``file`` and the attributes it reads of itself
    (``self.<name>``)."""
    node = class_node((file, class_name))
    methods = (n for n in (node.body if node else []) if isinstance(n, ast.FunctionDef))
    return {
        method.name: frozenset(
            n.attr
            for n in ast.walk(method)
            if isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Name)
            and n.value.id == "self"
        )
        for method in methods
    }
