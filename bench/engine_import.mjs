// How long the browser's Python takes to import the engine: from the nos/ sources (as the
// worker did until session 4) and from web/nos.zip (sourceless .pyc, what it does now).
// Runs the npm pyodide package in Node, a fresh interpreter per measurement.
//
//   make vendor && node bench/engine_import.mjs [runs=5]
import fs from "node:fs";
import path from "node:path";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const runs = Number(process.argv[2] || 5);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

function sources(dir, out = []) {
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name);
    if (fs.statSync(full).isDirectory()) {
      if (name !== "__pycache__") sources(full, out);
    } else if (name.endsWith(".py")) out.push(path.relative(root, full));
  }
  return out;
}

async function importTime(kind) {
  const py = await loadPyodide();
  if (kind === "sources") {
    for (const rel of sources(path.join(root, "nos"))) {
      const dest = `/home/pyodide/${rel}`;
      py.FS.mkdirTree(path.dirname(dest));
      py.FS.writeFile(dest, fs.readFileSync(path.join(root, rel)));
    }
  } else {
    py.FS.writeFile("/home/pyodide/nos.zip", fs.readFileSync(path.join(root, "web/nos.zip")));
    py.runPython('import sys; sys.path.insert(0, "nos.zip")');
  }
  const start = performance.now();
  py.runPython("import nos.app");
  return performance.now() - start;
}

if (!fs.existsSync(path.join(root, "web/nos.zip"))) {
  console.error("web/nos.zip is missing: run `make vendor` first");
  process.exit(2);
}
const times = { sources: [], bytecode: [] };
for (let i = 0; i < runs; i++) {
  for (const kind of ["sources", "bytecode"]) times[kind].push(await importTime(kind));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [kind, xs] of Object.entries(times)) {
  console.log(`import nos.app from ${kind.padEnd(8)}: median ${median(xs).toFixed(1)} ms ` +
              `(${xs.map((x) => x.toFixed(1)).join(", ")})`);
}
console.log(`bytecode / sources: ${(median(times.bytecode) / median(times.sources)).toFixed(2)}`);
