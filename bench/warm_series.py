"""Warm loads one after another in one profile: how a returning visitor's loads settle.

    .venv/bin/python -m bench.warm_series [--loads 8] [--primes 1] [--page app|raw]
                                          [--mode warm|warm_http] [--ref REF]

Primes a persistent profile with ``--primes`` visits (bench.browser's priming: the first app
visit installs the service worker), then loads the page ``--loads`` times in a row in that
profile, each in a new Chromium process, and prints each load's marks and renderer peak.
This is where docs/performance.md's "warm loads through the service worker are bimodal"
comes from: after one priming visit, the app's first 2-3 loads are ≈ 0.3-1 s slower, with
a renderer 25-50 MB larger (the service worker's copy of the wasm under its own URL is the
cause), then they settle; the raw page and the app with its service worker blocked are
settled at once.
Needs ``make vendor``; uses bench/browser.py's server, pages and guards.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench import browser


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loads", type=int, default=8)
    ap.add_argument("--primes", type=int, default=1, help="priming visits before the series")
    ap.add_argument("--page", choices=["app", "raw"], default="app")
    ap.add_argument("--mode", choices=["warm", "warm_http"], default="warm")
    ap.add_argument("--ref", help="serve a snapshot of this commit instead of the working tree")
    ap.add_argument("--timeout", type=float, default=120.0)
    args = ap.parse_args(argv)
    if args.page == "raw" and args.mode == "warm_http":
        ap.error("the raw page has no service worker: use --mode warm")
    tmp = Path(tempfile.mkdtemp(prefix="nos-warm-"))
    try:
        with browser.serving(args.ref, tmp) as (site, server), sync_playwright() as pw:
            bench = browser.Bench(pw, server, args.timeout, tmp, site.playable_mark())
            bench.prime(args.page, args.mode, visits=args.primes)
            print(f"{args.page} {args.mode}, after {args.primes} priming visit(s):")
            for i in range(args.loads):
                print(f"load {i + 1}: {browser.brief(bench.measure(args.page, args.mode))}",
                      flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
