"""Packages from the npm registry, fetched with ``npm pack`` (no ``node_modules``, no scripts).

The HTML deck's reveal.js and the page's three.js come this way; each caller copies what it
needs from the unpacked package into its own cache folder.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from normgeom.errors import UsageError

__all__ = ["npm_cache", "npm_package"]


def npm_cache(env: str, name: str, version: str) -> Path:
    """The cache folder of files taken from ``name@version``: ``$<env>`` if set, else
    ``~/.cache/normgeom/<name>-<version>``."""
    if os.environ.get(env):
        return Path(os.environ[env])
    return Path.home() / ".cache" / "normgeom" / f"{name}-{version}"


@contextmanager
def npm_package(name: str, version: str, needed_by: str, cache: Path) -> Iterator[Path]:
    """Yield the unpacked folder of ``name@version`` (removed afterwards).

    Parameters
    ----------
    name, version
        The npm package and its exact version.
    needed_by
        What needs it, for the error message (``"the HTML deck"``).
    cache
        Where the caller keeps what it takes from the package (named in the error message,
        for a machine without npm).

    Raises
    ------
    UsageError
        When npm is missing or cannot fetch the package.
    """
    npm = shutil.which("npm")
    if npm is None:
        raise UsageError(
            f"{needed_by} needs {name} {version} from the npm registry: install npm "
            f"(apt-get install npm) or put its files into {cache}"
        )
    with tempfile.TemporaryDirectory() as temp:
        done = subprocess.run(
            [npm, "pack", f"{name}@{version}", "--pack-destination", temp],
            capture_output=True,
            text=True,
            check=False,
        )
        packs = list(Path(temp).glob("*.tgz"))
        if done.returncode != 0 or not packs:
            reason = (done.stderr.strip().splitlines() or ["no package written"])[-1]
            raise UsageError(f"npm pack {name}@{version} failed: {reason}")
        with tarfile.open(packs[0]) as archive:
            archive.extractall(temp, filter="data")
        yield Path(temp) / "package"
