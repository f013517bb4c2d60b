"""Derived formats: a streamed, looping, palette GIF; the last frame as PNG; WebM."""

from __future__ import annotations

import tracemalloc

import av
import numpy as np
import pytest
from PIL import Image

from normgeom.publish.frames import frames_at, scaled_size
from normgeom.publish.gif import write_gif
from normgeom.publish.last_frame import write_last_frame
from normgeom.publish.webm import write_webm
from normgeom.rendering.probe import duration, has_audio


def moving_square(path, seconds=3.0, fps=30, size=(320, 240)):
    """An H.264 clip of a white square sliding over a dark background."""
    width, height = size
    with av.open(str(path), "w") as out:
        stream = out.add_stream("libx264", rate=fps)
        stream.width, stream.height, stream.pix_fmt = width, height, "yuv420p"
        for i in range(round(seconds * fps)):
            pixels = np.full((height, width, 3), 20, np.uint8)
            x = 4 * i % (width - 40)
            pixels[100:140, x : x + 40] = (230, 120, 30)
            out.mux(stream.encode(av.VideoFrame.from_ndarray(pixels, format="rgb24")))
        out.mux(stream.encode())
    return path


@pytest.fixture
def clip(tmp_path):
    return moving_square(tmp_path / "clip.mp4")


def test_gif_loops_at_gif_rate_and_holds_the_last_frame(clip, tmp_path):
    gif = write_gif(clip, tmp_path / "clip.gif", fps=10)
    with Image.open(gif) as image:
        assert image.info["loop"] == 0
        assert image.size == (320, 240)
        delays = []
        for index in range(image.n_frames):
            image.seek(index)
            delays.append(image.info["duration"])
        image.seek(image.n_frames - 1)
        last = np.asarray(image.convert("RGB"))
    assert sum(delays) == pytest.approx(3000 + 1000, abs=20)  # 3 s clip + 1 s hold
    assert delays[-1] >= 1000
    reference = next(iter(reversed(list(frames_at(clip, 10, 240)))))
    assert np.abs(last.astype(int) - reference.astype(int)).mean() < 6


def test_gif_writing_streams_frames(clip, tmp_path):
    all_frames = 90 * 320 * 240 * 3
    tracemalloc.start()
    write_gif(clip, tmp_path / "clip.gif", fps=30)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < all_frames / 5


def test_gif_of_a_large_video_is_scaled_down(tmp_path):
    big = moving_square(tmp_path / "big.mp4", seconds=0.5, size=(1280, 720))
    with Image.open(write_gif(big, tmp_path / "big.gif", max_height=360)) as image:
        assert image.size == (640, 360)
    assert scaled_size(1920, 1080, 480) == (854, 480)
    assert scaled_size(640, 360, 480) == (640, 360)


def test_png_is_the_final_frame(clip, tmp_path):
    png = write_last_frame(clip, tmp_path / "clip.png")
    with Image.open(png) as image:
        pixels = np.asarray(image.convert("RGB")).astype(int)
    with av.open(str(clip)) as container:
        last = [f.to_ndarray(format="rgb24") for f in container.decode(video=0)][-1]
    assert np.abs(pixels - last).max() == 0


def test_webm_keeps_length(clip, tmp_path):
    webm = write_webm(clip, tmp_path / "clip.webm")
    with av.open(str(webm)) as container:
        assert container.streams.video[0].codec_context.name == "vp9"
    assert duration(webm) == pytest.approx(3.0, abs=0.1)
    assert not has_audio(webm)
