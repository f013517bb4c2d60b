"""A Sphinx directive that writes the table of scene parameters from their declaration.

``{scene-parameters}`` in a page becomes one row per field of
:class:`scenes.base.parameters.SceneParams` (:data:`~scenes.base.parameters.PARAMETERS`): its
config key and Python keyword, its command-line option, its kind, its default and its meaning,
so the table holds every parameter the code declares and nothing else.
"""

from __future__ import annotations

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

HEADER = ("config key / keyword", "option", "kind", "default", "meaning")


def table_lines() -> list[str]:
    """The reStructuredText list-table of every declared scene parameter."""
    from scenes.base.parameters import PARAMETERS

    rows = [HEADER] + [
        (f"``{p.name}``", f"``{p.option}``", p.kind.value, p.kind.to_text(p.default), p.help)
        for p in PARAMETERS
    ]
    lines = [".. list-table::", "   :header-rows: 1", "   :widths: 18 16 18 16 32", ""]
    for first, *rest in rows:
        lines += [f"   * - {first}", *(f"     - {cell}" for cell in rest)]
    return [*lines, ""]


class SceneParameters(SphinxDirective):
    """``{scene-parameters}``: the table of every scene parameter."""

    def run(self) -> list[nodes.Node]:
        container = nodes.section()
        container.document = self.state.document
        self.state.nested_parse(StringList(table_lines(), "scene-parameters"), 0, container)
        return container.children


def setup(app: Sphinx) -> dict[str, object]:
    app.add_directive("scene-parameters", SceneParameters)
    return {"parallel_read_safe": True}
