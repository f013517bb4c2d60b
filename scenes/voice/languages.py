"""The languages a lecture can be spoken in: the English source and its translations.

A language is known here by its code (``ja``), with what the pipeline needs of it: its name,
the ISO 639-2 code an MP4 track is tagged with, its default voice and the subtitle rules of its
script. Its narration is the English one, translated in ``scenes/narration/<code>/*.po``
(:mod:`scenes.voice.translation`). Adding a language is one entry here plus its catalogues.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from normio.errors import UserError

__all__ = ["SOURCE", "Language", "LANGUAGES", "language", "check_language", "source_subtitles"]


@dataclass(frozen=True)
class Language:
    """A lecture language.

    ``code``: the code users type (``ja``); ``name``: its English name; ``own_name``: its name
    in itself (a subtitle track's label, ``日本語``); ``iso639_2``: the
    three-letter code of its MP4 tracks (``jpn``); ``voice``: its default voice (a name of
    :mod:`scenes.voice.registry`); ``wide``: written in full-width characters without spaces
    (subtitle lines are counted in characters and broken between phrases, not at spaces).
    """

    code: str
    name: str
    own_name: str
    iso639_2: str
    voice: str
    wide: bool = False


SOURCE = "en"
"""The language the narration files are written in; every other one is a translation."""

LANGUAGES: dict[str, Language] = {
    language.code: language
    for language in (
        Language("en", "English", "English", "eng", "hibari"),
        Language("ja", "Japanese", "日本語", "jpn", "kokoro-ja", wide=True),
    )
}


def language(code: str) -> Language:
    """The language of ``code`` (see :func:`check_language`)."""
    return LANGUAGES[check_language(code)]


def check_language(code: str) -> str:
    """``code`` when it names a known language; :class:`UserError` listing them otherwise."""
    if code not in LANGUAGES:
        known = ", ".join(f"{c} ({lang.name})" for c, lang in LANGUAGES.items())
        raise UserError(f"unknown language {code!r}; known: {known}")
    return code


def source_subtitles(path: Path) -> Path:
    """Where a translated movie's subtitles in the source language sit, beside the movie or
    its own subtitles ``path``: ``Gain.ja.mp4`` and ``Gain.ja.srt`` -> ``Gain.ja.en.srt``."""
    return path.with_suffix(f".{SOURCE}.srt")
