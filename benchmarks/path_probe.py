"""Path-building micro-benchmark: the caching cameras' NumPy paths against Manim's, in one
process, on a 1080p view of the sphere scenes' figures::

    python -m benchmarks.path_probe --runs 9

Each run times both builders back to back on the same mobjects, in alternating order, so
a machine busy with other work slows both alike; the medians over runs and their ratios
(NumPy / Manim) are printed as one JSON line: building every path of the view once, and
drawing a whole frame (``capture_mobjects`` after ``reset``) with
:class:`~scenes.camera.depth.DepthCueCamera`.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cairo  # noqa: E402
import numpy as np  # noqa: E402
from manim import DEGREES, UL, Camera, VMobject, tempconfig  # noqa: E402

from scenes.camera.depth import DepthCueCamera  # noqa: E402
from scenes.camera.manim_internals import set_path  # noqa: E402
from scenes.kit import figures, panels  # noqa: E402

__all__ = ["probe"]

FULL_HD = {"pixel_width": 1920, "pixel_height": 1080, "verbosity": "WARNING"}


class ManimPathsCamera(DepthCueCamera):
    """The 3D scenes' camera building paths with Manim's own code."""

    set_cairo_context_path = Camera.set_cairo_context_path


def view() -> tuple[list, list]:
    """The sphere, an ellipsoid, the equator, axes, the plane, 60 points and a legend."""
    rng = np.random.default_rng(0)
    mobjects = [
        figures.sphere(),
        figures.ellipsoid(np.array([1.4, 0.8, 1.1])),
        figures.equator(),
        figures.axes(0.8),
        figures.plane(2.5),
        figures.point_cloud(rng.normal(size=(60, 3)), "#FFFFFF"),
    ]
    legend = panels.legend([panels.LegendEntry("dot", "sphere", "x")]).to_corner(UL)
    return mobjects, [legend]


def _seconds(work: Callable[[], object], repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        work()
    return (time.perf_counter() - start) / repeat


def probe(runs: int, frames: int = 3, builds: int = 20) -> dict:
    """Medians over ``runs`` of the seconds to build every path of the view (``builds``
    times a run) and to draw a frame (``frames`` a run), with each builder."""
    with tempconfig(FULL_HD):
        cameras = {"numpy": DepthCueCamera(), "manim": ManimPathsCamera()}
        mobjects, fixed = view()
        for camera in cameras.values():
            camera.phi_tracker.set_value(70 * DEGREES)
            camera.theta_tracker.set_value(-40 * DEGREES)
            camera.reset_rotation_matrix()
            camera.add_fixed_in_frame_mobjects(*fixed)
        members = [
            m
            for mob in mobjects
            for m in mob.family_members_with_points()
            if isinstance(m, VMobject)
        ]
        ctx = cairo.Context(cairo.ImageSurface(cairo.FORMAT_ARGB32, 16, 16))
        builders = {
            "numpy": lambda: [set_path(cameras["numpy"], ctx, m) for m in members],
            "manim": lambda: [
                Camera.set_cairo_context_path(cameras["manim"], ctx, m) for m in members
            ],
        }

        def frame(name: str) -> Callable[[], None]:
            def draw() -> None:
                cameras[name].reset()
                cameras[name].capture_mobjects([*mobjects, *fixed])

            return draw

        times: dict[str, list[float]] = {
            f"{what}_{name}": [] for what in ("paths", "frame") for name in cameras
        }
        for run in range(runs):
            order = ["numpy", "manim"][:: 1 if run % 2 else -1]
            for name in order:
                times[f"paths_{name}"].append(_seconds(builders[name], builds))
            for name in order:
                times[f"frame_{name}"].append(_seconds(frame(name), frames))
        np.testing.assert_array_equal(cameras["numpy"].pixel_array, cameras["manim"].pixel_array)
    medians = {key: statistics.median(values) for key, values in times.items()}
    return {
        "curves": sum(len(m.points) // 4 for m in members),
        "mobjects": len(members),
        **{f"{key}_ms": round(1e3 * value, 3) for key, value in medians.items()},
        "paths_ratio": round(medians["paths_numpy"] / medians["paths_manim"], 3),
        "frame_ratio": round(medians["frame_numpy"] / medians["frame_manim"], 3),
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    print(json.dumps(probe(parser.parse_args().runs)))
