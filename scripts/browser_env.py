"""What the browser tests and the browser benchmarks share: how Chromium is launched here, what
counts as a local request, and scripts/serve.py as a subprocess on a free port."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
SERVE = ROOT / "scripts" / "serve.py"
# Debian's Chromium; Playwright's own browser is used only when it is missing.
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Belt and braces with the tests' route guard: no other host even resolves, but the
    # mDNS names (*.local) that stand for WebRTC's host candidates: without them two pages
    # never connect ("play together", tests/e2e/test_rtc_link.py).
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost, "
    "EXCLUDE *.local",
]
LOCAL_HOSTS = {"127.0.0.1", "localhost"}
LOCAL_SCHEMES = {"data", "blob", "about"}


def launch_args(**extra: object) -> dict:
    """Keyword arguments for ``chromium.launch``: Debian's Chromium when present."""
    args: dict = {"args": list(CHROMIUM_ARGS), **extra}
    if CHROMIUM.exists():
        args["executable_path"] = str(CHROMIUM)
    return args


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in LOCAL_SCHEMES:
        return True
    return parts.scheme in ("http", "https", "ws", "wss") and parts.hostname in LOCAL_HOSTS


class Server:
    """scripts/serve.py as a subprocess on a free port; ``url`` ends with '/'."""

    def __init__(self, directory: Path = ROOT):
        self.proc = subprocess.Popen(
            [sys.executable, str(SERVE), "--port", "0", "--quiet", "--directory", str(directory)],
            stdout=subprocess.PIPE,
            text=True,
        )
        line = self.proc.stdout.readline() if self.proc.stdout else ""
        match = re.search(r":(\d+)/", line)
        if not match:
            self.stop()
            raise RuntimeError(f"serve.py did not start: {line!r}")
        self.port = int(match.group(1))
        self.url = f"http://127.0.0.1:{self.port}/"

    def stop(self) -> None:
        stop_process(self.proc)


def stop_process(proc: subprocess.Popen) -> None:
    """Terminate a server process (kill it after 10 s) and close its stdout."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    if proc.stdout:
        proc.stdout.close()
