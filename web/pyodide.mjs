// pyscript.toml's `interpreter` for the engine's worker: the vendored Pyodide, started from
// a memory snapshot (web/pyodide-snapshot.bin, scripts/snapshot_pyodide.mjs) when the browser
// already holds one, which skips CPython's own start: about 1 s of the worker's 1.5 s here
// (docs/performance.md "Session 6"). PyScript imports this module
// instead of pyodide.mjs and calls its loadPyodide as it would Pyodide's.
//
// The snapshot is used only from the browser's own copy (the service worker's cache, or the
// HTTP cache): a first visit starts Pyodide as usual rather than wait for 6 MB more. A while
// after such a fresh start the snapshot is fetched at low priority, so that the HTTP cache
// holds it for the next visit even where no service worker runs (the service worker's
// precache then gets a 304 for it). Should the snapshot be unusable (another Pyodide's,
// damaged), Pyodide starts as usual and the console says why.
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

// The snapshot's memory image, inflated straight into place from the file's runs of
// non-zero pages (no copy of the whole inflated file: ≈ 15 MB less at the peak).
async function memoryImage(response) {
  const reader = response.body.pipeThrough(new DecompressionStream("gzip")).getReader();
  let chunk = new Uint8Array(0);
  let at = 0;
  const fill = async (target) => {
    for (let filled = 0; filled < target.length; ) {
      if (at === chunk.length) {
        const { done, value } = await reader.read();
        if (done) throw new Error("a damaged snapshot");
        [chunk, at] = [value, 0];
      }
      const n = Math.min(target.length - filled, chunk.length - at);
      target.set(chunk.subarray(at, at + n), filled);
      filled += n;
      at += n;
    }
    return target;
  };
  const head = await fill(new Uint8Array(MAGIC.length + 4));
  if (new TextDecoder().decode(head.subarray(0, MAGIC.length)) !== MAGIC) {
    throw new Error("not a Nos Pyodide snapshot");
  }
  const length = new DataView(head.buffer).getUint32(MAGIC.length, true);
  const header = JSON.parse(new TextDecoder().decode(await fill(new Uint8Array(length))));
  if (header.pyodide !== version) {
    throw new Error(`a snapshot of Pyodide ${header.pyodide}, not ${version}`);
  }
  const memory = new Uint8Array(header.size);
  for (const [first, count] of header.runs) {
    const start = first * header.page;
    await fill(memory.subarray(start, Math.min(start + count * header.page, header.size)));
  }
  if (at !== chunk.length || !(await reader.read()).done) throw new Error("a damaged snapshot");
  return memory;
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  const copy = await (copyAtHand ?? localCopy()); // a response is read once
  copyAtHand = null;
  if (copy) {
    try {
      // A promise: Pyodide fetches its own files meanwhile. Should it fail, loadPyodide
      // fails with it once it waits for it (handled here, not "unhandled").
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
  keepForNextVisit();
  return pyodide;
}

// 2 s later, once the worker's own files are in and the first game is dealt (fetched at
// once, its 6 MB competed with them). Revalidated, so that an unusable copy in the HTTP
// cache (e.g. of the Pyodide before an upgrade: "only-if-cached" ignores its age) is
// replaced by the host's current one.
function keepForNextVisit() {
  setTimeout(() => {
    fetch(SNAPSHOT_URL, { priority: "low", cache: "no-cache" })
      .then((response) => response.arrayBuffer())
      .catch(() => {}); // offline, or the host has none: the next start is a fresh one again
  }, 2000);
}
