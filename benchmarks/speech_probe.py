"""Synthesize one scene's narration in this process, cold, and print what it cost as JSON.

Run by :mod:`benchmarks.bench` in a fresh process per measurement, beside the render probe::

    python -m benchmarks.speech_probe Standardization hibari

``load_seconds`` is loading the voice (once per lecture render), ``synthesis_seconds`` is
speaking every beat into an empty speech cache, loudness normalization included.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

__all__ = ["probe"]


def probe(scene_name: str, voice: str) -> dict:
    """Time loading ``voice`` and speaking every beat of ``scene_name``; count words and audio."""
    from scenes.catalog import load_scene_class
    from scenes.narrated import scene_beats
    from scenes.speech import read_wav, speak_beats
    from scenes.voices import make_service

    beats = scene_beats(load_scene_class(scene_name))
    with tempfile.TemporaryDirectory(prefix="normgeom-speech-") as folder:
        started = time.perf_counter()
        make_service(voice, Path(folder) / "load")._wrap_generate_from_text("Ready.")
        loaded = time.perf_counter() - started
        cache = Path(folder) / scene_name
        seconds = speak_beats(scene_name, beats, voice, cache)
        audio = 0.0
        for clip in cache.glob("*.wav"):
            samples, rate = read_wav(clip)
            audio += len(samples) / rate
    return {
        "scene": scene_name,
        "voice": voice,
        "load_seconds": loaded,
        "synthesis_seconds": seconds,
        "speech_seconds": audio,
        "words": sum(len(text.split()) for text in beats.values()),
    }


if __name__ == "__main__":
    print(json.dumps(probe(*sys.argv[1:3])))
