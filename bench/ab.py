"""A/B of two versions of the app's boot, interleaved in one session.

    .venv/bin/python -m bench.ab REF_A REF_B [--rounds 6] [--modes warm_http,warm]

Each REF is a git commit (or WT for the working tree), served from its own snapshot by its
own server (bench/browser.py's Site and Server). Every profile is primed as in
bench/browser.py, then the rounds alternate A and B (ABAB..., then BABA...), so that the
machine's drift falls on both. Prints every load and the medians of table drawn, engine
ready, playable and playable less the computer players' pauses (a new game's bots may move
first: R4, and every seat's declaration steps pause: R71) per version and mode. The
playable ratio of bench/browser.py moves by ± 0.05-0.1x between separate runs on a 2-core
machine; this is how to tell two commits apart.
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import statistics
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench import browser
from bench.browser_report import MODES

METRICS = ("frame", "ready", "playable", "playable_less_pauses")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("refs", nargs=2, metavar="REF", help="a commit, or WT for the working tree")
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--modes", default="warm_http,warm", help="of cold, warm, warm_http")
    ap.add_argument("--timeout", type=float, default=120.0)
    args = ap.parse_args(argv)
    modes = args.modes.split(",")
    if not set(modes) <= set(MODES):
        ap.error(f"--modes: choose from {', '.join(MODES)}")
    tmp = Path(tempfile.mkdtemp(prefix="nos-ab-"))
    try:
        with contextlib.ExitStack() as stack, sync_playwright() as pw:
            benches = {}
            for i, ref in enumerate(args.refs):
                where = tmp / str(i)
                where.mkdir()
                site, server = stack.enter_context(
                    browser.serving(None if ref == "WT" else ref, where))
                benches[ref] = browser.Bench(pw, server, args.timeout, where,
                                             site.playable_mark())
                for mode in modes:
                    if mode != "cold":
                        benches[ref].prime("app", mode)
                print(f"{ref}: {site.commit}{' + uncommitted changes' if site.dirty else ''}")
            rows: dict[tuple[str, str], list[dict]] = {}
            for n in range(args.rounds):
                for ref in args.refs if n % 2 == 0 else args.refs[::-1]:
                    for mode in modes:
                        row = benches[ref].measure("app", mode)
                        rows.setdefault((ref, mode), []).append(row)
                        print(f"round {n + 1} {ref} {mode}: {browser.brief(row)}", flush=True)
        print("medians, ms:")
        for (ref, mode), got in rows.items():
            cells = ", ".join(f"{k} {statistics.median(r[k] for r in got):.0f}"
                              for k in METRICS if all(k in r for r in got))
            print(f"  {ref} {mode}: {cells}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
