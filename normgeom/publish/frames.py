"""Streaming video frames out of an MP4 with PyAV, resized and resampled in time."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import av
import numpy as np

__all__ = ["scaled_size", "frames_at"]


def scaled_size(width: int, height: int, max_height: int) -> tuple[int, int]:
    """``(width, height)`` scaled down to at most ``max_height`` (even sizes, aspect kept)."""
    if height <= max_height:
        return width, height
    return 2 * round(width * max_height / height / 2), max_height


def frames_at(path: Path, fps: float, max_height: int) -> Iterator[np.ndarray]:
    """RGB frames of ``path`` sampled at ``fps``, at most ``max_height`` tall.

    One decoded frame is held at a time: the output frame at time ``i / fps`` is the last
    source frame shown at that moment.
    """
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        stream.thread_type = "AUTO"
        size = scaled_size(stream.codec_context.width, stream.codec_context.height, max_height)
        index = 0
        for frame in container.decode(stream):
            start = float(frame.pts * stream.time_base) if frame.pts is not None else index / fps
            end = start + (1 / float(stream.average_rate) if stream.average_rate else 1 / fps)
            picture = None
            while index / fps < end - 1e-9:
                if picture is None:
                    picture = frame.reformat(
                        width=size[0], height=size[1], format="rgb24"
                    ).to_ndarray()
                yield picture
                index += 1
