"""Per-scene manim configuration: the project's ``manim.cfg`` plus private typesetting folders.

Manim caches typeset Tex and Text as SVG files in shared folders and, while loading one,
writes a temporary ``<hash>_.svg`` beside it that it deletes right after parsing; two scene
processes typesetting the same formula at once delete each other's file and one fails with
FileNotFoundError. Each scene process therefore gets its own ``tex_dir`` and ``text_dir``.
The file also carries the project's settings (background, renderer) wherever ``normgeom``
runs from, since a ``--config_file`` replaces the folder's ``manim.cfg``.
"""

from __future__ import annotations

import configparser
import io
from pathlib import Path

from normgeom.render.atomic import write_text
from normgeom.render.paths import Layout
from normgeom.render.targets import Target

__all__ = ["PROJECT_CONFIG", "scene_config"]

PROJECT_CONFIG = Path(__file__).resolve().parents[2] / "manim.cfg"
"""The project's own manim settings (also read by plain ``manim render`` in the project)."""


def scene_config(layout: Layout, target: Target) -> Path:
    """Write and return the manim config file of one scene's render."""
    parser = configparser.ConfigParser(interpolation=None)
    parser.read(PROJECT_CONFIG)
    if not parser.has_section("CLI"):
        parser.add_section("CLI")
    parser["CLI"]["tex_dir"] = str(layout.media / "Tex" / target.name)
    parser["CLI"]["text_dir"] = str(layout.media / "texts" / target.name)
    text = io.StringIO()
    parser.write(text)
    path = layout.work / "manim" / f"{target.name}.cfg"
    write_text(path, text.getvalue())
    return path
