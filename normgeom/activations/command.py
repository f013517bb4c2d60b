"""``normgeom activations TEXT [--json]``: where one text's vectors sit at every LayerNorm."""

from __future__ import annotations

import json

from rich.console import Console

from normgeom.activations.errors import ActivationsError

__all__ = ["show_activations"]


def show_activations(text: str | None, extra: list[str], as_json: bool) -> None:
    """Capture ``text`` and print the table (or the JSON document alone on stdout).

    ``extra`` holds the command line's leftover arguments: an unknown option (a single word
    starting with ``-``; a text that starts with ``-`` and has a space is a text) or a second
    text is an :class:`ActivationsError`, as are an empty or too long text and missing
    packages.
    """
    for arg in [text or "", *extra]:
        if arg.startswith("-") and " " not in arg:
            raise ActivationsError(f"activations: unknown option {arg!r} (see --help)")
    if extra:
        raise ActivationsError(f"activations: one text only, got also {extra[0]!r}; quote it")
    from normgeom.activations.capture import capture, require_text
    from normgeom.activations.model import MODEL_NAME, load_model
    from normgeom.activations.report import to_json, to_table

    with Console(stderr=True).status(f"running {MODEL_NAME} on the CPU"):
        captured = capture(require_text(text), load_model())
    if as_json:
        print(json.dumps(to_json(captured)))
    else:
        Console().print(to_table(captured))
