"""Render scenes with manim, one subprocess per scene, ``jobs`` at a time, with a cache.

Each scene runs as ``python -m manim render <file> <Scene>`` with the voice, the parameter
file and a per-scene speech cache in its environment; the finished MP4 (and manim-voiceover's
``.srt``) are copied atomically to ``media/scenes/<480p15>/``. A scene whose cache key is
unchanged and whose output exists is not rendered again.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from normgeom.cli.params import fingerprint, write_params
from normgeom.errors import RenderError
from normgeom.render.atomic import copy_file
from normgeom.render.cache import State, render_key
from normgeom.render.disk import (
    DiskFullError,
    discard_partial_render,
    disk_full_message,
    says_disk_full,
    write_log,
)
from normgeom.render.manim_config import scene_config
from normgeom.render.paths import Layout
from normgeom.render.probe import duration
from normgeom.render.quality import Quality
from normgeom.render.targets import Target
from scenes.params import PARAMS_ENV, SceneParams
from scenes.voices import VOICE_CACHE_ENV, VOICE_ENV

__all__ = ["RenderResult", "Renderer", "default_jobs"]


def default_jobs() -> int:
    """The default number of parallel renders: the number of cores."""
    return os.cpu_count() or 1


@dataclass(frozen=True)
class RenderResult:
    """One rendered (or up-to-date) scene.

    Attributes
    ----------
    target
        The scene.
    video, subtitles
        The scene's MP4 and its ``.srt`` (``None`` for a scene without narration).
    duration
        Video length in seconds.
    seconds
        Wall time spent rendering in this run (0 when it was up to date).
    cached
        True when nothing was rendered.
    key
        The render's cache key.
    """

    target: Target
    video: Path
    subtitles: Path | None
    duration: float
    seconds: float
    cached: bool
    key: str


class Renderer:
    """Renders targets at one quality, voice and parameter set into a media layout.

    Parameters
    ----------
    layout
        Where outputs go.
    quality, voice, params
        The render settings.
    verbose
        Show manim's own output and progress bars instead of capturing them in a log.
    """

    def __init__(
        self,
        layout: Layout,
        quality: Quality,
        voice: str,
        params: SceneParams,
        *,
        verbose: bool = False,
    ) -> None:
        self.layout = layout
        self.quality = quality
        self.voice = voice
        self.params = params
        self.verbose = verbose
        self.state = State(layout.state_file)
        self._fingerprint = fingerprint(params)
        self._keys: dict[Target, str] = {}

    def record_id(self, target: Target) -> str:
        """The state-file id of a scene render at this quality."""
        return f"scene:{self.quality.label}:{target.name}"

    def key(self, target: Target) -> str:
        """The cache key of ``target`` under these settings (computed once per run)."""
        if target not in self._keys:
            self._keys[target] = render_key(target, self.quality, self.voice, self._fingerprint)
        return self._keys[target]

    def render(self, target: Target) -> RenderResult:
        """Render one target unless it is up to date; raise :class:`RenderError` on failure."""
        key = self.key(target)
        video = self.layout.scene_output(target, self.quality, "mp4")
        subtitles = video.with_suffix(".srt")
        record = self.state.get(self.record_id(target), key)
        if record is not None and video.is_file():
            return RenderResult(
                target,
                video,
                subtitles if subtitles.is_file() else None,
                record["duration"],
                0.0,
                True,
                key,
            )
        start = time.perf_counter()
        self._run_manim(target)
        made = self.layout.manim_video(target, self.quality)
        copy_file(made, video)
        if made.with_suffix(".srt").is_file():
            copy_file(made.with_suffix(".srt"), subtitles)
        else:
            subtitles.unlink(missing_ok=True)
        seconds = time.perf_counter() - start
        length = duration(video)
        self.state.put(
            self.record_id(target), {"key": key, "duration": length, "render_seconds": seconds}
        )
        return RenderResult(
            target,
            video,
            subtitles if subtitles.is_file() else None,
            length,
            seconds,
            False,
            key,
        )

    def render_all(
        self,
        targets: list[Target],
        jobs: int,
        on_done: Callable[[RenderResult], None] | None = None,
    ) -> list[RenderResult]:
        """Render ``targets`` with up to ``jobs`` manim processes; results in target order.

        Every scene is attempted; the first failure is raised after the others finish.
        """
        for target in targets:  # keys import scene modules: do it here, not in the threads
            self.key(target)
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            futures = [pool.submit(self.render, target) for target in targets]
            if on_done is not None:
                for future in futures:
                    future.add_done_callback(
                        lambda f: None if f.cancelled() or f.exception() else on_done(f.result())
                    )
            try:
                return [future.result() for future in futures]
            except BaseException:
                pool.shutdown(cancel_futures=True)
                raise

    def _run_manim(self, target: Target) -> None:
        params_file = write_params(self.params, self.layout.work)
        env = {
            **os.environ,
            VOICE_ENV: self.voice,
            PARAMS_ENV: str(params_file),
            VOICE_CACHE_ENV: str(self.layout.voice_cache(target)),
        }
        command = [
            sys.executable,
            "-m",
            "manim",
            "render",
            str(target.file),
            target.name,
            *self.quality.manim_args(),
            "--config_file",
            str(scene_config(self.layout, target)),
            "--format",
            "mp4",
            "--media_dir",
            str(self.layout.media),
            "--progress_bar",
            "display" if self.verbose else "none",
            "-v",
            "INFO" if self.verbose else "WARNING",
        ]
        if self.verbose:
            completed = subprocess.run(command, env=env, check=False)
            output = ""
        else:
            # captured here, not streamed to the log: on a full disk the log would be cut
            completed = subprocess.run(
                command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False
            )
            output = completed.stdout.decode(errors="replace")
        failed = completed.returncode != 0
        full = failed and (says_disk_full(output) or shutil.disk_usage(self.layout.media).free == 0)
        if full:
            discard_partial_render(self.layout, target, self.quality)
        where = (
            "above"
            if self.verbose
            else write_log(self.layout.log_file(target, self.quality), output)
        )
        if full:
            raise DiskFullError(
                disk_full_message(self.layout.media, f"{target.name}: manim's output is in {where}")
            )
        if failed:
            where = "above" if self.verbose else f"in {where}"
            raise RenderError(
                f"{target.name}: manim failed (exit {completed.returncode}); its output is {where}"
            )
