"""Reading a file that a user may have pointed anywhere: checked before a byte is read.

A file is opened without blocking (a FIFO never hangs the reader), must be a regular file
(not a directory, device or pipe) and no larger than a bound that suits its kind, and is read
whole only then. Text is UTF-8; a leading byte-order mark, which some editors write, is
dropped. TOML is decoded here too, so every error names the file and the line. Every
problem raises :class:`~normio.errors.FileError`, one line naming the file.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import tomllib

from normio.errors import FileError

__all__ = [
    "KB",
    "MB",
    "open_regular",
    "check_file",
    "read_bytes",
    "read_text",
    "decode_text",
    "parse_toml",
    "read_toml",
]

KB = 1024
MB = 1024 * KB
_TOML_PLACE = re.compile(r"\s*\((?:at line (\d+), column \d+|at end of document)\)$")


def _size(size: int) -> str:
    return f"{size / MB:.1f} MB" if size >= MB else f"{size / KB:.0f} kB"


def open_regular(path: str | os.PathLike, what: str, limit: int) -> int:
    """An open file descriptor of ``path`` once it is known to be a regular file of at most
    ``limit`` bytes; :class:`FileError` (``<what>: <path>: <problem>``) otherwise."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except FileNotFoundError:
        raise FileError(what, path, "no such file") from None
    except OSError as exc:
        if exc.errno == errno.EISDIR:
            raise FileError(what, path, "is a directory; give a file") from None
        raise FileError(what, path, f"cannot be read ({exc.strerror})") from None
    info = os.fstat(handle)
    problem = None
    if stat.S_ISDIR(info.st_mode):
        problem = "is a directory; give a file"
    elif not stat.S_ISREG(info.st_mode):
        problem = "not a regular file (a device, pipe or socket); give a file"
    elif info.st_size > limit:
        problem = f"is {_size(info.st_size)}; a {what} file holds at most {_size(limit)}"
    if problem is not None:
        os.close(handle)
        raise FileError(what, path, problem)
    return handle


def check_file(path: str | os.PathLike, what: str, limit: int) -> None:
    """Raise :class:`FileError` unless ``path`` is a regular file of at most ``limit`` bytes
    that can be opened (see :func:`open_regular`)."""
    os.close(open_regular(path, what, limit))


def read_bytes(path: str | os.PathLike, what: str, limit: int) -> bytes:
    """The bytes of the regular file ``path`` of at most ``limit`` bytes (see the module
    docstring); ``what`` names the kind of file in messages (``config``, ``points``)."""
    handle = open_regular(path, what, limit)
    try:
        with os.fdopen(handle, "rb") as file:
            data = file.read(limit + 1)  # a file that grew since it was checked is cut here
    except OSError as exc:
        raise FileError(what, path, f"cannot be read ({exc.strerror})") from None
    if len(data) > limit:
        raise FileError(what, path, f"grew beyond {_size(limit)} while it was read")
    return data


def read_text(path: str | os.PathLike, what: str, limit: int) -> str:
    """The UTF-8 text of ``path`` (a leading byte-order mark dropped), read as
    :func:`read_bytes` reads; an undecodable byte is named with its line."""
    return decode_text(read_bytes(path, what, limit), path, what)


def decode_text(data: bytes, path: str | os.PathLike, what: str) -> str:
    """``data`` read from ``path`` as UTF-8 text, a leading byte-order mark dropped; an
    undecodable byte is a :class:`FileError` naming its line."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        reason = f"not UTF-8 text (byte 0x{data[exc.start]:02x})"
        raise FileError(what, path, reason, line) from None


def parse_toml(text: str, path: str | os.PathLike, what: str) -> dict:
    """The TOML table written in ``text`` (read from ``path``); a syntax error is a
    :class:`FileError` naming the file and the line."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        found = _TOML_PLACE.search(message)
        line = int(found.group(1)) if found and found.group(1) else len(text.splitlines()) or 1
        raise FileError(what, path, message[: found.start()] if found else message, line) from None


def read_toml(path: str | os.PathLike, what: str, limit: int) -> dict:
    """The TOML table of ``path``, read as :func:`read_text` reads (see :func:`parse_toml`)."""
    return parse_toml(read_text(path, what, limit), path, what)
