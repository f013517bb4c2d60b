"""Text on screen in the lecture's language: every label, legend row, panel line, readout
caption and title passes through :func:`on_screen` before it is typeset.

The language is the one of the scene being built, set once by whoever builds it
(:class:`~scenes.base.narrated.Narrated` from its settings, the render worker for a plain
scene such as the title card) with :func:`use_language`. A text with letters is looked up in
the language's ``words.po`` (context ``screen``; a ``{name}`` in its English matches any text,
such as a number: ``x = {x}``); numbers and symbols alone stay as they are. A text that has
no translation raises :class:`~scenes.voice.translation.TranslationError` naming it, so a
translated lecture never shows English by accident. Formulas set in MathTex stay as they
are in every language.
"""

from __future__ import annotations

from scenes.base.catalog import SCENES_DIR
from scenes.voice.languages import SOURCE, check_language
from scenes.voice.translation import has_words, translated_word

__all__ = ["SCREEN_CONTEXT", "use_language", "screen_language", "on_screen"]

SCREEN_CONTEXT = "screen"
"""The context of on-screen texts in a language's ``words.po``."""

_language = SOURCE


def use_language(lang: str) -> None:
    """Show the texts of scenes built from now on in language ``lang``."""
    global _language
    _language = check_language(lang)


def screen_language() -> str:
    """The language on-screen texts are shown in."""
    return _language


def on_screen(text: str) -> str:
    """``text`` as shown in the current language (see the module docstring).

    >>> use_language("en"); on_screen("input x")
    'input x'
    """
    if _language == SOURCE or not has_words(text):
        return text
    return translated_word(text, SCREEN_CONTEXT, SCENES_DIR / "narration", _language)
