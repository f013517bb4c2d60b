"""The bundle's ``index.html``: the lecture video with subtitles, its chapter list (each
chapter that shows one vector linked to the live page in that state), the slide deck, the
live page, and every scene's GIF and still with its caption."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from string import Template

from normgeom.compose.lecture import youtube_chapters
from normgeom.rendering.state import Chapter
from scenes.kit.style import PALETTE
from scenes.voice.languages import SOURCE, language

__all__ = ["SceneCard", "index_html"]

STYLE = Template("""
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 72rem;
       background: $background; color: $text; padding: 0 1rem; }
a { color: #8ab4f8; }
video, img { max-width: 100%; height: auto; background: #000; }
.scenes { display: grid; grid-template-columns: repeat(auto-fill, minmax(22rem, 1fr));
          gap: 1.5rem; }
figure { margin: 0; }
figure img { display: block; width: 100%; margin-bottom: 0.4rem; }
figcaption { font-size: 0.95rem; }
pre { background: #151a23; padding: 0.8rem; }
""").substitute(background=PALETTE["background"], text=PALETTE["text"])
"""The page's style sheet: its background and text in the video's colours."""


@dataclass(frozen=True)
class SceneCard:
    """One scene on the page: paths relative to the page and its caption."""

    name: str
    caption: str
    video: str
    gif: str
    still: str


def _figure(number: int, card: SceneCard) -> str:
    title = f"{number}. {card.name}: {card.caption}"
    return (
        "<figure>\n"
        f'  <img src="{escape(card.gif)}" alt="{escape(title)} (animated)" loading="eager">\n'
        f'  <img src="{escape(card.still)}" alt="{escape(title)} (final frame)" loading="eager">\n'
        f'  <figcaption>{escape(title)} · <a href="{escape(card.video)}">MP4</a> · '
        f'<a href="{escape(card.gif)}">GIF</a> · <a href="{escape(card.still)}">PNG</a>'
        "</figcaption>\n</figure>"
    )


def index_html(
    title: str,
    lecture: str,
    subtitles: dict[str, str],
    deck: str,
    live: str,
    chapters: list[Chapter],
    cards: list[SceneCard],
    tries: list[str | None] | None = None,
    lang: str = SOURCE,
) -> str:
    """The page's HTML.

    Parameters
    ----------
    title
        The lecture title.
    lecture
        The lecture MP4, relative to the page.
    subtitles
        ``{suffix: path}`` of the lecture's subtitle files (``vtt`` is used as a track).
    deck
        The HTML slide deck, relative to the page.
    live
        The live lesson and 3D explorer (:mod:`normgeom.page`), relative to the page.
    chapters
        The lecture's chapters.
    cards
        The scenes in lesson order.
    tries
        Per chapter, the live page in the chapter's state (relative to the page), or None.
    lang
        The lecture's language: the page's and its subtitle track's.
    """
    spoken = language(lang)
    links = " · ".join(
        f'<a href="{escape(path)}">{escape(kind)}</a>' for kind, path in subtitles.items()
    )
    figures = "\n".join(_figure(i, card) for i, card in enumerate(cards, start=1))
    try_links = "\n".join(
        f'<li>{escape(chapter.title)}: <a href="{escape(link)}">try it in the live page</a></li>'
        for chapter, link in zip(chapters, tries or [None] * len(chapters), strict=True)
        if link
    )
    return f"""<!doctype html>
<html lang="{spoken.code}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>{STYLE}</style>
</head>
<body>
<h1>{escape(title)}</h1>
<video controls preload="metadata" src="{escape(lecture)}">
  <track kind="subtitles" srclang="{spoken.code}" label="{escape(spoken.own_name)}"
         src="{escape(subtitles["vtt"])}" default>
</video>
<p><a href="{escape(lecture)}">Lecture MP4</a> · subtitles: {links} ·
<a href="{escape(deck)}">slide deck (HTML, one step per narrated beat)</a> ·
<a href="{escape(live)}">live lesson and 3D explorer (change the numbers yourself)</a></p>
<h2>Chapters</h2>
<pre>{escape(youtube_chapters(chapters))}</pre>
<ul>
{try_links}
</ul>
<h2>Scenes</h2>
<div class="scenes">
{figures}
</div>
</body>
</html>
"""
