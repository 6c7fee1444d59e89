"""Per-decision time of the bots in CPython, by phase, to estimate the browser (Pyodide is
about 2–3x slower).

    python -m bench.bots_timing [--hands 30] [--seed 1] [--iterations 48]

Seat 0 is the expert and the others club, for 3, 4 and 5 players; only decisions with more
than one legal action are timed.
"""

from __future__ import annotations

import argparse
import random
import time

from nos.bots import get_bot
from nos.deal import Deal
from nos.hand import Hand
from nos.observation import Observation


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] if s else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=48)
    args = parser.parse_args()
    expert, club = get_bot("expert", iterations=args.iterations), get_bot("club")
    times: dict[tuple[str, str], list[float]] = {}
    for players in (3, 4, 5):
        rng = random.Random(f"{args.seed}-{players}")
        for k in range(args.hands):
            deal = Deal.shuffled(players, rng)
            hand = Hand(deal, setter=k % players)
            bots = [expert] + [club] * (players - 1)
            while not hand.over:
                seat = hand.current
                obs = Observation(hand, seat)
                t0 = time.perf_counter()
                action = bots[seat](obs, rng)
                dt = time.perf_counter() - t0
                if len(obs.legal) > 1:
                    for key in ((bots[seat].level, obs.phase), (bots[seat].level, "all")):
                        times.setdefault(key, []).append(dt)
                hand.apply(action)
    print(f"{'bot':8} {'phase':12} {'n':>6} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for (level, phase), ts in sorted(times.items()):
        print(f"{level:8} {phase:12} {len(ts):6d} {1000 * pct(ts, .5):8.1f} "
              f"{1000 * pct(ts, .95):8.1f} {1000 * max(ts):8.1f}")


if __name__ == "__main__":
    main()
