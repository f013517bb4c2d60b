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
