"""The panels a 3D scene pins in its frame: the legend (top left) and the formula (top right)
of its class attributes, the other panels it pins, and where the prediction cue goes.

:class:`PinnedPanels` builds and pins them and names the frame boxes no point may sit under
(:meth:`PinnedPanels.keep_out`): the camera's framing and the labels keep clear of them. A
mixin of :class:`scenes.base.geometry.GeometryScene` (whose class attributes ``legend_entries``,
``formula``, ``formula_caption`` and ``legend_later`` it reads).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    Animation,
    FadeIn,
    Mobject,
    Restore,
    config,
    smooth,
    squish_rate_func,
)

from scenes.kit import framing, panels, style

__all__ = ["PANEL_FADE_SHARE", "RETIRED_OPACITY", "PinnedPanels"]

PANEL_FADE_SHARE = 0.2
"""Share of its beat a panel takes to fade in."""

RETIRED_OPACITY = 0.35
"""Opacity of a legend row whose points have left the picture
(:meth:`PinnedPanels.retire_legend`)."""


class PinnedPanels:
    """The corner panels and other pinned panels of a 3D scene, and the prediction cue's
    place."""

    def legend_rows(self) -> tuple[panels.LegendEntry, ...]:
        """Hook: the legend's rows (``legend_entries`` unless a scene words a row from its
        normmath results, computed in :meth:`~scenes.base.geometry.GeometryScene.prepare`)."""
        return self.legend_entries

    def build_panels(self) -> dict[str, Mobject]:
        """The legend (top left) and formula (top right) of the class attributes, placed in
        their corners but not yet shown: the opening pose keeps points out from under them.
        The legend rows of ``legend_later`` are kept hidden until :meth:`reveal_legend`."""
        built: dict[str, Mobject] = {}
        if self.legend_entries:
            rows, later = self.legend_rows(), len(self.legend_later)
            if sorted(self.legend_later) != list(range(len(rows) - later, len(rows))):
                raise ValueError(f"{type(self).__name__}: the rows shown later end the legend")
            built["top_left"] = panels.legend(rows, later=later)
        if self.formula:
            built["top_right"] = panels.formula_panel(self.formula, self.formula_caption)
        placed = {corner: panels.pin_to_corner(panel, corner) for corner, panel in built.items()}
        for row in self.legend_later:
            placed["top_left"][1][row].save_state().set_opacity(0.0)  # restored in place
        return placed

    def panels(self) -> list[Animation]:
        """Fade-ins of the legend (top left) and the formula (top right), fixed in frame."""
        return [self.pin(panel, corner) for corner, panel in self.corner_panels.items()]

    def pin(self, panel: Mobject, corner: str, rate_func: Callable | None = None) -> Animation:
        """Fix ``panel`` in a frame corner above everything; return its fade-in, which is
        over in the first fifth of the beat unless ``rate_func`` times it (a still panel is
        drawn once, then reused)."""
        panels.pin_to_corner(panel, corner).set_z_index(style.LAYERS["panel"])
        self.add_fixed_in_frame_mobjects(panel)
        self.pinned.append(panel)
        rate = rate_func or squish_rate_func(smooth, 0.0, PANEL_FADE_SHARE)
        return FadeIn(panel, rate_func=rate)

    def reveal_legend(self, row: int, rate_func: Callable = smooth) -> Animation:
        """Show legend row ``row`` of :attr:`~scenes.base.geometry.GeometryScene.legend_later`."""
        return Restore(self.corner_panels["top_left"][1][row], rate_func=rate_func)

    def retire_legend(self, row: int, rate_func: Callable = smooth) -> Animation:
        """Dim legend row ``row`` to :data:`RETIRED_OPACITY`: what it names has left the
        picture (the row stays, so the rows below it keep their places)."""
        entry = self.corner_panels["top_left"][1][row]
        return entry.animate(rate_func=rate_func).set_opacity(RETIRED_OPACITY)

    def keep_out(self) -> list[framing.Box]:
        """The frame boxes no point may sit under: the corner panels (from the opening on),
        and every other pinned panel while it is shown."""
        corners = list(self.corner_panels.values())
        shown = [p for p in self.pinned if p in self.mobjects and p not in corners]
        return [framing.frame_box(panel) for panel in corners + shown]

    def place_cue(self, cue: Mobject) -> Mobject:
        """Put the prediction cue at the bottom centre, left or right, whichever covers the
        fewest drawn points (and framed labels, as the camera draws them now) and no shown
        panel; the bottom centre on a tie."""
        points, halves = self.framed_now()
        flat = framing.frame_positions(self.renderer.camera, points)
        shown = self.keep_out()

        def covered(spot: np.ndarray) -> float:
            cue.move_to(spot, aligned_edge=DOWN)
            box = framing.frame_box(cue)
            if any(framing.boxes_meet(box, panel) for panel in shown):
                return np.inf
            return float(framing.inside(flat, box, framing.PANEL_MARGIN + halves).sum())

        bottom = cue.get_bottom()
        side = config.frame_width / 2 - cue.width / 2 - framing.FRAME_MARGIN
        spots = [bottom, bottom + side * LEFT, bottom + side * RIGHT]
        return cue.move_to(min(spots, key=covered), aligned_edge=DOWN)
