"""The drawing kit shared by every scene: palette, camera poses and cheap 3D builders.

Colour carries meaning and is the same in every scene (Okabe-Ito, colourblind-safe).
"""

from __future__ import annotations

__all__ = ["PALETTE"]

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
}
"""Named colours; scenes use these names, never colour literals."""
