"""The lecture bundle: its manifest lists exactly the folder's files with matching sizes and
checksums, its index.html loads every image and video in headless Chromium, its deck
references only files in the bundle, and a part that fails leaves the folder untouched."""

from __future__ import annotations

import hashlib
import json
import shutil
from functools import partial
from pathlib import Path

import pytest
from fixtures.pipeline import TINY
from fixtures.publishing import BEATS, browser_check, bundle, slide_target, temp_folder

from normgeom.errors import RenderError
from normgeom.folders import OWNED_NAME, staged_folder
from normgeom.page import page_files
from normgeom.publish.bundle import DECK_PAGE, LIVE_PAGE, publish
from normgeom.publish.bundle_manifest import MANIFEST_NAME
from normgeom.publish.deck import page_references
from normgeom.publish.index_page import index_html
from normgeom.rendering.job import RenderJob
from normgeom.rendering.paths import Layout
from normgeom.rendering.runner import Runner
from scenes.base.parameters import SceneParams

pytestmark = pytest.mark.render

pytest.importorskip("pptx", reason="the slides extra (make slides) is not installed")


def _files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def test_bundle_holds_every_part():
    files = _files(bundle().folder)
    lecture = {f"normalization_geometry.{ext}" for ext in ("mp4", "srt", "vtt", "chapters.txt")}
    scenes = {f"scenes/{n}.{ext}" for n in BEATS for ext in ("mp4", "gif")}
    stills = {f"stills/{n}.png" for n in BEATS}
    live = {f"page/{name}" for name in page_files()}
    assert lecture | scenes | stills | live | {"index.html", MANIFEST_NAME, DECK_PAGE} <= files
    assert f'href="{LIVE_PAGE}"' in (bundle().folder / "index.html").read_text()


def test_manifest_lists_exactly_the_files_with_their_checksums():
    folder = bundle().folder
    manifest = json.loads((folder / MANIFEST_NAME).read_text())
    listed = {entry["path"]: entry for entry in manifest["files"]}
    assert set(listed) == _files(folder) - {MANIFEST_NAME, OWNED_NAME}
    for path, entry in listed.items():
        assert entry["size"] == (folder / path).stat().st_size
        assert entry["sha256"] == hashlib.sha256((folder / path).read_bytes()).hexdigest()
    assert listed["normalization_geometry.mp4"]["duration"] > 0
    assert [c["scene"] for c in manifest["chapters"]] == [*BEATS]
    assert manifest["language"] == "en"


def test_no_manifest_holds_an_absolute_path():
    folder = bundle().folder
    lecture = bundle().lecture.files.manifest
    for manifest in (folder / MANIFEST_NAME, lecture):
        text = manifest.read_text()
        assert str(folder.parent) not in text and '"/' not in text, manifest


def test_chapters_carry_the_titles_and_the_page_the_summaries():
    made = bundle()
    names = list(BEATS)
    assert [ch.title for ch in made.lecture.chapters] == [f"{n} chapter" for n in names]
    page = (made.folder / "index.html").read_text(encoding="utf-8")
    assert all(f"{n}: {n} summary" in page for n in names)


def test_deck_references_only_files_in_the_bundle():
    folder = bundle().folder
    page = folder / DECK_PAGE
    references = page_references(page.read_text(encoding="utf-8"))
    assert len([r for r in references if r.endswith(".mp4")]) == sum(map(len, BEATS.values()))
    for reference in references:
        target = (page.parent / reference).resolve()
        assert target.is_file() and folder.resolve() in target.parents, reference


@pytest.mark.browser
@pytest.mark.skipif(not shutil.which("chromium"), reason="Debian's chromium is not installed")
def test_index_loads_every_image_and_video_in_chromium():
    folder = bundle().folder
    seen = browser_check(folder / "index.html")
    assert len(seen["images"]) == 2 * len(BEATS)
    for src, complete, width in seen["images"]:
        assert complete and width > 0, f"image {src} did not load"
    assert [v[0] for v in seen["videos"]] == ["normalization_geometry.mp4"]
    for src, ready, width, error in seen["videos"]:
        assert ready >= 1 and width > 0 and not error, f"video {src} did not load"


def test_a_failing_part_writes_nothing():
    layout = Layout(bundle().folder.parent)  # the other parts are up to date there
    folder = temp_folder("normgeom-broken-") / "bundle"
    with staged_folder(folder) as stage:
        (stage / "keep.txt").write_text("the previous bundle")
    movie = partial(RenderJob, quality=TINY, voice="none", params=SceneParams())
    scenes = [slide_target("TinySteps"), slide_target("TinyBroken")]
    with pytest.raises(RenderError, match="TinyBroken"):
        publish(Runner(layout, jobs=2), movie, scenes, folder)
    assert _files(folder) == {"keep.txt", OWNED_NAME}
    assert (folder / "keep.txt").read_text() == "the previous bundle"


def test_an_unchanged_bundle_is_up_to_date_and_a_damaged_one_is_rebuilt():
    layout = Layout(bundle().folder.parent)  # the parts are up to date there
    copy = temp_folder("normgeom-rebundle-") / "bundle"
    movie = partial(RenderJob, quality=TINY, voice="none", params=SceneParams())
    scenes = [slide_target(n) for n in BEATS]
    made = publish(Runner(layout, jobs=2), movie, scenes, copy)
    assert not made.cached
    index = copy / "index.html"
    written = index.stat().st_mtime_ns
    again = publish(Runner(layout, jobs=2), movie, scenes, copy)
    assert again.cached and again.manifest == made.manifest
    assert index.stat().st_mtime_ns == written
    scene = next(iter(BEATS))
    still = copy / "stills" / f"{scene}.png"
    still.write_bytes(still.read_bytes()[:100])
    repaired = publish(Runner(layout, jobs=2), movie, scenes, copy)
    assert not repaired.cached
    assert hashlib.sha256(still.read_bytes()).hexdigest() == next(
        entry.sha256 for entry in made.manifest.files if entry.path == f"stills/{scene}.png"
    )


@pytest.mark.parametrize(("lang", "label"), [("en", "English"), ("ja", "日本語")])
def test_the_index_page_and_its_subtitle_track_are_in_the_lecture_language(lang, label):
    page = index_html("title", "l.mp4", {"vtt": "l.vtt"}, "d.html", "p/", [], [], None, lang)
    assert f'<html lang="{lang}">' in page
    assert f'srclang="{lang}" label="{label}"' in page
