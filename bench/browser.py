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
import gzip
import importlib.metadata
import io
import json
import os
import platform
import re
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from urllib.parse import unquote

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from scripts.browser_env import CHROMIUM, CHROMIUM_ARGS, is_local, launch_args, stop_process

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "test-results" / "browser-bench.json"
SERVE = ROOT / "scripts" / "serve.py"
BENCH_FILES = ["bench/raw-pyodide.html", "bench/raw-pyodide.js",
               "bench/raw-snapshot.html", "bench/raw-snapshot.js"]
ERROR_SELECTOR = "#app[data-state=error], #status[data-state=error]"
MODES = ("cold", "warm", "warm_http")
# One run; every other run goes in reverse, so no page or mode always goes first.
ORDER = [("app", "cold"), ("raw", "cold"), ("app", "warm"), ("raw", "warm"), ("app", "warm_http"),
         ("snap", "warm")]
MB = 1024 * 1024
QUIET_CORES = 0.25  # a load is "quiet" if other processes used fewer cores meanwhile
LOG_LINE = re.compile(r'"(GET|HEAD) (\S+) HTTP/[\d.]+" (\d{3})')


class BenchError(RuntimeError):
    pass


# ---------------------------------------------------------------- the site


class Site:
    """The directory served: the working tree, or a snapshot of a git commit."""

    def __init__(self, ref: str | None, tmp: Path):
        self.ref = ref
        if ref is None:
            self.root = ROOT
            self.commit = _git("rev-parse", "--short", "HEAD")
            self.dirty = bool(_git("status", "--porcelain", "--", "web", "nos", "index.html"))
        else:
            self.root = tmp / "site"
            self.commit = _git("rev-parse", "--short", f"{ref}^{{commit}}")
            self.dirty = False
            self._snapshot(ref)
        self.check()

    def _snapshot(self, ref: str) -> None:
        if not self.commit:
            raise BenchError(f"--ref {ref}: not a commit of {ROOT}")
        self.root.mkdir(parents=True)
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", "--format=tar", self.commit],
            capture_output=True,
            check=True,
            timeout=120,
        ).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(self.root, filter="data")
        if not (ROOT / "vendor").is_dir():
            raise BenchError("vendor/ missing: run `make vendor` first")
        shutil.rmtree(self.root / "vendor", ignore_errors=True)
        shutil.copytree(ROOT / "vendor", self.root / "vendor", copy_function=_link_or_copy)
        for rel in BENCH_FILES:  # the bench's own page, as in the working tree
            (self.root / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, self.root / rel)
        # The engine's compiler (build_web.py) runs the npm pyodide package from node_modules/.
        (self.root / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
        build = self.root / "scripts" / "build_web.py"
        if build.is_file():  # the build outputs and sw-manifest.js of that commit
            subprocess.run(
                [sys.executable, str(build), "--root", str(self.root)],
                capture_output=True,
                check=True,
                timeout=120,
            )

    def check(self) -> None:
        missing = [p for p in ("vendor", "sw-manifest.js") if not (self.root / p).exists()]
        if missing:
            raise BenchError(f"{', '.join(missing)} missing: run `make vendor` first")
        toml = (self.root / "pyscript.toml").read_text(encoding="utf-8")
        match = re.search(r'^interpreter\s*=\s*"\./([^"]+)"', toml, re.M)
        interpreter = self.root / match.group(1) if match else None
        if interpreter is None or not interpreter.is_file():
            raise BenchError("pyscript.toml names no local Pyodide interpreter")
        # The vendored Pyodide: the interpreter itself, or the one it wraps (web/pyodide.mjs).
        text = interpreter.read_text(encoding="utf-8") if interpreter.suffix == ".mjs" else ""
        found = re.search(r"(/vendor/pyodide/[^/\"]+/)pyodide\.mjs", "/" + match.group(1))
        found = found or re.search(r'"(?:\.\./|\./|/)*(vendor/pyodide/[^/"]+/)pyodide\.mjs"', text)
        if not found:
            raise BenchError(f"{match.group(1)} is not, and does not load, a vendored Pyodide")
        index_url = "/" + found.group(1).strip("/") + "/"
        raw_js = (self.root / BENCH_FILES[1]).read_text(encoding="utf-8")
        if f'indexURL: "{index_url}"' not in raw_js:
            raise BenchError(f"{BENCH_FILES[1]} does not load the app's Pyodide {index_url}")
        if not (self.root / index_url.strip("/") / "pyodide.asm.wasm").is_file():
            raise BenchError(f"{index_url}pyodide.asm.wasm missing: run `make vendor`")
        self.stale_build = self._stale()

    def _stale(self) -> bool:
        """True if the build (web/worker.zip) lags its sources (run `make vendor`)."""
        build = self.root / "scripts" / "build_web.py"
        if not build.is_file():
            return False
        done = subprocess.run(
            [sys.executable, str(build), "--root", str(self.root), "--check"],
            capture_output=True,
            timeout=60,
        )
        return done.returncode != 0

    def playable_mark(self) -> str:
        """`nos:playable` once web/ sets that mark, else `nos:ready` (the last one before)."""
        pattern = re.compile(r"""mark\(\s*["']nos:playable["']""")
        for path in sorted((self.root / "web").rglob("*")):
            if path.suffix in (".py", ".js") and pattern.search(path.read_text(encoding="utf-8")):
                return "nos:playable"
        return "nos:ready"


def _link_or_copy(src, dst):
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)
    return dst


def _git(*args: str) -> str:
    try:
        done = subprocess.run(
            ["git", "-C", str(ROOT), *args], capture_output=True, text=True, timeout=30
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


class Server:
    """scripts/serve.py in its own process on a free port; its request log goes to a file,
    from which `bytes_between` counts what it sent."""

    def __init__(self, site: Site, log: Path, timeout: float = 20.0):
        self.site = site
        self.log_path = log
        self._log = open(log, "wb")  # noqa: SIM115 - closed in stop()
        self._sizes: dict[str, tuple[int, int]] = {}
        self.proc = subprocess.Popen(
            [
                sys.executable,
                str(SERVE),  # the working tree's server for every --ref: one instrument
                "--port",
                "0",
                "--directory",
                str(site.root),
            ],
            stdout=subprocess.PIPE,
            stderr=self._log,
            text=True,
        )
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        line = self.proc.stdout.readline() if ready else ""
        match = re.search(r":(\d+)/", line)
        if not match:
            self.stop()
            raise BenchError(f"serve.py did not start: {line!r}")
        self.url = f"http://127.0.0.1:{match.group(1)}/"

    def log_offset(self) -> int:
        return self.log_path.stat().st_size

    def _size(self, url_path: str) -> tuple[int, int]:
        """(raw, gzip -6) size of the file that answers url_path."""
        if url_path not in self._sizes:
            rel = unquote(url_path).lstrip("/")
            path = self.site.root / rel
            if not rel or path.is_dir():
                path = path / "index.html"
            data = path.read_bytes() if path.is_file() else b""
            self._sizes[url_path] = (len(data), len(gzip.compress(data, 6, mtime=0)))
        return self._sizes[url_path]

    def bytes_between(self, start: int, end: int | None = None) -> dict:
        """Requests and body bytes the server sent between two log offsets."""
        with open(self.log_path, "rb") as f:
            f.seek(start)
            text = f.read(None if end is None else max(0, end - start)).decode(errors="replace")
        out = {"requests": 0, "full": 0, "not_modified": 0, "raw": 0, "gzip6": 0}
        for method, target, status in LOG_LINE.findall(text):
            out["requests"] += 1
            if status == "304":
                out["not_modified"] += 1
            elif status == "200" and method == "GET":
                out["full"] += 1
                raw, gz = self._size(target.split("?", 1)[0].split("#", 1)[0])
                out["raw"] += raw
                out["gzip6"] += gz
        return out

    def stop(self) -> None:
        stop_process(self.proc)
        self._log.close()


# ---------------------------------------------------------------- /proc: memory, CPU


def _proc_table() -> dict[int, tuple[int, int]]:
    """pid -> (ppid, CPU ticks: utime + stime + cutime + cstime)."""
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            rest = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        table[int(entry)] = (int(rest[1]), sum(int(x) for x in rest[11:15]))
    return table


def _descendants(table: dict[int, tuple[int, int]]) -> list[int]:
    """This process and everything it started (Playwright's driver, Chromium, the server)."""
    children: dict[int, list[int]] = {}
    for pid, (ppid, _) in table.items():
        children.setdefault(ppid, []).append(pid)
    out, todo = [], [os.getpid()]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(children.get(pid, []))
    return out


def cpu_sample() -> tuple[float, int, int]:
    """(time, busy ticks of the whole machine, CPU ticks of this process tree)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    busy = sum(fields[:3]) + sum(fields[5:8])  # user nice system + irq softirq steal
    table = _proc_table()
    mine = sum(table[pid][1] for pid in _descendants(table) if pid in table)
    return time.monotonic(), busy, mine


def other_cpu_cores(before: tuple[float, int, int], after: tuple[float, int, int]) -> float:
    """Mean number of cores that processes outside this benchmark kept busy in between."""
    seconds = after[0] - before[0]
    others = (after[1] - before[1]) - (after[2] - before[2])
    return round(max(0, others) / os.sysconf("SC_CLK_TCK") / seconds, 2) if seconds > 0 else 0.0


def wait_for_idle(max_seconds: float) -> float:
    """Wait (up to max_seconds) for a second in which other processes used < QUIET_CORES
    cores; returns the seconds waited. Other jobs on a 2-core box skew a load badly."""
    start = time.monotonic()
    while time.monotonic() - start < max_seconds:
        before = cpu_sample()
        time.sleep(1.0)
        if other_cpu_cores(before, cpu_sample()) < QUIET_CORES:
            break
    return round(time.monotonic() - start, 1)


def renderer_memory() -> dict:
    """Peak (VmHWM) of the Chromium renderer processes descending from this process.

    Only one browser runs at a time, so the largest is the page's renderer (its dedicated
    worker runs inside it); the others are small spares and the service worker's."""
    hwm = []
    for pid in _descendants(_proc_table()):
        try:
            if b"--type=renderer" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        match = re.search(r"^VmHWM:\s+(\d+) kB", status, re.M)
        if match:
            hwm.append(int(match.group(1)) * 1024)
    if not hwm:
        return {}
    return {"renderer_peak_mb": round(max(hwm) / MB, 1), "renderers": len(hwm)}


# ---------------------------------------------------------------- browser


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

SERVER_METRICS = ["server_requests", "server_bytes", "server_gzip6", "other_cpu_cores"]
METRICS = {
    "app": [
        "frame",
        "playable",
        "ready",
        "ready_to_playable",
        "bot_pauses",
        "playable_less_pauses",
        "renderer_peak_mb",
        "main_js_heap_mb",
        *SERVER_METRICS,
    ],
    "raw": ["loaded", "python", "renderer_peak_mb", "main_js_heap_mb", *SERVER_METRICS],
    "snap": ["loaded", "python", "renderer_peak_mb", "main_js_heap_mb", *SERVER_METRICS],
}


def stats(values: list[float]) -> dict:
    return {
        "median": round(statistics.median(values), 1),
        "min": round(min(values), 1),
        "max": round(max(values), 1),
        "n": len(values),
    }


def summarize(runs: list[dict]) -> dict:
    summary: dict = {}
    ok = [r for r in runs if "error" not in r]
    for page_name, metrics in METRICS.items():
        for mode in MODES:
            rows = [r for r in ok if (r["page"], r["mode"]) == (page_name, mode)]
            for metric in metrics:
                values = [r[metric] for r in rows if metric in r]
                if values:
                    summary.setdefault(page_name, {}).setdefault(mode, {})[metric] = stats(values)
    return summary


def ratios(runs: list[dict], summary: dict) -> dict:
    """app playable / raw loadPyodide: of the medians, and the median of the per-run pairs
    (`warm_http`, the app without its service worker, is compared with raw `warm`)."""
    out = {}
    ok = [r for r in runs if "error" not in r]
    for mode in MODES:
        raw_mode = "warm" if mode == "warm_http" else mode
        try:
            app = summary["app"][mode]["playable"]["median"]
            raw = summary["raw"][raw_mode]["loaded"]["median"]
        except KeyError:
            continue
        app_runs = {r["run"]: r for r in ok if (r["page"], r["mode"]) == ("app", mode)}
        raw_runs = {r["run"]: r for r in ok if (r["page"], r["mode"]) == ("raw", raw_mode)}
        pairs = [(app_runs[i], raw_runs[i]) for i in app_runs if i in raw_runs]
        paired = [a["playable"] / r["loaded"] for a, r in pairs]
        net = [a["playable_less_pauses"] / r["loaded"] for a, r in pairs
               if "playable_less_pauses" in a]
        quiet = [
            a["playable"] / r["loaded"]
            for a, r in pairs
            if max(a["other_cpu_cores"], r["other_cpu_cores"]) < QUIET_CORES
        ]
        # Where no computer player had a turn before the person's first (R4: a new game's
        # holder of the highest double sets), playable is the boot alone: no bot's pause,
        # move or drawing in it.
        first = [a["playable"] / r["loaded"] for a, r in pairs if a.get("bot_pauses") == 0]
        ready = [a["ready"] / r["loaded"] for a, r in pairs if "ready" in a]

        def median(xs: list[float]) -> float | None:
            return round(statistics.median(xs), 3) if xs else None

        out[mode] = {
            "of_medians": round(app / raw, 3),
            "median_of_pairs": median(paired),
            "median_of_quiet_pairs": median(quiet),
            "quiet_pairs": len(quiet),
            "less_pauses_median_of_pairs": median(net),
            "person_first_median_of_pairs": median(first),
            "person_first_pairs": len(first),
            "pairs": len(pairs),
            "ready_median_of_pairs": median(ready),
        }
        # Against the second floor: the app's own Pyodide start from its snapshot, bare.
        snap_runs = {r["run"]: r for r in ok if (r["page"], r["mode"]) == ("snap", "warm")}
        over_snap = [a["playable"] / snap_runs[i]["loaded"] for i, a in app_runs.items()
                     if i in snap_runs and mode != "cold"]
        out[mode]["snapshot_floor_median_of_pairs"] = median(over_snap)
    return out


def goals(summary: dict, ratio: dict) -> dict:
    """app playable <= 1.15x raw loadPyodide; table drawn warm <= 0.5 s (medians)."""
    out = {}
    for mode, r in ratio.items():
        out[f"{mode}: app playable / raw loadPyodide <= 1.15"] = {
            "value": r["of_medians"],
            "met": r["of_medians"] <= 1.15,
        }
    for mode in ("warm", "warm_http"):
        frame = summary.get("app", {}).get(mode, {}).get("frame")
        if frame:
            median = frame["median"]
            out[f"{mode}: table drawn <= 500 ms"] = {"value": median, "met": median <= 500}
    return out


def _cell(s: dict | None, scale: float = 1.0, digits: int = 0) -> str:
    if not s:
        return "-"
    m, lo, hi = (s[k] / scale for k in ("median", "min", "max"))
    return f"{m:.{digits}f} ({lo:.{digits}f}-{hi:.{digits}f})"


def print_report(result: dict) -> None:
    meta, summary = result["meta"], result["summary"]
    site = meta["site"]
    print()
    print(
        f"Nos browser bench {meta['date']}: {meta['runs']} runs, site {site}, app "
        f"{meta['app_url']}, Chromium "
        f"{meta['chromium']}, {meta['cpus']} cores, load avg {meta['loadavg_start']} -> "
        f"{meta['loadavg_end']}"
    )
    rows = [
        ("app", "frame", "app  table drawn (nos:frame), ms", 1, 0),
        ("app", "playable", f"app  playable ({meta['playable_mark']}), ms", 1, 0),
        ("app", "ready", "app  engine ready (nos:ready), ms", 1, 0),
        ("app", "ready_to_playable", "app  nos:ready -> playable, ms", 1, 0),
        ("app", "bot_pauses", "app  bots' pauses before that, ms", 1, 0),
        ("app", "playable_less_pauses", "app  playable less those pauses, ms", 1, 0),
        ("raw", "loaded", "raw  loadPyodide resolved, ms", 1, 0),
        ("raw", "python", "raw  + `1 + 1` ran, ms", 1, 0),
        ("snap", "loaded", "snap loadPyodide, web/pyodide.mjs, ms", 1, 0),
        ("app", "renderer_peak_mb", "app  renderer peak VmHWM, MB", 1, 0),
        ("raw", "renderer_peak_mb", "raw  renderer peak VmHWM, MB", 1, 0),
        ("app", "main_js_heap_mb", "app  main-thread JS heap, MB", 1, 1),
        ("raw", "main_js_heap_mb", "raw  main-thread JS heap, MB", 1, 1),
        ("app", "server_bytes", "app  MB sent to the last mark", MB, 2),
        ("raw", "server_bytes", "raw  MB sent to the last mark", MB, 2),
        ("app", "server_gzip6", "app  same, gzip -6", MB, 2),
        ("raw", "server_gzip6", "raw  same, gzip -6", MB, 2),
        ("app", "other_cpu_cores", "app  other processes' CPU, cores", 1, 2),
        ("raw", "other_cpu_cores", "raw  other processes' CPU, cores", 1, 2),
    ]
    print(f"{'median (min-max)':<38}{'cold':>19}{'warm':>19}{'warm, SW blocked':>19}")
    for page_name, metric, label, scale, digits in rows:
        by_mode = summary.get(page_name, {})
        if not any(metric in by_mode.get(m, {}) for m in MODES):
            continue
        cells = [_cell(by_mode.get(m, {}).get(metric), scale, digits) for m in MODES]
        print(f"{label:<38}" + "".join(f"{c:>19}" for c in cells))
    for mode, r in result["ratios"].items():
        quiet = r["median_of_quiet_pairs"]
        quiet = f"{quiet:.2f}x" if quiet is not None else "-"
        print(
            f"app playable / raw loadPyodide, {mode}: {r['of_medians']:.2f}x (medians), "
            f"{r['median_of_pairs']:.2f}x (median of per-run pairs), {quiet} (of the "
            f"{r['quiet_pairs']} pairs where others used < {QUIET_CORES} cores)"
        )
        if r.get("less_pauses_median_of_pairs") is not None:
            print(f"  less the bots' pauses, {mode}: {r['less_pauses_median_of_pairs']:.2f}x "
                  "(median of per-run pairs)")
        if 0 < r.get("person_first_pairs", 0) < r.get("pairs", 0):  # else: as above
            print(f"  the {r['person_first_pairs']} runs where the person acted first, {mode}: "
                  f"{r['person_first_median_of_pairs']:.2f}x (median of per-run pairs)")
        if r.get("ready_median_of_pairs") is not None:
            print(f"  engine ready / raw loadPyodide, {mode}: {r['ready_median_of_pairs']:.2f}x "
                  "(median of per-run pairs)")
        if r.get("snapshot_floor_median_of_pairs") is not None:
            print(f"  app playable / snap loadPyodide (from the snapshot, bare page), {mode}: "
                  f"{r['snapshot_floor_median_of_pairs']:.2f}x (median of per-run pairs)")
    starts = {}
    for row in result["runs"]:
        if row.get("pyodide_start"):
            counts = starts.setdefault(f"{row['page']} {row['mode']}", {})
            counts[row["pyodide_start"]] = counts.get(row["pyodide_start"], 0) + 1
    if starts:  # web/pyodide.mjs: from its memory snapshot, or afresh
        print("Pyodide started: " + "; ".join(
            f"{mode}: " + ", ".join(f"{n} {how}" for how, n in sorted(counts.items()))
            for mode, counts in starts.items()))
    for name, g in result["goals"].items():
        print(f"goal {name}: {g['value']} -> {'met' if g['met'] else 'NOT met'}")
    for key, b in result["cold_bytes"].items():
        if "error" in b:
            print(f"bytes {key}: {b['error']}")
            continue
        s = b["settled"]
        print(
            f"bytes {key}, until the network settles: {s['full']} files + "
            f"{s['not_modified']} x 304, {s['raw'] / MB:.2f} MB raw, "
            f"{s['gzip6'] / MB:.2f} MB gzip-6"
        )
    if result["errors"]:
        print(f"{len(result['errors'])} failed measurement(s):")
        for e in result["errors"]:
            print(f"  {e}")


@contextlib.contextmanager
def serving(ref: str | None, where: Path):
    """The site (the working tree, or a snapshot of commit `ref`, built in `where`) and
    scripts/serve.py serving it; stopped on the way out."""
    site = Site(ref, where)
    server = Server(site, where / "serve.log")
    try:
        yield site, server
    finally:
        server.stop()


def brief(row: dict) -> str:
    """One measurement in a line."""
    if "error" in row:
        return row["error"]
    marks = [f"{k} {row[k]:.0f}" for k in ("frame", "ready", "playable", "loaded") if k in row]
    if row.get("pyodide_start"):
        marks[-1] += f" (Pyodide {row['pyodide_start']})"
    waited = f" (after {row['idle_wait_s']} s idle wait)" if row.get("idle_wait_s", 0) > 1 else ""
    return (
        f"{', '.join(marks)} ms; renderer {row.get('renderer_peak_mb', '?')} MB; "
        f"{row['server_bytes'] / MB:.2f} MB sent; others used {row['other_cpu_cores']} cores"
        f"{waited}"
    )


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
