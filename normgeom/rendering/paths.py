"""Where every output goes, under one media root (``media/``, Manim's own default).

- a rendered scene: ``media/scenes/<480p15>/<Scene>.<mp4|gif|png|webm>`` (+ ``.srt``); in
  another language ``<Scene>.<lang>.<mp4|...>`` (``MeanCentering.ja.mp4``, with the English
  subtitles over its speech in ``MeanCentering.ja.en.srt``), and so on for every output below
  (Manim's own folders get a ``<lang>`` subfolder);
- a still: ``media/stills/<480p15>/<Scene>[-<beat>][-transparent].png``;
- slide steps: ``media/.normgeom/slides/<480p15>/<Scene>.json`` (manim-slides' files);
- the lecture: ``media/normalization_geometry.mp4`` (``normalization_geometry.ja.mp4``) with
  ``.srt``, ``.vtt``,
  ``.chapters.txt`` and ``.json`` beside it;
- Manim's own work tree: ``media/videos/<module>/<480p15>/`` (and its partial movies),
  ``media/typeset/<Scene>/Tex/``, ``media/typeset/<Scene>/texts/`` and
  ``media/voiceovers/<Scene>/`` per scene, so parallel renders never share a typesetting or
  speech cache (and never sit inside ``media/Tex/``, Manim's default folder, which Manim
  empties of everything but its own files);
- bookkeeping: ``media/.normgeom/`` (state file, one log per job).

``<Scene>`` is the scene's :attr:`~normgeom.rendering.targets.Target.id`: its class name, or
``<file stem>.<Scene>`` for a scene of one's own named like a lecture scene.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from normgeom.errors import UsageError, warn
from normgeom.rendering.atomic import remove_stale
from normgeom.rendering.job import Product, RenderJob, language_suffix
from normgeom.rendering.quality import Quality
from normgeom.rendering.targets import Target
from scenes.voice.languages import SOURCE

__all__ = [
    "MEDIA_ENV",
    "LECTURE_STEM",
    "LECTURE_NAME",
    "DECK_NAME",
    "FORMATS",
    "Layout",
    "check_writable",
    "prepare_folders",
    "output_path",
]

MEDIA_ENV = "NORMGEOM_MEDIA"
LECTURE_STEM = "normalization_geometry"
"""The lecture's file name without its suffix, shared by every file named after it."""
LECTURE_NAME = f"{LECTURE_STEM}.mp4"
DECK_NAME = LECTURE_STEM
"""The slide deck's file name without its suffix (``.html``, ``.pptx``)."""
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

    def log_file(self, job: RenderJob) -> Path:
        """Manim's captured output for one job."""
        return self.work / "logs" / f"{job.label}.log"

    def lock_file(self, name: str) -> Path:
        """The file renders lock to hold ``name`` (see :attr:`RenderJob.lock`)."""
        return self.work / "locks" / f"{name}.lock"

    def voice_cache(self, target: Target) -> Path:
        """The speech cache of one scene (one per scene, so parallel renders never share one)."""
        return self.media / "voiceovers" / target.id

    def typesetting(self, target: Target) -> tuple[Path, Path]:
        """Manim's Tex and Text caches of one scene (outside Manim's default ``media/Tex``,
        whose non-SVG entries Manim deletes after each formula: a folder there breaks it)."""
        folder = self.media / "typeset" / target.id
        return folder / "Tex", folder / "texts"

    def manim_folder(self, job: RenderJob) -> Path:
        """Where Manim writes a job's movie (and keeps its partial movies) or image."""
        language = () if job.lang == SOURCE else (job.lang,)
        if job.product is Product.MOVIE:
            folder = self.media.joinpath("videos", job.target.module, job.quality.label, *language)
            return folder / "ranges" / job.stem if job.beats else folder
        manim = self.work.joinpath(str(job.product), "manim", *language)
        return manim / job.target.module / job.quality.label

    def partial_movies(self, job: RenderJob) -> Path:
        """Where Manim keeps a movie job's partial movies (one per play, named by its hash):
        in the job's Manim folder (a range's own), under the scene's id (its class name, as
        in Manim's ``{video_dir}/partial_movie_files/{scene_name}``), whatever the job's
        stem. The worker sets Manim's ``partial_movie_dir`` to it: repair and seeding see
        what Manim reads."""
        return self.manim_folder(job) / "partial_movie_files" / job.target.id

    def drawing_stamp(self, job: RenderJob) -> Path:
        """The drawing key (:func:`~normgeom.rendering.cache.drawing_key`) of the code that
        made the partial movies of :meth:`partial_movies`, beside that folder (Manim prunes
        the folder's files)."""
        partials = self.partial_movies(job)
        return partials.with_name(f"{partials.name}.drawing")

    def slides_folder(self, job: RenderJob) -> Path:
        """Where manim-slides writes a job's slide steps (``<Scene>.json`` and its files):
        one folder per quality, with a ``<lang>`` subfolder for a translation (manim-slides
        names them by the scene class alone)."""
        language = () if job.lang == SOURCE else (job.lang,)
        return self.work.joinpath("slides", job.quality.label, *language)

    def output(self, job: RenderJob) -> Path:
        """A job's finished file: the scene's MP4 (a range of its beats: an MP4 among the
        runner's files), its still PNG or its slide steps (JSON)."""
        if job.beats:
            return self.work / "ranges" / job.quality.label / f"{job.stem}.mp4"
        if job.product is Product.MOVIE:
            return self.scene_output(job.target, job.quality, "mp4", job.lang)
        if job.product is Product.LAST_FRAME:
            return self.media / "stills" / job.quality.label / f"{job.stem}.png"
        return self.slides_folder(job) / f"{job.target.id}.json"

    def scene_output(self, target: Target, quality: Quality, fmt: str, lang: str = SOURCE) -> Path:
        """A rendered scene in one format: ``media/scenes/<480p15>/<Scene>[.<lang>].<fmt>``."""
        name = f"{target.id}{language_suffix(lang)}.{fmt}"
        return self.media / "scenes" / quality.label / name

    def lecture(self, lang: str = SOURCE) -> Path:
        """The default lecture video (``normalization_geometry[.<lang>].mp4``)."""
        return self.media / f"{LECTURE_STEM}{language_suffix(lang)}.mp4"

    def folders(self, job: RenderJob) -> list[Path]:
        """Every folder a job writes: bookkeeping (state, locks, its log), its output's
        folder (where derived formats go too), Manim's folder, its typesetting and speech
        caches."""
        return [
            self.work,
            self.work / "locks",
            self.log_file(job).parent,
            self.output(job).parent,
            self.manim_folder(job),
            *self.typesetting(job.target),
            self.voice_cache(job.target),
        ]


def check_writable(path: Path) -> None:
    """Raise :class:`UsageError` unless a file can be written at ``path``.

    The test is real: an empty probe file is created and removed in the nearest existing
    folder (permission bits alone do not tell, e.g. for root or a read-only mount).
    """
    path = path.resolve()
    if path.is_dir():
        raise UsageError(f"output {path}: is a directory; give a file name")
    if path.exists() and not os.access(path, os.W_OK):
        raise UsageError(f"output {path}: the file is not writable")
    _probe(path, f"output {path}")


def _probe(path: Path, subject: str) -> None:
    """Create and remove an empty file in the nearest existing folder of ``path``;
    :class:`UsageError` starting with ``subject`` when that fails."""
    folder = next((p for p in path.parents if p.exists()), None)
    if folder is None or not folder.is_dir():
        raise UsageError(f"{subject}: cannot write there ({folder} is not a folder)")
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".normgeom-probe-"):
            pass
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise UsageError(
            f"{subject}: cannot write there (creating a file in {folder} failed: {reason})"
        ) from None


def prepare_folders(folders: Iterable[Path]) -> None:
    """The pre-flight of a run, for every folder it will write: a file must be creatable
    there (:class:`UsageError` naming the folder otherwise), and the partial files that
    killed runs left there are removed (:func:`normgeom.rendering.atomic.remove_stale`)."""
    for folder in dict.fromkeys(Path(f).resolve() for f in folders):
        if folder.exists() and not folder.is_dir():
            raise UsageError(f"folder {folder}: is a file; cannot write into it")
        _probe(folder / "probe", f"folder {folder}")
        removed = remove_stale(folder)
        if removed:
            warn(f"{folder}: removed {len(removed)} partial file(s) that a killed run left")


def output_path(text: str | None, default: Path, option: str = "--output") -> Path:
    """The absolute path a user gave with ``option``, or ``default`` when none was given.

    Raises :class:`UsageError` for an empty or blank name.
    """
    if text is None:
        return default
    if not text.strip():
        raise UsageError(f"{option}: empty name; give a path or leave the option out")
    return Path(text).resolve()
