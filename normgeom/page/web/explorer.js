/* The 3D explorer (three.js): the lesson's vector with its centered point, its RMSNorm and
 * LayerNorm outputs, the all-ones line, the mean-zero plane, the sphere of radius |g|·√3 and
 * its LayerNorm equator; on request the seed-42 point set, the ellipsoid of a per-coordinate
 * gain γ moved by a bias β, and the collapse set with the two poles ±g·(1, 1, 1).
 *
 * Positions and lengths come from LessonMath (the lesson's numbers and normmath's geometry);
 * x1, x2, x3 are three.js's x, y, z with z up, as in the video. Every point is drawn at
 * 1 : k, k the smallest of 1, 2, 5 × 10^n that brings the sphere within SPHERE_FIT, so the
 * outputs stay on their sphere at any gain; an input beyond the view is drawn shortened
 * along its own ray, and the lines under the view say so. Points are flat glyphs facing the
 * camera, each kind its own shape as well as colour (the legend draws the same glyphs);
 * labels are plain text beside what they name, moved apart when they would overlap. The
 * picture is drawn only when something changed. Without WebGL the view says so instead.
 */
"use strict";

const NormgeomExplorer = (() => {
  const DATA = window.NORMGEOM_PAGE;
  const P = DATA.palette;
  const page = NormgeomPage;
  const view = document.getElementById("view");
  const status = document.getElementById("view-status");
  const description = document.getElementById("view-description");
  const fallback = document.getElementById("view-fallback");
  const timing = { render: [], firstRender: null };

  const webgl = (() => {
    try {
      const canvas = document.createElement("canvas");
      return Boolean(canvas.getContext("webgl2") || canvas.getContext("webgl"));
    } catch {
      return false;
    }
  })();
  if (!webgl) {
    fallback.textContent =
      "The 3D view needs WebGL, which this browser lacks or has turned off. Every number of the lesson above is live without it.";
    document.getElementById("reset-view").disabled = true;
    return { timing, webgl: false };
  }
  fallback.remove();

  const AXIS = 6;
  const REACH = 7.5;
  const PLANE = 4;
  const SPHERE_FIT = 4.5;
  const NICE = [1, 2, 5];
  const FOV = 35;
  const ROOT3 = Math.sqrt(3);
  const ONES = new THREE.Vector3(1, 1, 1).normalize();
  const HOME = { radius: 22, polar: THREE.MathUtils.degToRad(62), azimuth: THREE.MathUtils.degToRad(-25) };
  const GLYPH_PIXELS = 64;
  const LABEL_GAP = 2;

  THREE.Object3D.DEFAULT_UP.set(0, 0, 1);
  const renderer = new THREE.WebGLRenderer({ antialias: true });
  renderer.setPixelRatio(window.devicePixelRatio);
  const labels = new THREE.CSS2DRenderer();
  labels.domElement.className = "labels";
  view.append(renderer.domElement, labels.domElement);
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(P.panel);
  const camera = new THREE.PerspectiveCamera(FOV, 1, 0.1, 1000);
  const controls = new THREE.OrbitControls(camera, renderer.domElement);
  const layers = { base: new THREE.Group(), cloud: new THREE.Group(), affine: new THREE.Group(), poles: new THREE.Group() };
  Object.values(layers).forEach((group) => scene.add(group));

  const vec = (a) => new THREE.Vector3(a[0], a[1], a[2]);
  const material = (color, opacity = 1) =>
    new THREE.LineBasicMaterial({ color, transparent: opacity < 1, opacity });
  const DASHES = { dash: [0.25, 0.18], dots: [0.05, 0.1] };

  function line(points, color, { dash = null, opacity = 1 } = {}) {
    const geometry = new THREE.BufferGeometry().setFromPoints(points);
    const stroke = dash
      ? new THREE.LineDashedMaterial({ color, dashSize: DASHES[dash][0], gapSize: DASHES[dash][1], transparent: opacity < 1, opacity })
      : material(color, opacity);
    const made = new THREE.Line(geometry, stroke);
    if (dash) made.computeLineDistances();
    return made;
  }

  function reshape(made, points) {
    made.geometry.setFromPoints(points);
    if (made.material.isLineDashedMaterial) made.computeLineDistances();
  }

  /** Draw a glyph of `shape` centred in a square of `size` pixels (also the legend's). */
  function drawGlyph(context, shape, color, size) {
    const c = size / 2;
    const r = size * 0.36;
    context.fillStyle = color;
    context.strokeStyle = color;
    context.lineJoin = "round";
    const path = (points) => {
      context.beginPath();
      points.forEach(([x, y], i) => (i ? context.lineTo(c + x * r, c + y * r) : context.moveTo(c + x * r, c + y * r)));
      context.closePath();
    };
    const outlined = () => {
      context.lineWidth = size * 0.06;
      context.strokeStyle = P.outline;
      context.stroke();
      context.fill();
    };
    if (shape === "circle" || shape === "ring") {
      context.beginPath();
      context.arc(c, c, shape === "ring" ? r * 0.8 : r, 0, 2 * Math.PI);
      if (shape === "ring") {
        context.lineWidth = size * 0.16;
        context.stroke();
      } else {
        outlined();
      }
    } else if (shape === "square") {
      path([[-0.8, -0.8], [0.8, -0.8], [0.8, 0.8], [-0.8, 0.8]]);
      outlined();
    } else if (shape === "diamond") {
      path([[0, -1.1], [1, 0], [0, 1.1], [-1, 0]]);
      outlined();
    } else if (shape === "triangle" || shape === "triangle-down") {
      const s = shape === "triangle" ? 1 : -1;
      path([[0, -1 * s], [1, 0.8 * s], [-1, 0.8 * s]]);
      outlined();
    } else if (shape === "plus" || shape === "minus") {
      const bars = shape === "plus" ? [[-1, -0.28, 2, 0.56], [-0.28, -1, 0.56, 2]] : [[-1, -0.3, 2, 0.6]];
      for (const [x, y, w, h] of bars) context.fillRect(c + x * r, c + y * r, w * r, h * r);
    } else if (shape === "star") {
      path(Array.from({ length: 10 }, (_, i) => {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const k = i % 2 ? 0.45 : 1.1;
        return [k * Math.cos(a), k * Math.sin(a)];
      }));
      outlined();
    } else if (shape === "arrow") {
      context.lineWidth = size * 0.08;
      context.beginPath();
      context.moveTo(c - r * 1.2, c);
      context.lineTo(c + r * 0.6, c);
      context.stroke();
      path([[1.25, 0], [0.4, -0.5], [0.4, 0.5]]);
      context.fill();
    } else {
      context.lineWidth = size * 0.07;
      context.setLineDash(shape === "line" ? [] : shape === "dash" ? [size * 0.2, size * 0.12] : [size * 0.05, size * 0.1]);
      if (shape === "patch") {
        context.globalAlpha = 0.6;
        context.fillRect(c - r * 1.2, c - r * 0.7, r * 2.4, r * 1.4);
      } else {
        context.beginPath();
        context.moveTo(c - r * 1.3, c);
        context.lineTo(c + r * 1.3, c);
        context.stroke();
      }
    }
  }

  const textures = new Map();
  function glyphTexture(shape, color) {
    const key = `${shape} ${color}`;
    if (!textures.has(key)) {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = GLYPH_PIXELS;
      drawGlyph(canvas.getContext("2d"), shape, color, GLYPH_PIXELS);
      const texture = new THREE.CanvasTexture(canvas);
      texture.colorSpace = THREE.SRGBColorSpace;
      textures.set(key, texture);
    }
    return textures.get(key);
  }

  /** A point drawn as a flat glyph facing the camera, `size` world units wide. */
  function marker(shape, color, size = 0.42) {
    const made = new THREE.Sprite(new THREE.SpriteMaterial({ map: glyphTexture(shape, color), depthWrite: false }));
    made.scale.setScalar(size);
    return made;
  }

  /** A plain text label beside a point: `corner` is the label's corner that sits on it. */
  function label(text, corner = [0, 1]) {
    const element = document.createElement("span");
    element.className = "label";
    const inner = document.createElement("span");
    inner.textContent = text;
    element.append(inner);
    const made = new THREE.CSS2DObject(element);
    made.center.set(...corner);
    return made;
  }

  /** Unit-sphere meridians and parallels, to be scaled into the sphere or an ellipsoid. */
  function wireSphere(color, opacity, dash = null) {
    const group = new THREE.Group();
    const ring = (f) => Array.from({ length: 73 }, (_, i) => f((i / 72) * 2 * Math.PI));
    for (let m = 0; m < 12; m += 1) {
      const a = (m / 12) * Math.PI;
      group.add(line(ring((t) => new THREE.Vector3(Math.cos(a) * Math.sin(t), Math.sin(a) * Math.sin(t), Math.cos(t))), color, { opacity, dash }));
    }
    for (let p = 1; p < 8; p += 1) {
      const z = Math.cos((p / 8) * Math.PI);
      const r = Math.sin((p / 8) * Math.PI);
      group.add(line(ring((t) => new THREE.Vector3(r * Math.cos(t), r * Math.sin(t), z)), color, { opacity, dash }));
    }
    return group;
  }

  /** The unit circle in the plane x1 + x2 + x3 = 0. */
  function planeCircle(color) {
    const u = new THREE.Vector3(1, -1, 0).normalize();
    const v = new THREE.Vector3().crossVectors(ONES, u);
    const points = Array.from({ length: 121 }, (_, i) => {
      const t = (i / 120) * 2 * Math.PI;
      return u.clone().multiplyScalar(Math.cos(t)).addScaledVector(v, Math.sin(t));
    });
    return line(points, color, { dash: "dots" });
  }

  const placed = [];
  function buildAxes(group) {
    const units = [new THREE.Vector3(1, 0, 0), new THREE.Vector3(0, 1, 0), new THREE.Vector3(0, 0, 1)];
    units.forEach((unit, i) => {
      group.add(new THREE.ArrowHelper(unit, unit.clone().multiplyScalar(-AXIS), 2 * AXIS, P.axis, 0.5, 0.25));
      const name = label(`x${"₁₂₃"[i]}`, [0, 0.5]);
      name.position.copy(unit).multiplyScalar(AXIS + 0.3);
      group.add(name);
      placed.push(name);
      const ticks = [];
      const across = units[(i + 1) % 3].clone().multiplyScalar(0.12);
      for (let k = -AXIS + 1; k < AXIS; k += 1) {
        if (k === 0) continue;
        const at = unit.clone().multiplyScalar(k);
        ticks.push(at.clone().sub(across), at.clone().add(across));
      }
      group.add(new THREE.LineSegments(new THREE.BufferGeometry().setFromPoints(ticks), material(P.axis)));
    });
    group.add(line([ONES.clone().multiplyScalar(-8), ONES.clone().multiplyScalar(8)], P.mean_axis, { dash: "dash" }));
    const ones = label("all-ones line", [0, 0]);
    ones.position.copy(ONES).multiplyScalar(-AXIS);
    group.add(ones);
    placed.push(ones);
    const plane = new THREE.Mesh(
      new THREE.PlaneGeometry(2 * PLANE, 2 * PLANE),
      new THREE.MeshBasicMaterial({ color: P.plane, transparent: true, opacity: 0.16, side: THREE.DoubleSide, depthWrite: false }),
    );
    plane.lookAt(ONES);
    group.add(plane);
  }

  buildAxes(layers.base);
  const sphere = wireSphere(P.sphere, 0.35);
  const equator = planeCircle(P.equator);
  const input = new THREE.ArrowHelper(new THREE.Vector3(1, 0, 0), new THREE.Vector3(), 1, P.raw, 0.45, 0.25);
  const centered = marker("square", P.centered);
  const rms = marker("circle", P.rms);
  const ln = marker("diamond", P.standardized);
  const drop = line([new THREE.Vector3(), new THREE.Vector3()], P.trail, { dash: "dash" });
  const scaling = line([new THREE.Vector3(), new THREE.Vector3()], P.trail, { dash: "dash" });
  const ray = line([new THREE.Vector3(), new THREE.Vector3()], P.rms, { dash: "dash", opacity: 0.8 });
  const names = { x: label("x"), rms: label("RMSNorm(x)"), ln: label("LayerNorm(x)") };
  layers.base.add(sphere, equator, input, centered, rms, ln, drop, scaling, ray, ...Object.values(names));
  placed.unshift(names.x, names.rms, names.ln);

  const cloud = DATA.cloud.map((p) => {
    const raw = marker("ring", P.raw, 0.26);
    const out = marker("diamond", P.standardized, 0.26);
    layers.cloud.add(raw, out);
    return { point: p, raw, out };
  });

  const gamma = DATA.demoGain;
  const beta = DATA.demoBias;
  const before = wireSphere(P.gained, 0.45);
  const after = wireSphere(P.shifted, 0.45, "dash");
  const gained = marker("triangle", P.gained);
  const shifted = marker("triangle-down", P.shifted);
  layers.affine.add(before, after, gained, shifted);

  const collapse = DATA.collapse.map((p, i) => {
    const positive = DATA.collapseGroups[i] === "positive";
    const raw = marker(positive ? "plus" : "minus", positive ? P.positive : P.negative, 0.26);
    const out = marker("circle", P.rms, 0.22);
    layers.poles.add(raw, out);
    return { point: p, raw, out };
  });
  const poles = [marker("star", P.pole, 0.55), marker("star", P.pole, 0.55)];
  layers.poles.add(...poles);

  const LEGEND = [
    ["base", "line", "axis", "axes x₁, x₂, x₃"],
    ["base", "dash", "mean_axis", "all-ones line"],
    ["base", "patch", "plane", "plane x₁ + x₂ + x₃ = 0"],
    ["base", "line", "sphere", "sphere, radius |g|√n"],
    ["base", "dots", "equator", "LayerNorm equator"],
    ["base", "arrow", "raw", "input x"],
    ["base", "square", "centered", "centered x − μ"],
    ["base", "diamond", "standardized", "LayerNorm(x)"],
    ["base", "circle", "rms", "RMSNorm(x)"],
    ["cloud", "ring", "raw", "point set (seed 42)"],
    ["cloud", "diamond", "standardized", "its LayerNorm(x)"],
    ["affine", "triangle", "gained", "after gain γ ⊙ x̂"],
    ["affine", "triangle-down", "shifted", "output γ ⊙ x̂ + β"],
    ["affine", "line", "gained", "ellipsoid before"],
    ["affine", "dash", "shifted", "ellipsoid after"],
    ["poles", "plus", "positive", "μ ≫ σ"],
    ["poles", "minus", "negative", "−μ ≫ σ"],
    ["poles", "circle", "rms", "their RMSNorm(x)"],
    ["poles", "star", "pole", "poles ±g(1, …, 1)"],
  ];
  const legend = document.getElementById("legend");
  const legendItems = LEGEND.map(([layer, shape, color, words]) => {
    const item = document.createElement("li");
    const glyph = document.createElement("canvas");
    glyph.className = "glyph";
    glyph.dataset.shape = shape;
    glyph.setAttribute("aria-hidden", "true");
    glyph.width = glyph.height = 2 * 16;
    drawGlyph(glyph.getContext("2d"), shape, P[color], 2 * 16);
    item.append(glyph, words);
    legend.append(item);
    return { layer, item };
  });

  /** The drawing scale k (1, 2 or 5 × 10^n, at least 1) that brings a sphere of `radius`
   *  within SPHERE_FIT. */
  function drawingScale(radius) {
    if (!(radius > SPHERE_FIT)) return 1;
    const wanted = radius / SPHERE_FIT;
    const power = 10 ** Math.floor(Math.log10(wanted));
    const nice = NICE.find((n) => n * power >= wanted);
    return nice === undefined ? 10 * power : nice * power;
  }

  const column = (lesson, key) => lesson.rows.map((r) => r[key]);
  const defined = (values) => values.every((v) => v !== null);
  const shrink = (values, k) => vec(values.map((v) => v / k));
  let k = 1;

  /** Where a point of `values` is drawn at 1 : k: beyond REACH, on its own ray at REACH
   *  (with a note naming its exact length). */
  function reach(values, what, notes) {
    const size = LessonMath.length(values);
    const drawn = size === null ? Infinity : size / k;
    if (drawn <= REACH) return shrink(values, k);
    const words = size === null ? "longer than the float64 range (about 1.8e308)" : `${LessonMath.display(size)} long`;
    notes.push(`${what} is ${words}, drawn shortened along its ray`);
    return vec(LessonMath.direction(values)).multiplyScalar(REACH);
  }

  const say = (values) => `(${values.map(LessonMath.display).join(", ")})`;

  function showVector(lesson, gain) {
    const notes = [];
    const radius = LessonMath.sphereRadius(gain, lesson.x.length);
    k = drawingScale(radius);
    const tip = reach(lesson.x, "x", notes);
    input.visible = tip.length() > 0;
    if (input.visible) {
      input.setDirection(tip.clone().normalize());
      input.setLength(tip.length(), Math.min(0.45, tip.length() / 3), Math.min(0.25, tip.length() / 5));
    }
    names.x.position.copy(tip);
    const middle = column(lesson, "centered");
    centered.visible = defined(middle);
    const c = centered.visible ? reach(middle, "x − μ", notes) : new THREE.Vector3();
    centered.position.copy(c);
    reshape(drop, [tip, c]);
    drop.visible = centered.visible;
    sphere.visible = equator.visible = radius > 0;
    sphere.scale.setScalar(radius / k || 1);
    equator.scale.setScalar(radius / k || 1);
    const lnOut = column(lesson, "ln_output");
    ln.visible = names.ln.visible = scaling.visible = defined(lnOut);
    if (ln.visible) {
      ln.position.copy(shrink(lnOut, k));
      names.ln.position.copy(ln.position);
      reshape(scaling, [c, ln.position]);
    }
    const rmsOut = column(lesson, "rms_output");
    rms.visible = names.rms.visible = ray.visible = defined(rmsOut);
    if (rms.visible) {
      rms.position.copy(shrink(rmsOut, k));
      names.rms.position.copy(rms.position);
      reshape(ray, [new THREE.Vector3(), rms.position]);
    }
    const missing = [["RMSNorm(x)", rms.visible], ["LayerNorm(x)", ln.visible]].filter(([, shown]) => !shown);
    const scaleNote = k === 1 ? [] : [`drawn at 1 : ${LessonMath.display(k)}, so each axis tick is ${LessonMath.display(k)}`];
    const said = missing.map(([name]) => `${name} is Undefined, not drawn`).concat(scaleNote, notes);
    status.textContent = said.length ? `${said.join("; ")}.` : "";
    const outputs = [
      rms.visible ? `RMSNorm(x) = ${say(rmsOut)}` : "RMSNorm(x) Undefined",
      ln.visible ? `LayerNorm(x) = ${say(lnOut)}` : "LayerNorm(x) Undefined",
    ];
    description.textContent = `Shown: x = ${say(lesson.x)}; ${outputs.join("; ")}; sphere radius ${LessonMath.display(radius)} (|g|√3).`;
  }

  function showCloud(state) {
    for (const { point, raw, out } of cloud) {
      raw.position.copy(shrink(point, k));
      const values = column(LessonMath.lesson(point, state.gain, state.eps), "ln_output");
      out.visible = defined(values);
      if (out.visible) out.position.copy(shrink(values, k));
    }
  }

  function showAffine(state) {
    const unit = column(LessonMath.lesson(state.x, 1, state.eps), "ln_output");
    const [center] = LessonMath.affine([[0, 0, 0]], gamma, beta);
    const axes = gamma.map((g) => (Math.abs(g) * ROOT3) / k);
    before.scale.set(...axes);
    after.scale.set(...axes);
    after.position.copy(shrink(center, k));
    gained.visible = shifted.visible = defined(unit);
    if (!gained.visible) return;
    gained.position.copy(shrink(LessonMath.affine([unit], gamma, [0, 0, 0])[0], k));
    shifted.position.copy(shrink(LessonMath.affine([unit], gamma, beta)[0], k));
  }

  function showPoles(state) {
    for (const { point, raw, out } of collapse) {
      raw.position.copy(reach(point, "a collapse point", []));
      const values = column(LessonMath.lesson(point, state.gain, state.eps), "rms_output");
      out.visible = defined(values);
      if (out.visible) out.position.copy(shrink(values, k));
    }
    LessonMath.poles(state.gain, 3).forEach((pole, i) => poles[i].position.copy(shrink(pole, k)));
  }

  /** Move overlapping labels apart on screen: each, in priority order, steps down or up by
   *  its height until it overlaps none placed before it. */
  function separateLabels() {
    const kept = [];
    for (const made of placed) {
      const inner = made.element.firstChild;
      inner.style.transform = "";
      if (!made.visible || made.element.style.display === "none" || !made.parent?.visible) continue;
      const box = inner.getBoundingClientRect();
      const height = box.height + LABEL_GAP;
      const hits = (dy) => kept.some((o) => box.left < o.right && box.right > o.left && box.top + dy < o.bottom && box.bottom + dy > o.top);
      let dy = 0;
      for (let n = 1; hits(dy) && n < 12; n += 1) dy = (n % 2 ? 1 : -1) * Math.ceil(n / 2) * height;
      if (dy) inner.style.transform = `translateY(${dy}px)`;
      kept.push({ left: box.left, right: box.right, top: box.top + dy, bottom: box.bottom + dy });
    }
  }

  const toggles = [...document.querySelectorAll("[data-layer]")];
  function update() {
    const state = page.state;
    showVector(page.lesson, state.gain);
    for (const toggle of toggles) layers[toggle.dataset.layer].visible = toggle.checked;
    if (layers.cloud.visible) showCloud(state);
    if (layers.affine.visible) showAffine(state);
    if (layers.poles.visible) showPoles(state);
    for (const { layer, item } of legendItems) item.hidden = !layers[layer].visible;
    requestRender();
  }

  let pending = false;
  function requestRender() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      const started = performance.now();
      renderer.render(scene, camera);
      labels.render(scene, camera);
      separateLabels();
      const now = performance.now();
      timing.render.push(now - started);
      if (timing.firstRender === null) timing.firstRender = now;
    });
  }

  /** Turn the camera about the target: azimuth and polar angle in radians, zoom as a factor. */
  const toYUp = new THREE.Quaternion().setFromUnitVectors(camera.up, new THREE.Vector3(0, 1, 0));
  function orbit(azimuth, polar, zoom) {
    const offset = camera.position.clone().sub(controls.target).applyQuaternion(toYUp);
    const spherical = new THREE.Spherical().setFromVector3(offset);
    spherical.theta += azimuth;
    spherical.phi = THREE.MathUtils.clamp(spherical.phi + polar, 0.05, Math.PI - 0.05);
    spherical.radius = THREE.MathUtils.clamp(spherical.radius * zoom, 4, 120);
    offset.setFromSpherical(spherical).applyQuaternion(toYUp.clone().invert());
    camera.position.copy(controls.target).add(offset);
    controls.update();
  }

  function home() {
    controls.target.set(0, 0, 0);
    camera.position.set(
      HOME.radius * Math.sin(HOME.polar) * Math.cos(HOME.azimuth),
      HOME.radius * Math.sin(HOME.polar) * Math.sin(HOME.azimuth),
      HOME.radius * Math.cos(HOME.polar),
    );
    controls.update();
  }

  const STEP = THREE.MathUtils.degToRad(8);
  const KEYS = {
    ArrowLeft: () => orbit(-STEP, 0, 1),
    ArrowRight: () => orbit(STEP, 0, 1),
    ArrowUp: () => orbit(0, -STEP, 1),
    ArrowDown: () => orbit(0, STEP, 1),
    "+": () => orbit(0, 0, 0.9),
    "=": () => orbit(0, 0, 0.9),
    "-": () => orbit(0, 0, 1 / 0.9),
    0: home,
    Home: home,
  };
  view.addEventListener("keydown", (event) => {
    if (!KEYS[event.key]) return;
    event.preventDefault();
    KEYS[event.key]();
  });
  document.getElementById("reset-view").addEventListener("click", home);

  /** Size the drawing to the view's content box (its borders excluded, so the canvas never
   *  widens its box); a view narrower than tall widens the field of view to keep the scene's
   *  width in sight. */
  function resize() {
    const width = view.clientWidth;
    const height = view.clientHeight;
    if (!width || !height) return;
    renderer.setSize(width, height);
    labels.setSize(width, height);
    camera.aspect = width / height;
    const half = THREE.MathUtils.degToRad(FOV / 2);
    camera.fov = camera.aspect >= 1 ? FOV : THREE.MathUtils.radToDeg(2 * Math.atan(Math.tan(half) / camera.aspect));
    camera.updateProjectionMatrix();
    requestRender();
  }

  /** Show the layers the hash names, and keep the hash's `view` in step with the boxes. */
  for (const toggle of toggles) toggle.checked = (page.extras.view ?? []).includes(toggle.dataset.layer);
  toggles.forEach((toggle) =>
    toggle.addEventListener("change", () => {
      page.setExtras({ view: toggles.filter((t) => t.checked).map((t) => t.dataset.layer) });
      update();
    }),
  );
  controls.addEventListener("change", requestRender);
  new ResizeObserver(resize).observe(view);
  page.onChange(update);
  home();
  resize();
  update();
  return {
    timing,
    camera,
    layers,
    webgl: true,
    /** The drawing scale k: a point p is drawn at p / k. */
    get scale() { return k; },
    /** World positions of the main objects, as drawn. */
    drawn: () => ({
      x: names.x.position.toArray(),
      rms: rms.position.toArray(),
      ln: ln.position.toArray(),
      radius: sphere.scale.x,
      poles: poles.map((p) => p.position.toArray()),
    }),
  };
})();
