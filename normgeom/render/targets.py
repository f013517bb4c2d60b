"""What the pipeline can render: a scene class in a Python file, named as on the command line."""

from __future__ import annotations

import difflib
import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path

from normgeom.errors import RenderError, UsageError
from scenes.catalog import SCENES, SceneEntry

__all__ = [
    "Target",
    "SCENES_DIR",
    "from_entry",
    "lecture_targets",
    "card",
    "resolve_scenes",
    "load_class",
]

SCENES_DIR = Path(__file__).resolve().parents[2] / "scenes"
CARDS_FILE = SCENES_DIR / "cards.py"


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
        The chapter title and one-line description.
    """

    name: str
    file: Path
    title: str

    @property
    def module(self) -> str:
        """The module name manim uses for its output folder (the file stem)."""
        return self.file.stem


def from_entry(entry: SceneEntry) -> Target:
    """The target of a registry entry."""
    return Target(entry.name, SCENES_DIR / f"{entry.module}.py", entry.summary)


def card(name: str) -> Target:
    """The title or summary card (``TitleCard`` / ``SummaryCard``)."""
    titles = {"TitleCard": "Title", "SummaryCard": "Summary"}
    return Target(name, CARDS_FILE, titles[name])


def lecture_targets() -> list[Target]:
    """The lecture in order: title card, every registry scene, summary card."""
    return [card("TitleCard"), *(from_entry(e) for e in SCENES), card("SummaryCard")]


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


def load_class(target: Target) -> type:
    """Import the target's file (as its package module when it is one) and return the class.

    Raises
    ------
    RenderError
        When the file cannot be imported or lacks the class.
    """
    try:
        return getattr(_load_module(target), target.name)
    except (ImportError, AttributeError, FileNotFoundError) as exc:
        raise RenderError(f"{target.name}: cannot load it from {target.file} ({exc})") from None


def _load_module(target: Target):
    if target.file.parent == SCENES_DIR:
        return importlib.import_module(f"scenes.{target.module}")
    module = sys.modules.get(target.module)
    if module is None:
        spec = importlib.util.spec_from_file_location(target.module, target.file)
        module = importlib.util.module_from_spec(spec)
        sys.modules[target.module] = module
        spec.loader.exec_module(module)
    return module
