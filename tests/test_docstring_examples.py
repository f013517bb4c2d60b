"""Every docstring example runs: pytest collects the doctests of each package that has any."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("normio", "normmath", "scenes", "normgeom")


def test_every_module_with_an_example_is_collected():
    """Each Python file with a ``>>>`` example lies under a test path, and doctests are on."""
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert "--doctest-modules" in options["addopts"].split()
    paths = [ROOT / path for path in options["testpaths"]]
    with_examples = [
        file
        for package in PACKAGES
        for file in (ROOT / package).rglob("*.py")
        if ">>>" in file.read_text(encoding="utf-8")
    ]
    assert with_examples
    missed = [f for f in with_examples if not any(f.is_relative_to(p) for p in paths)]
    assert not missed, f"examples never run: {missed}"
