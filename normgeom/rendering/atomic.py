"""Crash-safe writes: build a file (or a folder) under a partial name beside it, then rename.

A final file is either the old one or the complete new one. The partial file
(``.<stem>.partial<pid>-<thread><suffix>``) is created and locked (``flock``) before anything
is written to it, and stays locked until it is renamed or removed; the lock ends with the
process, however it ends. So a partial file that no process holds was left by a run that was
killed (SIGKILL, power loss): :func:`remove_stale` finds and removes those, and never one that
a live run is writing, whatever its process id or machine namespace. A lock across processes
on a file of its own (:func:`file_lock`) keeps two runs from writing the same things at once.
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = [
    "partial_path",
    "is_partial",
    "claimed",
    "held",
    "file_lock",
    "atomic_path",
    "write_text",
    "copy_file",
    "remove_stale",
]

_PARTIAL = re.compile(r"^\..+\.partial\d+-\d+(?:\..*)?$")
"""The names :func:`partial_path` gives."""


def partial_path(final: Path) -> Path:
    """The partial name of ``final`` for this process and thread (parallel renders may write
    the same file at once): ``.<stem>.partial<pid>-<thread><suffix>`` beside it."""
    tag = f"partial{os.getpid()}-{threading.get_ident()}"
    if final.suffix:
        return final.with_name(f".{final.stem}.{tag}{final.suffix}")
    return final.with_name(f".{final.name}.{tag}")


def is_partial(name: str) -> bool:
    """Whether ``name`` is one that :func:`partial_path` gives."""
    return _PARTIAL.match(name) is not None


@contextmanager
def claimed(path: Path, *, folder: bool = False) -> Iterator[Path]:
    """Create ``path`` (an empty file, or a folder) and hold a lock on it while inside.

    The lock is taken before anyone can find the path unlocked for long: should a sweep
    (:func:`remove_stale`) remove it in that instant, it is created again.
    """
    while True:
        if folder:
            path.mkdir()
            handle = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
        else:
            handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            if os.stat(path).st_ino == os.fstat(handle).st_ino:
                break
        except (BlockingIOError, FileNotFoundError):
            pass  # swept away between its creation and the lock: make it again
        os.close(handle)
    try:
        yield path
    finally:
        os.close(handle)


@contextmanager
def held(path: Path) -> Iterator[None]:
    """Hold the lock of an existing file or folder ``path`` while inside (waiting for it)."""
    handle = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)


@contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (created if needed) across processes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@contextmanager
def atomic_path(final: Path) -> Iterator[Path]:
    """Yield a claimed partial path (same folder and suffix) that replaces ``final`` on
    success and is removed otherwise."""
    final.parent.mkdir(parents=True, exist_ok=True)
    temp = partial_path(final)
    with claimed(temp):
        try:
            yield temp
            os.replace(temp, final)
        finally:
            temp.unlink(missing_ok=True)


def write_text(final: Path, text: str) -> None:
    """Write ``text`` to ``final`` atomically (UTF-8)."""
    with atomic_path(final) as temp:
        temp.write_text(text, encoding="utf-8")


def copy_file(source: Path, final: Path) -> None:
    """Copy ``source`` to ``final`` atomically."""
    with atomic_path(final) as temp:
        shutil.copyfile(source, temp)


def remove_stale(folder: Path) -> list[Path]:
    """Remove the partial files and folders in ``folder`` that no live process holds (left
    by killed runs); the paths removed. A partial one that a run is writing is left alone."""
    removed = []
    try:
        entries = sorted(folder.iterdir())
    except OSError:
        return removed
    for entry in entries:
        if not is_partial(entry.name) or entry.is_symlink():
            continue
        try:
            handle = os.open(entry, os.O_RDONLY | os.O_NONBLOCK)
        except OSError:
            continue
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(handle)
            continue  # a live run holds it
        try:
            if entry.is_dir():
                shutil.rmtree(entry, ignore_errors=True)
            else:
                entry.unlink(missing_ok=True)
            removed.append(entry)
        finally:
            os.close(handle)
    return removed
