"""Where every output goes, under one media root (``media/``, Manim's own default).

- manim's own work tree: ``media/videos/<module>/<480p15>/<Scene>.mp4`` (and its caches);
- a rendered scene: ``media/scenes/<480p15>/<Scene>.<mp4|gif|png|webm>`` (+ ``.srt``);
- the lecture: ``media/normalization_geometry.mp4`` with ``.srt``, ``.vtt``,
  ``.chapters.txt`` and ``.json`` beside it;
- pipeline bookkeeping: ``media/.normgeom/`` (state file, parameter files, manim logs).
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from normgeom.errors import UsageError
from normgeom.render.quality import Quality
from normgeom.render.targets import Target

__all__ = ["MEDIA_ENV", "LECTURE_NAME", "FORMATS", "Layout", "check_writable", "output_path"]

MEDIA_ENV = "NORMGEOM_MEDIA"
LECTURE_NAME = "normalization_geometry.mp4"
FORMATS = ("mp4", "gif", "png", "webm")


@dataclass(frozen=True)
class Layout:
    """The output paths under one media root (``$NORMGEOM_MEDIA``, else ``./media``)."""

    media: Path

    @classmethod
    def default(cls) -> Layout:
        """The layout of ``$NORMGEOM_MEDIA`` or ``media`` in the working directory."""
        return cls(Path(os.environ.get(MEDIA_ENV) or "media").resolve())

    @property
    def work(self) -> Path:
        """Bookkeeping folder: state file, parameter files, logs."""
        return self.media / ".normgeom"

    @property
    def state_file(self) -> Path:
        """The render state (cache keys of every finished output)."""
        return self.work / "state.json"

    def log_file(self, target: Target, quality: Quality) -> Path:
        """Manim's captured output for one render."""
        return self.work / "logs" / f"{target.name}-{quality.label}.log"

    def voice_cache(self, target: Target) -> Path:
        """The speech cache of one scene (one per scene, so parallel renders never share one)."""
        return self.media / "voiceovers" / target.name

    def manim_video(self, target: Target, quality: Quality) -> Path:
        """The MP4 manim itself writes."""
        return self.media / "videos" / target.module / quality.label / f"{target.name}.mp4"

    def scene_output(self, target: Target, quality: Quality, fmt: str) -> Path:
        """A rendered scene in one format: ``media/scenes/<480p15>/<Scene>.<fmt>``."""
        return self.media / "scenes" / quality.label / f"{target.name}.{fmt}"

    def lecture(self) -> Path:
        """The default lecture video."""
        return self.media / LECTURE_NAME


def check_writable(path: Path) -> None:
    """Raise :class:`UsageError` unless a file can be written at ``path``.

    The test is real: an empty probe file is created and removed in the nearest existing
    folder (permission bits alone do not tell, e.g. for root or a read-only mount).
    """
    path = path.resolve()
    if path.is_dir():
        raise UsageError(f"output {path}: is a directory; give a file name")
    folder = next((p for p in path.parents if p.exists()), None)
    if folder is None or not folder.is_dir():
        raise UsageError(f"output {path}: cannot write there ({folder} is not a folder)")
    if path.exists() and not os.access(path, os.W_OK):
        raise UsageError(f"output {path}: the file is not writable")
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".normgeom-probe-"):
            pass
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise UsageError(
            f"output {path}: cannot write there (creating a file in {folder} failed: {reason})"
        ) from None


def output_path(text: str | None, default: Path, option: str = "--output") -> Path:
    """The absolute path a user gave with ``option``, or ``default`` when none was given.

    Raises :class:`UsageError` for an empty or blank name.
    """
    if text is None:
        return default
    if not text.strip():
        raise UsageError(f"{option}: empty name; give a path or leave the option out")
    return Path(text).resolve()
