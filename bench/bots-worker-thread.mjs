// Dedicated module worker of bench/bots-worker.html: loads the vendored Pyodide, copies the
// listed .py files (the nos package and bench's timing modules) into its file system, runs
// bench.bots_decisions.run(job) and posts {type: "result", data} back (or {type: "error"}).
// Every (level, player count) block posts {type: "progress", data}.
const ROOT = "/home/pyodide/site";

self.onmessage = async (event) => {
  const { pyodide: indexURL, files, job } = event.data;
  try {
    const t0 = performance.now();
    const { loadPyodide } = await import(indexURL + "pyodide.mjs");
    const pyodide = await loadPyodide({ indexURL });
    const t1 = performance.now();
    const texts = await Promise.all(
      files.map(async (path) => {
        const response = await fetch("/" + path, { cache: "no-store" });
        if (!response.ok) throw new Error(`HTTP ${response.status} for /${path}`);
        return [path, await response.text()];
      }),
    );
    for (const [path, text] of texts) {
      const full = `${ROOT}/${path}`;
      pyodide.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
      pyodide.FS.writeFile(full, text);
    }
    const t2 = performance.now();
    pyodide.globals.set("job_json", JSON.stringify(job));
    pyodide.globals.set("report", (text) => {
      self.postMessage({ type: "progress", data: JSON.parse(text) });
    });
    const out = pyodide.runPython(`
import json, sys
sys.path.insert(0, ${JSON.stringify(ROOT)})
from bench.bots_decisions import run
json.dumps(run(json.loads(job_json), progress=lambda d: report(json.dumps(d))))
`);
    const data = JSON.parse(out);
    data.pyodide_version = pyodide.version;
    data.load_pyodide_ms = Math.round(t1 - t0);
    data.copy_files_ms = Math.round(t2 - t1);
    data.files = files.length;
    data.run_ms = Math.round(performance.now() - t2);
    self.postMessage({ type: "result", data });
  } catch (err) {
    self.postMessage({ type: "error", error: String(err && err.stack ? err.stack : err) });
  }
};
