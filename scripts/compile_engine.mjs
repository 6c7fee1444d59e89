// Compiles the nos package to Python bytecode for the browser's Pyodide worker and writes it
// as one zip (run by scripts/build_web.py; docs/performance.md "Engine as bytecode").
//
//   node scripts/compile_engine.mjs OUT.zip STAMP FILE...
//
// FILEs are paths of nos/**/*.py relative to the repository root (the current directory).
// The compiler is the same npm `pyodide` package that vendor.sh serves, so the bytecode's
// magic number is the browser's. Each module goes in as a sourceless `.pyc` (unchecked
// hash: nothing to compare with at import), named like its source, with the source's path
// recorded for tracebacks. The zip is reproducible (fixed timestamps, sorted names) and its
// comment is STAMP, by which build_web.py knows whether the sources changed since.
import fs from "node:fs";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [out, stamp, ...files] = process.argv.slice(2);
if (!out || !stamp || files.length === 0) {
  console.error("usage: node scripts/compile_engine.mjs OUT.zip STAMP FILE...");
  process.exit(2);
}

const py = await loadPyodide({ stdout: () => {}, stderr: (s) => console.error(s) });
for (const rel of files) {
  const dest = `/build/${rel}`;
  py.FS.mkdirTree(dest.slice(0, dest.lastIndexOf("/")));
  py.FS.writeFile(dest, fs.readFileSync(rel));
}
py.globals.set("FILES", py.toPy(files));
py.globals.set("STAMP", stamp);
py.runPython(`
import io, py_compile, zipfile

buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
    for rel in sorted(FILES):
        pyc = "/build/" + rel + "c"
        py_compile.compile("/build/" + rel, cfile=pyc, dfile=rel, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        entry = zipfile.ZipInfo(rel + "c", date_time=(1980, 1, 1, 0, 0, 0))
        entry.compress_type = zipfile.ZIP_DEFLATED
        with open(pyc, "rb") as f:
            archive.writestr(entry, f.read())
    archive.comment = STAMP.encode()
with open("/build/out.zip", "wb") as f:
    f.write(buffer.getvalue())
`);
fs.writeFileSync(out, py.FS.readFile("/build/out.zip"));
