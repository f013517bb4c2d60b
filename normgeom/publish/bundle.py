"""The lecture bundle: one folder with everything a lecturer publishes.

``<folder>/`` holds the composed lecture (``normalization_geometry.mp4`` with chapters, its
``.srt``, ``.vtt`` and ``.chapters.txt``), ``scenes/<Scene>.mp4`` and ``.gif``,
``stills/<Scene>.png`` (final frames), ``slides/`` (the offline HTML deck), ``page/`` (the
live lesson and 3D explorer, :mod:`normgeom.page`), ``index.html`` and ``manifest.json``.
Every part is built (or found up to date) in ``media/`` first, then the files are assembled
in a hidden folder and moved in (:func:`normgeom.folders.staged_folder`: only
normgeom's own files there are replaced): if any part fails, the folder is left as it was. The
folder is keyed from its parts (:func:`derived_key`): when no part changed (the page's files
included) and every file in it is as written, it is left alone and reported up to date.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from normgeom.compose.lecture import LectureResult, build_lecture, lecture_title
from normgeom.compose.manifest import ChapterEntry
from normgeom.compose.page_states import PAGE_LINK, page_links
from normgeom.folders import check_folder, staged_folder
from normgeom.page import page_files, write_files
from normgeom.publish.bundle_manifest import MANIFEST_NAME, BundleManifest, file_entries
from normgeom.publish.deck import load_presentations, write_html
from normgeom.publish.index_page import SceneCard, index_html
from normgeom.publish.outputs import deliver
from normgeom.publish.revealjs import revealjs_dist
from normgeom.publish.slides import SLIDE_VOICE, require_slides, slide_job
from normgeom.rendering.atomic import write_text
from normgeom.rendering.cache import derived_key, digest
from normgeom.rendering.job import RenderJob
from normgeom.rendering.paths import DECK_NAME
from normgeom.rendering.runner import JobResult, Runner
from normgeom.rendering.state import Built, RecordId, RecordKind
from normgeom.rendering.targets import Target, card
from normgeom.rendering.versions import versions

__all__ = ["DECK_PAGE", "LIVE_PAGE", "Bundle", "publish"]

DECK_PAGE = f"slides/{DECK_NAME}.html"
LIVE_PAGE = PAGE_LINK


@dataclass(frozen=True)
class Bundle:
    """A written bundle: its folder, manifest and the lecture it holds; ``cached``: the
    folder was already up to date."""

    folder: Path
    manifest: BundleManifest
    lecture: LectureResult
    cached: bool = False


def publish(
    runner: Runner,
    movie: Callable[[Target], RenderJob],
    scenes: list[Target],
    folder: Path,
    on_done: Callable[[JobResult], None] | None = None,
    *,
    own: bool = False,
) -> Bundle:
    """Build every part and write the bundle ``folder``.

    Parameters
    ----------
    runner
        Runs the render jobs.
    movie
        The movie job of a target (its quality, voice, parameters and language are the
        bundle's); slides use the same quality, parameters and language, silently.
    scenes
        The lecture's scenes in order (the title card is added).
    folder
        The bundle folder.
    on_done
        Called with each finished job.
    own
        ``folder`` is the command's default (:func:`normgeom.folders.check_folder`).
    """
    folder = check_folder(folder, own=own)
    require_slides()
    revealjs_dist()
    parts = [card("TitleCard"), *scenes]
    jobs = [movie(part) for part in parts]
    live = page_files(jobs[0].params)
    links = page_links(jobs[0].params)
    results = runner.run(jobs, on_done=on_done)
    quality, lang = results[0].job.quality, results[0].job.lang
    title = lecture_title(lang)
    lecture = build_lecture(runner.state, results, runner.layout.lecture(lang))
    scene_results = results[1:]
    gifs = [deliver(result, "gif", runner.state)[0] for result in scene_results]
    stills = [deliver(result, "png", runner.state)[0] for result in scene_results]
    slide_jobs = [
        slide_job(r.target, quality, r.job.params, SLIDE_VOICE, lang) for r in scene_results
    ]
    slide_results = runner.run(slide_jobs, on_done=on_done)
    presentations = [r.files["presentation"] for r in slide_results]
    page_key = digest(*(part for item in sorted(live.items()) for part in item))
    parents = digest(*(r.key for r in results), *(r.key for r in slide_results), page_key)
    key = derived_key(parents, "bundle", str(folder))
    record_id = RecordId(RecordKind.BUNDLE, quality.label, str(folder))
    written = {role: folder / role for role in runner.state.roles(record_id)}

    def write() -> Built:
        with staged_folder(folder, own=own) as stage:
            lecture_files = lecture.files
            for source in (lecture_files.video, lecture_files.srt, lecture_files.vtt):
                _copy(source, stage / source.name)
            _copy(lecture_files.chapters, stage / lecture_files.chapters.name)
            cards = []
            for result, gif, still in zip(scene_results, gifs, stills, strict=True):
                name = result.target.name
                _copy(result.video, stage / "scenes" / f"{name}.mp4")
                _copy(gif, stage / "scenes" / f"{name}.gif")
                _copy(still, stage / "stills" / f"{name}.png")
                cards.append(
                    SceneCard(
                        name,
                        result.target.summary,
                        f"scenes/{name}.mp4",
                        f"scenes/{name}.gif",
                        f"stills/{name}.png",
                    )
                )
            write_html(load_presentations(presentations), stage / DECK_PAGE, title)
            write_files((stage / LIVE_PAGE).parent, live)
            page = index_html(
                title,
                lecture_files.video.name,
                {"vtt": lecture_files.vtt.name, "srt": lecture_files.srt.name},
                DECK_PAGE,
                LIVE_PAGE,
                lecture.chapters,
                cards,
                [links.get(part.target.name) for part in scene_results],
                lang,
            )
            write_text(stage / "index.html", page)
            manifest = BundleManifest(
                title=title,
                language=lang,
                quality={**asdict(quality), "label": quality.label},
                voice=results[0].job.voice,
                versions=versions(),
                chapters=[
                    ChapterEntry(
                        ch.title, part.target.name, ch.start, ch.end, links.get(part.target.name)
                    )
                    for ch, part in zip(lecture.chapters, scene_results, strict=True)
                ],
                files=file_entries(stage),
            )
            write_text(stage / MANIFEST_NAME, manifest.to_json())
        files = {e.path: folder / e.path for e in manifest.files}
        sums = {e.path: (e.size, e.sha256) for e in manifest.files}  # measured: no 2nd hashing
        return Built({**files, MANIFEST_NAME: folder / MANIFEST_NAME}, sums=sums)

    _, cached = runner.state.cached(record_id, key, written, write)
    return Bundle(folder, BundleManifest.read(folder / MANIFEST_NAME), lecture, cached)


def _copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)
