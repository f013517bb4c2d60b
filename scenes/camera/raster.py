"""A 2D camera that rasterizes each vectorized mobject once per look and reuses the raster.

Manim's Cairo renderer rebuilds every mobject's path in Python on every frame, curve by
curve, so a lesson board of a hundred glyph paths costs tens of milliseconds a frame even
when only a few readouts change. This camera keys each VMobject by a digest of what decides
its look (:func:`look_signature`); the second time a digest is drawn, the mobject is drawn
once into a small raster at a whole-pixel offset, and from then on that raster is painted
instead. A mobject that changes every frame never repeats a digest and is drawn directly.

The pixels are the same: drawing a path into a transparent raster and painting the raster
OVER the frame is what drawing the path on the frame does (OVER is associative), and a
whole-pixel offset leaves Cairo's antialiasing unchanged.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import cairo
import numpy as np
from manim import VMobject
from manim.camera.camera import Camera

from scenes.camera.manim_internals import NumPyPaths, cairo_context, draw_path

__all__ = ["RasterCache", "RasterCachingCamera", "look_signature"]

MITER_REACH = 5.0
"""How far a stroke can reach past its path, in stroke widths (Cairo's miter limit 10 / 2)."""

AA_MARGIN = 2
"""Pixels of antialiasing kept around a raster's box."""


def look_signature(member: VMobject, frame: bytes = b"") -> bytes:
    """Everything that decides how ``member`` is drawn, as bytes: its points, fill and
    stroke colours, stroke widths, sheen, joints and caps, then the camera's ``frame``.

    Exact bytes, not a digest: equal signatures mean equal pictures.
    """
    colours = [
        member.get_fill_rgbas().ravel(),
        member.get_stroke_rgbas().ravel(),
        member.get_stroke_rgbas(True).ravel(),
    ]
    look = [
        [len(member.points), *(len(c) for c in colours)],  # where each part ends
        *colours,
        member.get_sheen_direction(),
        [member.get_stroke_width(), member.get_stroke_width(True)],
        [member.joint_type.value, member.cap_style.value],
    ]
    looks = np.concatenate(look, dtype=float).tobytes()
    return b"".join((np.ascontiguousarray(member.points).tobytes(), looks, frame))


@dataclass(frozen=True)
class _Raster:
    """A mobject drawn alone: its surface and the frame pixel where its corner goes."""

    surface: cairo.ImageSurface
    x: int
    y: int

    @property
    def nbytes(self) -> int:
        return self.surface.get_stride() * self.surface.get_height()


class RasterCache:
    """Rasters by look signature; past ``budget`` bytes the least recently used go first.

    Slotted on purpose: Manim keys its partial-movie cache by a JSON of the camera's
    ``__dict__``, and an object without one serializes as its type alone, so what has been
    drawn so far never changes a play's key (a re-run that reuses early plays still hits).
    """

    __slots__ = ("budget", "nbytes", "_entries", "_seen")

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.nbytes = 0
        self._entries: OrderedDict[bytes, _Raster | None] = OrderedDict()
        self._seen: set[int] = set()

    def __contains__(self, key: bytes) -> bool:
        return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)

    def use(self, key: bytes) -> _Raster | None:
        """The raster stored under ``key``, now the most recently used."""
        self._entries.move_to_end(key)
        return self._entries[key]

    def seen_before(self, key: bytes) -> bool:
        """Whether ``key`` was asked about before; records it (by hash) if not."""
        if hash(key) in self._seen:
            return True
        self._seen.add(hash(key))
        return False

    def store(self, key: bytes, raster: _Raster | None) -> None:
        """Keep ``raster`` under ``key`` and evict down to the budget (keeping one entry)."""
        self._entries[key] = raster
        self.nbytes += _cost(key, raster)
        while self.nbytes > self.budget and len(self._entries) > 1:
            self.nbytes -= _cost(*self._entries.popitem(last=False))


class RasterCachingCamera(NumPyPaths, Camera):
    """:class:`manim.camera.camera.Camera` that paints repeated mobjects from cached rasters
    (and builds paths with :class:`~scenes.camera.manim_internals.NumPyPaths`).

    ``raster_budget_mb`` bounds the cache (:class:`RasterCache`).
    """

    def __init__(self, *args, raster_budget_mb: float = 256, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.rasters = RasterCache(int(raster_budget_mb * 2**20))

    def display_multiple_non_background_colored_vmobjects(self, vmobjects, pixel_array) -> None:
        ctx = cairo_context(self, pixel_array)
        frame = self._frame_key()
        for vmobject in vmobjects:
            key = look_signature(vmobject, frame)
            if key in self.rasters:
                self._paint(ctx, self.rasters.use(key))
            elif self.rasters.seen_before(key):
                raster = self._rasterize(vmobject, ctx.get_matrix())
                self.rasters.store(key, raster)
                self._paint(ctx, raster)
            else:
                draw_path(self, vmobject, ctx)

    def _frame_key(self) -> bytes:
        """What maps scene units to pixels: frame centre and size, pixel size."""
        shape = [*self.frame_center[:2], self.frame_width, self.frame_height]
        return np.array([*shape, self.pixel_width, self.pixel_height], dtype=float).tobytes()

    def _pixel_box(self, vmobject: VMobject) -> tuple[int, int, int, int] | None:
        """Whole-pixel box (x, y, width, height) on the frame that holds every drawn pixel.

        Bezier curves stay inside their control points' hull, so the points' box plus the
        stroke's reach and antialiasing covers the mobject.
        """
        points = vmobject.points
        if len(points) == 0 or not np.isfinite(points).all():
            return None
        x_scale = self.pixel_width / self.frame_width
        y_scale = self.pixel_height / self.frame_height
        width = max(vmobject.get_stroke_width(), vmobject.get_stroke_width(True))
        stroke = width * self.cairo_line_width_multiple * max(x_scale, y_scale)
        reach = MITER_REACH * stroke + AA_MARGIN
        xs = (points[:, 0] - self.frame_center[0]) * x_scale + self.pixel_width / 2
        ys = self.pixel_height / 2 - (points[:, 1] - self.frame_center[1]) * y_scale
        x0 = max(int(np.floor(xs.min() - reach)), 0)
        y0 = max(int(np.floor(ys.min() - reach)), 0)
        x1 = min(int(np.ceil(xs.max() + reach)), self.pixel_width)
        y1 = min(int(np.ceil(ys.max() + reach)), self.pixel_height)
        if x1 <= x0 or y1 <= y0:
            return None
        return x0, y0, x1 - x0, y1 - y0

    def _rasterize(self, vmobject: VMobject, frame_matrix: cairo.Matrix) -> _Raster | None:
        """Draw ``vmobject`` alone into a raster the size of its pixel box; ``frame_matrix``
        maps scene units to frame pixels."""
        box = self._pixel_box(vmobject)
        if box is None:
            return None
        x, y, width, height = box
        surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
        ctx = cairo.Context(surface)
        ctx.set_matrix(frame_matrix.multiply(cairo.Matrix(x0=-x, y0=-y)))
        draw_path(self, vmobject, ctx)
        surface.flush()
        return _Raster(surface, x, y)

    @staticmethod
    def _paint(ctx: cairo.Context, raster: _Raster | None) -> None:
        if raster is None:
            return
        ctx.save()
        ctx.identity_matrix()
        ctx.new_path()
        ctx.rectangle(raster.x, raster.y, raster.surface.get_width(), raster.surface.get_height())
        ctx.set_source_surface(raster.surface, raster.x, raster.y)
        ctx.fill()
        ctx.restore()


def _cost(key: bytes, raster: _Raster | None) -> int:
    """Bytes a cache entry holds: its key and its pixels."""
    return len(key) + (raster.nbytes if raster else 0)
