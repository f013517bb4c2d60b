"""The rendering pipeline behind the ``normgeom`` command line.

One job per module: :mod:`.quality` (Manim's presets), :mod:`.targets` (what can be
rendered), :mod:`.paths` (where outputs go), :mod:`.atomic` (crash-safe writes),
:mod:`.cache` (render keys and the state file), :mod:`.render` (manim in subprocesses),
:mod:`.probe`, :mod:`.gif`, :mod:`.still`, :mod:`.webm` (derived formats), :mod:`.subtitles`,
:mod:`.compose` (one chaptered MP4), :mod:`.lecture` (the whole lecture and its manifest),
:mod:`.cards` (title and summary scenes) and :mod:`.doctor` (environment checks).
"""

from scenes.pipeline.errors import UsageError

__all__ = ["UsageError"]
