"""What an exact solve of the endgame would cost the expert's search: once the boneyard is at
its last two (R2, R11: no one may draw), a hand is deterministic given the deal, so each
sampled deal could be played out by max^n (every seat choosing what leaves it the most
chips) instead of by club rollouts.

    python -m bench.endgame_solve [--players 4] [--sessions 30] [--limit 200000]

All seats play the club over sessions of 3 hands; at the first play decision of each hand
with the boneyard at its last two, the position is solved by a plain max^n over
``Hand.copy`` and ``apply_legal`` (no transposition table), giving up after ``--limit``
nodes. Prints, by tiles still in hands, how many hands reached it there, how many were
solved, and the most nodes and the longest time a finished solve took. The expert's search
would need one such solve per deal and candidate (48 × up to 5 a decision, within 1 s in
the browser).
"""

from __future__ import annotations

import argparse
import random
import time

from nos.bots.club import club_policy
from nos.hand import Hand
from nos.session import Session


class OverBudget(Exception):
    """More nodes than the limit: the solve is abandoned."""


def solve(hand: Hand, nodes: list[int], limit: int) -> list[int]:
    """Every seat's chips at the hand's end when each seat, in turn, takes the action that
    leaves it the most (max^n; the first such action in the engine's order on ties)."""
    nodes[0] += 1
    if nodes[0] > limit:
        raise OverBudget
    if hand.over:
        return list(hand.chips)
    seat = hand.current
    best: list[int] | None = None
    for action in hand.legal_actions():
        child = hand.copy()
        child.apply_legal(action)
        value = solve(child, nodes, limit)
        if best is None or value[seat] > best[seat]:
            best = value
    assert best is not None  # (a hand in play always has a legal action)
    return best


def endgames(players: int, sessions: int, limit: int) -> list[tuple[int, int, float, bool]]:
    """(tiles in hands, nodes, seconds, solved) at each hand's first endgame decision."""
    rng = random.Random(1)
    out = []
    for k in range(sessions):
        session = Session(players, seed=k)
        for _ in range(3):
            hand = session.start_hand()
            seen = False
            while not hand.over:
                if not seen and hand.phase.value == "play" and len(hand.stack) <= 2:
                    seen = True
                    nodes = [0]
                    start = time.perf_counter()
                    try:
                        solve(hand.copy(), nodes, limit)
                        solved = True
                    except OverBudget:
                        solved = False
                    out.append((sum(len(h) for h in hand.hands), nodes[0],
                                time.perf_counter() - start, solved))
                hand.apply_legal(club_policy(hand, rng))
            session.finish_hand()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, choices=(3, 4, 5), default=4)
    ap.add_argument("--sessions", type=int, default=30)
    ap.add_argument("--limit", type=int, default=200_000)
    args = ap.parse_args(argv)
    found = endgames(args.players, args.sessions, args.limit)
    hands = 3 * args.sessions
    per_node = sum(f[2] for f in found) / max(1, sum(f[1] for f in found))
    print(f"{args.players} players: the boneyard reached its last two in {len(found)} of "
          f"{hands} hands; a node took {1e6 * per_node:.1f} µs")
    print("tiles  hands  solved  most nodes solved  slowest solved ms  (abandoned at "
          f"{args.limit} nodes: the rest)")
    for tiles in sorted({f[0] for f in found}):
        rows = [f for f in found if f[0] == tiles]
        done = [r for r in rows if r[3]]
        most = f"{max(r[1] for r in done):17d}" if done else f"{'-':>17}"
        slowest = f"{1000 * max(r[2] for r in done):17.1f}" if done else f"{'-':>17}"
        print(f"{tiles:5d}  {len(rows):5d}  {len(done):6d}  {most}  {slowest}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
