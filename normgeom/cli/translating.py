"""The ``normgeom translate`` command (registered in :mod:`normgeom.cli.app`): brings a
language's narration catalogues up to date with the English and says what is left."""

from __future__ import annotations

import typer

from normgeom.cli.failures import user_errors
from normgeom.errors import UsageError

__all__ = ["translate", "catalogue_files", "scene_coverage"]


def catalogue_files():
    """Every English narration file with its scenes' tables (the pronunciation table aside)."""
    from scenes.base.catalog import SCENES_DIR

    return [
        path
        for path in sorted((SCENES_DIR / "narration").glob("*.toml"))
        if path.stem != "pronunciation"
    ]


def scene_coverage(entry, lang: str) -> str:
    """How much of a lecture scene's narration language ``lang`` translates, for a table
    cell: ``12/12``, or with what is missing and stale."""
    from scenes.voice.narration import narration_file
    from scenes.voice.translation import coverage

    found = coverage(narration_file(entry.file), lang)
    prefix = f"{entry.name}."
    total = sum(1 for context in found.contexts if context.startswith(prefix))
    missing = sum(1 for context in found.missing if context.startswith(prefix))
    stale = sum(1 for context in found.stale if context.startswith(prefix))
    text = f"{total - missing - stale}/{total}"
    left = [f"{n} {what}" for n, what in ((missing, "missing"), (stale, "stale")) if n]
    return f"{text} ({', '.join(left)})" if left else text


def translate(
    lang: str = typer.Argument(..., help="the language code, e.g. ja"),
    check: bool = typer.Option(
        False, "--check", help="change nothing; exit 1 when a beat is missing or stale"
    ),
) -> None:
    """Bring a language's catalogues (scenes/narration/<lang>/, one per narration file) up
    to date with the English (new beats empty, edited ones marked fuzzy) and list every beat
    still to translate."""
    from normgeom.cli.report import shown
    from normgeom.rendering.atomic import write_text
    from scenes.voice.languages import SOURCE, check_language
    from scenes.voice.translation import catalogue_file, coverage, merged

    left = 0
    with user_errors():
        lang = check_language(lang)
        if lang == SOURCE:
            raise UsageError("translate: English is the source; give a translation's code (ja)")
        for path in catalogue_files():
            target = catalogue_file(path, lang)
            text = merged(path, lang)
            old = target.read_text(encoding="utf-8") if target.is_file() else None
            if not check and text != old:
                target.parent.mkdir(parents=True, exist_ok=True)
                write_text(target, text)
            found = coverage(path, lang)
            state = "updated" if not check and text != old else "checked"
            print(f"{shown(target)}: {found.done}/{found.total} translated ({state})")
            for context in found.missing:
                print(f"  missing: {context}")
            for context in found.stale:
                print(f"  stale: {context} (the English changed; review it, then drop fuzzy)")
            left += len(found.missing) + len(found.stale)
    if check and left:
        raise typer.Exit(1)
