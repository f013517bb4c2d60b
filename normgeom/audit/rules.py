"""The rules a viewer's eye applies, checked on every frame of a scene's play.

:class:`Auditor` takes the snapshots of one play in time order (:meth:`Auditor.look`) and
turns every stretch of consecutive frames in which a rule fails for the same objects into
one :class:`~normgeom.audit.findings.Finding` (:meth:`Auditor.finish`). The rules of one
moment are these; those across frames are :class:`~normgeom.audit.temporal.Timeline`'s:

- *text-overlap*, *crossfade*: two visible texts whose boxes share more than
  :data:`OVERLAP_SHARE` of the smaller one; while at every sample one of them fades (in or
  out) it is a crossfade, allowed for :data:`CROSSFADE_SECONDS`;
- *text-covered*: a visible text sharing :data:`COVER_SHARE` of its box (or of the mark's)
  with a marker, or of its box with a panel drawn above it (not its own panel);
- *safe-area*: while a beat is spoken, every visible thing lies :data:`SAFE_MARGIN` inside
  the frame's edges;
- *focus*: from :data:`FOCUS_DELAY` after the sentence naming it to its beat's end (and
  through its prediction pause), a focus is visible, spans its share of the frame's height
  and at most :data:`OCCLUDED_SHARE` of its visible marks and texts lie under a marker or
  panel drawn above them (the temporal rule *offscreen-while-named* checks its parts are in
  the frame);
- *false-caption*: a claim's predicate holds whenever its caption is visible;
- *moving-ending*: the last :data:`STILL_ENDING` seconds show the same picture.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from normgeom.audit.findings import Finding
from normgeom.audit.screen import Shape, Snapshot, frame_half
from normgeom.audit.temporal import FOCUS_DELAY, Timeline

__all__ = [
    "OVERLAP_SHARE",
    "COVER_SHARE",
    "CROSSFADE_SECONDS",
    "SAFE_MARGIN",
    "FOCUS_DELAY",
    "OCCLUDED_SHARE",
    "STILL_ENDING",
    "Auditor",
]

OVERLAP_SHARE = 0.1
"""Share of the smaller text box two texts may have in common."""

COVER_SHARE = 0.2
"""Share of a text's box (or of the marker's) a marker or panel may cover."""

CROSSFADE_SECONDS = 0.5
"""Longest crossfade of two texts in one place."""

SAFE_MARGIN = 0.2
"""Frame units kept free at every edge (2.5% of the frame's height) while narration speaks."""

OCCLUDED_SHARE = 0.25
"""Largest share of a focus's visible parts that may lie under something drawn above them."""

STILL_ENDING = 1.0
"""Seconds of stillness a scene ends on."""


@dataclass
class _Episode:
    rule: str
    objects: tuple[str, ...]
    detail: str
    start: float
    last: float
    fading: list[bool] = field(default_factory=list)


class Auditor:
    """Checks the snapshots of one scene's play at ``fps`` frames per second."""

    def __init__(self, scene_name: str, fps: float) -> None:
        self.scene_name, self.dt = scene_name, 1.0 / fps
        self.open: dict[tuple, _Episode] = {}
        self.findings: list[Finding] = []
        self.timeline = Timeline(scene_name, fps, self._see, self.findings.append)
        self.digests: dict[int, bytes] = {}
        self.opacities: dict[int, float] = {}
        self.moved_at, self.moved = 0.0, ()

    # --- the loop ------------------------------------------------------------------------

    def look(self, shot: Snapshot, scene) -> None:
        """Check one snapshot of ``scene`` (its declarations are read as they grow)."""
        seen: set[tuple] = set()
        texts = [s for s in shot.shapes if s.kind == "text" and s.visible]
        self._texts(shot, texts, seen)
        if scene.declare.speaking:
            self._safe_area(shot, seen)
        for index, focus in enumerate(scene.declare.focuses):
            if focus.start + FOCUS_DELAY <= shot.time <= scene.declare.focus_end(focus.beat):
                self._focus(shot, index, focus, seen)
        for index, claim in enumerate(scene.declare.claims):
            shown = [s for s in shot.shapes_of(claim.shown) if s.visible]
            if shown and not claim.holds():
                key = ("false-caption", index)
                self._see(key, shot.time, (shown[0].name,), f"not true: {claim.fact}", seen)
        self._motion(shot)
        self.timeline.look(shot, scene, seen)
        self._close(lambda key: key not in seen)
        self.opacities = {s.uid: s.opacity for s in texts}

    def finish(self, end: float, scene) -> list[Finding]:
        """Close every open stretch and judge what the timeline holds; add the moving ending
        if the scene ends within :data:`STILL_ENDING` of its last change (``end``: the
        scene's length)."""
        self.timeline.finish(end, scene)
        self._close(lambda key: True)
        if end - self.moved_at < STILL_ENDING - 1e-9:
            detail = f"still for only {end - self.moved_at:.2f} s at the end"
            self.findings.append(
                Finding(self.scene_name, self.moved_at, end, "moving-ending", self.moved, detail)
            )
        return sorted(self.findings, key=lambda f: (f.start, f.rule))

    # --- rules ---------------------------------------------------------------------------

    def _texts(self, shot: Snapshot, texts: list[Shape], seen: set) -> None:
        if not texts:
            return
        boxes, areas = _boxes(texts)
        shared = _shared(boxes, boxes)
        overlap = (shared > OVERLAP_SHARE * np.minimum(areas[:, None], areas)) & (shared > 0)
        for i, j in np.argwhere(np.triu(overlap, 1)):
            a, b = texts[i], texts[j]
            key = ("pair", *sorted((a.uid, b.uid)))
            episode = self._see(key, shot.time, (a.name, b.name), "", seen)
            episode.fading.append(self._fading(a) or self._fading(b))
        covers = [s for s in shot.shapes if s.kind in {"marker", "panel"} and s.visible]
        if not covers:
            return
        cover_boxes, cover_areas = _boxes(covers)
        shared = _shared(boxes, cover_boxes)
        marker = np.array([c.kind == "marker" for c in covers])
        by_marker = shared > COVER_SHARE * np.minimum(areas[:, None], cover_areas)
        above = np.array([c.order for c in covers]) > np.array([t.order for t in texts])[:, None]
        by_panel = above & (shared > COVER_SHARE * areas[:, None])
        own = (
            np.array([_NO_PANEL if c.panel is None else c.panel for c in covers])
            == np.array([_NO_PANEL - 1 if t.panel is None else t.panel for t in texts])[:, None]
        )
        hit = np.where(marker, by_marker & (shared > 0), by_panel) & ~own
        for i, k in np.argwhere(hit):
            text, other = texts[i], covers[k]
            key = ("text-covered", text.uid, other.group)
            detail = f"under a {other.kind}"
            self._see(key, shot.time, (text.name, other.group), detail, seen)

    def _fading(self, text: Shape) -> bool:
        """Whether ``text``'s opacity changed since the previous sample."""
        return abs(self.opacities.get(text.uid, 0.0) - text.opacity) > 1e-3

    def _safe_area(self, shot: Snapshot, seen: set) -> None:
        limit = frame_half() - SAFE_MARGIN
        for shape in shot.shapes:
            if not shape.visible or shape.kind == "veil":
                continue
            x0, y0, x1, y1 = shape.box
            beyond = max(-x0 - limit[0], x1 - limit[0], -y0 - limit[1], y1 - limit[1])
            if beyond > 1e-6:
                key = ("safe-area", shape.group)
                detail = "outside the safe area (cut off or near the edge)"
                self._see(key, shot.time, (shape.group,), detail, seen)

    def _focus(self, shot: Snapshot, index: int, focus, seen: set) -> None:
        names = tuple(self._focus_name(shot, m) for m in focus.mobjects)
        parts = [s for m in focus.mobjects for s in shot.shapes_of(m) if s.visible]
        problems = []
        if not parts:
            problems.append("not visible")
        else:
            boxes = np.array([p.box for p in parts])
            x0, y0 = boxes[:, :2].min(axis=0)
            x1, y1 = boxes[:, 2:].max(axis=0)
            half = frame_half()
            span = max(x1 - x0, y1 - y0) / (2 * half[1])
            if span < focus.share:
                problems.append(f"spans {span:.0%} of the frame height, needs {focus.share:.0%}")
            members = {uid for p in parts for uid in p.members}
            small = [p for p in parts if p.kind in {"text", "marker"}]
            covered = sum(_under(p, shot, members) for p in small)
            if covered > OCCLUDED_SHARE * len(small):
                problems.append(f"{covered} of {len(small)} marks or texts covered")
        for problem in problems:
            key = ("focus", index, problem.split()[0])
            self._see(key, shot.time, names, f"beat {focus.beat}: {problem}", seen)

    @staticmethod
    def _focus_name(shot: Snapshot, mobject) -> str:
        shapes = shot.shapes_of(mobject)
        return shapes[0].group if shapes else type(mobject).__name__

    def _motion(self, shot: Snapshot) -> None:
        """Remember when anything at all last changed (panels included), for the ending."""
        digests = {s.uid: s.digest for s in shot.shapes}
        changed = [s for s in shot.shapes if self.digests.get(s.uid) != s.digest]
        if changed or set(self.digests) - set(digests):
            self.moved_at = shot.time
            self.moved = tuple(dict.fromkeys(s.name for s in changed))[:6] or ("something removed",)
        self.digests = digests

    # --- stretches -----------------------------------------------------------------------

    def _see(self, key: tuple, time: float, objects, detail: str, seen: set) -> _Episode:
        seen.add(key)
        episode = self.open.get(key)
        if episode is None:
            rule = {"pair": "text-overlap", "counter": "late-motion"}.get(key[0], key[0])
            episode = self.open[key] = _Episode(rule, tuple(objects), detail, time, time)
        episode.last = time
        return episode

    def _close(self, done) -> None:
        for key in [k for k in self.open if done(k)]:
            episode = self.open.pop(key)
            end = episode.last + self.dt
            rule, detail = episode.rule, episode.detail
            if key[0] == "pair":
                rule, detail = _pair_verdict(episode.fading, end - episode.start)
                if rule is None:
                    continue
            self.findings.append(
                Finding(self.scene_name, episode.start, end, rule, episode.objects, detail)
            )


def _pair_verdict(fading: list[bool], seconds: float):
    """The rule two overlapping texts break: a crossfade (at every sample one of them fades)
    longer than :data:`CROSSFADE_SECONDS`, or an overlap (some sample shows both still);
    None for a short crossfade."""
    if not all(fading):
        return "text-overlap", f"overlapping for {seconds:.2f} s"
    if seconds <= CROSSFADE_SECONDS + 1e-9:
        return None, ""
    return "crossfade", f"the two texts share the place for {seconds:.2f} s"


_NO_PANEL = -1
"""A shape's panel id when it belongs to no panel (ids are never negative)."""


def _boxes(shapes: list[Shape]) -> tuple[np.ndarray, np.ndarray]:
    """The boxes of ``shapes``, shape (n, 4), and their areas, shape (n,)."""
    boxes = np.array([s.box for s in shapes], dtype=float)
    sides = np.maximum(boxes[:, 2:] - boxes[:, :2], 0.0)
    return boxes, sides[:, 0] * sides[:, 1]


def _shared(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The area each box of ``a`` (n, 4) shares with each of ``b`` (m, 4), shape (n, m):
    :func:`~normgeom.audit.screen.intersection` of every pair."""
    width = np.minimum(a[:, None, 2], b[:, 2]) - np.maximum(a[:, None, 0], b[:, 0])
    height = np.minimum(a[:, None, 3], b[:, 3]) - np.maximum(a[:, None, 1], b[:, 1])
    return np.maximum(width, 0.0) * np.maximum(height, 0.0)


def _under(part: Shape, shot: Snapshot, own: set[int]) -> bool:
    """Whether a marker or panel drawn above ``part`` (and not part of the same focus)
    covers its centre."""
    for other in shot.shapes:
        if other.order <= part.order or other.kind not in {"marker", "panel"}:
            continue
        if not other.visible or other.members & own:
            continue
        x0, y0, x1, y1 = other.box
        cx, cy = part.centre
        if x0 <= cx <= x1 and y0 <= cy <= y1:
            return True
    return False
