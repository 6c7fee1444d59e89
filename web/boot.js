import "./storage_guard.js"; // (before PyScript: storage the browser refuses)
import "../vendor/pyscript/0.7.31/core.js"; // (PyScript picks up the scripts added below)
import { parse as parseToml } from "../vendor/pyscript/0.7.31/toml-V4Savzlc.js";
import "./unpack.js"; // (writes page.pack's modules out before start.py runs)

// Names read as the page's Python reads them (web/shared/query.py parse_query): trimmed and in any case,
// values trimmed, the last of a name winning (QUERY).
const PAIRS = [...new URLSearchParams(location.search)]
  .map(([name, value]) => [name.trim().toLowerCase(), value.trim()]);
const QUERY = new Map(PAIRS);
// Embedded in another site (embed.html?play=1 sends it here as index.html?embed=1): any
// embed=1, as dom.embedded() reads it.
const EMBEDDED = PAIRS.some(([name, value]) => name === "embed" && value === "1");

// The boot order (docs/architecture.md "Boot path"): the main thread's MicroPython first,
// then the engine's Pyodide worker.

// The engine's worker: <script type="py" worker name="engine" src="./web/worker/worker.py">, added
// here with pyscript.toml's settings handed over as JSON in its `config` attribute, as
// PyScript's own create_named_worker does. Given the file's name instead, the worker would
// fetch pyscript.toml and import PyScript's TOML parser itself before it could start loading
// Pyodide: ≈ 40-60 ms more on the boot's critical path. The page has both at hand already
// (preloaded; PyScript parsed mpy.toml with the same parser). Without its settings the
// worker would fetch Pyodide from a CDN, which the CSP forbids (the page would wait
// forever): if the file cannot be read, no worker is created and the reason goes to
// body[data-boot-error] (a code: "settings"), which the main thread words (web/page/controller.py).
async function startWorker() {
  let config;
  try {
    const response = await fetch("./pyscript.toml");
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    config = JSON.stringify(parseToml(await response.text()));
  } catch (err) {
    console.error("Nos: pyscript.toml could not be read:", err);
    document.body.dataset.bootError = "settings";
    return;
  }
  const script = document.createElement("script");
  script.type = "py";
  script.setAttribute("worker", "");
  script.setAttribute("name", "engine");
  script.setAttribute("config", config);
  script.src = "./web/worker/worker.py";
  document.body.append(script);
}

// Starts the main thread's MicroPython (web/page/start.py), before the engine's worker: the
// worker's start is short, and started first it slowed the table frame by competing for the
// cores (docs/performance.md, "a lighter first visit"). PyScript picks up the added <script
// type="mpy"> and its config from index.html's <mpy-config>.
function startMain() {
  const script = document.createElement("script");
  script.type = "mpy";
  script.src = "./web/page/start.py";
  document.body.append(script);
}

// The word catalogue of the language the page showed last (a hint web/page/language.py
// keeps), fetched and read now instead of once MicroPython runs: language.py still decides
// the language, and uses this text only if it is the one decided. Once the text is here
// (`text`, null if it could not be had), MicroPython takes it without awaiting anything:
// each await before the table frame lets the main thread's other tasks go first
// (≈ 20-30 ms on a warm boot, docs/performance.md).
try {
  const shown = localStorage.getItem("nos.lang.shown");
  if (/^[a-z]{2}$/.test(shown ?? "")) {
    const early = { lang: shown, arrived: false, text: null };
    early.reading = fetch(`./web/words/${shown}.json`)
      .then((response) => (response.ok ? response.text() : null))
      .catch(() => null)
      .then((text) => {
        early.text = text;
        early.arrived = true;
        return text;
      });
    globalThis.nosWords = early;
  }
} catch {
  // no storage (private mode, a sandboxed iframe): MicroPython fetches the words itself
}

// The header's height as --top, for the play column to fill the rest of the screen
// (assets/app.css): the header wraps to more rows on narrower screens.
const header = document.querySelector("header.top");
if (header && "ResizeObserver" in globalThis) {
  new ResizeObserver(() => {
    document.documentElement.style.setProperty("--top", `${header.offsetHeight}px`);
  }).observe(header);
}

// A device joining a table (index.html#join=…, docs/together.md): the host's engine holds
// the game, so this page starts no engine of its own and loads no Pyodide.
const GUEST = location.hash.startsWith("#join=");
// Played together's transport and QR codes (web/together/), loaded when a table is opened
// or joined: the page imports them through this, and a guest at once.
globalThis.nosTogether = () =>
  Promise.all([import("./together/rtc.js"), import("./together/qr.js")]);
// A new invitation opened in this tab changes only the fragment: join anew from it.
window.addEventListener("hashchange", () => {
  if (location.hash.startsWith("#join=")) location.reload();
});

if (GUEST) {
  // (asked for before MicroPython: its connection is made while MicroPython loads, and its
  // answer, on the way to the first view, need not wait for it)
  globalThis.nosTogether()
    .then(() => globalThis.nosRtc.prepare())
    .catch((err) => console.error("Nos: together:", err));
}
startMain();
if (!GUEST) startWorker();

// Registers the offline service worker (sw.js) once the person can play, so that precaching
// the runtimes (about 13 MB) does not compete with booting and the
// first game; 15 s after the engine is ready at the latest. No inline script: the CSP
// forbids it.
let registered = false;

function registerServiceWorker() {
  // Embedded in another site (embed.html?play=1), the app does not install itself there.
  if (registered || !("serviceWorker" in navigator) || EMBEDDED) return;
  registered = true;
  navigator.serviceWorker.register("./sw.js").catch((err) => {
    console.error("Nos: service worker registration failed:", err);
  });
}

if (document.body?.dataset.state === "playable") registerServiceWorker();
else window.addEventListener("nos:playable", registerServiceWorker, { once: true });
window.addEventListener("nos:ready", () => setTimeout(registerServiceWorker, 15000), { once: true });

// A new version that installed itself in the background (sw.js: skipWaiting, clients.claim)
// takes over from the one this page runs: say so quietly and offer a reload (the game in
// progress is saved after every action, so a reload keeps it). Not on the first install
// (no controller before it), whose version is the one running; but on every later one,
// also in a page opened before the first install.
if ("serviceWorker" in navigator) {
  let controller = navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    const notice = document.getElementById("update-notice");
    if (controller && notice) notice.hidden = false;
    controller = navigator.serviceWorker.controller;
  });
  document.getElementById("update-reload")?.addEventListener("click", () => location.reload());
}

// The page's colours (assets/app.css): the system's light or dark unless the header's switch
// chose one, remembered in this browser. Embedded (?embed=1), the host's ?bg= decides (dark,
// the felt's, unless it asks) and nothing is stored. Set here, before MicroPython starts, so
// the page never flashes.
const THEME_KEY = "nos.theme.v1";
const THEMES = ["system", "light", "dark"];

function applyTheme(choice) {
  if (choice === "light" || choice === "dark") document.documentElement.dataset.theme = choice;
  else delete document.documentElement.dataset.theme;
}

// Embedded, the iframe is as tall as the table (nos:resize), so a dialog centred in it can lie
// half below the host's screen (on a phone its buttons did). There a dialog opens at the top
// of the table (assets/app.css) and is scrolled to the top of the host's screen: browsers
// let a frame scroll its host this far, and no further.
if (EMBEDDED && globalThis.HTMLDialogElement) {
  const showModal = HTMLDialogElement.prototype.showModal;
  HTMLDialogElement.prototype.showModal = function () {
    showModal.call(this);
    // (Once its content is drawn: MicroPython fills some dialogs right after opening them.)
    requestAnimationFrame(() => this.open && this.scrollIntoView({ block: "start" }));
  };
}

function storedTheme() {
  try {
    const choice = localStorage.getItem(THEME_KEY);
    return THEMES.includes(choice) ? choice : "system";
  } catch {
    return "system"; // no storage (private mode, a sandboxed iframe)
  }
}

{
  const bg = QUERY.get("bg");
  const choice = EMBEDDED ? (THEMES.includes(bg) ? bg : "dark") : storedTheme();
  applyTheme(choice);
  const select = document.getElementById("theme-select");
  if (select) {
    select.value = choice;
    select.addEventListener("change", () => {
      applyTheme(select.value);
      if (EMBEDDED) return;
      try {
        localStorage.setItem(THEME_KEY, select.value);
      } catch {
        // not remembered: the choice holds for this visit
      }
    });
  }
}
