"""Clips back to back in one MP4 (H.264 video, AAC audio) with chapters (default: one per clip).

Nothing is re-encoded that need not be. Video packets are copied: every clip comes from the
same manim encoder at the same quality, so only their timestamps move. Audio packets are
copied too when every clip's audio is AAC-LC at 48 kHz stereo in frames of 1024 samples (as
Manim writes it) and each clip's sound, cut or padded with silent frames to the whole frames
closest to its video's end, ends in two frames of digital silence: then each clip's packets
decode in the lecture to the samples they decode to alone (one clip's last frame and the next
one's first overlap in silence), and sound and chapters stay aligned to half a frame (11 ms)
however many clips there are. Otherwise the audio is decoded, resampled to 48 kHz stereo,
cut or padded with silence to each clip's video length to the sample (cards have no audio)
and encoded once as AAC (FFmpeg's fast coder, transparent for speech at its bit rate). Both
stream through: a clip is read packet by packet and frame by frame, so memory does not grow
with the lecture's length. Chapters are written with PyAV
(:meth:`av.container.Container.set_chapters`).
"""

from __future__ import annotations

import struct
from collections import deque
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass
from fractions import Fraction
from itertools import chain, islice, repeat
from pathlib import Path

import av
import numpy as np

from normgeom.compose.loudness import LoudnessTap
from normgeom.errors import RenderError
from normgeom.rendering.atomic import atomic_path
from normgeom.rendering.probe import duration
from normgeom.rendering.state import Chapter
from normgeom.rendering.video_copy import copy_video

__all__ = ["SAMPLE_RATE", "Clip", "SubtitleTrack", "clip_spans", "compose"]

SAMPLE_RATE = 48000
AUDIO_FRAME = 1024
CHAPTER_TIME_BASE = Fraction(1, 1000)


@dataclass(frozen=True)
class Clip:
    """A part of the composition: chapter title and the clip's MP4."""

    title: str
    video: Path


def clip_spans(clips: list[Clip]) -> list[Chapter]:
    """Where each clip plays in the composition: one span per clip, titled by the clip."""
    bounds = np.concatenate([[0.0], np.cumsum([duration(clip.video) for clip in clips])])
    return [
        Chapter(c.title, float(s), float(e))
        for c, s, e in zip(clips, bounds[:-1], bounds[1:], strict=True)
    ]


def _encoder() -> av.audio.codeccontext.AudioCodecContext:
    """An opened AAC encoder of the lecture's format: 48 kHz stereo, FFmpeg's fast coder."""
    encoder = av.CodecContext.create("aac", "w")
    encoder.sample_rate, encoder.layout, encoder.format = SAMPLE_RATE, "stereo", "fltp"
    encoder.options = {"aac_coder": "fast"}
    encoder.open()
    return encoder


def _silent_frame() -> bytes:
    """One AAC frame of digital silence (an encoder's third frame of zeros: past its
    priming, it decodes to zeros after any frame that ends in silence)."""
    encoder = _encoder()
    packets = []
    for start in range(0, 3 * AUDIO_FRAME, AUDIO_FRAME):
        frame = av.AudioFrame.from_ndarray(
            np.zeros((2, AUDIO_FRAME), np.float32), format="fltp", layout="stereo"
        )
        frame.sample_rate, frame.pts = SAMPLE_RATE, start
        packets += [bytes(packet) for packet in encoder.encode(frame)]
    return packets[-1]


def _copyable(stream: av.audio.stream.AudioStream) -> bool:
    """Whether a clip's audio is the lecture's: AAC-LC, 48 kHz stereo, 1024-sample frames."""
    context = stream.codec_context
    return (
        context.name == "aac"
        and context.profile == "LC"
        and stream.rate == SAMPLE_RATE
        and context.layout.name == "stereo"
        and context.frame_size == AUDIO_FRAME
    )


def _audio_frames(path: Path) -> Iterator[bytes]:
    """A clip's audio packets (none for a clip without audio), read as they are needed."""
    with av.open(str(path)) as container:
        if container.streams.audio:
            stream = container.streams.audio[0]
            yield from (bytes(packet) for packet in container.demux(stream) if packet.size)


def _copies_exactly(path: Path, count: int, extradata: bytes | None) -> bool:
    """Whether the first ``count`` audio frames of a clip copy into the lecture as they
    decode alone: none, or frames of the lecture's format (:func:`_copyable`) that start at
    0 (no edit list hiding the encoder's priming, which a copy would make heard) and whose
    last two decode to digital silence (so the next clip's first frame overlaps silence)."""
    with av.open(str(path)) as container:
        if not container.streams.audio:
            return True
        stream = container.streams.audio[0]
        if not _copyable(stream):
            return False
        used = islice((packet for packet in container.demux(stream) if packet.size), count)
        first = next(used, None)
        if first is None:
            return True
        last = deque([bytes(first)], maxlen=3)
        last.extend(bytes(packet) for packet in used)
        return first.pts == 0 and _ends_silent(list(last), extradata)


def _ends_silent(frames: list[bytes], extradata: bytes | None) -> bool:
    """Whether the last two of the (up to) three ``frames`` decode to digital silence,
    decoded after the frame before them, which they overlap."""
    if len(frames) < 3:
        return False
    decoder = av.CodecContext.create("aac", "r")
    decoder.extradata = extradata
    decoded = [f.to_ndarray() for data in frames for f in decoder.decode(av.Packet(data))]
    return len(decoded) == 3 and not np.any(decoded[1]) and not np.any(decoded[2])


def _frame_end(span: Chapter) -> int:
    """The audio frame a clip's copy ends before: the frame boundary closest to its span's
    end."""
    return round(span.end * SAMPLE_RATE / AUDIO_FRAME)


def _all_copy_exactly(clips: list[Clip], spans: list[Chapter], extradata: bytes | None) -> bool:
    """Whether every clip's audio, cut to its frames (from the previous clip's end to its
    own, :func:`_frame_end`), copies exactly (:func:`_copies_exactly`)."""
    starts = [0, *(_frame_end(span) for span in spans[:-1])]
    return all(
        _copies_exactly(clip.video, _frame_end(span) - start, extradata)
        for clip, span, start in zip(clips, spans, starts, strict=True)
    )


def _clip_samples(path: Path, length: float) -> Iterator[np.ndarray]:
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


class _CopiedAudio:
    """Writes each clip's audio frames as they are, cut or padded with silent frames to the
    frame boundary closest to its span's end."""

    def __init__(self, out, stream, tap: LoudnessTap | None) -> None:
        self._out, self._stream, self._tap = out, stream, tap
        self._silence = _silent_frame()
        self._written = 0

    def clip(self, path: Path, span: Chapter) -> None:
        """The clip at ``path``, up to :func:`_frame_end` of ``span``."""
        count = _frame_end(span) - self._written // AUDIO_FRAME
        with closing(_audio_frames(path)) as frames:
            for data in islice(chain(frames, repeat(self._silence)), count):
                packet = av.Packet(data)
                packet.stream, packet.time_base = self._stream, Fraction(1, SAMPLE_RATE)
                packet.pts = packet.dts = self._written
                packet.duration = AUDIO_FRAME
                self._written += AUDIO_FRAME
                if self._tap is not None:
                    self._tap.packet(data)
                self._out.mux(packet)

    def finish(self) -> None:
        """Nothing is held back."""


class _EncodedAudio:
    """Encodes each clip's audio, cut or padded to its span to the sample, as one AAC track."""

    def __init__(self, out, stream, tap: LoudnessTap | None) -> None:
        self._out, self._stream, self._tap = out, stream, tap
        self._fifo = av.AudioFifo()
        self._written = 0

    def _encode(self, frame: av.AudioFrame | None) -> None:
        if frame is not None:
            frame.pts = self._written
            self._written += frame.samples
        for packet in self._stream.encode(frame):
            if self._tap is not None:
                self._tap.packet(bytes(packet))
            self._out.mux(packet)

    def clip(self, path: Path, span: Chapter) -> None:
        """The clip at ``path``, cut or padded to ``span``."""
        for chunk in _clip_samples(path, span.end - span.start):
            frame = av.AudioFrame.from_ndarray(chunk, format="fltp", layout="stereo")
            frame.sample_rate = SAMPLE_RATE
            self._fifo.write(frame)
            while (whole := self._fifo.read(AUDIO_FRAME)) is not None:
                self._encode(whole)

    def finish(self) -> None:
        """Encode what the FIFO holds and flush the encoder."""
        if self._fifo.samples:
            self._encode(self._fifo.read())
        self._encode(None)


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


MOV_TEXT_HEADER = (
    b"[Script Info]\r\nScriptType: v4.00+\r\nPlayResX: 384\r\nPlayResY: 288\r\n\r\n"
    b"[V4+ Styles]\r\nFormat: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, "
    b"OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, "
    b"Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding\r\n"
    b"Style: Default,Arial,16,&Hffffff,&Hffffff,&H0,&H0,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,0"
    b"\r\n\r\n[Events]\r\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, "
    b"Effect, Text\r\n"
)
"""The style header FFmpeg's MP4 subtitle (``mov_text``) encoder needs to open: one default
style; players draw the text in their own."""
SUBTITLE_TIME_BASE = Fraction(1, 1000)


@dataclass(frozen=True)
class SubtitleTrack:
    """A subtitle track of the composition: its language (ISO 639-2, ``eng``, ``jpn``) and
    its cues ``(start, end, text)`` in seconds on the composition's clock."""

    language: str
    cues: list[tuple[float, float, str]]


def _mux_subtitles(out, tracks: tuple[SubtitleTrack, ...]) -> None:
    """Add ``tracks`` to ``out`` as MP4 text tracks tagged with their languages (every
    stream before the first packet: the muxer writes its header then), each cue one packet
    (a 16-bit big-endian length, then the UTF-8 text)."""
    streams = []
    for track in tracks:
        stream = out.add_stream("mov_text")
        stream.codec_context.subtitle_header = MOV_TEXT_HEADER
        stream.metadata["language"] = track.language
        stream.time_base = SUBTITLE_TIME_BASE
        streams.append(stream)
    for stream, track in zip(streams, tracks, strict=True):
        _mux_cues(out, stream, track.cues)


def _mux_cues(out, stream, cues: list[tuple[float, float, str]]) -> None:
    """Mux ``cues`` into the text ``stream`` of ``out``."""
    for start, end, text in cues:
        data = text.encode()
        packet = av.Packet(struct.pack(">H", len(data)) + data)
        packet.stream, packet.time_base = stream, SUBTITLE_TIME_BASE
        packet.pts = packet.dts = round(start / SUBTITLE_TIME_BASE)
        packet.duration = max(1, round((end - start) / SUBTITLE_TIME_BASE))
        out.mux(packet)


def compose(
    clips: list[Clip],
    output: Path,
    *,
    chapters: list[Chapter] | None = None,
    title: str = "",
    tap: LoudnessTap | None = None,
    language: str = "",
    subtitles: tuple[SubtitleTrack, ...] = (),
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
        Measures the audio from its packets as they are written.
    language
        The ISO 639-2 language of the sound (its track's tag; none when empty).
    subtitles
        Subtitle tracks to embed, each tagged with its language.

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
            if language:
                audio.metadata["language"] = language
            audio.codec_context.open()
            copied = _all_copy_exactly(clips, spans, audio.codec_context.extradata)
            if tap is not None:  # an encoder's track starts with its priming, hidden by the MP4
                tap.start(audio.codec_context, 0 if copied else audio.codec_context.frame_size)
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
            _mux_subtitles(out, subtitles)
            sound = _CopiedAudio(out, audio, tap) if copied else _EncodedAudio(out, audio, tap)
            for container, clip, span in zip(inputs, clips, spans, strict=True):
                copy_video(container, out, video, span.start)
                sound.clip(clip.video, span)
            sound.finish()
    finally:
        for container in inputs:
            container.close()
    return spans
