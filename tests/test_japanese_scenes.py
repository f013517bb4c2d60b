"""Every lecture scene built in Japanese: each beat spoken from its translation, each text on
screen from the catalogue (a text without one stops the scene, naming it), the title card
too."""

from __future__ import annotations

import pytest
from conftest import SCENE_TEST
from manim import tempconfig

from scenes.base.catalog import SCENES, load_scene_class
from scenes.base.parameters import SceneSettings
from scenes.kit import screen_text
from scenes.voice.translation import TranslationError


@pytest.fixture
def japanese(scene_media, monkeypatch):
    monkeypatch.delenv("NORMGEOM_PARAMS", raising=False)
    yield lambda **kwargs: SceneSettings(
        voice="none", voice_cache=str(scene_media / "voice-ja"), lang="ja", **kwargs
    )
    screen_text.use_language("en")


@pytest.mark.scenes
@pytest.mark.parametrize("name", [entry.name for entry in SCENES])
def test_every_scene_speaks_and_shows_japanese(name, japanese, scene_media):
    klass = load_scene_class(name)
    with tempconfig({**SCENE_TEST, "dry_run": True, "media_dir": str(scene_media)}):
        scene = klass(settings=japanese(), skip_animations=True)
        scene.render()
    texts = [scene.beat_text(beat) for beat in scene.beats_done]
    assert texts and all(not text.isascii() for text in texts)
    assert screen_text.screen_language() == "ja"
    assert_english_cues_follow_the_japanese_speech(scene)


def assert_english_cues_follow_the_japanese_speech(scene):
    """The scene's English subtitles (for the second track) say each beat's English text
    within the span its Japanese is spoken, as its Japanese subtitles do."""

    def within(cues, beat):  # cue times are whole microseconds
        return [c for c in cues if beat.start - 1e-6 <= c.start.total_seconds() < beat.end - 1e-6]

    english = scene.source_cues
    groups = [within(english, beat) for beat in scene.declare.spoken]
    assert sum(len(group) for group in groups) == len(english)
    for beat, during in zip(scene.declare.spoken, groups, strict=True):
        said = within(scene.renderer.file_writer.subcaptions, beat)
        assert " ".join(" ".join(c.content.split()) for c in during) == " ".join(
            scene.beat_text(beat.name, "en").split()
        )
        assert during[0].start == said[0].start
        assert during[-1].end.total_seconds() == pytest.approx(said[-1].end.total_seconds())


@pytest.mark.scenes
def test_the_title_card_is_japanese_and_an_untranslated_text_is_named(scene_media):
    from scenes.cards import TitleCard

    screen_text.use_language("ja")
    try:
        assert screen_text.on_screen("Pause and predict") != "Pause and predict"
        assert screen_text.on_screen("(1, 2, 3)") == "(1, 2, 3)"
        with pytest.raises(TranslationError, match="no translation of 'Never shown'"):
            screen_text.on_screen("Never shown")
        with tempconfig({**SCENE_TEST, "dry_run": True, "media_dir": str(scene_media)}):
            TitleCard(skip_animations=True).render()
    finally:
        screen_text.use_language("en")
