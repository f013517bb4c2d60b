"""Narration in another language: gettext catalogues beside the English narration files.

The English ``narration/<module>.toml`` stays the source. Its translation into language
``<code>`` is ``narration/<code>/<module>.po``, a gettext catalogue (what Poedit, Lokalize,
Weblate and ``msgmerge`` read): one entry per beat text, its ``msgctxt`` ``Scene.beat`` (a
variant: ``Scene.beat.condition``), its ``msgid`` the English text (whitespace made single
spaces), its ``msgstr`` the translation, with the same ``{name}`` placeholders.

An entry whose ``msgid`` is no longer the English text (the English was edited after it was
translated), or that a translator marked ``fuzzy``, is stale; one with no ``msgstr`` is
missing. Either is a :class:`TranslationError` naming the catalogue and the beat: a
translated lecture never speaks a beat in English. :func:`merged` brings a catalogue up to
date with its English (new beats empty; edited ones fuzzy, keeping the old English as
``#| msgid``, as ``msgmerge`` does), and :func:`coverage` counts what is done.

Words that are not beats are translated through ``narration/<code>/words.po``
(:func:`translated_word`): the values a scene fills in that are words, not numbers (a
module's name, a token; context ``value``, :func:`translated_values`), the chapter titles
(context ``chapter``) and every text on screen (context ``screen``,
:mod:`scenes.kit.screen_text`). A ``msgid`` is the English, where a ``{name}`` matches any
text that the ``msgstr`` repeats (``layer {n} output`` -> ``第{n}層の出力``); a matched text
that has words is itself translated as a value.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import polib

from normio import files
from normio.errors import FileError
from scenes.voice.languages import SOURCE, language
from scenes.voice.narration import load_narration
from scenes.voice.wording import NarrationError, Template, placeholders

__all__ = [
    "CATALOGUE_LIMIT",
    "TranslationError",
    "Coverage",
    "catalogue_file",
    "entries",
    "translated",
    "translated_values",
    "translated_word",
    "has_words",
    "words_file",
    "merged",
    "coverage",
]

CATALOGUE_LIMIT = files.MB
"""Largest catalogue read (a translated narration file is about twice its English)."""


class TranslationError(NarrationError):
    """A beat without a usable translation (missing, stale, placeholders that differ), or a
    catalogue that cannot be read: one line naming the catalogue and the beat."""


VALUES_CONTEXT = "value"
_NUMBER = re.compile(r"\d+(?:\.\d+)?(?:[eE][-+−]?\d+)?")
_WORD = re.compile(r"[^\W\d_]{2,}")
"""Two letters in a row: a word (a lone letter is a symbol, x or μ)."""


def catalogue_file(narration: Path, lang: str) -> Path:
    """The catalogue translating narration file ``narration`` into ``lang``."""
    return narration.parent / lang / f"{narration.stem}.po"


def entries(scene: str, beats: dict[str, Template]) -> dict[str, str]:
    """The catalogue entries of a scene's English beats: ``{msgctxt: English text}``.

    >>> entries("Gain", {"intro": "Next.", "tilt": {"even_gain": "No.", "otherwise": "Yes."}})
    {'Gain.intro': 'Next.', 'Gain.tilt.even_gain': 'No.', 'Gain.tilt.otherwise': 'Yes.'}
    """
    found = {}
    for beat, template in beats.items():
        if isinstance(template, str):
            found[f"{scene}.{beat}"] = template
        else:
            found.update({f"{scene}.{beat}.{c}": text for c, text in template.items()})
    return found


@dataclass(frozen=True)
class _Entry:
    english: str
    text: str
    fuzzy: bool


def _catalogue(path: Path) -> dict[str, _Entry]:
    """The live entries of catalogue ``path`` by context ({} when there is no file)."""
    try:
        stat = path.stat()
    except FileNotFoundError:
        return {}
    return _parse(path, stat.st_mtime_ns, stat.st_size)


@cache
def _parse(path: Path, mtime_ns: int, size: int, values: str = "") -> dict[str, _Entry]:
    """The live entries of a catalogue by context, or (``values``: a context) those of that
    context by msgid."""
    try:
        text = files.read_text(path, "translation", CATALOGUE_LIMIT)
        catalogue = polib.pofile(text, wrapwidth=0)
    except FileError as exc:
        raise TranslationError(str(exc)) from None
    except (OSError, ValueError) as exc:
        raise TranslationError(f"translation: {path}: {exc}") from None
    live = [entry for entry in catalogue if entry.msgctxt and not entry.obsolete]
    return {
        (entry.msgid if values else entry.msgctxt): _Entry(
            entry.msgid, entry.msgstr, "fuzzy" in entry.flags
        )
        for entry in live
        if not values or entry.msgctxt == values
    }


NOT_TRANSLATED = "not translated"


def _problem(english: str, entry: _Entry | None) -> str | None:
    """Why ``entry`` cannot stand for ``english`` (None: it can)."""
    if entry is None or not entry.text.strip():
        return NOT_TRANSLATED
    if entry.fuzzy or " ".join(entry.english.split()) != english:
        return "stale: the English changed since it was translated"
    try:
        theirs = placeholders(entry.text)
    except ValueError as exc:
        return str(exc)
    if theirs != placeholders(english):
        want = ", ".join(sorted(placeholders(english))) or "none"
        return f"placeholders differ from the English ({want})"
    return None


def translated(narration: Path, scene: str, beats: dict[str, Template], lang: str) -> dict:
    """The beats of table ``scene`` of narration file ``narration`` in language ``lang``:
    ``beats`` itself for the source language, else every text replaced by its translation.

    Raises :class:`TranslationError` for the first beat that has no usable translation.
    """
    if language(lang).code == SOURCE:
        return beats
    path = catalogue_file(narration, lang)
    catalogue = _catalogue(path)
    texts = {}
    for context, english in entries(scene, beats).items():
        entry = catalogue.get(context)
        problem = _problem(english, entry)
        if problem:
            raise TranslationError(
                f"translation: {path}: beat {context}: {problem} "
                f"(normgeom translate {lang} lists what is left)"
            )
        texts[context] = " ".join(entry.text.split())
    result = {}
    for beat, template in beats.items():
        if isinstance(template, str):
            result[beat] = texts[f"{scene}.{beat}"]
        else:
            result[beat] = {c: texts[f"{scene}.{beat}.{c}"] for c in template}
    return result


def words_file(narration_folder: Path, lang: str) -> Path:
    """The catalogue of words that are not beats, of language ``lang``."""
    return narration_folder / lang / "words.po"


def translated_word(english: str, context: str, narration_folder: Path, lang: str) -> str:
    """``english`` (a value, chapter title or screen text: ``context``) in language ``lang``;
    :class:`TranslationError` naming the catalogue when it has no translation.

    >>> from scenes.base.catalog import SCENES_DIR
    >>> translated_word("layer 2 output", "value", SCENES_DIR / "narration", "ja")
    '第2層の出力'
    """
    if language(lang).code == SOURCE:
        return english
    path = words_file(narration_folder, lang)
    matches = [
        (len(_FIELD.sub("", msgid)), entry.text, match.groupdict())
        for msgid, entry in _words(path, context).items()
        if entry.text.strip() and not entry.fuzzy and (match := _pattern(msgid).fullmatch(english))
    ]
    if matches:  # the most specific entry: the most English outside its fields
        _, text, parts = max(matches, key=lambda found: found[0])
        return text.format_map(
            {
                name: translated_word(part, VALUES_CONTEXT, narration_folder, lang)
                if context != VALUES_CONTEXT and has_words(part)
                else part
                for name, part in parts.items()
            }
        )
    raise TranslationError(
        f"translation: {path}: no translation of {english!r}; add an entry with "
        f'msgctxt "{context}" and msgid {json.dumps(english, ensure_ascii=False)}'
    )


def translated_values(
    values: Mapping[str, object], narration_folder: Path, lang: str
) -> dict[str, object]:
    """``values`` with every text that has letters replaced by its translation in ``lang``
    (numbers, vectors, conditions and texts of digits unchanged); :class:`TranslationError`
    for a text the values catalogue does not translate.

    >>> from scenes.base.catalog import SCENES_DIR
    >>> translated_values({"n": 3, "m": "layer 2 output"}, SCENES_DIR / "narration", "en")
    {'n': 3, 'm': 'layer 2 output'}
    """
    return {
        name: translated_word(value, VALUES_CONTEXT, narration_folder, lang)
        if isinstance(value, str) and has_words(value)
        else value
        for name, value in values.items()
    }


def has_words(text: str) -> bool:
    """Whether ``text`` has a word to translate, not only numbers and symbols (single letters
    such as x, μ, σ and numbers such as 1e-06 are the same in every language).

    >>> has_words("x − μ1 = (1, 2, 3)"), has_words("1e-06"), has_words("input x")
    (False, False, True)
    """
    return bool(_WORD.search(_NUMBER.sub(" ", text)))


_FIELD = re.compile(r"\{([A-Za-z_]\w*)\}")


def _pattern(english: str) -> re.Pattern:
    """A msgid of words as a pattern: its ``{name}`` fields match any text."""
    parts = _FIELD.split(english)
    regex = "".join(
        f"(?P<{part}>.+?)" if index % 2 else re.escape(part) for index, part in enumerate(parts)
    )
    return re.compile(regex)


def _words(path: Path, context: str) -> dict[str, _Entry]:
    """The entries of ``context`` in catalogue ``path`` by English ({} when there is no
    file)."""
    try:
        stat = path.stat()
    except FileNotFoundError:
        return {}
    return _parse(path, stat.st_mtime_ns, stat.st_size, context)


@dataclass(frozen=True)
class Coverage:
    """How much of one narration file a catalogue translates: the ``contexts`` of all its
    entries, of those ``missing`` and of those ``stale``."""

    catalogue: Path
    contexts: tuple[str, ...]
    missing: tuple[str, ...]
    stale: tuple[str, ...]

    @property
    def total(self) -> int:
        return len(self.contexts)

    @property
    def done(self) -> int:
        return self.total - len(self.missing) - len(self.stale)


def coverage(narration: Path, lang: str) -> Coverage:
    """What catalogue ``lang`` of ``narration`` lacks (see :class:`Coverage`)."""
    path = catalogue_file(narration, lang)
    catalogue = _catalogue(path)
    english = {
        context: text
        for scene, beats in load_narration(narration).items()
        for context, text in entries(scene, beats).items()
    }
    problems = {c: _problem(text, catalogue.get(c)) for c, text in english.items()}
    missing = tuple(c for c, problem in problems.items() if problem == NOT_TRANSLATED)
    stale = tuple(c for c, problem in problems.items() if problem not in (None, NOT_TRANSLATED))
    return Coverage(path, tuple(english), missing, stale)


def merged(narration: Path, lang: str) -> str:
    """The text of catalogue ``lang`` of ``narration`` brought up to date with the English:
    every entry in the English order; translations kept; an entry whose English changed
    marked fuzzy with the old English as its previous msgid; beats no longer in the English
    kept as obsolete entries (``#~``), so no translation is lost."""
    path = catalogue_file(narration, lang)
    _catalogue(path)  # a catalogue that cannot be read is reported, not overwritten
    old = polib.pofile(str(path), wrapwidth=0) if path.exists() else polib.POFile(wrapwidth=0)
    by_context = {entry.msgctxt: entry for entry in old if entry.msgctxt}
    name = language(lang).name
    catalogue = polib.POFile(wrapwidth=78)
    catalogue.header = (
        f"{name} translation of {narration.name}: msgctxt is Scene.beat[.condition], msgid the\n"
        "English, msgstr its translation with the same {placeholders}. After editing the\n"
        f"English, run `normgeom translate {lang}`: changed entries become fuzzy."
    )
    catalogue.metadata = {
        "Project-Id-Version": "normgeom",
        "Language": lang,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
    }
    for scene, beats in load_narration(narration).items():
        for context, english in entries(scene, beats).items():
            previous = by_context.pop(context, None)
            entry = polib.POEntry(msgctxt=context, msgid=english, msgstr="")
            if previous is not None and not previous.obsolete:
                entry.msgstr = previous.msgstr
                entry.flags = list(previous.flags)
                entry.previous_msgid = previous.previous_msgid
                if " ".join(previous.msgid.split()) != english and previous.msgstr:
                    entry.previous_msgid = previous.msgid
                    entry.flags = sorted({*entry.flags, "fuzzy"})
            catalogue.append(entry)
    for entry in by_context.values():
        if entry.msgstr:
            entry.obsolete = True
            catalogue.append(entry)
    return str(catalogue) + "\n"
