"""A render as a value: which scene, at which quality, with which voice and parameters, and
what to produce. The runner executes jobs; the cache keys them; nothing else travels.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from normgeom.rendering.quality import Quality
from normgeom.rendering.targets import Target
from scenes.base.parameters import SceneParams
from scenes.voice.languages import SOURCE

__all__ = ["Product", "RenderJob", "language_suffix"]


def language_suffix(lang: str) -> str:
    """What a file name made in language ``lang`` carries before its extension: nothing for
    English, ``.ja`` for Japanese."""
    return "" if lang == SOURCE else f".{lang}"


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
    beats
        Movies only: draw and write beats ``first`` to ``end - 1`` (counted from 0) of the
        scene, ``(first, end)``; the plays before the first beat belong to the range from 0,
        the end hold to the last range (see :mod:`normgeom.rendering.ranges`). ``None``: the
        whole movie.
    lang
        The language spoken and subtitled (:mod:`scenes.voice.languages`); a translation's
        outputs carry its code (``MeanCentering.ja.mp4``).
    """

    target: Target
    quality: Quality
    voice: str
    params: SceneParams = field(default_factory=SceneParams)
    product: Product = Product.MOVIE
    stop_after: str | None = None
    transparent: bool = False
    caching_cameras: bool = True
    beats: tuple[int, int] | None = None
    lang: str = SOURCE

    @property
    def stem(self) -> str:
        """The output file name without suffix:
        ``<Scene>[-<beat>][-transparent][-beats<first>-<end>][.<lang>]`` (the scene's
        :attr:`~normgeom.rendering.targets.Target.id`; no language part for English)."""
        parts = [
            self.target.id,
            self.stop_after,
            "transparent" if self.transparent else None,
            f"beats{self.beats[0]}-{self.beats[1]}" if self.beats else None,
        ]
        return "-".join(part for part in parts if part) + language_suffix(self.lang)

    @property
    def lock(self) -> str:
        """The name of what renders hold while they run: the scene (its renders share Manim's
        folders), or for a beat range the range alone (ranges have folders of their own and
        share the scene's caches under a lock of the caches, :attr:`caches_lock`)."""
        return self.stem if self.beats else self.target.id + language_suffix(self.lang)

    @property
    def caches_lock(self) -> str:
        """The name of the lock on the scene's typesetting and speech caches."""
        return f"{self.target.id}.caches"

    @property
    def label(self) -> str:
        """A short name for messages and logs: ``<stem>-<product>-<480p15>``."""
        return f"{self.stem}-{self.product}-{self.quality.label}"
