"""What can be rendered: a scene class in a Python file, named as on the command line.

The lecture's scenes come from :data:`scenes.base.catalog.SCENES` (read from the scene files
without importing them); the title card from ``scenes/cards.py``.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path

from normgeom.errors import UsageError
from scenes.base.catalog import SCENES, SCENES_DIR, SceneEntry

__all__ = ["Target", "from_entry", "lecture_targets", "card", "resolve_scenes"]

CARDS_FILE = SCENES_DIR / "cards.py"
CARD_TITLES = {"TitleCard": "Title"}


@dataclass(frozen=True)
class Target:
    """One renderable scene.

    Parameters
    ----------
    name
        The scene class name (also the output file stem).
    file
        The Python file that defines it (what ``manim render`` is given).
    title
        The chapter title.
    summary
        What it shows, in one line.
    """

    name: str
    file: Path
    title: str
    summary: str = ""

    @property
    def module(self) -> str:
        """The module name manim uses for its output folder (the file stem)."""
        return self.file.stem


def from_entry(entry: SceneEntry) -> Target:
    """The target of a catalog entry."""
    return Target(entry.name, entry.file, entry.chapter, entry.summary)


def card(name: str) -> Target:
    """The title card (``TitleCard``)."""
    return Target(name, CARDS_FILE, CARD_TITLES[name])


def lecture_targets() -> list[Target]:
    """The lecture in order: title card, then every catalog scene (the recap last)."""
    return [card("TitleCard"), *(from_entry(e) for e in SCENES)]


def resolve_scenes(names: list[str]) -> list[Target]:
    """Targets for scene names typed by a user (``all`` = every scene in lesson order).

    Every name is checked, also beside ``all``; repeated names give one target.

    Raises
    ------
    UsageError
        For an unknown name, suggesting the closest known one.
    """
    known = {entry.name.lower(): entry for entry in SCENES}
    if not names:
        raise UsageError("name at least one scene, or 'all'; see `normgeom list`")
    entries = []
    for name in names:
        entry = known.get(name.lower())
        if entry is None and name.lower() != "all":
            close = difflib.get_close_matches(name, [e.name for e in SCENES], n=1, cutoff=0.4)
            hint = f"; did you mean {close[0]}?" if close else "; see `normgeom list`"
            raise UsageError(f"unknown scene {name!r}{hint}")
        entries.append(entry)
    if None in entries:  # 'all' among the names: every scene in lesson order
        entries = list(SCENES)
    return list(dict.fromkeys(from_entry(entry) for entry in entries))
