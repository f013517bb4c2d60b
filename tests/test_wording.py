"""Narration templates: variants by condition, placeholders in their written form."""

from __future__ import annotations

import pytest

from scenes.base.narrated import scene_beats
from scenes.voice.wording import NarrationError, fill, normalized, written


def test_written_forms():
    assert written(0.25) == "0.25"
    assert written(1e-6) == "1e-06"
    assert written(7) == "7"
    assert written((2.0, 0.4, 1.5)) == "(2, 0.4, 1.5)"
    assert written((2.0, -1.0, 4.0)) == "(2, -1, 4)"
    assert written("widely spread vectors") == "widely spread vectors"


def test_first_variant_that_holds_is_used():
    template = {"a": "A {x}", "b": "B {x}", "otherwise": "O {x}"}
    assert fill(template, {"a": False, "b": True, "x": 0.5}) == "B 0.5"
    assert fill(template, {"a": True, "b": True, "x": 0.5}) == "A 0.5"
    assert fill(template, {"a": False, "b": False, "x": 0.5}) == "O 0.5"


def test_missing_values_and_conditions_say_what_is_missing():
    with pytest.raises(NarrationError, match="intro: the scene gives no value for eps"):
        fill("epsilon {eps}", {}, "intro")
    with pytest.raises(NarrationError, match="no condition 'cluster'"):
        fill({"cluster": "x", "otherwise": "y"}, {})
    with pytest.raises(NarrationError, match="no variant holds"):
        fill({"cluster": "x"}, {"cluster": False})


def test_whitespace_is_normalized_in_every_variant():
    assert normalized("a\n  b") == "a b"
    assert normalized({"c": "x\ny", "otherwise": " z "}) == {"c": "x y", "otherwise": "z"}


def test_variant_beats_keep_their_play_order():
    from scenes.layernorm import MeanCentering

    assert list(scene_beats(MeanCentering)) == [
        "intro",
        "mean_axis",
        "plane",
        "center",
        "cluster",
        "orbit",
    ]


PREDICTION_ANSWERS = {
    "MeanCentering": ("plane",),
    "Standardization": ("sphere", "equator"),
    "Gain": ("ellipsoid", "ellipse"),
    "Bias": ("shift", "translat"),
    "Epsilon": ("inside",),
    "RMSNormCollapse": ("pole", "collapse"),
}
"""Words of the answer each scene's prediction asks the viewer to find."""


def test_chapter_titles_name_the_question_not_its_answer():
    from scenes.base.catalog import SCENES

    chapters = {entry.name: entry.chapter.lower() for entry in SCENES}
    for scene, words in PREDICTION_ANSWERS.items():
        assert not any(word in chapters[scene] for word in words), (scene, chapters[scene])
    assert not [title for title in chapters.values() if ">>" in title or "sigma" in title]


@pytest.mark.parametrize(
    "content",
    [b'[Told]\nfirst = "A {lone brace"\n', b"[Told\n", b"Told = 5\n", b"\xff\xfe not text"],
    ids=["placeholder", "not-toml", "not-a-table", "not-utf8"],
)
def test_a_narration_file_that_cannot_be_used_is_a_narration_error(tmp_path, content):
    """Whatever is wrong with a narration file, the error says it is the narration's: a
    :class:`NarrationError` (a user error: one line, exit 2) and a file error naming it."""
    from normio.errors import FileError, UserError
    from scenes.voice.narration import load_narration

    path = tmp_path / "told.toml"
    path.write_bytes(content)
    with pytest.raises(NarrationError) as raised:
        load_narration(path)
    assert isinstance(raised.value, FileError) and isinstance(raised.value, UserError)
    assert str(raised.value).startswith(f"narration: {path}: ")
    assert raised.value.exit_code == 2


def test_a_missing_value_is_a_user_error_too():
    from normio.errors import UserError

    with pytest.raises(UserError):
        fill("epsilon {eps}", {}, "intro")
