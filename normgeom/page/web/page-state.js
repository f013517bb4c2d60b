/* The page's state in its URL: `#x=4,-2,1&g=2&eps=1`, optionally `&view=cloud,poles` (the
 * explorer's layers), `&q=3` (an open prediction), `&ch=EdgeCases&step=2` (a lecture
 * chapter and its step). Numbers are written in JavaScript's shortest round-trip form, so
 * a link reproduces every float exactly. A hash that names only a chapter opens that
 * chapter's step (the first by default); a hash with anything not understood is ignored
 * as a whole, with the reason.
 */
"use strict";

const PageState = (() => {
  const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
  const KEYS = ["x", "g", "eps", "view", "q", "ch", "step"];

  function number(text, what) {
    if (!NUMBER.test(text)) throw new Error(`${what} “${text}” is not a number`);
    const value = Number(text);
    if (!Number.isFinite(value)) throw new Error(`${what} ${text} is beyond the float64 range`);
    return value;
  }

  function count(text, what, most) {
    const value = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!(value >= 1 && value <= most)) throw new Error(`${what} must be a whole number from 1 to ${most}`);
    return value;
  }

  /** The state a hash asks for. `known`: {layers: [names], questions: count, chapters:
   *  [{scene, states: [{x, gain, eps}]}]}. Returns {empty: true} for no hash, {error} for
   *  one not understood, else {state: {x, gain, eps} | null, view: [layers] | null, q, ch,
   *  step}. */
  function parse(hash, known) {
    const text = hash.replace(/^#/, "");
    if (text === "") return { empty: true };
    try {
      const fields = new Map();
      for (const part of text.split("&")) {
        const at = part.indexOf("=");
        const key = at < 0 ? part : part.slice(0, at);
        if (!KEYS.includes(key)) throw new Error(`unknown key “${key}”`);
        if (fields.has(key)) throw new Error(`“${key}” given twice`);
        fields.set(key, decodeURIComponent(at < 0 ? "" : part.slice(at + 1)));
      }
      const found = { state: null, view: null, q: null, ch: null, step: null };
      if (fields.has("ch")) {
        const chapter = known.chapters.find((c) => c.scene === fields.get("ch"));
        if (!chapter) throw new Error(`no lecture chapter “${fields.get("ch")}”`);
        found.ch = chapter.scene;
        found.step = fields.has("step") ? count(fields.get("step"), "step", chapter.states.length) : 1;
        const { x, gain, eps } = chapter.states[found.step - 1];
        found.state = { x: [...x], gain, eps };
      } else if (fields.has("step")) {
        throw new Error("step needs ch, the chapter");
      }
      if (fields.has("x") || fields.has("g") || fields.has("eps")) {
        const base = found.state ?? { x: [...known.positive], gain: 1, eps: known.lessonEps };
        const x = fields.has("x") ? fields.get("x").split(",").map((v, i) => number(v, `x${i + 1}`)) : base.x;
        if (x.length !== 3) throw new Error(`x needs 3 numbers, got ${x.length}`);
        const gain = fields.has("g") ? number(fields.get("g"), "g") : base.gain;
        const eps = fields.has("eps") ? number(fields.get("eps"), "eps") : base.eps;
        if (gain < 0 || eps < 0) throw new Error("g and eps must be ≥ 0");
        found.state = { x, gain, eps };
      }
      if (fields.has("view")) {
        const view = fields.get("view").split(",").filter(Boolean);
        const unknown = view.filter((layer) => !known.layers.includes(layer));
        if (unknown.length) throw new Error(`no layer “${unknown[0]}” (layers: ${known.layers.join(", ")})`);
        found.view = view;
      }
      if (fields.has("q")) found.q = count(fields.get("q"), "q", known.questions);
      return found;
    } catch (error) {
      return { error: error.message };
    }
  }

  /** The hash of a state: x, g and eps always; view, q, ch and step when given. */
  function format(state, { view = [], q = null, ch = null, step = null } = {}) {
    const parts = [`x=${state.x.map(String).join(",")}`, `g=${state.gain}`, `eps=${state.eps}`];
    if (view.length) parts.push(`view=${view.join(",")}`);
    if (q !== null) parts.push(`q=${q}`);
    if (ch !== null) parts.push(`ch=${encodeURIComponent(ch)}`, `step=${step}`);
    return `#${parts.join("&")}`;
  }

  return { parse, format };
})();

if (typeof module !== "undefined") module.exports = PageState;
