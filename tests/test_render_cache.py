"""Rendering through manim subprocesses, the render cache and atomic outputs."""

from __future__ import annotations

import json
import os
import shutil
import wave

import av
import pytest
from fixtures.pipeline import FIXTURE_FILE, TINY, rendered, tiny_target

from normgeom.compose.subtitles import read_srt
from normgeom.render import cache
from normgeom.render.atomic import atomic_path, write_text
from normgeom.render.cache import State, render_key
from normgeom.render.paths import Layout
from normgeom.render.runner import Renderer
from normgeom.render.targets import Target
from scenes.params import SceneParams

pytestmark = pytest.mark.render


def test_first_render_runs_manim_and_writes_outputs():
    media, results = rendered()
    for result in results:
        assert not result.cached and result.seconds > 0
        assert result.video == media / "scenes" / "72p10" / f"{result.target.name}.mp4"
        assert result.video.is_file()
    silent, narrated = results
    assert silent.subtitles is None
    assert narrated.subtitles is not None and narrated.subtitles.is_file()


def test_second_render_of_unchanged_scenes_does_no_work(monkeypatch):
    media, first = rendered()
    layout = Layout(media)
    made = {r.target.name: layout.manim_video(r.target, TINY).stat().st_mtime_ns for r in first}
    ran = []
    monkeypatch.setattr(Renderer, "_run_manim", lambda self, target: ran.append(target.name))
    again = Renderer(layout, TINY, "espeak", SceneParams()).render_all(
        [r.target for r in first], jobs=2
    )
    assert ran == []
    assert all(r.cached and r.seconds == 0 for r in again)
    assert [r.key for r in again] == [r.key for r in first]
    assert [r.duration for r in again] == [r.duration for r in first]
    for r in first:
        assert layout.manim_video(r.target, TINY).stat().st_mtime_ns == made[r.target.name]


def test_changed_settings_render_only_what_they_change(monkeypatch, tmp_path):
    media, (silent, narrated) = rendered()
    shutil.copytree(media, tmp_path / "media")
    layout = Layout(tmp_path / "media")
    ran = []
    monkeypatch.setattr(Renderer, "_run_manim", lambda self, target: ran.append(target.name))
    Renderer(layout, TINY, "espeak", SceneParams()).render(narrated.target)
    assert ran == []
    Renderer(layout, TINY, "none", SceneParams()).render(narrated.target)
    assert ran == ["TinyNarrated"]
    gained = SceneParams(gamma=(1.0, 1.0, 2.0))
    Renderer(layout, TINY, "espeak", gained).render(silent.target)
    assert ran == ["TinyNarrated", "TinySilent"]


def test_narrated_scene_audio_lasts_as_long_as_its_beats():
    media, (_, narrated) = rendered()
    beats = sorted((media / "voiceovers" / "TinyNarrated").glob("*.wav"))
    assert len(beats) == 2
    speech = []
    for path in beats:
        with wave.open(str(path)) as wav:
            speech.append(wav.getnframes() / wav.getframerate())
    cues = read_srt(narrated.subtitles)
    assert [c.text for c in cues] == ["A circle appears.", "And then we wait."]
    texts = ["A circle appears.", "And then we wait."]
    by_text = dict(zip(texts, speech_in_order(beats, speech), strict=True))
    frame = 1 / TINY.fps
    for cue in cues:  # manim-voiceover ends a caption 0.1 s before its speech ends
        assert cue.end - cue.start == pytest.approx(by_text[cue.text] - 0.1, abs=0.01)
    assert cues[1].start == pytest.approx(by_text[cues[0].text], abs=frame)
    with av.open(str(narrated.video)) as container:
        assert container.streams.audio
        audio = container.streams.audio[0]
        audio_seconds = float(audio.duration * audio.time_base)
    assert narrated.duration == pytest.approx(sum(speech), abs=2 * frame)
    assert audio_seconds == pytest.approx(sum(speech), abs=2 * frame)


def speech_in_order(beats, speech):
    """Beat audio files are named after their text; put the durations in narration order."""
    named = dict(zip([p.name for p in beats], speech, strict=True))
    return [next(v for k, v in named.items() if k.startswith(prefix)) for prefix in ("a-", "and-")]


def test_state_records_the_render():
    media, results = rendered()
    records = json.loads((media / ".normgeom" / "state.json").read_text())["records"]
    for result in results:
        record = records[f"scene:72p10:{result.target.name}"]
        assert record["key"] == result.key
        assert record["duration"] == pytest.approx(result.duration)


@pytest.fixture
def copied_scene(tmp_path):
    path = tmp_path / "tiny_copy.py"
    path.write_text(FIXTURE_FILE.read_text())
    return Target("TinySilent", path, "copy")


def test_key_follows_the_scene_file_params_voice_and_quality(copied_scene):
    base = render_key(copied_scene, TINY, "none", "")
    assert render_key(copied_scene, TINY, "none", "") == base
    assert render_key(copied_scene, TINY, "espeak", "") != base
    assert render_key(copied_scene, TINY, "none", "gamma = [1.0, 1.0, 1.0]\n") != base
    other = type(TINY)("tiny", 128, 72, 5)
    assert render_key(copied_scene, other, "none", "") != base
    untouched = render_key(tiny_target("TinySilent"), TINY, "none", "")
    copied_scene.file.write_text(copied_scene.file.read_text() + "\n# edited\n")
    assert render_key(copied_scene, TINY, "none", "") != base
    assert render_key(tiny_target("TinySilent"), TINY, "none", "") == untouched


def test_key_follows_the_scenes_own_narration(monkeypatch, copied_scene):
    beats = {copied_scene.name: {"intro": "Hello."}}
    monkeypatch.setattr(cache, "narration", lambda target: beats.get(target.name, {}))
    other = tiny_target("TinyNarrated")
    before = render_key(copied_scene, TINY, "none", ""), render_key(other, TINY, "none", "")
    beats[copied_scene.name] = {"intro": "Hello again."}
    after = render_key(copied_scene, TINY, "none", ""), render_key(other, TINY, "none", "")
    assert after[0] != before[0]
    assert after[1] == before[1]


def test_shared_sources_leave_out_scene_modules_and_the_front_end():
    names = {path.name for path in cache.shared_sources()}
    assert {"kit.py", "narrated.py", "params.py", "norms.py"} <= names
    assert not names & {"layernorm.py", "rmsnorm.py", "cli.py"}


def test_atomic_path_keeps_the_old_file_when_interrupted(tmp_path):
    final = tmp_path / "out.mp4"
    final.write_text("old")
    with pytest.raises(KeyboardInterrupt), atomic_path(final) as temp:
        temp.write_text("half")
        raise KeyboardInterrupt
    assert final.read_text() == "old"
    assert os.listdir(tmp_path) == ["out.mp4"]
    write_text(final, "new")
    assert final.read_text() == "new"


def test_state_survives_a_damaged_file(tmp_path):
    path = tmp_path / "state.json"
    path.write_text("{not json")
    state = State(path)
    assert state.records() == {}
    state.put("a", {"key": "k"})
    assert State(path).get("a", "k") == {"key": "k"}
    assert State(path).get("a", "other") is None
