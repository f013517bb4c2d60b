"""What a narrated scene declares for the frame auditor (:mod:`normgeom.audit`), recorded as
it plays by one :class:`Declarations` object, the scene's ``self.declare``.

Each spoken beat is recorded (:class:`Spoken`); a beat names the objects it talks about
(:meth:`Declarations.talks_about`); a caption or readout that states a fact holds a predicate
(:meth:`Declarations.claim`); a scene lists the rules it has a reason to break, each with that
reason, in its ``audit_exceptions`` (:class:`AuditException`). What a viewer must see *over
time* is declared too (every declaration is optional; a scene that declares nothing is held to
the plain rules):

- :meth:`Declarations.cut`: the camera may jump between the frame before and the next one;
- :meth:`Declarations.cut_in`: objects that may appear or disappear in one frame;
- :meth:`Declarations.answer`: what gives a prediction's answer, hidden until its pause ends;
- :meth:`Declarations.announces`: objects a sentence says move, moving within a second of it;
- :meth:`Declarations.counter` and :meth:`Declarations.counter_said`: an on-screen number
  that changes only while a sentence is about it;
- :meth:`Declarations.reading`: a beat in which the viewer reads what is on screen (a table),
  so its picture may stay still longer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from manim import Mobject

if TYPE_CHECKING:
    from scenes.base.narrated import Narrated

__all__ = [
    "FOCUS_SHARE",
    "Spoken",
    "Focus",
    "Claim",
    "AuditException",
    "Cut",
    "CutIn",
    "Answer",
    "Announcement",
    "CounterTalk",
    "Reading",
    "is_prediction",
    "Declarations",
]

FOCUS_SHARE = 0.06
"""Default smallest share of the frame's height a focus object spans on screen."""


def is_prediction(text: str) -> bool:
    """A beat is a prediction when its narration ends with a question (``?``, or the
    full-width ``？`` of Japanese).

    >>> is_prediction("What shape will it become?"), is_prediction("どうなるでしょうか？")
    (True, True)
    """
    return text.rstrip().endswith(("?", "？"))


@dataclass(frozen=True)
class Spoken:
    """One spoken beat: its name, the scene times its speech starts and ends, and the seconds
    of its prediction pause after the speech (0 for a beat that asks nothing)."""

    name: str
    start: float
    end: float
    pause: float = 0.0


@dataclass(frozen=True)
class Focus:
    """What beat ``beat`` talks about from scene time ``start`` (the sentence naming it) to
    the beat's end: ``mobjects`` seen together, spanning at least ``share`` of the frame's
    height on screen."""

    beat: str
    start: float
    mobjects: tuple[Mobject, ...]
    share: float


@dataclass(frozen=True)
class Claim:
    """A fact stated on screen: while ``shown`` is visible, ``holds()`` must be true."""

    shown: Mobject
    holds: Callable[[], bool]
    fact: str


@dataclass(frozen=True)
class AuditException:
    """A frame-audit rule this scene breaks on purpose: findings of ``rule`` whose objects
    match the glob ``objects`` are excused, for ``reason``."""

    rule: str
    objects: str
    reason: str


@dataclass(frozen=True)
class Cut:
    """A camera cut at scene time ``time``: the camera may jump between the frame drawn
    before ``time`` and the first frame drawn from it, for ``reason``."""

    time: float
    reason: str


@dataclass(frozen=True)
class CutIn:
    """``mobjects`` (and their members) may appear or disappear in one frame, for ``reason``."""

    mobjects: tuple[Mobject, ...]
    reason: str


@dataclass(frozen=True)
class Answer:
    """What gives prediction beat ``beat``'s answer: ``mobjects`` and the texts whose words
    contain one of ``texts``; none may be visible from scene time ``start`` (the question)
    to the end of the beat's pause."""

    beat: str
    start: float
    mobjects: tuple[Mobject, ...]
    texts: tuple[str, ...]


@dataclass(frozen=True)
class Announcement:
    """The sentence of beat ``beat`` says ``words`` at scene time ``time`` about ``mobjects``
    moving (or appearing): they must change on screen within a second of ``time``."""

    beat: str
    time: float
    words: str
    mobjects: tuple[Mobject, ...]


@dataclass(frozen=True)
class CounterTalk:
    """Beat ``beat`` talks about the number ``counter`` shows from scene time ``start`` to the
    beat's end: the number may change then."""

    beat: str
    start: float
    counter: Mobject


@dataclass(frozen=True)
class Reading:
    """In beat ``beat`` the viewer reads ``what`` on screen: its picture may stay still
    longer (the frame audit's ``READING_STILL`` instead of ``LONG_STILL``)."""

    beat: str
    what: str


@dataclass
class Declarations:
    """Everything ``scene`` has declared so far, in the order declared; the declaring methods
    are called while a beat is spoken and date what they declare by the scene's clock."""

    scene: Narrated
    spoken: list[Spoken] = field(default_factory=list)
    focuses: list[Focus] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    cuts: list[Cut] = field(default_factory=list)
    cut_ins: list[CutIn] = field(default_factory=list)
    answers: list[Answer] = field(default_factory=list)
    announcements: list[Announcement] = field(default_factory=list)
    counters: list[Mobject] = field(default_factory=list)
    counter_talks: list[CounterTalk] = field(default_factory=list)
    readings: list[Reading] = field(default_factory=list)

    @property
    def speaking(self) -> str:
        """The beat being spoken now ("" between beats and in a prediction pause)."""
        name = self.scene.beat_name
        return name if name and name not in (s.name for s in self.spoken) else ""

    def beat_end(self, beat: str) -> float:
        """When ``beat``'s speech ends (infinite while it is still spoken)."""
        return next((s.end for s in self.spoken if s.name == beat), float("inf"))

    def focus_end(self, beat: str) -> float:
        """When what ``beat`` names stops being named: its speech's end, or its prediction
        pause's end (infinite while the beat is still spoken)."""
        pause = next((s.pause for s in self.spoken if s.name == beat), 0.0)
        return self.beat_end(beat) + pause

    def _since(self, words: str | None, after: float = 0.0) -> float:
        """The scene time ``after`` seconds into the beat being spoken, or when ``words`` are
        said in it (:meth:`~scenes.base.narrated.Narrated.said_now`)."""
        offset = self.scene.said_now(words) if words is not None else after
        return self.scene.beat_start + offset

    def talks_about(
        self,
        *mobjects: Mobject,
        share: float = FOCUS_SHARE,
        after: float = 0.0,
        words: str | None = None,
    ) -> None:
        """Declare that the beat being spoken talks about ``mobjects`` from ``after`` seconds
        into it (or from when ``words`` are said: the sentence naming them) to its end, and
        through its prediction pause if it asks one. They must then be visible, unoccluded
        and span at least ``share`` of the frame's height on screen, and every member of each
        (every dot of a point group) drawn and inside the frame."""
        start = self._since(words, after)
        self.focuses.append(Focus(self.scene.beat_name, start, tuple(mobjects), share))

    def cut(self, reason: str) -> None:
        """Declare a camera cut now: the camera may jump between the last frame drawn and the
        next one (a change of view the viewer must read as a cut, for ``reason``). Call it
        right before the jump (``set_camera_orientation``, a zero-time camera move)."""
        self.cuts.append(Cut(self.scene.renderer.time, reason))

    def cut_in(self, *mobjects: Mobject, reason: str) -> None:
        """Declare that ``mobjects`` may appear or disappear in one frame (no fade), for
        ``reason``, wherever they are shown in the scene."""
        self.cut_ins.append(CutIn(tuple(mobjects), reason))

    def answer(
        self, *mobjects: Mobject, texts: tuple[str, ...] = (), words: str | None = None
    ) -> None:
        """Declare what gives the answer of the prediction beat being spoken: ``mobjects``,
        and every text whose words contain one of ``texts``. None may be visible from the
        question (the beat's start, or when ``words`` are said) until its pause ends."""
        beat = self.scene.beat_name
        if not is_prediction(self.scene.beat_text(beat)):
            raise ValueError(f"beat {beat!r} asks no question; it has no answer")
        self.answers.append(Answer(beat, self._since(words), tuple(mobjects), tuple(texts)))

    def announces(self, words: str, *mobjects: Mobject) -> float:
        """Declare that ``words`` of the beat being spoken announce ``mobjects`` moving (or
        appearing): they must change on screen within a second of the words. Return the
        seconds into the beat at which the words are said, to start the motion there."""
        offset = self.scene.said_now(words)
        start = self.scene.beat_start + offset
        self.announcements.append(Announcement(self.scene.beat_name, start, words, mobjects))
        return offset

    def counter(self, shown: Mobject) -> Mobject:
        """Declare ``shown`` an on-screen number (a readout) that may change only while a
        sentence is about it (:meth:`counter_said`); return it."""
        self.counters.append(shown)
        return shown

    def counter_said(self, shown: Mobject, words: str | None = None) -> None:
        """Declare that the beat being spoken is about the number ``shown`` (a
        :meth:`counter`) from its start (or from when ``words`` are said) to its end: the
        number may change then."""
        self.counter_talks.append(CounterTalk(self.scene.beat_name, self._since(words), shown))

    def reading(self, what: str) -> None:
        """Declare that in the beat being spoken the viewer reads ``what`` on screen (a
        table, a formula): the picture may stay still for longer while it is spoken."""
        self.readings.append(Reading(self.scene.beat_name, what))

    def claim(self, shown: Mobject, holds: Callable[[], bool], fact: str) -> Mobject:
        """Declare that ``shown`` (a caption or readout) states ``fact``, which ``holds()``
        checks; return ``shown``."""
        self.claims.append(Claim(shown, holds, fact))
        return shown
