// pyscript.toml's `interpreter` for the engine's worker: the vendored Pyodide, with only the
// standard library the worker needs, compiled (web/python_stdlib.zip, scripts/trim_stdlib.mjs:
// a fresh start then compiles nothing), started from a memory snapshot
// (web/pyodide-snapshot.bin, scripts/snapshot_pyodide.mjs) when the browser already holds
// one, which skips CPython's own start (docs/performance.md). PyScript imports this module
// instead of pyodide.mjs and calls its loadPyodide as it would Pyodide's.
//
// The snapshot is used only from the browser's own copy (kept in Cache Storage): a first
// visit starts Pyodide as usual rather than wait for 5 MB more, and does not fetch it either:
// most first visits are the only one, and a fresh start is not much slower. A while after
// the fresh start of a second visit, the snapshot is fetched at low priority and kept, for
// the visits after it. Should the snapshot be unusable (another Pyodide's, taken with
// another standard library, damaged), Pyodide starts as usual and the console says why.
// (First: PyScript awaits an IndexedDB cache before it calls loadPyodide; refused, from memory.)
import "./storage_guard.js";
import { loadPyodide as loadVendored, version } from "../vendor/pyodide/314.0.7/pyodide.mjs";

export { version };

// PyScript passes the folder of its `interpreter` (this one) as indexURL; Pyodide's files are
// in the vendored folder. (Paths in Node, where tests/e2e/pyodide_start.mjs runs this.)
function beside(relative) {
  const url = new URL(relative, import.meta.url);
  return url.protocol === "file:" ? url.pathname : url.href;
}
const INDEX_URL = beside("../vendor/pyodide/314.0.7/");
const STDLIB_URL = beside("./python_stdlib.zip");
const SNAPSHOT_URL = new URL("./pyodide-snapshot.bin", import.meta.url).href;
const MAGIC = "NOSSNAP1";

// How the last loadPyodide started, for the engine's handshake (web/worker/engine_api.py hello).
globalThis.nosPyodideStart = "not started";

// The snapshot, and the number of fresh starts so far, are kept in the origin's Cache Storage
// (a worker has no localStorage; not the service worker's cache, which holds each deploy's
// files and is replaced by the next). Without Cache Storage (not a secure context) Pyodide
// always starts afresh.
const STORE = "nos.snapshot";
const FRESH_STARTS = new URL("./fresh-starts", import.meta.url).href; // never requested

async function store() {
  return typeof caches === "undefined" ? null : caches.open(STORE);
}

// Asked at once, while PyScript prepares the worker, not when loadPyodide is called.
let copyAtHand = localCopy();

async function localCopy() {
  try {
    const kept = await store();
    return (kept && (await kept.match(SNAPSHOT_URL))) || null;
  } catch {
    return null;
  }
}

// The comment of a zip file whose last bytes are `tail` (its build stamp: a zip's end
// record is 22 bytes, its comment at most 65535 more), or null.
export function zipComment(tail) {
  for (let at = tail.length - 22; at >= 0; at--) {
    if (tail[at] === 0x50 && tail[at + 1] === 0x4b && tail[at + 2] === 5 && tail[at + 3] === 6) {
      const length = tail[at + 20] | (tail[at + 21] << 8);
      if (at + 22 + length === tail.length) {
        return new TextDecoder().decode(tail.subarray(at + 22, at + 22 + length));
      }
    }
  }
  return null;
}

// The comment of the standard library's zip Pyodide mounted (/lib/python3XX.zip).
function mountedStdlib(FS) {
  const name = FS.readdir("/lib").find((n) => /^python\d+\.zip$/.test(n));
  if (!name) return null;
  const path = `/lib/${name}`;
  const size = FS.stat(path).size;
  const tail = new Uint8Array(Math.min(size, 22 + 65535));
  const stream = FS.open(path, "r");
  try {
    FS.read(stream, tail, 0, tail.length, size - tail.length);
  } finally {
    FS.close(stream);
  }
  return zipComment(tail);
}

// The snapshot's memory image, inflated straight into place from the file's runs of
// non-zero pages (no copy of the whole inflated file: ≈ 15 MB less at the peak). `into`
// receives the file's header.
async function memoryImage(response, into) {
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
  Object.assign(into, header);
  const memory = new Uint8Array(header.size);
  for (const [first, count] of header.runs) {
    const start = first * header.page;
    await fill(memory.subarray(start, Math.min(start + count * header.page, header.size)));
  }
  if (at !== chunk.length || !(await reader.read()).done) throw new Error("a damaged snapshot");
  return memory;
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL, stdLibURL: STDLIB_URL };
  const copy = await (copyAtHand ?? localCopy()); // a response is read once
  copyAtHand = null;
  if (copy) {
    try {
      // A promise: Pyodide fetches its own files meanwhile. Should it fail, loadPyodide
      // fails with it once it waits for it (handled here, not "unhandled").
      const header = {};
      const image = memoryImage(copy, header);
      image.catch(() => {});
      const pyodide = await loadVendored({ ...settings, _loadSnapshot: image });
      // Its zipimport knows the zip it was taken with: with another, imports would fail.
      const mounted = mountedStdlib(pyodide.FS);
      if (mounted !== header.stdlib) {
        throw new Error(`a snapshot taken with the standard library ${header.stdlib}, not ${mounted}`);
      }
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
  countFreshStart().then((count) => {
    if (count >= 2) setTimeout(keepForNextVisit, 2000);
  });
  return pyodide;
}

// This fresh start, counted at once (a visit may end within seconds); the count so far.
async function countFreshStart() {
  try {
    const kept = await store();
    if (!kept) return 0;
    const seen = await kept.match(FRESH_STARTS);
    const count = (seen ? Number(await seen.text()) || 0 : 0) + 1;
    await kept.put(FRESH_STARTS, new Response(String(count)));
    return count;
  } catch {
    return 0;
  }
}

// A second visit's fresh start fetches the snapshot (at low priority, 2 s after the start,
// once the worker's own files are in and the first game is dealt), for the visits after it.
// A copy that could not be used (another Pyodide's, another standard library's) is replaced
// by the host's current one the same way.
async function keepForNextVisit() {
  try {
    const response = await fetch(SNAPSHOT_URL, { priority: "low", cache: "no-cache" });
    if (response.ok) await (await store()).put(SNAPSHOT_URL, response);
  } catch {
    // offline, or the host has none: the next start is a fresh one again
  }
}
