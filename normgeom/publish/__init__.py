"""Publishing the scenes beyond the lecture video: formats, slides, stills and the bundle.

One job per module: :mod:`.outputs` (a rendered scene in the format asked for) through
:mod:`.frames` (streaming frames out of an MP4), :mod:`.gif`, :mod:`.webm` and
:mod:`.last_frame`; :mod:`.slides` (scenes as manim-slides presentations, cached),
:mod:`.revealjs` (the reveal.js files an offline deck needs), :mod:`.deck` (HTML and PPTX
export); :mod:`.stills` (PNG stills of a scene's end or of a beat's end);
:mod:`.bundle` (gathering everything into one folder), :mod:`.bundle_manifest` (its file
list) and :mod:`.index_page` (its index.html), written through :mod:`normgeom.folders`;
:mod:`.contact_sheet` (every scene at four moments on one sheet); :mod:`.runs` (the deck,
stills, bundle and page made for the command line and the Python API).
"""

__all__: list[str] = []
