"""Clips back to back in one MP4 (H.264 video, AAC audio) with chapters (default: one per clip).

Video packets are copied, not re-encoded: every clip comes from the same manim encoder at
the same quality, so only their timestamps move. Audio is decoded, resampled to 48 kHz
stereo, cut or padded with silence to each clip's video length (cards have no audio) and
encoded once as AAC (FFmpeg's fast coder: a quarter-hour lecture in seconds, transparent for
speech at its bit rate), so sound and chapters stay aligned. Both stream through: a clip is read
packet by packet and frame by frame, so memory does not grow with the lecture's length.
Chapters are written with PyAV (:meth:`av.container.Container.set_chapters`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from itertools import chain
from pathlib import Path

import av
import numpy as np

from normgeom.compose.loudness import LoudnessTap
from normgeom.errors import RenderError
from normgeom.rendering.atomic import atomic_path
from normgeom.rendering.probe import duration

__all__ = ["SAMPLE_RATE", "Clip", "Chapter", "clip_spans", "compose"]

SAMPLE_RATE = 48000
AUDIO_FRAME = 1024
CHAPTER_TIME_BASE = Fraction(1, 1000)


@dataclass(frozen=True)
class Clip:
    """A part of the composition: chapter title and the clip's MP4."""

    title: str
    video: Path


@dataclass(frozen=True)
class Chapter:
    """A chapter of the composed file, times in seconds."""

    title: str
    start: float
    end: float


def clip_spans(clips: list[Clip]) -> list[Chapter]:
    """Where each clip plays in the composition: one span per clip, titled by the clip."""
    bounds = np.concatenate([[0.0], np.cumsum([duration(clip.video) for clip in clips])])
    return [
        Chapter(c.title, float(s), float(e))
        for c, s, e in zip(clips, bounds[:-1], bounds[1:], strict=True)
    ]


def _audio(path: Path, length: float) -> Iterator[np.ndarray]:
    """The clip's audio as (2, n) float32 chunks at 48 kHz, exactly ``length`` seconds in
    all (cut, or padded with silence), decoded as it is needed."""
    wanted = round(length * SAMPLE_RATE)
    given = 0
    with av.open(str(path)) as container:
        if container.streams.audio:
            resampler = av.AudioResampler(format="fltp", layout="stereo", rate=SAMPLE_RATE)
            decoded = chain(container.decode(container.streams.audio[0]), [None])
            for frame in (out for each in decoded for out in resampler.resample(each)):
                chunk = frame.to_ndarray()[:, : wanted - given]
                given += chunk.shape[1]
                if chunk.shape[1]:
                    yield np.ascontiguousarray(chunk)
                if given == wanted:
                    return
    for start in range(given, wanted, AUDIO_FRAME):
        yield np.zeros((2, min(AUDIO_FRAME, wanted - start)), np.float32)


def _check_same_video(streams: list[av.video.stream.VideoStream], clips: list[Clip]) -> None:
    def shape(stream):
        ctx = stream.codec_context
        return ctx.name, ctx.width, ctx.height, ctx.pix_fmt, stream.base_rate

    first = shape(streams[0])
    for stream, clip in zip(streams, clips, strict=True):
        if shape(stream) != first:
            raise RenderError(
                f"{clip.video}: video {shape(stream)} differs from {first}; "
                "render every clip at one quality"
            )


def compose(
    clips: list[Clip],
    output: Path,
    *,
    chapters: list[Chapter] | None = None,
    title: str = "",
    tap: LoudnessTap | None = None,
) -> list[Chapter]:
    """Write ``clips`` back to back into ``output`` (atomically); return the clips' spans.

    Parameters
    ----------
    clips
        The parts in playing order; all H.264 at the same size and frame rate.
    output
        The MP4 to write.
    chapters
        The chapters to embed; default one per clip (its span).
    title
        The file's title metadata.
    tap
        Measures the audio from the encoded packets as they are written.

    Returns
    -------
    list of Chapter
        Each clip's span; each starts where the previous one ends.
    """
    spans = clip_spans(clips)
    chapters = spans if chapters is None else chapters
    inputs = [av.open(str(clip.video)) for clip in clips]
    try:
        streams = [container.streams.video[0] for container in inputs]
        _check_same_video(streams, clips)
        with (
            atomic_path(output) as temp,
            av.open(str(temp), "w", options={"movflags": "+faststart"}) as out,
        ):
            out.metadata["title"] = title
            video = out.add_stream_from_template(template=streams[0])
            audio = out.add_stream("aac", rate=SAMPLE_RATE, options={"aac_coder": "fast"})
            audio.layout = "stereo"
            audio.codec_context.open()
            if tap is not None:
                tap.start(audio.codec_context)
            out.set_chapters(
                [
                    {
                        "id": number,
                        "start": round(ch.start / CHAPTER_TIME_BASE),
                        "end": round(ch.end / CHAPTER_TIME_BASE),
                        "time_base": CHAPTER_TIME_BASE,
                        "metadata": {"title": ch.title},
                    }
                    for number, ch in enumerate(chapters, start=1)
                ]
            )
            fifo = av.AudioFifo()
            written = 0

            def encode(frame: av.AudioFrame | None) -> None:
                nonlocal written
                if frame is not None:
                    frame.pts = written
                    written += frame.samples
                for packet in audio.encode(frame):
                    if tap is not None:
                        tap.packet(bytes(packet))
                    out.mux(packet)

            for container, stream, span in zip(inputs, streams, spans, strict=True):
                offset = round(span.start / stream.time_base)
                for packet in container.demux(stream):
                    if packet.dts is None:
                        continue  # the demuxer's flushing packet
                    packet.pts += offset
                    packet.dts += offset
                    packet.stream = video
                    out.mux(packet)
                for chunk in _audio(Path(container.name), span.end - span.start):
                    frame = av.AudioFrame.from_ndarray(chunk, format="fltp", layout="stereo")
                    frame.sample_rate = SAMPLE_RATE
                    fifo.write(frame)
                    while (whole := fifo.read(AUDIO_FRAME)) is not None:
                        encode(whole)
            if fifo.samples:
                encode(fifo.read())
            encode(None)
    finally:
        for container in inputs:
            container.close()
    return spans
