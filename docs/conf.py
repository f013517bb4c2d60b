"""Sphinx settings of the documentation site (``make docs`` -> ``media/docs/``)."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE / "_ext")]

project = "normgeom"
author = "normgeom contributors"
copyright = "normgeom contributors"  # noqa: A001 (Sphinx's setting)

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "cli_reference",
    "module_reference",
    "parameter_table",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build", "examples", "contact-sheet"]
root_doc = "index"

html_theme = "furo"
html_title = "normgeom"
html_static_path: list[str] = []

myst_heading_anchors = 3
"""``[text](page.md#a-heading)`` links resolve to headings down to level 3."""
myst_enable_extensions = ["colon_fence"]

OTHER_PROJECTS = (
    *sorted(sys.stdlib_module_names),
    *("av", "cairo", "distributed", "manim", "manim_voiceover", "np", "numpy", "PIL", "rich"),
    "typer",
)
"""Packages whose names the project's docstrings mention: Python's own and the libraries."""
nitpicky = True
"""Every cross-reference must resolve (with ``-W``, one that does not fails the build)."""
nitpick_ignore_regex = [
    # Names from other projects: the build is offline, so no inventory of theirs is read.
    (r"py:.*", rf"({'|'.join(OTHER_PROJECTS)})(\..*)?"),
    # Manim's renderers and camera, named in annotations only (imported for type checking).
    (r"py:class", r"(Camera|CairoRenderer|OpenGLRenderer)"),
    # Private helpers named in annotations: not part of the reference.
    (r"py:class", r"([\w.]+\.)?_\w+"),
    (r"py:class", r"(Path|PathLike|Iterable|Iterator|Sequence|Mapping|Callable|ArrayLike)"),
    (r"py:class", r"(optional|array_like|callable|float64|ndarray|shape|default|or|of)"),
    # A type written in words (``numpy.ndarray, shape (n, 3)``; napoleon reads a constant's
    # docstring ``Farthest x (the frame's edge is at 7.11): ...`` as type and text): never a
    # name, so never a broken link.
    (r"py:class", r"(?![A-Za-z_][\w.]*$).*"),
    (r"py:(class|exc|obj)", r"(ValueError|RuntimeError|TypeError|OSError|KeyError|Exception)"),
]

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_mock_imports: list[str] = []
napoleon_google_docstring = False
napoleon_numpy_docstring = True
napoleon_use_ivar = True
"""A class's ``Attributes`` section as fields (autodoc documents the attributes themselves)."""
napoleon_use_param = False
napoleon_use_rtype = False
"""Parameter and return types as written (``array, shape (n, 3)``), not as cross-references."""
autodoc_inherit_docstrings = False
"""Only the project's own docstrings (Manim's refer to its own documentation)."""
