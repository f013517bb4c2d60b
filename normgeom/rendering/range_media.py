"""The media of a scene rendered as ranges of its beats: the partial movies a range starts
from, and the ranges joined into the scene's movie (which beats each range renders:
:mod:`normgeom.rendering.ranges`).

A range starts with hard links to the partial movies of its scene's whole render
(:func:`seed_partial_movies`), so a play drawn as before is not drawn again (Manim names each
by a hash of what it shows). Joining (:func:`join_ranges`) copies the ranges' video streams
one after the other (every range starts on a keyframe: Manim encodes each play as a movie of
its own and joins them the same way) and the last range's audio track; the joined movie is
the whole render's.
"""

from __future__ import annotations

import os
from dataclasses import replace
from io import BytesIO
from pathlib import Path

import av

from normgeom.rendering.atomic import atomic_path
from normgeom.rendering.job import RenderJob
from normgeom.rendering.paths import Layout
from normgeom.rendering.repair import drawn_by, movie_is_sound

__all__ = ["seed_partial_movies", "join_ranges"]


def seed_partial_movies(layout: Layout, job: RenderJob) -> None:
    """Link into a range job's partial-movie folder every sound partial movie of its scene's
    whole render it lacks, when both were drawn by the same code (the same drawing stamp;
    hard links: no copy; Manim prunes each folder on its own). Hold the scene's lock: a
    whole render may be writing them."""
    whole = replace(job, beats=None)
    source, target = layout.partial_movies(whole), layout.partial_movies(job)
    target.mkdir(parents=True, exist_ok=True)
    drawn = drawn_by(layout, job)
    if drawn is None or drawn != drawn_by(layout, whole):
        return  # drawn by other code (or not stamped yet)
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
