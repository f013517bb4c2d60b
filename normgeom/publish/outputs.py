"""A rendered scene in the format a user asked for: MP4 as rendered, or GIF, PNG, WebM from it.

Derived files are cached like renders: each is keyed from its movie's key
(:func:`normgeom.rendering.cache.derived_key`) and rebuilt when that changed or the file is no
longer as written.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from normgeom.errors import UsageError, step
from normgeom.publish.gif import write_gif
from normgeom.publish.last_frame import write_last_frame
from normgeom.publish.webm import write_webm
from normgeom.rendering.cache import derived_key
from normgeom.rendering.paths import FORMATS
from normgeom.rendering.runner import JobResult
from normgeom.rendering.state import Built, RecordId, RecordKind, State

__all__ = ["check_format", "deliver"]

WRITERS: dict[str, Callable[[Path, Path], Path]] = {
    "gif": write_gif,
    "png": write_last_frame,
    "webm": write_webm,
}


def check_format(name: str) -> str:
    """The format ``name`` in lower case; :class:`UsageError` for an unknown one."""
    fmt = name.strip().lower().lstrip(".")
    if fmt not in FORMATS:
        raise UsageError(f"unknown format {name!r}; choose one of {', '.join(FORMATS)}")
    return fmt


def deliver(result: JobResult, fmt: str, state: State) -> tuple[Path, bool]:
    """The scene's file in ``fmt`` beside its MP4, and whether it was already up to date."""
    if fmt == "mp4":
        return result.video, result.cached
    output = result.video.with_suffix(f".{fmt}")
    record = RecordId(RecordKind(fmt), result.job.quality.label, result.target.id)

    def write() -> Built:
        with step(f"writing {output.name}"):
            WRITERS[fmt](result.video, output)
        return Built({fmt: output})

    _, cached = state.cached(record, derived_key(result.key, fmt), {fmt: output}, write)
    return output, cached
