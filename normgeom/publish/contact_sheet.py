"""The contact sheet: every scene at 25, 50, 75 and 100% of its length, small and labelled.

One row per scene in lesson order, read from the rendered MP4s of one quality folder
(``make contact-sheet`` renders every scene at 480p15 first). When the sheet would be taller
than :data:`MAX_HEIGHT`, each scene also gets a sheet of its own beside it, in a folder
named after the sheet.

``python -m normgeom.publish.contact_sheet media/scenes/480p15 docs/contact-sheet.png``
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import av
from PIL import Image, ImageDraw, ImageFont

from normgeom.render.atomic import atomic_path
from scenes.base.catalog import scene_names

__all__ = [
    "FRACTIONS",
    "THUMB",
    "frames_at_fractions",
    "header",
    "scene_row",
    "contact_sheet",
    "main",
]

FRACTIONS = (0.25, 0.5, 0.75, 1.0)
"""Where in each scene the sheet looks."""

THUMB = (256, 144)
"""Size of one frame on the sheet, in pixels."""

LABEL_WIDTH = 215
"""Width of the scene-name column, in pixels."""

GAP = 6
"""Pixels between frames and rows."""

MAX_HEIGHT = 4000
"""Tallest sheet in pixels before each scene also gets a sheet of its own."""

BACKGROUND = (24, 26, 32)
TEXT = (235, 235, 235)


def _font(size: int) -> ImageFont.ImageFont:
    try:
        return ImageFont.truetype("DejaVuSans.ttf", size)
    except OSError:
        return ImageFont.load_default(size)


def frames_at_fractions(video: Path, fractions: Sequence[float] = FRACTIONS) -> list[Image.Image]:
    """The frames of ``video`` at each of ``fractions`` of its frame count (1.0 = the last),
    decoded in one pass that keeps only those frames."""
    with av.open(str(video)) as container:
        count = sum(1 for packet in container.demux(container.streams.video[0]) if packet.size)
    if not count:
        raise ValueError(f"{video}: no video frames")
    wanted = {min(count - 1, round(f * (count - 1))) for f in fractions}
    kept = {}
    with av.open(str(video)) as container:
        for index, frame in enumerate(container.decode(container.streams.video[0])):
            if index in wanted:
                kept[index] = frame.to_image()
    last = max(kept)
    return [kept.get(min(count - 1, round(f * (count - 1))), kept[last]) for f in fractions]


HEADER = 26
"""Height of the header row that names each column's fraction, in pixels."""


def _width() -> int:
    return LABEL_WIDTH + len(FRACTIONS) * (THUMB[0] + GAP)


def header() -> Image.Image:
    """The header row: each column's percentage of the scene's length."""
    row = Image.new("RGB", (_width(), HEADER), BACKGROUND)
    draw = ImageDraw.Draw(row)
    for i, fraction in enumerate(FRACTIONS):
        x = LABEL_WIDTH + i * (THUMB[0] + GAP) + THUMB[0] // 2
        label = f"{round(fraction * 100)}%"
        draw.text((x, HEADER // 2), label, fill=TEXT, font=_font(16), anchor="mm")
    return row


def scene_row(name: str, video: Path) -> Image.Image:
    """One row: the scene's name, then its frames at :data:`FRACTIONS`."""
    row = Image.new("RGB", (_width(), THUMB[1] + GAP), BACKGROUND)
    draw = ImageDraw.Draw(row)
    draw.text((8, THUMB[1] // 2), name, fill=TEXT, font=_font(17), anchor="lm")
    for i, frame in enumerate(frames_at_fractions(video)):
        row.paste(frame.resize(THUMB, Image.LANCZOS), (LABEL_WIDTH + i * (THUMB[0] + GAP), 0))
    return row


def _stack(rows: Sequence[Image.Image]) -> Image.Image:
    """``rows`` under the header row."""
    parts = [header(), *rows]
    sheet = Image.new("RGB", (_width(), sum(p.height for p in parts)), BACKGROUND)
    y = 0
    for part in parts:
        sheet.paste(part, (0, y))
        y += part.height
    return sheet


def _save(image: Image.Image, path: Path) -> None:
    with atomic_path(path) as temporary:
        image.save(temporary, format="PNG", optimize=True)


def contact_sheet(folder: Path, output: Path, names: Sequence[str] | None = None) -> list[Path]:
    """Write the sheet of the scenes ``names`` (default: every scene) rendered in ``folder``
    to ``output``; return the files written."""
    names = list(names or scene_names())
    missing = [n for n in names if not (folder / f"{n}.mp4").is_file()]
    if missing:
        raise FileNotFoundError(f"not rendered in {folder}: {', '.join(missing)}")
    rows = [scene_row(name, folder / f"{name}.mp4") for name in names]
    sheet = _stack(rows)
    _save(sheet, output)
    written = [output]
    if sheet.height > MAX_HEIGHT:
        for name, row in zip(names, rows, strict=True):
            written.append(output.with_suffix("") / f"{name}.png")
            _save(_stack([row]), written[-1])
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """``contact_sheet FOLDER OUTPUT``: exit 2 with one line when a scene is not rendered."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2:
        print("usage: python -m normgeom.publish.contact_sheet FOLDER OUTPUT.png", file=sys.stderr)
        return 2
    try:
        for path in contact_sheet(Path(args[0]), Path(args[1])):
            print(f"wrote {path}")
    except (FileNotFoundError, ValueError) as exc:
        print(f"contact-sheet: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
