"""Publishing the scenes beyond the lecture video: formats, slides, stills and the bundle.

One job per module: :mod:`.outputs` (a rendered scene in the format asked for) through
:mod:`.frames` (streaming frames out of an MP4), :mod:`.gif`, :mod:`.webm` and
:mod:`.last_frame`; :mod:`.slides` (scenes as manim-slides presentations, cached),
:mod:`.revealjs` (the reveal.js files an offline deck needs), :mod:`.deck` (HTML and PPTX
export); :mod:`.stills` (PNG stills of a scene's end or of a beat's end);
:mod:`.bundle` (gathering everything into one folder), :mod:`.bundle_manifest` (its file
list), :mod:`.index_page` (its index.html) and :mod:`.folders` (output folders: only
normgeom's own files replaced, file by file); :mod:`.contact_sheet` (every scene at four
moments on one sheet).
"""

__all__: list[str] = []
