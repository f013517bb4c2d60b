"""Subtitle cues of a beat, as viewers' players expect them (BBC and Netflix guidelines):
at most two lines of at most 42 characters each, broken at natural phrase boundaries, and
timed in proportion to their length within the beat's speech, so every cue reads at the
beat's own pace.

A beat's text is cut first at sentence ends, then at clause punctuation (``,`` ``;`` ``:``
``—``), then before a conjunction; phrases are packed greedily into cues that still fit two
lines; a cue's line break prefers punctuation, then balance, and never leaves an article or
a preposition at the end of the first line. A bracketed group, such as a tuple ``(1, 2, 3)``,
is never cut.

A language written without spaces (Japanese) follows its own conventions (Netflix's Japanese
timed-text guide): at most two lines of :data:`WIDE_LINE_LENGTH` full-width characters (a
half-width letter or digit counts half), cut after ``。？！``, then after ``、``, then
between phrases: where a run of kana ends and a word of kanji, katakana, Latin letters or
digits begins (``平均を|引くと``) or a bracketed vector, never inside a word, a number or a
bracketed group, and after a determiner (``この図``, ``ただ一つ``) only where nothing else
fits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scenes.voice.languages import SOURCE, language

__all__ = [
    "LINE_LENGTH",
    "WIDE_LINE_LENGTH",
    "CUE_GAP",
    "SHORTEST_CUE",
    "Cue",
    "caption_cues",
    "cue_lines",
    "wide_cue_lines",
    "phrases",
    "wide_phrases",
    "width",
]

LINE_LENGTH = 42
"""Most characters on one subtitle line."""
WIDE_LINE_LENGTH = 13
"""Most full-width characters on one line of Japanese subtitles."""

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


_WIDE_SENTENCE_END = "。？！?!"
_WIDE_CLAUSE_END = "、，：；"
_KANA = re.compile(r"[\u3041-\u309f]")  # hiragana
_WIDE_SPACE = re.compile(r"(?<=[^\x00-\x7f]) | (?=[^\x00-\x7f])")
"""A space beside a full-width character: not written in Japanese ((3, 3, 3) keeps its own)."""
_DETERMINERS = ("この", "その", "あの", "ただ")
"""Words that open the phrase of the noun after them: cut after (この|図, ただ|一つ) only
where no other cut fits."""
_OPENING = "(（[「『"
_CLOSING = ")）]」』"


def width(text: str) -> float:
    """``text``'s width in full-width characters: a half-width (ASCII) character is half.

    >>> width("平均は0.25"), width("ベクトル")
    (5.0, 4.0)
    """
    return sum(0.5 if ord(c) < 0x80 else 1.0 for c in text)


def _phrase_ends(c: str, following: str) -> bool:
    """Whether a phrase ends between ``c`` and ``following``: a run of kana ends and a word
    begins (平均を|引く), or a written vector begins (定数ベクトル|(1, 1, 1))."""
    if following == "(":
        return ord(c) >= 0x80
    return bool(_KANA.match(c)) and not _KANA.match(following) and following != "ー"


def _wide_cuts(text: str) -> list[tuple[int, int]]:
    """Where ``text`` (no spaces) may be cut, as (index, strength): 3 after a sentence end,
    2 after a clause mark, 1 between phrases, 0 after a determiner (この|図: only where
    nothing else fits); never inside brackets or a Latin word or number."""
    cuts, depth = [], 0
    for i, c in enumerate(text[:-1]):
        depth += (c in _OPENING) - (c in _CLOSING)
        following = text[i + 1]
        if depth > 0 or following in _WIDE_SENTENCE_END + _WIDE_CLAUSE_END + _CLOSING:
            continue
        if c in _WIDE_SENTENCE_END:
            cuts.append((i + 1, 3))
        elif c in _WIDE_CLAUSE_END:
            cuts.append((i + 1, 2))
        elif _phrase_ends(c, following):
            cuts.append((i + 1, 0 if text.endswith(_DETERMINERS, 0, i + 1) else 1))
    return cuts


def wide_cue_lines(text: str) -> list[str] | None:
    """``text`` (written without spaces) as one line, or two lines cut at the best place
    (the places of ``_wide_cuts``, the strongest first, then balance), each at most
    :data:`WIDE_LINE_LENGTH` wide; ``None`` when it does not fit two lines.

    >>> wide_cue_lines("平均を引くと、点はすべて平面に移ります。")
    ['平均を引くと、', '点はすべて平面に移ります。']
    """
    if width(text) <= WIDE_LINE_LENGTH:
        return [text]
    best: tuple[float, list[str]] | None = None
    for cut, strength in _wide_cuts(text):
        first, second = text[:cut], text[cut:]
        if max(width(first), width(second)) > WIDE_LINE_LENGTH:
            continue
        cost = abs(width(first) - width(second)) - strength * WIDE_LINE_LENGTH
        if best is None or cost < best[0]:
            best = (cost, [first, second])
    return None if best is None else best[1]


def wide_phrases(text: str) -> list[str]:
    """``text`` (written without spaces) cut into pieces that each fit one cue: at sentence
    ends, then clause marks, then between phrases, into the fewest pieces of even width.

    >>> wide_phrases("平均を引きます。次に、標準偏差で割ります。")
    ['平均を引きます。', '次に、標準偏差で割ります。']
    """
    text = _WIDE_SPACE.sub("", " ".join(text.split()))
    pieces, start = [], 0
    for cut, strength in _wide_cuts(text):
        if strength == 3:
            pieces.append(text[start:cut])
            start = cut
    pieces.append(text[start:])
    result = []
    for piece in pieces:
        result += _fitting(piece)
    return result


def _fitting(piece: str) -> list[str]:
    """``piece`` whole if it fits a cue, else cut at its cuts into the fewest fitting runs
    (greedy: each run as long as fits, preferring to end on a clause mark)."""
    if wide_cue_lines(piece) is not None:
        return [piece]
    runs, start = [], 0
    cuts = _wide_cuts(piece) + [(len(piece), 3)]
    while start < len(piece):
        fitting = [(c, s) for c, s in cuts if c > start and wide_cue_lines(piece[start:c])]
        if not fitting:  # no cut fits: take the shortest next run
            end = next(c for c, _ in cuts if c > start)
        else:
            far = max(c for c, _ in fitting)
            clause = [
                c
                for c, s in fitting
                if s >= 2 and width(piece[start:c]) >= width(piece[start:far]) / 2
            ]
            end = max(clause) if clause else far
        runs.append(piece[start:end])
        start = end
    return runs


_PHRASE_STARTS = _CONJUNCTIONS | {
    "for", "under", "over", "after", "before", "between", "with", "from", "into", "onto",
    "to", "in", "on", "at", "by", "of",
}  # fmt: skip

SHORTEST_CUE = 20
"""Fewest characters of a cue that ends a sentence begun in the cue before it (about a
second at a lecture's pace): a shorter tail flashes by."""


def _without_short_tails(packed: list[str]) -> list[str]:
    """``packed`` cues with each too-short tail of a sentence (:data:`SHORTEST_CUE`) taken
    back: into the cue before it when both fit one cue, else the two re-cut at the word
    that evens their lengths best, before a conjunction or preposition if it can (both
    fitting, the first not ending on a weak word)."""
    cues = list(packed)
    for index in range(len(cues) - 1, 0, -1):
        tail, before = cues[index], cues[index - 1]
        if len(tail) >= SHORTEST_CUE or before[-1] in ".!?":
            continue
        joined = f"{before} {tail}"
        if cue_lines(joined) is not None:
            cues[index - 1 : index + 1] = [joined]
            continue
        words, best = joined.split(), None
        for cut in range(1, len(words)):
            first, second = " ".join(words[:cut]), " ".join(words[cut:])
            if len(second) < SHORTEST_CUE or words[cut - 1].lower() in _WEAK_ENDINGS:
                continue
            if cue_lines(first) is None or cue_lines(second) is None:
                continue
            cost = abs(len(first) - len(second)) - (LINE_LENGTH if first[-1] in ",;:—" else 0)
            if words[cut].lower() in _PHRASE_STARTS:
                cost -= LINE_LENGTH / 2
            if best is None or cost < best[0]:
                best = (cost, [first, second])
        if best is not None:
            cues[index - 1 : index + 1] = best[1]
    return cues


def caption_cues(text: str, duration: float, lang: str = SOURCE) -> list[Cue]:
    """The cues of a beat spoken for ``duration`` seconds in language ``lang``: phrases
    packed into cues of at most two lines (a cue that ends a sentence takes the start of the
    next one only when all of it fits; a sentence's tail is never shorter than
    :data:`SHORTEST_CUE`), each lasting its share of the characters (less
    :data:`CUE_GAP`).

    >>> [c.text for c in caption_cues("Short beat.", 2.0)]
    ['Short beat.']
    """
    wide = language(lang).wide
    split, fits, space, ends = (
        (wide_phrases, wide_cue_lines, "", _WIDE_SENTENCE_END)
        if wide
        else (phrases, cue_lines, " ", ".!?")
    )
    packed: list[str] = []
    for phrase in split(text):
        joined = f"{packed[-1]}{space}{phrase}" if packed else phrase
        opens_a_sentence = packed and packed[-1][-1] in ends and phrase[-1] not in ends
        if packed and not opens_a_sentence and fits(joined) is not None:
            packed[-1] = joined
        else:
            packed.append(phrase)
    if not wide:
        packed = _without_short_tails(packed)
    total = sum(len(cue) for cue in packed) or 1
    cues, offset = [], 0.0
    for cue in packed:
        share = duration * len(cue) / total
        lines = fits(cue) or [cue]
        cues.append(Cue("\n".join(lines), offset, max(share - CUE_GAP, 0.0)))
        offset += share
    return cues
