"""Loop-friendly, palette-optimized GIFs written by streaming from a rendered MP4.

Manim's own GIF writer holds every frame (2.9 GB for 4 s at 1080p60). Here frames are
decoded one at a time, mapped onto one global palette (255 colours chosen from a few sample
frames, with the 256th index kept for "unchanged"), and only the rectangle that changed
since the previous frame is written, unchanged pixels (within a small tolerance, so video
noise is not redrawn) transparent. Memory stays at a few frames whatever the clip length;
a 480p scene of about a minute gives a 640x360 GIF of 3-4 MB.
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import BinaryIO

import numpy as np
from PIL import GifImagePlugin, Image

from normgeom.publish.frames import frames_at
from normgeom.rendering.atomic import atomic_path
from normgeom.rendering.probe import duration

__all__ = ["GIF_FPS", "GIF_MAX_HEIGHT", "GIF_COLOURS", "write_gif"]

GIF_FPS = 10
"""Frames per second of a GIF (a whole number of centiseconds per frame)."""
GIF_MAX_HEIGHT = 360
"""GIFs are at most this tall (640x360 from a 16:9 render): 40-60 s scenes stay under 5 MB."""
HOLD_SECONDS = 1.0
"""The last frame stays this long before the loop starts again."""
GIF_COLOURS = 128
"""Palette size: scenes have few distinct colours, and fewer codes compress better."""
CHANGE_THRESHOLD = 12
"""A pixel is redrawn only when it differs from what is shown by more than this (0-255)."""
PALETTE_SAMPLES = 8
TRANSPARENT = 255


def _palette(path: Path, fps: float, max_height: int, colours: int) -> Image.Image:
    """One palette for the whole clip from evenly spaced frames (index 255 kept free)."""
    expected = max(1, round(duration(path) * fps))
    wanted = set(np.linspace(0, expected - 1, PALETTE_SAMPLES).round().astype(int).tolist())
    samples = [
        frame[::2, ::2]
        for number, frame in enumerate(frames_at(path, fps, max_height))
        if number in wanted
    ]
    mosaic = Image.fromarray(np.concatenate(samples))
    quantized = mosaic.quantize(colors=colours, method=Image.Quantize.MEDIANCUT, dither=0)
    table = quantized.getpalette()[: colours * 3]
    table += table[:3] * (256 - len(table) // 3)  # unused entries repeat colour 0
    palette = Image.new("P", (1, 1))
    palette.putpalette(table)  # index 255 (transparent) is remapped to 0 in frames
    return palette


def _header(width: int, height: int, palette: Image.Image) -> bytes:
    """GIF89a header with the global colour table and an endless-loop extension."""
    colours = bytes(palette.getpalette()[: 256 * 3])
    screen = b"GIF89a" + struct.pack("<HHBBB", width, height, 0xF7, 0, 0)
    loop = b"!\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", 0) + b"\x00"
    return screen + colours + loop


def write_gif(
    source: Path,
    output: Path,
    *,
    fps: int = GIF_FPS,
    max_height: int = GIF_MAX_HEIGHT,
    colours: int = GIF_COLOURS,
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
    colours
        Palette size (at most 255).

    Returns
    -------
    Path
        ``output``.
    """
    palette = _palette(source, fps, max_height, colours)
    rgb = np.array(palette.getpalette()[: 256 * 3], np.int16).reshape(256, 3)
    frame_ms = round(1000 / fps)
    with atomic_path(output) as temp, temp.open("wb") as out:
        shown: np.ndarray | None = None  # palette indices the viewer currently sees
        pending: list = []  # [tile, offset, milliseconds] of the frame not yet written
        for frame in frames_at(source, fps, max_height):
            image = Image.fromarray(frame).quantize(palette=palette, dither=Image.Dither.NONE)
            indices = np.asarray(image).copy()
            indices[indices == TRANSPARENT] = 0
            if shown is None:
                out.write(_header(indices.shape[1], indices.shape[0], palette))
                pending, shown = [indices, (0, 0), frame_ms], indices
                continue
            difference = np.abs(frame.astype(np.int16) - rgb[shown]).max(axis=2)
            changed = difference > CHANGE_THRESHOLD
            if not changed.any():
                pending[2] += frame_ms
                continue
            _write_frame(out, palette, *pending)
            rows = np.flatnonzero(changed.any(axis=1))
            cols = np.flatnonzero(changed.any(axis=0))
            window = np.s_[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1]
            tile = np.where(changed, indices, TRANSPARENT)[window]
            pending = [tile, (int(cols[0]), int(rows[0])), frame_ms]
            shown = np.where(changed, indices, shown)
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
