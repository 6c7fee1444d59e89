// pyscript.toml's `interpreter` for the engine's worker: the vendored Pyodide, started from
// a memory snapshot (web/pyodide-snapshot.bin, scripts/snapshot_pyodide.mjs) when the browser
// already holds one, which skips CPython's own start: about 1 s of the worker's 1.5 s here
// (docs/performance.md "Pyodide from a memory snapshot"). PyScript imports this module
// instead of pyodide.mjs and calls its loadPyodide as it would Pyodide's.
//
// The snapshot is used only from the browser's own copy (the service worker's cache, or the
// HTTP cache): a first visit starts Pyodide as usual rather than wait for 6 MB more. After
// such a fresh start the snapshot is fetched at low priority, so that the HTTP cache holds it
// for the next visit even where no service worker runs (the service worker's precache then
// gets a 304 for it). Should the snapshot be unusable (another Pyodide's, damaged), Pyodide
// starts as usual and the console says why.
import { loadPyodide as loadVendored, version } from "../vendor/pyodide/314.0.7/pyodide.mjs";

export { version };

// PyScript passes the folder of its `interpreter` (this one) as indexURL; Pyodide's files are
// in the vendored folder. (A path in Node, where tests/e2e/pyodide_start.mjs runs this.)
const vendored = new URL("../vendor/pyodide/314.0.7/", import.meta.url);
const INDEX_URL = vendored.protocol === "file:" ? vendored.pathname : vendored.href;
const SNAPSHOT_URL = new URL("./pyodide-snapshot.bin", import.meta.url).href;
const MAGIC = "NOSSNAP1";

// How the last loadPyodide started, for the engine's handshake (web/engine_api.py hello).
globalThis.nosPyodideStart = "not started";

// Asked at once, while PyScript prepares the worker, not when loadPyodide is called.
let copyAtHand = localCopy();

async function localCopy() {
  try {
    const response = await fetch(SNAPSHOT_URL, { cache: "only-if-cached", mode: "same-origin" });
    return response.ok ? response : null;
  } catch {
    return null; // not in the browser's caches
  }
}

// The snapshot's memory image from the file's runs of non-zero pages.
async function memoryImage(response) {
  const inflated = response.body.pipeThrough(new DecompressionStream("gzip"));
  const data = new Uint8Array(await new Response(inflated).arrayBuffer());
  const magic = new TextDecoder().decode(data.subarray(0, MAGIC.length));
  if (magic !== MAGIC) throw new Error("not a Nos Pyodide snapshot");
  const length = new DataView(data.buffer).getUint32(MAGIC.length, true);
  let offset = MAGIC.length + 4;
  const header = JSON.parse(new TextDecoder().decode(data.subarray(offset, offset + length)));
  if (header.pyodide !== version) {
    throw new Error(`a snapshot of Pyodide ${header.pyodide}, not ${version}`);
  }
  offset += length;
  const memory = new Uint8Array(header.size);
  for (const [first, count] of header.runs) {
    const start = first * header.page;
    const end = Math.min(start + count * header.page, header.size); // the last page: short
    memory.set(data.subarray(offset, offset + end - start), start);
    offset += end - start;
  }
  if (offset !== data.length) throw new Error("a damaged snapshot");
  return memory;
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  const copy = await (copyAtHand ?? localCopy()); // a response is read once
  copyAtHand = null;
  if (copy) {
    try {
      // A promise: Pyodide fetches and compiles its own files meanwhile. Should it fail,
      // loadPyodide fails with it, once it waits for it (handled here, not "unhandled").
      const image = memoryImage(copy);
      image.catch(() => {});
      const pyodide = await loadVendored({ ...settings, _loadSnapshot: image });
      // The snapshot froze the `random` module's state as it was in the build: reseed it
      // from the browser's entropy, as a fresh start would have.
      pyodide.runPython("import random\nrandom.seed()");
      globalThis.nosPyodideStart = "snapshot";
      return pyodide;
    } catch (err) {
      console.warn("Nos: Pyodide's snapshot could not be used, so Pyodide starts afresh:", err);
    }
  }
  const pyodide = await loadVendored(settings);
  globalThis.nosPyodideStart = "fresh";
  if (!copy) keepForNextVisit();
  return pyodide;
}

function keepForNextVisit() {
  fetch(SNAPSHOT_URL, { priority: "low" })
    .then((response) => response.arrayBuffer())
    .catch(() => {}); // offline, or the host has none: the next start is a fresh one again
}
