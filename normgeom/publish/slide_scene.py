"""A scene class as a manim-slides presentation: every narrated beat starts one slide.

:meth:`scenes.narrated._Narrated.beat` calls ``next_slide(notes=text)`` on scenes that have
it, so combining a scene class with :class:`BeatSlide` is all a scene needs. This module
imports manim-slides (the ``slides`` extra) and is imported only by the generated files
that ``manim render`` runs (see :mod:`normgeom.publish.slides`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from manim import config
from manim_slides import Slide
from manim_slides.slide.base import BaseSlide

from normgeom.render.targets import Target, load_class

__all__ = ["BeatSlide", "slide_class"]


class BeatSlide(Slide):
    """manim-slides' :class:`Slide` for manim 0.22, without reversed videos.

    manim-slides 5.7 sets two settings manim 0.22 no longer accepts: ``write_to_movie``
    (gone; movies are always written) in ``Slide.__init__`` and ``max_files_cached =
    float("inf")`` (manim now takes -1 for unlimited) in ``Slide.render``; both methods are
    replaced here by their manim 0.22 equivalents. The slide files are written to
    :attr:`output_folder`.
    """

    skip_reversing = True
    output_folder: Path = Path("slides")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        BaseSlide.__init__(self, *args, output_folder=self.output_folder, **kwargs)

    def render(self, *args: Any, **kwargs: Any) -> None:
        """Render the scene (keeping every partial movie), then save its slides."""
        limit = config.max_files_cached
        config.max_files_cached = -1
        try:
            super(Slide, self).render(*args, **kwargs)
        finally:
            config.max_files_cached = limit
        self._save_slides(
            use_cache=not config.disable_caching, flush_cache=False, skip_reversing=True
        )


def slide_class(name: str, file: str, output_folder: str, module: str) -> type:
    """The scene ``name`` of ``file`` combined with :class:`BeatSlide`.

    Parameters
    ----------
    name, file
        The scene class and the Python file that defines it.
    output_folder
        Where the slides go: ``<output_folder>/<name>.json`` and ``files/<name>/``.
    module
        The module the new class belongs to (manim renders only classes of the file it
        was given).
    """
    scene = load_class(Target(name, Path(file), name))
    attributes = {"output_folder": Path(output_folder), "__module__": module}
    return type(name, (BeatSlide, scene), attributes)
