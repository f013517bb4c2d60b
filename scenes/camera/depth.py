"""A 3D camera that gives every frame cheap depth cues, judged at draw time from the view.

Manim paints 3D mobjects in creation order, so a point behind the plane or the sphere looks
in front of it. This camera draws three cues, all from the current view direction ``v``
(unit, toward the viewer) and the registered mobjects' own points, without changing them:

- *surfaces* (the sphere, ellipsoid and equator wireframes): each Bezier piece whose
  midpoint :math:`m` lies behind the surface's centre :math:`c`, :math:`(m - c)\\cdot v < 0`,
  is stroked at :data:`FAR_OPACITY` of its opacity, so the far half is fainter;
- *cued* mobjects (dots, marks, trails, gap lines) are dimmed to :data:`BEHIND_OPACITY`
  where a registered *occluder* hides them: behind a plane polygon (the ray toward the viewer
  crosses the polygon; the dimming grows with the polygon's fill opacity, so a plane fading
  in dims gradually), or on or beyond the far side of a surface (the ray crosses its front
  sheet; points strictly inside a wireframe stay bright). Dots are judged by their centre,
  multi-piece mobjects (trails) piece by piece.

A mobject declares its role with the attribute ``depth_role`` (see :data:`ROLES`), which the
drawing kit sets as it builds the mobject; occluders and surfaces are remembered as the
camera draws them, since during a play Manim hands it only the moving mobjects.

Manim hooks overridden here (pinned manim 0.22, see :mod:`scenes.camera.manim_internals`):
``Camera.display_vectorized``, ``Camera.apply_stroke`` (called per piece set),
``ThreeDCamera.modified_rgbas`` and ``capture_mobjects``; read: ``fixed_in_frame_mobjects``.
"""

from __future__ import annotations

from contextlib import contextmanager

import numpy as np
from manim import VMobject
from manim.camera.three_d_camera import ThreeDCamera

from scenes.camera.overlay import OverlayCachingCamera
from scenes.kit import bounds

__all__ = [
    "ROLES",
    "FAR_OPACITY",
    "BEHIND_OPACITY",
    "DepthCues",
    "DepthCueCamera",
    "StockDepthCueCamera",
    "behind_polygon",
    "behind_shell",
    "set_depth_role",
]

ROLES = ("surface", "curve", "occluder", "cued")
"""``surface``: a closed wireframe, far half fainter, hides what lies behind it; ``curve``: a
wireframe curve, far half fainter; ``occluder``: a translucent polygon that hides what lies
behind it; ``cued``: dimmed where a surface or an occluder hides it."""

FULL_OCCLUSION_OPACITY = 0.1
"""Fill opacity from which a polygon dims what it hides fully (a plane fading in dims
gradually)."""

FAR_OPACITY = 0.35
"""Opacity factor of a surface's far half."""

BEHIND_OPACITY = 0.4
"""Opacity factor of what an occluder hides."""

_SHELL_TOLERANCE = 0.03


def behind_polygon(points: np.ndarray, corners: np.ndarray, view: np.ndarray) -> np.ndarray:
    """Which ``points`` (k, 3) a flat convex polygon of ``corners`` (m, 3) hides from a viewer
    in direction ``view``: the ray :math:`p + t v`, :math:`t > 0`, meets the polygon."""
    center = corners.mean(axis=0)
    normal = np.cross(corners[1] - corners[0], corners[2] - corners[0])
    facing = float(normal @ view)
    if abs(facing) < 1e-12:
        return np.zeros(len(points), dtype=bool)
    t = ((center - points) @ normal) / facing
    hits = points + t[:, None] * view
    edges = np.roll(corners, -1, axis=0) - corners
    sides = np.einsum("ej,kej->ke", np.cross(edges, normal)[:, :], hits[:, None, :] - corners)
    inside = np.all(sides <= 1e-9, axis=1) | np.all(sides >= -1e-9, axis=1)
    scale = np.abs(corners - center).max()
    return (t > 1e-6 * max(scale, 1.0)) & inside


def behind_shell(
    points: np.ndarray, center: np.ndarray, semi_axes: np.ndarray, view: np.ndarray
) -> np.ndarray:
    r"""Which ``points`` lie on or beyond the far side of the axis-aligned ellipsoid
    (``center``, ``semi_axes``) seen from direction ``view``: not inside it, and the ray
    toward the viewer crosses its surface at some :math:`t > 0`."""
    s = (points - center) / semi_axes
    w = view / semi_axes
    a, b, c = w @ w, 2 * s @ w, np.sum(s * s, axis=1) - 1.0
    disc = b * b - 4 * a * c
    far_root = (-b + np.sqrt(np.maximum(disc, 0.0))) / (2 * a)
    outside = np.sqrt(np.sum(s * s, axis=1)) >= 1.0 - _SHELL_TOLERANCE
    return outside & (disc > 0) & (far_root > _SHELL_TOLERANCE)


def _midpoints(points: np.ndarray) -> np.ndarray:
    """Midpoints of the cubic Bezier pieces of a VMobject's points, shape (pieces, 3)."""
    quads = points.reshape(-1, 4, 3)
    return (quads[:, 0] + 3 * quads[:, 1] + 3 * quads[:, 2] + quads[:, 3]) / 8


def set_depth_role(mobject: VMobject, role: str) -> VMobject:
    """Declare how :class:`DepthCueCamera` cues ``mobject`` and every member with points."""
    if role not in ROLES:
        raise ValueError(f"unknown depth role {role!r}; one of {', '.join(ROLES)}")
    for member in mobject.family_members_with_points():
        member.depth_role = role
    return mobject


def _judged_whole(mob: VMobject) -> bool:
    """Filled shapes (dots, stars) are judged by their centre; stroked sets of pieces
    (trails, gap lines, crosses) piece by piece."""
    return mob.get_fill_opacity() > 0 or mob.get_num_points() <= 4


class _Registry:
    """What the camera remembers between frames, kept out of Manim's play keys (see
    :class:`scenes.camera.overlay._Unkeyed`): the occluders and surfaces drawn so far, the
    opacity factor in force and this frame's dimming of whole mobjects."""

    __slots__ = ("hiders", "opacity", "shares")

    def __init__(self) -> None:
        self.hiders: dict[int, VMobject] = {}
        self.opacity = 1.0
        self.shares: dict[int, float] = {}


class DepthCues:
    """The depth cues (see module), mixed into a 3D camera class."""

    def __init__(self, *args, **kwargs) -> None:
        self._depth = _Registry()
        super().__init__(*args, **kwargs)

    # --- drawing ---------------------------------------------------------------------------

    def view_direction(self) -> np.ndarray:
        """Unit vector from the scene toward the viewer (the view's +z axis)."""
        return np.asarray(self.get_rotation_matrix())[2]

    def hidden_share(self, points: np.ndarray) -> np.ndarray:
        """For each point, how much of :data:`BEHIND_OPACITY`'s dimming applies, in [0, 1]."""
        view = self.view_direction()
        share = np.zeros(len(points))
        for mob in self._depth.hiders.values():
            if mob.get_num_points() == 0:
                continue
            if mob.depth_role == "occluder":
                strength = min(mob.get_fill_opacity() / FULL_OCCLUSION_OPACITY, 1.0)
                hidden = behind_polygon(points, mob.points[::4], view)
                share = np.maximum(share, strength * hidden)
            elif mob.get_stroke_opacity() > 0:
                low, high = mob.points.min(axis=0), mob.points.max(axis=0)
                semi_axes = np.maximum((high - low) / 2, 1e-9)
                hidden = behind_shell(points, (low + high) / 2, semi_axes, view)
                share = np.maximum(share, hidden.astype(float))
        return share

    @contextmanager
    def _dimmed(self, factor: float):
        previous, self._depth.opacity = self._depth.opacity, factor
        try:
            yield
        finally:
            self._depth.opacity = previous

    def modified_rgbas(self, vmobject, rgbas):
        rgbas = super().modified_rgbas(vmobject, rgbas)
        if self._depth.opacity == 1.0:
            return rgbas
        rgbas = np.array(rgbas, dtype=float)
        rgbas[:, 3] *= self._depth.opacity
        return rgbas

    def capture_mobjects(self, mobjects, **kwargs) -> None:
        self.reset_rotation_matrix()
        family = [m for mob in mobjects for m in mob.family_members_with_points()]
        roles = [(m, getattr(m, "depth_role", None)) for m in family]
        self._depth.hiders.update((id(m), m) for m, r in roles if r in ("occluder", "surface"))
        whole = [m for m, r in roles if r == "cued" and _judged_whole(m)]
        self._depth.shares = {}
        if whole and self._depth.hiders:
            centers = np.array([bounds.center(m) for m in whole])
            shares = self.hidden_share(centers).tolist()
            self._depth.shares = dict(zip(map(id, whole), shares, strict=True))
        super().capture_mobjects(mobjects, **kwargs)

    def display_vectorized(self, vmobject, ctx):
        role = getattr(vmobject, "depth_role", None)
        if role is not None and vmobject in self.fixed_in_frame_mobjects:
            role = None  # a legend's swatch
        if role in ("surface", "curve"):
            view = self.view_direction()
            middle = (vmobject.points.min(axis=0) + vmobject.points.max(axis=0)) / 2
            far = (_midpoints(vmobject.points) - middle) @ view < 0
            return self._display_split(vmobject, ctx, far.astype(float), FAR_OPACITY)
        if role == "cued" and self._depth.hiders:
            share = self._depth.shares.get(id(vmobject))
            if share is None:
                shares = self.hidden_share(_midpoints(vmobject.points))
                return self._display_split(vmobject, ctx, shares, BEHIND_OPACITY)
            with self._dimmed(1.0 - share * (1.0 - BEHIND_OPACITY)):
                return super().display_vectorized(vmobject, ctx)
        return super().display_vectorized(vmobject, ctx)

    def _display_split(self, vmobject, ctx, share: np.ndarray, floor: float):
        """Stroke the pieces with ``share`` 0 as usual and the others at ``floor`` (pieces
        with a partial share get the blend); fill is not drawn (wireframes, trails)."""
        if not np.any(share > 0):
            return super().display_vectorized(vmobject, ctx)
        quads = self.transform_points_pre_display(vmobject, vmobject.points).reshape(-1, 4, 3)
        factors = np.round(1.0 - share * (1.0 - floor), 2)
        for factor in np.unique(factors):
            ctx.new_path()
            for p0, p1, p2, p3 in quads[factors == factor]:
                ctx.move_to(*p0[:2])
                ctx.curve_to(*p1[:2], *p2[:2], *p3[:2])
            with self._dimmed(float(factor)):
                self.apply_stroke(ctx, vmobject)
        return self


class DepthCueCamera(DepthCues, OverlayCachingCamera):
    """:class:`~scenes.camera.overlay.OverlayCachingCamera` with depth cues."""


class StockDepthCueCamera(DepthCues, ThreeDCamera):
    """Manim's own :class:`ThreeDCamera` with the same depth cues (caching cameras off)."""
