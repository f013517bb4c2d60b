"""How commands fail: one line on stderr and an exit code, never a traceback for a mistake.

A user mistake (:class:`normgeom.errors.UsageError`, :class:`normmath.NormMathError`,
:class:`scenes.voice.registry.VoiceError`, :class:`normgeom.activations.errors.ActivationsError`)
exits with 2; a failed render, a full disk (one line naming the folder) or running out of
memory (one line naming the step, :func:`normgeom.errors.step`), with 1; Ctrl-C with 130.
The error classes of modules not imported yet are not looked up: a command that never
imported ``scenes.voice.registry`` (and Manim with it) cannot raise its error.
"""

from __future__ import annotations

import errno
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import NoReturn

import typer

from normgeom.errors import RenderError, UsageError
from normgeom.rendering.disk import disk_full_message, is_disk_full
from normgeom.rendering.paths import Layout

__all__ = ["OUT_OF_MEMORY", "fail", "user_errors", "user_error_types"]

OUT_OF_MEMORY = "out of memory; close other programs or use --jobs 1, then run again"
"""The line for running out of memory outside any named step."""
SHOWN_PATH = 80
"""The longest path a message shows whole."""

ELSEWHERE = (
    ("normmath", "NormMathError"),
    ("scenes.voice.registry", "VoiceError"),
    ("normgeom.activations.errors", "ActivationsError"),
)
"""User-error classes of other packages, as (module, class name)."""


def user_error_types() -> tuple[type[Exception], ...]:
    """The exception classes that mean a user mistake, among the modules loaded so far."""
    found = [
        getattr(sys.modules[module], name) for module, name in ELSEWHERE if module in sys.modules
    ]
    return (UsageError, *found)


def fail(message: str, code: int = 2, *, as_json: bool = False) -> NoReturn:
    """Print ``normgeom: error: <message>`` (one line) to stderr and exit with ``code``;
    ``as_json``: print ``{"error": <message>}`` on stdout too."""
    print(f"normgeom: error: {message}", file=sys.stderr)
    if as_json:
        print(json.dumps({"error": message}))
    raise typer.Exit(code)


@contextmanager
def user_errors(*, as_json: bool = False) -> Iterator[None]:
    """Turn user mistakes, failed renders and Ctrl-C raised inside into :func:`fail`
    (``as_json``: for a command whose stdout is JSON)."""
    failed = partial(fail, as_json=as_json)
    try:
        yield
    except RenderError as exc:
        failed(str(exc), code=1)
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            failed(f"{_shortened(exc.filename)}: a name in this path is too long (over 255 bytes)")
        if not is_disk_full(exc):
            raise
        failed(disk_full_message(_folder_of(exc)), code=1)
    except KeyboardInterrupt:
        failed("interrupted; finished outputs are kept, run again to continue", code=130)
    except MemoryError:
        failed(OUT_OF_MEMORY, code=1)
    except Exception as exc:
        if not isinstance(exc, user_error_types()):
            raise
        failed(str(exc).splitlines()[0])


def _folder_of(exc: OSError) -> Path:
    """The folder a failed write was in (the media root when the error does not say)."""
    return Path(exc.filename).parent if exc.filename else Layout.default().media


def _shortened(path: object) -> str:
    """``path`` for a one-line message: its first and last characters when it is long."""
    text = str(path)
    return text if len(text) <= SHOWN_PATH else f"{text[: SHOWN_PATH // 2]}...{text[-20:]}"
