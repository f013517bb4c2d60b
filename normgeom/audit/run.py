"""Audit scenes: play each headlessly, check every sample, gather the findings.

Each scene is audited in a fresh Python process of its own (Manim keeps global state), started
as a render worker is (:func:`~normgeom.rendering.worker.call_in_fresh_process`: it imports
only normgeom, so a script calling :func:`normgeom.api.audit` needs no ``if __name__ ==
"__main__":`` guard), up to ``jobs`` at once; the findings a scene excuses (its
``audit_exceptions``) are dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, replace

from normgeom.audit.findings import Finding, excused
from normgeom.errors import RenderError, UsageError, UserError
from normgeom.rendering.paths import Layout
from normgeom.rendering.targets import Target
from scenes.base.parameters import SceneParams, SceneSettings
from scenes.voice.languages import SOURCE

__all__ = ["AUDIT_FPS", "ScenePlay", "audit_class", "audit_named", "audit_scenes"]

AUDIT_FPS = 15
"""Frames played and checked per second of scene time (the low quality's frame rate): every
frame, so one-frame jumps and pops are seen."""


@dataclass(frozen=True)
class ScenePlay:
    """What to audit: a scene, its parameters, its voice (timing) and its language."""

    target: Target
    params: SceneParams
    voice: str
    lang: str = SOURCE


def audit_class(
    scene_class: type, settings: SceneSettings, layout: Layout, caches_lock: str | None = None
) -> list[Finding]:
    """Play ``scene_class`` with ``settings`` and return its findings, excuses applied;
    holding the lock named ``caches_lock``, if given (the scene's renders hold it too), while
    it builds a text or formula in the scene's typesetting caches."""
    from normgeom.audit.play import play
    from normgeom.audit.rules import Auditor
    from normgeom.audit.screen import Namer, Snapshot, snapshot
    from normgeom.rendering.atomic import file_lock
    from scenes.camera.manim_internals import shared_caches

    name = scene_class.__name__
    auditor, namer = Auditor(name, AUDIT_FPS), Namer()
    last: Snapshot | None = None

    def probe(scene, time: float) -> None:
        nonlocal last
        last = snapshot(scene, time, namer)
        auditor.look(last, scene)

    def still(scene, time: float) -> None:
        """A frozen frame's repeat: the shapes of the frame before, at this time."""
        auditor.look(replace(last, time=time), scene)

    folder = layout.media / "typeset" / name

    def lock():
        return file_lock(layout.lock_file(caches_lock)) if caches_lock else nullcontext()

    with shared_caches(lock):
        scene = play(
            lambda: scene_class(settings=settings),
            probe,
            AUDIT_FPS,
            layout.work / "audit",
            folder / "texts",
            folder / "Tex",
            on_still=still,
        )
    findings = auditor.finish(scene.renderer.time, scene)
    return [f for f in findings if not excused(f, scene_class.audit_exceptions)]


def _audit_one(play_: ScenePlay, layout: Layout) -> list[Finding]:
    """The findings of one play; :class:`UsageError` for a scene that is not narrated or
    raises a user error (a file or a voice it cannot use), :class:`RenderError` (its type
    and first line) for one that raises anything else."""
    from normgeom.rendering.job import RenderJob
    from normgeom.rendering.quality import resolve_quality
    from normgeom.rendering.worker import scene_class
    from scenes.base.narrated import Narrated

    name = play_.target.name
    low = resolve_quality("low")
    job = RenderJob(play_.target, low, play_.voice, play_.params, lang=play_.lang)
    settings = SceneSettings(
        params=play_.params,
        voice=play_.voice,
        voice_cache=str(layout.voice_cache(play_.target)),
        lang=play_.lang,
    )
    try:
        klass = scene_class(job, layout)
        if not (isinstance(klass, type) and issubclass(klass, Narrated)):
            raise UsageError(
                f"{name} is a plain Manim scene: the audit checks narrated scenes "
                "(NarratedScene, NarratedThreeDScene, GeometryScene; see docs/authoring.md)"
            )
        return audit_class(klass, settings, layout, job.caches_lock)
    except (UsageError, RenderError):
        raise
    except UserError as exc:  # a file or voice the scene cannot use; FileError does not unpickle
        raise UsageError(str(exc)) from None
    except Exception as exc:
        reason = (str(exc).splitlines() or [""])[0]
        raise RenderError(f"{name}: the scene raised {type(exc).__name__}: {reason}") from None


def audit_scenes(
    plays: list[ScenePlay],
    jobs: int,
    layout: Layout,
    on_done: Callable[[ScenePlay, list[Finding]], None] | None = None,
) -> list[list[Finding]]:
    """The findings of every play, in the order given; ``on_done(play, findings)`` is
    called as each finishes. The first play that fails raises (those not started are
    cancelled): :class:`RenderError` also when its process died."""
    from normgeom.rendering.worker import call_in_fresh_process

    def audit_one(play_: ScenePlay) -> list[Finding]:
        died = f"{play_.target.name}: the audit's process"
        return call_in_fresh_process(_audit_one, (play_, layout), what=died)

    with ThreadPoolExecutor(jobs) as pool:
        futures = [pool.submit(audit_one, p) for p in plays]
        results = []
        for play_, future in zip(plays, futures, strict=True):
            try:
                findings = future.result()
            except BaseException:
                pool.shutdown(cancel_futures=True)
                raise
            if on_done is not None:
                on_done(play_, findings)
            results.append(findings)
    return results


def audit_named(
    names: list[str],
    params: SceneParams,
    voice: str,
    jobs: int,
    on_done: Callable[[ScenePlay, list[Finding]], None] | None = None,
    lang: str = SOURCE,
) -> list[tuple[ScenePlay, list[Finding]]]:
    """Each scene of ``names`` (scene names, ``all``) with its findings, played with
    ``params`` on ``voice``'s timing in language ``lang`` in the default media folder (as
    :func:`audit_scenes`).

    Raises
    ------
    UsageError
        For an unknown scene name (and as :func:`audit_scenes`).
    """
    from normgeom.rendering.targets import resolve_scenes

    plays = [ScenePlay(target, params, voice, lang) for target in resolve_scenes(names)]
    found = audit_scenes(plays, jobs, Layout.default(), on_done)
    return list(zip(plays, found, strict=True))
