/* The live lesson: inputs -> LessonMath -> every [data-quantity], the bars, the table and
 * the predictions; then the 3D explorer (window.NormgeomExplorer) draws the same state.
 *
 * State is {x: [x1, x2, x3], gain, eps}. An edit is parsed, computed, and only then applied;
 * a malformed or out-of-range entry leaves the state as it was and says why beside its field.
 * The URL's hash holds the state (PageState) and follows every edit without adding history
 * entries; a hash not understood is ignored with a note. The lecture's chapters (from
 * data.js) open their states.
 */
"use strict";

const NormgeomPage = (() => {
  const DATA = window.NORMGEOM_PAGE;
  const COORDS = ["x1", "x2", "x3"];
  const KEYS = [...COORDS, "gain", "eps"];
  const COLUMNS = ["input", "square", "centered", "rms_output", "ln_output", "rms_reference", "ln_reference"];
  const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
  const STEP = { x1: 1, x2: 1, x3: 1, gain: 0.5 };
  const REASONS = {
    rms: (eps) => `RMSNorm is Undefined: the mean square is 0 and ε is ${LessonMath.display(eps)}; no gain makes it defined.`,
    ln: (eps) => `LayerNorm is Undefined: the variance is 0 and ε is ${LessonMath.display(eps)}; no gain makes it defined.`,
  };

  const LAYERS = ["cloud", "affine", "poles"];
  const QUESTIONS = 5;
  const known = { layers: LAYERS, questions: QUESTIONS, chapters: DATA.chapters, positive: DATA.positive, lessonEps: DATA.lessonEps };
  const EMBED_HEIGHT = "52rem";
  /** Edits within this many milliseconds share one history.replaceState (a dragged slider
   *  fires many; browsers throttle a page that replaces its URL too often). */
  const HASH_DELAY_MS = 120;

  let state = { x: [...DATA.positive], gain: 1, eps: DATA.lessonEps };
  let current = LessonMath.lesson(state.x, state.gain, state.eps);
  /** What the hash holds besides the state: the explorer's layers, the open prediction, the
   *  chapter and its step. */
  const extras = { view: [], q: null, ch: null, step: null };
  const listeners = [];
  const inputs = (key) => [...document.querySelectorAll(`[data-input="${key}"]`)];
  const field = (key) => document.getElementById(`${key}-field`);
  const signature = (s) => JSON.stringify([s.x, s.gain, s.eps]);

  /** A field's text as a number, or the reason it is refused. */
  function parse(key, text) {
    const trimmed = text.trim();
    if (!NUMBER.test(trimmed)) return { error: `“${trimmed}” is not a number; nothing changed` };
    const value = Number(trimmed);
    if (!Number.isFinite(value)) return { error: `${trimmed} is beyond the float64 range; nothing changed` };
    if ((key === "gain" || key === "eps") && value < 0) return { error: `${key === "eps" ? "ε" : "gain"} must be ≥ 0; nothing changed` };
    return { value };
  }

  function withValue(key, value) {
    const next = { x: [...state.x], gain: state.gain, eps: state.eps };
    if (COORDS.includes(key)) next.x[COORDS.indexOf(key)] = value;
    else next[key] = value;
    return next;
  }

  function say(key, message) {
    const where = document.getElementById(`${key}-message`);
    where.textContent = message;
    field(key).setAttribute("aria-invalid", message ? "true" : "false");
  }

  /** Apply a new state; returns an error message (and changes nothing) if it cannot be computed. */
  function apply(next) {
    let computed;
    try {
      computed = LessonMath.lesson(next.x, next.gain, next.eps);
    } catch (error) {
      return `${error.message}; nothing changed`;
    }
    const changed = signature(next) !== signature(state);
    state = next;
    current = computed;
    for (const key of KEYS) say(key, "");
    if (extras.ch !== null && signature(chapterState(extras.ch, extras.step)) !== signature(state)) {
      extras.ch = extras.step = null;
    }
    render();
    if (changed) listeners.forEach((listener) => listener(state));
    writeHash();
    return null;
  }

  const chapterState = (scene, step) => DATA.chapters.find((c) => c.scene === scene).states[step - 1];

  /** The hash of what is shown now. */
  const hash = () => PageState.format(state, extras);

  let hashTimer = null;

  /** Replace the URL's hash (no history entry), soon, and mark the chapter step shown. */
  function writeHash() {
    clearTimeout(hashTimer);
    hashTimer = setTimeout(() => {
      if (location.hash !== hash()) history.replaceState(null, "", hash());
    }, HASH_DELAY_MS);
    for (const button of document.querySelectorAll("#chapters button")) {
      const here = button.dataset.scene === extras.ch && Number(button.dataset.step) === extras.step;
      if (here) button.setAttribute("aria-current", "step");
      else button.removeAttribute("aria-current");
    }
    const link = document.getElementById("share-text");
    if (link.dataset.kind) link.value = shareText(link.dataset.kind);
  }

  /** Set some of the hash's extras ({view, q, ch, step}) and rewrite the hash. */
  function setExtras(changes) {
    Object.assign(extras, changes);
    writeHash();
  }

  function applyField(key) {
    const parsed = parse(key, field(key).value);
    const error = parsed.error ?? apply(withValue(key, parsed.value));
    say(key, error ?? "");
  }

  function value(key) {
    return COORDS.includes(key) ? state.x[COORDS.indexOf(key)] : state[key];
  }

  function syncInputs() {
    for (const key of KEYS) {
      const v = value(key);
      for (const input of inputs(key)) {
        if (input.type === "text") {
          if (input.getAttribute("aria-invalid") !== "true") input.value = String(v);
        } else if (input.tagName === "SELECT") {
          const match = [...input.options].find((o) => o.value !== "" && Number(o.value) === v);
          input.value = match ? match.value : "";
        } else {
          const step = STEP[key];
          const clamped = Math.min(Number(input.max), Math.max(Number(input.min), Math.round(v / step) * step));
          input.value = String(clamped);
          input.setAttribute("aria-valuetext", String(v));
        }
      }
    }
  }

  /** A value as `normgeom explain` prints it: overflow, underflow, or six decimals. */
  function text(key, v, row) {
    if (v === null && current.overflow.includes(key)) return "overflow";
    const tiny = row === undefined ? current.underflow.includes(key) : current.rows[row].underflow.includes(key);
    return tiny ? "underflow" : LessonMath.display(v);
  }

  function quantities() {
    const values = { ...current.statistics };
    current.rows.forEach((row, i) => {
      for (const column of COLUMNS) values[`${column}-x${i + 1}`] = row[column];
    });
    return values;
  }

  function renderBars() {
    const outputs = current.rows.flatMap((r) => [r.rms_output, r.ln_output]).filter((v) => v !== null);
    const reach = Math.max(...outputs.map(Math.abs), 0) || 1;
    document.getElementById("bar-reach").textContent = LessonMath.display(reach);
    document.getElementById("bar-reach-negative").textContent = LessonMath.display(-reach);
    current.rows.forEach((row, i) => {
      for (const rule of ["rms", "ln"]) {
        const v = row[`${rule}_output`];
        const track = document.getElementById(`bar-${rule}-x${i + 1}`);
        const bar = track.querySelector(".bar");
        const mark = track.querySelector(".mark");
        const zero = v !== null && LessonMath.display(v) === "0";
        bar.hidden = v === null || zero;
        mark.hidden = !zero;
        track.classList.toggle("undefined", v === null);
        if (v !== null && !zero) {
          const share = (50 * Math.abs(v)) / reach;
          bar.style.width = `${share}%`;
          bar.style.left = v < 0 ? `${50 - share}%` : "50%";
        }
      }
    });
    const reasons = [];
    if (!current.rmsDefined) reasons.push(REASONS.rms(state.eps));
    if (!current.lnDefined) reasons.push(REASONS.ln(state.eps));
    if (current.overflow.length) reasons.push("overflow: beyond the float64 range (about 1.8e308); every other number is exact.");
    if (current.underflow.length) {
      reasons.push("underflow: nonzero but below the float64 range (about 2.2e-308), so its float is 0 or has fewer digits; the outputs are exact, computed on the vector scaled by a power of two.");
    }
    for (const [key, name] of [["rms_denominator", "RMSNorm"], ["ln_denominator", "LayerNorm"]]) {
      const v = current.statistics[key];
      if (v > 0 && !current.underflow.includes(key) && LessonMath.display(v) === "0") {
        reasons.push(`The ${name} denominator is ${v.toExponential(6)}, shown as 0 at six decimals; it is not zero, so ${name} is defined.`);
      }
    }
    document.getElementById("reasons").textContent = reasons.join(" ");
  }

  function render() {
    const values = quantities();
    for (const element of quantityElements) {
      const key = element.dataset.quantity;
      const [name, coord] = key.split("-");
      const shown = text(name, values[key], coord === undefined ? undefined : COORDS.indexOf(coord));
      if (element.textContent !== shown) element.textContent = shown;
      element.classList.toggle("undefined", shown === "Undefined");
    }
    renderBars();
    syncInputs();
  }

  function buildRows() {
    const body = document.getElementById("rows");
    for (const coord of COORDS) {
      const row = body.insertRow();
      const head = document.createElement("th");
      head.scope = "row";
      head.textContent = coord;
      row.append(head);
      for (const column of COLUMNS) {
        const cell = row.insertCell();
        cell.dataset.quantity = `${column}-${coord}`;
      }
    }
  }

  function buildBars() {
    const bars = document.getElementById("bars");
    const scale = document.createElement("div");
    scale.className = "scale";
    scale.innerHTML = '<span id="bar-reach-negative"></span><span>0</span><span id="bar-reach"></span>';
    bars.append(scale);
    for (const coord of COORDS) {
      for (const [rule, name] of [["rms", "RMSNorm"], ["ln", "LayerNorm"]]) {
        const line = document.createElement("div");
        line.className = `bar-line ${rule}`;
        line.innerHTML =
          `<span class="bar-name">${name} ${coord}</span>` +
          `<span class="track" id="bar-${rule}-${coord}"><span class="bar"></span><span class="mark" hidden></span></span>` +
          `<span class="bar-value" data-quantity="${rule}_output-${coord}"></span>`;
        bars.append(line);
      }
    }
  }

  function buildPresets() {
    const group = document.querySelector(".presets");
    for (const preset of DATA.presets) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = preset.label;
      button.title = `(${preset.vector.join(", ")})`;
      button.addEventListener("click", () => apply({ x: [...preset.vector], gain: 1, eps: DATA.lessonEps }));
      group.append(button);
    }
  }

  /** A state in words: x = (…), g …, ε …. */
  const describe = (s) => `x = (${s.x.map(LessonMath.display).join(", ")}), g ${LessonMath.display(s.gain)}, ε ${LessonMath.display(s.eps)}`;

  function buildChapters() {
    const list = document.getElementById("chapters");
    for (const chapter of DATA.chapters) {
      const item = document.createElement("li");
      const title = document.createElement("span");
      title.className = "chapter-title";
      title.textContent = chapter.title;
      const steps = document.createElement("span");
      steps.className = "steps";
      chapter.states.forEach((s, i) => {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = String(i + 1);
        button.dataset.scene = chapter.scene;
        button.dataset.step = String(i + 1);
        button.title = describe(s);
        button.setAttribute("aria-label", `${chapter.title}, state ${i + 1}: ${describe(s)}`);
        button.addEventListener("click", () => {
          extras.ch = chapter.scene;
          extras.step = i + 1;
          apply({ x: [...s.x], gain: s.gain, eps: s.eps });
        });
        steps.append(button);
      });
      item.append(title, steps);
      list.append(item);
    }
  }

  function shareText(kind) {
    const url = `${location.href.split("#")[0]}${hash()}`;
    if (kind === "link") return url;
    const title = "RMSNorm and LayerNorm on one vector, live";
    return `<iframe src="${url.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}" title="${title}" style="width: 100%; height: ${EMBED_HEIGHT}; border: 0" loading="lazy"></iframe>`;
  }

  /** Put the link or the embed snippet in the text box and on the clipboard. */
  async function share(kind) {
    const box = document.getElementById("share-text");
    const status = document.getElementById("share-status");
    box.dataset.kind = kind;
    box.value = shareText(kind);
    const what = kind === "link" ? "Link" : "Embed code";
    try {
      await navigator.clipboard.writeText(box.value);
      status.textContent = `${what} copied.`;
    } catch {
      box.select();
      status.textContent = `${what} selected in the box: copy it with Ctrl+C (⌘C).`;
    }
  }

  /** Open the state the hash asks for; a hash not understood is ignored with a note. */
  function readHash() {
    const found = PageState.parse(location.hash, known);
    const note = document.getElementById("hash-note");
    note.hidden = !found.error;
    note.textContent = found.error ? `The link's state was not understood (${found.error}); it is ignored, and the page shows Positive 1, 2, 3.` : "";
    if (found.empty || found.error) return null;
    Object.assign(extras, { view: found.view ?? [], q: found.q, ch: found.ch, step: found.step });
    const error = found.state ? apply(found.state) : null;
    if (error) {
      note.hidden = false;
      note.textContent = `The link's state cannot be computed (${error}); it is ignored.`;
      extras.ch = extras.step = null;
    }
    writeHash();
    return found;
  }

  function wireInputs() {
    for (const key of KEYS) {
      for (const input of inputs(key)) {
        if (input.type === "text") {
          input.addEventListener("keydown", (event) => {
            if (event.key === "Enter") applyField(key);
          });
          input.addEventListener("blur", () => applyField(key));
        } else {
          input.addEventListener(input.tagName === "SELECT" ? "change" : "input", () => {
            if (input.value === "") return;
            say(key, "");
            apply(withValue(key, Number(input.value)));
          });
        }
      }
    }
    document.getElementById("reset").addEventListener("click", () =>
      apply({ x: [...DATA.positive], gain: 1, eps: DATA.lessonEps }),
    );
    document.getElementById("copy-link").addEventListener("click", () => share("link"));
    document.getElementById("copy-embed").addEventListener("click", () => share("embed"));
    window.addEventListener("hashchange", () => {
      if (location.hash !== hash()) readHash();
    });
  }

  buildRows();
  buildBars();
  buildPresets();
  buildChapters();
  const quantityElements = [...document.querySelectorAll("[data-quantity]")];
  wireInputs();
  render();
  const opened = readHash();

  return {
    /** The current state {x, gain, eps} and its computed lesson. */
    get state() { return state; },
    get lesson() { return current; },
    /** The hash's extras {view, q, ch, step} as opened or last set. */
    get extras() { return extras; },
    /** The hash of what is shown (the URL's hash once the pending write is done). */
    get hash() { return hash(); },
    /** What the opening hash asked for (null for none or one not understood). */
    opened,
    apply,
    setExtras,
    /** Call `listener(state)` after every change of state. */
    onChange: (listener) => listeners.push(listener),
  };
})();
