"""The lecture's chapters that show one vector, gain and epsilon, as states of the page.

Each scene says which states it shows (its ``page_states``: the lesson scenes,
:class:`scenes.lesson.LessonScene`, every state they visit; the 3D ``OneVectorGeometry`` the
parameters' own lesson state; the others none); they come from the scenes' code and the render
parameters, so the page opens what the chapter shows. A chapter's
link is a URL fragment for the page (``#x=…&g=…&eps=…&ch=<Scene>&step=1``).
"""

from __future__ import annotations

from dataclasses import dataclass

from scenes.base.parameters import SceneParams

__all__ = [
    "PAGE_NAME",
    "PAGE_LINK",
    "PageState",
    "ChapterStates",
    "chapter_states",
    "fragment",
    "page_links",
]

PAGE_NAME = "index.html"
"""The page's file in its folder."""

PAGE_LINK = f"page/{PAGE_NAME}"
"""The page beside a lecture or in a bundle, relative to their folder."""

PageState = tuple[tuple[float, ...], float, float]
"""One state of the page: (vector, gain, epsilon)."""


@dataclass(frozen=True)
class ChapterStates:
    """A lecture chapter with the states it shows, in order."""

    scene: str
    title: str
    states: tuple[PageState, ...]

    def to_data(self) -> dict:
        """The chapter as the page's ``data.js`` holds it."""
        return {
            "scene": self.scene,
            "title": self.title,
            "states": [{"x": list(x), "gain": g, "eps": e} for x, g, e in self.states],
        }


def chapter_states(params: SceneParams | None = None) -> list[ChapterStates]:
    """Every lecture chapter that has a state, in lecture order (imports the scenes, so Manim)."""
    from scenes.base.catalog import SCENES, load_scene_class

    params = params or SceneParams()
    found = []
    for entry in SCENES:
        states = load_scene_class(entry.name).page_states(params)
        if not states:
            continue
        unique = tuple(dict.fromkeys((s.vector, s.gain, s.eps) for s in states))
        found.append(ChapterStates(entry.name, entry.chapter, unique))
    return found


def _number(value: float) -> str:
    """A float as the shortest text that reads back as it (``1`` for 1.0)."""
    return repr(float(value)).removesuffix(".0")


def fragment(chapter: ChapterStates, step: int = 1) -> str:
    """The page's URL fragment for ``chapter`` at ``step`` (counted from 1)."""
    vector, gain, eps = chapter.states[step - 1]
    x = ",".join(_number(v) for v in vector)
    return f"#x={x}&g={_number(gain)}&eps={_number(eps)}&ch={chapter.scene}&step={step}"


def page_links(params: SceneParams | None = None) -> dict[str, str]:
    """Per scene with a state, :data:`PAGE_LINK` opening its chapter's first state."""
    return {chapter.scene: PAGE_LINK + fragment(chapter) for chapter in chapter_states(params)}
