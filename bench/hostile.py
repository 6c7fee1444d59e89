"""Hostile input in Chromium (issue 52): a replay link that inflates to 16 MB in an embed,
and the app's URL with a value of 40,000 letters or 200,000 digits (answered by the service
worker, as in production: a server refuses a request line that long).

    .venv/bin/python -m bench.hostile [--site DIR] [--limit 150]

Serves DIR (default: this repository; another worktree's built site for a before/after
comparison) and prints, for each case, the performance mark of its first drawing in ms
from navigation start (the embed: nos:embed-drawn; the app: nos:frame, the table), or that
it did not come within --limit seconds. Run it under the browser lock.
"""

from __future__ import annotations

import argparse
import base64
import sys
import zlib
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scripts.browser_env import Server, launch_args  # noqa: E402

APP_READY = "#app[data-state=ready], body[data-state=playable], body[data-state=bot]"


def bomb() -> str:
    """16 MB of spaces and "{}" as a replay link's text (20,748 characters)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(b" " * 16_000_000 + b"{}") + packer.flush()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, default=ROOT)
    ap.add_argument("--limit", type=float, default=150)
    args = ap.parse_args()
    link = bomb()
    cases = [(f"embed, a 16 MB inflation bomb ({len(link):,} characters)", "embed.html#r=" + link,
              "body[data-state=ready]", "nos:embed-drawn"),
             ("app, ?x= and 40,000 letters", "index.html?x=" + "a" * 40_000, APP_READY,
              "nos:frame"),
             ("app, ?seed= and 200,000 digits", "index.html?seed=" + "9" * 200_000, APP_READY,
              "nos:frame"),
             ("app, no query", "index.html", APP_READY, "nos:frame")]
    server = Server(args.site)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(**launch_args())
            warm = browser.new_context()  # the service worker installed
            first = warm.new_page()
            first.goto(server.url + "index.html")
            first.wait_for_function("() => navigator.serviceWorker.controller !== null",
                                    timeout=120_000)
            first.close()
            for name, url, ready, mark in cases:
                context = warm if name.startswith("app") else \
                    browser.new_context(service_workers="block")
                page = context.new_page()
                page.goto(server.url + url, wait_until="commit")
                try:
                    page.wait_for_selector(ready, state="attached", timeout=args.limit * 1000)
                    at = page.evaluate(f"performance.getEntriesByName('{mark}')[0].startTime")
                    print(f"{name}: {mark} at {at:,.0f} ms", flush=True)
                except Exception:  # noqa: BLE001 - a timeout is the finding
                    print(f"{name}: not drawn within {args.limit:.0f} s", flush=True)
                page.close()
                if context is not warm:
                    context.close()
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
