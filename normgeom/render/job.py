"""A render as a value: which scene, at which quality, with which voice and parameters, and
what to produce. The runner executes jobs; the cache keys them; nothing else travels.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from normgeom.render.quality import Quality
from normgeom.render.targets import Target
from scenes.base.parameters import SceneParams

__all__ = ["Product", "RenderJob"]


class Product(StrEnum):
    """What a job makes: the narrated movie, the last frame as PNG, or slide steps."""

    MOVIE = "movie"
    LAST_FRAME = "still"
    SLIDES = "slides"


@dataclass(frozen=True)
class RenderJob:
    """One scene render, validated when built and never re-read from disk.

    Parameters
    ----------
    target
        The scene.
    quality
        Pixel size and frame rate.
    voice
        A checked voice name (``none`` for silence).
    params
        The validated scene parameters.
    product
        Movie, last frame or slide steps.
    stop_after
        End the scene after this beat (``None``: play it all).
    transparent
        Transparent background (last frames only).
    caching_cameras
        False renders with Manim's stock cameras (same pictures, slower).
    """

    target: Target
    quality: Quality
    voice: str
    params: SceneParams = field(default_factory=SceneParams)
    product: Product = Product.MOVIE
    stop_after: str | None = None
    transparent: bool = False
    caching_cameras: bool = True

    @property
    def stem(self) -> str:
        """The output file name without suffix: ``<Scene>[-<beat>][-transparent]``."""
        parts = [self.target.name, self.stop_after, "transparent" if self.transparent else None]
        return "-".join(part for part in parts if part)

    @property
    def label(self) -> str:
        """A short name for messages and logs: ``<stem>-<product>-<480p15>``."""
        return f"{self.stem}-{self.product}-{self.quality.label}"
