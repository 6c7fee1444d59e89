// Baseline for bench/browser.py: load the vendored Pyodide on the main thread, run one
// trivial statement, and leave performance marks (ms from navigation start):
//   raw:loaded  loadPyodide() resolved
//   raw:python  `1 + 1` ran
// The path must match pyscript.toml's `interpreter` (bench/browser.py checks it).
import { loadPyodide } from "/vendor/pyodide/314.0.7/pyodide.mjs";

const status = document.getElementById("status");
try {
  const pyodide = await loadPyodide({ indexURL: "/vendor/pyodide/314.0.7/" });
  performance.mark("raw:loaded");
  const answer = pyodide.runPython("1 + 1");
  performance.mark("raw:python");
  status.textContent = `Pyodide ${pyodide.version}: 1 + 1 = ${answer}`;
  status.dataset.state = answer === 2 ? "ready" : "error";
} catch (err) {
  status.textContent = `Pyodide failed: ${err}`;
  status.dataset.state = "error";
  console.error("raw-pyodide:", err);
}
