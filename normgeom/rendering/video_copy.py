"""A movie's video packets copied into another file at a time offset, without re-encoding.

Each packet keeps its presentation and decoding times, moved by the offset: frames play in
the new file when they played in their own, shifted as a whole (B-frames included: their
decoding order is kept). The copy ends where the movie's video ends, which is where the next
copy starts when movies are joined (a movie's audio may run longer; it does not count).
"""

from __future__ import annotations

from fractions import Fraction

import av

__all__ = ["copy_video"]


def copy_video(
    source: av.container.InputContainer, out: av.container.OutputContainer, stream, start
) -> Fraction:
    """Mux the video packets of the open movie ``source`` into ``stream`` of ``out``,
    ``start`` seconds later than in ``source``; return the second where the copied video
    ends (its latest presentation time plus that frame's duration)."""
    video = source.streams.video[0]
    offset = round(start / video.time_base)
    end = offset
    for packet in source.demux(video):
        if packet.dts is None:
            continue  # the demuxer's flushing packet
        packet.pts += offset
        packet.dts += offset
        end = max(end, packet.pts + (packet.duration or 0))
        packet.stream = stream
        out.mux(packet)
    return end * video.time_base
