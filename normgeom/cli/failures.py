"""How commands fail: one line on stderr and an exit code, never a traceback for a mistake.

A user mistake, any :class:`normio.errors.UserError` (every package's user errors subclass
it), exits with its ``exit_code``, 2; a failed render (:class:`normgeom.errors.RenderError`)
with its ``exit_code``, 1, as do a full disk (one line naming the folder) and running out of
memory (one line naming the step, :func:`normgeom.errors.step`); Ctrl-C with 130.
"""

from __future__ import annotations

import errno
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import NoReturn

import typer

from normgeom.errors import RenderError
from normgeom.rendering.disk import disk_full_message, is_disk_full
from normgeom.rendering.paths import Layout
from normio.errors import UserError

__all__ = ["OUT_OF_MEMORY", "fail", "user_errors"]

OUT_OF_MEMORY = "out of memory; close other programs or use --jobs 1, then run again"
"""The line for running out of memory outside any named step."""
SHOWN_PATH = 80
"""The longest path a message shows whole."""


def fail(message: str, code: int = 2, *, as_json: bool = False) -> NoReturn:
    """Print ``normgeom: error: <message>`` (one line) to stderr and exit with ``code``;
    ``as_json``: print ``{"error": <message>}`` on stdout too."""
    print(f"normgeom: error: {message}", file=sys.stderr)
    if as_json:
        print(json.dumps({"error": message}))
    raise typer.Exit(code)


@contextmanager
def user_errors(*, as_json: bool = False) -> Iterator[None]:
    """Turn user mistakes, failed renders and Ctrl-C raised inside into :func:`fail`
    (``as_json``: for a command whose stdout is JSON)."""
    failed = partial(fail, as_json=as_json)
    try:
        yield
    except UserError as exc:
        failed(str(exc).splitlines()[0], code=exc.exit_code)
    except RenderError as exc:
        failed(str(exc), code=exc.exit_code)
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            failed(f"{_shortened(exc.filename)}: a name in this path is too long (over 255 bytes)")
        if not is_disk_full(exc):
            raise
        failed(disk_full_message(_folder_of(exc)), code=1)
    except KeyboardInterrupt:
        failed("interrupted; finished outputs are kept, run again to continue", code=130)
    except MemoryError:
        failed(OUT_OF_MEMORY, code=1)


def _folder_of(exc: OSError) -> Path:
    """The folder a failed write was in (the media root when the error does not say)."""
    return Path(exc.filename).parent if exc.filename else Layout.default().media


def _shortened(path: object) -> str:
    """``path`` for a one-line message: its first and last characters when it is long."""
    text = str(path)
    return text if len(text) <= SHOWN_PATH else f"{text[: SHOWN_PATH // 2]}...{text[-20:]}"
