"""The rendering pipeline behind the ``normgeom`` command line.

One job per module: :mod:`.quality` (Manim's presets), :mod:`.targets` (what can be
rendered), :mod:`.paths` (where outputs go), :mod:`.params` (scene parameters from the
command line), :mod:`.atomic` (crash-safe writes), :mod:`.cache` (render keys and the state
file), :mod:`.versions`, :mod:`.render` (manim in subprocesses, in parallel),
:mod:`.probe` and :mod:`.frames` (reading media), :mod:`.gif`, :mod:`.still`, :mod:`.webm`
and :mod:`.outputs` (derived formats), :mod:`.subtitles`, :mod:`.compose` (one chaptered
MP4), :mod:`.manifest`, :mod:`.lecture` (the whole lecture), :mod:`.cards` (title and
summary scenes), :mod:`.report` (progress and tables) and :mod:`.doctor` (set-up checks).
"""

from normgeom.errors import RenderError, UsageError

__all__ = ["RenderError", "UsageError"]
