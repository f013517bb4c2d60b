"""A full disk: recognise it, clear what the failed render left, keep manim's log, say where.

A render that runs out of space fails in its worker process (which reports ``[Errno 28] No
space left on device``) or in normgeom itself (an :class:`OSError` with ``errno`` ENOSPC).
Either way the scene's partial manim files are removed, which also frees room for the log,
and the user reads one line naming the full folder.
"""

from __future__ import annotations

import errno
import shutil
import tempfile
from pathlib import Path

from normgeom.errors import RenderError
from normgeom.rendering.job import RenderJob
from normgeom.rendering.paths import Layout

__all__ = [
    "DiskFullError",
    "is_disk_full",
    "says_disk_full",
    "disk_full_message",
    "discard_partial_render",
    "write_log",
]

NO_SPACE = (errno.ENOSPC, errno.EDQUOT)
NO_SPACE_TEXTS = ("No space left on device", "Disk quota exceeded", "[Errno 28]")


class DiskFullError(RenderError):
    """A render ran out of disk space; the message names the folder."""


def is_disk_full(exc: BaseException) -> bool:
    """True for an :class:`OSError` meaning no space (or quota) is left."""
    return isinstance(exc, OSError) and exc.errno in NO_SPACE


def says_disk_full(output: str) -> bool:
    """True when a program's output reports that it found no space left."""
    return any(text in output for text in NO_SPACE_TEXTS)


def disk_full_message(folder: Path, detail: str = "") -> str:
    """The one line shown for a full disk at ``folder``."""
    suffix = f" ({detail})" if detail else ""
    return (
        f"disk full: no space left on the device of {folder}{suffix}; free some space or set "
        "NORMGEOM_MEDIA to a larger disk, then run again"
    )


def discard_partial_render(layout: Layout, job: RenderJob) -> None:
    """Remove Manim's files of ``job``: its movie or image, sound, subtitles and partial
    movie files (any of them may be cut short), with their drawing stamp."""
    folder = layout.manim_folder(job)
    for path in folder.glob(f"{job.stem}.*"):
        path.unlink(missing_ok=True)
    shutil.rmtree(layout.partial_movies(job), ignore_errors=True)
    layout.drawing_stamp(job).unlink(missing_ok=True)


def write_log(path: Path, text: str) -> Path:
    """Write ``text`` to ``path``, or to the temporary folder when ``path``'s disk is full.

    Returns the file written.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path
    except OSError as exc:
        if not is_disk_full(exc):
            raise
        path.unlink(missing_ok=True)
        fallback = Path(tempfile.gettempdir()) / f"normgeom-{path.name}"
        fallback.write_text(text, encoding="utf-8")
        return fallback
