"""The pronunciation table and number rules: applied to what is spoken, never to captions."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scenes.base.narrated import NarratedScene
from scenes.voice import speech
from scenes.voice.pronunciation import load_pronunciation, number_words, spoken

TABLE = load_pronunciation()


@pytest.mark.parametrize(("written", "said"), sorted(TABLE.words.items()))
def test_every_word_entry_is_spoken(written, said):
    assert spoken(f"Here {written} works.") == f"Here {said} works."


@pytest.mark.parametrize(("written", "said"), sorted(TABLE.symbols.items()))
def test_every_symbol_entry_is_spoken(written, said):
    assert spoken(f"Here {written} x.") == f"Here {said} x."


def test_words_are_replaced_only_whole():
    assert spoken("RMSNorms and LayerNormed stay") == "RMSNorms and LayerNormed stay"


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("0.000001", "ten to the minus six"),
        ("1e-06", "ten to the minus six"),
        ("1E-6", "ten to the minus six"),
        ("0.25", "zero point two five"),
        ("2.5e-07", "two point five times ten to the minus seven"),
        ("0.000125", "one point two five times ten to the minus four"),
        ("0.00125", "zero point zero zero one two five"),
        ("-3", "minus three"),
        ("−0.5", "minus zero point five"),
        ("1,290", "one thousand two hundred ninety"),
        ("1e3", "one thousand"),
        ("0", "zero"),
        ("2000000", "two million"),
        ("115", "one hundred fifteen"),
    ],
)
def test_numbers_as_a_lecturer_says_them(written, said):
    assert number_words(written) == said
    assert spoken(f"It is {written}.") == f"It is {said}."


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("gain (2, 0.4, 1.5) here", "gain two, zero point four, one point five here"),
        ("bias (3,2,-2).", "bias three, two, minus two."),
        ("the vector (1e-06, 0.25)", "the vector ten to the minus six, zero point two five"),
        ("eps 0.5, gain 2.", "eps zero point five, gain two."),
    ],
)
def test_vectors_are_read_as_lists(written, said):
    assert spoken(written) == said


def test_bookmarks_are_never_spoken_and_words_with_digits_are_left_to_the_voice():
    text = "Look <bookmark mark='A'/>here, in 3D,<bookmark mark=\"b2\"/> at the all-ones line."
    assert spoken(text) == "Look here, in 3D, at the all-ones line."


@given(st.floats(allow_nan=False, allow_infinity=False, width=32), st.integers(0, 10**12))
def test_no_digit_of_a_number_or_vector_reaches_the_voice(value, whole):
    for text in (repr(value), f"{value:g}", f"{value:.6f}", str(whole), f"({value}, {whole})"):
        said = spoken(f"Value {text}.")
        assert not re.search(r"\d", said), (text, said)


class Captioned(NarratedScene):
    """One beat holding every table entry and a vector."""

    WRITTEN = " ".join([*TABLE.words, *TABLE.symbols, "(2, 0.4, 1.5) and 1e-06."])

    def construct(self) -> None:
        with self.voiceover(text=self.WRITTEN) as tracker:
            self.wait(tracker.duration)


def test_captions_keep_the_written_form_while_the_voice_hears_the_spoken_one(
    construct_scene, monkeypatch
):
    heard = []

    def tone(self, text):
        heard.append(text)
        return 0.1 * np.sin(np.linspace(0, 2000, 24000)).astype(np.float32), 24000

    monkeypatch.setattr(speech.HibariService, "synthesize", tone)
    monkeypatch.setenv("NORMGEOM_VOICE", "hibari")
    scene = construct_scene(Captioned)
    captions = " ".join(
        c.content.replace("\n", " ") for c in scene.renderer.file_writer.subcaptions
    )
    assert captions == Captioned.WRITTEN
    assert heard == [spoken(Captioned.WRITTEN)]
    for written, said in [*TABLE.words.items(), *TABLE.symbols.items()]:
        assert said in heard[0]
        assert written not in heard[0] or written in said
