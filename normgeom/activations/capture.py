"""Record the input and output of every LayerNorm of the encoder with forward hooks.

One text is one forward pass (no padding, so every captured row is a real token). The
modules are listed in the order they run: the embeddings' LayerNorm, then two per layer
(after attention, after the feed-forward block).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from normgeom.activations.errors import ActivationsError
from normgeom.activations.model import LoadedModel, load_model

__all__ = ["LayerNormCapture", "Capture", "capture", "require_text", "check_text"]


@dataclass(frozen=True)
class LayerNormCapture:
    """One LayerNorm module: its parameters and what went in and out, float32.

    ``inputs`` and ``outputs`` have shape (tokens, n); ``gain`` and ``bias`` shape (n,).
    """

    name: str
    eps: float
    gain: np.ndarray
    bias: np.ndarray
    inputs: np.ndarray
    outputs: np.ndarray

    @property
    def n(self) -> int:
        """The width the module normalizes over."""
        return int(self.inputs.shape[-1])


@dataclass(frozen=True)
class Capture:
    """A text, its tokens ([CLS] and [SEP] included) and every LayerNorm in forward order."""

    text: str
    tokens: tuple[str, ...]
    layernorms: tuple[LayerNormCapture, ...]


def require_text(text: str | None) -> str:
    """``text`` itself; :class:`ActivationsError` if it is missing, only white space or holds
    bytes that are not UTF-8 (kept by Python as lone surrogates)."""
    if text is None or not text.strip():
        raise ActivationsError("text: empty; give a sentence, e.g. 'Paris is in France.'")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        byte = ord(text[exc.start]) & 0xFF
        raise ActivationsError(
            f"text: byte 0x{byte:02x} at character {exc.start + 1} is not UTF-8; "
            "give the text as UTF-8"
        ) from None
    return text


def check_text(text: str | None, loaded: LoadedModel) -> list[int]:
    """The token ids of ``text``; :class:`ActivationsError` if it is empty, yields no token
    besides the model's own markers (control characters, zero-width spaces) or is too long."""
    ids = loaded.tokenizer(require_text(text))["input_ids"]
    if set(ids) <= set(loaded.tokenizer.all_special_ids):
        raise ActivationsError(
            f"text: {text!r} yields no tokens (only control or invisible characters); "
            "give a sentence, e.g. 'Paris is in France.'"
        )
    if len(ids) > loaded.max_tokens:
        raise ActivationsError(
            f"text: {len(ids)} tokens, more than the model's limit of {loaded.max_tokens}"
        )
    return ids


def capture(text: str, loaded: LoadedModel | None = None) -> Capture:
    """Run the encoder on ``text`` and record every LayerNorm's input and output."""
    loaded = loaded or load_model()
    import torch

    ids = check_text(text, loaded)
    modules = [
        (name, module)
        for name, module in loaded.model.named_modules()
        if isinstance(module, torch.nn.LayerNorm)
    ]
    records: list[LayerNormCapture] = []

    def recorder(name: str, module: torch.nn.LayerNorm):
        def hook(_module, inputs, output) -> None:
            records.append(
                LayerNormCapture(
                    name=name,
                    eps=float(module.eps),
                    gain=module.weight.detach().numpy().copy(),
                    bias=module.bias.detach().numpy().copy(),
                    inputs=inputs[0][0].detach().numpy().copy(),
                    outputs=output[0].detach().numpy().copy(),
                )
            )

        return hook

    handles = [module.register_forward_hook(recorder(name, module)) for name, module in modules]
    try:
        with torch.inference_mode():
            loaded.model(input_ids=torch.tensor([ids]))
    finally:
        for handle in handles:
            handle.remove()
    tokens = tuple(loaded.tokenizer.convert_ids_to_tokens(ids))
    return Capture(text=text, tokens=tokens, layernorms=tuple(records))
