import { hooks } from "../vendor/pyscript/0.7.31/core.js";

// Starts the main thread's MicroPython (web/start.py) once PyScript has created the
// engine's Pyodide worker, instead of before it: the worker's Pyodide, the long pole of the
// boot, then starts ≈ 100 ms earlier, and the table is still drawn well within 0.5 s
// (docs/performance.md). PyScript picks up the added <script type="mpy"> and its config
// from index.html's <mpy-config>. Should the worker never be created, MicroPython starts
// anyway after a while, so that the page can say what went wrong.
let mainStarted = false;

function startMain() {
  if (mainStarted) return;
  mainStarted = true;
  const script = document.createElement("script");
  script.type = "mpy";
  script.src = "./web/start.py";
  document.body.append(script);
}

if (document.querySelector('script[type="py"][worker]')?.xworker) startMain();
else hooks.main.onWorker.add(() => setTimeout(startMain, 0));
setTimeout(startMain, 3000);

// Registers the offline service worker (sw.js) once the person can play, so that precaching
// the runtimes (about 15 MB) does not compete with booting and the first game; 15 s after the
// engine is ready at the latest. No inline script: the CSP forbids it.
let registered = false;

function registerServiceWorker() {
  if (registered || !("serviceWorker" in navigator)) return;
  registered = true;
  navigator.serviceWorker.register("./sw.js").catch((err) => {
    console.error("Nos: service worker registration failed:", err);
  });
}

if (document.body?.dataset.state === "playable") registerServiceWorker();
else window.addEventListener("nos:playable", registerServiceWorker, { once: true });
window.addEventListener("nos:ready", () => setTimeout(registerServiceWorker, 15000), { once: true });
