"""Scenes as manim-slides presentations (one slide step per narrated beat), cached.

A slides job renders the scene class combined with manim-slides' ``Slide`` (see
:func:`scenes.camera.manim_internals.beat_slide_class`); every narrated beat starts a step whose
speaker notes are the beat's text. Slides are silent by default: a beat lasts its reading
time.
"""

from __future__ import annotations

import importlib

from normgeom.errors import UsageError
from normgeom.rendering.job import Product, RenderJob
from normgeom.rendering.quality import Quality
from normgeom.rendering.targets import Target
from scenes.base.parameters import SceneParams
from scenes.voice.languages import SOURCE

__all__ = ["SLIDES_EXTRA_HINT", "SLIDE_VOICE", "require_slides", "slide_job"]

SLIDES_EXTRA_HINT = "make slides (or: .venv/bin/pip install -e '.[slides]')"
SLIDE_VOICE = "none"
"""Slides are silent unless a voice is asked for: each beat lasts its reading time."""
EXTRA_MODULES = {"manim_slides": "manim-slides", "pptx": "python-pptx"}


def require_slides() -> None:
    """Raise :class:`UsageError` naming what to install when the ``slides`` extra is missing."""
    missing = []
    for module, distribution in EXTRA_MODULES.items():
        try:
            importlib.import_module(module)
        except ImportError:
            missing.append(distribution)
    if missing:
        raise UsageError(
            f"slides need {' and '.join(missing)}; install them with: {SLIDES_EXTRA_HINT}"
        )


def slide_job(
    target: Target,
    quality: Quality,
    params: SceneParams,
    voice: str = SLIDE_VOICE,
    lang: str = SOURCE,
) -> RenderJob:
    """The job that renders ``target``'s slide steps, narrated (speaker notes) in ``lang``."""
    return RenderJob(target, quality, voice, params, Product.SLIDES, lang=lang)
