"""What the voice says for a written narration text: :func:`spoken`.

Captions, subtitles and speaker notes show the written text; only the speech services pass
it through :func:`spoken` first. A table per language (``scenes/narration/pronunciation.toml``
for English, ``scenes/narration/<code>/pronunciation.toml`` for a translation) names words and
symbols; numbers and vectors are spoken by the language's rule, so values filled in from the
scene parameters come out as a lecturer says them:

>>> spoken("RMSNorm at ε = 1e-06, gain (2, 0.4, 1.5).")
'R M S norm at epsilon equals ten to the minus six, gain two, zero point four, one point five.'
>>> spoken("Radius √3; -2.5e-7 is small.")
'Radius root three; minus two point five times ten to the minus seven is small.'
>>> spoken("RMSNormでε = 1e-06、ゲイン(2, 0.4, 1.5)。", "ja")
'アールエムエスノルムで イプシロン イコール 10のマイナス6乗、ゲイン2、0点四、1点五。'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import NamedTuple

from normio import files
from scenes.voice.languages import SOURCE, language

__all__ = [
    "PRONUNCIATION_FILE",
    "pronunciation_file",
    "Pronunciation",
    "load_pronunciation",
    "number_words",
    "japanese_number_words",
    "spoken",
    "spoken_token",
]

PRONUNCIATION_FILE = Path(__file__).resolve().parents[1] / "narration" / "pronunciation.toml"


def pronunciation_file(lang: str = SOURCE) -> Path:
    """The pronunciation table of language ``lang``."""
    if lang == SOURCE:
        return PRONUNCIATION_FILE
    return PRONUNCIATION_FILE.parent / lang / PRONUNCIATION_FILE.name


_ONES = (
    ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
    + ("eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen")
    + ("eighteen", "nineteen")
)
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_SCALES = ((10**12, "trillion"), (10**9, "billion"), (10**6, "million"), (1000, "thousand"))
SMALLEST_PLAIN = Decimal("0.001")
"""Nonzero magnitudes below this are spoken in powers of ten ("ten to the minus six")."""

_BOOKMARK = re.compile(r"<bookmark\s*mark\s*=\s*['\"][^'\"]*['\"]\s*/>")
_SCALAR = r"[-−]?\d+(?:\.\d+)?(?:[eE][-+−]?\d+)?"
_VECTOR = re.compile(rf"\(\s*({_SCALAR}(?:\s*,\s*{_SCALAR})+)\s*\)")
_NUMBER = re.compile(
    r"(?<![A-Za-z0-9_.])[-−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+−]?\d+)?"
    r"(?![A-Za-z0-9_]|\.\d)"
)
"""A written number, set off by anything but Latin letters, digits and points (a Japanese
word may touch it: 「半径は3.46です」)."""


def _integer_words(n: int) -> str:
    """Words for a non-negative integer: 1290 -> 'one thousand two hundred ninety'."""
    if n < 20:
        return _ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + (f" {_ONES[ones]}" if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return f"{_ONES[hundreds]} hundred" + (f" {_integer_words(rest)}" if rest else "")
    for scale, name in _SCALES:
        if n >= scale:
            high, rest = divmod(n, scale)
            return f"{_integer_words(high)} {name}" + (f" {_integer_words(rest)}" if rest else "")
    raise AssertionError("unreachable")  # pragma: no cover


def _digits_words(digits: str) -> str:
    return " ".join(_ONES[int(d)] for d in digits)


def _plain_words(text: str) -> str:
    """Words for an unsigned plain decimal as written: '0.40' -> 'zero point four zero'."""
    whole, _, fraction = text.partition(".")
    words = _integer_words(int(whole))
    return f"{words} point {_digits_words(fraction)}" if fraction else words


class _Reading(NamedTuple):
    """A written number as it is read, in any language: its sign, and either a whole number
    (``whole``), a plain decimal as written (``plain``), or a mantissa as written times ten
    to ``power`` (``mantissa`` ``None`` for a bare power of ten)."""

    negative: bool
    whole: int | None = None
    plain: str | None = None
    mantissa: str | None = None
    power: int = 0


def _reading(text: str) -> _Reading:
    """How a written number is read: integers whole, plain decimals as written, nonzero
    magnitudes below 0.001 and exponents whose value is not whole in powers of ten."""
    text = text.replace("−", "-").replace(",", "")
    negative = text.startswith("-")
    value = Decimal(text.lstrip("+-"))
    scientific = "e" in text.lower()
    if value == value.to_integral_value() and (scientific or "." not in text):
        return _Reading(negative, whole=int(value))
    if not scientific and (value >= SMALLEST_PLAIN or value == 0):
        return _Reading(negative, plain=text.lstrip("+-"))
    digits, exponent = value.normalize().as_tuple()[1:]
    mantissa = "".join(map(str, digits))
    mantissa = mantissa[0] + (f".{mantissa[1:]}" if len(mantissa) > 1 else "")
    power = len(digits) + exponent - 1
    return _Reading(negative, mantissa=None if mantissa == "1" else mantissa, power=power)


def number_words(text: str) -> str:
    """How a lecturer says a written number.

    Integers and plain decimals digit by digit after the point; nonzero magnitudes below
    0.001 and numbers written with an exponent whose value is not a whole number in powers
    of ten.

    >>> [number_words(t) for t in ("0.25", "-3", "1e-06", "1e3")]
    ['zero point two five', 'minus three', 'ten to the minus six', 'one thousand']
    >>> number_words("0.00025")
    'two point five times ten to the minus four'
    """
    read = _reading(text)
    sign = "minus " if read.negative else ""
    if read.whole is not None:
        return sign + _integer_words(read.whole)
    if read.plain is not None:
        return sign + _plain_words(read.plain)
    tail = f"ten to the {'minus ' if read.power < 0 else ''}{_integer_words(abs(read.power))}"
    return sign + (f"{_plain_words(read.mantissa)} times {tail}" if read.mantissa else tail)


_KANJI_DIGITS = "〇一二三四五六七八九"


def _japanese_plain(written: str) -> str:
    """A plain decimal as the Japanese voice reads it right: 0.25 -> 「0点二五」."""
    whole, _, fraction = written.partition(".")
    digits = "".join(_KANJI_DIGITS[int(d)] for d in fraction)
    return str(int(whole)) + (f"点{digits}" if fraction else "")


def japanese_number_words(text: str) -> str:
    """How a Japanese lecturer says a written number, in the written form the Japanese voice
    reads right: the whole part in digits, each digit after the point in kanji (「0点二五」 is
    read れいてんにーご), small magnitudes and exponents as powers of ten.

    >>> [japanese_number_words(t) for t in ("0.25", "-3", "1e-06", "1e3", "-2.5e-07")]
    ['0点二五', 'マイナス3', '10のマイナス6乗', '1000', 'マイナス2点五かける10のマイナス7乗']
    """
    read = _reading(text)
    sign = "マイナス" if read.negative else ""
    if read.whole is not None:
        return sign + str(read.whole)
    if read.plain is not None:
        return sign + _japanese_plain(read.plain)
    tail = f"10の{'マイナス' if read.power < 0 else ''}{abs(read.power)}乗"
    return sign + (f"{_japanese_plain(read.mantissa)}かける{tail}" if read.mantissa else tail)


NUMBER_RULES: dict[str, tuple[Callable[[str], str], str]] = {
    SOURCE: (number_words, ", "),
    "ja": (japanese_number_words, "、"),
}
"""Each language's rule for a written number, and what separates a vector's spoken entries."""


class Pronunciation:
    """A pronunciation table: whole ``words`` and ``symbols`` to what is said instead, and
    numbers said by the rule of language ``lang`` (:data:`NUMBER_RULES`)."""

    def __init__(self, words: dict[str, str], symbols: dict[str, str], lang: str = SOURCE) -> None:
        self.words = dict(words)
        self.symbols = dict(symbols)
        self.numbers, self.separator = NUMBER_RULES[lang]
        self.wide = language(lang).wide
        names = sorted(self.words, key=len, reverse=True)
        self._word = (
            re.compile(r"(?<![A-Za-z0-9])(" + "|".join(map(re.escape, names)) + r")(?![A-Za-z0-9])")
            if names
            else None
        )

    def __call__(self, text: str) -> str:
        """``text`` as spoken: no bookmarks, table entries replaced, numbers in words."""
        text = _BOOKMARK.sub(" ", text)
        for symbol, said in self.symbols.items():
            text = text.replace(symbol, f" {said} ")
        if self._word is not None:
            text = self._word.sub(lambda m: self.words[m.group(1)], text)
        numbers = self.numbers
        text = _VECTOR.sub(
            lambda m: self.separator.join(numbers(v) for v in re.split(r"\s*,\s*", m.group(1))),
            text,
        )
        text = _NUMBER.sub(lambda m: numbers(m.group(0)), text)
        text = " ".join(re.sub(r"\s+([,.;:!?、。？！])", r"\1", text).split())
        return re.sub(r"([、。？！])\s+", r"\1", text) if self.wide else text


@cache
def load_pronunciation(lang: str = SOURCE) -> Pronunciation:
    """The table of language ``lang`` (sections ``[words]`` and ``[symbols]``)."""
    table = files.read_toml(pronunciation_file(lang), "pronunciation", files.MB)
    return Pronunciation(table.get("words", {}), table.get("symbols", {}), lang)


def spoken(text: str, lang: str = SOURCE) -> str:
    """What the voice says for the written narration ``text`` in language ``lang`` (see the
    module docstring)."""
    return load_pronunciation(lang)(text)


SPOKEN_TOKENS = {
    ".": "the full stop",
    ",": "the comma",
    "[CLS]": "the CLS token",
    "[SEP]": "the SEP token",
}
"""How the narration says tokens that are not words."""


def spoken_token(token: str) -> str:
    """A token as the narration says it: punctuation and special tokens by name, a word
    piece (``##nor``) as the quoted piece."""
    if token in SPOKEN_TOKENS:
        return SPOKEN_TOKENS[token]
    return f"the word piece '{token[2:]}'" if token.startswith("##") else f"'{token}'"
