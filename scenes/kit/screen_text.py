"""Text on screen in the lecture's language: every label, legend row, panel line, readout
caption and title passes through :func:`on_screen` before it is typeset.

The language is the one of the scene being built, set once by whoever builds it
(:class:`~scenes.base.narrated.Narrated` from its settings, the render worker for a plain
scene such as the title card) with :func:`use_language`. A text with letters is looked up in
the language's ``words.po`` (context ``screen``; a ``{name}`` in its English matches any text,
such as a number: ``x = {x}``); numbers and symbols alone stay as they are. A text that has
no translation raises :class:`~scenes.voice.translation.TranslationError` naming it, so a
translated lecture never shows English by accident. Formulas set in MathTex stay as they
are in every language. A hyphen that starts a number (``-1.5``, ``(-1)``) is shown as the
minus sign, U+2212, as in the formulas and the readouts; a hyphen in a word or an
exponent (``mean-zero``, ``1e-06``) stays.
"""

from __future__ import annotations

import re

from scenes.base.catalog import SCENES_DIR
from scenes.voice.languages import SOURCE, check_language
from scenes.voice.translation import has_words, translated_word

__all__ = ["SCREEN_CONTEXT", "use_language", "screen_language", "on_screen"]

SCREEN_CONTEXT = "screen"
"""The context of on-screen texts in a language's ``words.po``."""

_language = SOURCE

_NUMBER_HYPHEN = re.compile(r"(?<![\w.])-(?=\.?\d)")
"""A hyphen not after a letter, digit or point and before a number: a minus sign."""


def use_language(lang: str) -> None:
    """Show the texts of scenes built from now on in language ``lang``."""
    global _language
    _language = check_language(lang)


def screen_language() -> str:
    """The language on-screen texts are shown in."""
    return _language


def on_screen(text: str) -> str:
    """``text`` as shown in the current language (see the module docstring).

    >>> use_language("en"); on_screen("input x"), on_screen("x = (-1, 0.5), mean-zero, 1e-06")
    ('input x', 'x = (\u22121, 0.5), mean-zero, 1e-06')
    """
    if _language != SOURCE and has_words(text):
        text = translated_word(text, SCREEN_CONTEXT, SCENES_DIR / "narration", _language)
    return _NUMBER_HYPHEN.sub("\u2212", text)
