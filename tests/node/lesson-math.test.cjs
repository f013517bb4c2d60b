// The page's maths without a browser: lesson-math.js on every golden case from normmath and
// on the explorer's geometry, and page-state.js on the URL contract. Run by
// tests/test_page_math.py: `node --test tests/node/` with NORMGEOM_PAGE_GOLDEN naming the
// JSON that tests/fixtures/page_golden.golden_json() wrote.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");

const WEB = path.join(__dirname, "..", "..", "normgeom", "page", "web");
const LessonMath = require(path.join(WEB, "lesson-math.js"));
const PageState = require(path.join(WEB, "page-state.js"));
const golden = JSON.parse(fs.readFileSync(process.env.NORMGEOM_PAGE_GOLDEN, "utf8"));
const COLUMNS = ["input", "square", "centered", "rms_output", "ln_output", "rms_reference", "ln_reference"];

/** The page's text for every data-quantity key, as lesson.js shows it. */
function texts(x, gain, eps) {
  const lesson = LessonMath.lesson(x, gain, eps);
  const cell = (key, value, tiny) => {
    if (value === null && lesson.overflow.includes(key)) return "overflow";
    return tiny ? "underflow" : LessonMath.display(value);
  };
  const shown = {};
  for (const [key, value] of Object.entries(lesson.statistics)) {
    shown[key] = cell(key, value, lesson.underflow.includes(key));
  }
  lesson.rows.forEach((row, i) => {
    for (const key of COLUMNS) shown[`${key}-x${i + 1}`] = cell(key, row[key], row.underflow.includes(key));
  });
  return shown;
}

test("every golden case shows explain's text", () => {
  assert.ok(golden.cases.length >= 100);
  for (const { vector, gain, eps, texts: expected } of golden.cases) {
    assert.deepEqual(texts(vector, gain, eps), expected, `${vector} gain ${gain} eps ${eps}`);
  }
});

test("underflow is shown where explain shows it", () => {
  const shown = golden.cases.flatMap((c) => Object.values(c.texts));
  assert.ok(shown.includes("underflow"));
  const tiny = texts([5e-324, 0, 0], 1, 0);
  assert.equal(tiny.rms_denominator, "underflow");
  assert.equal(tiny.ln_denominator, "underflow");
  assert.notEqual(tiny["rms_output-x1"], "Undefined");
});

test("the sphere radius is |g|·√n as normmath's", () => {
  for (const [gain, radius] of golden.geometry.radius) {
    assert.equal(LessonMath.sphereRadius(gain, 3), radius, `gain ${gain}`);
  }
});

test("the poles are ±g·(1, 1, 1) as normmath's", () => {
  for (const [gain, poles] of golden.geometry.poles) {
    assert.deepEqual(LessonMath.poles(gain, 3), poles, `gain ${gain}`);
  }
});

test("the affine image of the sphere is normmath's", () => {
  const { gamma, beta, points, image } = golden.geometry.affine;
  assert.deepEqual(LessonMath.affine(points, gamma, beta), image);
});

test("lengths of huge and tiny vectors are exact, overflow is null", () => {
  for (const [vector, length] of golden.geometry.lengths) {
    assert.equal(LessonMath.length(vector), length, `${vector}`);
  }
  const direction = LessonMath.direction([1.7e308, -1.7e308, 0]);
  assert.deepEqual(direction.map((v) => Math.round(v * 1e6) / 1e6), [0.707107, -0.707107, 0]);
  assert.equal(LessonMath.direction([0, 0, 0]), null);
});

test("a hash round-trips every float and names its chapter", () => {
  const known = {
    layers: ["cloud", "affine", "poles"],
    questions: 5,
    positive: [1, 2, 3],
    lessonEps: 1e-6,
    chapters: [{ scene: "EdgeCases", states: [{ x: [0, 0, 0], gain: 1, eps: 0 }, { x: [2, 2, 2], gain: 1, eps: 0 }] }],
  };
  const state = { x: [4, -2, 0.1 + 0.2], gain: 2, eps: 5e-324 };
  const hash = PageState.format(state, { view: ["poles"], q: 3 });
  const back = PageState.parse(hash, known);
  assert.deepEqual(back.state, state);
  assert.deepEqual([back.view, back.q], [["poles"], 3]);
  assert.deepEqual(PageState.parse("#ch=EdgeCases&step=2", known).state, { x: [2, 2, 2], gain: 1, eps: 0 });
  assert.deepEqual(PageState.parse("#x=4,-2,1&g=2&eps=1", known).state, { x: [4, -2, 1], gain: 2, eps: 1 });
  for (const bad of ["#x=1,2", "#x=a,b,c", "#g=-1", "#eps=1e999", "#view=nope", "#q=9", "#ch=Nope", "#step=1", "#y=1", "#x=1,2,3&x=1,2,3"]) {
    assert.ok(PageState.parse(bad, known).error, bad);
  }
  assert.ok(PageState.parse("", known).empty);
});
