"""Loudness measurement and normalization against known signals."""

from __future__ import annotations

import numpy as np
import pytest

from scenes.voice.loudness import (
    CEILING_DBTP,
    integrated_lufs,
    measure,
    normalize,
    true_peak_db,
)

RATE = 48000


def sine(freq: float, amplitude: float, seconds: float = 3.0, phase: float = 0.0) -> np.ndarray:
    t = np.arange(round(seconds * RATE)) / RATE
    return amplitude * np.sin(2 * np.pi * freq * t + phase)


def test_full_scale_997_hz_sine_reads_minus_three_lufs():
    # BS.1770's calibration: a 0 dBFS 997 Hz sine in one channel reads -3.01 LKFS.
    assert integrated_lufs(sine(997, 1.0), RATE) == pytest.approx(-3.01, abs=0.05)
    assert integrated_lufs(sine(997, 0.1), RATE) == pytest.approx(-23.01, abs=0.05)


def test_true_peak_sees_peaks_between_samples():
    # A sine at a quarter of the rate, sampled 45 degrees off its crests: every sample is
    # at 0.707 of the amplitude, yet the wave reaches the amplitude between samples.
    wave = sine(RATE / 4, 1.0, phase=np.pi / 4)
    assert 20 * np.log10(np.abs(wave).max()) == pytest.approx(-3.01, abs=0.01)
    assert true_peak_db(wave) == pytest.approx(0.0, abs=0.2)


def test_silence_has_no_loudness():
    assert measure(np.zeros(RATE), RATE).lufs is None
    assert measure(np.zeros(RATE), RATE).true_peak_dbtp is None
    assert np.array_equal(normalize(np.zeros(RATE), RATE), np.zeros(RATE))


def speechlike(seed: int = 3) -> np.ndarray:
    """Bursts of noise with sharp peaks and pauses: a crest factor much above speech's."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(8):
        burst = rng.normal(0, 0.02, round(0.6 * RATE)) * np.hanning(round(0.6 * RATE))
        burst[rng.integers(0, burst.size, 5)] = 0.5  # clicks 28 dB over the burst
        out += [burst, np.zeros(round(0.3 * RATE))]
    return np.concatenate(out)


@pytest.mark.parametrize("target", [-16.0, -23.0])
def test_normalize_reaches_the_target_under_the_ceiling(target):
    out = normalize(speechlike(), RATE, target=target)
    level = measure(out, RATE)
    assert level.lufs == pytest.approx(target, abs=0.1)
    assert level.true_peak_dbtp <= CEILING_DBTP + 1e-6
    assert out.dtype == np.float32 and out.shape == speechlike().shape


def test_normalize_changes_only_the_level_of_a_quiet_clip():
    quiet = sine(440, 0.01)
    out = normalize(quiet, RATE)
    ratio = out[1000:-1000] / quiet[1000:-1000]
    assert np.ptp(ratio[np.abs(quiet[1000:-1000]) > 1e-3]) < 1e-4  # one gain, no limiting
