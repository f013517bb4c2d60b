"""Play a scene headlessly and look at it at every frame, without drawing or writing video.

Manim's Cairo renderer is kept but its drawing is switched off: ``update_frame`` and
``get_frame`` do nothing and ``render`` calls a probe instead, so animations interpolate
exactly as in a render while no pixel is painted. A frozen frame (a ``wait`` with nothing
moving) is probed at every frame it lasts, so the probe sees every moment at the frame rate;
its repeats (every frame after its first, the picture unchanged as Manim writes it) go to
``on_still`` when given, which can reuse what it measured at the frame before.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from manim import tempconfig

__all__ = ["PLAY_SETTINGS", "Probe", "play"]

PLAY_SETTINGS = {
    "pixel_width": 854,
    "pixel_height": 480,
    "disable_caching": True,
    "dry_run": True,
    "verbosity": "WARNING",
    "progress_bar": "none",
}
"""Manim settings of a headless play: 480p (Manim lays a ``Text`` out on a canvas the frame's
pixel size, so texts take the shape they have on screen), no cache, no output, quiet."""

Probe = Callable[[object, float], None]
"""Called as ``probe(scene, time)`` at every frame, ``time`` in seconds of scene time."""


def play(
    make_scene: Callable[[], object],
    probe: Probe,
    fps: float,
    media: Path,
    text_dir: Path | None = None,
    tex_dir: Path | None = None,
    on_still: Probe | None = None,
) -> object:
    """Build a scene with ``make_scene()`` under the play settings at ``fps`` (Manim's media
    root ``media``, optional typesetting caches), render it calling ``probe`` at every frame
    instead of drawing (``on_still`` instead at a frozen frame's repeats), and return the
    finished scene."""
    settings = {**PLAY_SETTINGS, "frame_rate": fps, "media_dir": str(media)}
    settings.update({k: str(v) for k, v in (("text_dir", text_dir), ("tex_dir", tex_dir)) if v})
    with tempconfig(settings):
        scene = make_scene()
        renderer = scene.renderer
        dt = 1.0 / fps

        def render(scene, _time, moving=None, look: Probe = probe) -> None:
            look(scene, renderer.time)
            renderer.time += dt

        def freeze(duration: float) -> None:
            for frame in range(int(duration / dt)):
                render(scene, 0.0, look=probe if frame == 0 or on_still is None else on_still)

        renderer.update_frame = lambda *args, **kwargs: None
        renderer.render = render
        renderer.freeze_current_frame = freeze
        scene.render()
    return scene
