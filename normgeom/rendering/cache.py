"""The one cache model: every output is keyed by what it is made from.

A render job's key covers the scene's own source and every project module it imports
(followed statically through ``scenes``, ``normmath`` and ``normio``) with those packages'
shipped data files (``data/*``), the project's ``manim.cfg``, the scene's narration beats,
the parameters that code reads (with the point file's bytes when it reads the points), the
voice of narrated scenes (with its engine's and voice's versions, and the pronunciation
table of the language; a translation's beats come from its catalogue, its word values from
the language's ``words.po``), the versions of the rendering stack, the quality and what the
job makes. So editing
one scene's narration re-renders that scene only; editing a scene file re-renders the scenes
it defines; editing ``scenes/kit/lesson_board.py`` re-renders the lesson scenes; ``--gamma``
re-renders the LayerNorm scenes; editing ``manim.cfg`` or ``normmath`` re-renders
everything. A range of a scene's beats (:mod:`normgeom.rendering.ranges`) is keyed by the
narration of its beats and of every beat before it (their timing decides what it shows), not
by the beats after it, except the last range, which carries the whole scene's sound and
subtitles.

Which parameters a scene reads is found statically too: every ``<x>.params.<field>`` or
``params.<field>`` in its sources, a method of :class:`~scenes.base.parameters.SceneParams` counting
as the fields it reads. Where ``params`` is used any other way (passed to a function), all
fields count.

Derived files (GIF, WebM, PNG from a movie, the lecture, the bundle) are keyed from their
parents' keys through :func:`derived_key`.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, fields
from pathlib import Path

import normmath as nm
from normgeom.rendering.job import RenderJob
from normgeom.rendering.versions import versions
from normio import files
from scenes.base import source
from scenes.base.catalog import SCENES, SCENES_DIR, narration
from scenes.base.parameters import SceneParams
from scenes.voice.languages import SOURCE
from scenes.voice.pronunciation import pronunciation_file
from scenes.voice.registry import voice_identity
from scenes.voice.translation import words_file

__all__ = [
    "KEY_SCHEMA",
    "PROJECT_ROOT",
    "Project",
    "digest",
    "file_digest",
    "fingerprint",
    "job_key",
    "drawing_key",
    "derived_key",
]

KEY_SCHEMA = 2
"""Bump when the pipeline's outputs change for the same inputs."""

PROJECT_ROOT = Path(__file__).resolve().parents[2]
SOURCE_PACKAGES = ("normio", "scenes", "normmath")
"""Packages whose modules shape the frames; imports into them are followed."""
VOICES_MODULE = "scenes.voice.registry"
"""A scene that imports it (through its narrated base) is spoken: the voice shapes it."""
CATALOG_MODULE = "scenes.base.catalog"
"""A module whose output is the scene list: a scene importing it depends on every summary."""


def digest(*parts: str | bytes) -> str:
    """A short SHA-256 hex digest of the parts, in order (each length-prefixed)."""
    sha = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        sha.update(len(data).to_bytes(8, "little") + data)
    return sha.hexdigest()[:20]


RACY_NS = 100_000_000
"""A digest is reused only for a file last modified more than this (0.1 s) before it was
hashed: a file's modification time has the kernel clock's coarse tick, so a rewrite within
the same tick would keep its size, time and inode (the racy-clean case git guards against)."""

_DIGESTS: dict[tuple[str, int, int, int], str] = {}
"""Digests already computed in this process, by (path, size, mtime, inode)."""


def file_digest(path: Path) -> str:
    """The SHA-256 hex digest of a file's bytes, computed once per version of the file in a
    process (a version: its size, modification time and inode; see :data:`RACY_NS`)."""
    stat = path.stat()
    version = (str(path.resolve()), stat.st_size, stat.st_mtime_ns, stat.st_ino)
    if version in _DIGESTS:
        return _DIGESTS[version]
    hashed_at = time.time_ns()
    sha = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            sha.update(block)
    after = path.stat()
    unchanged = (after.st_size, after.st_mtime_ns, after.st_ino) == version[1:]
    if unchanged and stat.st_mtime_ns < hashed_at - RACY_NS:
        _DIGESTS[version] = sha.hexdigest()
    return sha.hexdigest()


PARAM_FIELDS = tuple(f.name for f in fields(SceneParams))


def fingerprint(params: SceneParams, read: frozenset[str] | None = None) -> str:
    """What frames depend on in the parameters: the fields ``read`` (default all) as JSON,
    and the point file's bytes when ``points`` is among them."""
    read = frozenset(PARAM_FIELDS) if read is None else read
    fields_read = {name: _plain(getattr(params, name)) for name in PARAM_FIELDS if name in read}
    uses_points = "points" in read and params.points
    points = files.read_bytes(params.points, "points", nm.POINT_FILE_LIMIT) if uses_points else b""
    return json.dumps(fields_read, sort_keys=True) + "\n" + digest(points)


def _plain(value: object) -> object:
    """A parameter's value as JSON holds it (numbers as floats, triples as lists)."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    return float(value)


@dataclass(frozen=True)
class Project:
    """The source tree keys are read from (the installed project, or a copy in tests)."""

    root: Path = PROJECT_ROOT

    @property
    def math(self) -> Path:
        """The numeric core's folder."""
        return self.root / "normmath"

    @property
    def manim_cfg(self) -> Path:
        """The project's Manim settings (background, encoder), read by every render; shipped
        inside the ``scenes`` package (the checkout's ``manim.cfg`` links to it, for plain
        ``manim render``)."""
        return self.root / "scenes" / "manim.cfg"

    def module_file(self, dotted: str) -> Path | None:
        """The file of a module of a source package, or None."""
        if dotted.split(".")[0] not in SOURCE_PACKAGES:
            return None
        return source.module_file(dotted, self.root)

    def imports(self, file: Path) -> list[str]:
        """Dotted names of the source-package modules ``file`` imports (statically)."""
        return [name for name in source.imports(file) if self.module_file(name) is not None]

    def label(self, file: Path) -> str:
        """``file`` relative to the tree (its name if outside), as keys record it."""
        return str(file.relative_to(self.root)) if file.is_relative_to(self.root) else file.name

    def sources(self, file: Path) -> list[Path]:
        """``file`` and every source-package module it imports, directly or not, sorted."""
        seen = {file.resolve()}
        pending = deque([file.resolve()])
        while pending:
            current = pending.popleft()
            for name in self.imports(current):
                found = self.module_file(name).resolve()
                for module in (found, *self._parents(name)):
                    if module not in seen:
                        seen.add(module)
                        pending.append(module)
        return sorted(seen)

    def data_files(self, sources: list[Path]) -> list[Path]:
        """The shipped data files (``<package>/data/*``, such as normmath's recorded
        activations) of the packages ``sources`` belong to, sorted."""
        folders = {path.parent / "data" for path in sources}
        return sorted(
            path
            for folder in folders
            if folder.is_dir()
            for path in folder.iterdir()
            if path.is_file()
        )

    def params_read(self, sources: list[Path]) -> frozenset[str] | None:
        """The parameter fields ``sources`` read (``None``: all of them)."""
        parameters = self.module_file("scenes.base.parameters")
        methods = tuple(source.method_reads(parameters, SceneParams.__name__).items())
        read: set[str] = set()
        for file in sources:
            if file == parameters or file.is_relative_to(self.math):
                continue  # the parameters' own module, and normmath, which never sees them
            found = source.params_read(file, methods)
            if found is None:
                return None
            read |= found
        return frozenset(read & set(PARAM_FIELDS))

    def _parents(self, dotted: str) -> list[Path]:
        """The ``__init__.py`` files Python runs before importing ``dotted``."""
        parts = dotted.split(".")
        inits = (self.module_file(".".join(parts[:i])) for i in range(1, len(parts)))
        return [path.resolve() for path in inits if path is not None]


PROJECT = Project()


def _code(project: Project, sources: list[Path]) -> Iterator[str | bytes]:
    """What a key takes from the code: each source and shipped data file (its label, then
    its bytes), then ``manim.cfg``."""
    for path in [*sources, *project.data_files(sources)]:
        yield project.label(path)
        yield path.read_bytes()
    yield project.manim_cfg.read_bytes() if project.manim_cfg.is_file() else b""


def job_key(job: RenderJob, project: Project = PROJECT) -> str:
    """The cache key of a render job (see the module docstring for what it covers)."""
    sources = project.sources(job.target.file)
    spoken = project.module_file(VOICES_MODULE) in sources
    scene_list = ""
    if project.module_file(CATALOG_MODULE) in sources:
        scene_list = json.dumps([(e.name, e.summary, e.chapter, e.order) for e in SCENES])
    return digest(
        str(KEY_SCHEMA),
        job.product.value,
        job.target.name,
        *_code(project, sources),
        json.dumps(_narration_until(job)),
        scene_list,
        f"{job.quality.width}x{job.quality.height}@{job.quality.fps}",
        voice_identity(job.voice) if spoken else "",
        pronunciation_file(job.lang).read_bytes() if spoken else b"",
        *_translation(job.lang),
        fingerprint(job.params, project.params_read(sources)),
        json.dumps(versions(), sort_keys=True),
        job.stop_after or "",
        str(job.transparent),
        str(job.caching_cameras),
        *([json.dumps(job.beats)] if job.beats else []),
    )


def drawing_key(job: RenderJob, project: Project = PROJECT) -> str:
    """The key of the code that draws a job's plays: the sources and data files of
    :func:`job_key`, ``manim.cfg``, the rendering stack's versions and the cameras, not the
    narration, voice or parameters (a play those change is hashed differently by Manim).

    Manim names each partial movie by a hash of its play, which can miss a code change: a
    function object met twice in one play is hashed once and then written as a placeholder,
    so a play whose later reference moves to another shared function hashes the same. Partial
    movies are reused only under the drawing key that made them."""
    return digest(
        str(KEY_SCHEMA),
        "drawing",
        *_code(project, project.sources(job.target.file)),
        json.dumps(versions(), sort_keys=True),
        str(job.transparent),
        str(job.caching_cameras),
    )


def _translation(lang: str) -> tuple[str | bytes, ...]:
    """What a key takes from a translation besides its beats: the language, and its
    catalogue of words (the values, titles and on-screen texts; nothing for English)."""
    if lang == SOURCE:
        return ()
    words = words_file(SCENES_DIR / "narration", lang)
    return (lang, words.read_bytes() if words.is_file() else b"")


def _narration_until(job: RenderJob) -> dict[str, object]:
    """The scene's beats (name: text, in the job's language) up to the end of the job's
    range (all of them for a whole movie)."""
    beats = narration(job.target.file, job.target.name, job.lang)
    return dict(list(beats.items())[: job.beats[1]]) if job.beats else beats


def derived_key(parent: str, kind: str, *settings: str) -> str:
    """The key of a file made from others: the parents' key(s), what it is, its settings.

    ``parent`` may itself combine several keys (a lecture of many scenes: pass
    ``digest(*keys)``).
    """
    return digest(str(KEY_SCHEMA), "derived", kind, parent, *settings)
