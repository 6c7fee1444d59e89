// The standard library the engine's worker starts with: only the modules it needs, compiled
// (scripts/stdlib_trim.py says how they are found; run by scripts/build_web.py and by
// tests/test_worker_stdlib.py; see docs/architecture.md "Build outputs").
//
//   node scripts/trim_stdlib.mjs OUT.zip STAMP WORKER_ZIP SOURCE...
//   node scripts/trim_stdlib.mjs --check STDLIB_ZIP WORKER_ZIP SESSIONS HANDS EXPERT SEED SOURCE...
//
// SOURCEs are the repository's Python files the worker runs (the engine, web/worker/*.py,
// the shared modules): their import statements are read, as are those of PyScript's
// `pyscript` package. WORKER_ZIP (web/worker.zip) is unpacked into the working directory, as
// PyScript does in the browser, and the worker's API is driven through SESSIONS sessions
// of HANDS hands (at most EXPERT decisions of the expert each), seeded by SEED.
// The first starts the npm `pyodide` package with its full library and writes the trimmed zip
// (its comment is STAMP); `--check` starts it with STDLIB_ZIP and prints one JSON line:
//   {"missing": [modules the full library has and STDLIB_ZIP lacks], "error": text or null,
//    "done": what the drive did}.
import fs from "node:fs";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { pyscriptFiles } from "./pyscript_package.mjs";

const FULL = new URL("../node_modules/pyodide/python_stdlib.zip", import.meta.url).pathname;
const argv = process.argv.slice(2);
const [mode, args] = argv[0] === "--check" ? ["check", argv.slice(1)] : ["build", argv];
const usage = () => {
  console.error("usage: node scripts/trim_stdlib.mjs OUT.zip STAMP WORKER_ZIP SOURCE...\n" +
    "       node scripts/trim_stdlib.mjs --check STDLIB_ZIP WORKER_ZIP SESSIONS HANDS EXPERT SEED SOURCE...");
  process.exit(2);
};

function sourcesOf(files) {
  const sources = Object.fromEntries(files.map((rel) => [rel, fs.readFileSync(rel, "utf8")]));
  for (const [name, text] of pyscriptFiles()) sources[name] = text;
  return sources;
}

async function start(stdLibURL, workerZip) {
  const options = { stdout: () => {}, stderr: (s) => console.error(s) };
  if (stdLibURL) options.stdLibURL = stdLibURL;
  const py = await loadPyodide(options);
  py.FS.writeFile("/tmp/worker.zip", fs.readFileSync(workerZip));
  py.FS.writeFile("/tmp/stdlib_trim.py", fs.readFileSync(new URL("./stdlib_trim.py", import.meta.url)));
  py.FS.writeFile("/tmp/full_stdlib.zip", fs.readFileSync(FULL));
  return py;
}

// Before anything of the worker: what Pyodide's start imported, then the finder of misses.
const PRELUDE = `
import os, sys, zipfile
sys.path.insert(0, "/tmp")
import stdlib_trim
at_start = stdlib_trim.stdlib_modules()
misses = stdlib_trim.Misses()
sys.meta_path.append(misses)
zipfile.ZipFile("/tmp/worker.zip").extractall(os.getcwd())
library = stdlib_trim.library_names("/tmp/full_stdlib.zip")
`;

if (mode === "build" && args.length >= 4) {
  const [out, stamp, workerZip, ...files] = args;
  const py = await start(null, workerZip);
  py.globals.set("SOURCES", py.toPy(sourcesOf(files)));
  py.globals.set("STAMP", stamp);
  py.runPython(`${PRELUDE}
stdlib_trim.import_each(stdlib_trim.imports_named(SOURCES), library)
stdlib_trim.drive(seed=1, sessions=9, hands=2, expert_decisions=3)
data = stdlib_trim.compiled_zip(sorted(at_start | stdlib_trim.stdlib_modules()), STAMP)
with open("/tmp/out.zip", "wb") as f:
    f.write(data)
`);
  fs.writeFileSync(out, py.FS.readFile("/tmp/out.zip"));
} else if (mode === "check" && args.length >= 6) {
  const [stdlib, workerZip, sessions, hands, expert, seed, ...files] = args;
  let py;
  try {
    py = await start(stdlib, workerZip);
  } catch (err) {
    // Pyodide's own start needs a module the zip lacks.
    console.log(JSON.stringify({ missing: [], error: `Pyodide did not start: ${err}`, done: null }));
    process.exit(0);
  }
  py.globals.set("SOURCES", py.toPy(sourcesOf(files)));
  py.globals.set("PLAN", py.toPy([Number(sessions), Number(hands), Number(expert), Number(seed)]));
  const result = py.runPython(`${PRELUDE}
import json, traceback
error = done = None
try:
    stdlib_trim.import_each(stdlib_trim.imports_named(SOURCES), library)
    sessions, hands, expert, seed = PLAN
    done = stdlib_trim.drive(seed=seed, sessions=sessions, hands=hands, expert_decisions=expert)
except Exception as exc:
    error = "".join(traceback.format_exception_only(exc)).strip()
json.dumps({"missing": sorted(n for n in misses.names if n in library), "error": error,
            "done": done})
`);
  console.log(result);
} else {
  usage();
}
