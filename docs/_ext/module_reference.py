"""The project's reference: every module of a package documented with autodoc, and names
in docstrings resolved as the module holding them sees them.

``.. module-reference:: normgeom`` becomes one ``automodule`` (with its members) per module of
the package, walked from its files, so a new module is in the reference without an edit.

A docstring names what its module imports by its short name (``:class:`UsageError``` in a
module that imports it from :mod:`normgeom.errors`); such a reference is resolved through
the module's own namespace to where the object is defined and documented (another project's
name, such as Manim's ``VMobject``, is shown as plain text: the build reads no inventory). A
name that does not exist there stays unresolved, and the build (``-n -W``) fails on it.
"""

from __future__ import annotations

import importlib
import inspect
import sys
from pathlib import Path

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

ROOT = Path(__file__).resolve().parents[2]


def modules(package: str) -> list[str]:
    """Dotted names of a package and every module under it, sorted (the package first)."""
    folder = ROOT / package
    found = []
    for path in sorted(folder.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if "__pycache__" in parts or path.name == "__main__.py":
            continue
        found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return sorted(found)


def own_annotations(module: str) -> None:
    """Give every class of ``module`` an ``__annotations__`` of its own (empty when it declares
    none), so autodoc lists no base class's annotations as the class's own attributes.

    A class without annotations reads its base's through inheritance, and autodoc's
    type-comment pass adds every ``self.x: T`` annotation of a base's module to that base as
    it reads it (Manim's ``VMobject``): without this, which attributes a ``VGroup`` subclass
    shows would depend on the order the modules are read in.
    """
    for obj in vars(importlib.import_module(module)).values():
        if inspect.isclass(obj) and obj.__module__ == module:
            obj.__annotations__ = dict(obj.__dict__.get("__annotations__", {}))


class ModuleReference(SphinxDirective):
    """``{module-reference} PACKAGE``: every module of ``PACKAGE``, documented."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        lines: list[str] = []
        for name in modules(self.arguments[0]):
            own_annotations(name)
            lines += [name, "-" * len(name), "", f".. automodule:: {name}"]
            lines += ["   :members:", "   :undoc-members:", "   :ignore-module-all:", ""]
        container = nodes.section()
        container.document = self.state.document
        self.state.nested_parse(
            StringList(lines, "module-reference"), 0, container, match_titles=True
        )
        return container.children


def _importable(dotted: str) -> tuple[object, list[str]] | None:
    """The longest importable module at the start of ``dotted``, and the rest of the path."""
    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        try:
            return importlib.import_module(".".join(parts[:end])), parts[end:]
        except ImportError:
            continue
    return None


ALIASES = {"nm": "normmath", "np": "numpy"}
"""The project's import aliases (``import normmath as nm``), as annotations spell them."""


def _home_of_value(obj: object, name: str, documented: set[str]) -> str | None:
    """The documented module constant ``name`` that is ``obj`` (a re-exported constant)."""
    for module in list(sys.modules.values()):
        dotted = getattr(module, "__name__", "")
        if f"{dotted}.{name}" in documented and vars(module).get(name) is obj:
            return f"{dotted}.{name}"
    return None


def _home(obj: object) -> str | None:
    """The dotted name a module, class or function is defined under."""
    if inspect.ismodule(obj):
        return obj.__name__
    if hasattr(obj, "__qualname__") and hasattr(obj, "__module__"):
        return f"{obj.__module__}.{obj.__qualname__}"
    return None


def qualified(module: str, target: str, documented: set[str]) -> str | None:
    """Where the name ``target`` (``UsageError``, ``Scene.play``, ``nm.Lesson``) seen from
    ``module`` is defined, as a dotted name (None: no such name there)."""
    head, *rest = target.split(".")
    if head in ALIASES:
        head, *rest = [*ALIASES[head].split("."), *rest]
        target = ".".join([head, *rest])
    try:
        namespace = importlib.import_module(module)
    except ImportError:
        return None
    if hasattr(namespace, head):
        parent, path = namespace, [head, *rest]
    elif found := _importable(target):
        parent, path = found
        if not path:
            return _home(parent)
    else:
        return None
    for index, part in enumerate(path):
        if not hasattr(parent, part):
            return None
        obj = getattr(parent, part)
        if _home(obj) is None:  # a value: named after its holder, or found where documented
            if inspect.ismodule(parent):
                found_home = _home_of_value(obj, part, documented)
                return found_home and ".".join([found_home, *path[index + 1 :]])
            return ".".join([_home(parent) or "", *path[index:]])
        parent = obj
    return _home(parent)


PACKAGES = ("normgeom", "scenes", "normmath")


def resolve_imported(app: Sphinx, env, node, contnode):
    """A ``missing-reference`` handler: retry a Python reference at its imported home."""
    module = node.get("py:module") or "builtins"
    if node.get("refdomain") != "py":
        return None
    domain = env.domains["py"]
    target = qualified(module, node["reftarget"].lstrip("~."), set(domain.objects))
    if target is None or target == node["reftarget"]:
        return None
    if target.split(".")[0] not in PACKAGES:
        return contnode  # another project's name: plain text (the build reads no inventory)
    node["reftarget"] = target
    return domain.resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], target, node, contnode
    )


def prose_first(app: Sphinx, what: str, name: str, obj, options, lines: list[str]) -> None:
    """Undo napoleon's reading of a constant's or attribute's first line as ``type: text``:
    the project writes them as prose (``Largest magnitude of a gain or epsilon: ...``)."""
    typed = [i for i, line in enumerate(lines) if line.startswith(":type: ")]
    if what not in ("data", "attribute") or not typed:
        return
    words = lines.pop(typed[-1]).removeprefix(":type: ")
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        lines.insert(0, words)
    else:
        lines[first] = f"{words}: {lines[first].lstrip()}"


def setup(app: Sphinx) -> dict[str, object]:
    app.add_directive("module-reference", ModuleReference)
    app.connect("autodoc-process-docstring", prose_first, priority=900)
    app.connect("missing-reference", resolve_imported)
    return {"parallel_read_safe": True}
