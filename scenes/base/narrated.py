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

What a viewer must see is declared for the frame auditor on ``self.declare``, a
:class:`~scenes.base.declarations.Declarations` (what a beat talks about, claims, cuts,
answers, announcements, counters, reading beats); a scene lists the rules it has a reason to
break in ``audit_exceptions``.
"""

from __future__ import annotations

import datetime
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import ClassVar

import srt
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
from scenes.base.catalog import SCENES_DIR, first_narration
from scenes.base.declarations import (
    FOCUS_SHARE,
    Announcement,
    AuditException,
    Declarations,
    Spoken,
    is_prediction,
)
from scenes.base.parameters import SceneParams, SceneSettings
from scenes.camera.manim_internals import end_scene, subtitle_file, whole_frames_when_cached
from scenes.camera.overlay import OverlayCachingCamera
from scenes.camera.raster import RasterCachingCamera
from scenes.kit import panels
from scenes.kit.screen_text import use_language
from scenes.voice.captions import caption_cues
from scenes.voice.languages import SOURCE, source_subtitles
from scenes.voice.speech import make_service, prepare
from scenes.voice.translation import translated_values
from scenes.voice.wording import Template, fill

__all__ = [
    "PREDICTION_PAUSE",
    "CUE_FADE",
    "ENCODER_SETTLE",
    "END_HOLD",
    "APPEAR_SECONDS",
    "appear_rate",
    "MARK_SHARE",
    "scene_beats",
    "Narrated",
    "NarratedScene",
    "NarratedThreeDScene",
]

NARRATION_DIR = SCENES_DIR / "narration"

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


def scene_beats(scene_class: type, lang: str = SOURCE) -> dict[str, Template]:
    """The ordered beats of a scene class in language ``lang``:
    :func:`scenes.base.catalog.first_narration` of its method resolution order (what the cache
    key and the range planner read statically)."""
    classes = ((_module_file(klass), klass.__name__) for klass in scene_class.__mro__)
    beats = first_narration(classes, lang)
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
        use_language(self.settings.lang)
        camera = self.caching_camera if self.settings.caching_cameras else self.stock_camera
        if camera is not None:
            kwargs.setdefault("camera_class", camera)
        super().__init__(**kwargs)

    def setup(self) -> None:
        super().setup()
        whole_frames_when_cached(self.renderer)
        self.set_speech_service(
            make_service(self.settings.voice, self.settings.voice_cache, self.settings.lang)
        )
        self.beats_done: list[str] = []
        self.source_cues: list[srt.Subtitle] = []
        """A translated scene's subtitles in the source language, over its own beats' spans."""
        self.cue = Group()
        self.pauses: list[tuple[str, float, Group]] = []
        """Each prediction pause: its beat, its seconds and its cue."""
        self.declare = Declarations(self)
        """What this scene declares for the frame auditor, as it plays."""
        self.beat_name, self.beat_start, self.beat_duration = "", 0.0, 0.0
        enter_beat(self, 0)

    def said_now(self, words: str) -> float:
        """Seconds into the beat being spoken at which ``words`` are said (:meth:`said_at`)."""
        return self.said_at(self.beat_name, words, self.beat_duration)

    def word_rate(
        self, words: str, length: float, seconds: float, elapsed: float = 0.0, rate=smooth
    ) -> Callable[[float], float]:
        """A rate function that runs ``rate`` for ``seconds`` from when ``words`` of the beat
        being spoken are said, in a play that started ``elapsed`` seconds into the beat and
        lasts ``length`` (from the play's start if they were said before it)."""
        start = min(max(self.said_now(words) - elapsed, 0.0), 0.99 * length)
        end = min(start + seconds, length)
        return squish_rate_func(rate, start / length, end / length)

    def said_at(self, name: str, words: str, duration: float) -> float:
        """Seconds into beat ``name`` (spoken for ``duration``) at which ``words`` are said,
        timed as the English subtitles time them (in proportion to characters): where a
        visual the words name should appear. ``words`` are English; in a translation they
        are taken to be said at the same share of the beat as in the English."""
        for cue in caption_cues(self.beat_text(name, SOURCE), duration):
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
        self.declare.talks_about(*mobs, share=share, after=start)
        self.declare.announcements.append(Announcement(beat, self.beat_start + start, words, mobs))
        return [FadeIn(mob, rate_func=appear_rate(start, duration)) for mob in mobs]

    def said_rate(self, beat: str, words: str, duration: float) -> Callable[[float], float]:
        """The rate of a change (in a play lasting beat ``beat``'s ``duration``) made over
        :data:`APPEAR_SECONDS` from when ``words`` are said (:meth:`said_at`)."""
        return appear_rate(self.said_at(beat, words, duration), duration)

    def tear_down(self) -> None:
        """End on :data:`END_HOLD` seconds of the last picture, nothing moving; a translated
        scene writes its source-language subtitles beside its own (``<movie>.en.srt``)."""
        self.wait(END_HOLD)
        subtitles = subtitle_file(self)
        if self.source_cues and subtitles is not None:
            subtitles.parent.mkdir(parents=True, exist_ok=True)
            source_subtitles(subtitles).write_text(srt.compose(self.source_cues), encoding="utf-8")
        super().tear_down()

    @classmethod
    def page_states(cls, params: SceneParams) -> list:
        """Hook: the states of one vector with its gain and epsilon
        (:class:`~scenes.kit.lesson_state.LessonState`) this scene shows for ``params``, in
        order, as the live page can open them; none here."""
        return []

    def narration_values(self) -> dict[str, object]:
        """Hook: the values and conditions this scene's narration texts use (none here)."""
        return {}

    def beat_text(self, name: str, lang: str | None = None) -> str:
        """The written text of beat ``name`` in language ``lang`` (default: the scene's),
        filled from :meth:`narration_values` (word values translated:
        :func:`~scenes.voice.translation.translated_values`)."""
        lang = lang or self.settings.lang
        values = translated_values(self.narration_values(), NARRATION_DIR, lang)
        return fill(scene_beats(type(self), lang)[name], values, name)

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
        pause = PREDICTION_PAUSE if is_prediction(text) else 0.0
        end = self.beat_start + tracker.duration
        self.declare.spoken.append(Spoken(name, self.beat_start, end, pause))
        self.beats_done.append(name)
        if name == self.settings.stop_after:
            end_scene()
        if pause:
            self.pause_for_prediction(name)

    def add_wrapped_subcaption(
        self, subcaption: str, duration: float, subcaption_buff: float = 0.1, **_: object
    ) -> None:
        """The beat's subtitle cues (:func:`~scenes.voice.captions.caption_cues`: at most
        two lines of 42 characters, broken at phrase boundaries), in place of manim-voiceover's
        single lines of equal word counts. A translated scene also keeps the source text's
        cues over the same span (``source_cues``), so its movie can offer both."""
        lang = self.settings.lang
        for cue in caption_cues(subcaption, duration, lang):
            self.add_subcaption(cue.text, duration=cue.duration, offset=cue.offset)
        if lang == SOURCE:
            return
        for cue in caption_cues(self.beat_text(self.beat_name, SOURCE), duration):
            start = self.renderer.time + cue.offset
            self.source_cues.append(
                srt.Subtitle(
                    len(self.source_cues) + 1,
                    datetime.timedelta(seconds=start),
                    datetime.timedelta(seconds=start + cue.duration),
                    cue.text,
                )
            )

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
