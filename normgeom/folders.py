"""Output folders normgeom fills, and never a file of anyone else's in them removed.

A folder is written only when it is missing, empty (hidden partial files of killed runs
aside), or holds a list of the files normgeom wrote there (:data:`OWNED_NAME`); then only
the files of that list are replaced or removed, each by an atomic rename, and every other
file is left as it is. A command's own default folder (``media/page``, ...) may also hold
files of older versions: those at the names it writes are replaced, the rest kept.

Refused before anything is written (:func:`check_folder`), with one line naming the folder
and why: a folder with files but without that list, a file, a symlink, a mount point, the
current folder, the home folder or a parent of either, and the media root, anything inside
it or a parent of it, unless it is the command's own default folder.

The new files are built in a hidden locked folder inside the output folder
(:func:`staged_folder`), then moved in one by one. While they move, the list names the old
and the new files and says it is incomplete (:func:`settled` is false), so a killed run
leaves a folder whose every file the next run may replace or remove, and never one that
passes for complete. The folder is locked from the list's reading to its last writing, so
runs writing one folder at once take turns, and the last one's files are the ones listed.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path, PurePosixPath

from normgeom.errors import UsageError
from normgeom.rendering.atomic import claimed, held, is_partial, partial_path, write_text

__all__ = ["OWNED_NAME", "check_folder", "settled", "staged_folder"]

OWNED_NAME = ".normgeom-files.json"
"""The list of the files normgeom wrote in a folder: ``{"complete": bool, "files": [...]}``."""
SHOWN = 3
"""How many of the files that stop a write a message names."""


def check_folder(given: Path, *, option: str = "--output", own: bool = False) -> Path:
    """The absolute folder ``given`` names, once it may be written (see the module notes).

    Parameters
    ----------
    given
        The folder as the user named it (a symlink is told from its target).
    option
        How the user named it, for the message (``--output``, ``NORMGEOM_THREEJS``).
    own
        ``given`` is the command's own default folder: it may be inside the media root and
        hold files of older versions.

    Raises
    ------
    UsageError
        One line naming the folder and the reason, when it may not be written.
    """
    folder = Path(os.path.abspath(given))
    where = f"{option} {folder}"
    if given.is_symlink():
        raise UsageError(f"{where}: is a symlink; name a real folder")
    folder = folder.resolve()
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{where}: is a file; give a folder")
    reason = _protected(folder, own)
    if reason:
        raise UsageError(f"{where}: {reason}; name a new or empty folder")
    if os.path.ismount(folder):
        raise UsageError(f"{where}: is a mount point; name a folder inside it")
    foreign = sorted(_files(folder)) if folder.is_dir() and _listed(folder) is None else []
    if foreign and not own:
        raise UsageError(
            f"{where}: holds files normgeom did not write ({_some(foreign)}); "
            "name a new or empty folder"
        )
    return folder


def settled(folder: Path) -> bool:
    """Whether ``folder`` is not in the middle of a write (true when normgeom never wrote it:
    files a user put there by hand)."""
    listed = _listed(folder)
    return listed is None or listed[1]


@contextmanager
def staged_folder(
    final: Path,
    *,
    option: str = "--output",
    own: bool = False,
    done: Callable[[], bool] | None = None,
) -> Iterator[Path]:
    """Yield an empty hidden folder whose files replace those normgeom wrote in ``final``.

    ``final`` is checked first (:func:`check_folder`). On success, with ``final`` locked,
    each new file takes its place by an atomic rename, then the files of the last write that
    are not written again are removed; files normgeom did not write are never touched (one
    at a name being written refuses the write with :class:`UsageError`, unless ``own``).
    When ``done`` is given and says, under that lock, that ``final`` already holds what was
    built (another run built a cache meanwhile), nothing is moved in. On an exception
    ``final`` is left as it was.
    """
    final = check_folder(final, option=option, own=own)
    final.mkdir(parents=True, exist_ok=True)
    with claimed(partial_path(final / "files"), folder=True) as stage:
        try:
            yield stage
            with held(final):
                if done is None or not done():
                    _move_in(stage, final, f"{option} {final}", own)
        finally:
            shutil.rmtree(stage, ignore_errors=True)


def _move_in(stage: Path, final: Path, where: str, own: bool) -> None:
    """Move every file of ``stage`` into ``final``, then remove the files of the last write
    that are not written again (see :func:`staged_folder`)."""
    new = set(_files(stage))
    old = set((_listed(final) or (frozenset(), True))[0])
    clash = sorted(path for path in new if _blocked(final, path, old, own))
    if clash:
        raise UsageError(f"{where}: would overwrite {_some(clash)}, which normgeom did not write")
    _write_list(final, old | new, complete=False)
    for path in sorted(new):
        (final / path).parent.mkdir(parents=True, exist_ok=True)
        os.replace(stage / path, final / path)
    for path in sorted(old - new):
        if _plain(final, path):
            (final / path).unlink(missing_ok=True)
            _remove_empty_parents(final, final / path)
    _write_list(final, new, complete=True)


def _blocked(final: Path, path: str, old: set[str], own: bool) -> bool:
    """Whether writing ``path`` in ``final`` would replace or write through something
    normgeom did not write there: a file not in ``old`` (unless ``own``), a folder, a
    symlinked or non-folder parent."""
    target = final / path
    taken = (target.exists() or target.is_symlink()) and path not in old and not own
    return taken or not _plain(final, path)


def _plain(final: Path, path: str) -> bool:
    """Whether ``path`` in ``final`` is reached through real folders only (no parent is a
    symlink or a file) and is not a folder itself, so writing or removing it touches
    nothing else."""
    for parent in PurePosixPath(path).parents[:-1]:
        place = final / parent
        if place.is_symlink() or (place.exists() and not place.is_dir()):
            return False
    target = final / path
    return target.is_symlink() or not target.is_dir()


def _protected(folder: Path, own: bool) -> str | None:
    """Why ``folder`` is a place no command may fill, or ``None``."""
    from normgeom.rendering.paths import Layout

    home, here, media = Path.home().resolve(), Path.cwd().resolve(), Layout.default().media
    if folder == here or folder in here.parents:
        return "is the current folder or a parent of it"
    if folder == home or folder in home.parents:
        return "is the home folder or holds it"
    if folder in media.parents:
        return f"holds the media root {media}"
    if folder == media:
        return "is the media root, where normgeom keeps its renders"
    if media in folder.parents and not own:
        return f"is inside the media root {media}, where normgeom keeps its renders"
    return None


def _files(folder: Path) -> Iterator[str]:
    """Every file (a symlink counts as one) under ``folder``, by its POSIX path relative to
    it, less the list and the hidden partial files and folders (of live or killed runs) at
    its top."""
    for top, folders, names in os.walk(folder):
        if top == str(folder):
            folders[:] = [name for name in folders if not is_partial(name)]
        relative = PurePosixPath(Path(top).relative_to(folder).as_posix())
        linked = [name for name in folders if os.path.islink(os.path.join(top, name))]
        for name in (*names, *linked):
            if top == str(folder) and (name == OWNED_NAME or is_partial(name)):
                continue
            yield str(relative / name) if str(relative) != "." else name


def _listed(folder: Path) -> tuple[frozenset[str], bool] | None:
    """The files normgeom listed as its own in ``folder`` and whether that write finished;
    ``None`` without a readable list (a list naming a path outside the folder is none)."""
    try:
        data = json.loads((folder / OWNED_NAME).read_text(encoding="utf-8"))
        files, complete = data["files"], data["complete"]
    except (OSError, ValueError, TypeError, KeyError):
        return None
    if not isinstance(files, list) or not all(_inside(path) for path in files):
        return None
    return frozenset(files), complete is True


def _inside(path: object) -> bool:
    """Whether ``path`` is a plain relative POSIX path of a file inside its folder: no empty,
    ``.`` or ``..`` part, not absolute, not the list itself."""
    if not isinstance(path, str) or not path or "\0" in path or path == OWNED_NAME:
        return False
    parts = path.split("/")
    return PurePosixPath(path).parts == tuple(parts) and ".." not in parts


def _write_list(folder: Path, files: set[str], *, complete: bool) -> None:
    """Write the list of normgeom's files in ``folder`` (atomically)."""
    text = json.dumps({"complete": complete, "files": sorted(files)}, indent=1)
    write_text(folder / OWNED_NAME, text + "\n")


def _remove_empty_parents(folder: Path, path: Path) -> None:
    """Remove the folders between ``path`` and ``folder`` that a removal left empty."""
    for parent in path.parents:
        if parent == folder or folder not in parent.parents:
            return
        try:
            parent.rmdir()
        except OSError:
            return


def _some(paths: list[str]) -> str:
    """The first few of ``paths``, for a one-line message."""
    more = len(paths) - SHOWN
    return ", ".join(paths[:SHOWN]) + (f" and {more} more" if more > 0 else "")
