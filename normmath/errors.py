"""The exceptions of :mod:`normmath`, and :class:`UserError`, the base of every user mistake
in the project (normmath is its lowest layer)."""

from typing import ClassVar

__all__ = ["UserError", "NormMathError", "UndefinedResultError", "FileError"]


class UserError(ValueError):
    """A user mistake (a bad name, value, path or file, a voice not usable here): the first
    line of the message says what is wrong and how to fix it. Every user error of every
    package subclasses it; the command line prints that line and exits with
    :attr:`exit_code`, never with a traceback."""

    exit_code: ClassVar[int] = 2


class NormMathError(UserError):
    """Bad input to a :mod:`normmath` function; the message names the argument and the problem."""


class UndefinedResultError(NormMathError):
    """A normalization was asked for as a plain array, but some row has a zero denominator."""


class FileError(NormMathError):
    """A file that cannot be used: missing, not a regular file, too large or not decodable
    (:mod:`normmath.files`). The message is ``<what>: <path>: [line <n>[, <part>]: ]<reason>``;
    ``line`` is the 1-based line of a decoding error (``None`` when it has none), ``part``
    what the line belongs to (a narration beat).
    """

    def __init__(
        self, what: str, path: object, reason: str, line: int | None = None, part: str = ""
    ) -> None:
        place = f"line {line}{', ' + part if part else ''}: " if line else ""
        super().__init__(f"{what}: {path}: {place}{reason}")
        self.what, self.path, self.reason, self.line = what, path, reason, line
