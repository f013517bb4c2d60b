"""The exceptions of :mod:`normmath`."""

__all__ = ["NormMathError", "UndefinedResultError", "FileError"]


class NormMathError(ValueError):
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
