"""Golden cases for the page: what ``normgeom explain`` shows for vectors that reach every
edge (zeros, constants, tiny and huge values, epsilon 0, gain 0), keyed as the page's
``data-quantity`` attributes.

Each case holds the inputs and, per key, the text the page must show: six decimals
(:func:`normmath.display`), ``Undefined`` where ``explain --json`` has ``null`` for an
undefined output, and ``overflow`` where it has ``null`` for a value beyond the float64
range (named in its ``overflow`` list).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

import numpy as np

import normmath as nm
from normgeom.explanation import lesson_json
from normmath.lesson import COLUMNS, STATISTICS

__all__ = ["GoldenCase", "golden_cases", "quantity_keys", "expected_texts"]

GOLDEN_SEED = 2024
GAINS = (0.0, 0.5, 1.0, 1.5, 2.0)
EPSILONS = (0.0, 1e-6, 1.0)

EDGE_VECTORS: tuple[tuple[float, float, float], ...] = (
    (0.0, 0.0, 0.0),
    (2.0, 2.0, 2.0),
    (-3.0, -3.0, -3.0),
    (1e-300, 1e-300, 1e-300),
    (5e-324, 0.0, 0.0),
    (1e-200, 2e-200, 3e-200),
    (1e-7, 2e-7, 3e-7),
    (0.1, 0.2, 0.3),
    (1e200, 2e200, 3e200),
    (1.7e308, -1.7e308, 0.0),
    (1e154, 1e154, -1e154),
    (1e8, 1e8 + 1.0, 1e8 + 2.0),
    (0.0078125, -0.0078125, 0.5),
    (1000000500000000.0, 0.0, 1.0),
    (-6.0, 0.0, 6.0),
)
"""Vectors at the edges of the arithmetic (run at every epsilon, gain 1) and of display
rounding (an exact tie at the seventh decimal, a tie at the seventh significant digit)."""


@dataclass(frozen=True)
class GoldenCase:
    """One state of the page and the text of every ``data-quantity`` key."""

    vector: tuple[float, float, float]
    gain: float
    eps: float
    texts: dict[str, str]


def quantity_keys() -> list[str]:
    """Every ``data-quantity`` key: the statistics, then ``<column>-x<i>`` per coordinate."""
    columns = [key for key, _ in COLUMNS if key != "coordinate"]
    return [key for key, _ in STATISTICS] + [
        f"{column}-x{i}" for column in columns for i in range(1, 4)
    ]


def expected_texts(vector, gain: float, eps: float) -> dict[str, str]:
    """The page's text for every key, from ``explain --json``'s data for these inputs."""
    data = lesson_json(nm.lesson(vector, gain=gain, eps=eps))
    overflow = set(data["overflow"])

    def text(key: str, value: float | None) -> str:
        return "overflow" if value is None and key in overflow else nm.display(value)

    texts = {key: text(key, value) for key, value in data["statistics"].items()}
    for i, row in enumerate(data["rows"], start=1):
        texts |= {f"{key}-x{i}": text(key, v) for key, v in row.items() if key != "coordinate"}
    return texts


def _states() -> list[tuple[tuple[float, float, float], float, float]]:
    states = [(tuple(nm.PRESETS[name]), 1.0, nm.LESSON_EPS) for name in nm.PRESETS]
    states += [(nm.POSITIVE, gain, eps) for gain, eps in product(GAINS, EPSILONS)]
    states += [(vector, 1.0, eps) for vector, eps in product(EDGE_VECTORS, EPSILONS)]
    states += [((0.0, 0.0, 0.0), 0.0, 0.0), ((2.0, 2.0, 2.0), 0.0, 0.0), (nm.POSITIVE, 1e300, 0.0)]
    rng = np.random.default_rng(GOLDEN_SEED)
    for _ in range(20):
        vector = tuple(float(v) for v in rng.integers(-6, 7, 3))
        states.append((vector, float(rng.choice(GAINS)), float(rng.choice(EPSILONS))))
    for _ in range(10):
        vector = tuple(float(v) for v in np.round(rng.normal(0.0, 4.0, 3), 3))
        gain = float(np.round(rng.uniform(0.0, 3.0), 2))
        states.append((vector, gain, float(10.0 ** rng.integers(-9, 2))))
    return states


def golden_cases() -> list[GoldenCase]:
    """The golden table: presets, Positive at every gain and epsilon of the sliders, the edge
    vectors at every epsilon, zero gain on undefined rows, and seeded integer and real
    vectors."""
    return [
        GoldenCase(vector, gain, eps, expected_texts(vector, gain, eps))
        for vector, gain, eps in _states()
    ]
