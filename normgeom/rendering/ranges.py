"""Which beats of a narrated scene each parallel range renders, and when a scene is split.

Every range job plays the scene from its start (the state of a beat depends on every beat
before it) and draws and writes only its own beats (:mod:`scenes.base.beat_range`); the
plays before the first beat belong to the first range, each prediction pause to its beat,
the end hold to the last range. The last range plays every beat, so its sound and subtitles
are the whole scene's. A range's media (the partial movies it starts from, the ranges joined
into the whole render's movie) are :mod:`normgeom.rendering.range_media`'s.

When scenes are split (:func:`split_counts`): only when it pays. From each scene's last
measured render (its state record's ``render_seconds``) the run is laid out on paper, longest
job first on the first free worker (:func:`normgeom.rendering.schedule.simulated_wall`), for
each grain from the even share per worker (the measured seconds of every job the run renders,
divided by the workers) down to a fifth of it: every scene of at least
:data:`MIN_SPLIT_SECONDS` longer than the grain is cut into ranges no longer than it, at most
one per worker and one per beat. The layout with the shortest run wins if it is at least
:data:`SPLIT_GAIN` shorter than rendering every scene whole. A scene never rendered (nothing
measured) renders whole. The ranges split the beats evenly (:func:`beat_ranges`), so the
same scene on the same number of pieces gets the same ranges, each cached under its own key.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from normgeom.rendering.job import Product, RenderJob
from normgeom.rendering.schedule import simulated_wall
from scenes.base.catalog import narration

__all__ = [
    "MIN_SPLIT_SECONDS",
    "SPLIT_GAIN",
    "range_estimates",
    "split_counts",
    "beat_ranges",
    "beat_count",
    "split",
]

MIN_SPLIT_SECONDS = 20.0
"""A scene measured shorter renders whole: each range pays a process start and replays the
beats before it."""

SPLIT_GAIN = 0.05
"""The share of the run a split must save on paper: the estimate of a range's cost is rough."""

REPLAY_SHARE = 0.15
"""Playing a beat through without drawing it, as a share of drawing it (``make bench``
measures 5-20%)."""

RANGE_START_SECONDS = 1.0
"""A range job's own process start and scene construction."""

GRAINS = tuple(1 / (1 + step / 8) for step in range(33))
"""Longest range tried, as shares of the even share per worker: 1, 8/9, ... 1/5."""


def range_estimates(cost: float, beats: int, count: int) -> list[float]:
    """What each of ``count`` ranges of a scene measured at ``cost`` seconds with ``beats``
    beats is expected to take, its beats taken as equally long: its share of ``cost``, the
    replay of the beats before it (:data:`REPLAY_SHARE` of their share) and a process start
    (``[cost]`` for one piece).

    >>> range_estimates(100.0, 4, 2)
    [51.0, 58.5]
    """
    if count < 2:
        return [cost]
    return [
        cost * (end - first) / beats + REPLAY_SHARE * cost * first / beats + RANGE_START_SECONDS
        for first, end in beat_ranges(beats, count)
    ]


def split_counts(scenes: Sequence[tuple[float, int]], workers: int) -> list[int]:
    """How many ranges each scene, given as (measured seconds, beats), renders in on
    ``workers`` workers (1: whole): the layout, among cutting every scene longer than a grain
    (:data:`GRAINS` of the even share) into ranges no longer than it, whose simulated run
    is shortest, if it saves :data:`SPLIT_GAIN` of the run with every scene whole.

    >>> split_counts([(80.0, 9), (75.0, 9), (70.0, 9), (65.0, 9)], 2)  # balanced already
    [1, 1, 1, 1]
    >>> split_counts([(80.0, 9)], 2)  # alone, two workers
    [2]
    >>> split_counts([(300.0, 5), (10.0, 5)], 16)  # at most one range per beat
    [5, 1]
    """
    whole = [1] * len(scenes)
    share = sum(cost for cost, _ in scenes) / max(1, workers)
    if workers < 2:
        return whole

    def wall(counts: list[int]) -> float:
        costs = [
            estimate
            for (cost, beats), count in zip(scenes, counts, strict=True)
            for estimate in range_estimates(cost, beats, count)
        ]
        return simulated_wall(costs, workers)

    best, best_wall = whole, wall(whole) * (1 - SPLIT_GAIN)
    for grain in (share * g for g in GRAINS):
        counts = [
            1
            if cost < MIN_SPLIT_SECONDS or cost <= grain or beats < 2
            else min(workers, beats, math.ceil(cost / grain))
            for cost, beats in scenes
        ]
        if (seconds := wall(counts)) < best_wall:
            best, best_wall = counts, seconds
    return best


def beat_ranges(beats: int, count: int) -> list[tuple[int, int]]:
    """``count`` ranges ``(first, end)`` covering beats 0 to ``beats - 1`` in order, their
    lengths differing by at most one (the longer ones first).

    >>> beat_ranges(7, 3)
    [(0, 3), (3, 5), (5, 7)]
    """
    size, extra = divmod(beats, count)
    bounds = [0]
    for index in range(count):
        bounds.append(bounds[-1] + size + (index < extra))
    return list(zip(bounds[:-1], bounds[1:], strict=True))


def beat_count(job: RenderJob) -> int:
    """The number of beats of the job's scene (0 for a scene without narration)."""
    return len(narration(job.target.file, job.target.name))


def split(job: RenderJob, count: int) -> list[RenderJob]:
    """The range jobs of a whole movie job in ``count`` pieces (``[job]`` for one piece, a
    scene without beats, or a job that is not a whole movie)."""
    beats = beat_count(job)
    whole = job.product is Product.MOVIE and job.beats is None and job.stop_after is None
    if count < 2 or beats < 2 or not whole:
        return [job]
    return [replace(job, beats=span) for span in beat_ranges(beats, min(count, beats))]
