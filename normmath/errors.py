"""The one exception type of :mod:`normmath`."""

__all__ = ["NormMathError", "UndefinedResultError"]


class NormMathError(ValueError):
    """Bad input to a :mod:`normmath` function; the message names the argument and the problem."""


class UndefinedResultError(NormMathError):
    """A normalization was asked for as a plain array, but some row has a zero denominator."""
