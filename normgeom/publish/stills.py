"""PNG stills of scenes for slides and course pages: the final frame, or the end state of a
named beat, optionally on a transparent background.

A still is rendered by manim itself with ``--save_last_frame`` (no video is encoded, so a
1080p still takes seconds), silently; ``$NORMGEOM_STOP_AFTER`` ends the scene after the
beat asked for. Stills go to ``media/stills/<1080p60>/<Scene>[-<beat>][-transparent].png``
and are cached like renders.
"""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from normgeom.cli.params import fingerprint, write_params
from normgeom.errors import RenderError, UsageError
from normgeom.render.atomic import copy_file
from normgeom.render.cache import State, digest, narration, render_key
from normgeom.render.paths import Layout
from normgeom.render.quality import Quality
from normgeom.render.targets import Target
from scenes.params import PARAMS_ENV, SceneParams
from scenes.voices import VOICE_ENV

__all__ = ["Still", "StillResult", "check_beat", "StillRenderer"]

STILL_VOICE = "none"


@dataclass(frozen=True)
class Still:
    """One still asked for: a scene, the beat it ends after (``None``: the scene's end) and
    whether the background is transparent."""

    target: Target
    beat: str | None = None
    transparent: bool = False

    @property
    def stem(self) -> str:
        """The file name without ``.png``: ``<Scene>[-<beat>][-transparent]``."""
        parts = [self.target.name, self.beat, "transparent" if self.transparent else None]
        return "-".join(part for part in parts if part)


@dataclass(frozen=True)
class StillResult:
    """A written (or up-to-date) still."""

    still: Still
    path: Path
    cached: bool


def check_beat(target: Target, beat: str) -> None:
    """Raise :class:`UsageError` unless ``target`` has a narrated beat named ``beat``."""
    if not beat.strip():
        raise UsageError("--at: empty beat name; give a beat name or leave the option out")
    beats = list(narration(target))
    if beat not in beats:
        known = ", ".join(beats) if beats else "none, it is not narrated"
        raise UsageError(f"{target.name} has no beat {beat!r}; its beats: {known}")


class StillRenderer:
    """Renders stills at one quality and parameter set into a media layout.

    Parameters
    ----------
    layout
        Where outputs go (manim's own files go under ``layout.work/stills``).
    quality, params
        The render settings.
    """

    def __init__(self, layout: Layout, quality: Quality, params: SceneParams) -> None:
        self.layout = layout
        self.quality = quality
        self.params = params
        self.state = State(layout.state_file)
        self._fingerprint = fingerprint(params)

    def output(self, still: Still) -> Path:
        """Where ``still`` is written."""
        return self.layout.media / "stills" / self.quality.label / f"{still.stem}.png"

    def key(self, still: Still) -> str:
        """The cache key: the scene's render key, the beat and the background."""
        scene = render_key(still.target, self.quality, STILL_VOICE, self._fingerprint)
        return digest("still", scene, still.beat or "", str(still.transparent))

    def render(self, still: Still) -> StillResult:
        """Write ``still`` unless it is up to date; :class:`RenderError` if manim fails."""
        output = self.output(still)
        record_id = f"still:{self.quality.label}:{still.stem}"
        key = self.key(still)
        if self.state.get(record_id, key) is not None and output.is_file():
            return StillResult(still, output, True)
        copy_file(self._run_manim(still), output)
        self.state.put(record_id, {"key": key})
        return StillResult(still, output, False)

    def render_all(self, stills: list[Still], jobs: int) -> list[StillResult]:
        """Render ``stills`` with up to ``jobs`` manim processes; results in order."""
        for still in stills:  # keys import scene modules: do it here, not in the threads
            self.key(still)
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            return list(pool.map(self.render, stills))

    def _run_manim(self, still: Still) -> Path:
        from scenes.narrated import STOP_AFTER_ENV  # Manim: only when rendering

        media = self.layout.work / "stills"
        env = {
            **os.environ,
            VOICE_ENV: STILL_VOICE,
            PARAMS_ENV: str(write_params(self.params, self.layout.work)),
        }
        env.pop(STOP_AFTER_ENV, None)
        if still.beat:
            env[STOP_AFTER_ENV] = still.beat
        name = f"{still.stem}-{self.quality.label}"
        command = [
            sys.executable,
            "-m",
            "manim",
            "render",
            str(still.target.file),
            still.target.name,
            *self.quality.manim_args(),
            "--save_last_frame",
            *(["--transparent"] if still.transparent else []),
            "--output_file",
            name,
            "--media_dir",
            str(media),
            "--progress_bar",
            "none",
            "-v",
            "WARNING",
        ]
        log = self.layout.work / "logs" / f"still-{name}.log"
        log.parent.mkdir(parents=True, exist_ok=True)
        with log.open("w") as handle:
            done = subprocess.run(command, env=env, stdout=handle, stderr=subprocess.STDOUT)
        image = media / "images" / still.target.module / f"{name}.png"
        if done.returncode != 0 or not image.is_file():
            raise RenderError(
                f"{still.target.name}: manim failed on the still (exit {done.returncode}); "
                f"its output is in {log}"
            )
        return image
