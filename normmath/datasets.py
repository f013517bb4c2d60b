"""Seeded point sets of the reference figures, the demo parameters, and user point files.

Each generator owns one explicit ``numpy.random.RandomState`` seed and draws in a fixed
order, so the same call always returns the same points.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from normio.files import MB, decode_text, read_bytes
from normmath.errors import NormMathError
from normmath.validation import as_rows

__all__ = [
    "MAIN_CLOUD_SEED",
    "COLLAPSE_SEED",
    "DEMO_GAIN",
    "DEMO_BIAS",
    "DEMO_EPS",
    "PointSet",
    "main_cloud",
    "collapse_set",
    "REGIMES_SEED",
    "regime_clouds",
    "POINT_FILE_LIMIT",
    "load_points",
]

MAIN_CLOUD_SEED = 42
COLLAPSE_SEED = 7
DEMO_GAIN = (2.0, 0.4, 1.5)
DEMO_BIAS = (3.0, 2.0, -2.0)
DEMO_EPS = 1.0
REGIMES_SEED = 16


@dataclass(frozen=True)
class PointSet:
    """Points of shape (m, n) with one group label per point (for colour and legend)."""

    points: np.ndarray
    groups: tuple[str, ...]

    def group(self, name: str) -> np.ndarray:
        """The points labelled ``name``, shape (k, n)."""
        mask = np.array([g == name for g in self.groups])
        return self.points[mask]


def main_cloud(n_large: int = 10, n_small: int = 10) -> PointSet:
    """The 20-point cloud (seed 42): first ``rand(10,3)*25 - 12.5`` (large variance),
    then ``rand(10,3)*1.5 + 4`` (a tight cluster near (4,4,4) with small variance).

    >>> cloud = main_cloud()
    >>> cloud.points.shape, cloud.groups[0], cloud.groups[-1]
    ((20, 3), 'large', 'small')
    """
    rng = np.random.RandomState(MAIN_CLOUD_SEED)
    large = rng.rand(n_large, 3) * 25.0 - 12.5
    small = rng.rand(n_small, 3) * 1.5 + 4.0
    return PointSet(np.vstack([large, small]), ("large",) * n_large + ("small",) * n_small)


def collapse_set(n_pos: int = 8, n_neg: int = 8, noise_std: float = 0.3) -> PointSet:
    """The collapse set (seed 7): rows whose mean dominates their spread (``|mu| >> sigma``).

    Draw order: ``n_pos`` means U(3, 8), ``n_neg`` means U(-8, -3), then per-component noise
    N(0, noise_std^2): three columns for the positive rows, then three for the negative rows.
    """
    rng = np.random.RandomState(COLLAPSE_SEED)
    means_pos = rng.uniform(3.0, 8.0, n_pos)
    means_neg = rng.uniform(-8.0, -3.0, n_neg)
    pos = np.column_stack([means_pos + rng.randn(n_pos) * noise_std for _ in range(3)])
    neg = np.column_stack([means_neg + rng.randn(n_neg) * noise_std for _ in range(3)])
    return PointSet(np.vstack([pos, neg]), ("positive",) * n_pos + ("negative",) * n_neg)


def regime_clouds(n: int = 768, per_group: int = 12) -> PointSet:
    r"""Rows of width ``n`` in both regimes (seed 16): ``x = mu + sigma * z``, z ~ N(0, I_n).

    Groups, each ``per_group`` rows, drawn in this order: ``spread`` rows (sigma ~ U(0.5, 1.6),
    mu = sigma * U(-0.25, 0.25): ``sigma >> |mu|``), then ``positive`` and ``negative`` rows
    (``|mu| ~ U(0.9, 1.6)``, ``sigma = |mu| * U(0.06, 0.15)``: ``|mu| >> sigma``); the row values z
    come last, row by row.

    >>> clouds = regime_clouds(n=16, per_group=2)
    >>> clouds.points.shape, clouds.groups
    ((6, 16), ('spread', 'spread', 'positive', 'positive', 'negative', 'negative'))
    """
    rng = np.random.RandomState(REGIMES_SEED)
    spread_sigma = rng.uniform(0.5, 1.6, per_group)
    spread_mu = spread_sigma * rng.uniform(-0.25, 0.25, per_group)
    offset_mu = rng.uniform(0.9, 1.6, 2 * per_group)
    offset_sigma = offset_mu * rng.uniform(0.06, 0.15, 2 * per_group)
    sign = np.repeat([1.0, -1.0], per_group)
    mu = np.concatenate([spread_mu, sign * offset_mu])
    sigma = np.concatenate([spread_sigma, offset_sigma])
    z = rng.randn(3 * per_group, int(n))
    groups = ("spread",) * per_group + ("positive",) * per_group + ("negative",) * per_group
    return PointSet(mu[:, None] + sigma[:, None] * z, groups)


POINT_FILE_LIMIT = 64 * MB
"""Largest point file read (a .npy of 2.8 million 3D points, a CSV of about a million rows);
callers bound the number of rows further."""

NPY_MAGIC = b"\x93NUMPY"


def load_points(path, n: int | None = 3, max_rows: int | None = None) -> PointSet:
    """Read user points from ``.npy`` or ``.csv`` (comma separated, optional header row,
    UTF-8 with or without a byte-order mark).

    The file must be a regular file of at most :data:`POINT_FILE_LIMIT` bytes, and the array
    (m, n) with 1 <= m <= ``max_rows`` (when given), finite, with ``n`` columns when ``n`` is
    given. All points get the group ``"user"``. Errors name the file and what is wrong:
    missing, not a regular file, too large, not numbers, no points, wrong shape, too many rows.
    """
    path = Path(path)
    content = read_bytes(path, "points", POINT_FILE_LIMIT)
    suffix = path.suffix.lower()
    if suffix not in {".npy", ".csv"}:
        raise NormMathError(f"points: {path}: expected a .npy or .csv file")
    if suffix == ".npy":
        data = _read_npy(path, content)
    else:
        data = _read_csv(path, decode_text(content, path, "points"))
    if data.ndim >= 1 and data.shape[0] == 0:
        raise NormMathError(f"points: {path}: holds no points")
    if max_rows is not None and data.ndim >= 1 and data.shape[0] > max_rows:
        raise NormMathError(
            f"points: {path}: {data.shape[0]} points; at most {max_rows} can be drawn"
        )
    data = np.atleast_2d(as_rows(data, f"points ({path.name})"))
    if data.ndim != 2:
        raise NormMathError(f"points: {path}: expected a 2-D table, got shape {data.shape}")
    if n is not None and data.shape[1] != n:
        raise NormMathError(f"points: {path}: expected {n} columns, got {data.shape[1]}")
    return PointSet(data, ("user",) * data.shape[0])


def _read_npy(path: Path, data: bytes) -> np.ndarray:
    """The numeric array stored in a ``.npy`` file's bytes ``data``."""
    if not data.startswith(NPY_MAGIC):
        raise NormMathError(f"points: {path}: not a valid .npy file of numbers")
    try:
        array = np.load(io.BytesIO(data), allow_pickle=False)
    except ValueError:  # object arrays (pickled Python objects) or a damaged header
        raise NormMathError(f"points: {path}: not a valid .npy file of numbers") from None
    if array.dtype.kind not in "biuf":
        raise NormMathError(f"points: {path}: not a valid .npy file of numbers ({array.dtype})")
    return array


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _read_csv(path: Path, text: str) -> np.ndarray:
    """Parse a numeric CSV's ``text``; a first line with no numeric field is a header and is
    skipped. A field that is not a number is named with its line."""
    lines = [(number, line) for number, line in enumerate(text.splitlines(), 1) if line.strip()]
    if lines and not any(_is_number(v) for v in lines[0][1].split(",")):
        lines = lines[1:]
    rows = []
    for number, line in lines:
        fields = line.split(",")
        bad = next((v for v in fields if not _is_number(v)), None)
        if bad is not None:
            raise NormMathError(f"points: {path}: line {number}: {bad.strip()!r} is not a number")
        rows.append([float(v) for v in fields])
    if len({len(row) for row in rows}) > 1:
        raise NormMathError(f"points: {path}: rows of different lengths; expected a table")
    return np.array(rows, dtype=float) if rows else np.empty((0, 0))
