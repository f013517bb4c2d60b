"""The state file: one typed record per finished output, so a re-run knows what is up to date.

A record (:class:`Record`) holds the output's cache key, a stamp of every file it vouches
for (:class:`FileStamp`: path, size and SHA-256) and typed facts about it (:class:`Info`).
The file is read defensively, as anything on disk is: it must be a regular file of at most
:data:`STATE_LIMIT` bytes, and each record is validated on load; a record of the wrong shape
or type is dropped with one warning, its outputs are rebuilt and the next write leaves it out.

The state file never decides where a file is. A caller asks for a record with the paths it
will use, by role (:meth:`State.get`); the record is up to date only when it vouches for
exactly those paths and every file there is as stamped (a missing, truncated or altered
file is rebuilt, never served). Stored paths are relative to the state file's folder and
stay inside the media folder; a file outside it (a lecture or bundle written where the user
asked) is stamped by size and SHA-256 alone. The file is written atomically under an
exclusive lock, merging with what other runs recorded meanwhile.
"""

from __future__ import annotations

import enum
import json
import math
import os
import re
import stat
import threading
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path, PurePosixPath

from normgeom.errors import warn
from normgeom.rendering.atomic import file_lock, write_text
from normgeom.rendering.cache import file_digest
from normio import files
from normio.errors import FileError

__all__ = [
    "STATE_LIMIT",
    "RecordKind",
    "RecordId",
    "FileStamp",
    "Chapter",
    "Built",
    "Info",
    "Record",
    "State",
]

STATE_LIMIT = 64 * files.MB
"""Largest state file read (a record takes about 300 bytes; a bundle's, a few kB)."""

_SHA256 = re.compile(r"[0-9a-f]{64}")


class Misshaped(ValueError):
    """A record, or a part of one, of the wrong shape or type."""


class RecordKind(enum.Enum):
    """What an output is: a scene's movie, a range of its beats, a still, slides, a format
    derived from a movie, the lecture, the bundle."""

    SCENE = "scene"
    RANGE = "range"
    STILL = "still"
    SLIDES = "slides"
    GIF = "gif"
    PNG = "png"
    WEBM = "webm"
    LECTURE = "lecture"
    BUNDLE = "bundle"


@dataclass(frozen=True)
class RecordId:
    """What a record is about: its :class:`RecordKind`, the quality label and the output's name.
    The state file writes it as ``kind:quality:name`` (``str(id)``, :meth:`parse`); in
    memory it is only ever this value."""

    kind: RecordKind
    quality: str
    name: str

    def __str__(self) -> str:
        return f"{self.kind.value}:{self.quality}:{self.name}"

    @classmethod
    def parse(cls, text: str) -> RecordId:
        """The id written as ``kind:quality:name`` (ValueError otherwise)."""
        kind, quality, name = text.split(":", 2)
        return cls(RecordKind(kind), quality, name)


def _number(value: object, name: str) -> float:
    """``value`` as a finite float >= 0 (an int counts; a boolean does not)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not value >= 0:
        raise Misshaped(f"{name} is {value!r}, not a number >= 0")
    if not math.isfinite(value):
        raise Misshaped(f"{name} is {value!r}, not finite")
    return float(value)


def _text(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise Misshaped(f"{name} is {value!r}, not a text")
    return value


def _relative_name(value: object, name: str) -> str:
    """``value`` as a relative path that stays below its folder (no ``..``, not absolute)."""
    text = _text(value, name)
    parts = PurePosixPath(text).parts
    if not text or "\0" in text or "\\" in text or text.startswith("/") or ".." in parts:
        raise Misshaped(f"{name} {text!r} is not a relative path inside its folder")
    return text


def _table(value: object, name: str) -> dict:
    if not isinstance(value, dict):
        raise Misshaped(f"{name} is {value!r}, not a table")
    return value


def _fields(data: dict, known: set[str], name: str) -> dict:
    unknown = set(data) - known
    if unknown:
        raise Misshaped(f"{name} has unknown field(s) {', '.join(sorted(unknown))}")
    return data


@dataclass(frozen=True)
class FileStamp:
    """A file as it was written: its size, its SHA-256 and, for a file inside the media
    folder, its path relative to the state file's folder (``None`` for a file outside it,
    whose place the command names)."""

    path: str | None
    size: int
    sha256: str

    def holds(self, file: Path) -> bool:
        """Whether ``file`` is a regular file exactly as stamped."""
        try:
            info = file.stat()
            return (
                stat.S_ISREG(info.st_mode)
                and info.st_size == self.size
                and file_digest(file) == self.sha256
            )
        except OSError:
            return False

    @classmethod
    def from_json(cls, data: object, inside: Callable[[str], bool]) -> FileStamp:
        """A stamp from plain data whose path satisfies ``inside``; :class:`Misshaped`
        otherwise."""
        data = _fields(_table(data, "a file stamp"), {"path", "size", "sha256"}, "a file stamp")
        path = data.get("path")
        if path is not None and not inside(_text(path, "path")):
            raise Misshaped(f"path {path!r} is outside the media folder")
        size = data.get("size")
        if isinstance(size, bool) or not isinstance(size, int) or size < 0:
            raise Misshaped(f"size is {size!r}, not a whole number >= 0")
        sha256 = _text(data.get("sha256"), "sha256")
        if not _SHA256.fullmatch(sha256):
            raise Misshaped(f"sha256 {sha256!r} is not a SHA-256 digest")
        return cls(path, size, sha256)


@dataclass(frozen=True)
class Chapter:
    """A titled span of a composed video (a lecture chapter, a clip's place), in seconds."""

    title: str
    start: float
    end: float

    @classmethod
    def from_json(cls, data: object) -> Chapter:
        """A span from plain data (:class:`Misshaped` otherwise)."""
        data = _fields(_table(data, "a chapter"), {"title", "start", "end"}, "a chapter")
        start, end = _number(data.get("start"), "start"), _number(data.get("end"), "end")
        if end < start:
            raise Misshaped(f"a chapter ends at {end} before it starts at {start}")
        return cls(_text(data.get("title"), "title"), start, end)


@dataclass(frozen=True)
class Info:
    """Facts about an output: its ``duration`` and the ``render_seconds`` it took (seconds),
    and for a lecture its ``chapters``."""

    duration: float = 0.0
    render_seconds: float = 0.0
    chapters: tuple[Chapter, ...] = ()

    @classmethod
    def from_json(cls, data: object) -> Info:
        """Facts from plain data, absent ones at their defaults (:class:`Misshaped` when
        misshaped)."""
        names = {"duration", "render_seconds", "chapters"}
        data = _fields(_table(data, "info"), names, "info")
        chapters = data.get("chapters", [])
        if not isinstance(chapters, list):
            raise Misshaped(f"chapters is {chapters!r}, not a list")
        return cls(
            _number(data.get("duration", 0.0), "duration"),
            _number(data.get("render_seconds", 0.0), "render_seconds"),
            tuple(Chapter.from_json(chapter) for chapter in chapters),
        )


@dataclass(frozen=True)
class Built:
    """What a build made, for :meth:`State.cached` to record: its ``files`` by role, facts
    about them, and ``sums`` (size and SHA-256 by role) where already measured."""

    files: Mapping[str, Path]
    info: Info = Info()
    sums: Mapping[str, tuple[int, str]] | None = None


@dataclass(frozen=True)
class Record:
    """A finished output: its key, the files it vouches for (by role) and facts about it."""

    key: str
    files: dict[str, FileStamp] = field(default_factory=dict)
    info: Info = Info()

    def to_json(self) -> dict:
        """As plain data."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: object, inside: Callable[[str], bool]) -> Record:
        """A record from plain data, every stored path satisfying ``inside``
        (:class:`Misshaped` otherwise)."""
        data = _fields(_table(data, "a record"), {"key", "files", "info"}, "a record")
        files = _table(data.get("files", {}), "files")
        return cls(
            _text(data.get("key"), "key"),
            {
                _relative_name(role, "role"): FileStamp.from_json(stamp, inside)
                for role, stamp in files.items()
            },
            Info.from_json(data.get("info", {})),
        )


class State:
    """The JSON state file ``{"records": {id: record}}`` (see the module docstring).

    Parameters
    ----------
    path
        The state file.
    root
        The media folder: every stored path stays inside it.
    """

    def __init__(self, path: Path, root: Path) -> None:
        self.path = path
        self.root = Path(os.path.normpath(root))
        self._lock = threading.Lock()
        self._warned: set[str] = set()
        self._records = self._read()

    @property
    def base(self) -> Path:
        """The folder stored paths are relative to."""
        return self.path.parent

    def _stored(self, file: Path) -> str | None:
        """What a stamp stores as the path of ``file``: relative to :attr:`base` when inside
        :attr:`root`, else ``None``."""
        file = Path(os.path.normpath(file))
        return os.path.relpath(file, self.base) if file.is_relative_to(self.root) else None

    def _inside(self, stored: str) -> bool:
        """Whether a stored path, joined to :attr:`base`, stays inside :attr:`root`."""
        return not os.path.isabs(stored) and Path(
            os.path.normpath(self.base / stored)
        ).is_relative_to(self.root)

    def _warn_once(self, subject: str, message: str) -> None:
        if subject not in self._warned:
            self._warned.add(subject)
            warn(f"{self.path}: {message}")

    def _read(self) -> dict[RecordId, Record]:
        if not os.path.lexists(self.path):
            return {}
        try:
            text = files.read_text(self.path, "state", STATE_LIMIT)
            entries = json.loads(text)["records"]
            if not isinstance(entries, dict):
                raise TypeError("records is not a table")
        except FileError as exc:
            self._warn_once("", f"unreadable ({exc.reason}); its outputs will be rebuilt")
            return {}
        except (ValueError, KeyError, TypeError) as exc:
            reason = f"not a normgeom state file ({exc})"
            self._warn_once("", f"{reason}; its outputs will be rebuilt")
            return {}
        records, dropped = {}, []
        for name, data in entries.items():
            try:
                records[RecordId.parse(name)] = Record.from_json(data, self._inside)
            except ValueError as exc:
                dropped.append((name, exc))
        new = [(name, exc) for name, exc in dropped if name not in self._warned]
        if new:
            self._warned.update(name for name, _ in new)
            shown = "; ".join(f"{name!r} ({exc})" for name, exc in new[:3])
            more = f" and {len(new) - 3} more" if len(new) > 3 else ""
            warn(f"{self.path}: dropped misshaped record(s) {shown}{more}; rebuilt")
        return records

    def reload(self) -> None:
        """Read the file again (after another run may have written it)."""
        with self._lock:
            self._records = self._read()

    def roles(self, record_id: RecordId) -> tuple[str, ...]:
        """The roles of the files record ``record_id`` vouches for (none if absent): each a
        relative path below its folder, for records whose roles name files (the bundle)."""
        record = self._records.get(record_id)
        return tuple(record.files) if record is not None else ()

    def get(self, record_id: RecordId, key: str, at: Mapping[str, Path]) -> Record | None:
        """The record ``record_id`` if it was made with ``key`` and vouches only for files
        at the paths ``at`` gives by role, each still exactly as stamped; else ``None``."""
        record = self._records.get(record_id)
        if record is None or record.key != key:
            return None
        for role, stamp in record.files.items():
            file = at.get(role)
            if file is None or stamp.path != self._stored(file) or not stamp.holds(file):
                return None
        return record

    def put(
        self,
        record_id: RecordId,
        key: str,
        files: Mapping[str, Path],
        info: Info = Info(),
        sums: Mapping[str, tuple[int, str]] | None = None,
    ) -> Record:
        """Stamp ``files`` (by role; ``sums`` gives a role's size and SHA-256 when already
        measured), record them under ``record_id`` and save (merging other runs')."""
        sums = sums or {}
        stamps = {
            role: FileStamp(
                self._stored(file),
                *(sums[role] if role in sums else (file.stat().st_size, file_digest(file))),
            )
            for role, file in files.items()
        }
        record = Record(key, stamps, info)
        with self._lock, file_lock(self.path.with_name(self.path.name + ".lock")):
            self._records = {**self._read(), record_id: record}
            body = {str(rid): entry.to_json() for rid, entry in self._records.items()}
            write_text(self.path, json.dumps({"records": body}, indent=1))
        return record

    def cached(
        self,
        record_id: RecordId,
        key: str,
        at: Mapping[str, Path],
        build: Callable[[], Built],
    ) -> tuple[Record, bool]:
        """The record ``record_id`` when it is current (:meth:`get`: made with ``key``, its
        files intact at ``at``), else what ``build()`` makes, recorded (:meth:`put`); and
        whether it was current."""
        record = self.get(record_id, key, at)
        if record is not None:
            return record, True
        built = build()
        return self.put(record_id, key, built.files, built.info, built.sums), False

    def records(self) -> dict[RecordId, Record]:
        """Every record, by id."""
        return dict(self._records)

    def record(self, record_id: RecordId) -> Record | None:
        """The record ``record_id`` as it stands, whatever its key and files (``None``: none)."""
        return self._records.get(record_id)
