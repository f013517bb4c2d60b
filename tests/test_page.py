"""The live page (normgeom page): its folder, its golden cases, and the page itself driven
like a user in real headless Chromium (typing, Enter, arrow keys, presets, predictions), its
numbers checked against normmath on every golden case."""

from __future__ import annotations

import json
import re
import statistics
import tempfile
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from fixtures.page_browser import can_drive, chromium, visit
from typer.testing import CliRunner

import normmath as nm
from normgeom.cli.app import app
from normgeom.page import page_files, write_page
from normgeom.page.golden import expected_texts, golden_cases, quantity_keys
from normgeom.page.writer import PRESET_LABELS
from normgeom.publish.folders import OWNED_NAME
from normgeom.publish.index_page import index_html

MAX_BYTES = 2_000_000
INPUTS = ("x1", "x2", "x3", "gain", "eps")


@cache
def written() -> Path:
    """One page folder per session."""
    return write_page(Path(tempfile.mkdtemp(prefix="normgeom-page-")) / "page").parent


# The folder ------------------------------------------------------------------------------


def test_the_folder_is_complete_small_and_local():
    folder = written()
    files = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
    assert files == {*page_files(), OWNED_NAME}
    assert {"index.html", "data.js", "vendor/three.min.js", "vendor/three.LICENSE.txt"} <= files
    assert sum((folder / f).stat().st_size for f in files) < MAX_BYTES
    assert "MIT License" in (folder / "vendor/three.LICENSE.txt").read_text()
    html = (folder / "index.html").read_text()
    references = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert references and all((folder / r).is_file() for r in references), references
    for name in files - {"vendor/three.min.js", "vendor/three.LICENSE.txt"}:
        assert not re.search(r"https?://", (folder / name).read_text()), name


def test_the_data_comes_from_normmath_and_the_videos_palette():
    from scenes.kit.style import PALETTE

    text = (written() / "data.js").read_text()
    data = json.loads(text[text.index("{") : text.rindex("}") + 1])
    assert data["palette"] == PALETTE
    assert [p["vector"] for p in data["presets"]] == [list(nm.PRESETS[n]) for n, _ in PRESET_LABELS]
    np.testing.assert_allclose(data["cloud"], nm.main_cloud().points, atol=1e-6)
    assert (data["demoGain"], data["demoBias"]) == (list(nm.DEMO_GAIN), list(nm.DEMO_BIAS))


def test_page_command_writes_and_refuses_bad_folders(tmp_path):
    runner = CliRunner()
    done = runner.invoke(app, ["page", "--output", str(tmp_path / "out")])
    assert done.exit_code == 0 and (tmp_path / "out" / "index.html").is_file(), done.output
    (tmp_path / "file").write_text("x")
    for bad in (str(tmp_path / "file"), "", "/"):
        failed = runner.invoke(app, ["page", "--output", bad])
        assert failed.exit_code == 2, bad
        assert len(failed.stderr.strip().splitlines()) == 1 and "Traceback" not in failed.output
    assert (tmp_path / "file").read_text() == "x"


def test_the_bundle_page_links_the_live_page():
    html = index_html("T", "l.mp4", {"vtt": "l.vtt"}, "slides/d.html", "page/index.html", [], [])
    assert 'href="page/index.html"' in html


# The golden cases ------------------------------------------------------------------------


def test_golden_cases_cover_every_edge():
    cases = golden_cases()
    assert len(cases) >= 50
    keys = set(quantity_keys())
    assert all(set(case.texts) == keys for case in cases)
    vectors = {case.vector for case in cases}
    edges = {(0.0, 0.0, 0.0), (2.0, 2.0, 2.0), (1e-200, 2e-200, 3e-200), (1e200, 2e200, 3e200)}
    assert edges <= vectors
    assert any(c.eps == 0 for c in cases) and any(c.gain == 0 for c in cases)
    shown = [text for case in cases for text in case.texts.values()]
    assert "Undefined" in shown and "overflow" in shown and any("e+" in t for t in shown)


def test_golden_undefined_is_where_explain_json_has_null():
    runner = CliRunner()
    for vector, eps in (((0, 0, 0), "0"), ((2, 2, 2), "0"), ((1e200, 2e200, 3e200), "0")):
        args = ["explain", *map(str, vector), "--eps", eps, "--json"]
        data = json.loads(runner.invoke(app, args).stdout)
        texts = expected_texts(vector, 1.0, float(eps))
        for key, value in data["statistics"].items():
            assert (value is None) == (texts[key] in {"Undefined", "overflow"}), key
            assert (texts[key] == "overflow") == (key in data["overflow"]), key
        for i, row in enumerate(data["rows"], start=1):
            for key, value in row.items():
                if key != "coordinate":
                    assert (value is None) == (texts[f"{key}-x{i}"] in {"Undefined", "overflow"})


# In Chromium -----------------------------------------------------------------------------

browser = pytest.mark.skipif(not can_drive(), reason="needs Debian's chromium and playwright")

SHOWN = (
    "[...document.querySelectorAll('[data-quantity]')]"
    ".map(e => [e.dataset.quantity, e.textContent])"
)


def shown(page) -> list[tuple[str, str]]:
    return [tuple(pair) for pair in page.evaluate(SHOWN)]


def assert_shows(page, vector, gain, eps):
    expected = expected_texts(vector, gain, eps)
    pairs = shown(page)
    assert {key for key, _ in pairs} == set(expected)
    wrong = [(k, text, expected[k]) for k, text in pairs if text != expected[k]]
    assert not wrong, f"{vector} gain {gain} eps {eps}: {wrong[:5]}"


def type_into(page, key: str, text: str):
    field = page.locator(f"#{key}-field")
    field.fill(text)
    field.press("Enter")


@pytest.fixture(scope="module")
def launcher():
    with chromium() as opened:
        yield opened


@pytest.fixture(scope="module")
def seen(launcher):
    with visit(launcher, written() / "index.html") as opened:
        yield opened


@pytest.fixture
def page(seen):
    seen.page.click("text=Positive 1, 2, 3")
    return seen.page


ENTER_ALL = (
    """(values) => {
  for (const [key, value] of Object.entries(values)) {
    const field = document.getElementById(`${key}-field`);
    field.value = value;
    field.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter'}));
  }
  return """
    + SHOWN
    + ";\n}"
)


@browser
def test_every_golden_case_entered_shows_normmaths_numbers(page):
    for case in golden_cases():
        values = dict(zip(INPUTS, map(repr, (*case.vector, case.gain, case.eps)), strict=True))
        pairs = page.evaluate(ENTER_ALL, values)
        assert {key for key, _ in pairs} == set(case.texts)
        wrong = [(k, text, case.texts[k]) for k, text in pairs if text != case.texts[k]]
        assert not wrong, f"{values}: {wrong[:5]}"


@browser
def test_arrow_keys_move_a_slider_and_everything_follows(page):
    slider = page.locator('input[type="range"][data-input="x1"]')
    slider.focus()
    slider.press("ArrowRight")
    slider.press("ArrowRight")
    assert page.input_value("#x1-field") == "3"
    assert_shows(page, (3.0, 2.0, 3.0), 1.0, 1e-6)
    gain = page.locator('input[type="range"][data-input="gain"]')
    gain.focus()
    gain.press("ArrowLeft")
    assert_shows(page, (3.0, 2.0, 3.0), 0.5, 1e-6)
    page.select_option('select[data-input="eps"]', "0")
    assert page.input_value("#eps-field") == "0"
    assert_shows(page, (3.0, 2.0, 3.0), 0.5, 0.0)


@browser
def test_a_malformed_entry_is_refused_beside_its_field_and_changes_nothing(page):
    before = shown(page)
    for key, text, said in (
        ("x2", "abc", "not a number"),
        ("x2", "1e999", "float64 range"),
        ("gain", "-1", "≥ 0"),
        ("eps", "0x10", "not a number"),
        ("gain", "1.7e308", "float64 range"),
    ):
        type_into(page, key, text)
        assert said in page.text_content(f"#{key}-message")
        assert page.get_attribute(f"#{key}-field", "aria-invalid") == "true"
        assert shown(page) == before
        type_into(page, key, {"x2": "2", "gain": "1", "eps": "0.000001"}[key])
        assert page.text_content(f"#{key}-message") == ""
    assert shown(page) == before


@browser
def test_presets_set_their_vector_with_gain_1_and_the_lesson_epsilon(page):
    type_into(page, "gain", "2")
    for name, label in PRESET_LABELS:
        page.click(f"button:text-is('{label}')")
        assert_shows(page, nm.PRESETS[name], 1.0, nm.LESSON_EPS)


@browser
def test_undefined_outputs_have_no_bar_and_say_so(page):
    page.click("button:text-is('All zeros')")
    type_into(page, "eps", "0")
    for rule in ("rms", "ln"):
        assert page.locator(f"#bar-{rule}-x1 .bar").is_hidden()
        assert page.locator(f"#bar-{rule}-x1 .mark").is_hidden()
    assert "Undefined" in page.text_content("#reasons")
    assert "not drawn" in page.text_content("#view-status")
    type_into(page, "eps", "1")
    assert page.locator("#bar-rms-x1 .mark").is_visible()


@browser
def test_a_prediction_reveals_after_the_answer_and_clears_when_the_state_changes(page):
    first = page.locator(".prediction").first
    reveal = first.locator(".reveal")
    assert reveal.is_hidden()
    first.get_by_label("Undefined").check()
    first.locator(".check").click()
    assert_shows(page, (0.0, 0.0, 0.0), 1.0, 0.0)
    assert reveal.is_visible() and reveal.text_content().startswith("Right")
    type_into(page, "x1", "0")  # the same state: the answer stays
    assert reveal.is_visible() and first.get_by_label("Undefined").is_checked()
    type_into(page, "x1", "1")
    assert reveal.is_hidden() and not first.get_by_label("Undefined").is_checked()


@browser
def test_the_3d_view_orbits_with_keys_and_shows_its_layers(page):
    view = page.locator("#view")
    assert view.locator("canvas").bounding_box()["width"] > 400
    before = page.evaluate("NormgeomExplorer.camera.position.toArray()")
    view.focus()
    view.press("ArrowLeft")
    view.press("+")
    after = page.evaluate("NormgeomExplorer.camera.position.toArray()")
    assert after != before
    view.press("0")
    assert page.evaluate("NormgeomExplorer.camera.position.toArray()") == pytest.approx(before)
    legend = page.locator("#legend li:visible")
    count = legend.count()
    for layer in ("cloud", "affine", "poles"):
        page.check(f'[data-layer="{layer}"]')
    assert legend.count() > count
    assert page.evaluate("NormgeomExplorer.layers.poles.visible")


@browser
def test_every_control_is_labelled_and_reached_by_tab(page):
    names = page.evaluate(
        """[...document.querySelectorAll('input, select, button, #view')].map(e => {
             const by = (e.getAttribute('aria-labelledby') || '').split(' ').filter(Boolean)
               .map(id => document.getElementById(id).textContent).join(' ');
             const label = [...(e.labels || [])].map(l => l.textContent).join(' ');
             return [e.outerHTML.slice(0, 60), (by || label || e.getAttribute('aria-label')
               || (e.tagName === 'BUTTON' ? e.textContent : '')).trim()];
           })"""
    )
    assert names and all(name for _, name in names), [html for html, name in names if not name]
    reached = set()
    page.locator("#x1-label").click()
    for _ in range(len(names) + 5):
        page.keyboard.press("Tab")
        reached.add(page.evaluate("(e => e.dataset.input || e.id)(document.activeElement)"))
    assert set(INPUTS) <= reached and "view" in reached


def contrast(page) -> float:
    """The lowest contrast ratio (WCAG) of any visible text against its background."""
    return page.evaluate(
        """(() => {
          const rgb = (c) => c.match(/[\\d.]+/g).map(Number);
          const lum = ([r, g, b]) => [r, g, b].map(v => v / 255)
            .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
            .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
          const background = (e) => {
            for (; e; e = e.parentElement) {
              const c = rgb(getComputedStyle(e).backgroundColor);
              if (c.length === 3 || c[3] > 0) return c.slice(0, 3);
            }
            return [255, 255, 255];
          };
          let lowest = 21;
          for (const e of document.querySelectorAll('body *')) {
            const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
            if (!own || !e.checkVisibility()) continue;
            const a = lum(rgb(getComputedStyle(e).color)), b = lum(background(e));
            lowest = Math.min(lowest, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05));
          }
          return lowest;
        })()"""
    )


@browser
def test_text_contrast_is_at_least_wcag_aa(page):
    lowest = contrast(page)
    print(f"lowest text contrast {lowest:.2f}:1")
    assert lowest >= 4.5


@browser
def test_no_network_and_no_console_error(seen, page):
    folder = written().as_uri()
    assert seen.requests and all(url.startswith(folder) for url in seen.requests), seen.requests
    assert not seen.errors


@browser
def test_first_paint_and_updates_are_fast(launcher, tmp_path):
    with visit(launcher, written() / "index.html") as fresh:
        page = fresh.page
        paint = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime")
        timings = page.evaluate(
            """async () => {
              const field = document.getElementById('x1-field');
              const updates = [], frames = [];
              for (let i = 0; i < 30; i += 1) {
                const start = performance.now();
                field.value = String((i % 13) - 6 + 0.25);
                field.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter'}));
                document.body.getBoundingClientRect();
                updates.push(performance.now() - start);
                await new Promise(r => requestAnimationFrame(() => r()));
                frames.push(NormgeomExplorer.timing.render.at(-1));
              }
              return {updates, frames};
            }"""
        )
        page.screenshot(path=str(tmp_path / "page.png"))
    update = statistics.median(timings["updates"])
    frame = statistics.median(timings["frames"])
    print(f"first contentful paint {paint:.0f} ms; update {update:.2f} ms; 3D frame {frame:.2f} ms")
    assert paint < 1000
    assert update < 16 and frame < 16
    assert (tmp_path / "page.png").stat().st_size > 50_000
