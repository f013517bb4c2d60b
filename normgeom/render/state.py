"""The state file: one record per finished output, so a re-run knows what is up to date.

Records are typed (:class:`RecordId`, :class:`Record`) and every file a record vouches for
carries its size and SHA-256 (:class:`FileStamp`), checked before the output is called up
to date: a missing, truncated or altered file is rebuilt, never served. The file is written
atomically under an exclusive lock, merging with what other runs recorded meanwhile; an
unreadable or wrongly shaped file or entry is dropped with one warning and rebuilt.
"""

from __future__ import annotations

import fcntl
import json
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path

from normgeom.errors import warn
from normgeom.render.atomic import write_text
from normgeom.render.cache import file_digest

__all__ = ["RecordId", "FileStamp", "Record", "State", "file_lock"]


@dataclass(frozen=True)
class RecordId:
    """What a record is about: its kind (``scene``, ``still``, ``slides``, ``gif``, ``png``,
    ``webm``, ``lecture``, ...), the quality label and the output's name."""

    kind: str
    quality: str
    name: str

    def __str__(self) -> str:
        return f"{self.kind}:{self.quality}:{self.name}"

    @classmethod
    def parse(cls, text: str) -> RecordId:
        """The id written as ``kind:quality:name`` (ValueError otherwise)."""
        kind, quality, name = text.split(":", 2)
        return cls(kind, quality, name)


@dataclass(frozen=True)
class FileStamp:
    """A file as it was written: its path (relative to the state file's folder), size and
    SHA-256."""

    path: str
    size: int
    sha256: str

    @classmethod
    def of(cls, file: Path, base: Path) -> FileStamp:
        """Stamp ``file`` now."""
        return cls(os.path.relpath(file, base), file.stat().st_size, file_digest(file))

    def located(self, base: Path) -> Path:
        """The file's path, ``base`` joined and normalized (no ``..`` left in it)."""
        return Path(os.path.normpath(base / self.path))

    def holds(self, base: Path) -> bool:
        """Whether the file is still exactly as stamped."""
        file = self.located(base)
        try:
            return file.stat().st_size == self.size and file_digest(file) == self.sha256
        except OSError:
            return False


@dataclass(frozen=True)
class Record:
    """A finished output: its key, the files it vouches for and facts about it."""

    key: str
    files: dict[str, FileStamp] = field(default_factory=dict)
    info: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        """As plain data."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> Record:
        """From plain data (TypeError, KeyError or ValueError when misshaped)."""
        files = {role: FileStamp(**stamp) for role, stamp in data["files"].items()}
        if not isinstance(data["key"], str) or not isinstance(data.get("info", {}), dict):
            raise ValueError("misshaped record")
        return cls(data["key"], files, dict(data.get("info", {})))


@contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (created if needed) across processes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


class State:
    """The JSON state file ``{"records": {id: record}}`` (see the module docstring)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._records = self._read()

    @property
    def base(self) -> Path:
        """The folder file stamps are relative to."""
        return self.path.parent

    def _read(self) -> dict[str, Record]:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except (OSError, UnicodeDecodeError) as exc:
            warn(f"{self.path}: unreadable ({exc}); its outputs will be rebuilt")
            return {}
        try:
            entries = json.loads(text)["records"]
            if not isinstance(entries, dict):
                raise TypeError("records is not a table")
        except (ValueError, KeyError, TypeError) as exc:
            warn(f"{self.path}: not a normgeom state file ({exc}); its outputs will be rebuilt")
            return {}
        records = {}
        for name, data in entries.items():
            try:
                RecordId.parse(name)
                records[name] = Record.from_json(data)
            except (ValueError, KeyError, TypeError, AttributeError):
                warn(f"{self.path}: dropped the misshaped record {name!r}")
        return records

    def reload(self) -> None:
        """Read the file again (after another run may have written it)."""
        with self._lock:
            self._records = self._read()

    def get(self, record_id: RecordId, key: str) -> Record | None:
        """The record ``record_id`` if it was made with ``key`` and its files are intact."""
        record = self._records.get(str(record_id))
        if record is None or record.key != key:
            return None
        if not all(stamp.holds(self.base) for stamp in record.files.values()):
            return None
        return record

    def put(
        self, record_id: RecordId, key: str, files: dict[str, Path | FileStamp], **info
    ) -> Record:
        """Stamp ``files`` (a file already stamped is taken as it is), record them under
        ``record_id`` and save (merging other runs')."""
        stamps = {
            role: f if isinstance(f, FileStamp) else FileStamp.of(f, self.base)
            for role, f in files.items()
        }
        record = Record(key, stamps, info)
        with self._lock, file_lock(self.path.with_name(self.path.name + ".lock")):
            self._records = {**self._read(), str(record_id): record}
            body = {name: entry.to_json() for name, entry in self._records.items()}
            write_text(self.path, json.dumps({"records": body}, indent=1))
        return record

    def records(self) -> dict[RecordId, Record]:
        """Every record, by id."""
        return {RecordId.parse(name): record for name, record in self._records.items()}
