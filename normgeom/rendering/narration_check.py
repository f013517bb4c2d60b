"""A narrated scene of one's own, checked against its narration file before anything renders,
from the source alone (no import, no Manim): the file has a table for the class, every beat
the class speaks (``self.beat("name")``) is in it, and every ``{placeholder}`` and variant
condition of a beat is a value the scene gives (when its ``narration_values`` returns a
literal dict, or when neither it nor a base of its own defines one: no values at all).

Each problem is one :class:`~normgeom.errors.UsageError` naming the narration file and the
beat.
"""

from __future__ import annotations

import ast
from pathlib import Path

from normgeom.errors import UsageError
from scenes.base import source
from scenes.base.catalog import SCENES_DIR, first_narration
from scenes.base.source import ClassRef
from scenes.voice.narration import narration_file
from scenes.voice.wording import OTHERWISE, Template, placeholders

__all__ = ["check_narration"]

NARRATED = SCENES_DIR / "base" / "narrated.py"
"""The module of :class:`scenes.base.narrated.Narrated`, which every narrated scene extends."""
VALUES_HOOK = "narration_values"


def check_narration(file: Path, name: str) -> None:
    """Raise :class:`UsageError` when class ``name`` of ``file``, a narrated scene, speaks a
    beat its narration lacks (or has no narration at all), or asks a value it does not give."""
    classes = source.lineage(file, name)
    if (NARRATED.resolve(), "Narrated") not in classes:
        return  # a plain Manim scene: no narration
    own = [ref for ref in classes if ref[0] is not None and SCENES_DIR not in ref[0].parents]
    table = narration_file(file)
    beats = first_narration(classes)
    spoken = [spoken for ref in own for spoken in source.spoken_beats(ref)]
    if beats is None and spoken:
        beat, line = spoken[0]
        raise UsageError(
            f"{file.name}:{name}: no narration for {name} (line {line} speaks {beat!r}); "
            f"write [{name}] in {table}"
        )
    for beat, line in spoken:
        if beat not in beats:
            raise UsageError(
                f"{table}: [{name}] has no beat {beat!r}, which {file.name} line {line} speaks"
            )
    values = _values(classes, own)
    if values is None:
        return
    for beat, template in (beats or {}).items():
        unknown = sorted(_needs(template) - values)
        if unknown:
            raise UsageError(
                f"{table}: [{name}] beat {beat!r} uses {', '.join(unknown)}, which the scene's "
                f"{VALUES_HOOK}() does not give"
            )


def _needs(template: Template) -> set[str]:
    """The values and conditions a beat's template asks for."""
    if isinstance(template, str):
        return placeholders(template)
    texts = set().union(*(placeholders(text) for text in template.values()))
    return texts | (set(template) - {OTHERWISE})


def _values(classes: list[ClassRef], own: list[ClassRef]) -> set[str] | None:
    """The names the scene's narration values hold, when the source says: the keys of the
    first ``narration_values`` in the method resolution order if it is the user's and returns
    a literal dict, none when the first is :class:`~scenes.base.narrated.Narrated`'s; else
    None (not known statically)."""
    for ref in classes:
        if ref[0] is None:
            continue
        if ref == (NARRATED.resolve(), "Narrated"):
            return set()
        node = source.class_node(ref)
        body = node.body if node is not None else []
        hook = next(
            (n for n in body if isinstance(n, ast.FunctionDef) and n.name == VALUES_HOOK), None
        )
        if hook is not None:
            return _literal_keys(hook) if ref in own else None
    return set()


def _literal_keys(hook: ast.FunctionDef) -> set[str] | None:
    """The keys of ``return {...}`` in ``hook`` when it is its only return and every key is a
    string literal; else None."""
    returns = [n for n in ast.walk(hook) if isinstance(n, ast.Return)]
    if len(returns) != 1 or not isinstance(returns[0].value, ast.Dict):
        return None
    keys = returns[0].value.keys
    if not all(isinstance(k, ast.Constant) and isinstance(k.value, str) for k in keys):
        return None
    return {k.value for k in keys}
