"""``normgeom page``: the one-vector lesson and a 3D explorer, live in the browser.

One folder (``index.html``, its scripts and styles, three.js with its licence) that opens
from disk with no network, computes every number in JavaScript exactly as :mod:`normmath`
does (checked against ``normgeom explain`` by ``tests/test_page_math.py`` in node and
``tests/test_page.py`` in Chromium), holds its state in its URL, and opens the states of the
lecture's chapters (:mod:`normgeom.page.chapters`). See ``docs/page.md``.
"""

from normgeom.page.writer import PAGE_NAME, page_files, write_files, write_page

__all__ = ["PAGE_NAME", "page_files", "write_files", "write_page"]
