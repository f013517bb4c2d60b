"""The whole lecture: title card, then every scene in lesson order (the recap last), composed
into one chaptered MP4 with merged subtitles (.srt, .vtt), a YouTube chapter list and a JSON
manifest.

Chapters: one per scene, the first starting at 00:00 (it includes the title card). YouTube
shows chapters only when the first is at 00:00 and each lasts at least ten seconds, which a
few-second title chapter would break. The manifest records the measured loudness of the
lecture and of each chapter, measured from the file's audio packets as they are written.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass
from pathlib import Path

from normgeom.compose.clips import Clip, SubtitleTrack, clip_spans, compose
from normgeom.compose.loudness import LoudnessTap, loudness_report
from normgeom.compose.manifest import ChapterEntry, Manifest, PartEntry
from normgeom.compose.page_states import page_links
from normgeom.compose.subtitles import Cue, read_srt, shift_cues, to_srt, to_vtt
from normgeom.errors import step
from normgeom.rendering.atomic import write_text
from normgeom.rendering.cache import derived_key, digest
from normgeom.rendering.runner import JobResult
from normgeom.rendering.state import Built, Chapter, Info, RecordId, RecordKind, State
from normgeom.rendering.versions import versions
from scenes.base.catalog import LECTURE_TITLE, SCENES_DIR
from scenes.voice.languages import SOURCE, language
from scenes.voice.loudness import Loudness
from scenes.voice.translation import translated_word

__all__ = [
    "LectureFiles",
    "LectureResult",
    "lecture_files",
    "youtube_chapters",
    "chapter_title",
    "lecture_title",
    "build_lecture",
]


@dataclass(frozen=True)
class LectureFiles:
    """The lecture's files: the video and what sits beside it."""

    video: Path
    srt: Path
    vtt: Path
    chapters: Path
    manifest: Path

    def all(self) -> list[Path]:
        """Every file, video first."""
        return [self.video, self.srt, self.vtt, self.chapters, self.manifest]


@dataclass(frozen=True)
class LectureResult:
    """A composed (or up-to-date) lecture."""

    files: LectureFiles
    chapters: list[Chapter]
    duration: float
    cached: bool


def lecture_files(video: Path) -> LectureFiles:
    """The files of a lecture whose video is ``video``."""
    return LectureFiles(
        video,
        video.with_suffix(".srt"),
        video.with_suffix(".vtt"),
        video.with_suffix(".chapters.txt"),
        video.with_suffix(".json"),
    )


def _stamp(seconds: float) -> str:
    hours, rest = divmod(int(seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


def youtube_chapters(chapters: list[Chapter]) -> str:
    """``00:00 Title`` lines, one per chapter, for a video description."""
    return "".join(f"{_stamp(ch.start)} {ch.title}\n" for ch in chapters)


def _chapters(parts: list[Chapter], results: list[JobResult]) -> list[tuple[Chapter, str]]:
    """Scene chapters, the title card folded into the first."""
    title, *scenes = zip(parts, results, strict=True)
    first_part, first = scenes[0]
    merged = [(Chapter(first_part.title, title[0].start, first_part.end), first.target.name)]
    return merged + [(part, result.target.name) for part, result in scenes[1:]]


def chapter_title(english: str, lang: str) -> str:
    """A scene's chapter title in language ``lang``
    (:func:`~scenes.voice.translation.translated_word`)."""
    return translated_word(english, "chapter", SCENES_DIR / "narration", lang)


def lecture_title(lang: str) -> str:
    """The lecture's title in language ``lang``, as the title card shows it."""
    return translated_word(LECTURE_TITLE, "screen", SCENES_DIR / "narration", lang)


def build_lecture(state: State, results: list[JobResult], video: Path) -> LectureResult:
    """Compose rendered ``results`` (title card, then the scenes) into the lecture; a
    translated lecture carries a second subtitle track, the English.

    Nothing is rewritten when every part and the output path are as in the last run and
    every file is as written. The manifest lists paths relative to its own folder.
    """
    files = lecture_files(video)
    key = derived_key(digest(*(r.key for r in results)), "lecture", str(video))
    record_id = RecordId(RecordKind.LECTURE, results[0].job.quality.label, str(video))

    def write() -> Built:
        with step("composing the lecture"):
            return _write(results, files)

    record, cached = state.cached(record_id, key, asdict(files), write)
    return LectureResult(files, list(record.info.chapters), record.info.duration, cached)


def _track(lang: str, cues: list[Cue]) -> SubtitleTrack:
    """The MP4 subtitle track of ``cues``, tagged with language ``lang``."""
    return SubtitleTrack(language(lang).iso639_2, [(c.start, c.end, c.text) for c in cues])


def _write(results: list[JobResult], files: LectureFiles) -> Built:
    """Compose the lecture into ``files`` (see :func:`build_lecture`); what to record: the
    titles in the parts' language, the sound and the subtitle track tagged with it."""
    quality, voice, lang = results[0].job.quality, results[0].job.voice, results[0].job.lang
    clips = [Clip(chapter_title(r.target.title, lang), r.video) for r in results]
    title = lecture_title(lang)
    parts = clip_spans(clips)
    chapters = _chapters(parts, results)
    lengths = [p.end - p.start for p in parts]

    def merged(files: list[Path | None]) -> list[Cue]:
        return shift_cues([(read_srt(f), n) for f, n in zip(files, lengths, strict=True)])

    cues = merged([r.subtitles for r in results])
    iso = language(lang).iso639_2
    tracks = [_track(lang, cues)]
    if lang != SOURCE:  # the source text too, timed to this language's speech
        tracks.append(_track(SOURCE, merged([r.source_subtitles for r in results])))
    # the chapters tile the lecture (the last one to the audio's end): the whole lecture's
    # true peak is the largest of theirs, so its own meter measures loudness alone
    spans = [(0.0, float("inf")), *((ch.start, ch.end) for ch, _ in chapters[:-1])]
    spans.append((chapters[-1][0].start, float("inf")))
    with LoudnessTap(spans, true_peaks=[False] + [True] * len(chapters)) as tap:
        compose(
            clips,
            files.video,
            chapters=[ch for ch, _ in chapters],
            title=title,
            tap=tap,
            language=iso,
            subtitles=tuple(tracks),
        )
    lecture, *levels = tap.results
    peaks = [level.true_peak_dbtp for level in levels if level.true_peak_dbtp is not None]
    whole = Loudness(lecture.lufs, max(peaks, default=None))
    write_text(files.srt, to_srt(cues))
    write_text(files.vtt, to_vtt(cues))
    write_text(files.chapters, youtube_chapters([ch for ch, _ in chapters]))
    length = parts[-1].end
    folder = files.manifest.parent
    links = page_links(results[0].job.params)

    def relative(path: Path) -> str:
        return Path(os.path.relpath(path, folder)).as_posix()

    manifest = Manifest(
        title=title,
        language=lang,
        duration=length,
        quality={**asdict(quality), "label": quality.label},
        voice=voice,
        versions=versions(),
        chapters=[
            ChapterEntry(ch.title, scene, ch.start, ch.end, links.get(scene))
            for ch, scene in chapters
        ],
        parts=[
            PartEntry(r.target.name, relative(r.video), p.start, p.end - p.start, r.key)
            for r, p in zip(results, parts, strict=True)
        ],
        files={name: relative(path) for name, path in asdict(files).items()},
        loudness=loudness_report(
            whole, [(ch.title, level) for (ch, _), level in zip(chapters, levels, strict=True)]
        ),
    )
    write_text(files.manifest, manifest.to_json())
    return Built(asdict(files), Info(length, chapters=tuple(ch for ch, _ in chapters)))
