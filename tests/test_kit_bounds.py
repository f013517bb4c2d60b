"""The one-pass centre and size equal Manim's own; dotted trails cut to a span keep their
dashes in place."""

import numpy as np
import pytest
from manim import Dot, Line, Square, Text, VGroup, VMobject

from scenes.kit import bounds, figures


def _shapes():
    label = Text("x1 = 0.42", font_size=30).rotate(0.3).shift([1.0, -2.0, 0.5])
    dots = VGroup(*(Dot([x, x**2, -x]) for x in np.linspace(-1, 2, 5)))
    nested = VGroup(Square(1.3).rotate(0.7), VGroup(Line([0, 0, 0], [2, 1, 3]), Dot([-3, 0, 0])))
    return [Dot([0.5, -0.25, 1.0], radius=0.2), label, dots, nested]


@pytest.mark.parametrize("shape", _shapes(), ids=["dot", "text", "dots", "nested"])
def test_center_and_size_are_manims(shape):
    np.testing.assert_array_equal(bounds.center(shape), shape.get_center())
    np.testing.assert_allclose(
        bounds.size(shape), [shape.width, shape.height, shape.depth], rtol=0, atol=1e-15
    )


def test_place_moves_each_member_to_its_point():
    dots = VGroup(Dot(), Square(0.5), Text("a"))
    targets = np.array([[1.0, 2.0, 0.0], [-3.0, 0.5, 1.0], [0.0, -1.0, -2.0]])
    figures.place(dots, targets)
    np.testing.assert_allclose([m.get_center() for m in dots], targets, atol=1e-12)
    np.testing.assert_allclose(figures.positions(dots), targets, atol=1e-12)


def test_dashes_cut_to_a_span_keep_their_places():
    start, end = np.array([[0.0, 0.0, 0.0]]), np.array([[4.0, 0.0, 0.0]])
    mob = figures.dashes(start, end, "#ffffff", count=4)
    whole = figures.dash_segments(mob)[:, :, 0]
    # four dashes, each half of its quarter: [0, .5], [1, 1.5], [2, 2.5], [3, 3.5]
    np.testing.assert_allclose(whole, [[0, 0.5], [1, 1.5], [2, 2.5], [3, 3.5]])
    figures.set_dashes(mob, start, end, count=4, spans=np.array([[0.3, 0.7]]))
    cut = figures.dash_segments(mob)[:, :, 0]
    # the part from 1.2 to 2.8: dashes before it shrink to 1.2, after it to 2.8
    np.testing.assert_allclose(cut, [[1.2, 1.2], [1.2, 1.5], [2.0, 2.5], [2.8, 2.8]])
    pieces = mob.points.reshape(-1, 4, 3)
    # straight cubic pieces: handles at thirds
    np.testing.assert_allclose(pieces[:, 1], (2 * pieces[:, 0] + pieces[:, 3]) / 3)
    np.testing.assert_allclose(pieces[:, 2], (pieces[:, 0] + 2 * pieces[:, 3]) / 3)


def test_an_empty_group_measures_as_manim_does():
    empty = VGroup(VMobject())
    np.testing.assert_array_equal(bounds.size(empty), [0.0, 0.0, 0.0])
