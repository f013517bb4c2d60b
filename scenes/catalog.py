"""Every scene of the lecture in lesson order: its class name, module and one-line summary."""

from __future__ import annotations

import importlib
from dataclasses import dataclass

__all__ = ["SceneEntry", "SCENES", "scene_names", "find", "load_scene_class"]


@dataclass(frozen=True)
class SceneEntry:
    """A scene users can name on the command line."""

    name: str
    module: str
    summary: str


SCENES: tuple[SceneEntry, ...] = (
    SceneEntry("MeanCentering", "layernorm", "Centering projects the cloud onto the plane x+y+z=0"),
    SceneEntry("Standardization", "layernorm", "Dividing by the std puts points on the sphere"),
    SceneEntry("Gain", "layernorm", "Gain gamma stretches the sphere into an ellipsoid"),
    SceneEntry("Bias", "layernorm", "Bias beta shifts the whole figure"),
    SceneEntry("Epsilon", "layernorm", "Epsilon pulls low-variance points inside the sphere"),
    SceneEntry("RMSNormHealthy", "rmsnorm", "sigma >> mu: RMSNorm lands close to LayerNorm"),
    SceneEntry("RMSNormCollapse", "rmsnorm", "mu >> sigma: RMSNorm collapses onto two poles"),
    SceneEntry("RMSNormComparison", "rmsnorm", "Both regimes on one sphere"),
    SceneEntry("OneVectorLesson", "lesson", "One vector, two rules: every number of both"),
    SceneEntry(
        "OneVectorGeometry", "onevector", "The lesson's vector in 3D: where each rule moves it"
    ),
    SceneEntry("EdgeCases", "lesson", "Zero and constant vectors: undefined denominators"),
    SceneEntry("Invariances", "lesson", "Scaling, shifting and what each rule ignores"),
)


def scene_names() -> list[str]:
    """Class names in lesson order."""
    return [entry.name for entry in SCENES]


def find(name: str) -> SceneEntry:
    """The entry of a scene by exact class name (KeyError otherwise)."""
    for entry in SCENES:
        if entry.name == name:
            return entry
    raise KeyError(name)


def load_scene_class(name: str) -> type:
    """Import and return the scene class named ``name``."""
    entry = find(name)
    return getattr(importlib.import_module(f"scenes.{entry.module}"), entry.name)
