"""normgeom: the front end that turns the scenes into lecture-ready media.

One folder per job, data flowing one way (scenes -> render -> compose -> publish):

- :mod:`normgeom.cli`: the ``normgeom`` command line (Typer); imports the rest lazily, and
  nothing outside it imports it.
- :mod:`normgeom.api`: the Python API, here at the top: :func:`render`, :func:`lecture`,
  :func:`slides`, :func:`stills`, :func:`explain` (imported on first use, so the command line
  stays quick), and :func:`normgeom.api.publish`, :func:`normgeom.api.page` and
  :func:`normgeom.api.audit` (``normgeom.publish``, ``normgeom.page`` and ``normgeom.audit``
  are packages).
- :mod:`normgeom.settings`: a render's checked settings (quality, voice, scene parameters,
  workers) from the command line's text or the API's values.
- :mod:`normgeom.pipeline`: running render jobs for a command or a script (shared by both).
- :mod:`normgeom.rendering`: a typed render job, the runner that executes jobs in worker
  processes, and the one cache that decides what is up to date.
- :mod:`normgeom.compose`: the lecture: clips back to back, chapters, merged subtitles.
- :mod:`normgeom.publish`: formats derived from a render (GIF, WebM, PNG), stills, slides
  and the lecture bundle.
- :mod:`normgeom.page`: the live page (``normgeom page``).
- :mod:`normgeom.audit`: the frame audit (``normgeom audit``).
- :mod:`normgeom.explanation`: every number of the one-vector lesson in the terminal.
- :mod:`normgeom.activations`: a real transformer's LayerNorm inputs (``normgeom
  activations``) and the recorded statistics the lecture draws.
- :mod:`normgeom.npm`: packages from the npm registry (reveal.js, three.js).
- :mod:`normgeom.folders`: output folders normgeom fills, only its own files replaced.
- :mod:`normgeom.errors`: the pipeline's exceptions, warnings and named steps.
"""

from __future__ import annotations

__all__ = ["render", "lecture", "slides", "stills", "explain", "MediaFile"]


def __getattr__(name: str):
    """The API's names, imported from :mod:`normgeom.api` on first use."""
    if name in __all__:
        from normgeom import api

        return getattr(api, name)
    raise AttributeError(f"module 'normgeom' has no attribute {name!r}")
