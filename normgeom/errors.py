"""The pipeline's exceptions, its one-line warnings and the named steps that turn running
out of memory into one line."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import ClassVar

from normmath.errors import UserError

__all__ = ["UsageError", "RenderError", "OutOfMemoryError", "warn", "step"]


def warn(message: str) -> None:
    """Print ``normgeom: warning: <message>`` on stderr (the run goes on)."""
    print(f"normgeom: warning: {message}", file=sys.stderr)


class UsageError(UserError):
    """A user mistake (bad name, value, path); the message is one line that says the fix."""


class RenderError(RuntimeError):
    """Manim failed on a scene; the message names the scene and its log file. The command
    line prints it and exits with :attr:`exit_code`."""

    exit_code: ClassVar[int] = 1


class OutOfMemoryError(RenderError):
    """A step ran out of memory; the message names the step."""


@contextmanager
def step(what: str) -> Iterator[None]:
    """Name the work inside: a :class:`MemoryError` raised there becomes an
    :class:`OutOfMemoryError` saying ``out of memory while <what>`` (the innermost step
    names it)."""
    try:
        yield
    except MemoryError:
        raise OutOfMemoryError(
            f"out of memory while {what}; close other programs or use --jobs 1, then run again"
        ) from None
