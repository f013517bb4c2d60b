"""Loudness of a finished media file, measured as it streams: memory does not grow with length.

Integrated loudness (ITU-R BS.1770-4 / EBU R128: K-weighted, gated 400 ms blocks every
100 ms) and true peak (4x oversampled maximum) are measured by FFmpeg's ``ebur128`` filter
through PyAV, fed the decoded audio one frame at a time; its figures agree with pyloudnorm's
(:mod:`scenes.loudness`, which masters the narration) within 0.1 LU and 0.1 dB. Each
``(start, end)`` span of the file is measured by a meter of its own, fed only that span's
samples, so a chapter reads as if it were cut out and measured alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import chain
from pathlib import Path

import av
import av.filter
import numpy as np

from scenes.loudness import MAX_TRUE_PEAK_DBTP, MIN_BLOCK_SECONDS, TARGET_LUFS, Loudness

__all__ = ["SpanMeter", "measure_file", "loudness_report"]

ABSOLUTE_GATE_LUFS = -70.0
"""BS.1770's absolute gate: ``ebur128`` reports it when no block passes (silence)."""
SEGMENT_SECONDS = 0.1
"""``ebur128`` measures in 100 ms steps; a span's tail is padded with silence to the next."""
FORMAT = "fltp"


class SpanMeter:
    """One ``ebur128`` meter, fed planar float32 samples of one span in order."""

    def __init__(self, rate: int, layout: str) -> None:
        self.rate = rate
        self.fed = 0
        self._last: dict[str, str] = {}
        self._graph = av.filter.Graph()
        source = self._graph.add_abuffer(
            format=FORMAT, sample_rate=rate, layout=layout, time_base=Fraction(1, rate)
        )
        meter = self._graph.add("ebur128", "metadata=1:peak=true")
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
        silence to one (as :func:`scenes.loudness.integrated_lufs` does); every span to a
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
        rate, layout, channels = context.sample_rate, context.layout.name, context.channels
        bounds = [(round(s * rate), e if e == float("inf") else round(e * rate)) for s, e in spans]
        meters = [SpanMeter(rate, layout) for _ in spans]
        position = 0
        for block in _blocks(container):
            end = position + block.shape[1]
            for meter, (start, stop) in zip(meters, bounds, strict=True):
                if start < end and stop > position:
                    meter.feed(block[:, max(start - position, 0) : int(min(stop, end) - position)])
            position = end
    return [meter.result(channels) for meter in meters]


def loudness_report(path: Path, chapters: list[tuple[str, float, float]]) -> dict:
    """The measured loudness of a file as a whole and per ``(title, start, end)`` chapter."""
    spans = [(0.0, float("inf")), *((start, end) for _, start, end in chapters)]
    whole, *parts = measure_file(path, spans)
    return {
        "target_lufs": TARGET_LUFS,
        "max_true_peak_dbtp": MAX_TRUE_PEAK_DBTP,
        "integrated_lufs": whole.lufs,
        "true_peak_dbtp": whole.true_peak_dbtp,
        "chapters": [
            {"title": title, "integrated_lufs": part.lufs, "true_peak_dbtp": part.true_peak_dbtp}
            for (title, _, _), part in zip(chapters, parts, strict=True)
        ],
    }
