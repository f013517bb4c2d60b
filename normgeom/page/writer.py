"""The page's files: the sources in ``web/`` as they are, ``data.js`` and ``palette.css``
made from normmath, the lecture's chapter states and the video's palette, and three.js in
``vendor/``.

Every file is produced in memory first (:func:`page_files`), so the bundle can key the page
by its content; :func:`write_page` writes them into a folder
(:func:`normgeom.folders.staged_folder`: only normgeom's own files there are replaced).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

import normmath as nm
from normgeom.compose.page_states import PAGE_NAME, chapter_states
from normgeom.folders import check_folder, staged_folder
from normgeom.page.three import THREE_VERSION, three_files
from scenes.base.parameters import SceneParams
from scenes.kit.style import PALETTE

__all__ = ["PAGE_NAME", "PRESET_LABELS", "page_files", "write_files", "write_page"]

WEB = Path(__file__).with_name("web")
PRESET_LABELS = (
    ("positive", "Positive 1, 2, 3"),
    ("constant", "Constant"),
    ("zero", "All zeros"),
    ("mean-zero", "Mixed signs"),
    ("offset", "Large offset"),
)
"""The presets the page offers, in order: (:data:`normmath.PRESETS` name, button label)."""


def _data(params: SceneParams | None) -> dict:
    """What the scripts read from ``window.NORMGEOM_PAGE``."""
    cloud, collapse = nm.main_cloud(), nm.collapse_set()
    return {
        "palette": PALETTE,
        "positive": list(nm.POSITIVE),
        "lessonEps": nm.LESSON_EPS,
        "presets": [
            {"name": name, "label": label, "vector": list(nm.PRESETS[name])}
            for name, label in PRESET_LABELS
        ],
        "cloud": np.round(cloud.points, 6).tolist(),
        "collapse": np.round(collapse.points, 6).tolist(),
        "collapseGroups": list(collapse.groups),
        "demoGain": list(nm.DEMO_GAIN),
        "demoBias": list(nm.DEMO_BIAS),
        "three": THREE_VERSION,
        "chapters": [chapter.to_data() for chapter in chapter_states(params)],
    }


def page_files(params: SceneParams | None = None) -> dict[str, bytes]:
    """Every file of the page by its path in the folder; the chapter states are those the
    lecture's scenes show with ``params`` (the defaults if None).

    Raises :class:`normgeom.errors.UsageError` when three.js is not cached and cannot be
    fetched.
    """
    three = three_files()
    files = {path.name: path.read_bytes() for path in sorted(WEB.iterdir()) if path.is_file()}
    data = json.dumps(_data(params), separators=(",", ":"), allow_nan=False)
    files["data.js"] = f"window.NORMGEOM_PAGE = {data};\n".encode()
    colours = "".join(f"  --{name}: {colour};\n" for name, colour in PALETTE.items())
    files["palette.css"] = f"/* The video's palette. */\n:root {{\n{colours}}}\n".encode()
    files["vendor/three.min.js"] = three.script.read_bytes()
    files["vendor/three.LICENSE.txt"] = three.license.read_bytes()
    return files


def write_files(folder: Path, files: dict[str, bytes]) -> None:
    """Write ``files`` (path in the folder: content) into ``folder``."""
    for name, content in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(content)


def write_page(folder: Path, *, own: bool = False) -> Path:
    """Write the page into ``folder`` and return its ``index.html``; ``own``: ``folder`` is
    the command's default (:func:`normgeom.folders.check_folder`).

    Raises :class:`normgeom.errors.UsageError` for a folder that cannot be a page folder.
    """
    folder = check_folder(folder, own=own)
    files = page_files()
    with staged_folder(folder, own=own) as stage:
        write_files(stage, files)
    return folder / PAGE_NAME
