import { hooks } from "../vendor/pyscript/0.7.31/core.js";
import { parse as parseToml } from "../vendor/pyscript/0.7.31/toml-V4Savzlc.js";

// The boot order (docs/architecture.md "Boot path"): the engine's Pyodide worker first, the
// main thread's MicroPython once PyScript has created that worker.

// The engine's worker: <script type="py" worker name="engine" src="./web/worker/worker.py">, added
// here with pyscript.toml's settings handed over as JSON in its `config` attribute, as
// PyScript's own create_named_worker does. Given the file's name instead, the worker would
// fetch pyscript.toml and import PyScript's TOML parser itself before it could start loading
// Pyodide: ≈ 40-60 ms more on the boot's critical path. The page has both at hand already
// (preloaded; PyScript parsed mpy.toml with the same parser). Without its settings the
// worker would fetch Pyodide from a CDN, which the CSP forbids (the page would wait
// forever): if the file cannot be read, no worker is created, the reason goes to
// body[data-boot-error], and the main thread starts at once to show it (web/page/main.py).
async function startWorker() {
  let config;
  try {
    const response = await fetch("./pyscript.toml");
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    config = JSON.stringify(parseToml(await response.text()));
  } catch (err) {
    console.error("Nos: pyscript.toml could not be read:", err);
    document.body.dataset.bootError = `its settings (pyscript.toml) could not be read (${err.message}).`;
    startMain();
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

// Starts the main thread's MicroPython (web/page/start.py) once PyScript has created the
// engine's worker, instead of before it: the worker's Pyodide, the long pole of the boot,
// then starts ≈ 100 ms earlier, and the table is still drawn well within 0.5 s
// (docs/performance.md). PyScript picks up the added <script type="mpy"> and its config
// from index.html's <mpy-config>. Should the worker never be created, MicroPython starts
// anyway after a while, so that the page can say what went wrong.
let mainStarted = false;

function startMain() {
  if (mainStarted) return;
  mainStarted = true;
  const script = document.createElement("script");
  script.type = "mpy";
  script.src = "./web/page/start.py";
  document.body.append(script);
}

// The word catalogue of the language the page showed last (a hint web/page/language.py
// keeps), fetched now instead of once MicroPython runs: language.py still decides the
// language, and uses this fetch only if it is the one decided.
try {
  const shown = localStorage.getItem("nos.lang.shown");
  if (/^[a-z]{2}$/.test(shown ?? "")) {
    const response = fetch(`./web/words/${shown}.json`).catch(() => null);
    globalThis.nosWords = { lang: shown, response };
  }
} catch {
  // no storage (private mode, a sandboxed iframe): MicroPython fetches the words itself
}

hooks.main.onWorker.add(() => setTimeout(startMain, 0));
setTimeout(startMain, 3000);
startWorker();

// Registers the offline service worker (sw.js) once the person can play, so that precaching
// the runtimes and Pyodide's snapshot (about 21 MB) does not compete with booting and the
// first game; 15 s after the engine is ready at the latest. No inline script: the CSP
// forbids it.
let registered = false;

function registerServiceWorker() {
  // Embedded in another site (embed.html?play=1), the app does not install itself there.
  if (registered || !("serviceWorker" in navigator) || /[?&]embed=1/.test(location.search)) return;
  registered = true;
  navigator.serviceWorker.register("./sw.js").catch((err) => {
    console.error("Nos: service worker registration failed:", err);
  });
}

if (document.body?.dataset.state === "playable") registerServiceWorker();
else window.addEventListener("nos:playable", registerServiceWorker, { once: true });
window.addEventListener("nos:ready", () => setTimeout(registerServiceWorker, 15000), { once: true });
