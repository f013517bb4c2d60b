"""A frame-audit finding, its one-line form and its data form, and a scene's excuses.

A finding is one stretch of scene time in which one rule failed for the same objects.
A scene excuses a finding through an :class:`scenes.base.declarations.AuditException` naming its
rule and a glob that one of the finding's objects matches.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from fnmatch import fnmatchcase

__all__ = ["RULES", "Finding", "excused"]

RULES = {
    "text-overlap": "two visible texts overlap",
    "crossfade": "two texts in one place fade into each other for more than 0.5 s",
    "text-covered": "a visible text lies under a marker, or under a panel drawn above it",
    "safe-area": "something visible reaches outside the safe area while the narration speaks",
    "focus": "what a beat talks about is hidden, covered, off-frame or too small",
    "false-caption": "a caption or readout states something untrue while shown",
    "moving-ending": "the scene does not end on at least 1 s with nothing moving",
    "camera-jump": "the camera turns, zooms or moves more in one frame than a move does",
    "pop": "something visible appears or disappears in one frame without a fade",
    "offscreen-while-named": "a part of what a sentence names is off-frame or not drawn",
    "answer-shown": "a prediction's answer is on screen before its pause ends",
    "late-motion": "announced motion starts late, or a counter changes unsaid",
    "long-still": "the picture stays still too long while narration plays",
}
"""Every rule, by name, with what it reports."""


@dataclass(frozen=True)
class Finding:
    """Rule ``rule`` failed in scene ``scene`` from ``start`` to ``end`` (seconds of scene
    time) for ``objects``; ``detail`` says how."""

    scene: str
    start: float
    end: float
    rule: str
    objects: tuple[str, ...]
    detail: str

    def line(self) -> str:
        """The finding as one line: scene, time, rule, objects and detail."""
        shown = ", ".join(self.objects[:4])
        if len(self.objects) > 4:
            shown += f" (+{len(self.objects) - 4} more)"
        return f"{self.scene} {self.start:.2f}-{self.end:.2f}s {self.rule}: {shown}: {self.detail}"

    def data(self) -> dict[str, object]:
        """The finding as JSON-ready data."""
        return {**asdict(self), "objects": list(self.objects)}


def excused(finding: Finding, exceptions) -> bool:
    """Whether one of the scene's ``exceptions`` covers ``finding``."""
    return any(
        e.rule == finding.rule and any(fnmatchcase(name, e.objects) for name in finding.objects)
        for e in exceptions
    )
