// Compiles everything the Pyodide worker imports after Pyodide's own start to Python
// bytecode, as one zip that PyScript unpacks into the worker's working directory
// (pyscript.toml: "./web/worker.zip" = "./*"; run by scripts/build_web.py; see
// docs/performance.md "Worker as bytecode").
//
//   node scripts/compile_worker.mjs OUT.zip STAMP FILE...
//
// FILEs are repository paths (the current directory is the repository root):
//   nos/**/*.py       the engine           -> nos/**/*.pyc
//   web/*/<name>.py   the worker's modules -> <name>.pyc
// and one more part that comes from a vendored runtime, not from this repository (the
// standard library's modules the worker needs are compiled too, in web/python_stdlib.zip:
// scripts/trim_stdlib.mjs):
//   pyscript/__pycache__/<name>.cpython-3XX.pyc  PyScript's `pyscript` package, which
//                     PyScript writes as sources into the working directory at every boot.
//
// The engine and the worker's modules go in as sourceless `.pyc` (unchecked hash:
// nothing to compare with at import), found before the stdlib because the working directory
// comes first on the worker's sys.path. PyScript's package goes in as *checked*-hash `.pyc`
// beside the sources it writes: Python uses one only if its source is byte for byte the one
// it was compiled from, so a PyScript that writes other sources just compiles them as before.
// The compiler is the same npm `pyodide` package that vendor.sh serves, so the magic number
// is the browser's. The zip is reproducible (fixed timestamps, sorted names) and its comment
// is STAMP, by which build_web.py knows whether anything changed since.
import fs from "node:fs";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { pyscriptFiles } from "./pyscript_package.mjs";

const [out, stamp, ...files] = process.argv.slice(2);
if (!out || !stamp || files.length === 0) {
  console.error("usage: node scripts/compile_worker.mjs OUT.zip STAMP FILE...");
  process.exit(2);
}

const py = await loadPyodide({ stdout: () => {}, stderr: (s) => console.error(s) });
for (const rel of files) {
  const dest = `/build/${rel}`;
  py.FS.mkdirTree(dest.slice(0, dest.lastIndexOf("/")));
  py.FS.writeFile(dest, fs.readFileSync(rel));
}
py.globals.set("FILES", py.toPy(files));
py.globals.set("PYSCRIPT", py.toPy(pyscriptFiles()));
py.globals.set("STAMP", stamp);
py.runPython(`
import io, os, py_compile, zipfile
from importlib.util import cache_from_source

UNCHECKED = py_compile.PycInvalidationMode.UNCHECKED_HASH
CHECKED = py_compile.PycInvalidationMode.CHECKED_HASH
jobs = []  # (name in the zip, source file, name shown in tracebacks, invalidation mode)
for rel in FILES:
    name = rel.rsplit("/", 1)[-1] if rel.startswith("web/") else rel  # web/*/x.py -> x.py
    jobs.append((name + "c", "/build/" + rel, rel, UNCHECKED))
for name, text in PYSCRIPT:
    # Byte for byte what PyScript writes: Path.write_text(text, encoding="utf-8").
    source = "/build/home/" + name
    os.makedirs(os.path.dirname(source), exist_ok=True)
    with open(source, "w", encoding="utf-8", newline="") as f:
        f.write(text)
    cached = cache_from_source(name)
    jobs.append((cached, source, "/home/pyodide/" + name, CHECKED))

buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
    for name, source, shown, mode in sorted(jobs):
        pyc = "/build/out/" + name
        py_compile.compile(source, cfile=pyc, dfile=shown, doraise=True, invalidation_mode=mode)
        entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        entry.compress_type = zipfile.ZIP_DEFLATED
        with open(pyc, "rb") as f:
            archive.writestr(entry, f.read())
    archive.comment = STAMP.encode()
with open("/build/out.zip", "wb") as f:
    f.write(buffer.getvalue())
`);
fs.writeFileSync(out, py.FS.readFile("/build/out.zip"));
