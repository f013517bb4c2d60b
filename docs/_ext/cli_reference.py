"""A Sphinx directive that writes the ``normgeom`` command-line reference from the Typer app.

``{cli-reference}`` in a page becomes one section per command: its usage, its help text and a
table of its arguments and options, each with its help and default, read from the same
objects ``normgeom <command> --help`` prints (Typer carries its own copy of Click, so
sphinx-click, which checks for Click's classes, does not read it).
"""

from __future__ import annotations

import inspect

import typer.main
from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

PROG = "normgeom"


def _cell(text: str) -> str:
    """One line of a table cell: no line breaks, no stray table markup."""
    return " ".join(text.replace("|", "\\|").split()) or " "


def _literal(text: str) -> str:
    return f"``{text}``" if text.strip() else " "


def command_lines(name: str, command, parent) -> list[str]:
    """The reStructuredText of one command's section."""
    ctx = command.make_context(f"{PROG} {name}", [], parent=parent, resilient_parsing=True)
    usage = " ".join(command.collect_usage_pieces(ctx))
    lines = [name, "-" * len(name), "", ".. code-block:: text", "", f"   {PROG} {name} {usage}", ""]
    lines += [*inspect.cleandoc(command.help or "").splitlines(), ""]
    rows = [record for param in command.get_params(ctx) if (record := param.get_help_record(ctx))]
    if rows:
        lines += [".. list-table::", "   :header-rows: 1", "   :widths: 35 65", ""]
        lines += ["   * - argument or option", "     - meaning"]
        for opts, text in rows:
            lines += [f"   * - {_literal(_cell(opts))}", f"     - {_cell(text)}"]
        lines.append("")
    return lines


class CliReference(SphinxDirective):
    """``{cli-reference}``: every command of ``normgeom``, in its listed order."""

    def run(self) -> list[nodes.Node]:
        from normgeom.cli.app import app

        group = typer.main.get_command(app)
        parent = group.make_context(PROG, [], resilient_parsing=True)
        lines: list[str] = []
        for name in group.list_commands(parent):
            lines += command_lines(name, group.get_command(parent, name), parent)
        container = nodes.section()
        container.document = self.state.document
        self.state.nested_parse(StringList(lines, "cli-reference"), 0, container, match_titles=True)
        return container.children


def setup(app: Sphinx) -> dict[str, object]:
    app.add_directive("cli-reference", CliReference)
    return {"parallel_read_safe": True}
