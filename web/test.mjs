// Plays the browser build in headless Chromium through the DevTools protocol: the title
// appears; Enter starts a run and a move key changes the map; F5, a reload and Continue
// resume the same turn, and so does closing the page mid-run without F5 (the save on
// leaving) and Esc (save and quit, to the title); a ?key= link shows the very level `delve gen --key` prints;
// a finished run is watched from the title's history page; no console error.
// Run by web/test (which serves the page and starts the browser):
//   node --experimental-websocket web/test.mjs PAGE_URL DEVTOOLS_PORT KEY EXPECTED_LEVEL OUT_DIR
import { readFileSync, writeFileSync } from "node:fs";

const [pageUrl, devtoolsPort, levelKey, expectedFile, outDir] = process.argv.slice(2);
const expectedLevel = readFileSync(expectedFile, "utf8");
const started = Date.now();
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const problems = [];
const figures = {};

function fail(message) {
  console.error(`web test: ${message}`);
  process.exit(1);
}

// One page target, one WebSocket, commands by id, events to listeners.
const target = await (await fetch(`http://127.0.0.1:${devtoolsPort}/json/new?about:blank`, { method: "PUT" })).json();
const socket = new WebSocket(target.webSocketDebuggerUrl);
await new Promise((ready, broken) => { socket.onopen = ready; socket.onerror = broken; });
let nextId = 1;
const pending = new Map();
const listeners = [];
socket.onmessage = (message) => {
  const data = JSON.parse(message.data);
  if (data.id && pending.has(data.id)) {
    const { done, failed } = pending.get(data.id);
    pending.delete(data.id);
    data.error ? failed(new Error(JSON.stringify(data.error))) : done(data.result);
  } else if (data.method) {
    for (const listen of listeners) listen(data);
  }
};
function send(method, params = {}) {
  const id = nextId++;
  socket.send(JSON.stringify({ id, method, params }));
  return new Promise((done, failed) => pending.set(id, { done, failed }));
}

// Every console error and uncaught exception is a failure, but for winit's way of
// starting its event loop (a thrown "Using exceptions for control flow", caught by the page).
const harmless = (text) => text.includes("Using exceptions for control flow");
listeners.push(({ method, params }) => {
  if (method === "Runtime.consoleAPICalled" && params.type === "error") {
    const text = params.args.map((a) => a.value ?? a.description ?? "").join(" ");
    if (!harmless(text)) problems.push(`console error: ${text}`);
  }
  if (method === "Runtime.exceptionThrown") {
    const text = params.exceptionDetails.exception?.description ?? params.exceptionDetails.text;
    if (!harmless(text)) problems.push(`uncaught: ${text}`);
  }
  if (method === "Log.entryAdded" && params.entry.level === "error" && !harmless(params.entry.text)) {
    // The browser's own: a missing favicon is not the game's.
    if (!params.entry.url?.endsWith("favicon.ico")) problems.push(`log error: ${params.entry.text}`);
  }
});
await send("Runtime.enable");
await send("Log.enable");
await send("Page.enable");
await send("Emulation.setDeviceMetricsOverride", { width: 1280, height: 800, deviceScaleFactor: 1, mobile: false });

/** Evaluates in the page. A page that is navigating (Esc and Quit open the title by
 *  loading the page again) has no context to evaluate in for a moment: asked then, the
 *  question is asked again once the new page is there, for up to ten seconds. */
async function evaluate(expression) {
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      const { result } = await send("Runtime.evaluate", { expression, returnByValue: true });
      return result.value;
    } catch (error) {
      const navigating = /navigated or closed|context with specified id|context was destroyed/i.test(error.message);
      if (!navigating || Date.now() > until) throw error;
      await sleep(100);
    }
  }
}
const text = (id) => evaluate(`document.getElementById(${JSON.stringify(id)})?.textContent ?? ""`);

/** The state the page exposes, as an object: screen, turn, depth, player, seed, key. */
async function state() {
  const lines = (await text("delve-state")).split("\n").filter(Boolean);
  return Object.fromEntries(lines.map((line) => {
    const colon = line.indexOf(": ");
    return [line.slice(0, colon), line.slice(colon + 2)];
  }));
}

/** The page's state once `test` holds of it, or, after `seconds`, the last state seen
 *  and whether it held: for a step the test may try again elsewhere. */
async function poll(test, seconds, pollMs) {
  const until = Date.now() + seconds * 1000;
  let last;
  while (Date.now() < until) {
    last = await state();
    if (test(last)) return { held: true, last };
    await sleep(pollMs);
  }
  return { held: false, last };
}

async function waitFor(what, test, seconds = 60, pollMs = 100) {
  const { held, last } = await poll(test, seconds, pollMs);
  if (held) return last;
  fail(`${what}: not within ${seconds} s; the page's state was ${JSON.stringify(last)}; ${problems.join("; ")}`);
}

async function open(url) {
  const loaded = Date.now();
  await send("Page.navigate", { url });
  return loaded;
}

async function key(name, code, keyCode, text) {
  const common = { key: name, code, windowsVirtualKeyCode: keyCode, nativeVirtualKeyCode: keyCode };
  await send("Input.dispatchKeyEvent", { type: "keyDown", ...common, ...(text ? { text } : {}) });
  await send("Input.dispatchKeyEvent", { type: "keyUp", ...common });
}
const keys = {
  Enter: ["Enter", "Enter", 13, "\r"],
  F5: ["F5", "F5", 116],
  c: ["c", "KeyC", 67, "c"],
  Escape: ["Escape", "Escape", 27],
  y: ["y", "KeyY", 89, "y"],
  ArrowLeft: ["ArrowLeft", "ArrowLeft", 37],
  ArrowRight: ["ArrowRight", "ArrowRight", 39],
  ArrowUp: ["ArrowUp", "ArrowUp", 38],
  ArrowDown: ["ArrowDown", "ArrowDown", 40],
  n: ["n", "KeyN", 78, "n"],
  h: ["h", "KeyH", 72, "h"],
  ".": [".", "Period", 190, "."],
  End: ["End", "End", 35],
};
const press = (name) => key(...keys[name]);

async function screenshot(name) {
  const { data } = await send("Page.captureScreenshot", { format: "png" });
  writeFileSync(`${outDir}/${name}.png`, Buffer.from(data, "base64"));
  return data;
}

async function focusGame() {
  await evaluate(`document.getElementById("delve").focus()`);
}

/** Times, in the page, the last key reaching the canvas and the last change of the
 *  state the page exposes (written at the end of the frame that took the turn, which is
 *  drawn right after): the key-to-frame figure, without the test's polling in it. */
async function watchTimes() {
  await evaluate(`(() => {
    window.delveTimes = {};
    document.getElementById("delve").addEventListener("keydown",
      () => { window.delveTimes.key = performance.now(); }, true);
    new MutationObserver(() => { window.delveTimes.state = performance.now(); })
      .observe(document.getElementById("delve-state"), { childList: true, characterData: true, subtree: true });
  })()`);
}

/** Presses move keys until the turn passes and the player stands elsewhere. */
async function moveSomewhere() {
  const before = await state();
  for (const name of ["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"]) {
    const pressed = Date.now();
    await press(name);
    const after = await waitFor(`the turn after ${name}`, (s) => s.turn !== before.turn || Date.now() - pressed > 3000, 10, 5);
    if (after.player !== before.player) {
      const times = await evaluate("window.delveTimes");
      if (times?.key && times?.state > times.key) {
        (figures.keyToFrameMs ??= []).push(Math.round(times.state - times.key));
      }
      return after;
    }
  }
  fail(`no move key moved the player from ${before.player}`);
}

// 1. The title screen.
const loaded = await open(pageUrl);
await waitFor("the title screen", (s) => s.screen === "Title", 120);
figures.pageLoadToTitleMs = Date.now() - loaded;
await focusGame();
await watchTimes();
await screenshot("1-title");

// 2. Enter starts a run; a move changes the map.
await press("Enter");
const playing = await waitFor("a run in play after Enter", (s) => s.screen === "Playing" && s.turn !== undefined);
await sleep(500);
const shotBefore = await screenshot("2-run");
const moved = await moveSomewhere();
await sleep(500);
const shotAfter = await screenshot("3-moved");
if (shotBefore === shotAfter) fail("the picture did not change after a move");
console.log(`moved: ${playing.player} -> ${moved.player}, turn ${moved.turn}`);

// 2b. The mouse: the tile under the pointer shows the way there; a click travels.
const canvas = await evaluate(`(() => { const r = document.getElementById("delve").getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()`);
const centre = [canvas[0] + canvas[2] / 2, canvas[1] + canvas[3] / 2];
const mouse = (type, x, y, extra = {}) => send("Input.dispatchMouseEvent", { type, x, y, ...extra });
let clicked;
// A run's seed is new each time: a tile may lie under a panel, off the map or out of
// reach, and a monster coming into view rightly stops travel. Each try that does not
// reach its tile is kept, and the test fails only when none does.
const tries = [];
for (const [dx, dy] of [[3, 0], [-3, 0], [0, 3], [0, -3], [2, 2], [-2, -2], [2, -2], [-2, 2], [4, 1], [-4, -1]]) {
  const here = await state();
  const [x, y] = [centre[0] + dx * 32, centre[1] + dy * 32];
  await mouse("mouseMoved", x, y);
  const pointed = await poll((s) => s.pointer !== undefined && s.pointer !== here.player, 5, 20);
  if (!pointed.held) {
    tries.push(`${dx},${dy}: no tile under the pointer (${JSON.stringify(pointed.last)})`);
    continue;
  }
  const hovered = pointed.last;
  if (Number(hovered.route) < 2) {
    tries.push(`${dx},${dy}: ${hovered.pointer} is ${hovered.route} steps away`);
    continue;
  }
  await mouse("mousePressed", x, y, { button: "left", clickCount: 1 });
  await mouse("mouseReleased", x, y, { button: "left", clickCount: 1 });
  const travel = await poll((s) => s.player === hovered.pointer, 10, 20);
  if (!travel.held) {
    tries.push(`${dx},${dy}: a click on ${hovered.pointer} from ${here.player} stopped at ${travel.last.player}, saying "${travel.last.said}"`);
    continue;
  }
  clicked = { from: here.player, to: travel.last.player, route: hovered.route };
  break;
}
if (!clicked) fail(`no click near the player travelled to its tile: ${tries.join("; ")}`);
await screenshot("3b-clicked");
console.log(`mouse: hovered ${clicked.to} (${clicked.route} steps), clicked, travelled from ${clicked.from}${tries.length ? `; before it: ${tries.join("; ")}` : ""}`);

// 3. F5 saves; a reload and Continue resume the same turn.
await press("F5");
await sleep(1000);
const saved = await state();
await open(pageUrl);
await waitFor("the title after reloading", (s) => s.screen === "Title", 120);
await focusGame();
await press("c");
await watchTimes();
const resumed = await waitFor("the run continued", (s) => s.screen === "Playing" && s.turn !== undefined);
if (resumed.turn !== saved.turn || resumed.seed !== saved.seed || resumed.player !== saved.player) {
  fail(`Continue after F5 gave turn ${resumed.turn} at ${resumed.player} (seed ${resumed.seed}); saved was turn ${saved.turn} at ${saved.player} (seed ${saved.seed})`);
}
console.log(`F5, reload, Continue: turn ${resumed.turn} again`);

// 3b. The run is recorded in the page's storage as it goes, one recording continued
// across the reload (not a second one), each step a line of it.
const recordings = JSON.parse(await evaluate(`JSON.stringify(Object.keys(localStorage)
  .filter((k) => k.startsWith("delve/recordings/") && !k.includes("#")))`));
if (recordings.length !== 1) fail(`the storage holds ${recordings.length} recordings: ${recordings.join(", ")}`);
const recorded = await evaluate(`atob(localStorage.getItem(${JSON.stringify(recordings[0])}).replace(/^[0-9]+[|]/, ""))`);
const recordedLines = recorded.trim().split("\n").length;
if (recordedLines < 3) fail(`the recording ${recordings[0]} holds ${recordedLines} lines:\n${recorded}`);
console.log(`recorded in ${recordings[0]}: ${recordedLines} lines so far`);

// 4. Leaving mid-run without F5 keeps the run too (the save on leaving).
const further = await moveSomewhere();
await open("about:blank");
await sleep(500);
await open(pageUrl);
await waitFor("the title after leaving", (s) => s.screen === "Title", 120);
await focusGame();
await press("c");
const kept = await waitFor("the run kept on leaving", (s) => s.screen === "Playing" && s.turn !== undefined);
if (kept.turn !== further.turn || kept.player !== further.player) {
  fail(`after leaving at turn ${further.turn} (${further.player}), Continue gave turn ${kept.turn} (${kept.player})`);
}
console.log(`left at turn ${further.turn}, Continue: turn ${kept.turn}`);

// 5. Esc saves and quits to the title screen (a page has no window to close).
const beforeEsc = await moveSomewhere();
await press("Escape");
await sleep(300);
await press("y"); // Esc asks first
await waitFor("the title after Esc", (s) => s.screen === "Title", 120);
await focusGame();
await press("c");
const afterEsc = await waitFor("the run after Esc", (s) => s.screen === "Playing" && s.turn !== undefined);
if (afterEsc.turn !== beforeEsc.turn || afterEsc.player !== beforeEsc.player) {
  fail(`Esc at turn ${beforeEsc.turn} (${beforeEsc.player}), Continue gave turn ${afterEsc.turn} (${afterEsc.player})`);
}
console.log(`Esc at turn ${beforeEsc.turn}, title, Continue: turn ${afterEsc.turn}`);

// 6. A level key as a link: that very level.
await open(`${pageUrl}?key=${encodeURIComponent(levelKey)}`);
const onLevel = await waitFor("the level of the key", (s) => s.key === levelKey, 120);
const level = await text("delve-level");
if (level !== expectedLevel) {
  writeFileSync(`${outDir}/level-in-page.txt`, level);
  fail(`the page's level is not what delve gen --key ${levelKey} prints (see ${outDir}/level-in-page.txt)`);
}
await screenshot("4-key-link");
console.log(`?key=${levelKey}: depth ${onLevel.depth}, the level delve gen --key prints`);
const runLink = await evaluate(`document.getElementById("level-link").getAttribute("href")`);
if (runLink !== `?key=${levelKey}`) fail(`the level link is ${runLink}`);
// The link started a run at once over the run saved in step 5, so it asked first
// whether to continue that one (its new run would replace it when saved): y does.
await focusGame();
await press("y");
const continuedOverLink = await waitFor("the saved run, continued instead of the link's",
  (s) => s.turn === afterEsc.turn && s.player === afterEsc.player, 120);
console.log(`?key= over a saved run asked; y continued it at turn ${continuedOverLink.turn}`);

// 7. A link that cannot be played says so in the page.
await open(`${pageUrl}?key=NOT-A-KEY`);
await sleep(3000);
const error = await evaluate(`document.getElementById("error").hidden ? "" : document.getElementById("error").textContent`);
if (!error.includes("?key=")) fail(`a bad key link showed no error naming it (${JSON.stringify(error)})`);
// That refusal is a console error on purpose; it is the only one allowed.
const expected = problems.filter((p) => p.includes("cannot be played"));
const others = problems.filter((p) => !p.includes("cannot be played"));
if (expected.length === 0) fail("the bad link's refusal was not reported on the console");
if (others.length > 0) fail(`errors in the console:\n  ${others.join("\n  ")}`);

// 8. A finished run is watched from the title's history page, its recording read from
// the page's storage: a run of seed 3 whose player only waits (the rats of depth 1 kill
// them within a hundred turns); Esc leaves the end screen for the title, h opens the
// history, Enter watches the newest run, End jumps to its last turn. The recording is
// written out for web/test to replay natively.
await open(`${pageUrl}?seed=3`);
await waitFor("the run of ?seed=3 asking about the saved run", (s) => s.screen === "Playing" && s.seed === "3", 120);
await focusGame();
await press("n"); // play the link's run, not the saved one
let ended;
for (let waits = 0; waits < 2000 && !ended; waits += 1) {
  await press(".");
  if (waits % 10 === 9) {
    const now = await state();
    if (now.screen === "Ended") ended = now;
  }
}
ended ??= await waitFor("the waiting player's death", (s) => s.screen === "Ended", 30);
await screenshot("5-ended");
await press("Escape");
await waitFor("the title after the end screen", (s) => s.screen === "Title", 120);
await focusGame();
await press("h");
await sleep(500);
await press("Enter");
const watching = await waitFor("the run watched from the history page", (s) => s.screen === "Watching" && s.seed === "3", 120);
await press("End");
const atEnd = await waitFor("the watch at the run's last turn", (s) => s.turn === ended.turn && s.player === ended.player, 60);
await screenshot("6-watched");
console.log(`history: seed 3 died at turn ${ended.turn}; watched from turn ${watching.turn}, End reached turn ${atEnd.turn} at ${atEnd.player}`);
// The run's recording, made by the wasm build, goes to the out folder: web/test
// replays it with the native delve (another machine's replay of a bug report).
// An entry that grew by appends is in parts: its key holds "N|" and the first part's
// base64, then KEY#2 … KEY#N the others'.
const deathParts = JSON.parse(await evaluate(`JSON.stringify((() => {
  const keys = Object.keys(localStorage).filter((k) => k.includes("seed-3") && k.endsWith(".rec"));
  if (keys.length !== 1) return { keys: Object.keys(localStorage) };
  const first = localStorage.getItem(keys[0]);
  const counted = first.match(/^([0-9]+)[|]([^]*)$/);
  const parts = [counted ? counted[2] : first];
  for (let n = 2; n <= (counted ? Number(counted[1]) : 1); n += 1) parts.push(localStorage.getItem(keys[0] + "#" + n));
  return { key: keys[0], parts };
})())`));
if (!deathParts.parts) fail(`the storage holds no one recording of the run of seed 3: ${deathParts.keys.join(", ")}`);
const deathRecording = Buffer.concat(deathParts.parts.map((part) => Buffer.from(part, "base64")));
writeFileSync(`${outDir}/seed-3.rec`, deathRecording);
const lateProblems = problems.filter((p) => !p.includes("cannot be played"));
if (lateProblems.length > 0) fail(`errors in the console:\n  ${lateProblems.join("\n  ")}`);

figures.wholeTestS = Math.round((Date.now() - started) / 1000);
writeFileSync(`${outDir}/figures.json`, JSON.stringify(figures, null, 2) + "\n");
console.log(`web test passed: ${JSON.stringify(figures)}`);
socket.close();
process.exit(0);
