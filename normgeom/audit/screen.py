"""What a viewer sees at one moment: every drawn thing as a box on screen, after the camera.

A scene's mobjects are read as *shapes*, each with its kind, its box in frame units (after
the camera's own projection: Manim's ``transform_points_pre_display``, so perspective, zoom,
camera-facing labels and fixed-in-frame panels come out where they are drawn), its opacity,
its place in the drawing order and a digest of its on-screen points:

- ``text``: a ``Text``, ``MathTex``, lesson ``TextPath`` or ``Readout``, or glyphs merged
  into one filled outline without stroke (the kit's flattened labels); one shape each;
- ``panel``: the opaque backing of a legend, readout or cue (``BackgroundRectangle``);
- ``veil``: a background-coloured cover that makes what lies under it recede;
- ``marker``: a dot, a star or a small stroked mark (a cross);
- ``figure``: anything else drawn (wireframes, planes, lines, trails, bars).

A text's opacity is its own times what the veils drawn over it let through. Names come
from the scene's attributes (``caption``, ``points_mob['rms']``, ``axes[1]``), a text's
own words where it keeps them, else its class; a name, once given, stays with its object.
A snapshot also holds the camera's view (:class:`CameraView`: orientation, zoom, centre).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

import numpy as np
from manim import (
    BackgroundRectangle,
    Dot,
    MathTex,
    Mobject,
    Rectangle,
    SingleStringMathTex,
    Star,
    Text,
    VMobject,
    config,
)
from manim.utils.color import ManimColor
from manim.utils.family import extract_mobject_family_members

from scenes.kit.glyphs import Readout, TextPath
from scenes.kit.style import PALETTE

__all__ = [
    "Shape",
    "Snapshot",
    "CameraView",
    "Namer",
    "snapshot",
    "VISIBLE",
    "OUTLINE_GRID",
    "frame_half",
]

VISIBLE = 0.15
"""Opacity above which a viewer sees a thing."""

_MARK_SIZE = 0.6
"""Largest side, in frame units, of a stroked mark counted as a marker."""

_VEIL_TOLERANCE = 0.1
"""Largest difference, per colour channel in [0, 1], of a veil's fill from the background."""

_PIXEL = 8.0 / 480
"""One pixel of the 480p frame, in frame units (for the motion digest)."""

OUTLINE_GRID = 0.1
"""Frame units (1/80 of the frame's height, 9 pixels at 720p) a shape's outline is rounded
to: the long-still rule sees a shape move when its outline changes on this grid."""

Box = tuple[float, float, float, float]

_MANIM_LISTS = {"mobjects", "foreground_mobjects", "moving_mobjects", "static_mobjects"}
"""Manim's own lists of a scene's mobjects (no names of what they hold)."""


def frame_half() -> np.ndarray:
    """Half the frame's width and height, in frame units."""
    return np.array([config.frame_width, config.frame_height]) / 2


@dataclass
class Shape:
    """One thing drawn: ``kind`` (see the module), ``box`` (x0, y0, x1, y1 in frame
    units), ``opacity`` (after veils), drawing ``order`` (its last member's), ``panel`` (the id
    of the panel group it belongs to, if any), ``digest`` of its on-screen points and style,
    the ids of its mobject and members, the ``words`` a text shows (where it keeps them) and
    its ``ink`` (frame units)."""

    uid: int
    name: str
    group: str
    kind: str
    box: Box
    opacity: float
    order: int
    panel: int | None
    digest: bytes
    members: frozenset[int] = field(default_factory=frozenset)
    words: str | None = None
    ink: float = 0.0
    outline: bytes = b""

    @property
    def visible(self) -> bool:
        return self.opacity > VISIBLE

    @property
    def area(self) -> float:
        x0, y0, x1, y1 = self.box
        return max(x1 - x0, 0.0) * max(y1 - y0, 0.0)

    @property
    def centre(self) -> np.ndarray:
        x0, y0, x1, y1 = self.box
        return np.array([(x0 + x1) / 2, (y0 + y1) / 2])


@dataclass(frozen=True)
class CameraView:
    """Where the camera looks: its ``rotation`` (3x3, scene to camera axes), ``zoom`` (frame
    units per scene unit at the centre) and the scene point ``centre`` it looks at."""

    rotation: np.ndarray
    zoom: float
    centre: np.ndarray

    def change(self, other: CameraView) -> tuple[float, float, float]:
        """How far the view moved to ``other``: the angle turned (degrees), the zoom's
        change (``|ln(zoom'/zoom)|``) and the centre's move on screen (frame units)."""
        relative = self.rotation.T @ other.rotation
        cosine = np.clip((np.trace(relative) - 1.0) / 2.0, -1.0, 1.0)
        turn = float(np.degrees(np.arccos(cosine)))
        zoom = abs(float(np.log(other.zoom / self.zoom)))
        shift = float(np.linalg.norm(other.centre - self.centre)) * other.zoom
        return turn, zoom, shift


def camera_view(camera) -> CameraView:
    """The view of a Manim camera: a 3D camera's angles, zoom and frame centre; a 2D
    camera's frame (no rotation, zoom from its frame height)."""
    if hasattr(camera, "generate_rotation_matrix"):
        rotation = np.asarray(camera.generate_rotation_matrix(), dtype=float)
        return CameraView(rotation, float(camera.get_zoom()), np.array(camera.frame_center))
    zoom = config.frame_height / float(getattr(camera, "frame_height", config.frame_height))
    return CameraView(np.eye(3), zoom, np.array(getattr(camera, "frame_center", np.zeros(3))))


@dataclass
class Snapshot:
    """Every shape drawn at scene time ``time``, which shape holds each mobject id, and the
    camera's view."""

    time: float
    shapes: list[Shape]
    by_member: dict[int, Shape]
    camera: CameraView

    def shapes_of(self, mobject: Mobject) -> list[Shape]:
        """The shapes drawing ``mobject`` or its members (none when it is not shown)."""
        found = {id(s): s for m in mobject.get_family() if (s := self.by_member.get(id(m)))}
        return list(found.values())


class Namer:
    """Readable, stable names of a scene's mobjects (see the module docstring)."""

    def __init__(self) -> None:
        self.names: dict[int, str] = {}
        self._keep: list[Mobject] = []

    def learn(self, scene) -> None:
        """Name the mobjects held in the scene's attributes that have no name yet."""
        for attribute, value in vars(scene).items():
            if attribute.startswith("_") or attribute in _MANIM_LISTS:
                continue
            for suffix, item in _items(value):
                self._name(item, f"{attribute}{suffix}")

    def _name(self, mobject: Mobject, name: str) -> None:
        if id(mobject) not in self.names:
            self.names[id(mobject)] = name
            self._keep.append(mobject)  # a kept object's id is never reused

    def name_of(self, mobject: Mobject, parent: str, index: int) -> str:
        """The name of ``mobject``, the ``index``-th member of the mobject named ``parent``
        (a scene's unnamed top-level mobject: its class and palette colour)."""
        if id(mobject) not in self.names:
            self._name(mobject, f"{parent}[{index}]" if parent else _described(mobject))
        return self.names[id(mobject)]


def _described(mobject: Mobject) -> str:
    """``VGroup(pole)``: a mobject's class and the palette name of its first drawn colour."""
    leaves = [m for m in mobject.family_members_with_points() if isinstance(m, VMobject)]
    colours = {ManimColor(hex_).to_hex().lower(): name for name, hex_ in PALETTE.items()}
    for leaf in leaves[:1]:
        drawn = leaf.get_fill_color() if _opacity(leaf) and leaf.get_fill_opacity() else None
        colour = drawn or leaf.get_stroke_color()  # None: a backing with no stroke
        if colour is not None and colour.to_hex().lower() in colours:
            return f"{type(mobject).__name__}({colours[colour.to_hex().lower()]})"
    return type(mobject).__name__


def _items(value, depth: int = 0):
    """(suffix, mobject) pairs held by an attribute value: a mobject, or lists, tuples and
    dicts of them (two levels deep)."""
    if isinstance(value, Mobject):
        yield "", value
    elif depth < 2 and isinstance(value, list | tuple):
        for i, item in enumerate(value):
            for suffix, mob in _items(item, depth + 1):
                yield f"[{i}]{suffix}", mob
    elif depth < 2 and isinstance(value, dict):
        for key, item in value.items():
            for suffix, mob in _items(item, depth + 1):
                yield f"[{key!r}]{suffix}", mob


def _words(mobject: Mobject) -> str | None:
    """The words a text mobject shows, where it keeps them."""
    for attribute in ("original_text", "text", "tex_string"):
        words = getattr(mobject, attribute, None)
        if isinstance(words, str) and words:
            return words
    name = getattr(mobject, "name", "")
    return name if name and name != type(mobject).__name__ else None


def _subpaths(mobject: VMobject) -> int:
    """How many subpaths a VMobject's cubic Bezier points make (a piece whose start is not
    the previous piece's end starts a new one)."""
    points = mobject.points
    if len(points) < 4:
        return 0
    ends, starts = points[3:-1:4], points[4::4]
    return 1 + int(np.any(np.abs(ends - starts) > 1e-6, axis=1).sum())


def _is_glyphs(mobject: Mobject) -> bool:
    """Glyphs merged into one filled outline without stroke (several closed subpaths)."""
    if type(mobject) is not VMobject or len(mobject.points) < 8 or mobject.submobjects:
        return False
    filled = float(np.max(mobject.get_fill_opacities(), initial=0.0)) > 0
    stroked = float(np.max(mobject.get_stroke_width(), initial=0.0)) > 0
    return filled and not stroked and _subpaths(mobject) >= 2


def _is_text(mobject: Mobject) -> bool:
    text_types = (Text, MathTex, SingleStringMathTex, TextPath, Readout)
    return isinstance(mobject, text_types) or _is_glyphs(mobject)


def _is_veil(mobject: Mobject) -> bool:
    """A rectangle filled with the background's colour, or nearly (a fading veil's colour
    passes between black and the dark background)."""
    if not isinstance(mobject, Rectangle) or isinstance(mobject, BackgroundRectangle):
        return False
    background = ManimColor(config.background_color).to_rgb()
    fill = mobject.get_fill_color().to_rgb()
    return float(np.max(np.abs(np.asarray(fill) - background))) <= _VEIL_TOLERANCE


def _opacity(mobject: Mobject) -> float:
    """The largest opacity a mobject is drawn with (fill, or stroke where it has width)."""
    if not isinstance(mobject, VMobject):
        return float(getattr(mobject, "opacity", 1.0) or 0.0)
    fill = float(mobject.get_fill_opacities().max(initial=0.0))
    if mobject.get_stroke_width() <= 0:  # a number, never below 0
        return fill
    return max(fill, float(mobject.get_stroke_opacities().max(initial=0.0)))


def _kind(mobject: Mobject, box: Box) -> str:
    if isinstance(mobject, BackgroundRectangle):
        return "panel"
    if _is_veil(mobject):
        return "veil"
    if isinstance(mobject, Dot | Star):
        return "marker"
    small = max(box[2] - box[0], box[3] - box[1]) <= _MARK_SIZE
    if type(mobject) is VMobject and small and _subpaths(mobject) >= 2:
        return "marker"
    return "figure"


def _screen_points(camera, mobject: Mobject) -> np.ndarray:
    return camera.transform_points_pre_display(mobject, mobject.points)[:, :2]


def _measure(pieces: list[np.ndarray], opacity: float) -> tuple[Box, bytes, float, bytes]:
    """The box of a shape drawn as ``pieces`` (the screen points of its members, none
    empty), the digest of its points (to the half pixel) and ``opacity``, its ink (the
    summed diagonals of its pieces' boxes, frame units) and its outline's digest (its points
    on :data:`OUTLINE_GRID`)."""
    if len(pieces) > 1:
        points = np.concatenate(pieces)
        starts = np.cumsum([0] + [len(piece) for piece in pieces[:-1]])
        lows, highs = np.minimum.reduceat(points, starts), np.maximum.reduceat(points, starts)
        sides = highs - lows
        ink = float(sum(np.hypot(sides[:, 0], sides[:, 1]).tolist()))
        x0, y0 = lows.min(axis=0).tolist()
        x1, y1 = highs.max(axis=0).tolist()
    else:
        points = pieces[0]
        (x0, y0), (x1, y1) = points.min(axis=0).tolist(), points.max(axis=0).tolist()
        ink = float(np.hypot(x1 - x0, y1 - y0))
    digest = hashlib.blake2b(np.round(points / (_PIXEL / 2)).astype(np.int32), digest_size=12)
    digest.update(np.float32(round(opacity, 3)))
    outline = hashlib.blake2b(np.round(points / OUTLINE_GRID).astype(np.int32), digest_size=12)
    return (x0, y0, x1, y1), digest.digest(), ink, outline.digest()


def snapshot(scene, time: float, namer: Namer) -> Snapshot:
    """The shapes of ``scene`` as its camera draws them now, in drawing order."""
    camera = scene.renderer.camera
    if hasattr(camera, "reset_rotation_matrix"):
        camera.reset_rotation_matrix()
    namer.learn(scene)
    leaves = [
        leaf
        for leaf in extract_mobject_family_members(
            scene.mobjects, use_z_index=camera.use_z_index, only_those_with_points=True
        )
        if camera.type_or_raise(leaf) is not Mobject  # a bare Mobject is never drawn
    ]
    roots = getattr(camera, "fixed_in_frame_mobjects", ())
    fixed = {id(m) for root in roots for m in root.get_family()}
    order = {id(m): i + (len(leaves) if id(m) in fixed else 0) for i, m in enumerate(leaves)}
    shapes: list[Shape] = []

    def walk(mobject: Mobject, name: str, group: str, panel: int | None) -> None:
        if _is_text(mobject):
            members = [m for m in mobject.family_members_with_points() if id(m) in order]
            if members:
                points = [_screen_points(camera, m) for m in members]
                words = _words(mobject)
                label = f"{name} {words!r}" if words else name
                opacity = max(_opacity(m) for m in members)
                box, digest, ink, outline = _measure(points, opacity)
                shapes.append(
                    Shape(
                        id(mobject),
                        label,
                        group,
                        "text",
                        box,
                        opacity,
                        max(order[id(m)] for m in members),
                        panel,
                        digest,
                        frozenset(id(m) for m in mobject.get_family()),
                        words,
                        ink,
                        outline,
                    )
                )
            return
        if id(mobject) in order:
            opacity = _opacity(mobject)
            box, digest, ink, outline = _measure([_screen_points(camera, mobject)], opacity)
            shapes.append(
                Shape(
                    id(mobject),
                    name,
                    group,
                    _kind(mobject, box),
                    box,
                    opacity,
                    order[id(mobject)],
                    panel,
                    digest,
                    frozenset({id(mobject)}),
                    None,
                    ink,
                    outline,
                )
            )
        subs = mobject.submobjects
        if subs and isinstance(subs[0], BackgroundRectangle):
            panel = id(mobject)
        for i, sub in enumerate(subs):
            sub_name = namer.name_of(sub, name, i)
            own = not sub_name.startswith(f"{name}[")  # named by the scene, not by place
            walk(sub, sub_name, sub_name if own else group, panel)

    for i, top in enumerate(scene.mobjects):
        name = namer.name_of(top, "", i)
        walk(top, name, name, None)
    _apply_veils(shapes)
    shapes.sort(key=lambda s: s.order)
    by_member = {member: s for s in shapes for member in s.members}
    return Snapshot(time, shapes, by_member, camera_view(camera))


def _apply_veils(shapes: list[Shape]) -> None:
    """Lower each shape's opacity by every veil drawn over its centre."""
    veils = [s for s in shapes if s.kind == "veil" and s.opacity > 0]
    for shape in shapes:
        for veil in veils:
            if veil.order > shape.order and contains(veil.box, shape.centre):
                shape.opacity *= 1.0 - veil.opacity


def contains(box: Box, point: np.ndarray) -> bool:
    """Whether ``point`` (x, y) lies inside ``box``."""
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def intersection(a: Box, b: Box) -> float:
    """The area two boxes share."""
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return max(width, 0.0) * max(height, 0.0)
