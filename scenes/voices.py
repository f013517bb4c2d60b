"""Speech services for the narration: offline espeak-ng, silence, or any manim-voiceover service.

The voice is chosen by name (``--voice`` or the ``NORMGEOM_VOICE`` environment variable):

- ``espeak`` (default): offline espeak-ng, installed by ``make setup``.
- ``none``: no speech; each beat lasts a reading-speed duration (silent audio), captions
  are still written.
- any other manim-voiceover service by its short name (``gtts``, ``azure``, ``openai``,
  ``elevenlabs``, ``recorder``, ``pyttsx3``).

Synthesized audio is cached by manim-voiceover (``media/voiceovers``): unchanged text is
not synthesized again.
"""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import wave
from pathlib import Path

from manim_voiceover.services.base import SpeechService, initialize_speech_service

__all__ = [
    "DEFAULT_VOICE",
    "VOICE_ENV",
    "EXTERNAL_SERVICES",
    "VoiceError",
    "EspeakService",
    "SilentService",
    "reading_duration",
    "voice_name",
    "make_service",
    "available_voices",
]

DEFAULT_VOICE = "espeak"
VOICE_ENV = "NORMGEOM_VOICE"
WORDS_PER_MINUTE = 160
MIN_BEAT_SECONDS = 1.5

EXTERNAL_SERVICES: dict[str, tuple[str, str, str]] = {
    "gtts": ("manim_voiceover.services.gtts", "GTTSService", "manim-voiceover[gtts]"),
    "azure": ("manim_voiceover.services.azure", "AzureService", "manim-voiceover[azure]"),
    "openai": ("manim_voiceover.services.openai", "OpenAIService", "manim-voiceover[openai]"),
    "elevenlabs": (
        "manim_voiceover.services.elevenlabs",
        "ElevenLabsService",
        "manim-voiceover[elevenlabs]",
    ),
    "pyttsx3": ("manim_voiceover.services.pyttsx3", "PyTTSX3Service", "manim-voiceover[pyttsx3]"),
    "recorder": (
        "manim_voiceover.services.recorder",
        "RecorderService",
        "manim-voiceover[recorder]",
    ),
}
"""Short name -> (module, class, pip requirement) of manim-voiceover's own services."""


class VoiceError(RuntimeError):
    """A voice that cannot be used here; the message says what to install or set."""


def reading_duration(text: str) -> float:
    """Seconds a beat lasts without speech: words at 160 per minute, at least 1.5 s."""
    return max(MIN_BEAT_SECONDS, len(text.split()) * 60.0 / WORDS_PER_MINUTE)


def _basename(service: SpeechService, input_data: dict, path) -> str:
    return str(path) if path is not None else service.get_audio_basename(input_data) + ".wav"


class EspeakService(SpeechService):
    """Offline speech with the espeak-ng command line (WAV output, cached by text)."""

    def __init__(self, voice: str = "en-us", words_per_minute: int = 165, **kwargs) -> None:
        if shutil.which("espeak-ng") is None:
            raise VoiceError(
                "voice 'espeak' needs espeak-ng: run `make setup` or `apt-get install espeak-ng`"
            )
        self.voice = voice
        self.words_per_minute = words_per_minute
        initialize_speech_service(self, kwargs)

    def generate_from_text(self, text, cache_dir=None, path=None, **kwargs):
        cache_dir = Path(cache_dir or self.cache_dir)
        input_data = {
            "input_text": text,
            "service": "espeak-ng",
            "voice": self.voice,
            "wpm": self.words_per_minute,
        }
        cached = self.get_cached_result(input_data, cache_dir)
        if cached is not None:
            return cached
        audio = _basename(self, input_data, path)
        subprocess.run(
            ["espeak-ng", "-v", self.voice, "-s", str(self.words_per_minute), "-w",
             str(cache_dir / audio), text],
            check=True,
            capture_output=True,
        )
        return {"input_text": text, "input_data": input_data, "original_audio": audio}


class SilentService(SpeechService):
    """No speech: a silent WAV lasting :func:`reading_duration` of the text."""

    SAMPLE_RATE = 16000

    def __init__(self, **kwargs) -> None:
        initialize_speech_service(self, kwargs)

    def generate_from_text(self, text, cache_dir=None, path=None, **kwargs):
        cache_dir = Path(cache_dir or self.cache_dir)
        seconds = reading_duration(text)
        input_data = {"input_text": text, "service": "silent", "seconds": seconds}
        cached = self.get_cached_result(input_data, cache_dir)
        if cached is not None:
            return cached
        audio = _basename(self, input_data, path)
        with wave.open(str(cache_dir / audio), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(self.SAMPLE_RATE)
            out.writeframes(b"\0\0" * int(round(seconds * self.SAMPLE_RATE)))
        return {"input_text": text, "input_data": input_data, "original_audio": audio}


def available_voices() -> list[str]:
    """Every voice name :func:`make_service` accepts."""
    return [DEFAULT_VOICE, "none", *EXTERNAL_SERVICES]


def voice_name(explicit: str | None = None) -> str:
    """The chosen voice: ``explicit``, else ``$NORMGEOM_VOICE``, else ``espeak``."""
    name = (explicit or os.environ.get(VOICE_ENV) or DEFAULT_VOICE).strip().lower()
    if name not in available_voices():
        raise VoiceError(
            f"unknown voice {name!r}; choose one of {', '.join(available_voices())}"
        )
    return name


def make_service(name: str | None = None, cache_dir: str | os.PathLike | None = None):
    """Build the speech service for a voice name (see the module docstring)."""
    name = voice_name(name)
    kwargs = {} if cache_dir is None else {"cache_dir": str(cache_dir)}
    if name == "none":
        return SilentService(**kwargs)
    if name == DEFAULT_VOICE:
        return EspeakService(**kwargs)
    module_name, class_name, requirement = EXTERNAL_SERVICES[name]
    try:
        service_class = getattr(importlib.import_module(module_name), class_name)
    except ImportError as exc:
        raise VoiceError(f"voice {name!r} needs `pip install \"{requirement}\"` ({exc})") from None
    try:
        return service_class(**kwargs)
    except Exception as exc:  # a service reports missing credentials in its own way
        raise VoiceError(f"voice {name!r} is not usable here: {exc}") from None
