"""Helpers of the browser tests (used by conftest.py and the test modules)."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from scripts.browser_env import (  # noqa: E402  (shared with bench/)
    CHROMIUM,
    CHROMIUM_ARGS,
    LOCAL_HOSTS,
    LOCAL_SCHEMES,
    Server,
    is_local,
)

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "LOCAL_HOSTS", "LOCAL_SCHEMES", "Server", "is_local"]
SERVE = ROOT / "scripts" / "serve.py"
# Generous: a cold boot takes a few seconds here, but a loaded 2-core CI box can be slower.
BOOT_TIMEOUT_MS = 90_000
TIMINGS: list[dict] = []  # boot timings, printed at the end of the session


def load_script(name: str, path: Path):
    """Import a file that is not on sys.path (scripts/*.py, web/*.py) under `name`."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_web = load_script("nos_build_web", ROOT / "scripts" / "build_web.py")
SITE_ENTRIES = build_web.SITE_ENTRIES


class Guard:
    """Watches a browser context and collects everything that must fail the test."""

    def __init__(self):
        self.problems: list[str] = []
        self.requests: list[str] = []
        self.allowed_console: list[re.Pattern[str]] = []
        self._routing = True

    def watch(self, context, *, route: bool = True) -> None:
        """route=False: foreign requests are reported but not aborted, for a test that needs
        the browser's HTTP cache (Playwright turns it off for a context it routes)."""
        self._routing = route
        if route:
            context.route("**/*", self._route)
        context.on("request", self._request)
        context.on("console", self._console)
        context.on("weberror", lambda e: self.problems.append(f"page error: {e.error}"))
        context.on("response", self._response)

    def _request(self, request) -> None:
        self.requests.append(request.url)
        if not self._routing and not is_local(request.url):  # else _route aborts it
            self.problems.append(f"request leaving localhost: {request.url}")

    def _route(self, route) -> None:
        url = route.request.url
        if is_local(url):
            route.fallback()
        else:
            self.problems.append(f"request leaving localhost (aborted): {url}")
            route.abort("blockedbyclient")

    def _console(self, msg) -> None:
        if msg.type != "error" or any(p.search(msg.text) for p in self.allowed_console):
            return
        self.problems.append(f"console error: {msg.text} @ {msg.location.get('url')}")

    def _response(self, response) -> None:
        if response.status >= 400:
            self.problems.append(f"HTTP {response.status}: {response.url}")

    def check(self) -> None:
        """Fail the test if anything went wrong so far (and start a new record)."""
        if self.problems:
            problems, self.problems = self.problems, []
            pytest.fail("browser problems:\n  " + "\n  ".join(problems), pytrace=False)


def boot(page, url: str = "/", timeout: int = BOOT_TIMEOUT_MS, reload: bool = False) -> dict:
    """Navigate (or reload), wait for the table frame, then for the worker's answer.

    Returns frame_ms / ready_ms (performance marks set by web/page/main.py and controller.py, ms
    from navigation start), wall_ms, from_service_worker (the document came from the service
    worker), the worker's `engine` reply and the document `response`.
    """
    start = time.perf_counter()
    response = page.reload() if reload else page.goto(url)
    page.wait_for_selector("#table-svg", state="visible", timeout=timeout)
    page.wait_for_selector(
        "#app[data-state=ready], #app[data-state=error]", state="attached", timeout=timeout
    )
    wall_ms = (time.perf_counter() - start) * 1000
    state = page.get_attribute("#app", "data-state")
    assert state == "ready", f"app failed to boot: {page.text_content('#status')}"
    marks = page.evaluate(
        "Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"
    )
    return {
        "frame_ms": round(marks["nos:frame"]),
        "ready_ms": round(marks["nos:ready"]),
        "wall_ms": round(wall_ms),
        "from_service_worker": bool(response and response.from_service_worker),
        "engine": json.loads(page.get_attribute("#app", "data-engine")),
        "response": response,
    }
