// Takes a memory snapshot of the npm `pyodide` package's interpreter right after its start,
// for web/pyodide.mjs to start the engine's worker from (run by scripts/build_web.py, read
// back by scripts/pyodide_snapshot.py; see docs/performance.md, "Pyodide from a memory
// snapshot").
//
//   node scripts/snapshot_pyodide.mjs OUT STAMP STDLIB_ZIP
//
// Starting Pyodide spends most of its time initialising CPython and importing the modules
// Pyodide itself needs; a snapshot of the wasm memory after that start lets the next start
// skip it (loadPyodide's `_loadSnapshot` option). The snapshot is taken in Node with the
// same pyodide.asm.wasm the browser runs, right after loadPyodide, before any of the app's
// code: nothing in it refers to a JavaScript object but Pyodide's own. It is taken with the
// standard library the browser starts with (STDLIB_ZIP, web/python_stdlib.zip): the memory
// holds zipimport's table of that zip's contents, so it is valid with that zip only, whose
// comment (its build stamp) the header names.
//
// OUT is gzip of: "NOSSNAP1", a 4-byte little-endian length, that many bytes of JSON
//   {"pyodide": version, "stamp": STAMP, "stdlib": STDLIB_ZIP's comment,
//    "size": bytes of memory, "page": 4096, "runs": [[first page, number of pages], ...]}
// and then the bytes of those runs of pages, in order (the last page of the snapshot may be
// short): about half of the 30 MB memory is zero pages, which are not stored.
// web/pyodide.mjs rebuilds the snapshot from it.
import fs from "node:fs";
import zlib from "node:zlib";
import { loadPyodide, version } from "../node_modules/pyodide/pyodide.mjs";
import { zipComment } from "../web/pyodide.mjs";

const PAGE = 4096;
const [out, stamp, stdlib] = process.argv.slice(2);
if (!out || !stamp || !stdlib) {
  console.error("usage: node scripts/snapshot_pyodide.mjs OUT STAMP STDLIB_ZIP");
  process.exit(2);
}

const pyodide = await loadPyodide({
  _makeSnapshot: true,
  stdLibURL: stdlib,
  // What a browser has (Emscripten's default), not this script's path, which Node would
  // otherwise put into sys.executable and os.environ["_"] of every browser's Python.
  _sysExecutable: "./this.program",
  stdout: () => {},
  stderr: (s) => console.error(s),
});
// loadPyodide puts the working directory ("") first on sys.path after every start, a restored
// one included: without this the browser's sys.path would have it twice.
pyodide.runPython("import sys\nif sys.path and sys.path[0] == '':\n    del sys.path[0]");
const stdlibStamp = zipComment(fs.readFileSync(stdlib));
const memory = pyodide.makeMemorySnapshot();  // the wasm memory, then Pyodide's own trailer

const pageBytes = (page) => memory.subarray(page * PAGE, Math.min((page + 1) * PAGE, memory.length));
const isZero = (page) => pageBytes(page).every((b) => b === 0);
const runs = [];
const pages = Math.ceil(memory.length / PAGE);  // the last one may be short
for (let page = 0; page < pages; ) {
  if (isZero(page)) {
    page++;
    continue;
  }
  const first = page;
  while (page < pages && !isZero(page)) page++;
  runs.push([first, page - first]);
}
const header = Buffer.from(
  JSON.stringify({ pyodide: version, stamp, stdlib: stdlibStamp, size: memory.length, page: PAGE, runs }),
);
const length = Buffer.alloc(4);
length.writeUInt32LE(header.length);
const parts = [Buffer.from("NOSSNAP1"), length, header];
for (const [first, count] of runs) {
  parts.push(Buffer.from(memory.subarray(first * PAGE, Math.min((first + count) * PAGE, memory.length))));
}
fs.writeFileSync(out, zlib.gzipSync(Buffer.concat(parts), { level: 9 }));
