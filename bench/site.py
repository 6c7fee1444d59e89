"""The rules page and the position embed against a bare MicroPython page, in one run.

    .venv/bin/python -m bench.site [--rounds 5]

Loads, alternately, bench/bare-micropython.html (PyScript's MicroPython running one line),
rules.html (its first diagram drawn: performance mark nos:first-diagram; all of them:
nos:diagrams) and embed.html?pos=… (nos:embed-drawn), each cold (a fresh browser context)
and warm (reloaded in that context, from the HTTP cache). Prints the medians in ms from
navigation start, their ratios to the bare page's, and the bytes a cold position embed
transfers, gzip-compressed as a host would serve them (gzip -6 of each file requested);
beside each ratio of medians, the median of each round's own ratio (its load against the
same round's bare load).
Goals (issue 12): first diagram ≤ 1.5×, all diagrams ≤ 2× the bare boot; a cold position
embed under 1 MB gzip.
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
    "rules": ("rules.html?lang=en", ["nos:first-diagram", "nos:diagrams"]),
    "embed": (f"embed.html?pos={POSITION}", ["nos:embed-drawn"]),
}


def load(context, url: str, marks: list[str], reload: bool = False) -> tuple[dict, list[str]]:
    page = context.pages[0] if reload and context.pages else context.new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.reload() if reload else page.goto(url)
    page.wait_for_selector("body[data-state=ready]", state="attached", timeout=60_000)
    got = page.evaluate("Object.fromEntries(performance.getEntriesByType('mark')"
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
    embed_bytes: list[int] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch_args())
            for _ in range(args.rounds):
                for name, (path, marks) in PAGES.items():
                    context = browser.new_context()
                    for mode in ("cold", "warm"):
                        got, asked = load(context, server.url + path, marks, mode == "warm")
                        for mark, ms in got.items():
                            times.setdefault((name, mark, mode), []).append(ms)
                        if name == "embed" and mode == "cold":
                            embed_bytes.append(gzip_bytes(asked))
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
    print(f"  cold position embed: {statistics.median(embed_bytes) / 1e6:.2f} MB gzip "
          f"({len(PAGES)} pages' runtime files counted once each)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
