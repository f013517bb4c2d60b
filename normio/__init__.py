"""normio: the project's user errors and its checked reading of any file a user names.

The lowest layer, below the numeric core: :mod:`.errors` (:class:`~normio.errors.UserError`,
the base of every user mistake, and :class:`~normio.errors.FileError`) and :mod:`.files` (a
file opened without blocking, checked to be regular and small enough, decoded as UTF-8 or
TOML with the line of any error).
"""
