r"""Recorded statistics of real transformer activations, shipped with normgeom.

``data/minilm_activations.json`` holds, for the lecture's fixed sentences, the mean
:math:`\mu` and population standard deviation :math:`\sigma` of every token's vector entering
each of the 13 LayerNorm modules of all-MiniLM-L6-v2 (width 384), with the module's epsilon
and where the numbers come from (model, package and its version, the weights' SHA-256, the
libraries). That is all the meridian picture needs (:func:`normmath.meridian_of_stats`),
so drawing it never loads the model. ``make activations-data`` writes the file;
``sha256`` covers everything else in it, so an edited or damaged file is refused.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from normio.files import MB, read_text
from normmath.errors import NormMathError
from normmath.meridian import Meridian, meridian_of_stats

__all__ = [
    "RECORDED_ACTIVATIONS",
    "RecordedModule",
    "RecordedActivations",
    "document_sha256",
    "module_label",
    "load_recorded",
]

RECORDED_ACTIVATIONS = Path(__file__).with_name("data") / "minilm_activations.json"
RECORDED_LIMIT = 16 * MB
"""Largest recorded-activations file read (the shipped one is 25 kB)."""
"""The shipped file of the lecture's sentences."""


def document_sha256(document: dict) -> str:
    """SHA-256 of the document without its ``sha256`` key, as sorted compact JSON."""
    body = {key: value for key, value in document.items() if key != "sha256"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def module_label(name: str) -> str:
    """A module's short name for narrow columns and readouts.

    >>> module_label("encoder.layer.3.attention.output.LayerNorm"), module_label(
    ...     "embeddings.LayerNorm")
    ('layer 3 attention', 'embeddings')
    """
    parts = name.removesuffix(".LayerNorm").split(".")
    if parts[:2] == ["encoder", "layer"]:
        return f"layer {parts[2]} {parts[3]}"
    return ".".join(parts)


@dataclass(frozen=True)
class RecordedModule:
    """One LayerNorm module: name, width, epsilon and per-token ``mu``, ``sigma`` (T,)."""

    name: str
    n: int
    eps: float
    mu: np.ndarray
    sigma: np.ndarray

    def meridian(self) -> Meridian:
        """The tokens' vectors in the meridian half-plane (:func:`meridian_of_stats`)."""
        return meridian_of_stats(self.mu, self.sigma, self.n, self.eps)

    @property
    def label(self) -> str:
        """The module's short name (:func:`module_label`)."""
        return module_label(self.name)

    @property
    def mu_over_sigma(self) -> np.ma.MaskedArray:
        r"""Signed :math:`\mu/\sigma` per token, masked where :math:`\sigma = 0`."""
        spread = self.sigma > 0
        ratio = self.mu / np.where(spread, self.sigma, 1.0)
        return np.ma.masked_array(np.where(spread, ratio, 0.0), mask=~spread)


@dataclass(frozen=True)
class RecordedActivations:
    """Every token of every sentence (T in all), in order, and the modules in forward order.

    ``sentence_of_token`` (T,) gives each token's sentence index.
    """

    model: str
    provenance: dict
    sentences: tuple[str, ...]
    tokens: tuple[str, ...]
    sentence_of_token: np.ndarray
    modules: tuple[RecordedModule, ...]

    def module(self, name: str) -> RecordedModule:
        """The module called ``name`` (KeyError otherwise)."""
        for module in self.modules:
            if module.name == name:
                return module
        raise KeyError(name)


def load_recorded(path: Path = RECORDED_ACTIVATIONS) -> RecordedActivations:
    """Read and check a recorded-activations file; :class:`NormMathError` if it is missing,
    unreadable or does not match its checksum.

    >>> recorded = load_recorded()
    >>> recorded.model, len(recorded.modules), recorded.modules[0].n
    ('all-MiniLM-L6-v2', 13, 384)
    """
    text = read_text(path, "recorded activations", RECORDED_LIMIT)
    try:
        document = json.loads(text)
    except ValueError as exc:
        raise NormMathError(f"recorded activations: {path}: unreadable ({exc})") from None
    if not isinstance(document, dict) or document.get("sha256") != document_sha256(document):
        raise NormMathError(
            f"recorded activations: {path}: checksum mismatch; remake it with make activations-data"
        )
    tokens = document["tokens"]
    modules = tuple(
        RecordedModule(
            name=entry["name"],
            n=int(entry["n"]),
            eps=float(entry["eps"]),
            mu=np.array([v for sentence in entry["mu"] for v in sentence], dtype=float),
            sigma=np.array([v for sentence in entry["sigma"] for v in sentence], dtype=float),
        )
        for entry in document["layernorms"]
    )
    return RecordedActivations(
        model=document["model"],
        provenance=document["provenance"],
        sentences=tuple(document["sentences"]),
        tokens=tuple(token for sentence in tokens for token in sentence),
        sentence_of_token=np.repeat(np.arange(len(tokens)), [len(s) for s in tokens]),
        modules=modules,
    )
