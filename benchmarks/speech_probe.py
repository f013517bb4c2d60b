"""Synthesize one scene's narration in this process, cold, and print what it cost as JSON.

Run by :mod:`benchmarks.bench` in a fresh process per measurement, beside the render probe::

    python -m benchmarks.speech_probe Standardization hibari

The scene is constructed without drawing (Manim's dry run, animations skipped), so its beats
are filled from its own values exactly as in a render, into an empty speech cache.
``load_seconds`` is loading the voice (once per scene render), ``synthesis_seconds`` the time
spent in the voice's synthesis and loudness normalization.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time

__all__ = ["probe"]


def probe(scene_name: str, voice: str) -> dict:
    """Time loading ``voice`` and speaking every beat of ``scene_name``; count words and audio."""
    import os

    from manim import tempconfig

    from scenes.base.catalog import load_scene_class
    from scenes.voice import speech
    from scenes.voice.registry import VOICE_CACHE_ENV, VOICE_ENV
    from scenes.voice.speech import make_service

    spent = {"seconds": 0.0, "audio": {}}
    synthesize = speech._Synthesized.generate_from_text

    def timed(self, text, *args, **kwargs):
        started = time.perf_counter()
        result = synthesize(self, text, *args, **kwargs)
        spent["seconds"] += time.perf_counter() - started
        samples, rate = speech.read_wav(speech.Path(self.cache_dir) / result["original_audio"])
        spent["audio"][text] = len(samples) / rate  # a beat is asked for twice: once spoken
        return result

    speech._Synthesized.generate_from_text = timed
    with tempfile.TemporaryDirectory(prefix="normgeom-speech-") as folder:
        started = time.perf_counter()
        make_service(voice, f"{folder}/load")._wrap_generate_from_text("Ready.")
        loaded = time.perf_counter() - started
        spent.update(seconds=0.0, audio={})
        os.environ.update({VOICE_ENV: voice, VOICE_CACHE_ENV: f"{folder}/{scene_name}"})
        options = {"dry_run": True, "media_dir": folder, "verbosity": "WARNING"}
        with tempconfig({**options, "progress_bar": "none", "disable_caching": True}):
            load_scene_class(scene_name)(skip_animations=True).render()
    return {
        "scene": scene_name,
        "voice": voice,
        "load_seconds": loaded,
        "synthesis_seconds": spent["seconds"],
        "speech_seconds": sum(spent["audio"].values()),
        "words": sum(len(text.split()) for text in spent["audio"]),
    }


if __name__ == "__main__":
    print(json.dumps(probe(*sys.argv[1:3])))
