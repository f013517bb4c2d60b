"""The ``normgeom`` command line: :mod:`.app` (the Typer app and its commands),
:mod:`.publishing` (slides, stills, publish, page), :mod:`.translating` (translate: the
catalogues of a language), :mod:`.options` (the options several
commands share and the group of render options, scene parameters included),
:mod:`.failures` (one line and an exit code per failure), :mod:`.report` (progress and
tables) and :mod:`.doctor` (set-up checks). Nothing outside this package imports it: the
settings it reads are the library's (:mod:`normgeom.settings`)."""
