"""Render cache keys and the state file that records them.

A scene is rendered again only when its key changes. The key covers the scene's own file,
the shared drawing and math code, the scene's narration beats, the parameters, the quality,
the voice with its engine and voice versions, the pronunciation table and the versions of
the rendering stack; so editing one scene's narration or parameters re-renders only that
scene, while editing the drawing kit re-renders all.
"""

from __future__ import annotations

import hashlib
import json
import threading
from pathlib import Path

from normgeom.render.atomic import write_text
from normgeom.render.quality import Quality
from normgeom.render.targets import SCENES_DIR, Target, load_class
from normgeom.render.versions import versions
from scenes.catalog import SCENES
from scenes.pronunciation import PRONUNCIATION_FILE
from scenes.voices import voice_identity

__all__ = ["KEY_SCHEMA", "shared_sources", "narration", "render_key", "digest", "State"]

KEY_SCHEMA = 1
"""Bump when the pipeline's outputs change for the same inputs."""


def digest(*parts: str | bytes) -> str:
    """A short SHA-256 hex digest of the parts, in order."""
    sha = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        sha.update(len(data).to_bytes(8, "little") + data)
    return sha.hexdigest()[:20]


def shared_sources() -> list[Path]:
    """Code every scene depends on: :mod:`normmath` and the non-scene modules of ``scenes``.

    Scene modules (those named in the catalog) are left out: a scene's own file is part of
    its key.
    """
    scene_modules = {f"{entry.module}.py" for entry in SCENES}
    own = [path for path in sorted(SCENES_DIR.glob("*.py")) if path.name not in scene_modules]
    return sorted((SCENES_DIR.parent / "normmath").glob("*.py")) + own


def narration(target: Target) -> dict[str, str]:
    """The scene's narration beats, or ``{}`` for a scene without a narration file.

    Raises
    ------
    RenderError
        When the scene's file cannot be imported.
    """
    from scenes.narrated import scene_beats

    try:
        return scene_beats(load_class(target))
    except (KeyError, FileNotFoundError):
        return {}


def render_key(target: Target, quality: Quality, voice: str, params_toml: str) -> str:
    """The cache key of one scene render (see the module docstring for what it covers)."""
    sources = [target.file, *shared_sources()]
    return digest(
        str(KEY_SCHEMA),
        target.name,
        *(path.read_bytes() for path in sources),
        json.dumps(narration(target), sort_keys=False),
        f"{quality.width}x{quality.height}@{quality.fps}",
        voice_identity(voice),
        PRONUNCIATION_FILE.read_bytes(),
        params_toml,
        json.dumps(versions(), sort_keys=True),
    )


class State:
    """The JSON state file: one record per finished output, keyed by an id string.

    Records are saved atomically after every change, so an interrupted run keeps what
    finished; the lock lets render threads record results concurrently.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        try:
            self._records: dict[str, dict] = json.loads(path.read_text())["records"]
        except (OSError, ValueError, KeyError, TypeError):
            self._records = {}

    def get(self, record_id: str, key: str) -> dict | None:
        """The record ``record_id`` if it was made with ``key``, else ``None``."""
        record = self._records.get(record_id)
        return record if record and record.get("key") == key else None

    def put(self, record_id: str, record: dict) -> None:
        """Store a record (it must hold its ``key``) and save the file."""
        with self._lock:
            self._records[record_id] = record
            write_text(self.path, json.dumps({"records": self._records}, indent=1))

    def records(self) -> dict[str, dict]:
        """A copy of every record."""
        return dict(self._records)
