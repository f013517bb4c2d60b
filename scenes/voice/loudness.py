"""Publishing loudness: integrated loudness (ITU-R BS.1770 / EBU R128) and true peak.

Online video is mastered to -16 LUFS integrated with true peak at most -1 dBTP. Every
synthesized narration clip is brought there by :func:`normalize` (a measured gain, then a
look-ahead peak limiter at a ceiling below -1 dBTP that leaves room for the AAC encoder), so
every scene and every chapter of the lecture plays at the same level (the lecture's
composer measures the finished file by the same standard, as it streams).

True peak is the largest magnitude of the signal oversampled four times (BS.1770-4 Annex 2),
which catches the peaks between samples that a plain sample maximum misses.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce

import numpy as np

__all__ = [
    "TARGET_LUFS",
    "MAX_TRUE_PEAK_DBTP",
    "CEILING_DBTP",
    "Loudness",
    "true_peak_db",
    "integrated_lufs",
    "measure",
    "normalize",
]

TARGET_LUFS = -16.0
MAX_TRUE_PEAK_DBTP = -1.0
CEILING_DBTP = -2.0
"""The limiter's ceiling: 1 dB under the publishing limit, the headroom lossy encoding uses."""
OVERSAMPLING = 4
LIMITER_WINDOW_SECONDS = 0.005
MAX_PASSES = 6
MIN_BLOCK_SECONDS = 0.4
"""BS.1770 gating blocks last 400 ms; shorter clips are padded with silence to one block."""


@dataclass(frozen=True)
class Loudness:
    """Integrated loudness (LUFS; ``None`` for silence) and true peak (dBTP; ``None`` likewise)."""

    lufs: float | None
    true_peak_dbtp: float | None


def _db(value: float) -> float:
    return 20.0 * float(np.log10(value))


def _channels(samples: np.ndarray) -> np.ndarray:
    """``samples`` as (n, channels) float64."""
    samples = np.asarray(samples, dtype=np.float64)
    return samples[:, None] if samples.ndim == 1 else samples


def _oversampled_peaks(samples: np.ndarray) -> np.ndarray:
    """Per input sample, the largest magnitude of the 4x oversampled signal around it."""
    from scipy.signal import resample_poly

    upsampled = np.abs(resample_poly(_channels(samples), OVERSAMPLING, 1, axis=0))
    magnitude = reduce(np.maximum, upsampled.T)  # over channels, one array op per channel
    phases = magnitude[: len(magnitude) // OVERSAMPLING * OVERSAMPLING].reshape(-1, OVERSAMPLING)
    return reduce(np.maximum, phases.T)


def true_peak_db(samples: np.ndarray) -> float | None:
    """True peak in dBTP (4x oversampled maximum); ``None`` for digital silence."""
    peak = float(_oversampled_peaks(samples).max(initial=0.0)) if len(samples) else 0.0
    return _db(peak) if peak > 0 else None


def integrated_lufs(samples: np.ndarray, rate: int) -> float | None:
    """Gated integrated loudness in LUFS (pyloudnorm's BS.1770-4 meter); ``None`` if silent."""
    import pyloudnorm

    data = _channels(samples)
    short = int(np.ceil(MIN_BLOCK_SECONDS * rate)) - len(data)
    if short > 0:
        data = np.pad(data, ((0, short), (0, 0)))
    value = pyloudnorm.Meter(rate).integrated_loudness(data)
    return float(value) if np.isfinite(value) else None


def measure(samples: np.ndarray, rate: int) -> Loudness:
    """Integrated loudness and true peak of ``samples`` ((n,) mono or (n, channels))."""
    return Loudness(integrated_lufs(samples, rate), true_peak_db(samples))


def _limit(samples: np.ndarray, rate: int, ceiling: float) -> np.ndarray:
    """Look-ahead limiter: a smooth gain that keeps the oversampled peak under ``ceiling``.

    The needed gain ``min(1, ceiling / peak)`` is spread by a running minimum over two
    windows and smoothed by a moving average over one, so the smoothed gain never exceeds
    the needed gain at any sample and changes over about 5 ms (no clicks).
    """
    from scipy.ndimage import minimum_filter1d, uniform_filter1d

    peaks = np.pad(_oversampled_peaks(samples), (0, 1), mode="edge")[: len(samples)]
    needed = np.minimum(1.0, ceiling / np.maximum(peaks, 1e-12))
    width = max(1, int(LIMITER_WINDOW_SECONDS * rate))
    gain = uniform_filter1d(minimum_filter1d(needed, 2 * width + 1), width, mode="nearest")
    return (_channels(samples) * gain[:, None]).reshape(np.shape(samples))


def normalize(
    samples: np.ndarray,
    rate: int,
    target: float = TARGET_LUFS,
    ceiling_db: float = CEILING_DBTP,
) -> np.ndarray:
    """``samples`` at ``target`` LUFS with true peak at most ``ceiling_db`` (float32).

    Gain to the target and limit; the limiter costs a few tenths of a dB of loudness for
    speech, so the gain is raised by what is missing and the original limited again, until
    the loudness is within 0.05 LU (two or three passes). A last plain gain guarantees the
    ceiling. Silence is returned unchanged.
    """
    loudness = integrated_lufs(samples, rate)
    if loudness is None:
        return np.asarray(samples, dtype=np.float32)
    ceiling = 10.0 ** (ceiling_db / 20.0)
    source = np.asarray(samples, dtype=np.float64)
    gain_db = target - loudness
    for _ in range(MAX_PASSES):
        out = _limit(source * 10.0 ** (gain_db / 20.0), rate, ceiling)
        missing = target - integrated_lufs(out, rate)
        if abs(missing) < 0.05:
            break
        gain_db += missing
    peak = true_peak_db(out)
    if peak is not None and peak > ceiling_db:
        out = out * 10.0 ** ((ceiling_db - peak) / 20.0)
    return out.astype(np.float32)
