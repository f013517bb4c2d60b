"""The caching cameras build each VMobject's Cairo path with NumPy: the same path, call by
call, as Manim's ``Camera.set_cairo_context_path``, so the same frames."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from manim import DEGREES, UL, Camera, Square, Text, ThreeDCamera, VMobject, tempconfig

from scenes.camera.depth import DepthCueCamera, StockDepthCueCamera
from scenes.camera.manim_internals import NumPyPaths, cairo_context, set_path
from scenes.camera.overlay import OverlayCachingCamera
from scenes.camera.raster import RasterCachingCamera
from scenes.kit import figures, panels

TINY = {"pixel_width": 32, "pixel_height": 18, "frame_rate": 5}

NUDGES = [0.0, 5e-7, 1e-6, 1.000005e-6, 1.5e-6, 2e-6, 3e-5, 1e-3, 0.5]
"""Offsets of a point from the one it repeats: within, at and past Manim's default
tolerance (1e-6 plus 1e-5 of the coordinate; 1.000005e-6 off 0 is within it only when the
nudged coordinate is the one scaled) and far off."""

coordinate = st.sampled_from([0.0, 1.0, -2.5, 3.0]) | st.floats(-8, 8)
point = st.lists(coordinate, min_size=3, max_size=3)


class UnprojectedCamera(Camera):
    """A camera that hands the points to the path unchanged, non-finite ones included
    (Manim's own cameras replace a mobject with a non-finite point by the point 0)."""

    def transform_points_pre_display(self, mobject, points):
        return points


@st.composite
def nudged(draw, repeated: list[float]) -> list[float]:
    """``repeated``, one coordinate (maybe z, which a 2D path ignores) moved by a nudge."""
    moved = list(repeated)
    offset = draw(st.sampled_from([-1, 1])) * draw(st.sampled_from(NUDGES))
    moved[draw(st.integers(0, 2))] += offset
    return moved


@st.composite
def point_arrays(draw) -> np.ndarray:
    """A VMobject's points: cubic curves each starting anew or at the previous curve's end,
    ending anywhere or back at their subpath's first point (a loop), nudged; degenerate
    curves; a few points after the last whole curve; sometimes a non-finite coordinate, also
    in the next point (a repeated infinity, as at a joint); possibly no points at all."""
    rows: list[list[float]] = []
    first: list[float] = []
    for _ in range(draw(st.integers(0, 6))):
        if rows and draw(st.booleans()):
            rows.append(draw(nudged(rows[-1])))
        else:
            first = draw(point)
            rows.append(first)
        if draw(st.booleans()):
            rows.extend([rows[-1]] * 3)  # a curve that is one point
        else:
            rows.extend([draw(point), draw(point)])
            rows.append(draw(nudged(first)) if draw(st.booleans()) else draw(point))
    rows.extend(draw(point) for _ in range(draw(st.integers(0, 3))))
    points = np.array(rows, dtype=float).reshape(-1, 3)
    for _ in range(draw(st.integers(0, 2)) if len(points) else 0):
        row, column = draw(st.integers(0, len(points) - 1)), draw(st.integers(0, 2))
        value = draw(st.sampled_from([math.nan, math.inf, -math.inf]))
        points[row : row + 1 + draw(st.booleans()), column] = value
    return points


class CallLog:
    """A Cairo context that records each call made on it, arguments as floats."""

    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self.calls: list[tuple] = []

    def __getattr__(self, name: str):
        method = getattr(self.ctx, name)

        def logged(*args):
            self.calls.append((name, *map(float, args)))
            return method(*args)

        return logged


@pytest.fixture(scope="module")
def cameras() -> dict[str, Camera]:
    """A camera passing points through, Manim's 2D camera and a tilted 3D camera."""
    with tempconfig(TINY):
        tilted = ThreeDCamera()
        tilted.phi_tracker.set_value(65 * DEGREES)
        tilted.theta_tracker.set_value(-30 * DEGREES)
        tilted.reset_rotation_matrix()
        return {"unprojected": UnprojectedCamera(), "2d": Camera(), "3d": tilted}


def traced(build, camera: Camera, vmobject: VMobject) -> tuple[list, list]:
    """The calls ``build(camera, ctx, vmobject)`` makes on the camera's Cairo context, over a
    square already on it, and the path it leaves there."""
    ctx = cairo_context(camera, camera.pixel_array)
    ctx.new_path()
    ctx.rectangle(-1, -1, 2, 2)
    log = CallLog(ctx)
    build(camera, log, vmobject)
    return log.calls, list(ctx.copy_path())


def square_loop(gap: float, shift: float = 0.0) -> np.ndarray:
    """Points of a unit square of four straight curves, its end ``gap`` right of its start."""
    corners = np.array([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0], [gap, 0, 0]]) + shift
    return figures.polyline_points(corners)


def broken_corner(gap: float) -> np.ndarray:
    """Two straight curves meeting at 0, the second starting ``gap`` right of it."""
    into, out_of = [[-1, 1, 0], [0, 0, 0]], [[gap, 0, 0], [1, 1, 0]]
    return np.concatenate([figures.polyline_points(into), figures.polyline_points(out_of)])


def infinite_joints() -> np.ndarray:
    """Two squares, the second not joined to the first, then a tail; x infinite at the
    first square's start and end and at its first joint."""
    points = np.concatenate([square_loop(0.0), square_loop(0.0, 3.0), [[1.0, 2.0, 0.0]]])
    points[[0, 3, 4, 15], 0] = math.inf
    return points


@settings(deadline=None, max_examples=300)
@given(
    points=point_arrays(),
    tolerance=st.sampled_from([1e-6, 1e-3, 0.0]),
    camera_name=st.sampled_from(["unprojected", "2d", "3d"]),
)
@example(points=np.empty((0, 3)), tolerance=1e-6, camera_name="2d")
@example(points=np.ones((3, 3)), tolerance=1e-6, camera_name="2d")
@example(points=square_loop(1e-6), tolerance=1e-6, camera_name="unprojected")  # closed
@example(points=square_loop(1.1e-6), tolerance=1e-6, camera_name="unprojected")  # open
@example(points=square_loop(1.000005e-6), tolerance=1e-6, camera_name="unprojected")
@example(points=broken_corner(1.000005e-6), tolerance=1e-6, camera_name="unprojected")
@example(points=infinite_joints(), tolerance=1e-6, camera_name="unprojected")
def test_the_path_is_manims_call_for_call(cameras, points, tolerance, camera_name):
    """Subpaths, closes, coordinates, empty and non-finite points: as Manim builds them."""
    camera = cameras[camera_name]
    vmobject = VMobject(tolerance_for_point_equality=tolerance)
    vmobject.points = points
    manim_calls, manim_path = traced(Camera.set_cairo_context_path, camera, vmobject)
    calls, path = traced(set_path, camera, vmobject)
    np.testing.assert_equal(calls, manim_calls)  # NaN equals NaN here
    assert path == manim_path


class ManimPathsDepthCueCamera(DepthCueCamera):
    """The 3D scenes' camera, building paths with Manim's own code."""

    set_cairo_context_path = Camera.set_cairo_context_path


class ManimPathsRasterCachingCamera(RasterCachingCamera):
    """The 2D scenes' camera, building paths with Manim's own code."""

    set_cairo_context_path = Camera.set_cairo_context_path


def sphere_view() -> tuple[list, list]:
    """The sphere, axes, the plane and points of the 3D scenes; a legend fixed in frame."""
    legend = panels.legend([panels.LegendEntry("dot", "sphere", "x")]).to_corner(UL)
    dots = figures.point_cloud(np.array([[1.0, 0.5, 1.2], [0, 0, -2]]), "#FFFFFF")
    return [figures.sphere(), figures.axes(0.8), figures.plane(2.5), dots], [legend]


def board() -> tuple[list, list]:
    """A heading, a filled square and dots, as on the lessons' boards."""
    dots = figures.point_cloud(np.array([[1.0, 0.5, 0], [-2, -1, 0]]), "#56B4E9")
    square = Square(side_length=1.5, color="#E69F00", fill_opacity=0.4)
    return [Text("x - mu", font_size=36).shift(2 * UL), square, dots], []


def frames(camera_class, scene) -> np.ndarray:
    """Two frames of ``scene()`` drawn by ``camera_class`` (the second from cached rasters
    where the camera keeps them), side by side."""
    with tempconfig({**TINY, "pixel_width": 160, "pixel_height": 90}):
        camera = camera_class()
        mobjects, fixed = scene()
        if isinstance(camera, ThreeDCamera):
            camera.phi_tracker.set_value(70 * DEGREES)
            camera.add_fixed_in_frame_mobjects(*fixed)
        drawn = []
        for _ in range(2):
            camera.reset()
            camera.capture_mobjects([*mobjects, *fixed])
            drawn.append(camera.pixel_array.copy())
        return np.concatenate(drawn, axis=1)


@pytest.mark.parametrize(
    ("camera_class", "manim_paths", "scene"),
    [
        (DepthCueCamera, ManimPathsDepthCueCamera, sphere_view),
        (RasterCachingCamera, ManimPathsRasterCachingCamera, board),
    ],
)
def test_frames_are_pixel_identical_to_manims_paths(camera_class, manim_paths, scene):
    """A sphere view and a board, drawn with either path builder: the same pixels."""
    reference = frames(manim_paths, scene)
    assert (reference != reference[0, 0]).any()
    np.testing.assert_array_equal(frames(camera_class, scene), reference)


@pytest.mark.parametrize(
    "camera_class", [RasterCachingCamera, OverlayCachingCamera, DepthCueCamera]
)
def test_caching_cameras_build_paths_with_numpy(camera_class):
    assert camera_class.set_cairo_context_path is NumPyPaths.set_cairo_context_path


@pytest.mark.parametrize("camera_class", [Camera, ThreeDCamera, StockDepthCueCamera])
def test_stock_cameras_keep_manims_paths(camera_class):
    """``caching_cameras=False`` is the reference: Manim's own path code."""
    assert camera_class.set_cairo_context_path is Camera.set_cairo_context_path
