"""One colour source: the frame's background in ``manim.cfg``, the live page's style sheet and
the bundle index take their colours from :data:`scenes.kit.style.PALETTE`."""

from __future__ import annotations

import configparser
import re
import subprocess
import sys
from pathlib import Path

from normgeom.page.writer import WEB
from normgeom.publish.index_page import index_html
from scenes.kit.style import PALETTE

ROOT = Path(__file__).resolve().parents[1]
PROPERTY = re.compile(r"(--[\w-]+)\s*:\s*([^;]+);")


def dark_properties() -> dict[str, str]:
    """The custom properties of page.css's first ``:root`` rule (the dark scheme)."""
    css = (WEB / "page.css").read_text()
    block = re.search(r"^:root\s*\{(.*?)\}", css, re.MULTILINE | re.DOTALL)
    assert block, "page.css has no :root rule"
    return dict(PROPERTY.findall(block.group(1)))


def test_manim_cfg_draws_on_the_palettes_background():
    config = configparser.ConfigParser()
    config.read(ROOT / "scenes" / "manim.cfg")
    assert config["CLI"]["background_color"].upper() == PALETTE["background"].upper()


def test_the_pages_colours_are_the_palettes():
    properties = dark_properties()
    assert properties["--page"] == properties["--field"] == "var(--background)"
    assert properties["--label"].upper() == PALETTE["text"].upper()
    for name, value in properties.items():
        if used := re.fullmatch(r"var\(--([\w-]+)\)", value.strip()):
            assert used.group(1) in PALETTE, f"{name} names no palette colour"
    assert not {f"--{name}" for name in PALETTE} & properties.keys()  # palette.css's own


def test_the_bundle_index_draws_on_the_palettes_background():
    html = index_html("T", "l.mp4", {"vtt": "l.vtt"}, "slides/d.html", "page/index.html", [], [])
    assert f"background: {PALETTE['background']}; color: {PALETTE['text']};" in html


def test_the_palette_loads_without_manim():
    code = "import sys, scenes.kit.style; sys.exit('manim' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0
