"""The ``normgeom`` command line: :mod:`.app` (the Typer app and its commands),
:mod:`.publishing` (slides, stills, publish, page), :mod:`.options` (the options several
commands share), :mod:`.scene_options` (render settings and scene parameters from options),
:mod:`.failures` (one line and an exit code per failure), :mod:`.report` (progress and
tables) and :mod:`.doctor` (set-up checks)."""
