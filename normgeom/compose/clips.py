"""Clips back to back in one MP4 (H.264 video, AAC audio) with chapters (default: one per clip).

Video packets are copied, not re-encoded: every clip comes from the same manim encoder at
the same quality, so only their timestamps move. Audio is decoded, resampled to 48 kHz
stereo, cut or padded with silence to each clip's video length (cards have no audio) and
encoded once as AAC, so sound and chapters stay aligned. Chapters are written with PyAV
(:meth:`av.container.Container.set_chapters`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import av
import numpy as np

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


def _audio(path: Path, length: float) -> np.ndarray:
    """The clip's audio as (2, samples) float32 at 48 kHz, exactly ``length`` seconds long."""
    samples = round(length * SAMPLE_RATE)
    parts = []
    with av.open(str(path)) as container:
        if container.streams.audio:
            resampler = av.AudioResampler(format="fltp", layout="stereo", rate=SAMPLE_RATE)
            for frame in container.decode(container.streams.audio[0]):
                parts.extend(f.to_ndarray() for f in resampler.resample(frame))
            parts.extend(f.to_ndarray() for f in resampler.resample(None))
    audio = np.concatenate(parts, axis=1) if parts else np.zeros((2, 0), np.float32)
    audio = audio[:, :samples]
    return np.pad(audio, ((0, 0), (0, samples - audio.shape[1]))).astype(np.float32)


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
            audio = out.add_stream("aac", rate=SAMPLE_RATE)
            audio.layout = "stereo"
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
            written = 0
            for container, stream, span in zip(inputs, streams, spans, strict=True):
                offset = round(span.start / stream.time_base)
                for packet in container.demux(stream):
                    if packet.dts is None:
                        continue  # the demuxer's flushing packet
                    packet.pts += offset
                    packet.dts += offset
                    packet.stream = video
                    out.mux(packet)
                sound = _audio(Path(container.name), span.end - span.start)
                for start in range(0, sound.shape[1], AUDIO_FRAME):
                    chunk = np.ascontiguousarray(sound[:, start : start + AUDIO_FRAME])
                    frame = av.AudioFrame.from_ndarray(chunk, format="fltp", layout="stereo")
                    frame.sample_rate = SAMPLE_RATE
                    frame.pts = written
                    written += chunk.shape[1]
                    out.mux(audio.encode(frame))
            out.mux(audio.encode())
    finally:
        for container in inputs:
            container.close()
    return spans
