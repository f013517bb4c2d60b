"""A 3D camera that draws fixed-in-frame overlays (legends, formulas, readouts) once.

Manim's Cairo renderer redraws every mobject on every frame, and while the camera orbits
nothing can be reused; typeset panels are made of hundreds of glyph curves and cost more than
the 3D figure itself. Overlays do not move with the camera, so this camera rasterizes each
one into its own transparent layer when it changes (a content signature of points and
colours) and composites the layer with Cairo on every other frame. The result is the same
picture: drawing an overlay onto a transparent layer and then painting that layer OVER the
frame is what drawing it directly does.

Overlays are top-level mobjects added with ``add_fixed_in_frame_mobjects``; they are drawn
after the 3D content, in z-index order, so they must be the topmost layer of the scene.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import cairo
import numpy as np
from manim import Mobject, VMobject
from manim.camera.camera import Camera
from manim.camera.three_d_camera import ThreeDCamera

from scenes.camera.manim_internals import NumPyPaths, cairo_context, draw_onto

__all__ = ["OverlayCachingCamera", "overlay_signature"]


def overlay_signature(mobject: Mobject) -> bytes:
    """A digest of everything that decides how ``mobject`` looks: points, colours, widths."""
    digest = hashlib.blake2b(digest_size=16)
    for member in mobject.family_members_with_points():
        digest.update(np.ascontiguousarray(member.points).tobytes())
        if isinstance(member, VMobject):
            digest.update(member.get_fill_rgbas().tobytes())
            digest.update(member.get_stroke_rgbas().tobytes())
            digest.update(np.float64(member.get_stroke_width()).tobytes())
    return digest.digest()


@dataclass
class _Layer:
    """One overlay's raster (premultiplied ARGB32, frame-sized) and the box it covers."""

    pixels: np.ndarray
    surface: cairo.ImageSurface
    signature: bytes = b""
    box: tuple[int, int, int, int] | None = None  # x, y, width, height; None = empty


class _Unkeyed:
    """What the camera keeps out of Manim's partial-movie key (a JSON of its ``__dict__``;
    a slotted object shows only its type): each overlay's layer and the overlays' ids, which
    depend on what was drawn before, and the rotation matrix of the last frame drawn, which
    the hashed phi/theta/gamma trackers already fix.
    """

    __slots__ = ("by_overlay", "roots", "rotation", "shifts")

    def __init__(self) -> None:
        self.by_overlay: dict[int, _Layer] = {}
        self.roots: set[int] = set()
        self.rotation: np.ndarray | None = None
        self.shifts: dict | None = None  # while a frame is drawn: centre function -> shift


class OverlayCachingCamera(NumPyPaths, ThreeDCamera):
    """:class:`~manim.camera.three_d_camera.ThreeDCamera` with cached overlay layers (and
    paths built by :class:`~scenes.camera.manim_internals.NumPyPaths`).

    An overlay is a mobject passed to ``add_fixed_in_frame_mobjects`` itself; its members met
    without it (Manim's still background lists families flattened) are drawn as usual.
    """

    def __init__(self, *args, **kwargs) -> None:
        self._layers = _Unkeyed()
        super().__init__(*args, **kwargs)

    @property
    def rotation_matrix(self) -> np.ndarray:
        return self._layers.rotation

    @rotation_matrix.setter
    def rotation_matrix(self, matrix: np.ndarray) -> None:
        self._layers.rotation = matrix

    def add_fixed_in_frame_mobjects(self, *mobjects) -> None:
        super().add_fixed_in_frame_mobjects(*mobjects)
        self._layers.roots.update(id(m) for m in mobjects)

    def remove_fixed_in_frame_mobjects(self, *mobjects) -> None:
        super().remove_fixed_in_frame_mobjects(*mobjects)
        for mobject in mobjects:
            self._layers.roots.discard(id(mobject))
            self._layers.by_overlay.pop(id(mobject), None)

    def capture_mobjects(self, mobjects, **kwargs) -> None:
        self._layers.shifts = {}
        try:
            self._capture(list(mobjects), **kwargs)
        finally:
            self._layers.shifts = None

    def _capture(self, mobjects: list[Mobject], **kwargs) -> None:
        overlays = [m for m in mobjects if id(m) in self._layers.roots]
        if not overlays:
            super().capture_mobjects(mobjects, **kwargs)
            return
        layered = {id(sub) for m in overlays for sub in m.get_family()}
        super().capture_mobjects([m for m in mobjects if id(m) not in layered], **kwargs)
        self.reset_rotation_matrix()
        for overlay in sorted(overlays, key=lambda m: m.z_index):
            self._paint(self._layer_for(overlay))

    def transform_points_pre_display(self, mobject: Mobject, points: np.ndarray) -> np.ndarray:
        """Manim's projection; a mobject facing the camera moves by the projection of its
        centre minus its centre, worked out once a frame for all members sharing a centre
        (a label's glyphs) instead of once per member."""
        centre_of = self.fixed_orientation_mobjects.get(mobject)
        shifts = self._layers.shifts
        if centre_of is None or shifts is None or mobject in self.fixed_in_frame_mobjects:
            return super().transform_points_pre_display(mobject, points)
        shift = shifts.get(centre_of)
        if shift is None:
            centre = centre_of()
            shift = shifts[centre_of] = self.project_point(centre) - centre
        return Camera.transform_points_pre_display(self, mobject, points) + shift

    def apply_fill(self, ctx: cairo.Context, vmobject: VMobject):
        """Manim's fill, skipped when wholly transparent (painting nothing changes nothing)."""
        rgbas = self.get_fill_rgbas(vmobject)
        if np.any(rgbas[:, 3] > 0):
            self.set_cairo_context_color(ctx, rgbas, vmobject)
            ctx.fill_preserve()
        return self

    def _layer_for(self, overlay: Mobject) -> _Layer:
        layer = self._layers.by_overlay.get(id(overlay))
        if layer is None or layer.pixels.shape != self.pixel_array.shape:
            pixels = np.zeros_like(self.pixel_array)
            surface = cairo.ImageSurface.create_for_data(
                pixels.data, cairo.FORMAT_ARGB32, self.pixel_width, self.pixel_height
            )
            layer = self._layers.by_overlay[id(overlay)] = _Layer(pixels, surface)
        signature = overlay_signature(overlay)
        if signature != layer.signature:
            layer.surface.flush()
            layer.pixels[:] = 0
            draw_onto(self, [overlay], layer.pixels)
            layer.surface.flush()
            layer.surface.mark_dirty()
            layer.signature, layer.box = signature, _covered_box(layer.pixels)
        return layer

    def _paint(self, layer: _Layer) -> None:
        if layer.box is None:
            return
        ctx = cairo_context(self, self.pixel_array)
        ctx.save()
        ctx.identity_matrix()
        ctx.rectangle(*layer.box)
        ctx.clip()
        ctx.set_source_surface(layer.surface, 0, 0)
        ctx.paint()
        ctx.restore()


def _covered_box(pixels: np.ndarray) -> tuple[int, int, int, int] | None:
    """The pixel box holding every non-transparent pixel (premultiplied: any byte nonzero)."""
    covered = pixels.view(np.uint32)[..., 0] != 0
    rows, cols = np.flatnonzero(covered.any(axis=1)), np.flatnonzero(covered.any(axis=0))
    if rows.size == 0:
        return None
    return int(cols[0]), int(rows[0]), int(cols[-1] - cols[0] + 1), int(rows[-1] - rows[0] + 1)
