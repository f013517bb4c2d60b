"""The media of a scene rendered as ranges of its beats: the partial movies a range starts
from, and the ranges joined into the scene's movie (which beats each range renders:
:mod:`normgeom.rendering.ranges`).

A range starts with hard links to the partial movies of its scene's whole render
(:func:`seed_partial_movies`), so a play drawn as before is not drawn again (Manim names each
by a hash of what it shows). Joining (:func:`join_ranges`) copies the ranges' video streams
one after the other, each from where the one before it ends (every range starts on a
keyframe: Manim encodes each play as a movie of its own), and the last range's audio track;
the joined movie is the whole render's, frame for frame and time for time.
"""

from __future__ import annotations

import os
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import av

from normgeom.rendering.atomic import atomic_path
from normgeom.rendering.job import RenderJob
from normgeom.rendering.paths import Layout
from normgeom.rendering.repair import drawn_by, movie_is_sound
from normgeom.rendering.video_copy import copy_video

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
    """Write ``target``: the video of ``movies`` one after the other, each starting where the
    one before it ends (:func:`~normgeom.rendering.video_copy.copy_video`: a range's audio
    runs longer than its video, so the file's length is not where its video ends), and the
    audio track of the last one, written atomically."""
    with (
        atomic_path(target) as temp,
        av.open(str(movies[0])) as first,
        av.open(str(movies[-1])) as last,
        av.open(str(temp), "w", format="mp4") as out,
    ):
        picture = out.add_stream_from_template(template=first.streams.video[0])
        sound = [(s, out.add_stream_from_template(template=s)) for s in last.streams.audio]
        start = Fraction(0)
        for movie in movies:
            with av.open(str(movie)) as source:
                start = copy_video(source, out, picture, start)
        for stream, copy in sound:
            for packet in last.demux(stream):
                if packet.dts is None:
                    continue
                packet.stream = copy
                out.mux(packet)
