// The page's side of the playground: loads playground.wasm (no other file, no network beyond
// this folder), copies the pictures it draws onto the canvases, and turns mouse and keyboard
// events into calls of its exports. All the logic is in the wasm module.

const VARIANTS = ["none", "FX", "FY", "FXY", "F90", "F90X", "F90Y", "F90XY"];
const KEYS = { LEFT: 1, RIGHT: 2, JUMP: 4, DOWN: 8 };
const KEY_CODES = {
  ArrowLeft: KEYS.LEFT, KeyA: KEYS.LEFT,
  ArrowRight: KEYS.RIGHT, KeyD: KEYS.RIGHT,
  ArrowUp: KEYS.JUMP, KeyW: KEYS.JUMP, Space: KEYS.JUMP,
  ArrowDown: KEYS.DOWN, KeyS: KEYS.DOWN,
};
const FRAME_MS = 1000 / 60;

const bytes = await (await fetch("playground.wasm")).arrayBuffer();
const { instance } = await WebAssembly.instantiate(bytes, {});
const w = instance.exports;
const $ = (id) => document.getElementById(id);

const n = w.tile_size();
const levelW = w.level_width();
const levelH = w.level_height();
const cellsW = levelW / n;
const cellsH = levelH / n;

/** Copies `width`×`height` RGBA pixels at `ptr` in the module's memory onto `canvas`. */
function blit(canvas, ptr, width, height) {
  const px = new Uint8ClampedArray(w.memory.buffer, ptr, width * height * 4).slice();
  canvas.getContext("2d").putImageData(new ImageData(px, width, height), 0, 0);
}

function shapeName(i) {
  const view = new Uint8Array(w.memory.buffer, w.shape_name_ptr(i), w.shape_name_len(i));
  return new TextDecoder().decode(view.slice());
}

// --- the tile and its variants ---------------------------------------------------------

const editor = $("editor");
const editorSize = n * w.editor_scale();
editor.width = editorSize;
editor.height = editorSize;

const figures = VARIANTS.map((name, v) => {
  const figure = document.createElement("figure");
  const canvas = document.createElement("canvas");
  canvas.width = n;
  canvas.height = n;
  const caption = document.createElement("figcaption");
  figure.append(canvas, caption);
  $("variants").append(figure);
  return { canvas, caption, name, v };
});

/** A byte angle (256 a turn, counter-clockwise, y up) in degrees, -180..180. */
function degrees(angle) {
  const signed = angle > 128 ? angle - 256 : angle;
  return `${Math.round((signed * 360 / 256) * 10) / 10}°`;
}

function drawTile() {
  blit(editor, w.render_editor(), editorSize, editorSize);
  for (const f of figures) {
    blit(f.canvas, w.render_variant(f.v), n, n);
    const angles = [];
    for (let col = 0; col < n; col++) {
      const s = w.surface(f.v, col);
      if (s < 0) continue;
      const a = degrees(s & 255);
      if (angles[angles.length - 1] !== a) angles.push(a);
    }
    const shown = angles.length > 4 ? [...angles.slice(0, 4), "…"] : angles;
    f.caption.innerHTML = `<b>${f.name}</b><br>${shown.length ? shown.join(" ") : "empty"}`;
  }
  $("blob-info").textContent =
    `Blob: ${w.blob_len()} bytes for ${w.shape_count()} shapes, CRC-32 0x${(w.blob_checksum() >>> 0).toString(16).padStart(8, "0")}.`;
}

/** The tile pixel (x, y up) under a mouse event on the editor. */
function tilePixel(e) {
  const r = editor.getBoundingClientRect();
  const x = Math.floor(((e.clientX - r.left) / r.width) * n);
  const y = n - 1 - Math.floor(((e.clientY - r.top) / r.height) * n);
  return [x, y];
}

let drawing = false;
editor.addEventListener("pointerdown", (e) => {
  if (e.button !== 0) return;
  drawing = true;
  editor.setPointerCapture(e.pointerId);
  w.tile_press(...tilePixel(e));
  drawTile();
  levelChanged();
});
editor.addEventListener("pointermove", (e) => {
  if (!drawing) return;
  w.tile_drag(...tilePixel(e));
  drawTile();
  levelChanged();
});
const endStroke = () => {
  drawing = false;
  w.tile_release();
};
editor.addEventListener("pointerup", endStroke);
editor.addEventListener("pointercancel", endStroke);

$("clear").addEventListener("click", () => {
  w.tile_clear();
  drawTile();
  levelChanged();
});

const shapes = [];
for (let i = 0; i < w.shape_count(); i++) shapes.push(shapeName(i));
const defaults = shapes.filter((s) => s !== "custom");
for (const [i, name] of defaults.entries()) {
  const o = document.createElement("option");
  o.value = String(i);
  o.textContent = name;
  $("start-from").append(o);
}
$("start-from").addEventListener("change", (e) => {
  if (e.target.value === "") return;
  w.tile_load_default(Number(e.target.value));
  e.target.value = "";
  drawTile();
  levelChanged();
});

// --- the level and the brush -----------------------------------------------------------

const level = $("level");
level.width = levelW;
level.height = levelH;

let brushShape = shapes.indexOf("custom");
function setBrush() {
  w.set_brush(brushShape, Number($("variant").value), $("one-way").checked ? 1 : 0);
  for (const b of $("palette").children) b.classList.toggle("on", Number(b.dataset.shape) === brushShape);
}
for (const [i, name] of [[-1, "empty"], ...shapes.entries()]) {
  const b = document.createElement("button");
  b.type = "button";
  b.id = `brush-${name}`;
  b.dataset.shape = String(i);
  b.textContent = name === "custom" ? "your tile" : name;
  b.addEventListener("click", () => {
    brushShape = i;
    setBrush();
  });
  $("palette").append(b);
}
for (const [v, name] of VARIANTS.entries()) {
  const o = document.createElement("option");
  o.value = String(v);
  o.textContent = name;
  $("variant").append(o);
}
$("variant").addEventListener("change", setBrush);
$("one-way").addEventListener("change", setBrush);
setBrush();

/** The cell (tx, ty up) under a mouse event on the level. */
function levelCell(e) {
  const r = level.getBoundingClientRect();
  const tx = Math.floor(((e.clientX - r.left) / r.width) * cellsW);
  const ty = cellsH - 1 - Math.floor(((e.clientY - r.top) / r.height) * cellsH);
  return [tx, ty];
}

let placing = 0; // 0 none, 1 painting, 2 erasing
function placeAt(e) {
  const [tx, ty] = levelCell(e);
  w.level_hover(tx, ty);
  if (placing === 1) w.level_paint(tx, ty);
  if (placing === 2) w.level_erase(tx, ty);
  levelChanged();
}
level.addEventListener("contextmenu", (e) => e.preventDefault());
level.addEventListener("pointerdown", (e) => {
  placing = e.button === 2 ? 2 : e.button === 0 ? 1 : 0;
  if (placing) level.setPointerCapture(e.pointerId);
  placeAt(e);
});
level.addEventListener("pointermove", placeAt);
level.addEventListener("pointerup", () => { placing = 0; });
level.addEventListener("pointercancel", () => { placing = 0; });
level.addEventListener("pointerleave", () => {
  w.level_hover(-1, -1);
  levelChanged();
});

// --- options and keys ------------------------------------------------------------------

for (const input of document.querySelectorAll("[data-opt]")) {
  const opt = Number(input.dataset.opt);
  if (input.type === "checkbox") {
    input.checked = w.get_option(opt) !== 0;
    input.addEventListener("change", () => w.set_option(opt, input.checked ? 1 : 0));
  } else {
    input.value = String(w.get_option(opt));
    input.addEventListener("input", () => {
      w.set_option(opt, Math.max(0, Number(input.value) || 0));
    });
    input.addEventListener("change", () => { input.value = String(w.get_option(opt)); });
  }
}

/** Whether a key event goes to a field that uses the keys itself (a number, a list). */
const editing = (e) =>
  e.target instanceof HTMLSelectElement || (e.target instanceof HTMLInputElement && e.target.type !== "checkbox");

// A clicked button or checkbox gives the keyboard back to the game (else Space would press
// it again).
document.addEventListener("click", (e) => {
  if (e.target instanceof HTMLButtonElement || (e.target instanceof HTMLInputElement && e.target.type === "checkbox")) {
    e.target.blur();
  }
});

let held = 0;
window.addEventListener("keydown", (e) => {
  const bit = KEY_CODES[e.code];
  if (bit === undefined || editing(e)) return;
  held |= bit;
  e.preventDefault();
});
window.addEventListener("keyup", (e) => {
  const bit = KEY_CODES[e.code];
  if (bit !== undefined) held &= ~bit;
});
window.addEventListener("blur", () => { held = 0; });

// --- the loop --------------------------------------------------------------------------

function actor(i) {
  const f = [];
  for (let k = 0; k < 8; k++) f.push(w.actor_field(i, k));
  const [x, y, vx, vy, width, height, contacts, angle] = f;
  return { x, y, vx, vy, width, height, contacts, angle };
}

function drawLevel() {
  blit(level, w.render_level(), levelW, levelH);
  const a = actor(0);
  const ground = a.contacts & 1 ? `on the ground, ${degrees(a.angle)}` : "in the air";
  $("status").textContent = `frame ${w.frame()} · you: x ${a.x} y ${a.y} · ${ground}`;
}

let dirty = true;
function levelChanged() { dirty = true; }

let paused = false;
let last = null;
let owed = 0;
function tick(now) {
  if (!paused) {
    if (last !== null) owed = Math.min(owed + (now - last), 5 * FRAME_MS);
    while (owed >= FRAME_MS) {
      w.step(held);
      owed -= FRAME_MS;
      dirty = true;
    }
  }
  last = now;
  if (dirty) {
    drawLevel();
    dirty = false;
  }
  requestAnimationFrame(tick);
}

function setPaused(p) {
  paused = p;
  owed = 0;
  $("pause").textContent = paused ? "Play" : "Pause";
}
$("pause").addEventListener("click", () => setPaused(!paused));
$("restart").addEventListener("click", () => {
  w.reset();
  dirty = true;
});

drawTile();
drawLevel();
requestAnimationFrame(tick);

// --- the test's hook: frames on demand, never by the clock -----------------------------

/** The state the test compares with the native run. */
function state() {
  const actors = [];
  for (let i = 0; i < w.actor_count(); i++) {
    const a = actor(i);
    actors.push([a.x, a.y, a.vx, a.vy, a.width, a.height, a.contacts, a.angle]);
  }
  const blob = new Uint8Array(w.memory.buffer, w.blob_ptr(), w.blob_len());
  const blob_hex = Array.from(blob, (b) => b.toString(16).padStart(2, "0")).join("");
  return { frame: w.frame(), blob_len: w.blob_len(), blob_checksum: w.blob_checksum() >>> 0, blob_hex, actors };
}

window.playground = {
  /** Stops the clock: no frame is stepped but by `run`. */
  pause() { setPaused(true); },
  /** From the actors' starts, steps `frames` frames holding `keys`, for each [frames, keys]. */
  run(inputs) {
    setPaused(true);
    w.reset();
    for (const [frames, keys] of inputs) {
      for (let i = 0; i < frames; i++) w.step(keys);
    }
    drawLevel();
    return state();
  },
  state,
  /** The keys the keyboard holds now (bits: 1 left, 2 right, 4 jump, 8 down). */
  held() { return held; },
  /** The scenario's trace (the scripted run the host and the firmware trace), run here. */
  scenarioTrace() {
    const ptr = w.scenario_trace();
    return new TextDecoder().decode(new Uint8Array(w.memory.buffer, ptr, w.scenario_trace_len()).slice());
  },
  /** The drawn tile's surface in variant `v`, per column: [height, byte angle], or null. */
  surfaces(v) {
    const out = [];
    for (let col = 0; col < n; col++) {
      const s = w.surface(v, col);
      out.push(s < 0 ? null : [s >> 8, s & 255]);
    }
    return out;
  },
  /** The actors' options, by name. */
  options() {
    const o = {};
    for (const input of document.querySelectorAll("[data-opt]")) {
      o[input.id.replace(/^opt-/, "")] = w.get_option(Number(input.dataset.opt));
    }
    return o;
  },
};
document.body.dataset.ready = "1";
