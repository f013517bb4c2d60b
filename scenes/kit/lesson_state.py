"""The state a one-vector lesson shows: the two rules, one input vector with its gain and
epsilon (:class:`LessonState`), and value trackers that animate them
(:class:`StateTracker`): every frame re-reads :func:`normmath.lesson`, so the picture
changes smoothly.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from manim import Animation, ValueTracker

import normmath as nm
from scenes.kit.style import PALETTE

__all__ = [
    "RULES",
    "LessonState",
    "StateTracker",
]

RULES: dict[str, tuple[str, str]] = {
    "rms": ("RMSNorm", PALETTE["rms"]),
    "ln": ("LayerNorm", PALETTE["ln_target"]),
}
"""The two rules: key -> (name, colour). Keys match the ``rms_``/``ln_`` lesson fields."""


@dataclass(frozen=True)
class LessonState:
    """One input vector with its shared gain and epsilon."""

    vector: tuple[float, ...]
    gain: float = 1.0
    eps: float = nm.LESSON_EPS

    @classmethod
    def of(cls, vector, gain: float, eps: float) -> LessonState:
        """The state of a 3-vector ``vector`` with ``gain`` and ``eps``, as floats."""
        if len(vector) != 3:
            raise nm.NormMathError(
                f"vector: the scenes need exactly 3 coordinates, got {len(vector)}"
            )
        return cls(tuple(float(v) for v in vector), float(gain), float(eps))

    def lesson(self) -> nm.Lesson:
        """The :func:`normmath.lesson` of this state."""
        return nm.lesson(self.vector, gain=self.gain, eps=self.eps)

    def scaled(self, factor: float) -> LessonState:
        """The same state with every input coordinate multiplied by ``factor``."""
        return replace(self, vector=tuple(factor * v for v in self.vector))

    def shifted(self, offset: float) -> LessonState:
        """The same state with ``offset`` added to every input coordinate."""
        return replace(self, vector=tuple(v + offset for v in self.vector))

    def with_(self, **changes) -> LessonState:
        """A copy with some of ``vector``, ``gain``, ``eps`` replaced."""
        return replace(self, **changes)


class StateTracker:
    """Value trackers for each coordinate, the gain and epsilon of a :class:`LessonState`."""

    def __init__(self, state: LessonState) -> None:
        self.coordinates = [ValueTracker(v) for v in state.vector]
        self.gain = ValueTracker(state.gain)
        self.eps = ValueTracker(state.eps)

    def state(self) -> LessonState:
        """The state the trackers hold now."""
        vector = tuple(t.get_value() for t in self.coordinates)
        return LessonState(vector, self.gain.get_value(), max(0.0, self.eps.get_value()))

    def to(self, target: LessonState) -> list[Animation]:
        """Animations that move every tracker that differs to ``target``; an epsilon whose
        values all lie below :data:`EPS_STEP_BELOW` changes in one step on the first frame,
        so its six-decimal readout never reads 0 while a positive epsilon is in use."""
        pairs = [*zip(self.coordinates, target.vector, strict=True)]
        pairs += [(self.gain, target.gain), (self.eps, target.eps)]
        moves = []
        for tracker, value in pairs:
            if tracker.get_value() == value:
                continue
            tiny = tracker is self.eps and max(tracker.get_value(), value) < EPS_STEP_BELOW
            builder = tracker.animate(rate_func=_step) if tiny else tracker.animate
            moves.append(builder.set_value(value))
        return moves


EPS_STEP_BELOW = 1e-5
"""Epsilons below this show at six decimals as 0 or one or a few millionths: a move among
them is one step, not a sweep through values the readout cannot tell apart."""


def _step(alpha: float) -> float:
    """A change made whole on the first frame after the start."""
    return 1.0 if alpha > 0 else 0.0
