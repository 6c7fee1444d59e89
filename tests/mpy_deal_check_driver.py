"""Deals, seals and checks with web/shared/deal_check.py, both by CPython (pytest) and by
MicroPython 1.27 (tests/micropython_run.mjs, MPY_DRIVER), whose outputs must be identical.
Kept in the MicroPython subset itself."""

import json
import time

import deal_check


def run_all(data):
    """For each seed: its seal, and what it deals to 3, 4 and 5 players in a first hand and in
    a later one; then each check's verdict."""
    seeds = [{"seal": deal_check.commitment(seed),
              "deals": [deal_check.dealt(seed, players, first)
                        for players in (3, 4, 5) for first in (True, False)]}
             for seed in data["seeds"]]
    checks = [deal_check.check(*args) for args in data["checks"]]
    try:
        refused = deal_check.dealt(data["seeds"][0], 6, False)
    except ValueError as exc:
        refused = ["refused", str(exc)]
    return {"seeds": seeds, "checks": checks, "refused": refused}


def timed(data):
    """Milliseconds of one `dealt` (the first one also works out SHA-512's constants and
    the generator's starting state), then of each of the next."""
    ms = []
    for seed in data["seeds"]:
        start = time.ticks_ms()
        deal_check.dealt(seed, 4, True)
        ms.append(time.ticks_diff(time.ticks_ms(), start))
    return ms


def main(src, dst):
    with open(src) as f:
        data = json.load(f)
    ms = timed(data)
    with open(dst, "w") as f:
        json.dump({"results": run_all(data), "ms": ms}, f)
