// Drives web/pyodide.mjs in Node for tests/e2e/test_snapshot.py: starts Pyodide through it
// twice, with the browser's Cache Storage played by a stub that holds FILE as the snapshot
// (or nothing), and prints one JSON line per start:
//   {"start": how it started, "path": sys.path, "random": random.random(), "sum": 1 + 1}
//
//   node tests/e2e/pyodide_start.mjs FILE|-
import fs from "node:fs";

const file = process.argv[2];
const kept = {
  match: async (url) =>
    String(url).endsWith("/web/pyodide-snapshot.bin") && file !== "-"
      ? new Response(fs.readFileSync(file))
      : undefined,
  put: async () => {},
};
globalThis.caches = { open: async (name) => (name === "nos.snapshot" ? kept : null) };
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
