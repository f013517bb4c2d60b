"""The runner: executes render jobs in worker processes, one scene per process, and keeps
the cache.

For each job the runner computes its key (:func:`normgeom.rendering.cache.job_key`); a job
whose record matches the key and whose files are intact is up to date. Otherwise the job
goes to the executor, which runs :func:`normgeom.rendering.worker.run_job` in a fresh process
(one that imports only normgeom, whatever script or notebook called);
the files Manim wrote are copied atomically to their final place, checked (a movie must
decode), stamped and recorded. Renders of the same scene wait for each other, across
processes too, so they never share Manim's caches mid-write.

A long scene may be rendered as ranges of its beats, each a job cached on its own, and
joined into the scene's movie (:mod:`normgeom.rendering.ranges`: when and which beats;
:mod:`normgeom.rendering.range_media`: their movies joined); ``split`` off renders every
scene whole.

The executor is one small interface (:class:`Executor`: ``submit`` a job, ``shutdown``): the
local process pool (:class:`LocalPool`) and a Dask cluster (:mod:`normgeom.rendering.cluster`)
implement it. The runner keeps the cache and the state file on this machine either way: an
up-to-date job never reaches the executor.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Protocol

from normgeom.errors import OutOfMemoryError, RenderError, step
from normgeom.rendering.atomic import copy_file, file_lock
from normgeom.rendering.cache import job_key
from normgeom.rendering.disk import (
    DiskFullError,
    discard_partial_render,
    disk_full_message,
    is_disk_full,
    says_disk_full,
    write_log,
)
from normgeom.rendering.job import Product, RenderJob
from normgeom.rendering.paths import Layout, prepare_folders
from normgeom.rendering.probe import duration
from normgeom.rendering.range_media import join_ranges
from normgeom.rendering.ranges import beat_count, split, split_counts
from normgeom.rendering.repair import repair_caches
from normgeom.rendering.schedule import longest_first
from normgeom.rendering.state import Built, Info, Record, RecordId, RecordKind, State
from normgeom.rendering.worker import refuse_nested_render, run_in_fresh_process
from scenes.voice.languages import SOURCE, source_subtitles
from scenes.voice.registry import SpeechError

__all__ = ["Executor", "LocalPool", "JobResult", "Runner", "default_jobs", "record_id"]


def default_jobs() -> int:
    """The default number of parallel renders: the number of cores."""
    return os.cpu_count() or 1


class Executor(Protocol):
    """Where jobs run: renders a job into a layout (its Manim output captured to a file, or
    shown when ``capture`` is ``None``); the future gives what Manim wrote, as paths under
    the layout (:func:`~normgeom.rendering.worker.run_job`)."""

    def submit(self, job: RenderJob, layout: Layout, capture: Path | None) -> Future: ...

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None: ...


class LocalPool:
    """Runs each job in a fresh Python process of its own on this machine (Manim's config and
    caches are per process), started and awaited in the calling thread: the runner calls from
    one thread per running job, so it bounds how many run at once.

    The process imports only normgeom, never the caller's main module, and follows its parent
    (:func:`~normgeom.rendering.worker.run_in_fresh_process`).
    """

    def submit(self, job: RenderJob, layout: Layout, capture: Path | None) -> Future:
        future: Future = Future()
        try:
            future.set_result(run_in_fresh_process(job, layout, capture))
        except Exception as exc:
            future.set_exception(exc)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Nothing to end: every job it ran was over when :meth:`submit` returned."""


def record_id(job: RenderJob) -> RecordId:
    """The state-file id of a job's output (``range`` for a range of a scene's beats)."""
    kinds = {
        Product.MOVIE: RecordKind.SCENE,
        Product.LAST_FRAME: RecordKind.STILL,
        Product.SLIDES: RecordKind.SLIDES,
    }
    return RecordId(
        RecordKind.RANGE if job.beats else kinds[job.product], job.quality.label, job.stem
    )


@dataclass(frozen=True)
class JobResult:
    """A finished (or up-to-date) job.

    Attributes
    ----------
    job
        The job.
    files
        Its outputs by role: ``video`` and ``subtitles`` (movies), ``image`` (stills),
        ``presentation`` (slides).
    duration
        Video length in seconds (0 for stills).
    seconds
        Wall time spent rendering in this run (0 when it was up to date; a movie joined from
        beat ranges: the sum of its ranges' times).
    cached
        True when nothing was rendered.
    key
        The job's cache key.
    """

    job: RenderJob
    files: dict[str, Path] = field(default_factory=dict)
    duration: float = 0.0
    seconds: float = 0.0
    cached: bool = False
    key: str = ""

    @property
    def target(self):
        """The job's scene."""
        return self.job.target

    @property
    def video(self) -> Path:
        """The movie (movie jobs)."""
        return self.files["video"]

    @property
    def subtitles(self) -> Path | None:
        """The movie's ``.srt`` (``None`` for a scene without narration)."""
        return self.files.get("subtitles")

    @property
    def source_subtitles(self) -> Path | None:
        """A translated movie's subtitles in the source language, over its own speech
        (``<movie>.en.srt``; ``None`` for an English or unnarrated movie)."""
        return self.files.get("source_subtitles")


class Runner:
    """Runs jobs into a media layout.

    Parameters
    ----------
    layout
        Where outputs go.
    jobs
        How many jobs run at once.
    verbose
        Show Manim's own output and bars instead of writing them to each job's log.
    executor
        Builds the executor of a run (default: :class:`LocalPool`; the runner bounds how
        many jobs run at once, ``jobs``).
    split
        Render a long scene as ranges of its beats when it pays (False: every scene whole).
    """

    def __init__(
        self,
        layout: Layout,
        *,
        jobs: int | None = None,
        verbose: bool = False,
        executor: Callable[[], Executor] = LocalPool,
        split: bool = True,
    ) -> None:
        self.layout = layout
        self.split = split
        self.workers = max(1, jobs or default_jobs())
        self.verbose = verbose
        self.state = State(layout.state_file, layout.media)
        self._executor = executor
        self._keys: dict[RenderJob, str] = {}

    def key(self, job: RenderJob) -> str:
        """The job's cache key (computed once per run)."""
        if job not in self._keys:
            self._keys[job] = job_key(job)
        return self._keys[job]

    def outputs(self, job: RenderJob) -> dict[str, Path]:
        """Where a job's files go, by role: ``video``, ``subtitles`` and ``source_subtitles``
        (movies), ``image`` (stills), ``presentation`` (slides)."""
        final = self.layout.output(job)
        if job.product is Product.MOVIE:
            movie = {"video": final, "subtitles": final.with_suffix(".srt")}
            if job.lang != SOURCE:
                movie["source_subtitles"] = source_subtitles(final)
            return movie
        return {"image" if job.product is Product.LAST_FRAME else "presentation": final}

    def up_to_date(self, job: RenderJob) -> JobResult | None:
        """The job's result if its recorded output is current and intact where the layout
        puts it, else ``None``."""
        record = self.state.get(record_id(job), self.key(job), self.outputs(job))
        return None if record is None else self._result(job, record, True)

    def _result(self, job: RenderJob, record: Record, cached: bool) -> JobResult:
        """The result of ``job`` whose output ``record`` vouches for (``cached``: it was
        already up to date, so no seconds were spent on it now)."""
        outputs = self.outputs(job)
        files = {role: outputs[role] for role in record.files}
        seconds = 0.0 if cached else record.info.render_seconds
        return JobResult(job, files, record.info.duration, seconds, cached, record.key)

    def run(
        self, jobs: list[RenderJob], on_done: Callable[[JobResult], None] | None = None
    ) -> list[JobResult]:
        """Run ``jobs`` (those not up to date), a long scene as ranges of its beats
        (:meth:`plan`), ``workers`` jobs at a time, the longest first
        (:func:`~normgeom.rendering.schedule.longest_first` of :meth:`expected_seconds`);
        results in the order given.

        Every job is attempted; the first failure is raised after the others finish. Before
        any runs, every job's key is computed (reading its narration and parameters) and
        every folder the jobs write is checked (:func:`prepare_folders`). Inside a render worker
        it refuses to start (:func:`~normgeom.rendering.worker.refuse_nested_render`).
        """
        refuse_nested_render()
        for job in jobs:
            self.key(job)
        plans = self.plan(jobs)
        units = list(dict.fromkeys(unit for parts in plans for unit in parts))
        prepare_folders(folder for unit in units for folder in self.layout.folders(unit))
        executor = self._executor()
        started: dict[RenderJob, Future] = {}
        with ThreadPoolExecutor(self.workers) as threads, ThreadPoolExecutor() as joins:
            for index in longest_first([self.expected_seconds(unit) for unit in units]):
                started[units[index]] = threads.submit(self._one, units[index], executor)
            futures = [
                started[job]
                if parts == [job]
                else joins.submit(self._joined, job, [started[part] for part in parts])
                for job, parts in zip(jobs, plans, strict=True)
            ]
            if on_done is not None:
                for future in futures:
                    future.add_done_callback(
                        lambda f: None if f.cancelled() or f.exception() else on_done(f.result())
                    )
            try:
                return [future.result() for future in futures]
            except BaseException:
                threads.shutdown(cancel_futures=True)
                executor.shutdown(wait=False, cancel_futures=True)
                raise
            finally:
                executor.shutdown()

    def plan(self, jobs: list[RenderJob]) -> list[list[RenderJob]]:
        """What each job runs as: ``[job]``, or the range jobs of a movie that is not up to
        date, when splitting pays (:func:`~normgeom.rendering.ranges.split_counts` of the
        measured seconds of the jobs to render, on ``workers``)."""
        if not self.split:
            return [[job] for job in jobs]
        pending = [job for job in dict.fromkeys(jobs) if self.up_to_date(job) is None]
        measured = [(self.expected_seconds(job), beat_count(job)) for job in pending]
        counts = split_counts(measured, self.workers)
        plans = {job: split(job, count) for job, count in zip(pending, counts, strict=True)}
        return [plans.get(job, [job]) for job in jobs]

    def expected_seconds(self, job: RenderJob) -> float:
        """What ``job`` took when it last ran (whatever its inputs were then); 0 if never. A
        range never run: its share of the beats of what its whole scene took."""
        record = self.state.record(record_id(job))
        if record is not None or job.beats is None:
            return record.info.render_seconds if record is not None else 0.0
        first, end = job.beats
        return self.expected_seconds(replace(job, beats=None)) * (end - first) / beat_count(job)

    def _joined(self, job: RenderJob, parts: list[Future]) -> JobResult:
        """The movie of ``job`` joined from its finished ranges' movies, stored and recorded
        under the whole job's key (it equals the whole render); its render seconds are the
        sum of its ranges' (the work it takes)."""
        ranges = [part.result() for part in parts]
        with step(f"joining {job.target.name}"), file_lock(self.layout.lock_file(job.lock)):
            outputs = self.outputs(job)
            join_ranges([result.video for result in ranges], outputs["video"])
            files = {"video": outputs["video"]}
            files.update(_copy_subtitles(ranges[-1].files, outputs))
            length = duration(files["video"])
            seconds = sum(self.expected_seconds(result.job) for result in ranges)
            key = self.key(job)
            self.state.put(record_id(job), key, files, Info(length, seconds))
            return JobResult(job, files, length, sum(r.seconds for r in ranges), False, key)

    def _one(self, job: RenderJob, executor: Executor) -> JobResult:
        with step(f"rendering {job.target.name}"), file_lock(self.layout.lock_file(job.lock)):
            self.state.reload()  # another run may have rendered it while we waited
            record, cached = self.state.cached(
                record_id(job),
                self.key(job),
                self.outputs(job),
                lambda: self._render(job, executor),
            )
            return self._result(job, record, cached)

    def _render(self, job: RenderJob, executor: Executor) -> Built:
        """Render ``job`` in a worker and deliver its files; them, with its length and the
        seconds it took."""
        start = time.perf_counter()
        with file_lock(self.layout.lock_file(job.caches_lock)):
            repair_caches(self.layout, job)
        written = self._execute(job, executor)
        try:
            files = self._deliver(job, written)
        except OSError as exc:
            if not is_disk_full(exc):
                raise
            log = self.layout.log_file(job)
            logged = log.read_text(errors="replace") if log.is_file() else ""
            raise self._disk_full(job, f"{logged}normgeom: delivering failed: {exc}\n") from None

        length = duration(files["video"]) if "video" in files else 0.0
        return Built(files, Info(length, time.perf_counter() - start))

    def _execute(self, job: RenderJob, executor: Executor) -> dict[str, Path]:
        """Run ``job`` in a worker; what Manim wrote. Unless verbose, the worker's output is
        captured in a temporary file (a full media disk cannot cut it short) and kept as the
        job's log once the render is over.

        Raises
        ------
        DiskFullError
            When the render ran out of space (its partial files are removed first).
        RenderError
            When the render failed otherwise; the message names the log.
        """
        capture = None if self.verbose else _temporary_file()
        failure: Exception | None = None
        try:
            written = executor.submit(job, self.layout, capture).result()
        except (RenderError, SpeechError) as exc:
            failure, written = exc, {}
        output = ""
        if capture is not None:
            output = capture.read_text(errors="replace")
            capture.unlink()
        reason = str(failure) or "the render process died"
        full = failure is not None and (
            says_disk_full(reason + output) or shutil.disk_usage(self.layout.media).free == 0
        )
        if full:
            raise self._disk_full(job, output)
        where = "above" if capture is None else f"in {write_log(self.layout.log_file(job), output)}"
        if isinstance(failure, SpeechError):
            raise RenderError(reason) from None  # one line naming the scene and beat
        if isinstance(failure, OutOfMemoryError):
            raise OutOfMemoryError(
                f"{failure} (its output is {where}); close other programs or use --jobs 1, "
                "then run again"
            )
        if failure is not None:
            raise RenderError(f"{job.target.name}: render failed ({reason}); its output is {where}")
        return written

    def _disk_full(self, job: RenderJob, log_text: str) -> DiskFullError:
        """Remove what the job left half-written, write ``log_text`` as its log (once there
        is room) and say so."""
        discard_partial_render(self.layout, job)
        where = write_log(self.layout.log_file(job), log_text)
        detail = f"{job.target.name}: manim's output is in {where}"
        return DiskFullError(disk_full_message(self.layout.media, detail))

    def _deliver(self, job: RenderJob, written: dict[str, Path]) -> dict[str, Path]:
        """Copy what Manim wrote to the job's final paths (atomically); their roles."""
        outputs = self.outputs(job)
        if job.product is Product.SLIDES:
            if not outputs["presentation"].is_file():
                raise RenderError(
                    f"{job.target.name}: its render wrote no slides ({outputs['presentation']})"
                )
            return outputs
        role, source = (
            ("image", "image") if job.product is Product.LAST_FRAME else ("video", "movie")
        )
        if source not in written:
            raise RenderError(f"{job.target.name}: Manim wrote no {source} file")
        copy_file(written[source], outputs[role])
        files = {role: outputs[role]}
        if job.product is Product.MOVIE:
            files.update(_copy_subtitles(written, outputs))
        return files


def _copy_subtitles(written: dict[str, Path], outputs: dict[str, Path]) -> dict[str, Path]:
    """Copy a movie's subtitle files (``subtitles``, ``source_subtitles``) that were
    ``written`` to their ``outputs``, removing an old one no longer written; the copies by
    role."""
    copied = {}
    for role in ("subtitles", "source_subtitles"):
        if role not in outputs:
            continue
        if role in written:
            copy_file(written[role], outputs[role])
            copied[role] = outputs[role]
        else:
            outputs[role].unlink(missing_ok=True)
    return copied


def _temporary_file() -> Path:
    """A new empty file in the system's temporary folder."""
    handle, name = tempfile.mkstemp(prefix="normgeom-", suffix=".log")
    os.close(handle)
    return Path(name)
