"""Wireframe loops are smooth splines through their samples; polygons stay straight."""

import numpy as np
from manim import VMobject

import normmath as nm
from scenes.kit import figures, style


def test_sphere_rings_stay_on_the_sphere():
    wire = figures.sphere()
    curves = wire.points.reshape(-1, 4, 3)
    assert len(curves) == len(nm.sphere_wireframe()) * (style.CURVE_SAMPLES - 1)
    # the midpoint of every cubic piece lies on the sphere to within 0.1 %
    mid = (curves[:, 0] + 3 * curves[:, 1] + 3 * curves[:, 2] + curves[:, 3]) / 8
    np.testing.assert_allclose(np.linalg.norm(mid, axis=1), np.sqrt(3), rtol=1e-3)


def test_plane_keeps_its_straight_edges():
    outline = figures.plane_outline(2.0)
    mob = figures.set_curves(VMobject(), [outline])
    pieces = mob.points.reshape(-1, 4, 3)
    assert len(pieces) == 4
    for piece in pieces:  # handles on the segment: straight edges, sharp corners
        direction = piece[3] - piece[0]
        for handle in piece[1:3]:
            assert np.linalg.norm(np.cross(handle - piece[0], direction)) < 1e-12


def test_a_copy_over_a_figure_changes_nothing_as_it_appears_then_takes_its_own_look():
    """GeometryScene.copy_over: the copy starts transparent in the original's colour and
    width (an opaque copy over a translucent stroke would brighten it), ends in its own."""
    from manim import ManimColor

    from scenes.base.geometry import GeometryScene

    class Stage:
        copies = GeometryScene.copies
        copy_over = GeometryScene.copy_over

        def __init__(self):
            self.added, self.cut_ins = [], []
            self.declare = self

        def add(self, *mobjects):
            self.added += mobjects

        def cut_in(self, *mobjects, reason):
            self.cut_ins += mobjects

    stage, sphere = Stage(), figures.sphere()
    copy = figures.ellipsoid(np.ones(3))
    own = copy.get_stroke_color(), copy.get_stroke_width(), copy.get_stroke_opacity()
    animation = stage.copy_over(sphere, copy, lambda alpha: alpha)
    assert stage.added == [copy] and stage.cut_ins == [copy]
    assert copy.get_stroke_opacity() == 0.0 and copy.get_stroke_width() == sphere.get_stroke_width()
    assert copy.get_stroke_color() == sphere.get_stroke_color() != own[0]
    animation.interpolate_mobject(1.0)
    assert (copy.get_stroke_color(), copy.get_stroke_width()) == own[:2]
    assert copy.get_stroke_opacity() == own[2] and isinstance(own[0], ManimColor)
