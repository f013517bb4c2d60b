"""Subtitle cues: at most two lines of 42 characters, phrase breaks, the beat's own pace."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scenes.base.narrated import Narrated
from scenes.base.parameters import SceneSettings
from scenes.voice.captions import CUE_GAP, LINE_LENGTH, caption_cues, cue_lines

NARRATION = Path(__file__).resolve().parents[1] / "scenes" / "narration"


def _beat_texts() -> list[str]:
    texts = []
    for file in NARRATION.glob("*.toml"):
        if file.stem == "pronunciation":
            continue
        for beats in tomllib.loads(file.read_text()).values():
            for value in beats.values():
                texts += list(value.values()) if isinstance(value, dict) else [value]
    return texts


def _check(text: str, duration: float) -> None:
    cues = caption_cues(text, duration)
    for cue in cues:
        lines = cue.text.split("\n")
        assert len(lines) <= 2
        assert all(len(line) <= LINE_LENGTH or " " not in line for line in lines), lines
    said = " ".join(cue.text.replace("\n", " ") for cue in cues)
    assert said == " ".join(text.split())
    ends = [cue.offset + cue.duration for cue in cues]
    assert all(a.offset < b.offset for a, b in zip(cues, cues[1:], strict=False))
    assert all(end <= b.offset - CUE_GAP + 1e-9 for end, b in zip(ends, cues[1:], strict=False))
    assert ends[-1] <= duration + 1e-9
    total = sum(len(c.text) for c in cues)
    for cue in cues:  # each cue reads at the beat's pace: its share of the characters
        share = duration * len(cue.text) / total  # less the gap, never below zero
        assert cue.duration == pytest.approx(max(share - CUE_GAP, 0.0))


@pytest.mark.parametrize("text", _beat_texts())
def test_every_beat_of_the_lecture_makes_cues_of_two_short_lines(text):
    _check(text, 10.0)


SAMPLE = (
    "the sphere of radius root three, and one vector. LayerNorm subtracts mean; "
    "epsilon: which points land where because gain is 1.224745 (1, 2, 3)"
)
WORDS = st.sampled_from(SAMPLE.split(" "))


@given(st.lists(WORDS, min_size=1, max_size=80).map(" ".join), st.floats(1.0, 60.0))
def test_any_text_makes_cues_of_two_short_lines(text, duration):
    _check(text, duration)


def test_a_line_break_prefers_punctuation_and_no_weak_ending():
    assert cue_lines("Back to the sphere of radius root three, and one vector, (1, 2, 3).") == [
        "Back to the sphere of radius root three,",
        "and one vector, (1, 2, 3).",
    ]
    first, second = cue_lines("The dotted trails are all parallel to the purple line of means.")
    assert first.split()[-1] not in {"the", "to", "of"} and len(first) <= LINE_LENGTH
    assert cue_lines("x " * 50) is None  # a hundred characters do not fit two lines


@pytest.mark.parametrize(
    "text",
    [
        "Back to the start: the third coordinate returns, and every number is again that of "
        "(1, 2, 3).",
        "Here are 20 vectors in three dimensions, drawn as blue points: 10 are spread widely, "
        "and 10 form a tight cluster near the point (4.5, 5, 5.5).",
        "Now subtract the mean: the input becomes (-1, 0, 1), its mean zero, and the two rules "
        "agree exactly, without RMSNorm centering anything.",
    ],
)
def test_a_tuple_is_never_cut_across_lines_or_cues(text):
    for cue in caption_cues(text, 10.0):
        for line in cue.text.split("\n"):
            assert line.count("(") == line.count(")"), cue.text


class _Subtitles:
    def __init__(self) -> None:
        self.cues: list[tuple[str, float, float]] = []
        self.settings = SceneSettings()

    def add_subcaption(self, content: str, duration: float = 1, offset: float = 0) -> None:
        self.cues.append((content, offset, duration))


def test_a_narrated_scene_writes_these_cues():
    text = (
        "Dividing by the standard deviation rescales every vector to the same length, root "
        "three: the radius of this grey sphere. In n dimensions it is root n."
    )
    scene = _Subtitles()
    Narrated.add_wrapped_subcaption(scene, text, 9.0)
    assert [content for content, _, _ in scene.cues] == [c.text for c in caption_cues(text, 9.0)]
    assert all(max(len(line) for line in c.split("\n")) <= LINE_LENGTH for c, _, _ in scene.cues)


def test_a_sentence_never_ends_on_a_flash_of_a_few_words():
    """Greedy packing left "and epsilon." alone for 0.7 s: the tail is taken back, the two
    cues re-cut before a preposition, both fitting two lines."""
    from scenes.voice.captions import SHORTEST_CUE

    text = (
        "The table adds squares, centered values, and both rules' outputs for a fixed "
        "reference vector under the same gain and epsilon."
    )
    cues = [c.text.replace("\n", " ") for c in caption_cues(text, 8.0)]
    assert " ".join(cues) == text
    assert all(len(cue) >= SHORTEST_CUE and cue_lines(cue) is not None for cue in cues)
    assert cues[-1] == "under the same gain and epsilon."
