"""What bench/browser.py (and bench/ab.py, bench/warm_series.py) serve and watch: the site
(the working tree or a snapshot of a git commit, built), scripts/serve.py serving it with its
request log read back, and the machine's other load and the renderer's memory read from
/proc, so that a load taken while other processes were busy can be told apart."""

from __future__ import annotations

import contextlib
import gzip
import io
import os
import re
import select
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path
from urllib.parse import unquote

from scripts.browser_env import stop_process

ROOT = Path(__file__).resolve().parent.parent
SERVE = ROOT / "scripts" / "serve.py"
MB = 1024 * 1024
BENCH_FILES = ["bench/raw-pyodide.html", "bench/raw-pyodide.js",
               "bench/raw-snapshot.html", "bench/raw-snapshot.js"]
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
