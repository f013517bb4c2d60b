"""Slides: every narrated beat is one slide step with its text as speaker notes; the HTML
deck references only files beside it; the PPTX has a slide per beat; builds are cached."""

from __future__ import annotations

import sys

import pytest
from fixtures.pipeline import TINY
from fixtures.publishing import BEATS, slide_build, slide_target, temp_folder
from fixtures.refusal import refusal_line
from fixtures.slide_scenes import TinySteps
from typer.testing import CliRunner

from normgeom.cli.app import app
from normgeom.publish.deck import load_presentations, page_references, write_html, write_pptx
from normgeom.publish.slides import slide_job
from normgeom.rendering.paths import Layout
from normgeom.rendering.runner import Runner
from scenes.base.narrated import scene_beats
from scenes.base.parameters import STOP_AFTER_ENV, SceneParams

pytestmark = pytest.mark.render

pptx = pytest.importorskip("pptx", reason="the slides extra (make slides) is not installed")


class RecordingSteps(TinySteps):
    """TinySteps with a ``next_slide`` that records its notes, as manim-slides' Slide has."""

    def next_slide(self, **options) -> None:
        self.slide_notes = [*getattr(self, "slide_notes", []), options["notes"]]


def test_fixture_narration_is_found_beside_its_module():
    assert list(scene_beats(TinySteps).values()) == BEATS["TinySteps"]


def test_each_beat_starts_a_slide_with_its_text_as_notes(construct_scene):
    scene = construct_scene(RecordingSteps)
    assert scene.slide_notes == BEATS["TinySteps"]
    assert scene.beats_done == ["square", "circle", "rest"]


def test_plain_scenes_have_no_slides_and_play_every_beat(construct_scene):
    scene = construct_scene(TinySteps)
    assert not hasattr(scene, "next_slide")
    assert scene.beats_done == ["square", "circle", "rest"]


def test_stop_after_ends_the_scene_after_that_beat(construct_scene, monkeypatch):
    monkeypatch.setenv(STOP_AFTER_ENV, "circle")
    assert construct_scene(TinySteps).beats_done == ["square", "circle"]


def test_one_slide_per_beat_with_its_notes():
    _, files = slide_build()
    presentations = load_presentations(files)
    assert [[s.notes for s in p.slides] for p in presentations] == list(BEATS.values())
    assert all(s.file.is_file() for p in presentations for s in p.slides)


def test_html_deck_has_one_step_per_beat_and_only_local_files():
    _, files = slide_build()
    folder = temp_folder("normgeom-deck-")
    page = write_html(load_presentations(files), folder / "deck.html", "Tiny deck")
    html = page.read_text(encoding="utf-8")
    references = page_references(html)
    assert references, "the deck references no files"
    for reference in references:
        assert "://" not in reference, f"remote reference {reference}"
        assert (folder / reference).is_file(), f"missing {reference}"
    videos = [r for r in references if r.endswith(".mp4")]
    assert len(videos) == sum(len(beats) for beats in BEATS.values())
    assert html.count("<section") == len(videos)
    for text in (text for beats in BEATS.values() for text in beats):
        assert text in html


def test_pptx_has_one_slide_per_beat_with_notes(capfd):
    """...and writing it prints nothing (manim-slides' own progress bar included): the
    command line shows its own progress, and the Python API never prints."""
    _, files = slide_build()
    output = temp_folder("normgeom-pptx-") / "deck.pptx"
    capfd.readouterr()
    write_pptx(load_presentations(files), output, (128, 72))
    assert capfd.readouterr() == ("", "")
    slides = pptx.Presentation(str(output)).slides
    assert len(slides) == sum(len(beats) for beats in BEATS.values())
    notes = [slide.notes_slide.notes_text_frame.text for slide in slides]
    assert notes == [text for beats in BEATS.values() for text in beats]


def test_unchanged_slides_are_not_rendered_again():
    layout, files = slide_build()
    jobs = [slide_job(slide_target(n), TINY, SceneParams()) for n in BEATS]
    results = Runner(Layout(layout.media), jobs=1).run(jobs)
    assert [result.files["presentation"] for result in results] == files
    assert all(result.cached for result in results)


def test_slides_without_the_extra_say_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "manim_slides", None)  # import manim_slides fails
    result = CliRunner().invoke(app, ["slides", "MeanCentering"])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "manim-slides" in lines[0] and "make slides" in lines[0]


def test_a_translated_deck_is_named_titled_and_noted_in_its_language(tmp_path, monkeypatch):
    """``slides --lang ja``: the steps speak the catalogue's Japanese (speaker notes), the
    deck carries the language in its name and the lecture's Japanese title, and the English
    deck's name stays free."""
    from normgeom.compose.lecture import lecture_title
    from normgeom.publish import runs
    from normgeom.settings import RenderSettings

    monkeypatch.setenv("NORMGEOM_MEDIA", str(tmp_path / "media"))
    settings = RenderSettings(TINY, "none", SceneParams(), 1, "ja")
    deck = runs.slides([slide_target("TinySteps")], settings, str(tmp_path / "deck"))
    assert (deck.html.name, deck.pptx.name) == (
        "normalization_geometry.ja.html",
        "normalization_geometry.ja.pptx",
    )
    html = deck.html.read_text(encoding="utf-8")
    assert f"<title>{lecture_title('ja')}</title>" in html
    assert lecture_title("ja") != lecture_title("en")
    notes = [s.notes_slide.notes_text_frame.text for s in pptx.Presentation(str(deck.pptx)).slides]
    assert notes == ["正方形が現れます。", "円が加わります。", "両方とも残ります。"]


@pytest.mark.parametrize("command", ["slides", "stills", "publish"])
def test_an_unknown_language_is_one_line_for_every_publishing_command(
    command, tmp_path, monkeypatch
):
    monkeypatch.setenv("NORMGEOM_MEDIA", str(tmp_path))
    result = CliRunner().invoke(app, [command, "--lang", "xx"])
    refusal_line(result, "unknown language 'xx'", "ja (Japanese)")
    assert not any(tmp_path.iterdir())
