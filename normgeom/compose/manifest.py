"""The lecture manifest: a typed record of what was composed, written as JSON beside the video;
its paths are relative to the manifest's own folder, so the folder can move."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

__all__ = ["ChapterEntry", "PartEntry", "Manifest"]


@dataclass(frozen=True)
class ChapterEntry:
    """A chapter of the lecture (seconds from the start); ``page``: the live page in the
    chapter's first state (``page/index.html#x=…``, the page folder beside the lecture:
    ``normgeom page`` writes ``media/page``, the bundle ``page/``), None for a chapter
    without one."""

    title: str
    scene: str
    start: float
    end: float
    page: str | None = None


@dataclass(frozen=True)
class PartEntry:
    """One clip of the lecture: a card or a scene, where it starts and how long it is."""

    name: str
    file: str
    start: float
    duration: float
    key: str


@dataclass(frozen=True)
class Manifest:
    """Everything a publisher needs to know about one composed lecture."""

    title: str
    language: str
    """The code of the language spoken and subtitled (``en``, ``ja``)."""
    duration: float
    quality: dict[str, object]
    voice: str
    versions: dict[str, str]
    chapters: list[ChapterEntry]
    parts: list[PartEntry]
    files: dict[str, str]
    loudness: dict[str, object]
    """The measured loudness of the lecture and its chapters (``scenes.voice.loudness``)."""

    def to_json(self) -> str:
        """The manifest as indented JSON."""
        return json.dumps(asdict(self), indent=2) + "\n"
