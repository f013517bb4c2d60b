"""Whole folders written atomically: built under a hidden name beside the final one, then
swapped in, so a reader sees the old folder or the complete new one, never a half-built one.

The staging folder, and the old folder while it is being removed, are held locked
(:func:`normgeom.rendering.atomic.claimed`), so a run killed meanwhile leaves folders that the
next run's sweep (:func:`normgeom.rendering.atomic.remove_stale`) removes.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from normgeom.errors import UsageError
from normgeom.rendering.atomic import claimed, held, partial_path

__all__ = ["check_folder", "staged_folder"]


@contextmanager
def staged_folder(final: Path) -> Iterator[Path]:
    """Yield an empty folder beside ``final`` that replaces ``final`` on success.

    On an exception the staging folder is removed and ``final`` is left as it was.
    """
    final.parent.mkdir(parents=True, exist_ok=True)
    old = partial_path(final, "old")
    with ExitStack() as stack:
        stage = stack.enter_context(claimed(partial_path(final), folder=True))
        try:
            yield stage
            if final.exists():
                stack.enter_context(held(final))  # locked before it takes the old name
                os.replace(final, old)
            os.replace(stage, final)
        finally:
            shutil.rmtree(stage, ignore_errors=True)
            shutil.rmtree(old, ignore_errors=True)


def check_folder(folder: Path) -> None:
    """Raise :class:`UsageError` unless ``folder`` can be (re)made as an output folder."""
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"--output {folder}: is a file; give a folder")
    if folder == folder.parent or (folder / ".git").exists():
        raise UsageError(f"--output {folder}: refusing to replace this folder; name a new one")
