"""Which job runs first: longest first, so the last workers to finish are not waiting on one
long job started late (the LPT rule of list scheduling), and what that gives on k workers.

A job's expected cost is what it took when it last ran (its state record's
``render_seconds``); a job never run counts as 0 and keeps its place.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence

__all__ = ["longest_first", "simulated_wall", "critical_path"]


def longest_first(costs: Sequence[float]) -> list[int]:
    """Indices of ``costs`` from the largest to the smallest (ties keep their order).

    >>> longest_first([3.0, 10.0, 0.0, 10.0])
    [1, 3, 0, 2]
    """
    return sorted(range(len(costs)), key=lambda i: -costs[i])


def simulated_wall(costs: Sequence[float], workers: int) -> float:
    """The wall time of jobs with ``costs`` on ``workers`` workers, each job started, longest
    first, on the first worker to be free (what the runner does).

    >>> simulated_wall([4, 3, 3, 2], 2)
    6.0
    >>> simulated_wall([5, 1], 8)
    5.0
    """
    free = [0.0] * max(1, workers)
    for index in longest_first(costs):
        start = heapq.heappop(free)
        heapq.heappush(free, start + float(costs[index]))
    return max(free)


def critical_path(costs: Sequence[float]) -> float:
    """The longest single job: no number of workers finishes sooner."""
    return max(costs, default=0.0)
