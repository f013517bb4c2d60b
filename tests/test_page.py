"""The live page (normgeom page): its folder, its golden cases, its chapter states and
links, and the page itself driven like a user in real headless Chromium (typing, Enter,
arrow keys, presets, predictions, links, phones and iframes), its numbers checked against
normmath on every golden case. One browser for the module, a fresh context per visit."""

from __future__ import annotations

import io
import json
import re
import statistics
import tempfile
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from fixtures.page_browser import DESKTOP, PHONE, can_drive, chromium, embedded, visit
from fixtures.page_golden import expected_texts, golden_cases, quantity_keys
from typer.testing import CliRunner

import normmath as nm
from normgeom.cli.app import app
from normgeom.compose.page_states import chapter_states, fragment
from normgeom.folders import OWNED_NAME
from normgeom.page import page_files, write_page
from normgeom.page.writer import PRESET_LABELS
from normgeom.publish.index_page import index_html
from scenes.base.parameters import SceneParams
from scenes.lesson import Invariances

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


# The lecture's chapters ------------------------------------------------------------------


def test_chapter_states_come_from_the_scenes_and_their_parameters():
    chapters = {c.scene: c for c in chapter_states()}
    assert list(chapters) == ["OneVectorLesson", "OneVectorGeometry", "EdgeCases", "Invariances"]
    lesson = chapters["OneVectorLesson"].states
    assert lesson[0] == (nm.POSITIVE, 1.0, nm.LESSON_EPS) and lesson[1][1] == 2.0
    assert chapters["EdgeCases"].states[0] == (nm.PRESETS["zero"], 1.0, 0.0)
    assert (nm.PRESETS["constant"], 1.0, 0.0) in chapters["EdgeCases"].states
    scaled = tuple(Invariances.factor * x for x in nm.POSITIVE)
    assert chapters["Invariances"].states[1] == (scaled, 1.0, 0.0)
    moved = {c.scene: c for c in chapter_states(SceneParams(vector=(4.0, -2.0, 1.0), gain=2.0))}
    assert moved["OneVectorGeometry"].states == (((4.0, -2.0, 1.0), 2.0, nm.LESSON_EPS),)
    assert moved["OneVectorLesson"].states[0] == ((4.0, -2.0, 1.0), 2.0, nm.LESSON_EPS)
    assert moved["EdgeCases"].states[0] == (nm.PRESETS["zero"], 2.0, 0.0)
    link = fragment(chapters["EdgeCases"], 4)
    assert link == "#x=2,2,2&g=1&eps=0&ch=EdgeCases&step=4"


def test_the_page_data_lists_the_chapters_by_title():
    text = (written() / "data.js").read_text()
    data = json.loads(text[text.index("{") : text.rindex("}") + 1])
    titles = [c["title"] for c in data["chapters"]]
    assert titles == [c.title for c in chapter_states()]
    assert "Undefined results and epsilon" in titles


def test_the_lecture_manifest_links_each_chapter_with_a_state_to_the_page(tmp_path):
    from test_compose import fake_result

    from normgeom.compose.lecture import build_lecture
    from normgeom.rendering.state import State

    names = ("TitleCard", "MeanCentering", "EdgeCases")
    results = [fake_result(tmp_path, name, 1.0, []) for name in names]
    state = State(tmp_path / "media" / ".normgeom" / "state.json", tmp_path / "media")
    lecture = build_lecture(state, results, tmp_path / "talk.mp4")
    chapters = json.loads(lecture.files.manifest.read_text())["chapters"]
    edge = next(c for c in chapter_states() if c.scene == "EdgeCases")
    assert [c["page"] for c in chapters] == [None, f"page/index.html{fragment(edge)}"]


def test_the_bundle_index_links_each_chapter_with_a_state_to_the_page():
    from normgeom.rendering.state import Chapter

    chapters = [Chapter("Mean centering: onto the plane", 0.0, 10.0)]
    chapters.append(Chapter("Undefined results and epsilon", 10.0, 20.0))
    links = [None, "page/index.html#x=0,0,0&g=1&eps=0&ch=EdgeCases&step=1"]
    html = index_html(
        "T", "l.mp4", {"vtt": "l.vtt"}, "d.html", "page/index.html", chapters, [], links
    )
    assert 'href="page/index.html#x=0,0,0&amp;g=1&amp;eps=0&amp;ch=EdgeCases&amp;step=1"' in html
    assert html.count("try it") == 1


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


def browser(test):
    """A test that drives Chromium (marked ``browser``; skipped where it cannot run)."""
    skip = pytest.mark.skipif(not can_drive(), reason="needs Debian's chromium and playwright")
    return pytest.mark.browser(skip(test))


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


def url_hash(page) -> str:
    """The URL's hash once the page has written its state there."""
    page.wait_for_function("location.hash === NormgeomPage.hash")
    return page.evaluate("location.hash")


def type_into(page, key: str, text: str):
    field = page.locator(f"#{key}-field")
    field.fill(text)
    field.press("Enter")


@pytest.fixture(scope="module")
def launcher():
    with chromium() as opened:
        yield opened


INDEX = "index.html"


@pytest.fixture(scope="module")
def seen(launcher):
    with visit(launcher, written() / INDEX) as opened:
        yield opened


@pytest.fixture
def page(seen):
    seen.page.click("text=Positive 1, 2, 3")
    for layer in ("cloud", "affine", "poles"):
        seen.page.uncheck(f'[data-layer="{layer}"]')
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
def test_predictions_keep_their_own_answers_and_keep_score(page):
    first, second = page.locator(".prediction").nth(0), page.locator(".prediction").nth(1)
    first.get_by_label("Undefined").check()
    first.locator(".check").click()
    assert_shows(page, (0.0, 0.0, 0.0), 1.0, 0.0)
    assert first.locator(".reveal").text_content().startswith("Right")
    second.locator(".check").click()
    assert second.locator(".reveal").text_content() == "Pick an answer first."
    second.get_by_label("both").check()
    assert second.locator(".reveal").is_hidden()  # a pick clears the request
    second.locator(".check").click()
    assert_shows(page, (2.0, 2.0, 2.0), 1.0, 0.0)
    # checking the second kept the first: its answer, its verdict
    assert first.get_by_label("Undefined").is_checked()
    assert first.locator(".reveal").is_visible()
    assert second.locator(".reveal").text_content().startswith("Not quite")
    assert page.text_content("#score").startswith("Score: 1 right of 2 answered")
    assert "q=2" in url_hash(page)
    second.get_by_label("only RMSNorm").check()  # a new pick: the old verdict goes
    assert second.locator(".reveal").is_hidden()
    type_into(page, "x1", "1")
    assert first.locator(".reveal").is_visible() and "q=" not in url_hash(page)


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


NAMES = """[...document.querySelectorAll('input, select, button, textarea, #view')].map(e => {
  const by = (e.getAttribute('aria-labelledby') || '').split(' ').filter(Boolean)
    .map(id => document.getElementById(id).textContent).join(' ');
  const label = [...(e.labels || [])].map(l => l.textContent).join(' ');
  return [e.outerHTML.slice(0, 60), (e.getAttribute('aria-label') || by || label
    || (e.tagName === 'BUTTON' ? e.textContent : '')).trim()];
})"""


@browser
def test_every_control_has_its_own_name_and_is_reached_by_tab(page):
    names = page.evaluate(NAMES)
    assert names and all(name for _, name in names), [html for html, name in names if not name]
    radios = page.evaluate("document.querySelectorAll('input[type=radio]').length")
    named = [name for html, name in names if 'type="radio"' not in html]  # named in a group
    assert len(named) == len(names) - radios
    repeated = {name for name in named if named.count(name) > 1}
    assert not repeated, repeated
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


BORDERS = """(() => {
  const rgb = (c) => c.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map(v => v / 255)
    .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  const card = lum(rgb(getComputedStyle(document.querySelector('.card')).backgroundColor));
  const controls = '.card input[type=text], .card select, .card button';
  return Math.min(...[...document.querySelectorAll(controls)]
    .map(e => ratio(lum(rgb(getComputedStyle(e).borderTopColor)), card)));
})()"""


@browser
def test_text_contrast_is_at_least_wcag_aa_and_borders_3_to_1(page):
    lowest = contrast(page)
    borders = page.evaluate(BORDERS)
    page.click("button:text-is('All zeros')")
    type_into(page, "eps", "0")  # Undefined, in red
    undefined = contrast(page)
    print(f"lowest text contrast {lowest:.2f}:1 ({undefined:.2f}:1 with Undefined shown),")
    print(f"control borders {borders:.2f}:1")
    assert min(lowest, undefined) >= 4.5 and borders >= 3


@browser
def test_the_light_scheme_is_legible_too(launcher):
    with visit(launcher, written() / INDEX, scheme="light") as light:
        background = light.page.evaluate("getComputedStyle(document.body).backgroundColor")
        lowest, borders = contrast(light.page), light.page.evaluate(BORDERS)
    print(f"light: lowest text contrast {lowest:.2f}:1, control borders {borders:.2f}:1")
    assert sum(map(int, re.findall(r"\d+", background)[:3])) > 600  # a light page
    assert lowest >= 4.5 and borders >= 3


@browser
def test_no_network_and_no_console_error(seen, page):
    folder = written().as_uri()
    assert seen.requests and all(url.startswith(folder) for url in seen.requests), seen.requests
    assert not seen.errors


@browser
def test_first_paint_and_updates_are_fast(launcher, tmp_path):
    with visit(launcher, written() / INDEX) as fresh:
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


# Every screen, every iframe ---------------------------------------------------------------

WATCH = """() => { window.widest = new Promise((done) => {
  const root = document.documentElement, end = performance.now() + 3000;
  let worst = root.scrollWidth - root.clientWidth;
  const look = () => {
    worst = Math.max(worst, root.scrollWidth - root.clientWidth);
    if (performance.now() < end) requestAnimationFrame(look); else done(worst);
  };
  requestAnimationFrame(look);
}); }"""
SCREENS = (PHONE, {"width": 768, "height": 1024}, DESKTOP)
FRAMES = (760, 320)


def drawn_colours(locator) -> int:
    """How many distinct colours a screenshot of ``locator`` holds (a blank canvas has 1)."""
    from PIL import Image

    image = Image.open(io.BytesIO(locator.screenshot())).convert("RGB")
    return len(image.getcolors(maxcolors=1 << 20))


@browser
def test_no_horizontal_growth_and_the_3d_view_drawn_on_phones_tablets_desktops_and_iframes(
    launcher,
):
    index = written() / INDEX
    with (
        visit(launcher, index, viewport=SCREENS[0]) as phone,
        visit(launcher, index, viewport=SCREENS[1]) as tablet,
        visit(launcher, index, viewport=SCREENS[2]) as desktop,
        embedded(launcher, index, FRAMES[0]) as (_, wide),
        embedded(launcher, index, FRAMES[1]) as (_, narrow),
    ):
        documents = [phone.page, tablet.page, desktop.page, wide, narrow]
        for document in documents:  # all five watch their width for the same 3 s
            document.evaluate(WATCH)
        growth = [document.evaluate("window.widest") for document in documents]
        colours = [drawn_colours(document.locator("#view canvas")) for document in documents]
        boxes = [
            document.evaluate(
                "[document.querySelector('#view canvas').getBoundingClientRect().width,"
                " document.querySelector('#view').clientWidth]"
            )
            for document in documents
        ]
    print(f"scroll width beyond the client width: {growth}; canvas colours: {colours}")
    assert growth == [0] * len(documents)
    assert all(count > 20 for count in colours), colours
    assert all(canvas == width for canvas, width in boxes), boxes


# The URL's state ------------------------------------------------------------------------


def shows(page, vector, gain, eps):
    assert_shows(page, tuple(map(float, vector)), float(gain), float(eps))


@browser
def test_a_hash_opens_its_state_layers_and_prediction(launcher):
    hash_ = "#x=4,-2,1&g=2&eps=1&view=poles,cloud&q=3"
    with visit(launcher, written() / INDEX, hash_) as opened:
        page = opened.page
        shows(page, (4, -2, 1), 2, 1)
        assert page.is_checked('[data-layer="poles"]') and page.is_checked('[data-layer="cloud"]')
        assert not page.is_checked('[data-layer="affine"]')
        assert "open" in page.get_attribute("#prediction-3", "class")
        assert page.is_hidden("#hash-note")
        assert not opened.errors


@browser
def test_an_invalid_hash_is_ignored_with_a_note(launcher):
    with visit(launcher, written() / INDEX, "#x=1,2&g=banana") as opened:
        page = opened.page
        shows(page, nm.POSITIVE, 1, nm.LESSON_EPS)
        assert page.is_visible("#hash-note") and "not understood" in page.text_content("#hash-note")


@browser
def test_an_edit_updates_the_hash_without_a_history_entry(page):
    length = page.evaluate("history.length")
    type_into(page, "x2", "-5")
    type_into(page, "gain", "1.5")
    page.check('[data-layer="affine"]')
    assert url_hash(page) == "#x=1,-5,3&g=1.5&eps=0.000001&view=affine"
    assert page.evaluate("history.length") == length
    page.uncheck('[data-layer="affine"]')


@browser
def test_the_copied_link_and_embed_code_reproduce_the_state(launcher):
    index = written() / INDEX
    with visit(launcher, index, clipboard=True) as opened:
        page = opened.page
        type_into(page, "x1", "1e-7")
        type_into(page, "eps", "0")
        page.click("#copy-link")
        page.wait_for_function("document.getElementById('share-status').textContent !== ''")
        link = page.evaluate("navigator.clipboard.readText()")
        assert page.text_content("#share-status") == "Link copied."
        assert link == page.input_value("#share-text")
        page.click("#copy-embed")
        page.wait_for_function(
            "document.getElementById('share-status').textContent.startsWith('Embed')"
        )
        embed = page.evaluate("navigator.clipboard.readText()")
    snippet = r'<iframe src="[^"]+" title="[^"]+" style="width: 100%;[^"]*"[^>]*></iframe>'
    assert re.fullmatch(snippet, embed)
    assert link.replace("&", "&amp;") in embed
    with visit(launcher, index, link[len(index.as_uri()) :]) as again:
        shows(again.page, (1e-7, 2, 3), 1, 0)
        assert again.page.evaluate("location.href") == link


@browser
def test_each_chapter_link_opens_its_state(launcher):
    for chapter in chapter_states():
        with visit(launcher, written() / INDEX, fragment(chapter)) as opened:
            page = opened.page
            shows(page, *chapter.states[0])
            here = page.locator('#chapters button[aria-current="step"]')
            assert here.get_attribute("data-scene") == chapter.scene
            assert chapter.title in page.text_content("#chapters")
            for step, state in enumerate(chapter.states[1:], start=2):
                page.click(f'#chapters button[data-scene="{chapter.scene}"][data-step="{step}"]')
                shows(page, *state)
                assert url_hash(page).endswith(f"&ch={chapter.scene}&step={step}")


# The defects of the old page ------------------------------------------------------------


@browser
def test_huge_vectors_are_drawn_on_their_ray_with_exact_lengths(page):
    for key in ("x1", "x2", "x3"):
        type_into(page, key, "1e300")
    drawn = page.evaluate("NormgeomExplorer.drawn()")
    assert np.linalg.norm(drawn["x"]) == pytest.approx(7.5)
    assert "x is 1.732051e+300 long, drawn shortened" in page.text_content("#view-status")
    type_into(page, "x1", "1.7e308")
    type_into(page, "x2", "-1.7e308")
    type_into(page, "x3", "0")
    drawn = page.evaluate("NormgeomExplorer.drawn()")
    assert drawn["x"] == pytest.approx([7.5 / 2**0.5, -7.5 / 2**0.5, 0])
    assert "longer than the float64 range" in page.text_content("#view-status")


@browser
def test_underflow_is_shown_as_explain_shows_it(page):
    tiny = {(5e-324, 0.0, 0.0): "rms_denominator", (1e-160, 0.0, -1e-160): "mean_square"}
    for vector, key in tiny.items():
        for coordinate, value in zip(("x1", "x2", "x3"), vector, strict=True):
            type_into(page, coordinate, repr(value))
        type_into(page, "eps", "0")
        shows(page, vector, 1, 0)
        assert page.text_content(f'.stats [data-quantity="{key}"]') == "underflow"
        assert "underflow" in page.text_content("#reasons")
    for key, value in zip(("x1", "x2", "x3"), ("1e-7", "0", "0"), strict=True):
        type_into(page, key, value)
    shows(page, (1e-7, 0, 0), 1, 0)
    assert page.text_content('.summary [data-quantity="rms_denominator"]') == "0"
    assert "RMSNorm denominator is 5.773503e-8, shown as 0" in page.text_content("#reasons")


@browser
def test_a_large_gain_scales_the_picture_and_keeps_the_outputs_on_the_sphere(page):
    type_into(page, "eps", "0")
    type_into(page, "gain", "100")
    drawn = page.evaluate("NormgeomExplorer.drawn()")
    scale = page.evaluate("NormgeomExplorer.scale")
    assert scale == 50 and drawn["radius"] == pytest.approx(100 * 3**0.5 / 50)
    for output in ("rms", "ln"):
        assert np.linalg.norm(drawn[output]) == pytest.approx(drawn["radius"])
    assert "drawn at 1 : 50" in page.text_content("#view-status")


LABELS = """[...document.querySelectorAll('#view .label')]
  .filter(e => e.style.display !== 'none').map(e => {
    const r = e.firstChild.getBoundingClientRect();
    return [e.textContent, r.left, r.top, r.right, r.bottom];
  })"""


@browser
def test_labels_do_not_collide_and_the_legend_draws_the_glyphs_of_the_view(page):
    type_into(page, "gain", "2")
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    boxes = page.evaluate(LABELS)
    assert {"x", "RMSNorm(x)", "LayerNorm(x)"} <= {name for name, *_ in boxes}
    for i, (a, *ra) in enumerate(boxes):
        for b, *rb in boxes[i + 1 :]:
            apart = ra[2] <= rb[0] or rb[2] <= ra[0] or ra[3] <= rb[1] or rb[3] <= ra[1]
            assert apart, (a, b)
    dots = page.evaluate(
        "[...document.querySelectorAll('#view .label')].filter(e =>"
        " getComputedStyle(e, '::before').content !== 'none').length"
    )
    assert dots == 0  # a label is text, not a point
    for layer in ("cloud", "affine", "poles"):
        page.check(f'[data-layer="{layer}"]')
    glyphs = dict(
        page.evaluate(
            "[...document.querySelectorAll('#legend li')].map(li =>"
            " [li.textContent, li.querySelector('.glyph').dataset.shape])"
        )
    )
    assert glyphs["input x"] == "arrow" and glyphs["poles ±g(1, …, 1)"] == "star"
    shapes = [glyphs[name] for name in ("centered x − μ", "LayerNorm(x)", "RMSNorm(x)")]
    assert len(set(shapes)) == 3 and glyphs["μ ≫ σ"] != glyphs["−μ ≫ σ"]
    assert glyphs["after gain γ ⊙ x̂"] != glyphs["output γ ⊙ x̂ + β"]
    for layer in ("cloud", "affine", "poles"):
        page.uncheck(f'[data-layer="{layer}"]')


@browser
def test_the_view_describes_the_current_vector_and_resets_with_a_button(page):
    type_into(page, "x3", "-4")
    said = page.text_content("#view-description")
    assert "x = (1, 2, -4)" in said and "RMSNorm(x) = (" in said
    assert "view-description" in page.get_attribute("#view", "aria-describedby")
    before = page.evaluate("NormgeomExplorer.camera.position.toArray()")
    page.focus("#view")
    page.keyboard.press("ArrowLeft")
    page.click("text=Reset view")
    assert page.evaluate("NormgeomExplorer.camera.position.toArray()") == pytest.approx(before)


@browser
def test_without_webgl_or_javascript_the_page_says_so(launcher):
    with visit(launcher, written() / INDEX, webgl=False) as plain:
        assert "needs WebGL" in plain.page.text_content("#view")
        shows(plain.page, nm.POSITIVE, 1, nm.LESSON_EPS)
        assert not plain.errors, plain.errors
    with visit(launcher, written() / INDEX, javascript=False) as still:
        assert "computes every number in JavaScript" in still.page.inner_text("body")


@browser
def test_the_seeds_notes_are_on_the_page(page):
    text = page.inner_text("body")
    for note in ("not a recommended training value", "torch.nn.RMSNorm", "round it back to g"):
        assert note in text, note


@browser
def test_one_finger_orbits_and_two_pinch_to_zoom_on_a_phone(launcher):
    with visit(launcher, written() / INDEX, viewport=PHONE, touch=True) as phone:
        page = phone.page
        page.locator("#view").scroll_into_view_if_needed()
        box = page.locator("#view").bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        screen = page.context.new_cdp_session(page)

        def touch(kind: str, *points: tuple[float, float]) -> None:
            fingers = [{"x": px, "y": py, "id": i} for i, (px, py) in enumerate(points)]
            screen.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": fingers})

        camera = "NormgeomExplorer.camera.position.toArray()"
        before = page.evaluate(camera)
        touch("touchStart", (x, y))
        for step in range(1, 8):
            touch("touchMove", (x + 10 * step, y))
        touch("touchEnd")
        turned = page.evaluate(camera)
        touch("touchStart", (x - 20, y), (x + 20, y))
        for step in range(1, 8):
            touch("touchMove", (x - 20 - 10 * step, y), (x + 20 + 10 * step, y))
        touch("touchEnd")
        zoomed = page.evaluate(camera)
        scrolled = page.evaluate("window.scrollX")
    assert turned != pytest.approx(before)
    assert np.linalg.norm(turned) == pytest.approx(np.linalg.norm(before))
    assert np.linalg.norm(zoomed) < 0.8 * np.linalg.norm(turned)
    assert scrolled == 0


@browser
def test_a_phone_stacks_the_3d_view_under_the_lesson(launcher):
    with visit(launcher, written() / INDEX, viewport=PHONE) as phone:
        lesson = phone.page.locator(".lesson").bounding_box()
        view = phone.page.locator("#view").bounding_box()
    assert view["y"] >= lesson["y"] + lesson["height"]
    assert view["width"] > 300
