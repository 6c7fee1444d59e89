import "./storage_guard.js"; // (before PyScript: storage the browser refuses)
import { hooks } from "../vendor/pyscript/0.7.31/core.js";

// Writes the modules of page.pack (index.html) or site.pack (rules.html, embed.html) out as
// <name>.mpy files for MicroPython's `import`, in JavaScript, once PyScript has written the
// pack itself (mpy.toml's or site.toml's [files]) and before it runs start.py. The pack is a
// first line listing [name, size, …] for each module, then their bytecode one after the other
// (scripts/build_web.py). Done by MicroPython, the same writes cost the table frame ≈ 15 ms
// (docs/performance.md); here they take well under 1 ms. Should this fail, start.py sees the
// modules missing and writes them itself.
const PACKS = ["page.pack", "site.pack"];

function unpack(FS, packName) {
  const pack = FS.readFile(packName);
  const newline = pack.indexOf(10);
  const modules = JSON.parse(new TextDecoder().decode(pack.subarray(0, newline)));
  let at = newline + 1;
  for (const [name, size] of modules) {
    const slash = name.lastIndexOf("/");
    if (slash > 0 && !FS.analyzePath(name.slice(0, slash)).exists) FS.mkdirTree(name.slice(0, slash));
    FS.writeFile(`${name}.mpy`, pack.subarray(at, at + size));
    at += size;
  }
}

// No 'unsafe-eval' in the site's CSP (netlify.toml): PyScript 0.7.31 joins a worker's JS
// hooks into one function made from their text (the Function constructor) on the page as
// each script starts, and the worker makes them from that text again. Its only hook of its
// own registers
// `_pyscript` in a worker, for `pyscript.fs`, which the engine's worker never imports; no
// page adds one. With none, nothing is evaluated from text (tests/e2e/test_boot.py).
for (const name of ["onReady", "onBeforeRun", "onBeforeRunAsync", "onAfterRun", "onAfterRunAsync"]) {
  hooks.worker[name].clear();
}

hooks.main.onReady.add(({ interpreter }) => {
  const FS = interpreter?.FS;
  if (!FS) return;
  for (const packName of PACKS) {
    try {
      if (FS.analyzePath(packName).exists) unpack(FS, packName);
    } catch (err) {
      console.error(`Nos: ${packName} could not be unpacked here; start.py will:`, err);
    }
  }
});
