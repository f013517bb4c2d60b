"""The rules a viewer's eye applies across frames, checked on consecutive snapshots of a play.

:class:`Timeline` sees every frame of a play (at :data:`normgeom.audit.run.AUDIT_FPS`) and
reports to its auditor's stretches (``see``) or adds whole findings (``report``):

- *camera-jump*: between two consecutive frames the camera turns, zooms or moves its centre
  faster than any animated move of the lecture (:data:`CAMERA_SPEED`), or by a visible step
  (:data:`CAMERA_STEP`) :data:`SPIKE_RATIO` times larger than in the frames around it, with
  no :class:`~scenes.base.declarations.Cut` declared between them;
- *pop*: a visible text, marker or figure in the frame appears or disappears with a
  one-frame step of its presence (opacity times ink) larger than a fade of
  :data:`POP_FADE` seconds ever makes (:func:`fade_step`), unless declared a cut-in, handed
  over to a shape appearing in its place in the same frame (a replacement), or part of a
  counter; a step smaller than :data:`POP_INK` is not seen;
- *offscreen-while-named*: while a beat names a focus (from :data:`FOCUS_DELAY` after the
  words to the beat's end, through its prediction pause), a point of it (a dot or star of a
  point group) is not drawn, or a drawn part of it reaches outside the frame;
- *answer-shown*: a prediction's declared answer (objects, texts with given words) is
  visible between its question and its pause's end;
- *late-motion*: objects a sentence announces do not change within :data:`LATE_MOTION`
  seconds of the words, or a counter's number changes outside every sentence about it;
- *long-still*: the figure and the camera stay unchanged for more than :data:`LONG_STILL`
  seconds of narration (:data:`READING_STILL` when a beat in it declares a reading). A frame
  changes the figure when, against the frame :data:`STILL_LAG` before it, a mark or figure
  outside the panels moved on the :data:`~normgeom.audit.screen.OUTLINE_GRID` (the camera's
  motion moves them all), or what came, went or changed its opacity by more than
  :data:`STILL_FADE` outside the panels covers more than :data:`STILL_SHARE` of the frame:
  panels (legends, readouts, cues), a label or a few marks coming, going or changing their
  words are no change, nor is a fade too slow to see.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from manim import Dot, Mobject, Star, smooth

from normgeom.audit.findings import Finding
from normgeom.audit.screen import VISIBLE, Box, Shape, Snapshot, frame_half, intersection

__all__ = [
    "CAMERA_SPEED",
    "CAMERA_STEP",
    "SPIKE_RATIO",
    "POP_FADE",
    "FOCUS_DELAY",
    "LATE_MOTION",
    "LONG_STILL",
    "READING_STILL",
    "STILL_LAG",
    "STILL_FADE",
    "STILL_SHARE",
    "fade_step",
    "Timeline",
]

CAMERA_SPEED = np.array([37.5, 3.45, 2.55])
"""The fastest the camera may turn (degrees), zoom (``|ln(zoom'/zoom)|``) and move its centre
(frame units), per second: 1.25 times the fastest animated move of the lecture (docs/audit.md
derives it). A frame that changes more, at any frame rate, is a jump."""

CAMERA_STEP = np.array([0.5, 0.03, 0.05])
"""The smallest one-frame change of the camera a viewer sees as a step: turn (degrees), zoom
and centre (frame units)."""

SPIKE_RATIO = 3.0
"""A frame whose camera change exceeds :data:`CAMERA_STEP` and this many times the change of
the frames before and after it is a jump (an animated move eases in and out; a set camera
changes in one frame from rest)."""

_CAMERA_PARTS = ("turns {:.1f} degrees", "zooms x{:.2f}", "moves its centre {:.2f} units")

POP_FADE = 0.3
"""Shortest fade, in seconds, by which something appears or disappears."""

POP_INK = 0.1
"""Smallest one-frame step of presence (frame units of ink at full opacity, about 6 pixels at
480p; a dot's is 0.23) seen as a pop: a trail's first short piece is not."""

POP_TOLERANCE = 1.1
"""Slack on the largest step of a :data:`POP_FADE` fade (rounding of a sampled fade)."""

FOCUS_DELAY = 0.5
"""Seconds after the words naming it by which a focus must be seen whole."""

LATE_MOTION = 1.0
"""Seconds within which announced motion starts, from its words."""

LONG_STILL = 12.0
"""Longest unchanged picture, in seconds of narration."""

READING_STILL = 20.0
"""Longest unchanged picture while a beat declares the viewer reads what is on screen."""

STILL_LAG = 1.0
"""Seconds between the two frames the long-still rule compares: a change too slow to show
within them (a faint plane fading in over ten seconds) is not seen as one."""

STILL_FADE = 0.1
"""Smallest change of a figure shape's opacity within :data:`STILL_LAG` seen as a change."""

STILL_SHARE = 0.02
"""Largest share of the frame what comes, goes or fades within :data:`STILL_LAG` may cover
in a still picture: a few marks or a label appearing are no change a viewer notices, the
sphere or a table appearing is."""

_PRESENCE_FLOOR = 1e-6

_PLACE_SIZE = 4.0
"""How many times larger than a shape another may be and still count as drawn in its place."""

_EDGE = 1e-6
"""Frame units a part may reach beyond the frame's edge (rounding)."""


def fade_step(fps: float, seconds: float = POP_FADE) -> float:
    """The largest one-frame step, at ``fps``, of a smooth fade from 0 to 1 lasting
    ``seconds``: max over frame phases of ``smooth((t + 1/fps)/T) - smooth(t/T)``."""
    dt = 1.0 / fps
    phases = np.linspace(0.0, dt, 64)
    times = phases[:, None] + np.arange(-1, int(np.ceil(seconds * fps)) + 2)[None, :] * dt
    values = np.vectorize(lambda t: smooth(float(np.clip(t / seconds, 0.0, 1.0))))(times)
    return float(np.diff(values, axis=1).max())


def _family_ids(mobjects) -> set[int]:
    return {id(m) for mob in mobjects for m in mob.get_family()}


CHANGE_TOLERANCE = 1e-3
"""Scene units (and opacity) a point of an object must move by to count as a change: float
noise of a move by nothing is no change, a number's new digits are."""


def _state(mobjects: tuple[Mobject, ...], with_opacity: bool = True) -> np.ndarray:
    """``mobjects``' own points (scene space) and, if asked, opacities, as one flat array."""
    parts = [np.zeros(0)]
    for mob in mobjects:
        for leaf in mob.family_members_with_points():
            parts.append(leaf.points.ravel())
            if with_opacity:
                parts.append(np.array([_leaf_opacity(leaf)]))
    return np.concatenate(parts)


def _changed(before: np.ndarray, now: np.ndarray) -> bool:
    """Whether two :func:`_state` of the same objects differ: in size, or by more than
    :data:`CHANGE_TOLERANCE` anywhere."""
    return before.shape != now.shape or bool(np.any(np.abs(before - now) > CHANGE_TOLERANCE))


def _leaf_opacity(leaf: Mobject) -> float:
    fill = getattr(leaf, "get_fill_opacity", None)
    stroke = getattr(leaf, "get_stroke_opacity", None)
    values = [f() for f in (fill, stroke) if f is not None]
    return round(float(max(values, default=1.0)), 3)


def _beyond(box, half: np.ndarray) -> float:
    """How far (frame units) ``box`` reaches beyond the frame's edges (0 or less: inside)."""
    x0, y0, x1, y1 = box
    return max(-x0 - half[0], x1 - half[0], -y0 - half[1], y1 - half[1])


def _is_point(mobject: Mobject) -> bool:
    """Whether ``mobject`` is a point of a group (a dot or a star), which a sentence naming
    its group names too: it must be drawn while named (a table's hidden cells need not)."""
    return isinstance(mobject, Dot | Star)


def _in_place(shape: Shape, other: Shape) -> bool:
    """Whether ``other`` (another shape, at most :data:`_PLACE_SIZE` times larger) covers at
    least half of ``shape``'s box: drawn in its place."""
    if other.uid == shape.uid or other.area > _PLACE_SIZE * max(shape.area, 1e-9):
        return False
    return intersection(shape.box, other.box) >= 0.5 * shape.area


def _in_frame(shape: Shape) -> bool:
    half = frame_half()
    return intersection(shape.box, (-half[0], -half[1], half[0], half[1])) > 0 or (
        abs(shape.centre[0]) <= half[0] and abs(shape.centre[1]) <= half[1]
    )


def _figure(shot: Snapshot) -> dict[int, Shape]:
    """The shapes of ``shot`` outside the panels, by id."""
    return {s.uid: s for s in shot.shapes if s.panel is None}


def _figure_changed(before: dict[int, Shape], now: dict[int, Shape]) -> bool:
    """Whether the picture outside the panels changed from ``before`` to ``now`` as a viewer
    sees it: a visible mark or figure (not a text) moved on the outline grid (motion is seen
    whatever its size; the camera's moves them all), or the shapes that came, went or
    changed their opacity by more than :data:`STILL_FADE` cover more than
    :data:`STILL_SHARE` of the frame (the summed areas, inside the frame, of the boxes
    spanning each group's such shapes then and now)."""
    spans: dict[str, list[Box]] = {}
    for uid in before.keys() | now.keys():
        then, shape = before.get(uid), now.get(uid)
        opacities = [s.opacity if s is not None else 0.0 for s in (then, shape)]
        moved = then is not None and shape is not None and then.outline != shape.outline
        if moved and shape.kind != "text" and max(opacities) > VISIBLE:
            return True
        if moved or abs(opacities[1] - opacities[0]) > STILL_FADE:
            group = (shape or then).group
            spans.setdefault(group, []).extend(s.box for s in (then, shape) if s is not None)
    half = frame_half()
    frame = (-half[0], -half[1], half[0], half[1])
    covered = sum(intersection(_spanning(boxes), frame) for boxes in spans.values())
    return covered > STILL_SHARE * 4 * half[0] * half[1]


def _spanning(boxes: list[Box]) -> Box:
    """The smallest box holding every box of ``boxes``."""
    corners = np.array(boxes)
    return (*corners[:, :2].min(axis=0).tolist(), *corners[:, 2:].max(axis=0).tolist())


@dataclass
class _Event:
    """A shape crossing visibility at ``time``: ``appears`` or not; judged once the fade
    window around it is seen."""

    uid: int
    time: float
    appears: bool
    name: str


class Timeline:
    """The temporal rules of one play at ``fps``; ``see(key, time, objects, detail, seen)``
    opens or extends a stretch of the auditor, ``report(finding)`` adds a whole finding."""

    def __init__(
        self,
        scene_name: str,
        fps: float,
        see: Callable,
        report: Callable[[Finding], None],
    ) -> None:
        self.scene_name, self.dt = scene_name, 1.0 / fps
        self.see, self.report = see, report
        self.step = fade_step(fps) * POP_TOLERANCE
        self.last: Snapshot | None = None
        self.camera_log: deque = deque([(-np.inf, -np.inf, np.zeros(3))], maxlen=3)
        self.presence: dict[int, deque] = {}
        self.events: list[_Event] = []
        self.announced: dict[int, tuple[np.ndarray | None, bool]] = {}
        self.judged: set[int] = set()
        self.announced_names: dict[int, tuple[str, ...]] = {}
        self.counted: dict[int, np.ndarray] = {}
        self.still_since = 0.0
        self.stills: list[tuple[float, float]] = []
        self.figures: deque = deque(maxlen=round(STILL_LAG * fps) + 1)

    # --- the loop ------------------------------------------------------------------------

    def look(self, shot: Snapshot, scene, seen: set) -> None:
        """Check ``shot`` against the frames before it."""
        if self.last is not None:
            self._camera(shot, scene, seen)
            self._crossings(shot, scene)
        self._presence(shot)
        self._judge_pops(shot.time, scene, seen)
        self._named(shot, scene, seen)
        self._answers(shot, scene, seen)
        self._announcements(shot, scene)
        self._counters(shot, scene, seen)
        self.figures.append(_figure(shot))
        if _figure_changed(self.figures[0], self.figures[-1]):
            self._still_until(shot.time)
        self.last = shot

    def finish(self, end: float, scene) -> None:
        """Judge what is still open at the scene's ``end``."""
        if self.last is not None:
            self._camera(None, scene, set())
        self._judge_pops(np.inf, scene, set())
        self._announcements(None, scene)
        self._still_until(end)
        self._long_stills(scene)

    # --- camera-jump ---------------------------------------------------------------------

    def _camera(self, shot: Snapshot | None, scene, seen: set) -> None:
        """Log the camera's change into ``shot`` (``None``: the scene ended, no change) and
        judge the frame before it, whose neighbours' changes are now known."""
        change = np.zeros(3)
        if shot is not None:
            change = np.array(self.last.camera.change(shot.camera))
            self.camera_log.append((self.last.time, shot.time, change))
        else:
            self.camera_log.append((np.inf, np.inf, change))
        if len(self.camera_log) < 3:
            return
        (_, _, before), (start, time, judged), (_, _, after) = self.camera_log
        fast = judged > CAMERA_SPEED * self.dt
        spike = (judged > CAMERA_STEP) & (judged > SPIKE_RATIO * np.maximum(before, after))
        bad = fast | spike
        cut = any(start < c.time <= time + 1e-9 for c in scene.declare.cuts)
        if bad.any() and not cut:
            values = (judged[0], float(np.exp(judged[1])), judged[2])
            parts = zip(_CAMERA_PARTS, values, bad, strict=True)
            problems = [part.format(value) for part, value, over in parts if over]
            detail = " and ".join(problems) + " in one frame, with no cut declared"
            self.see(("camera-jump",), time, ("camera",), detail, seen)

    # --- pop -----------------------------------------------------------------------------

    def _presence(self, shot: Snapshot) -> None:
        window = int(np.ceil(POP_FADE / self.dt)) * 2 + 3
        now = {s.uid: s for s in shot.shapes}
        for uid in set(self.presence) | set(now):
            shape = now.get(uid)
            value = min(shape.opacity, 1.0) * shape.ink if shape is not None else 0.0
            if uid not in self.presence:  # absent until now: nothing drawn a frame ago
                self.presence[uid] = deque([(shot.time - self.dt, 0.0)], maxlen=window)
            history = self.presence[uid]
            history.append((shot.time, value))
            if shape is None and all(v <= _PRESENCE_FLOOR for _, v in history):
                del self.presence[uid]

    def _crossings(self, shot: Snapshot, scene) -> None:
        """Note every shape that becomes visible or invisible in ``shot``, unless it is
        exempt or something of its size is drawn in its place in the other frame (a
        replacement, or a copy put under a dot that then moves away)."""
        before = [s for s in self.last.shapes if s.visible and self._poppable(s)]
        now = [s for s in shot.shapes if s.visible and self._poppable(s)]
        uids_before, uids_now = {s.uid for s in before}, {s.uid for s in now}
        came = [s for s in now if s.uid not in uids_before]
        went = [s for s in before if s.uid not in uids_now]
        exempt = _family_ids(m for c in scene.declare.cut_ins for m in c.mobjects)
        exempt |= _family_ids(scene.declare.counters)
        for shapes, swapped, other_frame, appears in (
            (came, went, before, True),
            (went, came, now, False),
        ):
            for shape in shapes:
                if shape.members & exempt or not _in_frame(shape):
                    continue
                if any(intersection(shape.box, other.box) > 0 for other in swapped):
                    continue  # replaced in place in the same frame
                if any(_in_place(shape, other) for other in other_frame):
                    continue
                self.events.append(_Event(shape.uid, shot.time, appears, shape.group))

    @staticmethod
    def _poppable(shape: Shape) -> bool:
        return shape.kind in {"text", "marker", "figure"}

    def _judge_pops(self, now: float, scene, seen: set) -> None:
        waiting = []
        for event in self.events:
            if now < event.time + POP_FADE - 1e-9:
                waiting.append(event)
                continue
            history = self.presence.get(event.uid, ())
            if event.appears:
                span = [(t, v) for t, v in history if event.time - self.dt - 1e-9 <= t]
                span = [(t, v) for t, v in span if t <= event.time + POP_FADE + 1e-9]
            else:
                span = [(t, v) for t, v in history if event.time - POP_FADE - 1e-9 <= t]
                span = [(t, v) for t, v in span if t <= event.time + 1e-9]
            values = np.array([v for _, v in span])
            if len(values) < 2:
                continue
            level = values.max()
            jump = np.abs(np.diff(values)).max()
            if jump > POP_INK and jump > self.step * level:
                verb = "appears" if event.appears else "disappears"
                detail = f"{verb} in one frame (a fade takes at least {POP_FADE} s)"
                self.see(("pop", event.name, verb), event.time, (event.name,), detail, seen)
        self.events = waiting

    # --- offscreen-while-named, answer-shown ---------------------------------------------

    def _named(self, shot: Snapshot, scene, seen: set) -> None:
        half = frame_half()
        for index, focus in enumerate(scene.declare.focuses):
            if not focus.start + FOCUS_DELAY <= shot.time <= scene.declare.focus_end(focus.beat):
                continue
            leaves = [m for mob in focus.mobjects for m in mob.family_members_with_points()]
            shapes = [shot.by_member.get(id(leaf)) for leaf in leaves]
            points = [s for leaf, s in zip(leaves, shapes, strict=True) if _is_point(leaf)]
            missing = sum(s is None or not s.visible for s in points)
            outside = sum(
                s is not None and s.visible and _beyond(s.box, half) > _EDGE for s in shapes
            )
            names = tuple(dict.fromkeys(s.group for s in shapes if s is not None))
            names = names or tuple(type(m).__name__ for m in focus.mobjects)
            for count, what in ((missing, "not drawn"), (outside, "outside the frame")):
                if count:
                    detail = f"beat {focus.beat}: {count} of {len(leaves)} parts {what}"
                    key = ("offscreen-while-named", index, what)
                    self.see(key, shot.time, names, detail, seen)

    def _answers(self, shot: Snapshot, scene, seen: set) -> None:
        for index, answer in enumerate(scene.declare.answers):
            if not answer.start <= shot.time <= scene.declare.focus_end(answer.beat):
                continue
            shown = [s for m in answer.mobjects for s in shot.shapes_of(m) if s.visible]
            shown += [
                s
                for s in shot.shapes
                if s.kind == "text"
                and s.visible
                and s.words
                and any(text in s.words for text in answer.texts)
            ]
            if shown:
                names = tuple(dict.fromkeys(s.name for s in shown))
                detail = f"beat {answer.beat}: the answer is on screen before the pause ends"
                self.see(("answer-shown", index), shot.time, names, detail, seen)

    # --- late-motion ---------------------------------------------------------------------

    def _announcements(self, shot: Snapshot | None, scene) -> None:
        for index, said in enumerate(scene.declare.announcements):
            start, end = said.time - LATE_MOTION, said.time + LATE_MOTION
            before, moved = self.announced.get(index, (None, False))
            if moved or index in self.judged:
                continue
            if shot is not None and shot.time <= end + 1e-9:
                if shot.time >= start - self.dt - 1e-9:
                    now = _state(said.mobjects)
                    groups = [s.group for m in said.mobjects for s in shot.shapes_of(m)]
                    if groups:
                        self.announced_names[index] = tuple(dict.fromkeys(groups))
                    moved = before is not None and _changed(before, now) and shot.time >= start
                    self.announced[index] = (now, moved)
                continue
            self.judged.add(index)
            self.announced.pop(index, None)
            names = self.announced_names.get(index) or tuple(
                type(m).__name__ for m in said.mobjects
            )
            detail = (
                f"beat {said.beat}: {said.words!r} is said at {said.time:.2f} s but nothing "
                f"it announces changes within {LATE_MOTION} s of it"
            )
            self.report(Finding(self.scene_name, said.time, end, "late-motion", names, detail))

    def _counters(self, shot: Snapshot, scene, seen: set) -> None:
        for index, counter in enumerate(scene.declare.counters):
            now = _state((counter,), with_opacity=False)
            before = self.counted.get(index)
            self.counted[index] = now
            if before is None or not _changed(before, now):
                continue
            if not any(s.visible for s in shot.shapes_of(counter)):
                continue
            talked = any(
                talk.counter is counter
                and talk.start - 1e-9 <= shot.time <= scene.declare.beat_end(talk.beat) + self.dt
                for talk in scene.declare.counter_talks
            )
            if not talked:
                name = tuple(dict.fromkeys(s.group for s in shot.shapes_of(counter)))
                detail = "the number changes with no sentence about it"
                self.see(("counter", index), shot.time, name, detail, seen)

    # --- long-still ----------------------------------------------------------------------

    def _still_until(self, time: float) -> None:
        if time - self.still_since > LONG_STILL:
            self.stills.append((self.still_since, time))
        self.still_since = time

    def _long_stills(self, scene) -> None:
        for start, end in self.stills:
            spoken = [s for s in scene.declare.spoken if s.start < end and s.end > start]
            narrated = sum(min(s.end, end) - max(s.start, start) for s in spoken)
            reading = {r.beat for r in scene.declare.readings} & {s.name for s in spoken}
            limit = READING_STILL if reading else LONG_STILL
            if narrated > limit:
                detail = f"{narrated:.1f} s of narration over a still picture (at most {limit:g} s"
                detail += " while reading)" if reading else ")"
                self.report(
                    Finding(self.scene_name, start, end, "long-still", ("picture",), detail)
                )
