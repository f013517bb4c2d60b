"""The exceptions of :mod:`normmath`: bad arguments, and results that are undefined."""

from normio.errors import UserError

__all__ = ["NormMathError", "UndefinedResultError"]


class NormMathError(UserError):
    """Bad input to a :mod:`normmath` function; the message names the argument and the problem."""


class UndefinedResultError(NormMathError):
    """A normalization was asked for as a plain array, but some row has a zero denominator."""
