"""Export slide presentations with manim-slides: a reveal.js HTML deck that works offline
from its folder (videos and reveal.js beside it) and a PowerPoint file.

The HTML deck is ``<name>.html`` with ``<name>_assets/`` holding the slide videos and the
reveal.js files the page loads; it references nothing outside its folder.
"""

from __future__ import annotations

import contextlib
import io
import shutil
from html.parser import HTMLParser
from pathlib import Path

from normgeom.publish.revealjs import revealjs_dist
from normgeom.rendering.atomic import atomic_path

__all__ = ["PPTX_WIDTH", "page_references", "load_presentations", "write_html", "write_pptx"]

VENDOR = "reveal.js"
"""The assets subfolder that holds reveal.js."""
PPTX_WIDTH = 1280
"""PowerPoint slide width in pixels (PowerPoint needs at least one inch, 96 pixels)."""


class _References(HTMLParser):
    """Collects the files a page loads: link hrefs, script and media srcs, slide videos."""

    ATTRIBUTES = ("href", "src", "poster", "data-background-video", "data-background-image")

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in self.ATTRIBUTES and value and not value.startswith(("#", "data:")):
                self.found.append(value)


def page_references(html: str) -> list[str]:
    """Every file reference (``href``, ``src``, slide backgrounds) of an HTML page, in order."""
    parser = _References()
    parser.feed(html)
    return parser.found


def load_presentations(files: list[Path]) -> list:
    """The manim-slides presentations (``PresentationConfig``) saved in ``files``."""
    from manim_slides.config import PresentationConfig

    return [PresentationConfig.from_file(file) for file in files]


def write_html(presentations: list, page: Path, title: str) -> Path:
    """Write the reveal.js deck ``page`` and its ``<stem>_assets`` folder; return ``page``.

    Parameters
    ----------
    presentations
        The scenes' presentations, in order.
    page
        The HTML file; its folder should be a fresh one (see
        :func:`normgeom.folders.staged_folder`).
    title
        The page title.
    """
    from manim_slides.convert import RevealJS

    assets = f"{page.stem}_assets"
    deck = RevealJS(presentation_configs=presentations, title=title, cdn_url=f"{assets}/{VENDOR}")
    deck.convert_to(page)
    dist = revealjs_dist()
    prefix = f"{assets}/{VENDOR}/dist/"
    for reference in page_references(page.read_text(encoding="utf-8")):
        if reference.startswith(prefix):
            target = page.parent / reference
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(dist / reference.removeprefix(prefix), target)
    return page


def write_pptx(presentations: list, output: Path, size: tuple[int, int]) -> Path:
    """Write the presentations as one PowerPoint file (a slide per beat, notes attached).

    Slides are :data:`PPTX_WIDTH` pixels wide with the aspect ratio of ``size`` (the video's
    pixel size); PowerPoint scales the videos to fit. manim-slides' progress bar is not shown
    (the caller reports progress; the Python API prints nothing).
    """
    from manim_slides.convert import PowerPoint

    width, height = PPTX_WIDTH, round(PPTX_WIDTH * size[1] / size[0])
    with atomic_path(output) as temp, contextlib.redirect_stderr(io.StringIO()):  # its tqdm bar
        PowerPoint(presentation_configs=presentations, width=width, height=height).convert_to(temp)
    return output
