"""The lecture's title and summary cards: plain Manim scenes of Text (no narration).

They also render on their own: ``manim render scenes/cards.py TitleCard``.
"""

from __future__ import annotations

from manim import DOWN, LEFT, UP, FadeIn, FadeOut, Scene, Text, VGroup, Write

from scenes.catalog import LECTURE_SUBTITLE, LECTURE_TITLE, SCENES
from scenes.kit import PALETTE
from scenes.typeface import FONT

__all__ = ["TitleCard", "SummaryCard"]


class TitleCard(Scene):
    """The lecture title and subtitle, about four seconds."""

    def construct(self) -> None:
        title = Text(LECTURE_TITLE, font=FONT, font_size=38, color=PALETTE["text"])
        subtitle = Text(LECTURE_SUBTITLE, font=FONT, font_size=26, color=PALETTE["standardized"])
        subtitle.next_to(title, DOWN, buff=0.5)
        self.play(Write(title), run_time=1.5)
        self.play(FadeIn(subtitle, shift=UP * 0.2), run_time=0.8)
        self.wait(1.7)


class SummaryCard(Scene):
    """One line per scene, in lesson order; ten seconds (a YouTube chapter's least)."""

    def construct(self) -> None:
        heading = Text("In summary", font_size=40, color=PALETTE["text"])
        lines = VGroup(
            *(Text(entry.summary, font_size=22, color=PALETTE["text"]) for entry in SCENES)
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.18)
        body = VGroup(heading, lines).arrange(DOWN, buff=0.5)
        body.scale_to_fit_height(min(body.height, 7.0))
        self.play(FadeIn(heading), run_time=0.8)
        self.play(FadeIn(lines, lag_ratio=0.1), run_time=2.2)
        self.wait(6.2)
        self.play(FadeOut(body), run_time=1.0)
