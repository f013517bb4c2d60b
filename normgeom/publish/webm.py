"""A rendered scene as WebM (VP9 video, Opus audio), transcoded by streaming with PyAV."""

from __future__ import annotations

from pathlib import Path

import av

from normgeom.rendering.atomic import atomic_path

__all__ = ["write_webm"]

VP9_OPTIONS = {"crf": "32", "b": "0", "deadline": "good", "cpu-used": "4", "row-mt": "1"}
"""Constant-quality VP9 at a speed setting suited to screen content."""


def write_webm(source: Path, output: Path) -> Path:
    """Transcode the MP4 ``source`` to WebM at ``output`` (atomically), frame by frame."""
    with atomic_path(output) as temp, av.open(str(source)) as inp, av.open(str(temp), "w") as out:
        video_in = inp.streams.video[0]
        video = out.add_stream("libvpx-vp9", rate=video_in.average_rate, options=VP9_OPTIONS)
        video.width, video.height = video_in.codec_context.width, video_in.codec_context.height
        video.pix_fmt = "yuv420p"
        audio = None
        if inp.streams.audio:
            audio = out.add_stream("libopus", rate=48000)
            audio.layout = "stereo"
        for frame in inp.decode(*inp.streams):
            if isinstance(frame, av.VideoFrame):
                frame.pict_type = av.video.frame.PictureType.NONE
                out.mux(video.encode(frame))
            elif audio is not None:
                frame.pts = None
                out.mux(audio.encode(frame))
        out.mux(video.encode())
        if audio is not None:
            out.mux(audio.encode())
    return output
