/* The 3D explorer (three.js): the lesson's vector with its centered point, its RMSNorm and
 * LayerNorm outputs, the all-ones line, the mean-zero plane, the sphere of radius |g|·√3 and
 * its LayerNorm equator; on request the seed-42 point set, the ellipsoid of a per-coordinate
 * gain γ moved by a bias β, and the collapse set with the two poles ±g·(1, 1, 1).
 *
 * Positions come from LessonMath (the lesson's numbers); x1, x2, x3 are three.js's x, y, z
 * with z up, as in the video. The picture is drawn only when something changed.
 */
"use strict";

const NormgeomExplorer = (() => {
  const DATA = window.NORMGEOM_PAGE;
  const P = DATA.palette;
  const page = NormgeomPage;
  const view = document.getElementById("view");
  const status = document.getElementById("view-status");
  const AXIS = 6;
  const REACH = 7.5;
  const PLANE = 4;
  const ROOT3 = Math.sqrt(3);
  const ONES = new THREE.Vector3(1, 1, 1).normalize();
  const HOME = { radius: 22, polar: THREE.MathUtils.degToRad(62), azimuth: THREE.MathUtils.degToRad(-25) };
  const timing = { render: [], firstRender: null };

  THREE.Object3D.DEFAULT_UP.set(0, 0, 1);
  const renderer = new THREE.WebGLRenderer({ antialias: true });
  renderer.setPixelRatio(window.devicePixelRatio);
  const labels = new THREE.CSS2DRenderer();
  labels.domElement.className = "labels";
  view.append(renderer.domElement, labels.domElement);
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(P.panel);
  const camera = new THREE.PerspectiveCamera(35, 1, 0.1, 1000);
  const controls = new THREE.OrbitControls(camera, renderer.domElement);
  const layers = { base: new THREE.Group(), cloud: new THREE.Group(), affine: new THREE.Group(), poles: new THREE.Group() };
  Object.values(layers).forEach((group) => scene.add(group));

  const vec = (a) => new THREE.Vector3(a[0], a[1], a[2]);
  const material = (color, opacity = 1) =>
    new THREE.LineBasicMaterial({ color, transparent: opacity < 1, opacity });

  function line(points, color, { dashed = false, opacity = 1 } = {}) {
    const geometry = new THREE.BufferGeometry().setFromPoints(points);
    const stroke = dashed
      ? new THREE.LineDashedMaterial({ color, dashSize: 0.25, gapSize: 0.18, transparent: opacity < 1, opacity })
      : material(color, opacity);
    const made = new THREE.Line(geometry, stroke);
    if (dashed) made.computeLineDistances();
    return made;
  }

  function reshape(made, points) {
    made.geometry.setFromPoints(points);
    if (made.material.isLineDashedMaterial) made.computeLineDistances();
  }

  const DOT = new THREE.SphereGeometry(1, 16, 12);
  function dot(color, radius = 0.16) {
    const made = new THREE.Mesh(DOT, new THREE.MeshBasicMaterial({ color }));
    made.scale.setScalar(radius);
    return made;
  }

  /** A text label at a point; `corner` is the label's corner that sits on it (x, y in 0..1). */
  function label(text, color = null, corner = [0.5, 0.5]) {
    const element = document.createElement("span");
    element.className = color ? "label" : "label plain";
    element.textContent = text;
    if (color) element.style.setProperty("--swatch", color);
    const made = new THREE.CSS2DObject(element);
    made.center.set(...corner);
    return made;
  }

  /** Unit-sphere meridians and parallels, to be scaled into the sphere or an ellipsoid. */
  function wireSphere(color, opacity) {
    const group = new THREE.Group();
    const ring = (f) => Array.from({ length: 73 }, (_, i) => f((i / 72) * 2 * Math.PI));
    for (let m = 0; m < 12; m += 1) {
      const a = (m / 12) * Math.PI;
      group.add(line(ring((t) => new THREE.Vector3(Math.cos(a) * Math.sin(t), Math.sin(a) * Math.sin(t), Math.cos(t))), color, { opacity }));
    }
    for (let p = 1; p < 8; p += 1) {
      const z = Math.cos((p / 8) * Math.PI);
      const r = Math.sin((p / 8) * Math.PI);
      group.add(line(ring((t) => new THREE.Vector3(r * Math.cos(t), r * Math.sin(t), z)), color, { opacity }));
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
    return line(points, color);
  }

  function buildAxes(group) {
    const units = [new THREE.Vector3(1, 0, 0), new THREE.Vector3(0, 1, 0), new THREE.Vector3(0, 0, 1)];
    units.forEach((unit, i) => {
      group.add(new THREE.ArrowHelper(unit, unit.clone().multiplyScalar(-AXIS), 2 * AXIS, P.axis, 0.5, 0.25));
      const name = label(`x${"₁₂₃"[i]}`, null, [0, 0.5]);
      name.position.copy(unit).multiplyScalar(AXIS + 0.3);
      group.add(name);
      const ticks = [];
      const across = units[(i + 1) % 3].clone().multiplyScalar(0.12);
      for (let k = -AXIS + 1; k < AXIS; k += 1) {
        if (k === 0) continue;
        const at = unit.clone().multiplyScalar(k);
        ticks.push(at.clone().sub(across), at.clone().add(across));
      }
      group.add(new THREE.LineSegments(new THREE.BufferGeometry().setFromPoints(ticks), material(P.axis)));
    });
    group.add(line([ONES.clone().multiplyScalar(-8), ONES.clone().multiplyScalar(8)], P.mean_axis, { dashed: true }));
    const ones = label("1 = (1, 1, 1)", P.mean_axis, [1, 1]);
    ones.position.copy(ONES).multiplyScalar(7);
    group.add(ones);
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
  const centered = dot(P.centered);
  const rms = dot(P.rms);
  const ln = dot(P.standardized);
  const drop = line([new THREE.Vector3(), new THREE.Vector3()], P.trail, { dashed: true });
  const scaling = line([new THREE.Vector3(), new THREE.Vector3()], P.trail, { dashed: true });
  const ray = line([new THREE.Vector3(), new THREE.Vector3()], P.rms, { dashed: true, opacity: 0.8 });
  const names = {
    x: label("x", P.raw, [0, 1]),
    rms: label("RMSNorm(x)", P.rms, [0, 1]),
    ln: label("LayerNorm(x)", P.standardized, [1, 0]),
  };
  layers.base.add(sphere, equator, input, centered, rms, ln, drop, scaling, ray, ...Object.values(names));

  const cloud = DATA.cloud.map((p) => {
    const raw = dot(P.raw, 0.1);
    raw.position.copy(vec(p));
    const out = dot(P.standardized, 0.1);
    layers.cloud.add(raw, out);
    return { point: p, out };
  });

  const gamma = vec(DATA.demoGain);
  const beta = vec(DATA.demoBias);
  const before = wireSphere(P.gained, 0.45);
  const after = wireSphere(P.shifted, 0.45);
  before.scale.copy(gamma).multiplyScalar(ROOT3);
  after.scale.copy(gamma).multiplyScalar(ROOT3);
  after.position.copy(beta);
  const gained = dot(P.gained);
  const shifted = dot(P.shifted);
  layers.affine.add(before, after, gained, shifted);

  const collapse = DATA.collapse.map((p, i) => {
    const raw = dot(DATA.collapseGroups[i] === "positive" ? P.positive : P.negative, 0.1);
    raw.position.copy(vec(p));
    const out = dot(P.rms, 0.1);
    layers.poles.add(raw, out);
    return { point: p, out };
  });
  const poles = [dot(P.pole, 0.22), dot(P.pole, 0.22)];
  layers.poles.add(...poles);

  const LEGEND = [
    ["base", "line", "axis", "axes x₁, x₂, x₃"],
    ["base", "dash", "mean_axis", "mean axis (all-ones)"],
    ["base", "patch", "plane", "plane x₁ + x₂ + x₃ = 0"],
    ["base", "line", "sphere", "sphere, radius |g|√n"],
    ["base", "line", "equator", "LayerNorm equator"],
    ["base", "dot", "raw", "input x"],
    ["base", "dot", "centered", "centered x − μ"],
    ["base", "dot", "standardized", "LayerNorm(x)"],
    ["base", "dot", "rms", "RMSNorm(x)"],
    ["cloud", "dot", "raw", "point set (seed 42)"],
    ["cloud", "dot", "standardized", "its LayerNorm(x)"],
    ["affine", "dot", "gained", "after gain γ ⊙ x̂"],
    ["affine", "dot", "shifted", "output γ ⊙ x̂ + β"],
    ["affine", "line", "gained", "ellipsoid before"],
    ["affine", "line", "shifted", "ellipsoid after"],
    ["poles", "dot", "positive", "μ ≫ σ"],
    ["poles", "dot", "negative", "−μ ≫ σ"],
    ["poles", "star", "pole", "poles ±(1, …, 1)"],
  ];
  const legend = document.getElementById("legend");
  const legendItems = LEGEND.map(([layer, kind, color, words]) => {
    const item = document.createElement("li");
    item.innerHTML = `<span class="swatch ${kind}" style="--swatch: ${P[color]}"></span>${words}`;
    legend.append(item);
    return { layer, item };
  });

  /** A position drawn within the view: beyond REACH it is shortened along its own ray. */
  const notes = [];
  function place(object, values, what) {
    const p = vec(values);
    const length = p.length();
    if (length > REACH) {
      p.multiplyScalar(REACH / length);
      notes.push(`${what} is ${LessonMath.display(length)} long, drawn shortened`);
    }
    object.position.copy(p);
    return p;
  }

  const column = (lesson, key) => lesson.rows.map((r) => r[key]);
  const defined = (values) => values.every((v) => v !== null);

  function showVector(lesson, gain) {
    notes.length = 0;
    const x = vec(lesson.x);
    const tip = x.length() > REACH ? x.clone().multiplyScalar(REACH / x.length()) : x;
    if (x.length() > REACH) notes.push(`x is ${LessonMath.display(x.length())} long, drawn shortened`);
    input.visible = x.length() > 0;
    if (input.visible) {
      input.setDirection(x.clone().normalize());
      input.setLength(tip.length(), Math.min(0.45, tip.length() / 3), Math.min(0.25, tip.length() / 5));
    }
    names.x.position.copy(tip);
    const middle = column(lesson, "centered");
    centered.visible = defined(middle);
    const c = centered.visible ? place(centered, middle, "x − μ") : new THREE.Vector3();
    reshape(drop, [tip, c]);
    drop.visible = centered.visible;
    const radius = Math.abs(gain) * ROOT3;
    sphere.visible = equator.visible = radius > 0;
    sphere.scale.setScalar(radius || 1);
    equator.scale.setScalar(radius || 1);
    const lnOut = column(lesson, "ln_output");
    ln.visible = names.ln.visible = scaling.visible = defined(lnOut);
    if (ln.visible) {
      const at = place(ln, lnOut, "LayerNorm(x)");
      names.ln.position.copy(at);
      reshape(scaling, [c, at]);
    }
    const rmsOut = column(lesson, "rms_output");
    rms.visible = names.rms.visible = ray.visible = defined(rmsOut);
    if (rms.visible) {
      const at = place(rms, rmsOut, "RMSNorm(x)");
      names.rms.position.copy(at);
      reshape(ray, [new THREE.Vector3(), at]);
    }
    const missing = [["RMSNorm(x)", rms.visible], ["LayerNorm(x)", ln.visible]].filter(([, shown]) => !shown);
    const said = missing.map(([name]) => `${name} is Undefined, not drawn`).concat(notes);
    status.textContent = said.length ? `${said.join("; ")}.` : "";
  }

  function showCloud(state) {
    for (const { point, out } of cloud) {
      const values = column(LessonMath.lesson(point, state.gain, state.eps), "ln_output");
      out.visible = defined(values);
      if (out.visible) out.position.copy(vec(values));
    }
  }

  function showAffine(state) {
    const unit = column(LessonMath.lesson(state.x, 1, state.eps), "ln_output");
    gained.visible = shifted.visible = defined(unit);
    if (!gained.visible) return;
    gained.position.copy(vec(unit).multiply(gamma));
    shifted.position.copy(gained.position).add(beta);
  }

  function showPoles(state) {
    for (const { point, out } of collapse) {
      out.position.copy(vec(column(LessonMath.lesson(point, state.gain, state.eps), "rms_output")));
    }
    poles[0].position.set(1, 1, 1).multiplyScalar(state.gain);
    poles[1].position.set(-1, -1, -1).multiplyScalar(state.gain);
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

  function resize() {
    const { width, height } = view.getBoundingClientRect();
    renderer.setSize(width, height);
    labels.setSize(width, height);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    requestRender();
  }

  controls.addEventListener("change", requestRender);
  toggles.forEach((toggle) => toggle.addEventListener("change", update));
  new ResizeObserver(resize).observe(view);
  page.onChange(update);
  home();
  resize();
  update();
  return { timing, camera, layers };
})();
