"""The rules page and the position embed against a bare MicroPython page, in one run.

    .venv/bin/python -m bench.site [--rounds 5]

Loads, alternately, bench/bare-micropython.html (PyScript's MicroPython running one line),
rules.html (its first diagram drawn: performance mark nos:first-diagram; all of them:
nos:diagrams) and embed.html?pos=… (nos:embed-drawn), each cold (a fresh browser context)
and warm (reloaded in that context, from the HTTP cache); the rules page's first
contentful paint (the browser's `first-contentful-paint`) beside its marks. Prints the
medians in ms from navigation start, their ratios to the bare page's, and the bytes a cold
rules page and a cold position embed transfer, gzip-compressed as a host would serve them
(gzip -6 of each file the page requests); beside each ratio of medians, the median of each
round's own ratio (its load against the same round's bare load).
Goals (issue 51): every diagram of the rules page drawn ≤ 1.0× the bare boot, cold and warm,
its first visit no more than 1.3× the bytes of before; (issue 12) a cold position embed
under 1 MB gzip.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
from pathlib import Path
from urllib.parse import urlparse

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scripts.browser_env import Server, launch_args  # noqa: E402

POSITION = ("506.517.465.512_a66_2_64b41b.62c22c.61d11d.65a_play-a_5521.3020.5310.5043"
            "_b12_td2_h2")
PAGES = {
    "bare": ("bench/bare-micropython.html", ["nos:bare"]),
    "rules": ("rules.html?lang=en", ["first-contentful-paint", "nos:first-diagram",
                                     "nos:diagrams"]),
    "embed": (f"embed.html?pos={POSITION}", ["nos:embed-drawn"]),
}


def load(context, url: str, marks: list[str], reload: bool = False) -> tuple[dict, list[str]]:
    page = context.pages[0] if reload and context.pages else context.new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.reload() if reload else page.goto(url)
    page.wait_for_selector("body[data-state=ready]", state="attached", timeout=60_000)
    got = page.evaluate("Object.fromEntries([...performance.getEntriesByType('mark'), "
                        "...performance.getEntriesByType('paint')]"
                        ".map(m => [m.name, m.startTime]))")
    return {m: got[m] for m in marks}, asked


def gzip_bytes(urls: list[str]) -> int:
    total = 0
    for url in dict.fromkeys(urls):
        path = ROOT / urlparse(url).path.lstrip("/")
        if path.is_file():
            total += len(gzip.compress(path.read_bytes(), 6))
    return total


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args(argv)
    server = Server()
    times: dict[tuple[str, str, str], list[float]] = {}
    cold_bytes: dict[str, list[int]] = {"rules": [], "embed": []}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch_args())
            for _ in range(args.rounds):
                for name, (path, marks) in PAGES.items():
                    # (the bare page is PyScript as it comes, whose hooks the site's CSP,
                    # with no 'unsafe-eval', refuses: web/unpack.js; only it is let through)
                    context = browser.new_context(bypass_csp=name == "bare")
                    for mode in ("cold", "warm"):
                        got, asked = load(context, server.url + path, marks, mode == "warm")
                        for mark, ms in got.items():
                            times.setdefault((name, mark, mode), []).append(ms)
                        if name in cold_bytes and mode == "cold":
                            cold_bytes[name].append(gzip_bytes(asked))
                    context.close()
            browser.close()
    finally:
        server.stop()
    med = {k: statistics.median(v) for k, v in times.items()}
    print(f"medians of {args.rounds} rounds, ms from navigation start")
    for mode in ("cold", "warm"):
        bare = med[("bare", "nos:bare", mode)]
        print(f"  {mode}: bare MicroPython {bare:.0f}")
        for name, (_, marks) in PAGES.items():
            for mark in marks if name != "bare" else []:
                ms = med[(name, mark, mode)]
                # Each round's load against that round's bare load: the machine's pace
                # drifts from round to round, and a pair shares it.
                paired = statistics.median(
                    a / b for a, b in zip(times[(name, mark, mode)],
                                          times[("bare", "nos:bare", mode)], strict=True))
                print(f"  {mode}: {name} {mark} {ms:.0f} = {ms / bare:.2f}× bare "
                      f"(median of the rounds' own ratios {paired:.2f}×)")
    for name, label in (("rules", "rules page"), ("embed", "position embed")):
        print(f"  cold {label}: {statistics.median(cold_bytes[name]) / 1e3:.0f} kB gzip "
              "(each file it requests counted once)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
