"""What the voice says for a written narration text: :func:`spoken`.

Captions, subtitles and speaker notes show the written text; only the speech services pass
it through :func:`spoken` first. The table beside the narration
(``scenes/narration/pronunciation.toml``) names words and symbols; numbers and vectors are
spoken by rule, so values filled in from the scene parameters come out as a lecturer says
them:

>>> spoken("RMSNorm at ε = 1e-06, gain (2, 0.4, 1.5).")
'R M S norm at epsilon equals ten to the minus six, gain two, zero point four, one point five.'
>>> spoken("Radius √3; -2.5e-7 is small.")
'Radius root three; minus two point five times ten to the minus seven is small.'
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import cache
from pathlib import Path

from normio import files

__all__ = [
    "PRONUNCIATION_FILE",
    "Pronunciation",
    "load_pronunciation",
    "number_words",
    "spoken",
    "spoken_token",
]

PRONUNCIATION_FILE = Path(__file__).resolve().parents[1] / "narration" / "pronunciation.toml"

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
    r"(?<![\w.])[-−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+−]?\d+)?(?!\w|\.\d)"
)


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
    text = text.replace("−", "-").replace(",", "")
    sign = "minus " if text.startswith("-") else ""
    value = Decimal(text.lstrip("+-"))
    scientific = "e" in text.lower()
    if value == value.to_integral_value() and (scientific or "." not in text):
        return sign + _integer_words(int(value))
    if not scientific and (value >= SMALLEST_PLAIN or value == 0):
        return sign + _plain_words(text.lstrip("+-"))
    digits, exponent = value.normalize().as_tuple()[1:]
    power = len(digits) + exponent - 1
    mantissa = "".join(map(str, digits))
    mantissa = mantissa[0] + (f".{mantissa[1:]}" if len(mantissa) > 1 else "")
    tail = f"ten to the {'minus ' if power < 0 else ''}{_integer_words(abs(power))}"
    return sign + (tail if mantissa == "1" else f"{_plain_words(mantissa)} times {tail}")


class Pronunciation:
    """A pronunciation table: whole ``words`` and ``symbols`` to what is said instead."""

    def __init__(self, words: dict[str, str], symbols: dict[str, str]) -> None:
        self.words = dict(words)
        self.symbols = dict(symbols)
        names = sorted(self.words, key=len, reverse=True)
        self._word = (
            re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b") if names else None
        )

    def __call__(self, text: str) -> str:
        """``text`` as spoken: no bookmarks, table entries replaced, numbers in words."""
        text = _BOOKMARK.sub(" ", text)
        for symbol, said in self.symbols.items():
            text = text.replace(symbol, f" {said} ")
        if self._word is not None:
            text = self._word.sub(lambda m: self.words[m.group(1)], text)
        text = _VECTOR.sub(
            lambda m: ", ".join(number_words(v) for v in re.split(r"\s*,\s*", m.group(1))), text
        )
        text = _NUMBER.sub(lambda m: number_words(m.group(0)), text)
        return " ".join(re.sub(r"\s+([,.;:!?])", r"\1", text).split())


@cache
def load_pronunciation(path: Path = PRONUNCIATION_FILE) -> Pronunciation:
    """The table in ``path`` (sections ``[words]`` and ``[symbols]``)."""
    table = files.read_toml(path, "pronunciation", files.MB)
    return Pronunciation(table.get("words", {}), table.get("symbols", {}))


def spoken(text: str) -> str:
    """What the voice says for the written narration ``text`` (see the module docstring)."""
    return load_pronunciation()(text)


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
