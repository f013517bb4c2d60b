"""Narrated scenes: every scene is a sequence of named beats whose text lives in
``scenes/narration/<module>.toml`` (one table per scene class, one string per beat, in order).

``with self.beat("intro") as tracker:`` speaks the beat through manim-voiceover, so the
animations inside last as long as the speech (``run_time=tracker.duration``).

A narrated scene is given a :class:`scenes.base.parameters.SceneSettings` (``normgeom`` passes one;
plain ``manim render`` builds it from environment variables) and reads its parameters as
``self.params``. Beats are also the steps of a presentation: in a scene class combined with
manim-slides' ``Slide``, every beat starts a new slide whose speaker notes are the beat's
text. ``settings.stop_after`` ends the scene right after that beat (for stills of a beat's
end state).

Predictions: a beat whose filled text ends with a question is followed by a pause of
:data:`PREDICTION_PAUSE` seconds with an on-screen cue ("Pause and predict" and a shrinking
countdown bar, the only thing that moves); the cue fades in over the pause's first
:data:`CUE_FADE` seconds and out over its last, so the answer starts on a picture without it.

What a viewer must see is declared for the frame auditor (:mod:`normgeom.audit`): each
spoken beat is recorded (:class:`Spoken`), a beat names the objects it talks about with
:meth:`Narrated.talks_about`, a caption or readout that states a fact holds a predicate
(:meth:`Narrated.claim`), and a scene lists the rules it has a reason to break, each with
that reason, in ``audit_exceptions``. What a viewer must see *over time* is declared too
(every declaration is optional; a scene that declares nothing is held to the plain rules):

- :meth:`Narrated.cut`: the camera may jump between the frame before and the next one;
- :meth:`Narrated.cut_in`: objects that may appear or disappear in one frame;
- :meth:`Narrated.answer`: what gives a prediction's answer, hidden until its pause ends;
- :meth:`Narrated.announces`: objects a sentence says move, moving within a second of it;
- :meth:`Narrated.counter` and :meth:`Narrated.counter_said`: an on-screen number that
  changes only while a sentence is about it;
- :meth:`Narrated.reading`: a beat in which the viewer reads what is on screen (a table),
  so its picture may stay still longer.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from manim import (
    Animation,
    FadeIn,
    Group,
    Mobject,
    Scene,
    ThreeDScene,
    UpdateFromAlphaFunc,
    linear,
    smooth,
    squish_rate_func,
)
from manim_voiceover import VoiceoverScene

from scenes.base.beat_range import enter_beat
from scenes.base.catalog import first_narration
from scenes.base.parameters import SceneSettings
from scenes.camera.manim_internals import end_scene, whole_frames_when_cached
from scenes.camera.overlay import OverlayCachingCamera
from scenes.camera.raster import RasterCachingCamera
from scenes.kit import panels
from scenes.voice.captions import caption_cues
from scenes.voice.speech import make_service, prepare
from scenes.voice.wording import Template, fill

__all__ = [
    "PREDICTION_PAUSE",
    "CUE_FADE",
    "ENCODER_SETTLE",
    "END_HOLD",
    "FOCUS_SHARE",
    "APPEAR_SECONDS",
    "appear_rate",
    "MARK_SHARE",
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
    "scene_beats",
    "is_prediction",
    "Narrated",
    "NarratedScene",
    "NarratedThreeDScene",
]

ENCODER_SETTLE = 0.6
"""Seconds the video encoder (x264) keeps refining a picture after a large change: in the
720p30 lecture, after the last fades of Epsilon and RealActivations, 0.40 and 0.53 s of small
macroblock changes (up to 0.13 in brightness on runs of 16 pixels) follow."""

END_HOLD = 1.0 + ENCODER_SETTLE + 0.15
"""Seconds of stillness every scene ends on, so a cut to the next chapter is clean: a second
of still picture in the encoded video, after the encoder settles (with a margin)."""

PREDICTION_PAUSE = 3.0
"""Seconds of silence, with the cue on screen, between a prediction question and its answer."""

CUE_FADE = 0.3
"""Seconds the prediction cue takes to fade in at the start of its pause and out at its end."""


FOCUS_SHARE = 0.06
"""Default smallest share of the frame's height a focus object spans on screen."""

MARK_SHARE = 0.015
"""Share of the frame's height a single named dot or cross spans (its own size): it must
be seen and unoccluded, not large."""

APPEAR_SECONDS = 0.8
"""Seconds a figure takes to fade in from when the words naming it are said."""


def appear_rate(start: float, duration: float) -> Callable[[float], float]:
    """The rate of a change made over :data:`APPEAR_SECONDS` from ``start`` seconds into a
    play lasting ``duration`` (cut short at its end)."""
    end = min(start + APPEAR_SECONDS, duration)
    return squish_rate_func(smooth, start / duration, end / duration)


@dataclass(frozen=True)
class Spoken:
    """One spoken beat: its name and the scene times its speech starts and ends."""

    name: str
    start: float
    end: float


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


def is_prediction(text: str) -> bool:
    """A beat is a prediction when its narration ends with a question."""
    return text.rstrip().endswith("?")


def scene_beats(scene_class: type) -> dict[str, Template]:
    """The ordered beats of a scene class: :func:`scenes.base.catalog.first_narration` of its
    method resolution order (what the cache key and the range planner read statically)."""
    beats = first_narration((_module_file(klass), klass.__name__) for klass in scene_class.__mro__)
    if beats is None:
        raise KeyError(f"no narration for {scene_class.__name__} in any narration file")
    return beats


def _module_file(klass: type) -> Path | None:
    """The resolved file of the module defining ``klass`` (None for a built-in one)."""
    path = getattr(sys.modules.get(klass.__module__), "__file__", None)
    return Path(path).resolve() if path else None


class Narrated(VoiceoverScene):
    """Adds :meth:`beat`, ``self.settings`` and ``self.params`` to a scene.

    Parameters
    ----------
    settings
        Parameters, voice, stop-after beat and camera choice; ``None`` reads them from the
        environment (:meth:`scenes.base.parameters.SceneSettings.from_environment`).
    """

    caching_camera: type | None = None
    """The camera class used unless ``settings.caching_cameras`` is off (None: Manim's)."""
    stock_camera: type | None = None
    """The camera class used when ``settings.caching_cameras`` is off (None: Manim's)."""
    audit_exceptions: ClassVar[tuple[AuditException, ...]] = ()
    """The frame-audit rules this scene breaks on purpose, each with its reason."""

    def __init__(self, settings: SceneSettings | None = None, **kwargs) -> None:
        self.settings = settings or SceneSettings.from_environment()
        self.params = self.settings.params
        camera = self.caching_camera if self.settings.caching_cameras else self.stock_camera
        if camera is not None:
            kwargs.setdefault("camera_class", camera)
        super().__init__(**kwargs)

    def setup(self) -> None:
        super().setup()
        whole_frames_when_cached(self.renderer)
        self.set_speech_service(make_service(self.settings.voice, self.settings.voice_cache))
        self.beats_done: list[str] = []
        self.cue = Group()
        self.pauses: list[tuple[str, float, Group]] = []
        """Each prediction pause: its beat, its seconds and its cue."""
        self.spoken: list[Spoken] = []
        self.focuses: list[Focus] = []
        self.claims: list[Claim] = []
        self.cuts: list[Cut] = []
        self.cut_ins: list[CutIn] = []
        self.answers: list[Answer] = []
        self.announcements: list[Announcement] = []
        self.counters: list[Mobject] = []
        self.counter_talks: list[CounterTalk] = []
        self.readings: list[Reading] = []
        self.beat_name, self.beat_start, self.beat_duration = "", 0.0, 0.0
        enter_beat(self, 0)

    def talks_about(
        self,
        *mobjects: Mobject,
        share: float = FOCUS_SHARE,
        after: float = 0.0,
        words: str | None = None,
    ):
        """Declare that the beat being spoken talks about ``mobjects`` from ``after`` seconds
        into it (or from when ``words`` are said, :meth:`said_at`: the sentence naming them)
        to its end, and through its prediction pause if it asks one. They must then be
        visible, unoccluded and span at least ``share`` of the frame's height on screen, and
        every member of each (every dot of a point group) drawn and inside the frame."""
        if words is not None:
            after = self.said_now(words)
        start = self.beat_start + after
        self.focuses.append(Focus(self.beat_name, start, tuple(mobjects), share))

    def said_now(self, words: str) -> float:
        """Seconds into the beat being spoken at which ``words`` are said (:meth:`said_at`)."""
        return self.said_at(self.beat_name, words, self.beat_duration)

    def cut(self, reason: str) -> None:
        """Declare a camera cut now: the camera may jump between the last frame drawn and the
        next one (a change of view the viewer must read as a cut, for ``reason``). Call it
        right before the jump (``set_camera_orientation``, a zero-time camera move)."""
        self.cuts.append(Cut(self.renderer.time, reason))

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
        if not is_prediction(self.beat_text(self.beat_name)):
            raise ValueError(f"beat {self.beat_name!r} asks no question; it has no answer")
        start = self.beat_start + (self.said_now(words) if words is not None else 0.0)
        self.answers.append(Answer(self.beat_name, start, tuple(mobjects), tuple(texts)))

    def announces(self, words: str, *mobjects: Mobject) -> float:
        """Declare that ``words`` of the beat being spoken announce ``mobjects`` moving (or
        appearing): they must change on screen within a second of the words. Return the
        seconds into the beat at which the words are said, to start the motion there."""
        offset = self.said_now(words)
        self.announcements.append(
            Announcement(self.beat_name, self.beat_start + offset, words, tuple(mobjects))
        )
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
        after = self.said_now(words) if words is not None else 0.0
        self.counter_talks.append(CounterTalk(self.beat_name, self.beat_start + after, shown))

    def reading(self, what: str) -> None:
        """Declare that in the beat being spoken the viewer reads ``what`` on screen (a
        table, a formula): the picture may stay still for longer while it is spoken."""
        self.readings.append(Reading(self.beat_name, what))

    def said_at(self, name: str, words: str, duration: float) -> float:
        """Seconds into beat ``name`` (spoken for ``duration``) at which ``words`` are said,
        timed as the subtitles time them (in proportion to characters): where a visual the
        words name should appear."""
        for cue in caption_cues(self.beat_text(name), duration):
            text = cue.text.replace("\n", " ")
            if words in text:
                return cue.offset + cue.duration * text.index(words) / len(text)
        raise ValueError(f"{words!r} is in no subtitle cue of beat {name!r}")

    def appear_at(
        self, beat: str, words: str, duration: float, *mobs: Mobject, share: float = FOCUS_SHARE
    ) -> list[Animation]:
        """Fade-ins of ``mobs`` (in a play lasting beat ``beat``'s ``duration``) over
        :data:`APPEAR_SECONDS` from when ``words`` are said (:meth:`said_at`), declared as
        what those words talk about (spanning ``share`` of the frame's height)."""
        start = self.said_at(beat, words, duration)
        self.talks_about(*mobs, share=share, after=start)
        self.announcements.append(Announcement(beat, self.beat_start + start, words, mobs))
        return [FadeIn(mob, rate_func=appear_rate(start, duration)) for mob in mobs]

    def said_rate(self, beat: str, words: str, duration: float) -> Callable[[float], float]:
        """The rate of a change (in a play lasting beat ``beat``'s ``duration``) made over
        :data:`APPEAR_SECONDS` from when ``words`` are said (:meth:`said_at`)."""
        return appear_rate(self.said_at(beat, words, duration), duration)

    def claim(self, shown: Mobject, holds: Callable[[], bool], fact: str) -> Mobject:
        """Declare that ``shown`` (a caption or readout) states ``fact``, which ``holds()``
        checks; return ``shown``."""
        self.claims.append(Claim(shown, holds, fact))
        return shown

    def tear_down(self) -> None:
        """End on :data:`END_HOLD` seconds of the last picture, nothing moving."""
        self.wait(END_HOLD)
        super().tear_down()

    def narration_values(self) -> dict[str, object]:
        """Hook: the values and conditions this scene's narration texts use (none here)."""
        return {}

    def beat_text(self, name: str) -> str:
        """The written text of beat ``name``, filled from :meth:`narration_values`."""
        return fill(scene_beats(type(self))[name], self.narration_values(), name)

    @contextmanager
    def beat(self, name: str) -> Iterator:
        """Speak beat ``name`` of this scene's narration while the body animates.

        In a slide scene (one with manim-slides' ``next_slide``) the beat starts a new slide
        with its text as speaker notes; after the beat named by ``settings.stop_after`` the
        scene ends. Subtitles show the text as written (:meth:`beat_text`); the voice says it
        as pronounced (:func:`~scenes.voice.pronunciation.spoken`). A beat the voice cannot
        speak raises :class:`~scenes.voice.registry.SpeechError` naming the scene and the beat.
        A prediction cue still on screen leaves as the beat starts; a prediction beat ends with
        a pause (:meth:`pause_for_prediction`). A range of beats renders alone as
        :func:`~scenes.base.beat_range.enter_beat` says.
        """
        enter_beat(self, len(self.beats_done))
        self.drop_cue(*self.cue)
        self.cue = Group()
        text = self.beat_text(name)
        prepare(self.speech_service, f"{type(self).__name__}, beat {name}", text)
        next_slide = getattr(self, "next_slide", None)
        if next_slide is not None:
            next_slide(notes=text)
        self.beat_name, self.beat_start = name, self.renderer.time
        with self.voiceover(text=text, subcaption=text) as tracker:
            self.beat_duration = tracker.duration
            yield tracker
        self.spoken.append(Spoken(name, self.beat_start, self.beat_start + tracker.duration))
        self.beats_done.append(name)
        if name == self.settings.stop_after:
            end_scene()
        if is_prediction(text):
            self.pause_for_prediction(name)

    def add_wrapped_subcaption(
        self, subcaption: str, duration: float, subcaption_buff: float = 0.1, **_: object
    ) -> None:
        """The beat's subtitle cues (:func:`~scenes.voice.captions.caption_cues`: at most
        two lines of 42 characters, broken at phrase boundaries), in place of manim-voiceover's
        single lines of equal word counts."""
        for cue in caption_cues(subcaption, duration):
            self.add_subcaption(cue.text, duration=cue.duration, offset=cue.offset)

    def pause_for_prediction(self, name: str) -> None:
        """Hold :data:`PREDICTION_PAUSE` seconds with the cue and a shrinking countdown bar on
        screen (all else still); the cue's opacity at time ``t`` of the pause is
        ``min(1, t / CUE_FADE, (PREDICTION_PAUSE - t) / CUE_FADE)``: it fades in and out."""
        cue = self.place_cue(panels.prediction_cue())
        bar = panels.countdown_bar(cue)
        self.cue = Group(cue, bar)
        opacities = [
            (m, m.get_fill_opacity(), m.get_stroke_opacity())
            for m in self.cue.family_members_with_points()
        ]

        def countdown(group: Mobject, alpha: float) -> None:
            seconds = alpha * PREDICTION_PAUSE
            shown = min(1.0, seconds / CUE_FADE, (PREDICTION_PAUSE - seconds) / CUE_FADE)
            for member, solid, stroke in opacities:
                member.set_fill(opacity=solid * shown, family=False)
                member.set_stroke(opacity=stroke * shown, family=False)
            panels.set_countdown(bar, cue, alpha)

        countdown(self.cue, 0.0)
        self.show_cue(cue, bar)
        self.pauses.append((name, PREDICTION_PAUSE, self.cue))
        self.play(
            UpdateFromAlphaFunc(self.cue, countdown, rate_func=linear), run_time=PREDICTION_PAUSE
        )

    def place_cue(self, cue: Mobject) -> Mobject:
        """Hook: move the prediction ``cue`` (built at the bottom centre) where it hides
        nothing; return it."""
        return cue

    def show_cue(self, *parts: Mobject) -> None:
        """Put the cue's ``parts`` on screen (a 3D scene fixes them in frame)."""
        self.add(*parts)

    def drop_cue(self, *parts: Mobject) -> None:
        """Take the cue's ``parts`` off screen."""
        self.remove(*parts)


class NarratedScene(Narrated, Scene):
    """A narrated 2D scene; its camera paints unchanged mobjects from cached rasters (see
    :mod:`scenes.camera.raster`) unless ``settings.caching_cameras`` is off."""

    caching_camera = RasterCachingCamera


class NarratedThreeDScene(Narrated, ThreeDScene):
    """A narrated 3D scene; its camera draws fixed-in-frame panels once (see
    :mod:`scenes.camera.overlay`) unless ``settings.caching_cameras`` is off."""

    caching_camera = OverlayCachingCamera

    def show_cue(self, *parts: Mobject) -> None:
        self.add_fixed_in_frame_mobjects(*parts)

    def drop_cue(self, *parts: Mobject) -> None:
        self.remove(*parts)
        self.renderer.camera.remove_fixed_in_frame_mobjects(*parts)
