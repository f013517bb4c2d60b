"""Publishing the scenes beyond the lecture video: slides, stills and the lecture bundle.

One job per module: :mod:`.slide_scene` (a scene class as a manim-slides presentation, one
slide per narrated beat), :mod:`.slides` (rendering those presentations, cached),
:mod:`.revealjs` (the reveal.js files an offline deck needs), :mod:`.deck` (HTML and PPTX
export), :mod:`.stills` (PNG stills of a scene's end or of a beat's end),
:mod:`.manifest` (the bundle's file list), :mod:`.index_page` (the bundle's index.html),
:mod:`.bundle` (gathering everything into one folder) and :mod:`.commands` (the
``slides``, ``stills`` and ``publish`` commands).
"""

__all__: list[str] = []
