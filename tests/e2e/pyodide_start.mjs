// Drives web/pyodide.mjs in Node for tests/e2e/test_snapshot.py: starts Pyodide through it
// twice, with the browser's cache played by a stub of fetch that answers the snapshot's URL
// with FILE (or "not cached"), and prints one JSON line per start:
//   {"start": how it started, "path": sys.path, "random": random.random(), "sum": 1 + 1}
//
//   node tests/e2e/pyodide_start.mjs FILE|-
import fs from "node:fs";

const file = process.argv[2];
const realFetch = globalThis.fetch;
globalThis.fetch = async (url, init) => {
  if (String(url).endsWith("/web/pyodide-snapshot.bin")) {
    if (file === "-") throw new TypeError("Failed to fetch"); // only-if-cached: not cached
    return new Response(fs.readFileSync(file));
  }
  return realFetch(url, init);
};
const warnings = [];
console.warn = (...args) => warnings.push(args.map(String).join(" "));

const { loadPyodide } = await import("../../web/pyodide.mjs");
for (let i = 0; i < 2; i++) {
  const pyodide = await loadPyodide({ stdout: () => {}, stderr: () => {} });
  const out = pyodide.runPython(
    "import json, random, sys; json.dumps({'path': sys.path, 'random': random.random(), 'sum': 1 + 1})",
  );
  console.log(JSON.stringify({ start: globalThis.nosPyodideStart, warnings, ...JSON.parse(out) }));
}
