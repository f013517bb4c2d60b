"""Loudness of a finished media file, measured as it streams: memory does not grow with length.

Integrated loudness (ITU-R BS.1770-4 / EBU R128: K-weighted, gated 400 ms blocks every
100 ms) and true peak (4x oversampled maximum) are measured by FFmpeg's ``ebur128`` filter
through PyAV, fed the decoded audio one frame at a time; its figures agree with pyloudnorm's
(:mod:`scenes.voice.loudness`, which masters the narration) within 0.1 LU and 0.1 dB. Each
``(start, end)`` span of the file is measured by a meter of its own, fed only that span's
samples, so a chapter reads as if it were cut out and measured alone.

:func:`measure_file` reads a file. :class:`LoudnessTap` measures the lecture while it is
being written, from the very AAC packets that go into the file, decoded on a thread of its
own: the same figures as measuring the finished file, at no extra wall time on two cores.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import chain
from pathlib import Path
from queue import Queue
from threading import Thread
from types import TracebackType

import av
import av.filter
import numpy as np

from scenes.voice.loudness import MAX_TRUE_PEAK_DBTP, MIN_BLOCK_SECONDS, TARGET_LUFS, Loudness

__all__ = ["SpanMeter", "SpanMeters", "measure_file", "LoudnessTap", "loudness_report"]

ABSOLUTE_GATE_LUFS = -70.0
"""BS.1770's absolute gate: ``ebur128`` reports it when no block passes (silence)."""
SEGMENT_SECONDS = 0.1
"""``ebur128`` measures in 100 ms steps; a span's tail is padded with silence to the next."""
FORMAT = "fltp"


class SpanMeter:
    """One ``ebur128`` meter, fed planar float32 samples of one span in order; without
    ``true_peak`` it measures loudness alone (the 4x oversampling is most of its cost)."""

    def __init__(self, rate: int, layout: str, true_peak: bool = True) -> None:
        self.rate = rate
        self.fed = 0
        self._last: dict[str, str] = {}
        self._graph = av.filter.Graph()
        source = self._graph.add_abuffer(
            format=FORMAT, sample_rate=rate, layout=layout, time_base=Fraction(1, rate)
        )
        meter = self._graph.add("ebur128", f"metadata=1:peak={'true' if true_peak else 'none'}")
        sink = self._graph.add("abuffersink")
        source.link_to(meter)
        meter.link_to(sink)
        self._graph.configure()
        self._layout = layout

    def feed(self, samples: np.ndarray) -> None:
        """Measure ``samples`` ((channels, n) float32), which follow those fed before."""
        if samples.shape[1] == 0:
            return
        frame = av.AudioFrame.from_ndarray(
            np.ascontiguousarray(samples, dtype=np.float32), format=FORMAT, layout=self._layout
        )
        frame.sample_rate = self.rate
        frame.time_base = Fraction(1, self.rate)
        frame.pts = self.fed
        self.fed += samples.shape[1]
        self._graph.push(frame)
        while True:
            try:
                out = self._graph.pull()
            except (av.BlockingIOError, av.EOFError):
                return
            if out.metadata:
                self._last = dict(out.metadata)

    def result(self, channels: int) -> Loudness:
        """The span's loudness. A span shorter than one 400 ms block is padded with
        silence to one (as :func:`scenes.voice.loudness.integrated_lufs` does); every span to a
        whole 100 ms step, so its last samples count toward the true peak."""
        step = round(SEGMENT_SECONDS * self.rate)
        length = max(self.fed, round(MIN_BLOCK_SECONDS * self.rate))
        padded = -(-length // step) * step
        self.feed(np.zeros((channels, padded - self.fed), np.float32))
        lufs = float(self._last.get("lavfi.r128.I", ABSOLUTE_GATE_LUFS))
        peak = float(self._last.get("lavfi.r128.true_peak", 0.0))
        return Loudness(
            lufs if lufs > ABSOLUTE_GATE_LUFS else None,
            20.0 * float(np.log10(peak)) if peak > 0 else None,
        )


class SpanMeters:
    """A meter per ``(start, end)`` span in seconds (``end`` may be infinite) of one audio
    stream, fed the stream's samples in order; ``true_peaks`` says which spans measure their
    true peak (default all)."""

    def __init__(
        self,
        spans: list[tuple[float, float]],
        rate: int,
        layout: str,
        true_peaks: list[bool] | None = None,
    ) -> None:
        self.channels = av.AudioLayout(layout).nb_channels
        self._bounds = [
            (round(s * rate), e if e == float("inf") else round(e * rate)) for s, e in spans
        ]
        peaks = [True] * len(spans) if true_peaks is None else true_peaks
        self._meters = [SpanMeter(rate, layout, peak) for peak in peaks]
        self._position = 0

    def feed(self, block: np.ndarray) -> None:
        """The next ``block`` of samples ((channels, n) float32), to every span it meets."""
        start_of_block, end = self._position, self._position + block.shape[1]
        for meter, (start, stop) in zip(self._meters, self._bounds, strict=True):
            if start < end and stop > start_of_block:
                first = max(start - start_of_block, 0)
                meter.feed(block[:, first : int(min(stop, end) - start_of_block)])
        self._position = end

    def results(self) -> list[Loudness]:
        """Each span's loudness, in the order given."""
        return [meter.result(self.channels) for meter in self._meters]


def _blocks(container: av.container.InputContainer) -> Iterator[np.ndarray]:
    """The first audio stream as planar float32 blocks of about a second each."""
    stream = container.streams.audio[0]
    rate = stream.codec_context.sample_rate
    resampler = av.AudioResampler(format=FORMAT, layout=stream.layout.name, rate=rate)
    pending: list[np.ndarray] = []
    held = 0
    for frame in chain(container.decode(stream), [None]):
        for out in resampler.resample(frame):
            pending.append(out.to_ndarray())
            held += out.samples
        if held >= rate or (frame is None and pending):
            yield np.concatenate(pending, axis=1)
            pending, held = [], 0


def measure_file(path: Path, spans: list[tuple[float, float]] | None = None) -> list[Loudness]:
    """Loudness of a media file's first audio stream: the whole file, or each
    ``(start, end)`` span in seconds (``end`` may be infinite). A file without audio is
    silent."""
    spans = [(0.0, float("inf"))] if spans is None else spans
    with av.open(str(path)) as container:
        if not container.streams.audio:
            return [Loudness(None, None) for _ in spans]
        context = container.streams.audio[0].codec_context
        meters = SpanMeters(spans, context.sample_rate, context.layout.name)
        for block in _blocks(container):
            meters.feed(block)
    return meters.results()


class LoudnessTap:
    """Measures spans of an audio stream from its packets as they are written.

    Use as a context manager around the writing; :meth:`start` with the stream's opened
    codec context, then :meth:`packet` with each packet's bytes in order, from the stream's
    first. ``spans`` and ``true_peaks`` are those of :class:`SpanMeters`. The packets are
    decoded and measured on a thread of its own (PyAV releases the GIL while FFmpeg decodes
    and meters); a bounded queue keeps memory small. The figures are those of the finished
    file.

    Attributes
    ----------
    results
        Each span's loudness, once the ``with`` block is left without an error.
    """

    def __init__(
        self, spans: list[tuple[float, float]], true_peaks: list[bool] | None = None
    ) -> None:
        self._spans, self._true_peaks = spans, true_peaks
        self._queue: Queue[bytes | None] = Queue(maxsize=64)
        self._thread: Thread | None = None
        self._failure: BaseException | None = None
        self.results: list[Loudness] = []

    def start(self, stream: av.audio.codeccontext.AudioCodecContext, priming: int = 0) -> None:
        """Begin measuring the packets of a stream of parameters ``stream`` (an opened codec
        context), skipping the first ``priming`` samples they decode to (an encoder's
        priming, which the MP4's edit list hides from players and from
        :func:`measure_file`)."""
        decoder = av.CodecContext.create(stream.name, "r")
        decoder.extradata = stream.extradata
        decoder.sample_rate = stream.sample_rate
        decoder.layout = stream.layout
        meters = SpanMeters(self._spans, stream.sample_rate, stream.layout.name, self._true_peaks)
        self._thread = Thread(target=self._measure, args=(decoder, meters, priming), daemon=True)
        self._thread.start()

    def packet(self, data: bytes) -> None:
        """The next encoded packet."""
        self._queue.put(data)

    def _measure(self, decoder: av.CodecContext, meters: SpanMeters, priming: int) -> None:
        """Decode the queued packets and feed the meters about a second at a time (a meter's
        cost is mostly per call)."""
        skip, held, count = priming, [], 0
        while True:
            data = self._queue.get()
            if self._failure is None:  # after a failure only drain: the writer never waits
                try:
                    for frame in decoder.decode(None if data is None else av.Packet(data)):
                        held.append(frame.to_ndarray()[:, skip:])
                        count += held[-1].shape[1]
                        skip = max(0, skip - frame.samples)
                    if held and (count >= decoder.sample_rate or data is None):
                        meters.feed(np.concatenate(held, axis=1))
                        held, count = [], 0
                    if data is None:
                        self.results = meters.results()
                except Exception as exc:  # raised in the writing thread by __exit__
                    self._failure = exc
            if data is None:
                return

    def __enter__(self) -> LoudnessTap:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._thread is None:
            return
        self._queue.put(None)
        self._thread.join()
        if self._failure is not None and error is None:
            raise self._failure


def loudness_report(whole: Loudness, chapters: list[tuple[str, Loudness]]) -> dict:
    """The lecture's measured loudness as a whole and per ``(title, loudness)`` chapter."""
    return {
        "target_lufs": TARGET_LUFS,
        "max_true_peak_dbtp": MAX_TRUE_PEAK_DBTP,
        "integrated_lufs": whole.lufs,
        "true_peak_dbtp": whole.true_peak_dbtp,
        "chapters": [
            {"title": title, "integrated_lufs": part.lufs, "true_peak_dbtp": part.true_peak_dbtp}
            for title, part in chapters
        ],
    }
