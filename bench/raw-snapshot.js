// Second floor for bench/browser.py: the app's web/pyodide.mjs on a bare page, main thread,
// with the same performance marks as raw-pyodide.js (ms from navigation start):
//   raw:loaded  loadPyodide() resolved (from the snapshot once the browser keeps it: the
//               first visits start afresh, and one of them fetches it for the next)
//   raw:python  `1 + 1` ran
import { loadPyodide } from "/web/pyodide.mjs";

const status = document.getElementById("status");
try {
  const pyodide = await loadPyodide();
  performance.mark("raw:loaded");
  const answer = pyodide.runPython("1 + 1");
  performance.mark("raw:python");
  status.textContent = `Pyodide ${pyodide.version} (${globalThis.nosPyodideStart}): 1 + 1 = ${answer}`;
  status.dataset.start = globalThis.nosPyodideStart;
  status.dataset.state = answer === 2 ? "ready" : "error";
} catch (err) {
  status.textContent = `Pyodide failed: ${err}`;
  status.dataset.state = "error";
  console.error("raw-snapshot:", err);
}
