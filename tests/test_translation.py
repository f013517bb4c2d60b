"""Translations: every beat, word value, chapter and screen text of the shipped languages, the
catalogue rules (missing and stale entries named, placeholders kept), Japanese subtitles and
speech."""

from __future__ import annotations

import re
import shutil

import polib
import pytest
from hypothesis import given
from hypothesis import strategies as st

from normmath.recorded import load_recorded, module_label
from scenes.base.catalog import SCENES, SCENES_DIR
from scenes.base.declarations import is_prediction
from scenes.voice.captions import WIDE_LINE_LENGTH, caption_cues, wide_cue_lines, width
from scenes.voice.languages import LANGUAGES, SOURCE
from scenes.voice.narration import load_narration, narration_file
from scenes.voice.pronunciation import SPOKEN_TOKENS, japanese_number_words, spoken
from scenes.voice.translation import (
    TranslationError,
    catalogue_file,
    coverage,
    entries,
    merged,
    translated,
    translated_values,
    translated_word,
)
from scenes.voice.wording import fill, placeholders, written

NARRATION = SCENES_DIR / "narration"
TRANSLATIONS = [code for code in LANGUAGES if code != SOURCE]
FILES = sorted({narration_file(entry.file) for entry in SCENES})


@pytest.mark.parametrize("lang", TRANSLATIONS)
@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_every_beat_of_every_scene_is_translated_and_current(path, lang):
    found = coverage(path, lang)
    assert found.total == sum(len(entries(s, b)) for s, b in load_narration(path).items()) > 0
    assert (found.missing, found.stale) == ((), ())
    for scene, beats in load_narration(path).items():
        assert set(translated(path, scene, beats, lang)) == set(beats)


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_placeholders_fill_in_both_languages_and_questions_stay_questions(lang):
    checked = 0
    for path in FILES:
        for scene, beats in load_narration(path).items():
            english = entries(scene, beats)
            foreign = entries(scene, translated(path, scene, beats, lang))
            for context, text in english.items():
                values = {name: (2.0, 0.4, 1.5) for name in placeholders(text)}
                for filled in (fill(text, values), fill(foreign[context], values)):
                    assert filled.count(written((2.0, 0.4, 1.5))) >= bool(values), context
                assert is_prediction(text) == is_prediction(foreign[context]), context
                checked += 1
    assert checked > 100


def catalogue_copy(tmp_path, stem="recap"):
    """A narration file and its Japanese catalogue, copied where a test may edit them."""
    toml = tmp_path / f"{stem}.toml"
    shutil.copy(NARRATION / f"{stem}.toml", toml)
    (tmp_path / "ja").mkdir()
    shutil.copy(catalogue_file(NARRATION / f"{stem}.toml", "ja"), tmp_path / "ja" / f"{stem}.po")
    return toml


def test_an_edited_english_beat_is_stale_until_reviewed_and_a_new_one_missing(tmp_path):
    toml = catalogue_copy(tmp_path)
    text = toml.read_text()
    first = next(iter(load_narration(toml)["Recap"]))
    edited = re.sub(
        rf'^{first}(\.\w+)? = """', lambda m: m.group(0) + "Now, ", text, count=1, flags=re.M
    )
    assert edited != text
    toml.write_text(edited + '\n[Recap2]\nhello = "Hello."\n')
    found = coverage(toml, "ja")
    assert len(found.stale) == 1 and found.stale[0].startswith(f"Recap.{first}")
    assert found.missing == ("Recap2.hello",)
    beats = load_narration(toml)["Recap"]
    with pytest.raises(TranslationError, match=rf"ja/recap.po: beat Recap\.{first}.*: stale"):
        translated(toml, "Recap", beats, "ja")
    with pytest.raises(TranslationError, match="beat Recap2.hello: not translated"):
        translated(toml, "Recap2", load_narration(toml)["Recap2"], "ja")
    # brought up to date: the old translation kept, marked fuzzy, the old English beside it
    old_english = entries("Recap", load_narration(NARRATION / "recap.toml")["Recap"])[
        found.stale[0]
    ]
    catalogue_path = tmp_path / "ja" / "recap.po"
    catalogue_path.write_text(merged(toml, "ja"), encoding="utf-8")
    catalogue = polib.pofile(str(catalogue_path))
    entry = next(e for e in catalogue if e.msgctxt == found.stale[0])
    assert "fuzzy" in entry.flags and entry.msgstr
    assert (entry.previous_msgid, entry.msgid) == (old_english, "Now, " + old_english)
    assert next(e for e in catalogue if e.msgctxt == "Recap2.hello").msgstr == ""
    assert coverage(toml, "ja").stale == found.stale  # still stale until a translator reviews
    entry.flags.remove("fuzzy")  # reviewed
    catalogue.save(str(catalogue_path))
    assert coverage(toml, "ja").stale == ()


def test_a_translation_with_other_placeholders_is_refused(tmp_path):
    toml = catalogue_copy(tmp_path, "layernorm")
    path = tmp_path / "ja" / "layernorm.po"
    catalogue = polib.pofile(str(path))
    (entry,) = [e for e in catalogue if e.msgctxt == "Gain.predict"]
    entry.msgstr = entry.msgstr.replace("{gamma}", "{gain}")
    catalogue.save(str(path))
    with pytest.raises(TranslationError, match=r"Gain.predict: placeholders differ .*\(gamma\)"):
        translated(toml, "Gain", load_narration(toml)["Gain"], "ja")


def test_a_catalogue_that_is_not_gettext_is_one_line_naming_it(tmp_path):
    toml = catalogue_copy(tmp_path)
    (tmp_path / "ja" / "recap.po").write_text('msgid "unterminated\n', encoding="utf-8")
    with pytest.raises(TranslationError, match=r"translation: .*ja/recap.po: "):
        translated(toml, "Recap", load_narration(toml)["Recap"], "ja")


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_every_word_value_and_chapter_title_is_translated(lang):
    modules = {module_label(m.name) for m in load_recorded().modules}
    values = {
        "kind": "widely spread vectors",
        "all": "vectors",
        **{f"module {m}": m for m in modules},
        **{f"token {t}": said for t, said in SPOKEN_TOKENS.items()},
        "piece": "the word piece 'ing'",
        "word": "'norm'",
        "number": "0.25",
    }
    found = translated_values(values, NARRATION, lang)
    assert found["number"] == "0.25"
    words = {name: text for name, text in found.items() if name not in ("number", "piece", "word")}
    assert not [text for text in words.values() if re.search("[a-z]{3}", text)]  # no English left
    assert "ing" in found["piece"] and "norm" in found["word"]
    for entry in SCENES:
        assert translated_word(entry.chapter, "chapter", NARRATION, lang) != entry.chapter
    with pytest.raises(TranslationError, match='msgctxt "value" and msgid "no such value"'):
        translated_values({"x": "no such value"}, NARRATION, lang)


def test_the_most_specific_screen_entry_wins_and_the_words_it_matches_are_translated(tmp_path):
    catalogue = polib.POFile()
    for context, msgid, msgstr in [
        ("screen", "Input {a}", "入力 {a}"),
        ("screen", "Input {a} again", "再び入力 {a}"),
        ("screen", "{a}/{b}  {name}", "{a}/{b}  {name}"),
        ("value", "layer {n} output", "第{n}層の出力"),
    ]:
        catalogue.append(polib.POEntry(msgctxt=context, msgid=msgid, msgstr=msgstr))
    (tmp_path / "ja").mkdir()
    catalogue.save(str(tmp_path / "ja" / "words.po"))
    assert (
        translated_word("Input (1, 2, 3) again", "screen", tmp_path, "ja") == "再び入力 (1, 2, 3)"
    )
    assert translated_word("Input (1, 2, 3)", "screen", tmp_path, "ja") == "入力 (1, 2, 3)"
    assert translated_word("3/13  layer 4 output", "screen", tmp_path, "ja") == "3/13  第4層の出力"
    with pytest.raises(TranslationError, match="no translation of 'Output'"):
        translated_word("Output", "screen", tmp_path, "ja")


JAPANESE_BEATS = [
    text
    for path in FILES
    for scene, beats in load_narration(path).items()
    for text in entries(scene, translated(path, scene, beats, "ja")).values()
]


DETERMINERS = ("この", "その", "あの", "ただ")
"""Words that open the phrase of the noun after them (この図, ただ一つ; not どの, the end
of 先ほどの)."""


@pytest.mark.parametrize("index", range(0, len(JAPANESE_BEATS)))
def test_japanese_subtitles_keep_to_two_lines_of_13_and_never_cut_a_word(index):
    text = JAPANESE_BEATS[index]
    filled = fill(text, {name: 0.25 for name in placeholders(text)})
    cues = caption_cues(filled, 30.0, "ja")
    shown = "".join(cue.text.replace("\n", "") for cue in cues)
    assert shown == re.sub(r"(?<=[^\x00-\x7f]) | (?=[^\x00-\x7f])", "", filled)
    for cue in cues:
        lines = cue.text.split("\n")
        assert len(lines) <= 2
        assert all(width(line) <= WIDE_LINE_LENGTH for line in lines), cue.text
        for line in lines[:-1]:  # a line ends after punctuation or a run of kana
            assert re.search(r"[、。？！ぁ-ゟ]$", line), cue.text
            assert not line.endswith(DETERMINERS), cue.text  # この|図 is one phrase
    durations = [cue.duration for cue in cues]
    assert sum(durations) <= 30.0 and all(d > 0 for d in durations)


def test_a_determiner_keeps_its_noun_unless_nothing_else_fits():
    assert wide_cue_lines("平均を引くと点はその平面に移ります。") == [
        "平均を引くと",  # not 平均を引くと点はその|平面に, the better balance
        "点はその平面に移ります。",
    ]
    assert wide_cue_lines("この図のどこにあるでしょうか。") == [
        "この",
        "図のどこにあるでしょうか。",
    ]


@given(st.text(alphabet="平均分散をはがのにでと、。ベクトル", min_size=1, max_size=60))
def test_wide_lines_fit_or_the_text_is_refused(text):
    lines = wide_cue_lines(text)
    if lines is not None:
        assert "".join(lines) == text and len(lines) <= 2
        assert all(width(line) <= WIDE_LINE_LENGTH for line in lines)
    else:
        assert width(text) > WIDE_LINE_LENGTH


def test_japanese_numbers_are_read_as_a_japanese_lecturer_reads_them():
    cases = {
        "0.25": "0点二五",
        "3.46": "3点四六",
        "-2": "マイナス2",
        "1e-06": "10のマイナス6乗",
        "0.000001": "10のマイナス6乗",
        "2.5e-07": "2点五かける10のマイナス7乗",
        "1290": "1290",
    }
    assert {text: japanese_number_words(text) for text in cases} == cases
    said = spoken("RMSNormはε = 1e-06で、半径は√3、ベクトル(2, 0.4, 1.5)です。", "ja")
    assert said == (
        "アールエムエスノルムは イプシロン イコール 10のマイナス6乗で、"
        "半径は ルート 3、ベクトル2、0点四、1点五です。"
    )


def test_the_english_is_spoken_and_subtitled_as_before():
    text = "RMSNorm at ε = 1e-06, gain (2, 0.4, 1.5)."
    assert (
        spoken(text)
        == spoken(text, "en")
        == (
            "R M S norm at epsilon equals ten to the minus six, gain two, zero point four, "
            "one point five."
        )
    )
    long = (
        "Dividing by the standard deviation rescales every vector to the same length, root three."
    )
    assert caption_cues(long, 6.0) == caption_cues(long, 6.0, "en")


def test_translate_checks_and_rewrites_nothing_when_the_catalogues_are_current(media):
    from typer.testing import CliRunner

    from normgeom.cli.app import app

    before = {path: path.read_bytes() for path in (NARRATION / "ja").glob("*.po")}
    checked = CliRunner().invoke(app, ["translate", "ja", "--check"])
    assert checked.exit_code == 0 and checked.stdout.count("translated (checked)") == len(FILES)
    rewritten = CliRunner().invoke(app, ["translate", "ja"])
    assert rewritten.exit_code == 0 and "updated" not in rewritten.stdout
    assert {path: path.read_bytes() for path in (NARRATION / "ja").glob("*.po")} == before
    listed = CliRunner().invoke(app, ["list", "--lang", "ja"], env={"COLUMNS": "200"})
    assert listed.exit_code == 0 and "translated (ja)" in listed.stdout
    assert "missing" not in listed.stdout and "stale" not in listed.stdout


def test_japanese_screen_text_says_between_what_in_words_not_with_an_arrow():
    """「RMS ↔ LN」 reads as English notation: the Japanese says 「RMSとLNの」."""
    catalogue = polib.pofile(str(SCENES_DIR / "narration" / "ja" / "words.po"))
    arrows = [entry.msgstr for entry in catalogue if "↔" in entry.msgstr]
    assert arrows == []
    assert sum("↔" in entry.msgid for entry in catalogue) >= 5  # the English keeps its arrow
