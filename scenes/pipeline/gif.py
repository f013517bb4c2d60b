"""Loop-friendly, palette-optimized GIFs written by streaming from a rendered MP4.

Manim's own GIF writer holds every frame (2.9 GB for 4 s at 1080p60). Here frames are
decoded one at a time, mapped onto one global palette (255 colours chosen from a few sample
frames, with the 256th index kept for "unchanged"), and only the rectangle that changed
since the previous frame is written, unchanged pixels transparent. Memory stays at a few
frames whatever the clip length; a 480p scene stays well under 5 MB.
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import BinaryIO

import numpy as np
from PIL import GifImagePlugin, Image

from scenes.pipeline.atomic import atomic_path
from scenes.pipeline.frames import frames_at
from scenes.pipeline.probe import duration

__all__ = ["GIF_FPS", "GIF_MAX_HEIGHT", "write_gif"]

GIF_FPS = 10
"""Frames per second of a GIF (a whole number of centiseconds per frame)."""
GIF_MAX_HEIGHT = 480
"""GIFs of larger renders are scaled down to this height."""
HOLD_SECONDS = 1.0
"""The last frame stays this long before the loop starts again."""
PALETTE_SAMPLES = 8
TRANSPARENT = 255


def _palette(path: Path, fps: float, max_height: int) -> Image.Image:
    """One palette for the whole clip: 255 colours from evenly spaced frames (+ index 255)."""
    expected = max(1, round(duration(path) * fps))
    wanted = set(np.linspace(0, expected - 1, PALETTE_SAMPLES).round().astype(int).tolist())
    samples = [
        frame[::2, ::2]
        for number, frame in enumerate(frames_at(path, fps, max_height))
        if number in wanted
    ]
    mosaic = Image.fromarray(np.concatenate(samples))
    quantized = mosaic.quantize(colors=TRANSPARENT, method=Image.Quantize.MEDIANCUT, dither=0)
    colours = quantized.getpalette()[: TRANSPARENT * 3]
    colours += [0] * (TRANSPARENT * 3 - len(colours))
    palette = Image.new("P", (1, 1))
    palette.putpalette(colours + colours[:3])  # index 255 repeats index 0 and is remapped
    return palette


def _header(width: int, height: int, palette: Image.Image) -> bytes:
    """GIF89a header with the global colour table and an endless-loop extension."""
    colours = bytes(palette.getpalette()[: 256 * 3])
    screen = b"GIF89a" + struct.pack("<HHBBB", width, height, 0xF7, 0, 0)
    loop = b"!\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", 0) + b"\x00"
    return screen + colours + loop


def write_gif(
    source: Path, output: Path, *, fps: int = GIF_FPS, max_height: int = GIF_MAX_HEIGHT
) -> Path:
    """Write ``source`` (a video) as an endlessly looping GIF at ``output`` (atomically).

    Parameters
    ----------
    source
        The rendered MP4.
    output
        The GIF path.
    fps
        GIF frame rate (10 gives exact 10 cs frame delays).
    max_height
        Larger videos are scaled down to this height.

    Returns
    -------
    Path
        ``output``.
    """
    palette = _palette(source, fps, max_height)
    frame_ms = round(1000 / fps)
    with atomic_path(output) as temp, temp.open("wb") as out:
        previous: np.ndarray | None = None
        pending: list = []  # [tile, offset, milliseconds] of the frame not yet written
        for frame in frames_at(source, fps, max_height):
            image = Image.fromarray(frame).quantize(palette=palette, dither=Image.Dither.NONE)
            indices = np.asarray(image).copy()
            indices[indices == TRANSPARENT] = 0
            if previous is None:
                out.write(_header(indices.shape[1], indices.shape[0], palette))
                pending = [indices, (0, 0), frame_ms]
            elif (changed := indices != previous).any():
                _write_frame(out, palette, *pending)
                rows = np.flatnonzero(changed.any(axis=1))
                cols = np.flatnonzero(changed.any(axis=0))
                window = np.s_[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1]
                tile = np.where(changed, indices, TRANSPARENT)[window]
                pending = [tile, (int(cols[0]), int(rows[0])), frame_ms]
            else:
                pending[2] += frame_ms
            previous = indices
        pending[2] += round(HOLD_SECONDS * 1000)
        _write_frame(out, palette, *pending)
        out.write(b";")
    return output


def _write_frame(
    out: BinaryIO, palette: Image.Image, tile: np.ndarray, offset: tuple[int, int], ms: int
) -> None:
    """One frame: a palette tile at ``offset``, shown ``ms`` milliseconds, 255 transparent."""
    picture = Image.fromarray(tile.astype(np.uint8), mode="P")
    picture.putpalette(palette.getpalette())
    for chunk in GifImagePlugin.getdata(
        picture, offset=offset, duration=ms, transparency=TRANSPARENT, disposal=1
    ):
        out.write(chunk)
