"""The one exception type of :mod:`normgeom.activations`: a user mistake, said in one line."""

from normio.errors import UserError

__all__ = ["ActivationsError"]


class ActivationsError(UserError):
    """Bad text, or the model's packages are not installed; the message says the fix."""
