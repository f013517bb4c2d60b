/* The live lesson: inputs -> LessonMath -> every [data-quantity], the bars, the table and
 * the predictions; then the 3D explorer (window.NormgeomExplorer) draws the same state.
 *
 * State is {x: [x1, x2, x3], gain, eps}. An edit is parsed, computed, and only then applied;
 * a malformed or out-of-range entry leaves the state as it was and says why beside its field.
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

  let state = { x: [...DATA.positive], gain: 1, eps: DATA.lessonEps };
  let current = LessonMath.lesson(state.x, state.gain, state.eps);
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
    render();
    if (changed) listeners.forEach((listener) => listener(state));
    return null;
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

  const text = (key, v) => (v === null && current.overflow.includes(key) ? "overflow" : LessonMath.display(v));

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
    document.getElementById("reasons").textContent = reasons.join(" ");
  }

  function render() {
    const values = quantities();
    for (const element of quantityElements) {
      const key = element.dataset.quantity;
      const shown = text(key.split("-")[0], values[key]);
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
  }

  buildRows();
  buildBars();
  buildPresets();
  const quantityElements = [...document.querySelectorAll("[data-quantity]")];
  wireInputs();
  render();

  return {
    /** The current state {x, gain, eps} and its computed lesson. */
    get state() { return state; },
    get lesson() { return current; },
    apply,
    /** Call `listener(state)` after every change of state. */
    onChange: (listener) => listeners.push(listener),
  };
})();
