"""Every package's docstring is a true map: it names (``:mod:``) exactly its modules, each once."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = sorted(
    init.parent
    for top in ("normgeom", "scenes", "normmath", "normio")
    for init in (ROOT / top).rglob("__init__.py")
)
MODULE_REFERENCE = re.compile(r":mod:`~?([\w.]+)`")


def dotted(folder: Path) -> str:
    return ".".join(folder.relative_to(ROOT).parts)


def modules_of(folder: Path) -> set[str]:
    """The package's own modules and subpackages (``__main__`` aside), as dotted names."""
    package = dotted(folder)
    files = {p.stem for p in folder.glob("*.py")} - {"__init__", "__main__"}
    subpackages = {p.parent.name for p in folder.glob("*/__init__.py")}
    return {f"{package}.{name}" for name in files | subpackages}


def named_in(folder: Path) -> list[str]:
    """The package's children its docstring names (``:mod:`.app```, ``:mod:`x.y.app```), in
    order, as often as it names them."""
    package = dotted(folder)
    text = ast.get_docstring(ast.parse((folder / "__init__.py").read_text())) or ""
    names = [
        f"{package}{name}" if name.startswith(".") else name
        for name in MODULE_REFERENCE.findall(text)
    ]
    return [name for name in names if name.rpartition(".")[0] == package]


def test_every_folder_of_modules_is_a_package():
    folders = {p.parent for top in ("normgeom", "scenes") for p in (ROOT / top).rglob("*.py")}
    folders = {f for f in folders if "web" not in f.parts and "__pycache__" not in f.parts}
    assert {f for f in folders if not (f / "__init__.py").is_file()} == set()


@pytest.mark.parametrize("folder", PACKAGES, ids=dotted)
def test_the_package_docstring_names_exactly_its_modules_once(folder):
    named = named_in(folder)
    assert set(named) == modules_of(folder)
    assert sorted(named) == sorted(set(named))  # none twice
