"""Subtitle cues of a beat, as viewers' players expect them (BBC and Netflix guidelines):
at most two lines of at most 42 characters each, broken at natural phrase boundaries, and
timed in proportion to their length within the beat's speech, so every cue reads at the
beat's own pace.

A beat's text is cut first at sentence ends, then at clause punctuation (``,`` ``;`` ``:``
``—``), then before a conjunction; phrases are packed greedily into cues that still fit two
lines; a cue's line break prefers punctuation, then balance, and never leaves an article or
a preposition at the end of the first line. A bracketed group, such as a tuple ``(1, 2, 3)``,
is never cut.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["LINE_LENGTH", "CUE_GAP", "Cue", "caption_cues", "cue_lines", "phrases"]

LINE_LENGTH = 42
"""Most characters on one subtitle line."""

CUE_GAP = 0.08
"""Seconds a cue ends before the next (two frames at 25 fps), so players show a change."""

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_CLAUSE_ENDS = ",;:—"
_CONJUNCTIONS = frozenset(
    [
        "and",
        "but",
        "or",
        "so",
        "because",
        "while",
        "where",
        "which",
        "whose",
        "when",
        "then",
        "until",
        "unless",
        "whereas",
    ]
)
_WEAK_ENDINGS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "for",
        "from",
        "with",
        "into",
        "onto",
        "its",
        "their",
        "this",
        "these",
        "that",
        "is",
        "plus",
        "minus",
        "times",
        "over",
    ]
)


@dataclass(frozen=True)
class Cue:
    """One subtitle of a beat: its text (lines joined by a newline), its start after the
    beat's start and its duration, in seconds."""

    text: str
    offset: float
    duration: float


def _split(pieces: list[str], pattern: re.Pattern) -> list[str]:
    return [part for piece in pieces for part in pattern.split(piece) if part]


def _open_brackets(words: list[str]) -> list[int]:
    """How many brackets are open after each word: a cut there would split a tuple."""
    depth, depths = 0, []
    for word in words:
        depth += sum(word.count(c) for c in "([") - sum(word.count(c) for c in ")]")
        depths.append(depth)
    return depths


def _clauses(sentence: str) -> list[str]:
    """``sentence`` cut after clause punctuation outside brackets."""
    words = sentence.split()
    parts, current = [], []
    for word, depth in zip(words, _open_brackets(words), strict=True):
        current.append(word)
        if depth <= 0 and word[-1] in _CLAUSE_ENDS:
            parts.append(" ".join(current))
            current = []
    return [*parts, " ".join(current)] if current else parts


def _before_conjunctions(phrase: str) -> list[str]:
    words, parts, current = phrase.split(), [], []
    for word in words:
        if current and word.lower() in _CONJUNCTIONS:
            parts.append(" ".join(current))
            current = []
        current.append(word)
    return [*parts, " ".join(current)]


def phrases(text: str) -> list[str]:
    """``text`` cut at natural boundaries into pieces that each fit one cue where possible.

    >>> phrases("One. Two, three and four.")
    ['One.', 'Two, three and four.']
    """
    result = []
    for sentence in _split([" ".join(text.split())], _SENTENCE_END):
        if cue_lines(sentence) is not None:
            result.append(sentence)
            continue
        for clause in _clauses(sentence):
            parts = [clause] if cue_lines(clause) else _before_conjunctions(clause)
            for part in parts:
                result += [part] if cue_lines(part) else _by_words(part)
    return result


def _by_words(text: str) -> list[str]:
    """``text`` in the fewest runs of whole words that each fit a cue, of even length."""
    words = text.split()
    count = 2
    while True:
        size = -(-len(words) // count)
        runs = [" ".join(words[i : i + size]) for i in range(0, len(words), size)]
        if all(cue_lines(run) is not None for run in runs) or size == 1:
            return runs
        count += 1


def cue_lines(text: str) -> list[str] | None:
    """``text`` as one line, or two lines broken at the best word boundary, each at most
    :data:`LINE_LENGTH` characters; ``None`` when it does not fit two lines.

    >>> cue_lines("Dividing by the standard deviation rescales every vector to the same length")
    ['Dividing by the standard deviation', 'rescales every vector to the same length']
    """
    if len(text) <= LINE_LENGTH:
        return [text]
    words = text.split()
    depths = _open_brackets(words)
    best: tuple[float, list[str]] | None = None
    for cut in range(1, len(words)):
        first, second = " ".join(words[:cut]), " ".join(words[cut:])
        if len(first) > LINE_LENGTH or len(second) > LINE_LENGTH or depths[cut - 1] > 0:
            continue
        cost = abs(len(first) - len(second))
        if first[-1] in ",;:.!?—":
            cost -= LINE_LENGTH
        elif words[cut].lower() in _CONJUNCTIONS:
            cost -= LINE_LENGTH / 2
        if words[cut - 1].lower() in _WEAK_ENDINGS:
            cost += LINE_LENGTH
        if best is None or cost < best[0]:
            best = (cost, [first, second])
    return None if best is None else best[1]


def caption_cues(text: str, duration: float) -> list[Cue]:
    """The cues of a beat spoken for ``duration`` seconds: phrases packed into cues of at
    most two lines (a cue that ends a sentence takes the start of the next one only when all
    of it fits), each lasting its share of the characters (less :data:`CUE_GAP`).

    >>> [c.text for c in caption_cues("Short beat.", 2.0)]
    ['Short beat.']
    """
    packed: list[str] = []
    for phrase in phrases(text):
        joined = f"{packed[-1]} {phrase}" if packed else phrase
        opens_a_sentence = packed and packed[-1][-1] in ".!?" and phrase[-1] not in ".!?"
        if packed and not opens_a_sentence and cue_lines(joined) is not None:
            packed[-1] = joined
        else:
            packed.append(phrase)
    total = sum(len(cue) for cue in packed) or 1
    cues, offset = [], 0.0
    for cue in packed:
        share = duration * len(cue) / total
        lines = cue_lines(cue) or [cue]
        cues.append(Cue("\n".join(lines), offset, max(share - CUE_GAP, 0.0)))
        offset += share
    return cues
