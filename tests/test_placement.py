"""Choosing a label's place judges all candidates at once; the choice is the one a
candidate-by-candidate reading of the rules makes."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from scenes.kit import placement

LIMIT = np.array([7.0, 4.0])


def _rule_by_rule(anchor, halves, markers, marker_halves, lines, blocked, current):
    """The rules of :func:`placement.choose_offset` read one candidate at a time."""

    def cost(index, offset):
        centre = anchor + offset
        x0, y0 = centre - halves
        x1, y1 = centre + halves
        outside = max(abs(x0), abs(x1)) > LIMIT[0] or max(abs(y0), abs(y1)) > LIMIT[1]
        hidden = sum(
            all(abs(m[d] - centre[d]) < halves[d] + mh[d] for d in range(2))
            for m, mh in zip(markers, marker_halves, strict=True)
        )
        hidden += sum(x0 < b[2] and b[0] < x1 and y0 < b[3] and b[1] < y1 for b in blocked)
        crossed = 0
        for start, end in lines:
            points = [start + t * (end - start) for t in np.linspace(0, 1, 7)]
            crossed += any(x0 < p[0] < x1 and y0 < p[1] < y1 for p in points)
        return (outside, hidden, crossed, index != current, index)

    offsets = placement.candidate_offsets(halves)
    return min(range(len(offsets)), key=lambda i: cost(i, offsets[i]))


coordinate = st.floats(-6, 6, allow_nan=False)
half = st.floats(0.05, 1.5, allow_nan=False)
point = st.tuples(coordinate, coordinate)


@settings(max_examples=150, deadline=None)
@given(
    anchor=point,
    halves=st.tuples(half, half),
    markers=st.lists(st.tuples(point, st.tuples(half, half)), max_size=6),
    lines=st.lists(st.tuples(point, point), max_size=5),
    blocked=st.lists(st.tuples(point, st.tuples(half, half)), max_size=3),
    current=st.integers(0, 16),
)
def test_the_choice_is_the_rule_by_rule_choice(anchor, halves, markers, lines, blocked, current):
    anchor, halves = np.array(anchor), np.array(halves)
    centres = np.array([m for m, _ in markers]).reshape(-1, 2)
    sizes = np.array([h for _, h in markers]).reshape(-1, 2)
    segments = np.array(lines, dtype=float).reshape(-1, 2, 2)
    boxes = [(x - w, y - h, x + w, y + h) for (x, y), (w, h) in blocked]
    chosen = placement.choose_offset(
        anchor, halves, centres, sizes, segments, boxes, LIMIT, current
    )
    assert chosen == _rule_by_rule(anchor, halves, centres, sizes, segments, boxes, current)


def test_a_label_glides_at_most_label_speed_toward_its_new_place():
    from scenes.kit.placement import LABEL_SPEED, glide

    target = np.array([3.0, 4.0])
    assert np.allclose(glide(None, target, 0.0), target)  # first placed where it belongs
    half = glide(np.zeros(2), target, 2.5 / LABEL_SPEED)
    assert np.allclose(half, [1.5, 2.0])  # halfway along the straight line
    assert np.allclose(glide(half, target, 10.0), target)  # arrives, never overshoots


def test_a_label_naming_a_line_never_falls_back_over_the_line():
    """Seen nearly end-on the all-ones line is short on screen: a label set back across it
    sits by its other end (the other pole) and names the wrong one."""
    halves, step = np.array([0.8, 0.15]), np.array([-0.4, 0.3])
    around = placement.candidate_offsets(halves)
    offsets = placement.line_offsets(step, halves, around)
    ahead = placement.along_offsets(step, halves)
    assert len(offsets) == len(ahead) + len(around)  # the same indices in every frame
    assert np.all(offsets @ step >= 0)  # none back over the line
    kept = around @ step >= 0
    assert np.array_equal(offsets[len(ahead) :][kept], around[kept])
    assert np.array_equal(placement.line_offsets(np.zeros(2), halves, around), around)
