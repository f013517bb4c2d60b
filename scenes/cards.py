"""The lecture's title card: a plain Manim scene of Text (no narration); the lecture ends on
the narrated recap (:mod:`scenes.recap`).

It also renders on its own: ``manim render scenes/cards.py TitleCard``.
"""

from __future__ import annotations

from manim import DOWN, UP, FadeIn, Scene, Text, Write

from scenes.base.catalog import LECTURE_SUBTITLE, LECTURE_TITLE
from scenes.kit.screen_text import on_screen
from scenes.kit.style import FONT, PALETTE

__all__ = ["TitleCard"]


class TitleCard(Scene):
    """The lecture title and subtitle, about four seconds."""

    def construct(self) -> None:
        title = Text(on_screen(LECTURE_TITLE), font=FONT, font_size=38, color=PALETTE["text"])
        subtitle = Text(
            on_screen(LECTURE_SUBTITLE), font=FONT, font_size=26, color=PALETTE["standardized"]
        )
        subtitle.next_to(title, DOWN, buff=0.5)
        self.play(Write(title), run_time=1.5)
        self.play(FadeIn(subtitle, shift=UP * 0.2), run_time=0.8)
        self.wait(1.7)
