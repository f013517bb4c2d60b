"""What a 3D scene draws over its figures, kept true for the camera at every frame: labels
placed beside their anchors, and dotted trails cut to the frame.

:class:`Overlays` registers the markers labels keep clear of, the framed labels, the guide
lines, the framed figures and the trails. Before every play, and at every frame of a play that
moves the camera or points (an animation marked by :func:`reframing`), labels take the place
beside their anchor that hides no marker and crosses no guide line
(:mod:`scenes.kit.placement`), and trails are cut to the frame
(:func:`scenes.kit.framing.visible_spans`). A mixin of
:class:`scenes.base.geometry.GeometryScene`, whose ``setup`` makes the lists it reads.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from manim import Animation, Mobject, UpdateFromAlphaFunc, UpdateFromFunc, VGroup, VMobject, config

from scenes.kit import bounds, figures, framing, placement

__all__ = ["Path", "reframing", "Overlays"]

Path = Callable[[float], np.ndarray]
"""Positions of a point group at animation progress ``alpha`` in [0, 1], shape (k, 3)."""

VISIBLE_OPACITY = 0.15
"""Least fill or stroke opacity of a marker that labels keep clear of (a fainter one is not
seen)."""


def _visible(mobject: Mobject) -> bool:
    """Whether a marker is drawn bright enough to be seen (fill or stroke)."""
    return max(mobject.get_fill_opacity(), mobject.get_stroke_opacity()) > VISIBLE_OPACITY


def reframing(animation: Animation) -> Animation:
    """Mark ``animation`` as moving the camera or points (labels and trails refit at every
    frame of its play); return it."""
    animation.reframes = True
    return animation


class Overlays:
    """Framed labels, markers, guide lines, framed figures and trails of a 3D scene, refitted
    for the camera before every play and at every frame of a reframing one."""

    def facing(self, group: VGroup) -> VGroup:
        """Register ``group``'s members (dots, stars, crosses) to face the camera, as markers
        labels keep clear of; return it."""
        figures.face_camera(self, group)
        self.markers.append(group)
        return group

    def framed(
        self, label: Mobject, along: np.ndarray | None = None, clearance: float = 0.0
    ) -> Mobject:
        """Register ``label`` to face the camera and, while it is in the scene (add it
        itself, not inside a group), to be framed like the points: kept in the frame and out
        from under the panels, beside its anchor (its centre now) where it hides no marker
        and crosses no guide line. A label naming a line ending at its anchor, in scene
        direction ``along``, is set on the line's extension instead, ``clearance`` frame
        units beyond the end (:func:`scenes.kit.placement.along_offsets`). Return it."""
        figures.face_camera(self, VGroup(label))
        self.framed_labels.append(label)
        self.anchors[id(label)] = label.get_center().copy()
        if along is not None:
            self.rays[id(label)] = (np.asarray(along, dtype=float), clearance, label.get_center())
        return label

    def guide(self, line: VMobject) -> VMobject:
        """Register the dashed ``line`` as a guide labels keep clear of; return it."""
        self.guides.append(line)
        return line

    def framed_figure(self, figure: VMobject) -> VMobject:
        """Register ``figure`` (a plane, a wireframe) to be framed, while it is in the scene,
        like the points: every anchor of its curves kept in the frame. Return it."""
        self.framed_figures.append(figure)
        return figure

    def trail_group(self, starts: np.ndarray) -> VMobject:
        """Dotted trails from ``starts`` (of length zero until grown with
        :meth:`grow_trails`), added to the scene and kept cut to the frame."""
        trails = figures.trails(starts)
        self.declare.cut_in(trails, reason="a dotted trail grows from its point as the point moves")
        self.trail_ends[id(trails)] = (trails, np.atleast_2d(starts), np.atleast_2d(starts))
        self.add(trails)
        self.trails.add(trails)
        return trails

    def grow_trails(self, trails: VMobject, starts: np.ndarray, path: Path) -> Animation:
        """Animate dotted ``trails`` from fixed ``starts`` to the moving ends ``path(alpha)``,
        cut to the frame."""

        def update(mob: VMobject, alpha: float) -> None:
            self.trail_ends[id(mob)] = (mob, np.atleast_2d(starts), np.atleast_2d(path(alpha)))

        return reframing(UpdateFromAlphaFunc(trails, update))

    def clip_trail(self, trails: VMobject) -> None:
        """Draw ``trails`` only where the camera shows them inside the frame (a trail
        leaving the frame stops at its edge instead of running across it)."""
        mob, starts, ends = self.trail_ends[id(trails)]
        camera = self.renderer.camera
        spans = framing.visible_spans(lambda p: framing.frame_positions(camera, p), starts, ends)
        unseen = np.isnan(spans[:, 0])  # drawn as nothing, at the origin
        starts, ends = starts.copy(), ends.copy()
        starts[unseen] = ends[unseen] = 0.0
        spans[unseen] = 0.0
        figures.set_dashes(mob, starts, ends, spans=spans)

    def place_labels(self, coming: tuple[Mobject, ...] = ()) -> None:
        """Put each framed label, then each axis label, at the place beside its anchor that
        keeps in frame and clear of the markers (those drawn and those ``coming`` in),
        guide lines and axes, panels and labels already placed
        (:func:`scenes.kit.placement.choose_offset`); a framed label glides there from where
        it was drawn a frame before (:func:`scenes.kit.placement.glide`), an axis label stays
        at its arrowhead."""
        camera = self.renderer.camera
        shown = [*self.mobjects, *coming]
        drawn = {id(m) for mob in shown for m in mob.get_family()}
        marks = [m for g in self.markers for m in g if id(m) in drawn and _visible(m)]
        centres = np.array([bounds.center(m) for m in marks]).reshape(-1, 3)
        marker_flat = framing.frame_positions(camera, centres)
        marker_halves = np.array([bounds.size(m)[:2] / 2 for m in marks]).reshape(-1, 2)
        zoom = camera.get_zoom()
        anchors = figures.axis_label_anchors(zoom, self.axis_screen)
        tips = figures.axis_length(zoom, self.axis_screen) * np.eye(3)
        lines = [figures.dash_segments(g) for g in self.guides if id(g) in drawn]
        lines += [figures.dash_segments(t) for t in self.trails if t in self.mobjects]
        if id(self.axes) in drawn:  # the axes too: a label on one seems to name it
            lines.append(np.stack([-tips, tips], axis=1))
        ends = np.concatenate([np.zeros((0, 2, 3)), *lines]).reshape(-1, 3)
        flat_lines = framing.frame_positions(camera, ends).reshape(-1, 2, 2)
        blocked = self.keep_out()
        limit = framing.frame_limit()
        labelled = [
            (label, self.anchors[id(label)], self.rays.get(id(label)))
            for label in self.framed_labels
        ]
        labelled += [
            (label, anchor, (np.eye(3)[i], 0.0, tips[i]))
            for i, (label, anchor) in enumerate(zip(self.axes[1:], anchors, strict=True))
        ]
        now, gliding = self.renderer.time, False
        frame = np.inf if self.renderer.skip_animations else 1 / config.frame_rate
        for label, anchor, ray in labelled:
            halves = bounds.size(label)[:2] / 2
            offsets = placement.candidate_offsets(halves)
            if ray is not None:  # first on its line's extension, beyond the line's end
                along, clearance, end = ray
                flat = framing.frame_positions(camera, np.stack([end, end + along / zoom, anchor]))
                around = offsets + (flat[2] - flat[0])
                offsets = placement.line_offsets(flat[1] - flat[0], halves, around, clearance)
                anchor = end
            flat = framing.frame_positions(camera, anchor)[0]
            best = placement.choose_offset(
                flat,
                halves,
                marker_flat,
                marker_halves,
                flat_lines,
                blocked,
                limit,
                self.places.get(id(label), 0),
                offsets,
            )
            self.places[id(label)] = best
            shown, then = self.shown_offsets.get(id(label), (None, now))
            step = min(now - then, frame) if label in self.framed_labels else np.inf
            offset = placement.glide(shown, offsets[best], step)
            self.shown_offsets[id(label)] = (offset, now)
            gliding = gliding or not np.allclose(offset, offsets[best])
            label.move_to(framing.scene_offset(camera, anchor, offset))
            blocked.append(framing.frame_box_of(flat + offset, halves))
        self.labels_gliding = gliding

    def refit_overlays(self, coming: tuple[Mobject, ...] = ()) -> None:
        """Cut the trails shown to the frame and place the labels, for the camera now and
        the mobjects ``coming`` into the picture."""
        for trails in self.trails:
            if trails in self.mobjects:
                self.clip_trail(trails)
        self.place_labels(coming)

    def play(self, *animations: Animation, **kwargs) -> None:
        """Play ``animations`` with the labels placed and the trails cut for the picture
        at its start, and, when the animations move the camera or points or a label glides
        to a new place, at every frame."""
        self.refit_overlays(tuple(anim.mobject for anim in animations))
        reframes = any(getattr(anim, "reframes", False) for anim in animations)
        if reframes or self.labels_gliding:
            hook = UpdateFromFunc(self.overlay_hook, lambda _: self.refit_overlays())
            animations = (*animations, hook)
        super().play(*animations, **kwargs)

    def get_moving_mobjects(self, *animations: Animation) -> list[Mobject]:
        """Everything moves while the overlays are refitted at every frame."""
        if any(anim.mobject is self.overlay_hook for anim in animations):
            return list(self.mobjects)
        return super().get_moving_mobjects(*animations)
