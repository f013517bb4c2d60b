"""The reveal.js files an offline HTML deck needs, from the npm package of the version
manim-slides' template expects (fetched once with ``npm pack`` into a cache folder).

The cache is ``$NORMGEOM_REVEALJS`` if set, else ``~/.cache/normgeom/reveal.js-<version>``;
it holds the package's ``dist`` folder.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

from normgeom.errors import UsageError
from normgeom.publish.folders import staged_folder

__all__ = ["REVEALJS_ENV", "reveal_version", "revealjs_dist"]

REVEALJS_ENV = "NORMGEOM_REVEALJS"


def reveal_version() -> str:
    """The reveal.js version of manim-slides' HTML template."""
    from manim_slides.convert import RevealJS

    return RevealJS.model_fields["reveal_version"].default


def _cache(version: str) -> Path:
    if os.environ.get(REVEALJS_ENV):
        return Path(os.environ[REVEALJS_ENV])
    return Path.home() / ".cache" / "normgeom" / f"reveal.js-{version}"


def revealjs_dist() -> Path:
    """The ``dist`` folder of reveal.js, fetched with ``npm pack`` when not cached yet.

    Raises
    ------
    UsageError
        When it is not cached and npm is missing or cannot fetch it.
    """
    version = reveal_version()
    cache = _cache(version)
    if (cache / "dist" / "reveal.js").is_file():
        return cache / "dist"
    npm = shutil.which("npm")
    if npm is None:
        raise UsageError(
            f"the HTML deck needs reveal.js {version}: install npm (apt-get install npm) "
            f"or unpack the npm package's dist folder into {cache}"
        )
    with tempfile.TemporaryDirectory() as temp:
        done = subprocess.run(
            [npm, "pack", f"reveal.js@{version}", "--pack-destination", temp],
            capture_output=True,
            text=True,
            check=False,
        )
        packs = list(Path(temp).glob("reveal.js-*.tgz"))
        if done.returncode != 0 or not packs:
            reason = (done.stderr.strip().splitlines() or ["no package written"])[-1]
            raise UsageError(f"npm pack reveal.js@{version} failed: {reason}")
        with tarfile.open(packs[0]) as archive:
            archive.extractall(temp, filter="data")
        with staged_folder(cache) as stage:
            shutil.copytree(Path(temp) / "package" / "dist", stage / "dist")
    return cache / "dist"
