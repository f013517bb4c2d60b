"""PNG stills of scenes for slides and course pages: the final frame, or the end state of a
named beat, optionally on a transparent background.

A still is a render job that makes the last frame only (no video is encoded, so a 1080p
still takes seconds), silently; its ``stop_after`` ends the scene after the beat asked for.
Stills go to ``media/stills/<1080p60>/<Scene>[-<beat>][-transparent][.<lang>].png`` and are cached
like every job.
"""

from __future__ import annotations

from normgeom.errors import UsageError
from normgeom.rendering.job import Product, RenderJob
from normgeom.rendering.quality import Quality
from normgeom.rendering.targets import Target
from scenes.base.catalog import narration
from scenes.base.parameters import SceneParams
from scenes.voice.languages import SOURCE

__all__ = ["STILL_VOICE", "check_beat", "still_job"]

STILL_VOICE = "none"
"""Stills are silent: speech would only set how long a beat lasts."""


def check_beat(target: Target, beat: str) -> None:
    """Raise :class:`UsageError` unless ``target`` has a narrated beat named ``beat``."""
    if not beat.strip():
        raise UsageError("--at: empty beat name; give a beat name or leave the option out")
    beats = list(narration(target.file, target.name))
    if beat not in beats:
        known = ", ".join(beats) if beats else "none, it is not narrated"
        raise UsageError(f"{target.name} has no beat {beat!r}; its beats: {known}")


def still_job(
    target: Target,
    quality: Quality,
    params: SceneParams,
    beat: str | None = None,
    transparent: bool = False,
    lang: str = SOURCE,
) -> RenderJob:
    """The job of one still: the scene's end, or the end of ``beat``, its screen text in
    ``lang``."""
    return RenderJob(
        target,
        quality,
        STILL_VOICE,
        params,
        Product.LAST_FRAME,
        stop_after=beat,
        transparent=transparent,
        lang=lang,
    )
