"""The streaming file meter (FFmpeg's ebur128) against pyloudnorm and the in-memory true peak."""

from __future__ import annotations

from pathlib import Path

import av
import numpy as np
import pytest
from fixtures.pipeline import make_clip

from normgeom.compose.clips import Clip, compose
from normgeom.compose.loudness import LoudnessTap, loudness_report, measure_file
from scenes.voice.loudness import Loudness, integrated_lufs, true_peak_db

RATE = 48000


def write_wav(path: Path, samples: np.ndarray) -> Path:
    """``samples`` ((n, channels) float32) as a float WAV file, read back bit for bit."""
    with av.open(str(path), "w") as out:
        stream = out.add_stream("pcm_f32le", rate=RATE)
        stream.layout = "stereo" if samples.shape[1] == 2 else "mono"
        for start in range(0, len(samples), 4096):
            chunk = np.ascontiguousarray(samples[start : start + 4096].reshape(1, -1))
            frame = av.AudioFrame.from_ndarray(chunk, format="flt", layout=stream.layout.name)
            frame.sample_rate, frame.pts = RATE, start
            out.mux(stream.encode(frame))
        out.mux(stream.encode())
    return path


def lecture_like(seconds: float, seed: int = 5) -> np.ndarray:
    """Stereo phrases of filtered noise at changing levels, with sharp clicks and pauses."""
    rng = np.random.default_rng(seed)
    parts = []
    while sum(len(p) for p in parts) < seconds * RATE:
        length = round(rng.uniform(0.5, 2.5) * RATE)
        noise = np.cumsum(rng.normal(0, 1, (length, 2)), axis=0)
        noise -= np.convolve(noise[:, 0], np.ones(64) / 64, "same")[:, None]
        phrase = noise / np.abs(noise).max() * rng.uniform(0.05, 0.6) * np.hanning(length)[:, None]
        phrase[rng.integers(0, length, 3)] = rng.uniform(-0.9, 0.9, (3, 2))
        parts += [phrase, np.zeros((round(rng.uniform(0.1, 0.8) * RATE), 2))]
    return np.concatenate(parts)[: round(seconds * RATE)].astype(np.float32)


def test_figures_agree_with_pyloudnorm_whole_and_per_span(tmp_path):
    audio = lecture_like(40.0)
    wav = write_wav(tmp_path / "talk.wav", audio)
    spans = [(0.0, float("inf")), (0.0, 12.5), (12.5, 31.07), (31.07, 40.0), (20.0, 20.3)]
    for (start, end), level in zip(spans, measure_file(wav, spans), strict=True):
        cut = audio[round(start * RATE) : None if end == float("inf") else round(end * RATE)]
        assert level.lufs == pytest.approx(integrated_lufs(cut, RATE), abs=0.1)
        assert level.true_peak_dbtp == pytest.approx(true_peak_db(cut), abs=0.1)


def test_true_peak_between_samples_and_in_the_last_samples(tmp_path):
    t = np.arange(2 * RATE + 1234) / RATE
    wave = 0.5 * np.sin(2 * np.pi * RATE / 4 * t + np.pi / 4)  # samples at 0.354, crests 0.5
    quiet = np.stack([wave * 0.01, wave * 0.01], axis=1)
    quiet[-3:] = wave[-3:, None] * 2  # only the last three samples are loud
    (level,) = measure_file(write_wav(tmp_path / "tail.wav", quiet.astype(np.float32)))
    assert level.true_peak_dbtp == pytest.approx(true_peak_db(quiet), abs=0.1)
    assert level.true_peak_dbtp > 20 * np.log10(np.abs(quiet).max()) + 0.5


def test_silence_and_files_without_audio_have_no_loudness(tmp_path):
    silent = write_wav(tmp_path / "silent.wav", np.zeros((RATE, 2), np.float32))
    mute = make_clip(tmp_path / "mute.mp4", 1.0, audio=False)
    for path in (silent, mute):
        ((level),) = measure_file(path)
        assert level.lufs is None and level.true_peak_dbtp is None


def test_measure_file_reads_each_span_of_an_mp4(tmp_path):
    clip = make_clip(tmp_path / "tone.mp4", 3.0)  # a 440 Hz tone at 0.2 in both channels
    whole, first = measure_file(clip, [(0.0, 3.0), (0.5, 1.5)])
    t = np.arange(3 * RATE) / RATE
    tone = 0.2 * np.sin(2 * np.pi * 440 * t)
    expected = integrated_lufs(np.stack([tone, tone], axis=1), RATE)
    assert whole.lufs == pytest.approx(expected, abs=0.1)
    assert first.lufs == pytest.approx(expected, abs=0.1)
    assert measure_file(clip)[0].lufs == pytest.approx(whole.lufs, abs=0.05)


def test_the_tap_measures_what_the_finished_file_holds(tmp_path):
    talk = lecture_like(20.0, seed=8)
    clips = [
        Clip("Card", make_clip(tmp_path / "card.mp4", 2.0, audio=False)),
        Clip("One", make_clip(tmp_path / "one.mp4", 8.0, samples=talk[: 8 * RATE])),
        Clip("Two", make_clip(tmp_path / "two.mp4", 12.0, samples=talk[8 * RATE :])),
    ]
    spans = [(0.0, float("inf")), (0.0, 10.0), (10.0, 22.0), (9.5, 9.8)]
    with LoudnessTap(spans) as tap:
        compose(clips, tmp_path / "out.mp4", tap=tap)
    from_file = measure_file(tmp_path / "out.mp4", spans)
    assert len(tap.results) == len(spans) and tap.results[2].lufs is not None
    for tapped, read in zip(tap.results, from_file, strict=True):
        assert tapped.lufs == pytest.approx(read.lufs, abs=0.02)
        assert tapped.true_peak_dbtp == pytest.approx(read.true_peak_dbtp, abs=0.02)


def test_the_report_lists_the_lecture_and_each_chapter():
    loud, quiet = Loudness(-16.0, -1.5), Loudness(None, None)
    report = loudness_report(loud, [("A", loud), ("B", quiet)])
    assert report["integrated_lufs"] == -16.0 and report["true_peak_dbtp"] == -1.5
    assert report["chapters"] == [
        {"title": "A", "integrated_lufs": -16.0, "true_peak_dbtp": -1.5},
        {"title": "B", "integrated_lufs": None, "true_peak_dbtp": None},
    ]
