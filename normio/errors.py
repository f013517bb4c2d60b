"""The base of every user mistake in the project, and the error of a file that cannot be used."""

from typing import ClassVar

__all__ = ["UserError", "FileError"]


class UserError(ValueError):
    """A user mistake (a bad name, value, path or file, a voice not usable here): the first
    line of the message says what is wrong and how to fix it. Every user error of every
    package subclasses it; the command line prints that line and exits with
    :attr:`exit_code`, never with a traceback."""

    exit_code: ClassVar[int] = 2


class FileError(UserError):
    """A file that cannot be used: missing, not a regular file, too large or not decodable
    (:mod:`normio.files`). The message is ``<what>: <path>: [line <n>[, <part>]: ]<reason>``;
    ``line`` is the 1-based line of a decoding error (``None`` when it has none), ``part``
    what the line belongs to (a narration beat).
    """

    def __init__(
        self, what: str, path: object, reason: str, line: int | None = None, part: str = ""
    ) -> None:
        place = f"line {line}{', ' + part if part else ''}: " if line else ""
        super().__init__(f"{what}: {path}: {place}{reason}")
        self.what, self.path, self.reason, self.line = what, path, reason, line
