"""The one-vector lesson: RMS scaling beside mean centering on three coordinates.

Three narrated 2D scenes share one :class:`LessonScene` base: the input vector, gain and
epsilon come from the scene's parameters ``self.params`` (defaults Positive (1, 2, 3),
gain 1, epsilon 1e-6) or from the class attributes ``lesson_vector``, ``lesson_gain``,
``lesson_eps`` of a subclass. Every number and bar comes from :func:`normmath.lesson`
through :class:`scenes.kit.lesson_board.LessonBoard`.

Render with ``manim render -ql scenes/lesson.py OneVectorLesson`` (or ``EdgeCases``,
``Invariances``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import ClassVar

from manim import (
    UL,
    Animation,
    FadeIn,
    FadeOut,
    Indicate,
    MathTex,
    Mobject,
    VGroup,
    Write,
    linear,
    smooth,
    squish_rate_func,
    there_and_back,
)

import normmath as nm
from scenes.base.declarations import is_prediction
from scenes.base.geometry import HIGHLIGHT_SECONDS
from scenes.base.narrated import NarratedScene
from scenes.base.parameters import SceneParams
from scenes.kit.bar_chart import chart_limit
from scenes.kit.glyphs import plain_text
from scenes.kit.lesson_board import BOARD_REACH, LessonBoard
from scenes.kit.lesson_state import RULES, LessonState, StateTracker
from scenes.kit.style import CAPTION_WIDTH, PALETTE
from scenes.kit.veil import veil

__all__ = ["LessonScene", "OneVectorLesson", "EdgeCases", "Invariances"]

FADE_SECONDS = 0.5
"""Time a caption or formula takes to appear at the start of a beat."""

MOVE_SECONDS = 2.0
"""Longest time the counters take to reach a beat's state, before its caption appears."""

WRITE_SECONDS = 3.0
"""Time a rule's formula takes to be written, from when its sentence starts."""

READOUT_SHARE = 0.04
"""Smallest share of the frame's height a readout the narration names spans (one line)."""

GAIN_ZERO_SECONDS = 0.5
"""Time the gain takes to reach 0 in the beat that asks whether gain zero helps."""

FRAME_TOLERANCE = 1e-6
"""Share of a frame by which words may precede a frame and still count as said on it."""

BOARD_FADE_SECONDS = 1.0
"""Time the board takes to appear; the rest of its beat holds it still."""

CAPTION_Y = 2.02
"""Height of the caption line (between the chart's legend and the formula row)."""

FORMULA_Y = 2.75
"""Height of the formula row (under the heading and the gain/epsilon readouts)."""

FORMULA_SIZE = 30
"""Font size of the two rules' formulas, side by side in the formula row."""

LAW_SIZE = 40
"""Font size of a formula the formula row holds alone (read while it is spoken)."""

CUE_AIR = 0.15
"""Frame units kept clear above and below the prediction cue between the formula row and
the statistics panel (the cue is scaled down to keep them)."""

BOARD_PARTS = ("chart", "stats", "table")
"""The parts of the board that take the focus in turn."""


class LessonScene(NarratedScene):
    """Base of the lesson scenes: parameters, the board, the state tracker, captions.

    Subclasses set :attr:`title` and implement :meth:`states` (every state the scene visits,
    in order; the first is shown at the start and all of them fix the shared output scale).

    One caption at a time: a new caption fades in only after the old one has faded out.
    The board part a beat speaks about is in focus; the others recede behind veils, which
    change once per beat (so the caching camera reuses still frames).
    """

    title = ""
    default_focus: tuple[str, ...] = BOARD_PARTS
    lesson_vector: tuple[float, float, float] | None = None
    lesson_gain: float | None = None
    lesson_eps: float | None = None

    def setup(self) -> None:
        super().setup()
        params = self.params
        self.base = self.base_state(params.vector, params.gain, params.lesson_eps)
        states = self.states()
        self.tracker = StateTracker(states[0])
        self.board = LessonBoard(3, chart_limit(state.lesson() for state in states))
        self.heading = plain_text(self.title, "title")
        self.heading.to_corner(UL, buff=0.35)
        self.caption = VGroup()
        self.formula = VGroup()
        self.veils = {name: veil(self.board.part(name)) for name in BOARD_PARTS}
        self.veiled: set[str] = set()
        self.outlined: LessonState | None = None
        """The state whose outputs the chart's outlines hold while they are shown."""
        inputs = [self.board.table.readouts["input", i] for i in range(3)]
        for readout in (self.board.gain, self.board.eps, *inputs):
            self.declare.counter(readout)

    @classmethod
    def base_state(cls, vector, gain: float, eps: float) -> LessonState:
        """The scene's input state: the class attributes where set, else the parameters'
        ``vector``, ``gain`` and ``eps`` (passed field by field, so the render cache keys
        the scene on just these fields)."""
        vector = vector if cls.lesson_vector is None else cls.lesson_vector
        gain = gain if cls.lesson_gain is None else cls.lesson_gain
        eps = eps if cls.lesson_eps is None else cls.lesson_eps
        return LessonState.of(vector, gain, eps)

    @classmethod
    def page_states(cls, params: SceneParams) -> list[LessonState]:
        """Every state the scene shows for ``params``, without drawing anything."""
        scene = cls.__new__(cls)
        scene.base = cls.base_state(params.vector, params.gain, params.lesson_eps)
        return scene.states()

    def states(self) -> list[LessonState]:
        """Every state this scene shows, in order (from ``base``, :meth:`base_state`)."""
        raise NotImplementedError

    def narration_values(self) -> dict[str, object]:
        """The input vector, gain and epsilon the narration speaks of."""
        return {"vector": self.base.vector, "gain": self.base.gain, "eps": self.base.eps}

    def parts_seen(self, parts, hidden: bool = False) -> list[Mobject]:
        """The board ``parts`` (names in :data:`BOARD_PARTS`) a beat talks about: each whole,
        or, while the outputs are ``hidden`` (a prediction), without them."""
        if not hidden:
            return [self.board.part(part) for part in parts]
        outputs = set(self.board.outputs.get_family())
        members = [self.board.part(part).family_members_with_points() for part in parts]
        return [VGroup(*(m for m in group if m not in outputs)) for group in members]

    def open_board(self, seconds: float, *parts: str, caption: str) -> None:
        """Bring in the heading, the board (already showing the first state, board
        ``parts`` in focus) and ``caption`` together within ``seconds`` (fading in for at
        most :data:`BOARD_FADE_SECONDS`, then holding); the beat talks about ``parts``
        (without the outputs while they are hidden)."""
        self.board.follow(self.tracker)
        hidden = self.board.outputs_shown.get_value() == 0.0
        self.declare.talks_about(*self.parts_seen(parts, hidden))
        fade = min(seconds, BOARD_FADE_SECONDS)
        board = [FadeIn(self.heading), FadeIn(self.board), *self.focus(*parts)]
        self.play(*board, *self.say(caption), run_time=fade)
        if seconds > fade:
            self.wait(seconds - fade)

    def say(self, text: str) -> list:
        """Animations that replace the caption line under the formulas by ``text``: the old
        caption fades out in the first half, the new one fades in in the second half."""
        new = plain_text(text)
        new.scale_to_fit_width(min(new.width, CAPTION_WIDTH)).move_to([0, CAPTION_Y, 0])
        old, self.caption = self.caption, new
        return _swap(old, FadeIn(new))

    def unsay(self) -> list:
        """Animations that fade the caption out (none when there is none)."""
        old, self.caption = self.caption, VGroup()
        return [FadeOut(old)] if old.has_points() or old.submobjects else []

    def focus(self, *parts: str) -> list[Animation]:
        """Animations that bring board ``parts`` (names in :data:`BOARD_PARTS`) into focus
        and veil the others; nothing for parts already as asked."""
        veil = set(BOARD_PARTS) - set(parts)
        anims = [FadeIn(self.veils[name]) for name in sorted(veil - self.veiled)]
        anims += [FadeOut(self.veils[name]) for name in sorted(self.veiled - veil)]
        self.veiled = veil
        return anims

    def outline(self, state: LessonState | None) -> list[Animation]:
        """Animations that fade the chart's outlines out (``state`` None) or, drawn around
        the outputs of ``state``, in; none when they already hold that. Outlines change
        only while hidden, so they never jump."""
        if state == self.outlined:
            return []
        if state is not None and self.outlined is not None:
            raise ValueError("the outlines fade out before they hold another state")
        self.outlined, held = state, self.board.chart.held
        if state is not None:
            self.board.chart.hold(state.lesson())
        return [held.animate.set_stroke(opacity=0.0 if state is None else 1.0)]

    def place_cue(self, cue: Mobject) -> Mobject:
        """Put the prediction cue where it covers no text, right-aligned with the board: in
        the formula row when no formula is shown, else between the statistics panel and
        the formula row (beside the question, which is short there), scaled down to keep
        :data:`CUE_AIR` clear of both."""
        if self.formula.submobjects:
            bottom, top = self.board.stats.get_top()[1], self.formula.get_bottom()[1]
            y = (bottom + top) / 2
            cue.scale(min(1.0, (top - bottom - 2 * CUE_AIR) / cue.height))
        else:
            y = FORMULA_Y
        return cue.move_to([BOARD_REACH - cue.width / 2, y, 0])

    def show_formula(
        self, *tex: str, colors=None, size: float = FORMULA_SIZE, isolate: tuple[str, ...] = ()
    ) -> list:
        """Animations that replace the formula row by the MathTex strings ``tex`` at font
        size ``size``, the substrings ``isolate`` typeset as parts of their own (to point at).

        ``colors`` gives one colour per formula (default: the rules' colours in order).
        """
        colors = colors or [color for _, color in RULES.values()]
        parts = [
            MathTex(t, font_size=size, color=c, substrings_to_isolate=list(isolate))
            for t, c in zip(tex, colors, strict=False)
        ]
        new = VGroup(*parts).arrange([1, 0, 0], buff=0.9).move_to([0, FORMULA_Y, 0])
        old, self.formula = self.formula, new
        return _swap(old, Write(new))

    def go(self, state: LessonState, seconds: float, *extra) -> None:
        """Animate the trackers to ``state`` (and any ``extra`` animations) within
        ``seconds``, ending on a frame of ``state`` itself.

        A play's frames stop one frame short of its end, so the last frame is held still.
        """
        animations = [*self.tracker.to(state), *extra]
        frame = 1 / self.camera.frame_rate
        if animations and seconds > 2 * frame:
            self.play(*animations, run_time=seconds - frame)
            self.wait(frame)
        elif animations:
            self.play(*animations, run_time=seconds)
        else:
            self.wait(seconds)

    def settled(self, state: LessonState) -> bool:
        """Whether every counter shows ``state`` (to float precision)."""
        now = self.tracker.state()
        pairs = [*zip(now.vector, state.vector, strict=True), (now.gain, state.gain)]
        pairs.append((now.eps, state.eps))
        return all(abs(a - b) <= 1e-12 * max(1.0, abs(b)) for a, b in pairs)

    def changed_counters(self, now: LessonState, state: LessonState) -> list[Mobject]:
        """The readouts of the parameters that differ between ``now`` and ``state``: gain,
        epsilon, and the input column of the table for each coordinate that moves."""
        readouts = [
            self.board.table.readouts["input", i]
            for i, (a, b) in enumerate(zip(now.vector, state.vector, strict=True))
            if a != b
        ]
        readouts += [self.board.gain] if now.gain != state.gain else []
        return readouts + ([self.board.eps] if now.eps != state.eps else [])

    def move_through(
        self, steps, said, seconds: float, outline: LessonState | None = None
    ) -> float:
        """Move the counters through ``steps`` (states), each in ``seconds`` but ending by
        the next step's words, starting each step on the first frame at or after its words
        in ``said`` (None: the beat's start) are spoken, but not before the step before it
        ends; declare each step's words as announcing the readouts it changes. The chart's
        outlines fade in around the outputs of ``outline`` (in :data:`FADE_SECONDS`) once
        the counters reach it. Return the seconds into the beat when the last step ends."""
        frame = 1 / self.camera.frame_rate
        now, plan = self.tracker.state(), []
        for step, words in zip(steps, said, strict=True):
            moved = self.changed_counters(now, step)
            now = step
            if not moved:
                continue
            for readout in moved:
                self.declare.counter_said(readout, words)
            plan.append((step, self.declare.announces(words, *moved) if words is not None else 0.0))
        starts = [start for _, start in plan[1:]] + [math.inf]
        for (step, start), following in zip(plan, starts, strict=False):
            elapsed = self.renderer.time - self.beat_start
            frames = math.ceil((start - elapsed) / frame - FRAME_TOLERANCE)
            if frames > 0:
                self.wait(frames * frame)
                elapsed = self.renderer.time - self.beat_start
            self.go(step, min(seconds, max(following - elapsed, 2 * frame)))
            if step == outline:
                self.play(*self.outline(outline), run_time=FADE_SECONDS)
        return self.renderer.time - self.beat_start

    def beat_to(
        self,
        name: str,
        state: LessonState,
        caption: str | None = None,
        focus: tuple[str, ...] | None = None,
        *,
        via: tuple[LessonState, ...] = (),
        said: tuple[str | None, ...] | None = None,
        move: float = MOVE_SECONDS,
        names: tuple[Mobject, ...] = (),
        outputs: bool | None = None,
        answer: tuple[Mobject, tuple[str, ...]] | None = None,
        outline: LessonState | None = None,
    ) -> None:
        """Speak beat ``name`` about board parts ``focus`` (default :attr:`default_focus`)
        and the other things it ``names`` (readouts, at least 4% of the frame's height):
        the old caption fades out while the focus moves (and the rules' outputs fade in or
        out as ``outputs`` says: a prediction hides its answer); then the counters move
        through the states ``via`` to ``state``, one parameter at a time, each step an equal
        share of ``move`` seconds starting when its words in ``said`` are spoken (default:
        the beat's start for every step); only then the new caption fades in. Unless it asks
        a question, the caption claims that the counters show ``state`` for as long as it
        is seen. The rest of the beat is still. A prediction declares its ``answer`` (what
        gives it away, and the words of texts that do), hidden from when it says "Predict".
        With an ``outline`` state, the chart's outlines hold its outputs: outlines of another
        state fade out as the beat starts, and they fade in once the counters show
        ``outline`` (:meth:`move_through`)."""
        with self.beat(name) as tracker:
            if answer is not None:
                self.declare.answer(answer[0], texts=answer[1], words="Predict")
            parts = self.default_focus if focus is None else focus
            self.declare.talks_about(*self.parts_seen(parts, hidden=outputs is False))
            if names:
                self.declare.talks_about(*names, share=READOUT_SHARE)
            frame = 1 / self.camera.frame_rate
            changes = [*(self.unsay() if caption is not None else [])]
            changes += self.focus(*parts)
            if outputs is not None:
                shown = self.board.outputs_shown
                changes.append(shown.animate.set_value(1.0 if outputs else 0.0))
            if outline is not None and self.outlined not in (None, outline):
                changes += self.outline(None)
            elapsed = 0.0
            if changes:
                self.play(*changes, run_time=FADE_SECONDS)
                elapsed = FADE_SECONDS
            if outline is not None and self.settled(outline) and self.outlined != outline:
                self.play(*self.outline(outline), run_time=FADE_SECONDS)
                elapsed += FADE_SECONDS
            steps = (*via, state)
            said = said or (None,) * len(steps)
            room = tracker.duration - elapsed - (FADE_SECONDS if caption is not None else 0.0)
            seconds = min(move, max(room, 2 * frame * len(steps))) / len(steps)
            elapsed = self.move_through(steps, said, seconds, outline)
            if caption is not None:
                self.play(*self.say(caption), run_time=FADE_SECONDS)
                if not is_prediction(caption):  # a question states nothing
                    self.declare.claim(self.caption, lambda: self.settled(state), caption)
                elapsed += FADE_SECONDS
            self.wait(max(tracker.duration - elapsed, frame))


def sign_flips(start: LessonState, end: LessonState) -> list[LessonState]:
    """The states from ``start`` to ``end`` (its input negated) that flip one coordinate at a
    time: the input never passes through zero, where both rules are undefined, so every
    output changes continuously instead of flipping all at once."""
    vector, states = list(start.vector), []
    for i, value in enumerate(end.vector):
        vector[i] = value
        states.append(start.with_(vector=tuple(vector)))
    return states


def _swap(old: Mobject, entrance: Animation) -> list[Animation]:
    """Fading out ``old`` in the first half of a play, then ``entrance`` in the second half
    (just ``entrance`` when there is nothing to fade): never both at once."""
    if not (old.has_points() or old.submobjects):
        return [entrance]
    entrance.rate_func = squish_rate_func(entrance.rate_func, 0.5, 1.0)
    return [FadeOut(old, rate_func=squish_rate_func(smooth, 0.0, 0.5)), entrance]


class OneVectorLesson(LessonScene):
    """Both rules on one vector: bars, statistics, formulas and the construction table."""

    lecture_order: ClassVar[int] = 90
    chapter: ClassVar[str] = "One vector, exact numbers"

    title = "One vector, two rules"
    gain_factor = 2.0
    demo_eps = 1.0
    edit_offset = 3.0

    def write_as_said(self, rms: str, ln: str) -> None:
        """Play the rest of the beat (from :data:`FADE_SECONDS` in; no formula shown before):
        each rule's formula written as its sentence is said, then the gain gamma in both
        pointed at as "Gain comes last" is said."""
        self.show_formula(rms, ln, isolate=(r"\gamma",))
        self.declare.talks_about(self.formula, after=FADE_SECONDS)
        self.declare.reading("the two formulas, each written as it is spoken")
        named = "Gain comes last"
        length = max(self.said_now(named), 2 * FADE_SECONDS) - FADE_SECONDS

        def written(words: str) -> Callable[[float], float]:
            return self.word_rate(words, length, WRITE_SECONDS, FADE_SECONDS, linear)

        self.play(
            Write(self.formula[0], rate_func=written("RMSNorm divides")),
            Write(self.formula[1], rate_func=written("LayerNorm subtracts")),
            run_time=length,
        )
        gains = [formula.get_part_by_tex(r"\gamma") for formula in self.formula]
        self.declare.announces(named, *gains)
        rest = max(self.beat_duration - FADE_SECONDS - length, FADE_SECONDS)
        pointed = squish_rate_func(there_and_back, 0.0, min(HIGHLIGHT_SECONDS / rest, 1.0))
        self.play(
            *[Indicate(gain, color=PALETTE["tight"], rate_func=pointed) for gain in gains],
            run_time=rest,
        )

    def widened_eps(self) -> float:
        """The larger epsilon of the prediction: :attr:`demo_eps`, or ten times the input's
        epsilon when that is not smaller."""
        eps = self.base.eps
        return self.demo_eps if eps < self.demo_eps else 10 * eps

    def narration_values(self) -> dict[str, object]:
        _, gained, widened, edited, _ = self.states()
        return {
            **super().narration_values(),
            "doubled_gain": gained.gain,
            "wide_eps": widened.eps,
            "edited": edited.vector[2],
        }

    def states(self) -> list[LessonState]:
        base = self.base
        edited = base.vector[:2] + (base.vector[2] + self.edit_offset,)
        return [
            base,
            base.with_(gain=self.gain_factor * base.gain),
            base.with_(eps=self.widened_eps()),
            base.with_(vector=edited),
            base,
        ]

    def construct(self) -> None:
        base, gained, widened, edited, _ = self.states()
        with self.beat("intro") as tracker:
            self.open_board(
                tracker.duration, "chart", caption=f"Input {nm.display_vector(base.vector)}"
            )
        with self.beat("formulas") as tracker:
            rms = r"\mathrm{RMSNorm}=\gamma\,\frac{x}{\sqrt{\mathrm{mean}(x^2)+\varepsilon}}"
            ln = (
                r"\mathrm{LayerNorm}=\gamma\,"
                r"\frac{x-\mathrm{mean}(x)}{\sqrt{\mathrm{var}(x)+\varepsilon}}"
            )
            self.play(*self.focus(), run_time=FADE_SECONDS)
            self.write_as_said(rms, ln)
        statistics = "Statistics: population variance, epsilon inside the root"
        self.beat_to("statistics", base, statistics, ("stats",))
        reference = f"Table: reference vector {nm.display_vector(nm.POSITIVE)}"
        self.beat_to("table", base, reference, ("table",))
        both = ("chart", "stats")
        self.beat_to("predict_gain", base, f"Predict: gain {nm.display(gained.gain)}?", both)
        self.beat_to("reveal_gain", gained, focus=both, said=("gain climbs",), move=1.5)
        self.beat_to(
            "predict_eps",
            base,
            f"Predict: epsilon {nm.display(widened.eps)}?",
            both,
            said=("gain goes back",),
        )
        self.beat_to("reveal_eps", widened, focus=both, said=("Epsilon rises",))
        self.beat_to(
            "edit",
            edited,
            f"Edit: x3 = {nm.display(edited.vector[2])}",
            ("chart", "table"),
            via=(base,),
            said=("Epsilon goes back", "edit one coordinate"),
        )
        again = f"Input {nm.display_vector(base.vector)} again"
        self.beat_to("outro", base, again, said=("third coordinate returns",))


class EdgeCases(LessonScene):
    """Zero and constant vectors: undefined denominators, gain zero, positive epsilon."""

    lecture_order: ClassVar[int] = 110
    chapter: ClassVar[str] = "Undefined results and epsilon"

    title = "Zero denominators"
    default_focus = ("chart", "stats")
    small_eps = nm.LESSON_EPS
    large_eps = 1.0

    def narration_values(self) -> dict[str, object]:
        constant = nm.preset("constant")
        return {**super().narration_values(), "large_eps": self.large_eps, "constant": constant}

    def states(self) -> list[LessonState]:
        zero = LessonState(nm.preset("zero"), self.base.gain, 0.0)
        constant = LessonState(nm.preset("constant"), self.base.gain, 0.0)
        return [
            zero,
            zero.with_(gain=0.0),
            zero.with_(eps=self.small_eps),
            constant,
            constant.with_(eps=self.small_eps),
            self.base.with_(eps=self.large_eps),
        ]

    def construct(self) -> None:
        zero, gainless, zero_eps, constant, constant_eps, large = self.states()
        outputs = self.board.outputs
        chart = self.board.chart
        self.declare.cut_in(
            *chart.marks.values(),
            *chart.dots.values(),
            reason="an output turns from Undefined to a defined zero the moment epsilon "
            "leaves zero, as the narration says",
        )
        with self.beat("zero_predict") as tracker:
            question = "Zero vector, epsilon 0. Predict: both outputs?"
            self.board.outputs_shown.set_value(0.0)  # the answer, hidden until the reveal
            self.declare.answer(outputs, texts=("Undefined",))
            self.open_board(tracker.duration, *self.default_focus, caption=question)
            self.declare.claim(
                self.caption, lambda: self.settled(zero), "the zero vector, epsilon 0"
            )
        self.beat_to(
            "zero_reveal", zero, "Both denominators are 0: Undefined, not zero", outputs=True
        )
        # the gain is 0 as the question names it, and back to its value before epsilon moves
        self.beat_to(
            "gain_zero",
            gainless,
            "Gain 0 does not make an undefined output defined",
            move=GAIN_ZERO_SECONDS,
            names=(self.board.settings[:2],),
        )
        small = nm.display(self.small_eps)
        self.beat_to(
            "zero_eps",
            zero_eps,
            f"Epsilon {small}: defined zeros (dots)",
            via=(zero,),
            said=("Gain back to", "A positive epsilon"),
        )
        self.beat_to(
            "constant_predict",
            constant,
            "Constant vector, epsilon 0. Predict?",
            via=(zero,),
            said=("Epsilon back to zero", "a constant vector"),
            outputs=False,
            answer=(outputs, ("Undefined",)),
        )
        self.beat_to(
            "constant_reveal",
            constant,
            "RMSNorm defined; LayerNorm variance 0: Undefined",
            outputs=True,
        )
        self.beat_to("constant_eps", constant_eps, f"Epsilon {small}: LayerNorm outputs 0")
        large_text = f"Epsilon {nm.display(self.large_eps)} on {nm.display_vector(large.vector)}"
        self.beat_to(
            "large_eps",
            large,
            f"{large_text}: a large contrast",
            via=(constant.with_(eps=large.eps),),
            said=("A large epsilon", "back to"),
        )


class Invariances(LessonScene):
    """What each rule ignores: positive scaling, a common shift, a mean-zero input."""

    lecture_order: ClassVar[int] = 120
    chapter: ClassVar[str] = "What each rule ignores"

    title = "What each rule ignores"
    default_focus = ("chart", "stats")
    factor = 0.5  # below 1: epsilon then weighs more, in RMSNorm too
    offset = 3.0
    large_eps = 1.0
    large_gain = 2.0

    def narration_values(self) -> dict[str, object]:
        *_, centered, _ = self.states()
        values = {"factor": self.factor, "offset": self.offset, "large_eps": self.large_eps}
        values |= {"large_gain": self.large_gain, "centered": centered.vector}
        return {**super().narration_values(), **values}

    def states(self) -> list[LessonState]:
        exact = self.base.with_(eps=0.0)
        mean = float(exact.lesson().stats.mean)
        centered = exact.shifted(-mean)
        return [
            exact,
            exact.scaled(self.factor),
            exact.with_(eps=self.large_eps),
            exact.scaled(self.factor).with_(eps=self.large_eps),
            exact.scaled(-1.0),
            exact,
            exact.shifted(self.offset),
            centered,
            centered.with_(eps=self.large_eps, gain=self.large_gain),
        ]

    def construct(self) -> None:
        exact, scaled, exact_eps, scaled_eps, negated, _, shifted, centered, law = self.states()
        factor = nm.display(self.factor)
        with self.beat("scale_predict") as tracker:
            question = f"Epsilon 0. Predict: multiply the input by {factor}?"
            self.open_board(tracker.duration, *self.default_focus, caption=question)
        self.beat_to(
            "scale_reveal",
            scaled,
            f"× {factor} at epsilon 0: every bar stays in its outline",
            said=("Multiply it",),
            outline=exact,
        )
        large = nm.display(self.large_eps)
        self.beat_to(
            "scale_eps",
            scaled_eps,
            f"Epsilon {large}: × {factor} moves the bars out of their outlines",
            via=(exact, exact_eps),
            said=("undo the scaling", "a positive epsilon", "Multiply by"),
            move=3 * MOVE_SECONDS,
            outline=exact_eps,
        )
        flipped = sign_flips(exact, negated)
        self.beat_to(
            "negate",
            negated,
            "× (-1), epsilon 0: every output flips sign",
            via=(exact_eps, exact, *flipped[:-1]),
            said=("Back to", None, "a negative factor", *[None] * (len(flipped) - 1)),
            move=3 * MOVE_SECONDS,
            outline=exact,
        )
        back = sign_flips(negated, exact)
        self.beat_to(
            "shift_predict",
            exact,
            f"Predict: add {nm.display(self.offset)} to every coordinate?",
            via=back[:-1],
            said=("Back to", *[None] * (len(back) - 1)),
            move=2 * MOVE_SECONDS,
        )
        self.beat_to(
            "shift_reveal",
            shifted,
            "LayerNorm unchanged; RMSNorm changes",
            said=("Every coordinate grows",),
        )
        self.beat_to(
            "mean_zero", centered, "Mean-zero input: both rules agree", said=("subtract the mean",)
        )
        with self.beat("rms_law") as tracker:
            law_tex = (
                r"\mathrm{RMS}(\mathrm{RMSNorm}(x))=\gamma\,"
                r"\sqrt{\mathrm{mean}(x^2)\,/\,(\mathrm{mean}(x^2)+\varepsilon)}"
                r"\quad(\gamma\in\mathbb{R}_{>0})"
            )
            write = self.show_formula(law_tex, colors=[PALETTE["text"]], size=LAW_SIZE)
            self.declare.talks_about(self.board.part("stats"))
            self.declare.reading("the output-RMS formula while it is spoken")
            said = ("Epsilon, raised", "gain, raised")
            first = min(self.said_now(said[0]), tracker.duration) - FADE_SECONDS
            caption = self.say("Neither gain nor epsilon guarantees output RMS 1")
            self.play(*caption, *self.outline(None), run_time=2 * FADE_SECONDS)
            writing = max(first / 2, FADE_SECONDS)
            self.declare.talks_about(self.formula, after=2 * FADE_SECONDS + writing)
            self.play(*write, run_time=writing)
            steps = (centered.with_(eps=self.large_eps), law)
            seconds = MOVE_SECONDS / len(steps)
            elapsed = self.move_through(steps, said, seconds)
            self.wait(max(tracker.duration - elapsed, 1 / self.camera.frame_rate))
