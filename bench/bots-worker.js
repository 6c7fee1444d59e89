// Page of bench/bots_browser.py: starts a real dedicated Worker (bots-worker-thread.mjs, a
// module worker) and hands it the Pyodide location, the Python files to copy into its file
// system (from ./nos-files.json, written by bots_browser.py) and the job (?job=<JSON>).
// Progress goes to the console as "bots-bench: {...}"; the outcome goes to #status
// (data-state "done" or "error") and, as JSON, to #result.
const status = document.getElementById("status");
const result = document.getElementById("result");

function finish(state, text, data) {
  result.textContent = JSON.stringify(data);
  status.textContent = text;
  status.dataset.state = state;
}

try {
  const job = JSON.parse(new URLSearchParams(location.search).get("job") || "{}");
  const manifest = await (await fetch("./nos-files.json", { cache: "no-store" })).json();
  const worker = new Worker("./bots-worker-thread.mjs", { type: "module", name: "bots-bench" });
  const started = performance.now();
  worker.onmessage = (event) => {
    const msg = event.data;
    if (msg.type === "progress") {
      console.log("bots-bench: " + JSON.stringify(msg.data));
    } else if (msg.type === "result") {
      msg.data.page_ms = Math.round(performance.now() - started);
      msg.data.user_agent = navigator.userAgent;
      msg.data.hardware_concurrency = navigator.hardwareConcurrency;
      finish("done", "Done.", msg.data);
      worker.terminate();
    } else if (msg.type === "error") {
      finish("error", "Worker failed: " + msg.error, { error: msg.error });
      worker.terminate();
    }
  };
  worker.onerror = (event) => {
    finish("error", "Worker error: " + event.message, { error: String(event.message) });
  };
  worker.postMessage({ pyodide: manifest.pyodide, files: manifest.files, job });
  status.textContent = "Worker running…";
  status.dataset.state = "running";
} catch (err) {
  finish("error", "Page failed: " + err, { error: String(err) });
}
