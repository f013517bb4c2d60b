"""The bundle manifest: every file of the bundle folder with its size, duration and SHA-256
checksum, plus the lecture's chapters, written as ``manifest.json``."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from normgeom.compose.manifest import ChapterEntry
from normgeom.rendering.cache import file_digest
from normgeom.rendering.probe import duration

__all__ = ["MANIFEST_NAME", "FileEntry", "BundleManifest", "file_entries"]

MANIFEST_NAME = "manifest.json"
TIMED = (".mp4", ".gif", ".webm")
"""Files whose duration is recorded."""


@dataclass(frozen=True)
class FileEntry:
    """One file of the bundle: its path relative to the folder, bytes, seconds, checksum."""

    path: str
    size: int
    duration: float | None
    sha256: str


@dataclass(frozen=True)
class BundleManifest:
    """What a lecture bundle holds."""

    title: str
    quality: dict[str, object]
    voice: str
    language: str
    """The code of the language spoken, subtitled and shown (``en``, ``ja``)."""
    versions: dict[str, str]
    chapters: list[ChapterEntry]
    files: list[FileEntry]

    def to_json(self) -> str:
        """The manifest as indented JSON."""
        return json.dumps(asdict(self), indent=2) + "\n"

    @classmethod
    def read(cls, path: Path) -> BundleManifest:
        """The manifest written at ``path`` by :meth:`to_json`."""
        data = json.loads(path.read_text(encoding="utf-8"))
        chapters = [ChapterEntry(**entry) for entry in data.pop("chapters")]
        files = [FileEntry(**entry) for entry in data.pop("files")]
        return cls(**data, chapters=chapters, files=files)


def file_entries(folder: Path) -> list[FileEntry]:
    """An entry for every file under ``folder`` except the manifest itself, sorted by path."""
    files = sorted(p for p in folder.rglob("*") if p.is_file() and p.name != MANIFEST_NAME)
    return [
        FileEntry(
            path.relative_to(folder).as_posix(),
            path.stat().st_size,
            round(duration(path), 3) if path.suffix in TIMED else None,
            file_digest(path),
        )
        for path in files
    ]
