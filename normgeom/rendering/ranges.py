"""A narrated scene's movie rendered as ranges of its beats, in parallel, and joined.

Every range job plays the scene from its start (the state of a beat depends on every beat
before it) and draws and writes only its own beats (:mod:`scenes.base.beat_range`); the
plays before the first beat belong to the first range, each prediction pause to its beat,
the end hold to the last range. The last range plays every beat, so its sound and subtitles
are the whole scene's. A range starts with hard links to the partial movies of its scene's
whole render (:func:`seed_partial_movies`), so a play drawn as before is not drawn again
(Manim names each by a hash of what it shows). Joining copies the ranges' video streams one
after the other (every range starts on a keyframe: Manim encodes each play as a movie of its
own and joins them the same way) and the last range's audio track; the joined movie is the
whole render's.

When a scene is split (:func:`pieces`): only when it pays. A scene whose last measured render
(its state record's ``render_seconds``) took at least :data:`MIN_SPLIT_SECONDS` and more than
its even share of the run (the measured seconds of every job the run renders, divided by the
workers) would alone decide when the run ends; it is split into ``ceil(cost / share)`` ranges,
at most one per worker and one per beat. A scene never rendered (nothing measured) renders
whole. The ranges split the beats evenly (:func:`beat_ranges`), so the same scene on the same
number of pieces gets the same ranges, each cached under its own key.
"""

from __future__ import annotations

import math
import os
from dataclasses import replace
from io import BytesIO
from pathlib import Path

import av

from normgeom.rendering.atomic import atomic_path
from normgeom.rendering.job import Product, RenderJob
from normgeom.rendering.paths import Layout
from normgeom.rendering.repair import movie_is_sound
from scenes.base.catalog import narration

__all__ = [
    "MIN_SPLIT_SECONDS",
    "pieces",
    "beat_ranges",
    "beat_count",
    "split",
    "seed_partial_movies",
    "join_ranges",
]

MIN_SPLIT_SECONDS = 20.0
"""A scene measured shorter renders whole: each range pays a process start and replays the
beats before it."""


def pieces(cost: float, total: float, workers: int, beats: int) -> int:
    """How many ranges a scene of measured ``cost`` seconds and ``beats`` beats is rendered
    in, in a run of ``total`` measured seconds on ``workers`` workers (1: whole).

    >>> pieces(80.0, 360.0, 2, 9)   # a lecture's longest scene: no longer than its share
    1
    >>> pieces(80.0, 80.0, 2, 9)    # the only scene to render, two workers
    2
    >>> pieces(80.0, 100.0, 16, 5)  # at most one range per beat
    5
    """
    share = total / max(1, workers)
    if workers < 2 or cost < MIN_SPLIT_SECONDS or cost <= share:
        return 1
    return max(1, min(workers, beats, math.ceil(cost / share)))


def beat_ranges(beats: int, count: int) -> list[tuple[int, int]]:
    """``count`` ranges ``(first, end)`` covering beats 0 to ``beats - 1`` in order, their
    lengths differing by at most one (the longer ones first).

    >>> beat_ranges(7, 3)
    [(0, 3), (3, 5), (5, 7)]
    """
    size, extra = divmod(beats, count)
    bounds = [0]
    for index in range(count):
        bounds.append(bounds[-1] + size + (index < extra))
    return list(zip(bounds[:-1], bounds[1:], strict=True))


def beat_count(job: RenderJob) -> int:
    """The number of beats of the job's scene (0 for a scene without narration)."""
    return len(narration(job.target.file, job.target.name))


def split(job: RenderJob, count: int) -> list[RenderJob]:
    """The range jobs of a whole movie job in ``count`` pieces (``[job]`` for one piece, a
    scene without beats, or a job that is not a whole movie)."""
    beats = beat_count(job)
    whole = job.product is Product.MOVIE and job.beats is None and job.stop_after is None
    if count < 2 or beats < 2 or not whole:
        return [job]
    return [replace(job, beats=span) for span in beat_ranges(beats, min(count, beats))]


def seed_partial_movies(layout: Layout, job: RenderJob) -> None:
    """Link into a range job's partial-movie folder every sound partial movie of its scene's
    whole render it lacks (hard links: no copy; Manim prunes each folder on its own). Hold
    the scene's lock: a whole render may be writing them."""
    source, target = layout.partial_movies(replace(job, beats=None)), layout.partial_movies(job)
    target.mkdir(parents=True, exist_ok=True)
    for movie in sorted(source.glob("*.mp4")):
        link = target / movie.name
        if not link.exists() and movie_is_sound(movie):
            os.link(movie, link)


def join_ranges(movies: list[Path], target: Path) -> None:
    """Write ``target``: the video of ``movies`` one after the other (stream copy through
    FFmpeg's concat demuxer, the way Manim joins its partial movies) and the audio track of
    the last one, written atomically."""
    manifest = "".join(f"file 'file:{movie.as_posix()}'\n" for movie in movies).encode()
    with (
        atomic_path(target) as temp,
        av.open(BytesIO(manifest), format="concat", options={"safe": "0"}) as video,
        av.open(str(movies[-1])) as last,
        av.open(str(temp), "w", format="mp4") as out,
    ):
        source = video.streams.video[0]
        picture = out.add_stream_from_template(template=source)
        sound = [(s, out.add_stream_from_template(template=s)) for s in last.streams.audio]
        for packet in video.demux(source):
            if packet.dts is None:  # the flushing packet at the end
                continue
            packet.dts = None  # libav recomputes it across the joined files
            packet.stream = picture
            out.mux(packet)
        for stream, copy in sound:
            for packet in last.demux(stream):
                if packet.dts is None:
                    continue
                packet.stream = copy
                out.mux(packet)
