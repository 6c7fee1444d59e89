// What the Pyodide worker's Python does after Pyodide's own start, from sources (as the
// worker once did: PyScript's package, the stdlib's html and the engine compiled at every
// boot) and from web/worker.zip (what it does).
// Runs the npm pyodide package in Node, a fresh interpreter per measurement; PyScript's
// package cannot run outside a browser, so its modules are loaded but not executed.
//
//   make vendor && node bench/worker_import.mjs [runs=5]
//
// Parts, in ms: `unpack` writes the files (sources: one FS write each, as PyScript does;
// bytecode: pyodide.unpackArchive of the zip, as PyScript's "./*" does), `html` imports the
// stdlib html (pyscript.display imports it), `pyscript` gets the code objects of PyScript's
// 14 modules (compiled, or read from their hash-checked .pyc), `engine` imports engine_api
// and with it the engine.
import fs from "node:fs";
import path from "node:path";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import pyscriptPackage from "../node_modules/@pyscript/core/src/stdlib/pyscript.js";

const runs = Number(process.argv[2] || 5);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const zipPath = path.join(root, "web/worker.zip");

function sources(dir, out = []) {
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name);
    if (fs.statSync(full).isDirectory()) {
      if (name !== "__pycache__") sources(full, out);
    } else if (name.endsWith(".py")) out.push(path.relative(root, full));
  }
  return out;
}

function write(py, dest, bytes) {
  py.FS.mkdirTree(path.dirname(dest));
  py.FS.writeFile(dest, bytes);
}

async function measure(kind) {
  const py = await loadPyodide();
  py.FS.chdir("/home/pyodide");
  py.runPython("import sys; sys.path.insert(0, '')");
  const t = [performance.now()];
  if (kind === "sources") {
    for (const rel of sources(path.join(root, "nos"))) {
      write(py, `/home/pyodide/${rel}`, fs.readFileSync(path.join(root, rel)));
    }
    write(py, "/home/pyodide/engine_api.py", fs.readFileSync(path.join(root, "web/engine_api.py")));
  } else {
    py.unpackArchive(new Uint8Array(fs.readFileSync(zipPath)), "zip", { extractDir: "." });
  }
  for (const [name, text] of Object.entries(pyscriptPackage.pyscript)) {
    write(py, `/home/pyodide/pyscript/${name}`, new TextEncoder().encode(text));
  }
  t.push(performance.now());
  py.runPython("import html");
  t.push(performance.now());
  py.runPython(`
from importlib.machinery import SourceFileLoader
import os
for name in sorted(os.listdir("pyscript")):
    if name.endswith(".py"):
        SourceFileLoader(name[:-3], "pyscript/" + name).get_code(name[:-3])
`);
  t.push(performance.now());
  py.runPython("import engine_api");
  t.push(performance.now());
  const from = py.runPython("import html, engine_api; html.__file__ + ' ' + engine_api.__file__");
  if (kind === "bytecode" && !from.split(" ").every((f) => f.endsWith(".pyc"))) {
    throw new Error(`not loaded from bytecode: ${from}`);
  }
  return t.slice(1).map((x, i) => x - t[i]);
}

if (!fs.existsSync(zipPath)) {
  console.error("web/worker.zip is missing: run `make vendor` first");
  process.exit(2);
}
const parts = ["unpack", "html", "pyscript", "engine"];
const times = { sources: [], bytecode: [] };
for (let i = 0; i < runs; i++) {
  for (const kind of ["sources", "bytecode"]) times[kind].push(await measure(kind));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const totals = {};
for (const [kind, rows] of Object.entries(times)) {
  totals[kind] = median(rows.map((r) => r.reduce((a, b) => a + b, 0)));
  const each = parts.map((p, i) => `${p} ${median(rows.map((r) => r[i])).toFixed(1)}`);
  console.log(`${kind.padEnd(8)}: total ${totals[kind].toFixed(1)} ms (medians: ${each.join(", ")})`);
}
console.log(`bytecode / sources: ${(totals.bytecode / totals.sources).toFixed(2)}`);
