"""Crash-safe writes: build the file under a temporary name beside it, then rename.

An interrupted run (Ctrl-C, kill) leaves at most a hidden ``.*.partial*`` file that the
next run overwrites; a final file is either the old one or the complete new one.
"""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["atomic_path", "write_text", "copy_file"]


@contextmanager
def atomic_path(final: Path) -> Iterator[Path]:
    """Yield a temporary path (same folder and suffix) that replaces ``final`` on success."""
    final.parent.mkdir(parents=True, exist_ok=True)
    # unique per process and thread: parallel renders may write the same file at once
    temp = final.with_name(
        f".{final.stem}.partial{os.getpid()}-{threading.get_ident()}{final.suffix}"
    )
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
