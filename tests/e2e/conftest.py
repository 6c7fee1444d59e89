"""Browser (end-to-end) test harness: pytest + Playwright's sync API (pytest-playwright).

- `site`: scripts/serve.py in a subprocess on a free port, for the whole session; it sends
  the netlify.toml headers (CSP included), so the tests prove the production policy.
- The browser is Debian's /usr/bin/chromium (Playwright's own only when that is missing),
  with DNS for every host but localhost mapped to nothing.
- `guard`: every request that is not to localhost/127.0.0.1 is aborted and fails the test;
  so does any console error, uncaught page error, or HTTP error response.
- `e2e_harness.boot(page)`: loads the app, waits for the table frame, then for the worker's
  answer, and returns both times (ms from navigation start, from the page's performance marks).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from e2e_harness import ROOT, TIMINGS, Guard, Server, build_web
from playwright.sync_api import Frame, Page

from scripts.browser_env import launch_args

# A function's text, as Playwright tells it from an expression's: "() =>", "(a, b) =>",
# "a =>", "function", each perhaps "async" (an expression may start with "(" too).
_FUNCTION = re.compile(r"\s*(async\s+)?(function\b|\([^()]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)")


def _waits_with_a_function(cls) -> None:
    """`wait_for_function` given an expression ("scrollY > 0") as a function of it. The
    site's CSP has no 'unsafe-eval', and Playwright polls an expression with eval() in the
    page, which the CSP refuses; a function it calls through the devtools protocol."""
    waits = cls.wait_for_function

    def wait_for_function(self, expression, *args, **kwargs):
        if isinstance(expression, str) and not _FUNCTION.match(expression):
            expression = "() => (" + expression + ")"
        return waits(self, expression, *args, **kwargs)

    cls.wait_for_function = wait_for_function


for _cls in (Page, Frame):
    _waits_with_a_function(_cls)


def _require_build() -> None:
    missing = [p for p in ("vendor", "sw-manifest.js") if not (ROOT / p).exists()]
    if missing:
        pytest.fail(
            f"{', '.join(missing)} missing: run `make vendor` (or `make test`) first",
            pytrace=False,
        )
    # The page runs the engine and the main-thread modules as bytecode: compile what is in
    # nos/ and web/ now, so the tests never exercise stale bytecode (cheap when unchanged).
    build_web.compile_worker(ROOT)
    build_web.trim_stdlib(ROOT)
    build_web.take_snapshot(ROOT)  # only if Pyodide or the script changed
    build_web.compile_main_thread(ROOT)
    build_web.rules_pages.write(ROOT)  # (the rules page, its diagrams drawn)
    build_web.write_manifest(ROOT)


@pytest.fixture(scope="session")
def site():
    _require_build()
    server = Server()
    yield server
    server.stop()


@pytest.fixture
def make_server():
    """Extra servers a test starts (and may stop) itself, e.g. to go offline."""
    _require_build()
    servers: list[Server] = []

    def start(directory: Path = ROOT) -> Server:
        servers.append(Server(directory))
        return servers[-1]

    yield start
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def base_url(site):
    return site.url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, **launch_args()}


@pytest.fixture
def guard(context):
    """Route guard + console/page-error/HTTP-error watch on pytest-playwright's `context`."""
    g = Guard()
    g.watch(context)
    yield g
    g.check()


@pytest.fixture
def app(guard, page):
    """A guarded page in a fresh browser context (no HTTP cache, no service worker yet)."""
    return page


@pytest.fixture
def record_boot(request):
    def record(kind: str, result: dict) -> None:
        TIMINGS.append(
            {
                "test": request.node.name,
                "kind": kind,
                "frame_ms": result["frame_ms"],
                "ready_ms": result["ready_ms"],
                "from_service_worker": result["from_service_worker"],
                "playable_ms": result.get("playable_ms"),
                "render_ms": result.get("render_ms"),
            }
        )

    return record


def pytest_terminal_summary(terminalreporter):
    if not TIMINGS:
        return
    terminalreporter.section("boot timings (ms from navigation start)")
    for t in TIMINGS:
        playable = ""
        if t.get("playable_ms") is not None:
            playable = f"   playable {t['playable_ms']:>6}   one redraw {t['render_ms']:>4}"
        terminalreporter.write_line(
            f"{t['kind']:<13} table frame {t['frame_ms']:>6}   worker answers {t['ready_ms']:>6}"
            f"{playable}   [{t['test']}]"
        )
    out = ROOT / "test-results"
    out.mkdir(exist_ok=True)
    (out / "boot-timings.json").write_text(json.dumps(TIMINGS, indent=1) + "\n")
