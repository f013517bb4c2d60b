"""Narration that stays true for any parameters: a beat's text filled from its scene's values.

A beat in ``narration/<module>.toml`` is either one text, or a table of variants keyed by a
condition name: the first variant whose condition is true among the scene's values is used,
and the variant ``otherwise`` when none is. ``{name}`` in a text is replaced by the written
form of the value ``name`` (:func:`written`): numbers as ``0.25`` or ``1e-06``, vectors as
``(2, 0.4, 1.5)``. Captions and subtitles show this written form; speech is made from it.

Scenes provide their values through ``narration_values()`` (computed from their parameters
and :mod:`normmath`); :func:`fill` is the one place where a text is filled in.
"""

from __future__ import annotations

import string
from collections.abc import Mapping

import numpy as np

import normmath as nm
from normio.errors import UserError

__all__ = [
    "OTHERWISE",
    "Template",
    "NarrationError",
    "written",
    "normalized",
    "placeholders",
    "fill",
]

_FORMAT = string.Formatter()

OTHERWISE = "otherwise"
"""The variant used when no other variant's condition holds."""

Template = str | dict[str, str]
"""A beat as written in a narration file: one text, or variants by condition."""


class NarrationError(UserError):
    """A narration that cannot be spoken: a beat that asks for a value or condition its
    scene does not provide, or (:class:`~scenes.voice.narration.NarrationFileError`) a
    narration file that cannot be read."""


def written(value) -> str:
    """The written form of a narration value: a number in its shortest general form, a
    vector in parentheses, anything else as text.

    >>> written(0.25), written(1e-6), written(20), written((2.0, 0.4, 1.5)), written(-0.0)
    ('0.25', '1e-06', '20', '(2, 0.4, 1.5)', '0')
    """
    if isinstance(value, str):
        return value
    array = np.asarray(value)
    if array.ndim == 1:
        return nm.display_vector(array.tolist(), written)
    if array.ndim == 0 and np.issubdtype(array.dtype, np.number):
        text = f"{float(array):g}"
        return "0" if text == "-0" else text
    return str(value)


def normalized(template: Template) -> Template:
    """``template`` with every run of whitespace (line breaks too) made one space."""
    if isinstance(template, str):
        return " ".join(template.split())
    return {condition: " ".join(text.split()) for condition, text in template.items()}


def placeholders(text: str) -> set[str]:
    """The names of the ``{name}`` placeholders in ``text``; ``ValueError`` saying the fix for
    a lone brace or a field that is not a plain name (``{}``, ``{0}``, ``{eps:.2f}``).

    >>> sorted(placeholders("{n} points, {{braces}} shown")), placeholders("plain")
    (['n'], set())
    """
    hint = "write {{ or }} to show a brace, {name} for a value"
    try:
        fields = [(name, spec, conversion) for _, name, spec, conversion in _FORMAT.parse(text)]
    except ValueError as exc:
        raise ValueError(f"{exc} ({hint})") from None
    names = set()
    for name, spec, conversion in fields:
        if name is None:
            continue
        if not name.isidentifier() or spec or conversion:
            field = name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
            raise ValueError(f"{{{field}}} is not a placeholder ({hint})")
        names.add(name)
    return names


def fill(template: Template, values: Mapping[str, object], beat: str = "beat") -> str:
    """The text of ``template`` for a scene whose narration values are ``values``.

    >>> fill({"cluster": "{n} points, one cluster.", "otherwise": "{n} points."}, {"n": 7,
    ...      "cluster": False})
    '7 points.'
    """
    if isinstance(template, dict):
        chosen = next((c for c in template if c != OTHERWISE and _holds(c, values, beat)), None)
        if chosen is None and OTHERWISE not in template:
            raise NarrationError(f"{beat}: no variant holds and there is no '{OTHERWISE}'")
        template = template[OTHERWISE if chosen is None else chosen]
    names = placeholders(template)
    missing = sorted(names - set(values))
    if missing:
        raise NarrationError(f"{beat}: the scene gives no value for {', '.join(missing)}")
    return template.format_map({name: written(values[name]) for name in names})


def _holds(condition: str, values: Mapping[str, object], beat: str) -> bool:
    if condition not in values:
        raise NarrationError(f"{beat}: the scene gives no condition '{condition}'")
    return bool(values[condition])
