"""Browser boot benchmark of the Nos web app, against bare ``loadPyodide`` in the same run.

    .venv/bin/python -m bench.browser [--runs 7] [--ref HEAD] [--idle-wait 20] [--timeout 120]
                                      [--out FILE]

Needs ``make vendor`` (vendor/, sw-manifest.js) and Debian's /usr/bin/chromium (else
Playwright's own Chromium). Starts scripts/serve.py on a free port (production headers, CSP
included) and measures, interleaved run by run so that machine load falls on all alike:

- ``app``  ``/``: ms from navigation start to the performance marks ``nos:frame`` (table
  drawn) and ``nos:playable`` (the human can act; ``nos:ready`` while web/ sets no
  ``nos:playable`` mark: the report says which). A new game's computer players may move
  before the person (R4), each after a deliberate pause (their pace): the page reports the
  sum of those pauses (body ``data-paused-ms``), and the report also gives playable less
  them;
- ``raw``  ``/bench/raw-pyodide.html``: the same vendored Pyodide on a bare page, main thread
  (``raw:loaded`` when ``loadPyodide()`` resolves, ``raw:python`` after ``1 + 1`` ran);
- ``snap`` (warm only) ``/bench/raw-snapshot.html``: the app's ``web/pyodide.mjs`` on a bare
  page, which starts Pyodide from its memory snapshot once the HTTP cache holds it: the floor
  of a warm app boot since the app starts from that snapshot (same marks as ``raw``).

Modes, each measurement in a browser process of its own:

- ``cold``: a new context (empty HTTP cache, no service worker);
- ``warm``: a persistent profile (its own per page) that already visited the page three
  times (``PRIME_VISITS``; see ``Bench.prime``): the HTTP cache, the compiled-code caches
  and, for the app, its service worker are hot, as for a returning player;
- ``warm_http`` (app only): the same with service workers blocked, i.e. the HTTP cache alone,
  to show what the service worker costs or saves.

Per measurement also: the renderer's peak memory (VmHWM of the ``--type=renderer`` processes
in /proc; the page's dedicated worker runs in its renderer), the page's main-thread JS heap
(CDP ``Performance.getMetrics``) and the bytes the server sent until the last mark. Bytes are
counted at the server from its request log: a 200 counts the file's size (raw) and that file
compressed with gzip -6 in Python (gzip), whatever serve.py sends (it gzips text, scripts and
wasm at level 1), a 304 counts nothing. Two extra cold loads per page, outside the timed runs,
count the bytes until the network settles (service worker precache included): one in a new
context (in-memory HTTP cache) and one in a fresh persistent profile (disk cache, like a
first-time visitor).

Other processes skew a load badly on a 2-core machine: before each load the benchmark waits
(``--idle-wait``, up to 20 s) for a second in which they used < 0.25 cores, and it records
for every load how many cores they kept busy meanwhile (``other_cpu_cores``).

``--ref REF`` serves a snapshot of that git commit (``git archive`` + the working tree's
vendor/, hard-linked, + ``scripts/build_web.py``) instead of the working tree: for comparing
commits, or while the working tree is mid-edit.

No ``route()`` guard here: Playwright disables the HTTP cache of a context with routes, which
would make "warm" cold. Instead Chromium resolves no host but localhost
(``--host-resolver-rules``) and requests are watched; a foreign one, an HTTP error, a page
error or a console error fails that measurement.

Prints a table and writes the figures to test-results/browser-bench.json.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import importlib.metadata
import json
import os
import platform
import re
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from bench.browser_report import brief, goals, print_report, ratios, summarize
from bench.browser_serving import (
    BENCH_FILES,
    MB,
    BenchError,
    Server,
    cpu_sample,
    other_cpu_cores,
    renderer_memory,
    serving,
    wait_for_idle,
)
from scripts.browser_env import CHROMIUM, CHROMIUM_ARGS, is_local, launch_args

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "test-results" / "browser-bench.json"
ERROR_SELECTOR = "#app[data-state=error], #status[data-state=error]"
# One run; every other run goes in reverse, so no page or mode always goes first.
ORDER = [("app", "cold"), ("raw", "cold"), ("app", "warm"), ("raw", "warm"), ("app", "warm_http"),
         ("snap", "warm")]



PRIME_VISITS = 3
PRIME_LINGER_S = 3.0


class Bench:
    def __init__(
        self, playwright, server: Server, timeout_s: float, tmp: Path, mark: str, query: str = ""
    ):
        self.pw = playwright
        self.server = server
        self.timeout_ms = int(timeout_s * 1000)
        self.tmp = tmp
        self.pages = {
            "app": {"path": query, "marks": {"frame": "nos:frame", "playable": mark}},
            "raw": {
                "path": BENCH_FILES[0],
                "marks": {"loaded": "raw:loaded", "python": "raw:python"},
            },
            "snap": {
                "path": BENCH_FILES[2],
                "marks": {"loaded": "raw:loaded", "python": "raw:python"},
            },
        }
        self.chromium_version = ""

    def _launch_args(self) -> dict:
        return launch_args(headless=True, timeout=self.timeout_ms)

    @contextlib.contextmanager
    def context(self, mode: str, profile: Path | None):
        """A fresh browser: `cold` = a new context; `warm`/`warm_http` = the persistent
        `profile` (`warm_http`: service workers blocked, so only the HTTP cache is warm)."""
        browser = context = None
        try:
            if profile is not None:
                context = self.pw.chromium.launch_persistent_context(
                    str(profile),
                    service_workers="block" if mode == "warm_http" else "allow",
                    **self._launch_args(),
                )
            else:
                browser = self.pw.chromium.launch(**self._launch_args())
                self.chromium_version = self.chromium_version or browser.version
                context = browser.new_context()
            context.set_default_timeout(self.timeout_ms)
            yield context
        finally:
            for closable in (context, browser):
                if closable is not None:
                    with contextlib.suppress(Exception):
                        closable.close()

    def load(self, context, page_name: str) -> tuple[dict, object]:
        """Open the page in a new tab; wait until all its marks are set (or it fails)."""
        problems: list[str] = []

        def on_request(request):
            if not is_local(request.url):
                problems.append(f"foreign request: {request.url}")

        def on_response(response):
            if response.status >= 400:
                problems.append(f"HTTP {response.status}: {response.url}")

        def on_console(msg):
            # A first visit of `snap` looks for the snapshot in the HTTP cache and misses it:
            # on the main thread Chromium logs that miss as an error.
            if page_name == "snap" and "ERR_CACHE_MISS" in msg.text:
                return
            if msg.type == "error":
                problems.append(f"console error: {msg.text[:500]}")

        context.on("request", on_request)
        context.on("response", on_response)
        spec = self.pages[page_name]
        names = list(spec["marks"].values())
        page = context.new_page()
        page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
        page.on("console", on_console)
        log_start = self.server.log_offset()
        cpu_before = cpu_sample()
        start = time.perf_counter()
        response = page.goto(self.server.url + spec["path"], wait_until="commit")
        # Wait in 1 s slices (the marks carry the times, so polling adds no error) to stop
        # at the first problem instead of at the timeout.
        deadline = start + self.timeout_ms / 1000
        while True:
            if problems:
                raise BenchError(f"{page_name}: " + "; ".join(problems[:3]))
            try:
                page.wait_for_function(
                    """([names, errorSelector]) =>
                        document.querySelector(errorSelector) !== null ||
                        names.every((n) => performance.getEntriesByName(n, "mark").length)""",
                    arg=[names, ERROR_SELECTOR],
                    polling=100,
                    timeout=1000,
                )
                break
            except PlaywrightTimeout:
                if time.perf_counter() > deadline:
                    raise BenchError(
                        f"{page_name}: no {' + '.join(names)} within {self.timeout_ms} ms"
                    ) from None
        wall_ms = (time.perf_counter() - start) * 1000
        others = other_cpu_cores(cpu_before, cpu_sample())
        log_end = self.server.log_offset()
        if page.query_selector(ERROR_SELECTOR) is not None:
            raise BenchError(
                f"{page_name}: the page shows an error: {page.text_content('#status')}"
            )
        found = page.evaluate(
            "Object.fromEntries(performance.getEntriesByType('mark')"
            ".map((m) => [m.name, m.startTime]))"
        )
        result = {key: round(found[name], 1) for key, name in spec["marks"].items()}
        if page_name == "app" and "nos:ready" not in names and "nos:ready" in found:
            result["ready"] = round(found["nos:ready"], 1)
            result["ready_to_playable"] = round(result["playable"] - result["ready"], 1)
        paused = page.get_attribute("body", "data-paused-ms") if page_name == "app" else None
        if paused is not None and "playable" in result:
            # The computer players' deliberate pauses (their pace) before the person's first
            # turn: a new game's bots may move first (R4). Reported apart, and subtracted.
            result["bot_pauses"] = float(paused)
            result["playable_less_pauses"] = round(result["playable"] - float(paused), 1)
        if page_name == "app":
            # How the worker's Pyodide started (web/pyodide.mjs): told by the engine's
            # handshake, which the page asks for once the game is shown.
            with contextlib.suppress(PlaywrightTimeout):
                page.wait_for_selector("#app[data-engine]", state="attached", timeout=5000)
            engine = page.get_attribute("#app", "data-engine")
            result["pyodide_start"] = json.loads(engine).get("pyodide_start") if engine else None
        elif page_name == "snap":
            result["pyodide_start"] = page.get_attribute("#status", "data-start")
        result["wall_ms"] = round(wall_ms)
        result["other_cpu_cores"] = others
        result["document_from_service_worker"] = bool(response and response.from_service_worker)
        result.update(self._js_heap(context, page))
        result.update(renderer_memory())
        sent = self.server.bytes_between(log_start, log_end)
        result["server_requests"] = sent["requests"]
        result["server_bytes"] = sent["raw"]
        result["server_gzip6"] = sent["gzip6"]
        result["_log"] = (log_start, log_end)
        if problems:
            raise BenchError(f"{page_name}: " + "; ".join(problems[:3]))
        return result, page

    @staticmethod
    def _js_heap(context, page) -> dict:
        """JS heap of the page's main thread (not its worker), via CDP, at the last mark."""
        try:
            cdp = context.new_cdp_session(page)
            cdp.send("Performance.enable")
            metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
            cdp.detach()
            return {"main_js_heap_mb": round(metrics["JSHeapUsedSize"] / MB, 1)}
        except Exception:  # a bonus figure: never fail a run for it
            return {}

    def _profile(self, page_name: str, mode: str) -> Path | None:
        return None if mode == "cold" else self.tmp / f"profile-{page_name}-{mode}"

    def measure(self, page_name: str, mode: str) -> dict:
        with self.context(mode, self._profile(page_name, mode)) as context:
            result = self.load(context, page_name)[0]
            del result["_log"]
            return result

    def prime(self, page_name: str, mode: str, visits: int = 0) -> dict:
        """The earlier visits that make a persistent profile warm (the first one installs
        the app's service worker): `visits` of them (PRIME_VISITS if 0), each kept open
        PRIME_LINGER_S after its last mark, as a returning player's would be. The app's
        first 2-3 warm loads after its service worker installs are slower (its Cache Storage
        copy of the wasm: docs/performance.md, bench.warm_series); more priming visits make
        that less likely in the timed runs, not impossible."""
        result: dict = {}
        for _ in range(visits or PRIME_VISITS):
            with self.context(mode, self._profile(page_name, mode)) as context:
                result, page = self.load(context, page_name)
                del result["_log"]
                if page_name == "app" and mode == "warm":
                    # Resolves once the service worker is active: its precache is complete.
                    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
                    page.wait_for_function("navigator.serviceWorker.controller !== null")
                time.sleep(PRIME_LINGER_S)
        return result

    def cold_bytes(self, page_name: str, fresh_profile: bool, settle_s: float = 3.0) -> dict:
        """Bytes of one cold load: to the last mark, and once the server has been idle for
        settle_s (the app's service worker precache included)."""
        profile = self.tmp / f"profile-{page_name}-first-visit" if fresh_profile else None
        with self.context("cold", profile) as context:
            result, page = self.load(context, page_name)
            start, at_mark = result["_log"]
            last, quiet_since = at_mark, time.monotonic()
            deadline = time.monotonic() + 60
            while time.monotonic() - quiet_since < settle_s and time.monotonic() < deadline:
                page.wait_for_timeout(250)
                now = self.server.log_offset()
                if now != last:
                    last, quiet_since = now, time.monotonic()
        out = {
            "to_last_mark": self.server.bytes_between(start, at_mark),
            "settled": self.server.bytes_between(start, last),
        }
        if page_name == "app":
            out["note"] = (
                "to_last_mark may include the first service worker precache requests (they "
                "start at nos:ready); the timed runs' server_bytes are exact"
            )
        return out


# ---------------------------------------------------------------- statistics and report

def machine() -> dict:
    model = ""
    with contextlib.suppress(OSError):
        match = re.search(r"^model name\s*:\s*(.+)$", Path("/proc/cpuinfo").read_text(), re.M)
        model = match.group(1) if match else ""
    mem = ""
    with contextlib.suppress(OSError):
        match = re.search(r"^MemTotal:\s*(\d+) kB", Path("/proc/meminfo").read_text(), re.M)
        mem = f"{int(match.group(1)) / MB:.1f} GiB" if match else ""
    return {"cpus": os.cpu_count(), "cpu_model": model, "mem_total": mem}


def loadavg() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


# ---------------------------------------------------------------- main


def run(args) -> dict:
    runs: list[dict] = []
    errors: list[str] = []
    cold_bytes: dict = {}
    primes: dict = {}
    tmp = Path(tempfile.mkdtemp(prefix="nos-bench-"))
    load_start = loadavg()
    try:
        with serving(args.ref, tmp) as (site, server):
            mark = site.playable_mark()
            label = f"{args.ref} ({site.commit})" if args.ref else f"working tree at {site.commit}"
            if site.dirty:
                label += " + uncommitted changes to web/nos/index.html"
            print(f"serving {label} on {server.url}; app 'playable' mark: {mark}", flush=True)
            if site.stale_build:
                print("warning: web/worker.zip is stale: run `make vendor`", flush=True)
            with sync_playwright() as pw:
                bench = Bench(pw, server, args.timeout, tmp, mark, args.app_query)
                # A commit from before web/pyodide.mjs (--ref) has no `snap` floor to measure.
                order = [(page_name, mode) for page_name, mode in ORDER if page_name != "snap"
                         or (site.root / "web" / "pyodide.mjs").is_file()]
                for page_name, mode in order:
                    if mode != "cold":
                        primes[f"{page_name} {mode}"] = bench.prime(page_name, mode)
                        print(f"primed the {mode} profile of {page_name}", flush=True)
                for i in range(args.runs):
                    for page_name, mode in order if i % 2 == 0 else order[::-1]:
                        row: dict = {"run": i, "page": page_name, "mode": mode}
                        if args.idle_wait > 0:
                            row["idle_wait_s"] = wait_for_idle(args.idle_wait)
                        try:
                            row.update(bench.measure(page_name, mode))
                        except Exception as exc:  # recorded, reported, and the run goes on
                            row["error"] = f"{type(exc).__name__}: {str(exc).splitlines()[0]}"
                            errors.append(f"run {i + 1} {page_name} {mode}: {row['error']}")
                        runs.append(row)
                        print(f"run {i + 1}/{args.runs} {page_name} {mode:<9} {brief(row)}",
                              flush=True)
                for page_name in ("app", "raw"):
                    for fresh_profile, key in ((False, "new context"), (True, "fresh profile")):
                        name = f"{page_name} cold, {key}"
                        try:
                            cold_bytes[name] = bench.cold_bytes(page_name, fresh_profile)
                        except Exception as exc:
                            cold_bytes[name] = {"error": f"{type(exc).__name__}: {exc}"}
                            errors.append(f"bytes {name}: {exc}")
                chromium_version = bench.chromium_version
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    summary = summarize(runs)
    ratio = ratios(runs, summary)
    return {
        "meta": {
            "date": dt.datetime.now().astimezone().isoformat(timespec="seconds"),
            "runs": args.runs,
            "site": label,
            "playable_mark": mark,
            "app_url": "/" + args.app_query,
            "chromium": chromium_version,
            "chromium_path": str(CHROMIUM) if CHROMIUM.exists() else "playwright",
            "chromium_args": CHROMIUM_ARGS,
            "playwright": importlib.metadata.version("playwright"),
            "python": platform.python_version(),
            **machine(),
            "loadavg_start": load_start,
            "loadavg_end": loadavg(),
            "times": "ms from navigation start (performance marks)",
            "memory": "renderer_peak_mb: largest VmHWM of the --type=renderer processes "
            "(/proc), read at the last mark; main_js_heap_mb: CDP Performance.getMetrics "
            "JSHeapUsedSize of the page's main thread (its worker not included); MB = 2**20 B",
            "other_cpu_cores": "mean number of cores kept busy by processes outside this "
            "benchmark during each load (/proc/stat busy time minus this process tree's)",
            "bytes": "counted at the server from its request log: 200 = the file's size, "
            "304 = no body; gzip6 = the same bytes "
            "gzip -6 compressed in Python (whatever serve.py sends); headers not counted",
        },
        "summary": summary,
        "ratios": ratio,
        "goals": goals(summary, ratio),
        "cold_bytes": cold_bytes,
        "warm_priming_visits": primes,
        "runs": runs,
        "errors": errors,
    }


def _sigterm(signum, frame):
    raise KeyboardInterrupt  # unwinds through the finally blocks: browser and server closed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7, help="timed runs per page and mode")
    ap.add_argument("--ref", help="serve this git commit (snapshot) instead of the work tree")
    ap.add_argument(
        "--app-query",
        default="",
        help="appended to the app's URL `/`, e.g. '?seed=1&delay=0' for the same deal and no "
        "pause between the bots' moves on every load (default: none, as a visitor comes)",
    )
    ap.add_argument(
        "--idle-wait",
        type=float,
        default=20,
        help="before each load, wait up to this many seconds for other processes to use "
        "< 0.25 cores (default 20; 0: do not wait)",
    )
    ap.add_argument("--timeout", type=float, default=120, help="seconds per load (default 120)")
    ap.add_argument("--out", type=Path, default=OUT, help=f"JSON output (default {OUT})")
    args = ap.parse_args(argv)
    if args.runs < 1:
        ap.error("--runs must be at least 1")
    signal.signal(signal.SIGTERM, _sigterm)
    try:
        result = run(args)
    except BenchError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print_report(result)
    print(f"wrote {args.out}")
    return 1 if result["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
