"""The pipeline's exceptions, and its one-line warnings."""

from __future__ import annotations

import sys

__all__ = ["UsageError", "RenderError", "warn"]


def warn(message: str) -> None:
    """Print ``normgeom: warning: <message>`` on stderr (the run goes on)."""
    print(f"normgeom: warning: {message}", file=sys.stderr)


class UsageError(ValueError):
    """A user mistake (bad name, value, path); the message is one line that says the fix."""


class RenderError(RuntimeError):
    """Manim failed on a scene; the message names the scene and its log file."""
