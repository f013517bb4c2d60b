"""The pipeline's exceptions, its one-line warnings and the named steps that turn running
out of memory into one line.

Warnings go to the ``normgeom`` logger (:data:`LOGGER`): a script or notebook using the
Python API sees them only through ``logging``, as it configures it; the command line
shows them on stderr (:func:`show_warnings`).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import ClassVar

from normio.errors import UserError

__all__ = [
    "LOGGER",
    "UsageError",
    "RenderError",
    "OutOfMemoryError",
    "warn",
    "show_warnings",
    "step",
]

LOGGER = logging.getLogger("normgeom")
"""Where normgeom's warnings go (silent until a handler is configured)."""
LOGGER.addHandler(logging.NullHandler())


def warn(message: str) -> None:
    """Log ``message`` as a warning of :data:`LOGGER` (the run goes on)."""
    LOGGER.warning(message)


class _Stderr(logging.Handler):
    """Prints each record as ``normgeom: warning: <message>`` on the current stderr."""

    def emit(self, record: logging.LogRecord) -> None:
        print(f"normgeom: {record.levelname.lower()}: {record.getMessage()}", file=sys.stderr)


def show_warnings() -> None:
    """Show :data:`LOGGER`'s warnings on stderr from now on, as ``normgeom: warning: <message>``
    (the command line and the render workers, whose stderr is the job's log)."""
    if not any(isinstance(handler, _Stderr) for handler in LOGGER.handlers):
        LOGGER.addHandler(_Stderr())


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
