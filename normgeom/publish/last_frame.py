"""The last frame of a rendered movie as a PNG (`render -f png`); the stills of
:mod:`normgeom.publish.stills` render the final frame alone instead."""

from __future__ import annotations

from pathlib import Path

import av

from normgeom.rendering.atomic import atomic_path

__all__ = ["write_last_frame"]

TAIL_SECONDS = 2.0
"""Seek this far before the end, then decode to the last frame."""


def write_last_frame(source: Path, output: Path) -> Path:
    """Write the last frame of the video ``source`` as a PNG at ``output`` (atomically)."""
    with av.open(str(source)) as container:
        stream = container.streams.video[0]
        if stream.duration is not None and stream.duration * stream.time_base > TAIL_SECONDS:
            target = int((stream.duration * stream.time_base - TAIL_SECONDS) / stream.time_base)
            container.seek(target, stream=stream, backward=True)
        last = None
        for frame in container.decode(stream):
            last = frame
        if last is None:
            raise ValueError(f"{source}: no video frames")
        image = last.to_image()
    with atomic_path(output) as temp:
        image.save(temp, format="PNG", optimize=True)
    return output
