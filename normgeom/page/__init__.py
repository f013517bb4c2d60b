"""``normgeom page``: the one-vector lesson and a 3D explorer, live in the browser.

One folder (``index.html``, its scripts and styles, three.js with its licence) that opens
from disk with no network and computes every number in JavaScript exactly as
:mod:`normmath` does. :mod:`.writer` writes the folder from the sources in ``web/`` and
:mod:`.three` bundles three.js from its npm package; the lecture's chapters that show one
vector are states of the page from :mod:`normgeom.compose.page_states`.
"""

from normgeom.page.writer import PAGE_NAME, page_files, write_files, write_page

__all__ = ["PAGE_NAME", "page_files", "write_files", "write_page"]
