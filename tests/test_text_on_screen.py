"""Every text of the lecture is set in one typeface, stays legible at 480p and writes each
quantity one way.

Each scene (and the title card) is built headlessly while every :class:`manim.Text` and
:class:`manim.MathTex` made is recorded. Text is legible when its capitals and digits are
at least about 12 px high in a 480p frame, measured on freshly typeset glyphs.
"""

from __future__ import annotations

import re
from functools import cache

import pytest
from manim import MarkupText, MathTex, SingleStringMathTex, Text, tempconfig

from scenes.base.catalog import load_scene_class, scene_names
from scenes.cards import TitleCard
from scenes.kit import glyphs
from scenes.kit.style import FONT
from tests.conftest import SCENE_TEST

MIN_CAP_PX = 12.0
"""Least height of capitals and digits at 480p, in pixels."""

PX_PER_UNIT = 480 / 8.0
"""Pixels per scene unit in a 480p frame (the frame is 8 units high)."""

SCENES = [*scene_names(), "TitleCard"]

OTHER_NOTATION = {
    r"\epsilon": "epsilon is ε (\\varepsilon), not ϵ",
    "ϵ": "epsilon is ε, not ϵ",
    r"\overline": "the mean square is mean(x²), not an overline",
    "x̄": "the mean square is mean(x²), not x̄²",
}
"""Spellings of a quantity the lecture writes another way (as the seeds do), and the way."""

GAIN_AS_G = re.compile(r"(?<![A-Za-z\\])g(?![A-Za-z])")
"""A gain written ``g`` (the lecture writes γ): a lone letter g, not part of a word or command."""


@cache
def text_cap_px(font: str, size: float) -> float:
    """Height of ``H`` and ``0`` set in ``font`` at ``size``, in 480p pixels."""
    return Text("H0", font=font, font_size=size).height * PX_PER_UNIT


@cache
def tex_cap_px(size: float) -> float:
    """Height of a TeX ``0`` at ``size``, in 480p pixels."""
    return MathTex("0", font_size=size).height * PX_PER_UNIT


@cache
def built(name: str, media: str) -> dict:
    """The texts and formulas made while building scene ``name``, and its final texts."""
    made = {"text": [], "tex": []}
    originals = {cls: cls.__init__ for cls in (Text, MarkupText, MathTex)}

    def recorder(cls, kind):
        def init(self, *args, **kwargs):
            originals[cls](self, *args, **kwargs)
            if type(self) is cls:
                made[kind].append((getattr(self, "font", ""), self.font_size, args[:1]))

        return init

    for cls, kind in ((Text, "text"), (MarkupText, "text"), (MathTex, "tex")):
        cls.__init__ = recorder(cls, kind)
    glyphs.text_outline.cache_clear()
    glyphs.digit_outlines.cache_clear()
    scene_class = TitleCard if name == "TitleCard" else load_scene_class(name)
    try:
        with tempconfig({**SCENE_TEST, "dry_run": True, "media_dir": media}):
            scene = scene_class(skip_animations=True)
            scene.render()
    finally:
        for cls, init in originals.items():
            cls.__init__ = init
    shown = [m for m in scene.get_mobject_family_members() if hasattr(m, "font_size")]
    return {**made, "shown": shown}


@pytest.fixture
def scene_texts(silent_voice, scene_media):
    return lambda name: built(name, str(scene_media))


@pytest.mark.parametrize("name", SCENES)
def test_one_typeface(scene_texts, name):
    texts = scene_texts(name)["text"]
    assert texts, f"{name} sets no text"
    assert {font for font, _, _ in texts} == {FONT}, [t for t in texts if t[0] != FONT]


@pytest.mark.parametrize("name", SCENES)
def test_text_is_legible_at_480p(scene_texts, name):
    made = scene_texts(name)
    small = [(t, s) for font, s, t in made["text"] if text_cap_px(font, s) < MIN_CAP_PX]
    small += [(t, s) for _, s, t in made["tex"] if tex_cap_px(s) < MIN_CAP_PX]
    assert not small, f"typeset too small at 480p: {small}"
    for mob in made["shown"]:
        if isinstance(mob, Text | MarkupText | glyphs.TextPath | glyphs.Readout):
            assert text_cap_px(FONT, mob.font_size) >= MIN_CAP_PX, (type(mob), mob.font_size)
        elif isinstance(mob, SingleStringMathTex):
            assert tex_cap_px(mob.font_size) >= MIN_CAP_PX, mob.font_size
        else:
            pytest.fail(f"a text of unknown kind on screen: {type(mob).__name__}")


@pytest.mark.parametrize("name", SCENES)
def test_one_notation(scene_texts, name):
    made = scene_texts(name)
    written = [str(args[0]) for _, _, args in made["text"] + made["tex"] if args]
    for text in written:
        assert not GAIN_AS_G.search(text), f"the gain is γ, not g: {text!r}"
        for spelling, way in OTHER_NOTATION.items():
            assert spelling not in text, f"{way}: {text!r}"
