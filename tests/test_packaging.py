"""normgeom as a package: no import circle among its modules, and a wheel that renders from
any folder."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("normio", "normmath", "scenes", "normgeom")


def _module_name(file: Path, root: Path) -> str:
    parts = file.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_only(tree: ast.AST) -> set[int]:
    """The ids of import nodes under ``if TYPE_CHECKING:`` (never executed)."""
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            skipped |= {id(inner) for inner in ast.walk(node)}
    return skipped


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the project modules it imports anywhere (module level or inside functions),
    ``from a import b`` counting as ``a.b`` where that is a module."""
    files = {_module_name(f, root): f for p in PACKAGES for f in (root / p).rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, file in files.items():
        tree = ast.parse(file.read_text(encoding="utf-8"))
        skipped = _type_checking_only(tree)
        package = name if file.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            if isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, *([base] if base else [])])
                found |= {
                    f"{base}.{a.name}" if f"{base}.{a.name}" in files else base for a in node.names
                }
        graph[name] = {module for module in found if module in files and module != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_circle_among_the_projects_modules():
    assert circles(import_graph(ROOT)) == []


def test_the_circle_check_finds_a_lazy_import_circle(tmp_path):
    package = tmp_path / "scenes"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "voices.py").write_text("def make():\n    from scenes import speech\n")
    (package / "speech.py").write_text("from scenes.voices import make\n")
    for name in ("normmath", "normgeom"):
        (tmp_path / name).mkdir()
    assert circles(import_graph(tmp_path)) == [["scenes.speech", "scenes.voices"]]


@pytest.mark.render
def test_the_wheel_renders_from_an_empty_folder(tmp_path):
    """Build the wheel, install it into a fresh virtual environment outside the checkout, and
    from an empty folder render a scene with the default voice, then call the Python API."""
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", dist, ROOT],
        check=True,
        capture_output=True,
    )
    wheel = next(dist.glob("normgeom-*.whl"))
    env_dir = tmp_path / "venv"
    venv.create(env_dir)
    python = env_dir / "bin" / "python"
    install = [sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-compile"]
    subprocess.run([*install, wheel], check=True, capture_output=True)  # no bytecode: faster
    work = tmp_path / "empty"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NORMGEOM_", "PYTHON"))}
    command = [env_dir / "bin" / "normgeom", "render", "Gain", "-q", "low"]
    shown = subprocess.run(command, cwd=work, env=env, capture_output=True, text=True)
    assert shown.returncode == 0, shown.stderr
    assert "warning" not in shown.stderr.lower() and "Traceback" not in shown.stderr
    movie = work / "media" / "scenes" / "480p15" / "Gain.mp4"
    assert (
        movie.stat().st_size > 10_000
        and (work / "media" / "scenes" / "480p15" / "Gain.srt").is_file()
    )
    script = (
        "import json, normgeom; path = normgeom.render('Gain', quality='low'); "
        "print(json.dumps([str(path), normgeom.explain([1, 2, 3])['rows'][0]['ln_output']]))"
    )
    api = subprocess.run([python, "-c", script], cwd=work, env=env, capture_output=True, text=True)
    assert api.returncode == 0, api.stderr
    path, ln_first = json.loads(api.stdout)
    assert Path(path) == movie.resolve()
    assert ln_first == pytest.approx(-1.2247448, abs=1e-6)
    assert not list(ROOT.glob("build")), "the wheel build left a build folder in the checkout"
