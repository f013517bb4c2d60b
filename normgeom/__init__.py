"""normgeom: the front end that turns the scenes into lecture-ready media.

One folder per job, data flowing one way (scenes -> render -> compose -> publish):

- :mod:`normgeom.cli`: the ``normgeom`` command line (Typer); imports the rest lazily.
- :mod:`normgeom.render`: a typed render job, the runner that executes jobs in worker
  processes, and the one cache that decides what is up to date.
- :mod:`normgeom.compose`: the lecture: clips back to back, chapters, merged subtitles.
- :mod:`normgeom.publish`: formats derived from a render (GIF, WebM, PNG), stills, slides
  and the lecture bundle.
- :mod:`normgeom.explain`: every number of the one-vector lesson in the terminal.
- :mod:`normgeom.activations`: a real transformer's LayerNorm inputs (``normgeom
  activations``) and the recorded statistics the lecture draws.
"""
