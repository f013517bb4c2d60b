"""three.js for the page's 3D explorer, from its npm package at a pinned version.

``npm pack`` fetches ``three`` and the bundler ``esbuild-wasm`` (pure WebAssembly, run by
node); esbuild turns three.js and the two addons the page uses (``vendor/three-entry.js``)
into one minified classic script defining the global ``THREE``, because browsers refuse ES
module imports from ``file://``. The script and three.js's licence are cached in
``$NORMGEOM_THREEJS`` if set, else ``~/.cache/normgeom/three-<version>``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from normgeom.errors import UsageError
from normgeom.folders import check_folder, settled, staged_folder
from normgeom.npm import npm_cache, npm_package

__all__ = ["THREE_VERSION", "ESBUILD_VERSION", "THREEJS_ENV", "ThreeFiles", "three_files"]

THREE_VERSION = "0.187.0"
ESBUILD_VERSION = "0.28.2"
THREEJS_ENV = "NORMGEOM_THREEJS"
SCRIPT = "three.min.js"
LICENSE = "LICENSE"
VENDOR = Path(__file__).with_name("vendor")
NEEDED_BY = "the page's 3D explorer"


@dataclass(frozen=True)
class ThreeFiles:
    """The bundled script and three.js's licence text."""

    script: Path
    license: Path


def three_files() -> ThreeFiles:
    """The cached three.js bundle, built with ``npm pack`` and node when not cached yet.

    Raises
    ------
    UsageError
        When it is not cached and npm or node is missing, or fetching or bundling fails.
    """
    cache = npm_cache(THREEJS_ENV, "three", THREE_VERSION)
    files = ThreeFiles(cache / SCRIPT, cache / LICENSE)
    if _built(cache, files):
        return files
    own = not os.environ.get(THREEJS_ENV)
    check_folder(cache, option=THREEJS_ENV, own=own)
    node = shutil.which("node")
    if node is None:
        raise UsageError(f"{NEEDED_BY} is bundled with node: install nodejs (apt-get install npm)")
    with (
        npm_package("three", THREE_VERSION, NEEDED_BY, cache) as three,
        npm_package("esbuild-wasm", ESBUILD_VERSION, NEEDED_BY, cache) as esbuild,
        tempfile.TemporaryDirectory() as modules,
        staged_folder(
            cache, option=THREEJS_ENV, own=own, done=lambda: _built(cache, files)
        ) as stage,
    ):
        os.symlink(three, Path(modules) / "three")
        done = subprocess.run(
            [
                node,
                str(VENDOR / "bundle.cjs"),
                str(esbuild / "lib" / "main.js"),
                str(VENDOR / "three-entry.js"),
                modules,
                str(stage / SCRIPT),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            reason = (done.stderr.strip().splitlines() or ["no reason given"])[-1]
            raise UsageError(f"bundling three.js {THREE_VERSION} failed: {reason}")
        shutil.copyfile(three / "LICENSE", stage / LICENSE)
    return files


def _built(cache: Path, files: ThreeFiles) -> bool:
    """Whether ``cache`` holds the bundle from a finished write."""
    return settled(cache) and all(_filled(path) for path in (files.script, files.license))


def _filled(path: Path) -> bool:
    """Whether ``path`` is a file with something in it (an empty one is rebuilt)."""
    return path.is_file() and path.stat().st_size > 0
