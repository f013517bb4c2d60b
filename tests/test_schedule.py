"""Longest jobs first, and the wall time that gives on k workers."""

from __future__ import annotations

import itertools
from concurrent.futures import Future

import pytest
from fixtures.pipeline import tiny_job
from hypothesis import given
from hypothesis import strategies as st

from normgeom.rendering.paths import Layout
from normgeom.rendering.runner import Runner, record_id
from normgeom.rendering.schedule import critical_path, longest_first, simulated_wall
from normgeom.rendering.state import Info

COSTS = st.lists(st.floats(0, 100, allow_nan=False), max_size=7)


@given(COSTS, st.integers(1, 4))
def test_the_simulated_wall_is_within_the_list_scheduling_bounds(costs, workers):
    wall = simulated_wall(costs, workers)
    lower = max(critical_path(costs), sum(costs) / workers)
    assert lower - 1e-9 <= wall <= sum(costs) / workers + critical_path(costs) + 1e-9


@given(COSTS, st.integers(1, 3))
def test_longest_first_is_within_four_thirds_of_the_best_assignment(costs, k):
    """Against the best assignment found by brute force: LPT is within 4/3 of optimal."""
    best = min(
        (
            max(sum(c for c, w in zip(costs, choice, strict=True) if w == m) for m in range(k))
            for choice in itertools.product(range(k), repeat=len(costs))
        ),
        default=0.0,
    )
    assert simulated_wall(costs, k) <= best * 4 / 3 + 1e-9


def test_longest_first_order():
    assert longest_first([3.0, 10.0, 0.0, 10.0]) == [1, 3, 0, 2]
    assert simulated_wall([4, 3, 3, 2], 2) == pytest.approx(6.0)  # {4, 2}, {3, 3}


class Recording:
    """An executor that records the order jobs reach it and renders nothing."""

    order: list[str] = []

    def submit(self, job, layout, capture) -> Future:
        Recording.order.append(job.target.name)
        future = Future()
        future.set_exception(AssertionError("not rendered here"))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        pass


def test_the_runner_starts_the_job_that_took_longest_last_time_first(tmp_path):
    Recording.order = []
    runner = Runner(Layout(tmp_path / "media"), jobs=1, executor=Recording)
    silent, narrated = tiny_job("TinySilent"), tiny_job("TinyNarrated")
    runner.state.put(record_id(silent), "earlier", {}, Info(duration=1.0, render_seconds=2.0))
    runner.state.put(record_id(narrated), "earlier", {}, Info(duration=1.0, render_seconds=9.0))
    with pytest.raises(Exception, match="not rendered here"):
        runner.run([silent, narrated])
    assert Recording.order == ["TinyNarrated", "TinySilent"]
