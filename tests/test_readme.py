"""The README is a landing page whose links hold, and the documentation's Python examples
(now in ``docs/``: normmath, pronunciation) run as written."""

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = sorted((ROOT / "docs").glob("*.md"))
README_LINES = 200
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize("page", [README, *PAGES], ids=lambda p: p.name)
def test_python_examples_run_as_written(page):
    result = doctest.testfile(str(page), module_relative=False)
    assert result.failed == 0


def test_the_examples_are_still_checked():
    """The numeric core's and the pronunciation's examples moved with their sections."""
    for name in ("math.md", "narration.md"):
        examples = doctest.DocTestParser().get_examples((ROOT / "docs" / name).read_text())
        assert examples, name


def test_the_readme_is_a_landing_page():
    text = README.read_text()
    assert len(text.splitlines()) <= README_LINES
    assert "make video" in text and "make test" in text


@pytest.mark.parametrize("page", [README, *PAGES], ids=lambda p: p.name)
def test_every_local_link_leads_to_a_file(page):
    links = [link for link in LINK.findall(page.read_text()) if "://" not in link]
    missing = [link for link in links if not (page.parent / link).exists()]
    assert missing == []
