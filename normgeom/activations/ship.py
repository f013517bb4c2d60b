"""Write the recorded activations of the lecture's sentences: ``make activations-data``.

The lecture draws these numbers (:mod:`normmath.recorded`) instead of running the model at
render time. Run it again after changing :data:`LECTURE_SENTENCES`; the test suite checks
that a fresh capture still equals the file.
"""

from __future__ import annotations

import json
import sys
from importlib import metadata
from pathlib import Path

from normgeom.activations.capture import Capture, capture
from normgeom.activations.model import (
    MODEL_NAME,
    MODEL_PACKAGE,
    LoadedModel,
    load_model,
    weights_sha256,
)
from normgeom.activations.report import module_stats
from normgeom.rendering.atomic import write_text
from normmath.recorded import RECORDED_ACTIVATIONS, document_sha256

__all__ = ["LECTURE_SENTENCES", "SIGNIFICANT_DIGITS", "recorded_document", "main"]

LECTURE_SENTENCES = (
    "LayerNorm centers each vector, then scales it onto a sphere.",
    "RMSNorm skips the centering step.",
    "Paris is the capital of France.",
    "The cat sat on the mat.",
)
"""The fixed sentences of the lecture's RealActivations scene."""

SIGNIFICANT_DIGITS = 8
"""Digits kept of each statistic (the activations themselves are float32, about 7)."""


def _rounded(values) -> list[float]:
    return [float(f"{float(v):.{SIGNIFICANT_DIGITS}g}") for v in values]


def recorded_document(captures: list[Capture], loaded: LoadedModel) -> dict:
    """The file's content: provenance, sentences, tokens, per-module mu and sigma per token,
    and the checksum of all of it."""
    first = captures[0].layernorms
    layernorms = []
    for index, layer in enumerate(first):
        per_sentence = [module_stats(c.layernorms[index]) for c in captures]
        layernorms.append(
            {
                "name": layer.name,
                "n": layer.n,
                "eps": layer.eps,
                "mu": [_rounded(stats.mu) for stats in per_sentence],
                "sigma": [_rounded(stats.sigma) for stats in per_sentence],
            }
        )
    document = {
        "model": MODEL_NAME,
        "provenance": {
            "package": MODEL_PACKAGE,
            "package_version": loaded.package_version,
            "weights_sha256": weights_sha256(loaded.folder),
            "torch": metadata.version("torch"),
            "transformers": metadata.version("transformers"),
            "made_by": "make activations-data",
        },
        "sentences": [c.text for c in captures],
        "tokens": [list(c.tokens) for c in captures],
        "layernorms": layernorms,
    }
    document["sha256"] = document_sha256(document)
    return document


def main(argv: list[str] | None = None) -> None:
    """Capture the lecture's sentences and write the file (or the path given)."""
    args = sys.argv[1:] if argv is None else argv
    target = Path(args[0]) if args else RECORDED_ACTIVATIONS
    loaded = load_model()
    captures = [capture(sentence, loaded) for sentence in LECTURE_SENTENCES]
    write_text(target, json.dumps(recorded_document(captures, loaded), indent=1) + "\n")
    print(f"wrote {target} ({len(captures)} sentences, {len(captures[0].layernorms)} modules)")


if __name__ == "__main__":
    main()
