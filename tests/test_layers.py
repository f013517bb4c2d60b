"""Data flows one way: parameters -> normmath -> scenes -> render -> compose -> publish (with
normio, the user errors and file reading, below them all), the API and the command line on
top. Every module imports only from its own layer or the
layers below it, and nothing outside the command line imports the command line."""

from __future__ import annotations

from pathlib import Path

from scenes.base import source

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("normio", "normmath", "scenes", "normgeom")

LAYERS = (
    ("normio",),
    ("normmath",),
    ("scenes",),
    ("normgeom.errors", "normgeom.npm"),
    ("normgeom.rendering",),
    ("normgeom.settings", "normgeom.explanation", "normgeom.activations", "normgeom.folders"),
    ("normgeom.pipeline",),
    ("normgeom.audit", "normgeom.compose"),
    ("normgeom.page",),
    ("normgeom.publish",),
    ("normgeom.api", "normgeom"),
    ("normgeom.cli",),
    ("normgeom.__main__",),
)
"""The layers, lowest first; a name stands for a module or a package with its modules."""


def layer_of(module: str) -> int:
    """The layer of a dotted module name: its longest listed prefix's."""
    best = max(
        (
            (len(name), rank)
            for rank, names in enumerate(LAYERS)
            for name in names
            if module == name or module.startswith(f"{name}.")
        ),
        default=None,
    )
    assert best is not None, f"{module} is in no layer"
    return best[1]


def imported_modules(file: Path) -> set[str]:
    """Every project module ``file`` imports, at any depth of its code (function-level
    imports included; :func:`scenes.base.source.imports`)."""
    found = source.imports(file)
    return {name for name in found if name.split(".")[0] in PACKAGES}


def module_name(file: Path) -> str:
    parts = file.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_no_module_imports_from_a_layer_above_its_own():
    upward = [
        f"{module_name(file)} -> {name}"
        for top in PACKAGES
        for file in sorted((ROOT / top).rglob("*.py"))
        for name in sorted(imported_modules(file))
        if layer_of(name) > layer_of(module_name(file))
    ]
    assert upward == []


def test_the_layers_name_what_exists():
    for names in LAYERS:
        for name in names:
            path = ROOT.joinpath(*name.split("."))
            assert path.with_suffix(".py").is_file() or (path / "__init__.py").is_file(), name


def test_the_rule_sees_an_upward_import():
    assert layer_of("normgeom.compose.lecture") < layer_of("normgeom.page.writer")
    assert layer_of("normgeom.rendering.cache") < layer_of("normgeom.cli.app")
    assert layer_of("scenes.base.geometry") < layer_of("normgeom.errors")
