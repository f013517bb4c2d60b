"""How commands fail: one line on stderr and an exit code, never a traceback for a mistake.

A user mistake (:class:`normgeom.errors.UsageError`, :class:`normmath.NormMathError`,
:class:`scenes.voice.registry.VoiceError`, :class:`normgeom.activations.errors.ActivationsError`)
exits with 2; a failed render, or a full disk (one line naming the folder), with 1; Ctrl-C
with 130. The error classes of modules not imported yet are not looked up: a command that
never imported ``scenes.voice.registry`` (and Manim with it) cannot raise its error.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

import typer

from normgeom.errors import RenderError, UsageError
from normgeom.render.disk import disk_full_message, is_disk_full
from normgeom.render.paths import Layout

__all__ = ["fail", "user_errors", "user_error_types"]

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


def fail(message: str, code: int = 2) -> NoReturn:
    """Print ``normgeom: error: <message>`` (one line) to stderr and exit with ``code``."""
    print(f"normgeom: error: {message}", file=sys.stderr)
    raise typer.Exit(code)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn user mistakes, failed renders and Ctrl-C raised inside into :func:`fail`."""
    try:
        yield
    except RenderError as exc:
        fail(str(exc), code=1)
    except OSError as exc:
        if not is_disk_full(exc):
            raise
        fail(disk_full_message(_folder_of(exc)), code=1)
    except KeyboardInterrupt:
        fail("interrupted; finished outputs are kept, run again to continue", code=130)
    except Exception as exc:
        if not isinstance(exc, user_error_types()):
            raise
        fail(str(exc).splitlines()[0])


def _folder_of(exc: OSError) -> Path:
    """The folder a failed write was in (the media root when the error does not say)."""
    return Path(exc.filename).parent if exc.filename else Layout.default().media
