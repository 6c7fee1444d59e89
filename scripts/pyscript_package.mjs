// PyScript's own `pyscript` package, as the worker gets it: [path, source] of each module
// (`pyscript/__init__.py`, ...), from the npm package's bundled sources. Shared by
// scripts/compile_worker.mjs (which compiles them) and scripts/trim_stdlib.mjs (which reads
// their imports).
import pyscriptPackage from "../node_modules/@pyscript/core/src/stdlib/pyscript.js";

function entries(tree, base, list = []) {
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === "string") list.push([`${base}/${name}`, value]);
    else entries(value, `${base}/${name}`, list);
  }
  return list;
}

export function pyscriptFiles() {
  return entries(pyscriptPackage.pyscript, "pyscript");
}
