"""Depth cues: what the plane or the sphere hides is drawn fainter, and so is a wireframe's
far half; the cues are judged from the view at draw time."""

from __future__ import annotations

import numpy as np
import pytest
from manim import DEGREES, tempconfig
from manim.camera.three_d_camera import ThreeDCamera

from scenes.camera.depth import (
    BEHIND_OPACITY,
    DepthCueCamera,
    behind_polygon,
    behind_shell,
    set_depth_role,
)
from scenes.camera.overlay import OverlayCachingCamera
from scenes.kit import figures

TINY = {"pixel_width": 160, "pixel_height": 90, "frame_rate": 5}
UP = np.array([0.0, 0.0, 1.0])


def brightness(camera_class, mobjects, phi=0.0, theta=-90 * DEGREES):
    """The frame a camera draws of ``mobjects`` from polar angle ``phi``, as grey levels."""
    with tempconfig(TINY):
        camera = camera_class()
        camera.phi_tracker.set_value(phi)
        camera.theta_tracker.set_value(theta)
        camera.capture_mobjects(mobjects)
        return camera.pixel_array[..., :3].astype(float).mean(axis=2)


def dot(position):
    return figures.point_cloud(np.array([position]), "#FFFFFF", radius=0.3)


@pytest.mark.parametrize("camera_class", [DepthCueCamera, ThreeDCamera])
def test_a_point_behind_the_plane_is_drawn_fainter(camera_class):
    plane = figures.plane(3.0)
    front = brightness(camera_class, [plane, dot([0.0, 0.0, 2.0])]).max()
    back = brightness(camera_class, [plane, dot([0.0, 0.0, -2.0])]).max()
    if camera_class is ThreeDCamera:
        assert back == pytest.approx(front, abs=2)  # plain Manim: no depth, the bug
    else:
        assert back < 0.6 * front


def test_a_point_on_the_far_side_of_the_sphere_is_drawn_fainter():
    sphere = figures.sphere()
    near = brightness(DepthCueCamera, [sphere, dot(np.sqrt(3) * UP)]).max()
    far = brightness(DepthCueCamera, [sphere, dot(-np.sqrt(3) * UP)]).max()
    inside = brightness(DepthCueCamera, [sphere, dot(0.5 * UP)]).max()
    assert far < 0.6 * near
    assert inside == pytest.approx(near, abs=2)  # a wireframe hides nothing inside it


def test_the_far_half_of_a_wireframe_is_drawn_fainter():
    pieces = [np.array([[-3.0, 0.0, 1.0], [-1.0, 0.0, 1.0]]), np.array([[1, 0, -1], [3, 0, -1]])]
    wire = set_depth_role(figures.curves(pieces, "#FFFFFF", width=6.0), "curve")
    frame = brightness(DepthCueCamera, [wire])
    left, right = frame[:, :80].max(), frame[:, 80:].max()  # near half left, far half right
    assert right < 0.6 * left
    plain = brightness(ThreeDCamera, [wire])
    assert plain[:, 80:].max() == pytest.approx(plain[:, :80].max(), abs=2)


def test_a_point_is_judged_from_the_view_each_frame():
    plane = figures.plane(3.0)
    seen_from_above = brightness(DepthCueCamera, [plane, dot([0, 0, -2.0])]).max()
    seen_from_below = brightness(DepthCueCamera, [plane, dot([0, 0, -2.0])], phi=180 * DEGREES)
    assert seen_from_below.max() > seen_from_above / (BEHIND_OPACITY + 0.2)


def test_occlusion_geometry():
    square = np.array([[-1, -1, 0], [1, -1, 0], [1, 1, 0], [-1, 1, 0]], dtype=float)
    points = np.array([[0, 0, -1], [0, 0, 1], [5, 0, -1], [0.5, 0.5, 0]], dtype=float)
    assert behind_polygon(points, square, UP).tolist() == [True, False, False, False]
    shell = np.array([[0, 0, -1], [0, 0, 1], [0, 0, 0], [0, 0, -3], [3, 0, -3]], dtype=float)
    hidden = behind_shell(shell, np.zeros(3), np.ones(3), UP)
    assert hidden.tolist() == [True, False, False, True, False]


def test_legend_swatches_are_never_dimmed():
    def frame(camera_class):
        with tempconfig(TINY):
            camera = camera_class()
            swatch = dot([0.0, 0.0, -2.0])
            camera.add_fixed_in_frame_mobjects(swatch)
            camera.capture_mobjects([figures.plane(3.0), swatch])
            return camera.pixel_array.astype(int)

    np.testing.assert_array_equal(frame(DepthCueCamera), frame(OverlayCachingCamera))
