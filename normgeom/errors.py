"""The pipeline's exceptions."""

from __future__ import annotations

__all__ = ["UsageError", "RenderError"]


class UsageError(ValueError):
    """A user mistake (bad name, value, path); the message is one line that says the fix."""


class RenderError(RuntimeError):
    """Manim failed on a scene; the message names the scene and its log file."""
