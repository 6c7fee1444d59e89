"""Speed of the Nos engine under random legal play, against OpenSpiel's pure-Python
``python_block_dominoes`` in the same run.

    python -m bench.speed [--seconds 10] [--seed 1] [--players 4]

Nos side: whole hands (a seeded deal, then uniformly random legal actions through the checked
``Hand.apply``) for 3, 4 and 5 players in turn. "actions" counts applied actions plus one
chance step per deal; "decisions" counts only the players' actions. Both sides are timed in
CPU time of this process (``time.process_time``) and run in alternating slices, so other load
on the machine distorts the ratio as little as possible.
"""

from __future__ import annotations

import argparse
import random
import time

from nos.deal import Deal
from nos.hand import Hand


def measure_nos(seconds: float, seed: int, players: tuple[int, ...] = (3, 4, 5)) -> dict:
    """Play random legal hands for at least ``seconds``; the clock is read between hands."""
    rng = random.Random(seed)
    hands = decisions = 0
    start = time.process_time()
    elapsed = 0.0
    while hands == 0 or elapsed < seconds:
        n = players[hands % len(players)]
        deal = Deal.shuffled(n, rng)
        while not deal.has_double():
            deal = Deal.shuffled(n, rng)
        hand = Hand(deal)
        while not hand.over:
            hand.apply(rng.choice(hand.legal_actions()))
            decisions += 1
        hands += 1
        elapsed = time.process_time() - start
    return {"hands": hands, "actions": decisions + hands, "decisions": decisions,
            "seconds": elapsed}


def interleaved(seconds: float, seed: int, rounds: int = 10) -> tuple[dict, dict | None]:
    """Alternate Nos and OpenSpiel in ``rounds`` slices each, so load on the machine falls on
    both alike; returns the summed figures (OpenSpiel's is None when it is not installed)."""
    try:
        from bench.openspiel_baseline import measure
    except ImportError:
        measure = None
    nos: dict = {}
    base: dict | None = {} if measure else None
    for r in range(rounds):
        for key, value in measure_nos(seconds / rounds, seed + r).items():
            nos[key] = nos.get(key, 0) + value
        if measure is not None and base is not None:
            try:
                part = measure(seconds / rounds, seed + r)
            except ImportError:
                base = None
                continue
            for key, value in part.items():
                base[key] = base.get(key, 0) + value
    return nos, base


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    nos, base = interleaved(args.seconds, args.seed)
    rate = {k: nos[k] / nos["seconds"] for k in ("hands", "actions", "decisions")}
    print(f"nos:      {rate['hands']:9.0f} hands/s  {rate['actions']:9.0f} actions/s  "
          f"{rate['decisions']:9.0f} decisions/s  ({nos['decisions'] / nos['hands']:.1f} "
          "decisions per hand)")
    if base is None:
        print("openspiel: skipped (pip install -r requirements-bench.txt)")
        return
    brate = {k: base[k] / base["seconds"] for k in ("games", "actions", "decisions")}
    print(f"openspiel:{brate['games']:9.0f} games/s  {brate['actions']:9.0f} actions/s  "
          f"{brate['decisions']:9.0f} decisions/s  (python_block_dominoes, random play)")
    # OpenSpiel counts one chance outcome per tile dealt (14 per game); counted the same way a
    # Nos deal is 28 outcomes (every tile goes to a seat or to its place in the boneyard).
    per_tile = (nos["decisions"] + 28 * nos["hands"]) / nos["seconds"]
    print(f"ratio nos/openspiel: decisions/s {rate['decisions'] / brate['decisions']:.2f}x; "
          f"actions/s {rate['actions'] / brate['actions']:.2f}x counting a Nos deal as one "
          f"chance step, {per_tile / brate['actions']:.2f}x counting it per tile as OpenSpiel "
          "does")


if __name__ == "__main__":
    main()
