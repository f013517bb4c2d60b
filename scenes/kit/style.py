"""The lecture's look: the palette, drawing layers, camera poses and the typeface.

Colour carries meaning and is the same in every scene (Okabe-Ito, colourblind-safe). Every
text of every scene, card and panel is set in :data:`FONT`; only formulas are set by TeX.
No text is smaller than :data:`MIN_FONT_SIZE`: at that size the capitals and digits of
:data:`FONT` are about 12 pixels high in a 480p frame (frame height 8 units = 480 px).
The background colour is the palette's too: ``manim.cfg``'s ``background_color``, the live
page's and the bundle index's backgrounds equal ``PALETTE["background"]`` (tested). This module
imports no Manim, so the pages are built from the palette without loading it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = [
    "PALETTE",
    "DOT_RADIUS",
    "CONTENT_WIDTH",
    "CAPTION_WIDTH",
    "NEAR_PLANE_HALF_SIZE",
    "LABEL_SIZE",
    "LAYERS",
    "CURVE_SAMPLES",
    "CameraPose",
    "POSES",
    "FONT",
    "MIN_FONT_SIZE",
]

PALETTE = {
    "raw": "#0072B2",  # blue: input points
    "centered": "#D55E00",  # vermillion: after mean centering
    "standardized": "#009E73",  # bluish green: on the sphere (LayerNorm, no affine)
    "gained": "#CC79A7",  # reddish purple: after gain
    "shifted": "#E69F00",  # orange: after bias
    "rms": "#56B4E9",  # sky blue: RMSNorm outputs
    "ln_target": "#009E73",  # LayerNorm targets (same meaning as standardized)
    "pole": "#F0E442",  # yellow: the collapse poles and their axis
    "positive": "#E69F00",  # orange: positive-mean rows of the collapse set
    "negative": "#9A8CF0",  # soft violet: negative-mean rows
    "plane": "#4C7FBF",  # the mean-zero plane
    "sphere": "#BBBBBB",  # wireframes
    "axis": "#888888",
    "mean_axis": "#CC79A7",  # the all-ones line
    "text": "#EEEEEE",
    "undefined": "#FF6B6B",
    "equator": "#2FD4A0",  # the LayerNorm equator (a lighter standardized green)
    "tight": "#FFFFFF",  # the tight, small-variance cluster in the epsilon scene
    "trail": "#9A9A9A",  # dotted paths from a point's old to its new position
    "gap": "#B0B0B0",  # RMSNorm-to-LayerNorm gap lines
    "outline": "#111111",  # dark rim around dots
    "panel": "#000000",  # background of fixed-in-frame panels
    "background": "#0B0E14",  # the frame's background (manim.cfg, the page, the bundle index)
}
"""Named colours; scenes use these names, never colour literals."""

DOT_RADIUS = 0.075
"""Screen radius of a point (frame units; dots face the camera, so zoom leaves it fixed)."""

CONTENT_WIDTH = 13.6
"""Widest a row of formulas or a table spans, centred (the 16:9 frame is 14.22 wide)."""

CAPTION_WIDTH = 13.4
"""Widest a caption line under the lesson's formulas is drawn (a long one is scaled down)."""

NEAR_PLANE_HALF_SIZE = 2.2
"""Half the side of the mean-zero plane drawn around the unit sphere (radius sqrt(3)) in a
close-up: wide enough to show the sphere's equator inside it."""

LABEL_SIZE = 22
"""Font size of legend and readout text (readable at 480p)."""

LAYERS = {"plane": -3, "surface": -2, "line": -1, "mark": 0, "point": 1, "panel": 10}
"""Drawing order by z-index: plane, wireframes, guide lines, trails/marks, points, panels.
Points are drawn above the plane from every angle, so the plane never hides them."""

CURVE_SAMPLES = 17
"""Samples per closed wireframe curve (16 smooth cubic pieces; the first equals the last)."""


@dataclass(frozen=True)
class CameraPose:
    """A named camera orientation: polar angle ``phi`` and azimuth ``theta`` in degrees
    (Manim's convention), ``zoom`` (frame units per scene unit) and perspective
    ``focal_distance`` (scene units; large = nearly orthographic)."""

    phi: float
    theta: float
    zoom: float
    focal_distance: float = 60.0

    def kwargs(self) -> dict[str, float]:
        """Keyword arguments for ``set_camera_orientation`` / ``move_camera``."""
        return {
            "phi": math.radians(self.phi),
            "theta": math.radians(self.theta),
            "zoom": self.zoom,
            "focal_distance": self.focal_distance,
        }

    def with_zoom(self, zoom: float) -> CameraPose:
        """The same direction at another zoom."""
        return CameraPose(self.phi, self.theta, zoom, self.focal_distance)


POSES: dict[str, CameraPose] = {
    "cloud": CameraPose(phi=72, theta=-25, zoom=0.25),  # the raw cloud and the mean axis
    "plane": CameraPose(phi=68, theta=25, zoom=0.30),  # centered points, oblique plane
    "sphere": CameraPose(phi=66, theta=35, zoom=1.35),  # the sphere and its equator
    "ellipsoid": CameraPose(phi=64, theta=30, zoom=0.95),  # the gain ellipsoid
    "shifted": CameraPose(phi=68, theta=20, zoom=0.62),  # ellipsoid at 0 and at beta
    "wide": CameraPose(phi=70, theta=30, zoom=0.42),  # points far from the sphere
    "poles": CameraPose(phi=62, theta=-30, zoom=1.35),  # pole axis across, +pole off the x2 tip
    "vector": CameraPose(phi=68, theta=-30, zoom=0.85),  # one vector, both outputs
    "inputs": CameraPose(phi=65, theta=-120, zoom=1.35),  # drawn inputs spread across, sphere large
}
"""Camera poses by name; scenes pick a pose, never raw angles."""

FONT = "DejaVu Sans"
"""The typeface of every text on screen (legends, readouts, labels, captions, cards)."""

MIN_FONT_SIZE = 20
"""Smallest Manim font size of any text on screen."""
