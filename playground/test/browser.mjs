// The playground in headless Chromium, driven over the DevTools protocol (a pipe, no npm
// package): draws the plan's tile with the mouse, places it, toggles an option, runs the
// plan's frames through the page's hook, and checks the page's blob and actors against the
// native run (`cargo run -p playground --example plan`). Saves a screenshot.
//
// node playground/test/browser.mjs PLAN.json WEB_DIR SCREENSHOT.png
// (PLAYGROUND_URL=http://127.0.0.1:8000/ to test a page served by another server)

import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

const [planPath, webDirArg, shotPath] = process.argv.slice(2);
if (!shotPath) {
  console.error("usage: node browser.mjs PLAN.json WEB_DIR SCREENSHOT.png");
  process.exit(2);
}
const plan = JSON.parse(fs.readFileSync(planPath, "utf8"));
const webDir = path.resolve(webDirArg);
const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";

// --- a static server for the page, on loopback ---------------------------------------------

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm" };
const server = http.createServer((req, res) => {
  const url = new URL(req.url, "http://localhost");
  const file = path.join(webDir, path.normalize(url.pathname === "/" ? "/index.html" : url.pathname));
  if (!file.startsWith(webDir + path.sep)) {
    res.writeHead(403).end();
    return;
  }
  fs.readFile(file, (err, data) => {
    if (err) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
    res.end(data);
  });
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
// PLAYGROUND_URL: test the page served elsewhere (say, by `python3 -m http.server`) instead.
const pageUrl = process.env.PLAYGROUND_URL || `http://127.0.0.1:${server.address().port}/`;

// --- Chromium, with the DevTools protocol on file descriptors 3 (in) and 4 (out) -------------

const userDir = fs.mkdtempSync(path.join(os.tmpdir(), "playground-chromium-"));
const chrome = spawn(
  chromiumPath,
  [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    `--user-data-dir=${userDir}`, "--remote-debugging-pipe", "--window-size=1200,1400",
    "about:blank",
  ],
  { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] },
);
let chromeErr = "";
chrome.stdio[2].on("data", (d) => { chromeErr += d; });

let nextId = 1;
const pending = new Map();
const listeners = new Set();
let inbox = Buffer.alloc(0);
chrome.stdio[4].on("data", (chunk) => {
  inbox = Buffer.concat([inbox, chunk]);
  for (let end; (end = inbox.indexOf(0)) >= 0;) {
    const msg = JSON.parse(inbox.subarray(0, end).toString("utf8"));
    inbox = inbox.subarray(end + 1);
    if (msg.id !== undefined && pending.has(msg.id)) {
      const { resolve, reject, method } = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) reject(new Error(`${method}: ${JSON.stringify(msg.error)}`));
      else resolve(msg.result);
    } else {
      for (const l of listeners) l(msg);
    }
  }
});
chrome.on("exit", (code) => {
  for (const { reject } of pending.values()) reject(new Error(`chromium exited (${code}): ${chromeErr.slice(-2000)}`));
});

function send(method, params = {}, sessionId = undefined) {
  const id = nextId++;
  chrome.stdio[3].write(JSON.stringify({ id, method, params, sessionId }) + "\0");
  return new Promise((resolve, reject) => pending.set(id, { resolve, reject, method }));
}

const timeout = (ms, what) => new Promise((_, reject) => setTimeout(() => reject(new Error(`timed out: ${what}`)), ms).unref());
const within = (ms, what, promise) => Promise.race([promise, timeout(ms, what)]);

// --- the checks -------------------------------------------------------------------------

let passed = 0;
let failed = 0;
function check(name, ok, detail = "") {
  if (ok) {
    passed++;
    console.log(`ok - ${name}`);
  } else {
    failed++;
    console.log(`not ok - ${name}${detail ? `\n  ${detail}` : ""}`);
  }
}

async function main() {
  const { targetId } = await within(30000, "chromium to start", send("Target.createTarget", { url: "about:blank" }));
  const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
  const page = (method, params) => send(method, params, sessionId);
  const problems = [];
  listeners.add((msg) => {
    if (msg.sessionId !== sessionId) return;
    if (msg.method === "Runtime.exceptionThrown") problems.push(JSON.stringify(msg.params.exceptionDetails));
    if (msg.method === "Runtime.consoleAPICalled" && msg.params.type === "error") {
      problems.push(msg.params.args.map((a) => a.value ?? a.description).join(" "));
    }
  });
  const requested = [];
  listeners.add((msg) => {
    if (msg.sessionId === sessionId && msg.method === "Network.requestWillBeSent") requested.push(msg.params.request.url);
  });
  await page("Runtime.enable");
  await page("Page.enable");
  await page("Network.enable");
  await page("Emulation.setDeviceMetricsOverride", { width: 1200, height: 1400, deviceScaleFactor: 1, mobile: false });

  const evaluate = async (expression) => {
    const r = await page("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true });
    if (r.exceptionDetails) throw new Error(`${expression}: ${JSON.stringify(r.exceptionDetails)}`);
    return r.result.value;
  };
  const mouse = (type, x, y, extra = {}) =>
    page("Input.dispatchMouseEvent", { type, x, y, button: "left", buttons: type === "mouseReleased" ? 0 : 1, clickCount: 1, ...extra });
  const rect = (selector) =>
    evaluate(`(() => { const e = document.querySelector(${JSON.stringify(selector)}); e.scrollIntoView({ block: "nearest" }); const r = e.getBoundingClientRect(); return { left: r.left, top: r.top, width: r.width, height: r.height }; })()`);
  const click = async (selector, button = "left") => {
    const r = await rect(selector);
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    await page("Input.dispatchMouseEvent", { type: "mouseMoved", x, y });
    await mouse("mousePressed", x, y, { button });
    await mouse("mouseReleased", x, y, { button });
  };

  // load
  await page("Page.navigate", { url: pageUrl });
  const deadline = Date.now() + 30000;
  while ((await evaluate("document.body?.dataset.ready ?? ''")) !== "1") {
    if (Date.now() > deadline) throw new Error(`the page did not start: ${problems.join("; ")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  check("the page loads its wasm module and starts", true);
  await evaluate("playground.pause()");

  // draw the tile with the mouse, on the editor canvas
  await click("#clear");
  const n = plan.tile_size;
  const ed = await rect("#editor");
  const at = ([x, y]) => [ed.left + ((x + 0.5) * ed.width) / n, ed.top + ((n - 1 - y + 0.5) * ed.height) / n];
  for (const stroke of plan.strokes) {
    const [x0, y0] = at(stroke[0]);
    await page("Input.dispatchMouseEvent", { type: "mouseMoved", x: x0, y: y0 });
    await mouse("mousePressed", x0, y0);
    for (const p of stroke.slice(1)) {
      const [x, y] = at(p);
      await mouse("mouseMoved", x, y);
    }
    const [x1, y1] = at(stroke[stroke.length - 1]);
    await mouse("mouseReleased", x1, y1);
  }
  const drawn = await evaluate("playground.state()");
  check(
    "the tile drawn with the mouse packs into the native run's blob, byte for byte",
    drawn.blob_hex === plan.expected.blob_hex && drawn.blob_checksum === plan.expected.blob_checksum,
    `page ${drawn.blob_len} bytes, checksum ${drawn.blob_checksum}; native ${plan.expected.blob_len} bytes, checksum ${plan.expected.blob_checksum}`,
  );

  // place it in the level: the palette's button, then clicks on the cells
  await click("#brush-custom");
  const lv = await rect("#level");
  const cellsW = 32;
  const cellsH = 12;
  for (const [tx, ty] of plan.cells) {
    const x = lv.left + ((tx + 0.5) * lv.width) / cellsW;
    const y = lv.top + ((cellsH - 1 - ty + 0.5) * lv.height) / cellsH;
    await page("Input.dispatchMouseEvent", { type: "mouseMoved", x, y });
    await mouse("mousePressed", x, y);
    await mouse("mouseReleased", x, y);
  }
  const before = await evaluate("playground.options()");
  for (const name of plan.toggles) await click(`#opt-${name}`);
  const after = await evaluate("playground.options()");
  const flipped = Object.keys(after).filter((k) => after[k] !== before[k]);
  check(
    "clicking the options' checkboxes set them",
    JSON.stringify(flipped) === JSON.stringify(plan.toggles),
    `changed: ${JSON.stringify(flipped)}, before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`,
  );

  // the keyboard reaches the page
  await page("Input.dispatchKeyEvent", { type: "rawKeyDown", code: "ArrowRight", key: "ArrowRight", windowsVirtualKeyCode: 39 });
  const heldDown = await evaluate("playground.held()");
  await page("Input.dispatchKeyEvent", { type: "keyUp", code: "ArrowRight", key: "ArrowRight", windowsVirtualKeyCode: 39 });
  const heldUp = await evaluate("playground.held()");
  check("→ held on the keyboard is the right key, and released", heldDown === 2 && heldUp === 0, `held ${heldDown}, then ${heldUp}`);

  // the frames, on demand: same inputs as the native run
  const end = await evaluate(`playground.run(${JSON.stringify(plan.inputs)})`);
  check("the page stepped the plan's frames", end.frame === plan.expected.frame, `page ${end.frame}, native ${plan.expected.frame}`);
  const same = JSON.stringify(end.actors) === JSON.stringify(plan.expected.actors);
  check(
    "every actor's position, velocity and contacts equal the native run's (wasm = host)",
    same,
    `page   ${JSON.stringify(end.actors)}\n  native ${JSON.stringify(plan.expected.actors)}`,
  );
  console.log(`# keyboard actor after ${end.frame} frames: x ${end.actors[0][0]}, y ${end.actors[0][1]}`);

  // the scenario's trace, run in the page's wasm module, against the host's golden one
  const golden = fs.readFileSync(new URL("../../scenario/tests/data/trace.txt", import.meta.url), "utf8");
  const trace = await evaluate("playground.scenarioTrace()");
  const firstDiff = trace.split("\n").findIndex((line, i) => line !== golden.split("\n")[i]);
  check(
    "the scenario's trace in wasm equals the host's (scenario/tests/data/trace.txt)",
    trace === golden,
    `${trace.length} vs ${golden.length} bytes; first different line ${firstDiff + 1}: ${trace.split("\n")[firstDiff]}`,
  );

  check("no error on the page", problems.length === 0, problems.join("\n  "));
  const elsewhere = requested.filter((u) => !u.startsWith(pageUrl) && !u.startsWith("data:"));
  check(
    "the page fetched only its own files",
    elsewhere.length === 0 && requested.some((u) => u.endsWith("/playground.wasm")),
    `requested: ${requested.join(", ")}`,
  );

  // the picture: the whole page
  const height = await evaluate("Math.ceil(document.querySelector('main').getBoundingClientRect().bottom + window.scrollY + 16)");
  await page("Emulation.setDeviceMetricsOverride", { width: 1200, height, deviceScaleFactor: 1, mobile: false });
  await evaluate("window.scrollTo(0, 0)");
  await evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))");
  const shot = await page("Page.captureScreenshot", { format: "png" });
  fs.writeFileSync(shotPath, Buffer.from(shot.data, "base64"));
  console.log(`# screenshot: ${shotPath}`);

  // live: the clock steps the frames, the keyboard moves the red actor
  await click("#pause");
  const live0 = await evaluate("playground.state()");
  await page("Input.dispatchKeyEvent", { type: "rawKeyDown", code: "ArrowLeft", key: "ArrowLeft", windowsVirtualKeyCode: 37 });
  await new Promise((r) => setTimeout(r, 600));
  await page("Input.dispatchKeyEvent", { type: "keyUp", code: "ArrowLeft", key: "ArrowLeft", windowsVirtualKeyCode: 37 });
  const live1 = await evaluate("playground.state()");
  check(
    "played live, frames follow the clock and ← moves the red actor left",
    live1.frame > live0.frame + 10 && live1.actors[0][0] < live0.actors[0][0],
    `frame ${live0.frame} → ${live1.frame}, x ${live0.actors[0][0]} → ${live1.actors[0][0]}`,
  );

  // "Start from" a default tile, chosen with the keyboard in its list: End picks the last, slope45
  await evaluate("document.getElementById('start-from').focus()");
  await page("Input.dispatchKeyEvent", { type: "rawKeyDown", code: "End", key: "End", windowsVirtualKeyCode: 35 });
  await page("Input.dispatchKeyEvent", { type: "keyUp", code: "End", key: "End", windowsVirtualKeyCode: 35 });
  const surfaces = await evaluate("playground.surfaces(0)");
  const slope45 = Array.from({ length: n }, (_, x) => [x + 1, 32]);
  check(
    "picking slope45 in the list draws it: heights 1 to 16, all 45° (byte angle 32)",
    JSON.stringify(surfaces) === JSON.stringify(slope45),
    JSON.stringify(surfaces),
  );
}

let error = null;
try {
  await within(120000, "the browser test", main());
} catch (e) {
  error = e;
}
const exited = new Promise((resolve) => {
  if (chrome.exitCode !== null || chrome.signalCode !== null) resolve();
  else chrome.once("exit", resolve);
});
try {
  await within(5000, "chromium to close", send("Browser.close"));
  await within(5000, "chromium to exit", exited);
} catch {
  chrome.kill("SIGKILL");
  await exited;
}
server.close();
fs.rmSync(userDir, { recursive: true, force: true, maxRetries: 5 });
if (error) {
  failed++;
  console.log(`not ok - ${error.message}`);
}
console.log(`playground: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
