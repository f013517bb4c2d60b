"""The ``normgeom`` command line: :mod:`.app` (the Typer app and its commands),
:mod:`.publishing` (slides, stills, publish), :mod:`.params` (scene parameters from options),
:mod:`.report` (progress and tables) and :mod:`.doctor` (set-up checks)."""
