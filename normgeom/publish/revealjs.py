"""The reveal.js files an offline HTML deck needs, from the npm package of the version
manim-slides' template expects (fetched once with ``npm pack`` into a cache folder).

The cache is ``$NORMGEOM_REVEALJS`` if set, else ``~/.cache/normgeom/reveal.js-<version>``;
it holds the package's ``dist`` folder.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from normgeom.folders import check_folder, settled, staged_folder
from normgeom.npm import npm_cache, npm_package

__all__ = ["REVEALJS_ENV", "reveal_version", "revealjs_dist"]

REVEALJS_ENV = "NORMGEOM_REVEALJS"


def reveal_version() -> str:
    """The reveal.js version of manim-slides' HTML template."""
    from manim_slides.convert import RevealJS

    return RevealJS.model_fields["reveal_version"].default


def revealjs_dist() -> Path:
    """The ``dist`` folder of reveal.js, fetched with ``npm pack`` when not cached yet.

    Raises
    ------
    UsageError
        When it is not cached and npm is missing or cannot fetch it.
    """
    version = reveal_version()
    cache = npm_cache(REVEALJS_ENV, "reveal.js", version)
    if _built(cache):
        return cache / "dist"
    own = not os.environ.get(REVEALJS_ENV)
    check_folder(cache, option=REVEALJS_ENV, own=own)
    with (
        npm_package("reveal.js", version, "the HTML deck", cache) as package,
        staged_folder(cache, option=REVEALJS_ENV, own=own, done=lambda: _built(cache)) as stage,
    ):
        shutil.copytree(package / "dist", stage / "dist")
    return cache / "dist"


def _built(cache: Path) -> bool:
    """Whether ``cache`` holds reveal.js from a finished write."""
    return settled(cache) and (cache / "dist" / "reveal.js").is_file()
