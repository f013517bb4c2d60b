"""Facts about a media file, read with PyAV."""

from __future__ import annotations

from pathlib import Path

import av

__all__ = ["duration", "has_audio"]


def duration(path: Path) -> float:
    """Length in seconds of the video stream (of the container when there is no video)."""
    with av.open(str(path)) as container:
        if container.streams.video:
            stream = container.streams.video[0]
            if stream.duration is not None:
                return float(stream.duration * stream.time_base)
        return container.duration / av.time_base if container.duration else 0.0


def has_audio(path: Path) -> bool:
    """Whether the file has an audio stream."""
    with av.open(str(path)) as container:
        return bool(container.streams.audio)
