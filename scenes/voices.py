"""Speech services for the narration: offline espeak-ng, silence, or any manim-voiceover service.

The voice is chosen by name (``--voice`` or the ``NORMGEOM_VOICE`` environment variable):

- ``espeak`` (default): offline espeak-ng, installed by ``make setup``.
- ``none``: no speech; each beat lasts a reading-speed duration (silent audio), captions
  are still written.
- any other manim-voiceover service by its short name (``gtts``, ``azure``, ``openai``,
  ``elevenlabs``, ``recorder``, ``pyttsx3``).

Synthesized audio is cached by manim-voiceover (``media/voiceovers``, or the folder in
``$NORMGEOM_VOICE_CACHE``; the pipeline gives each scene its own): unchanged text is not
synthesized again. :func:`check_voice` says what a voice still needs before any render.
"""

from __future__ import annotations

import difflib
import importlib
import importlib.util
import os
import shutil
import subprocess
import wave
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values, find_dotenv
from manim_voiceover.services.base import SpeechService, initialize_speech_service

__all__ = [
    "DEFAULT_VOICE",
    "VOICE_ENV",
    "VOICE_CACHE_ENV",
    "ExternalService",
    "EXTERNAL_SERVICES",
    "VoiceError",
    "EspeakService",
    "SilentService",
    "reading_duration",
    "voice_name",
    "check_voice",
    "make_service",
    "available_voices",
]

DEFAULT_VOICE = "espeak"
VOICE_ENV = "NORMGEOM_VOICE"
VOICE_CACHE_ENV = "NORMGEOM_VOICE_CACHE"
WORDS_PER_MINUTE = 160
MIN_BEAT_SECONDS = 1.5


@dataclass(frozen=True)
class ExternalService:
    """A manim-voiceover speech service: where it lives and what it needs.

    Parameters
    ----------
    module, class_name
        The service class inside manim-voiceover.
    extra
        The manim-voiceover extra that installs its packages.
    packages
        Top-level modules of the third-party packages it imports.
    credentials
        Environment variables it reads (from the environment or a ``.env`` file).
    """

    module: str
    class_name: str
    extra: str
    packages: tuple[str, ...]
    credentials: tuple[str, ...] = ()


EXTERNAL_SERVICES: dict[str, ExternalService] = {
    "gtts": ExternalService("manim_voiceover.services.gtts", "GTTSService", "gtts", ("gtts",)),
    "azure": ExternalService(
        "manim_voiceover.services.azure",
        "AzureService",
        "azure",
        ("azure.cognitiveservices.speech",),
        ("AZURE_SUBSCRIPTION_KEY", "AZURE_SERVICE_REGION"),
    ),
    "openai": ExternalService(
        "manim_voiceover.services.openai",
        "OpenAIService",
        "openai",
        ("openai",),
        ("OPENAI_API_KEY",),
    ),
    "elevenlabs": ExternalService(
        "manim_voiceover.services.elevenlabs",
        "ElevenLabsService",
        "elevenlabs",
        ("elevenlabs",),
        ("ELEVEN_API_KEY",),
    ),
    "pyttsx3": ExternalService(
        "manim_voiceover.services.pyttsx3", "PyTTSX3Service", "pyttsx3", ("pyttsx3",)
    ),
    "recorder": ExternalService(
        "manim_voiceover.services.recorder",
        "RecorderService",
        "recorder",
        ("pyaudio", "pynput"),
    ),
}
"""manim-voiceover's own services by short name."""


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
            [
                "espeak-ng",
                "-v",
                self.voice,
                "-s",
                str(self.words_per_minute),
                "-w",
                str(cache_dir / audio),
                text,
            ],
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
    """The chosen voice: ``explicit``, else ``$NORMGEOM_VOICE``, else ``espeak``.

    Raises :class:`VoiceError` for an empty ``explicit`` name or an unknown one (naming the
    closest known voice).
    """
    if explicit is not None and not explicit.strip():
        raise VoiceError("--voice: empty name; give a voice or leave the option out")
    name = (explicit or os.environ.get(VOICE_ENV) or DEFAULT_VOICE).strip().lower()
    voices = available_voices()
    if name not in voices:
        close = difflib.get_close_matches(name, voices, n=1, cutoff=0.6)
        hint = f"did you mean {close[0]!r}? " if close else ""
        raise VoiceError(f"unknown voice {name!r}; {hint}choose one of {', '.join(voices)}")
    return name


def _missing_packages(service: ExternalService) -> list[str]:
    """Third-party modules of ``service`` that cannot be imported here.

    Checked with :func:`importlib.util.find_spec` because manim-voiceover's service modules
    only log a missing import, and their constructors then prompt on stdin to install it.
    """
    missing = []
    for package in service.packages:
        try:
            found = importlib.util.find_spec(package) is not None
        except ModuleNotFoundError:  # a parent package of a dotted name is missing
            found = False
        if not found:
            missing.append(package)
    return missing


def _missing_credentials(service: ExternalService) -> list[str]:
    """Credential variables of ``service`` set neither in the environment nor in ``.env``."""
    dotenv = dotenv_values(find_dotenv(usecwd=True)) if service.credentials else {}
    return [name for name in service.credentials if not (os.environ.get(name) or dotenv.get(name))]


def check_voice(name: str | None = None) -> str:
    """Check that a voice can be used here, without contacting any service.

    Returns
    -------
    str
        The resolved voice name (see :func:`voice_name`).

    Raises
    ------
    VoiceError
        For an unknown voice, a missing program or package, or missing credentials; the
        message says what to install or set.
    """
    name = voice_name(name)
    if name == DEFAULT_VOICE and shutil.which("espeak-ng") is None:
        raise VoiceError(
            "voice 'espeak' needs espeak-ng: run `make setup` or `apt-get install espeak-ng`"
        )
    service = EXTERNAL_SERVICES.get(name)
    if service is None:
        return name
    missing = _missing_packages(service)
    if missing:
        raise VoiceError(
            f"voice {name!r} needs {', '.join(missing)}: "
            f'run `pip install "manim-voiceover[{service.extra}]"`'
        )
    unset = _missing_credentials(service)
    if unset:
        raise VoiceError(
            f"voice {name!r} needs credentials: set {' and '.join(unset)} "
            "in the environment or in a .env file"
        )
    return name


def make_service(name: str | None = None, cache_dir: str | os.PathLike | None = None):
    """Build the speech service for a voice name (see the module docstring).

    The audio cache is ``cache_dir``, else ``$NORMGEOM_VOICE_CACHE``, else manim-voiceover's
    default (``<media>/voiceovers``).

    Raises
    ------
    VoiceError
        When the voice cannot be used here (see :func:`check_voice`).
    """
    name = check_voice(name)
    cache_dir = cache_dir or os.environ.get(VOICE_CACHE_ENV)
    kwargs = {} if cache_dir is None else {"cache_dir": str(cache_dir)}
    if name == "none":
        return SilentService(**kwargs)
    if name == DEFAULT_VOICE:
        return EspeakService(**kwargs)
    service = EXTERNAL_SERVICES[name]
    service_class = getattr(importlib.import_module(service.module), service.class_name)
    try:
        return service_class(**kwargs)
    except Exception as exc:  # each service reports unusable set-ups in its own way
        raise VoiceError(f"voice {name!r} is not usable here: {exc}") from None
