"""What can be rendered: a scene class in a Python file, named as on the command line.

The lecture's scenes come from :data:`scenes.base.catalog.SCENES` (read from the scene files
without importing them); the title card from ``scenes/cards.py``.
"""

from __future__ import annotations

import difflib
import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path

from normgeom.errors import UsageError
from normgeom.rendering.narration_check import check_narration
from scenes.base.catalog import SCENES, SCENES_DIR, SceneEntry, classes_in

__all__ = [
    "Target",
    "from_entry",
    "lecture_targets",
    "card",
    "resolve_scenes",
    "scene_in_file",
]

CARDS_FILE = SCENES_DIR / "cards.py"
CARD_TITLES = {"TitleCard": "Title"}
LECTURE_FILES = {entry.name: entry.file for entry in SCENES} | dict.fromkeys(
    CARD_TITLES, CARDS_FILE
)
"""The file of every scene of the lecture, by class name."""


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

    @property
    def id(self) -> str:
        """The name its files, state records, locks and caches go by: the class name, but
        ``<file stem>.<Scene>`` for a scene of one's own file named like a lecture scene
        (``mybias.py:Bias`` is ``mybias.Bias``), which never takes the lecture scene's."""
        lecture = LECTURE_FILES.get(self.name, self.file)
        return self.name if lecture == self.file else f"{self.module}.{self.name}"


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
    entries: list[SceneEntry | Target | None] = []
    for name in names:
        if SCENE_IN_FILE in name:
            entries.append(scene_in_file(name))
            continue
        entry = known.get(name.lower())
        if entry is None and name.lower() != "all":
            close = difflib.get_close_matches(name, [e.name for e in SCENES], n=1, cutoff=0.4)
            hint = f"; did you mean {close[0]}?" if close else "; see `normgeom list`"
            raise UsageError(f"unknown scene {name!r}{hint}")
        entries.append(entry)
    if None in entries:  # 'all' among the names: every scene in lesson order
        entries = [*SCENES, *(entry for entry in entries if isinstance(entry, Target))]
    targets = (e if isinstance(e, Target) else from_entry(e) for e in entries)
    return list(dict.fromkeys(targets))


SCENE_IN_FILE = ".py:"
"""What marks a scene of one's own on the command line: ``my_scenes.py:MyScene``."""


def scene_in_file(name: str) -> Target:
    """The entry of ``FILE.py:Scene``, a scene class of one's own in any Python file (its
    narration in ``narration/<file stem>.toml`` beside it).

    Raises
    ------
    UsageError
        When the file is not a readable Python file, defines no such class, or its narration
        does not fit the class (:func:`normgeom.rendering.narration_check.check_narration`).
    """
    path, _, scene = name.rpartition(":")
    file = Path(path).expanduser().resolve()
    if not file.is_file():
        raise UsageError(f"{name}: no such file {path!r}")
    try:
        classes = {entry.name: entry for entry in classes_in(file)}
    except (OSError, UnicodeDecodeError, SyntaxError) as exc:
        raise UsageError(f"{name}: cannot read {path} as Python: {exc}") from None
    if scene not in classes:
        defined = ", ".join(classes) or "no classes"
        raise UsageError(f"{name}: {path} defines no class {scene!r} (it defines {defined})")
    if _shadows(file):
        raise UsageError(
            f"{name}: {file.name} has the name of Python's module {file.stem!r}, which the "
            "render needs; rename the file"
        )
    check_narration(file, scene)
    entry = classes[scene]
    return Target(entry.name, file, entry.chapter, entry.summary)


def _shadows(file: Path) -> bool:
    """Whether a scene file, imported under its stem, would take the place of another module
    (``pathlib.py``, ``numpy.py``): one of the standard library or an installed one."""
    stem = file.stem
    if stem in sys.stdlib_module_names:
        return True
    if not stem.isidentifier():
        return False
    try:
        spec = importlib.util.find_spec(stem)
    except (ImportError, ValueError):
        return False
    return spec is not None and spec.origin is not None and Path(spec.origin) != file
