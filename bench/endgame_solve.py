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

    python -m bench.endgame_solve --gain [--players 4] [--sessions 60] [--tiles 8]

What solving is worth, paired on the same hands: from each hand's start of club self-play,
each seat in turn plays the hand out four ways, the others and its own decisions before
the endgame by the club: at its endgame decisions (boneyard at its last two, a choice to
make) (a) the club, (b) the expert, (c) the expert with each sampled deal played out by
max^n once at most ``--tiles`` tiles are in hands (``SolvingExpert``; a solve past 5,000
nodes is given up for the club's rollout), (d) max^n on the true deal (a cheat, the bound;
past 20,000 nodes the club's choice). Prints each one's chips a seat-hand over (a), and (c)
over (b), with 95 % intervals.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import time

from nos.actions import Action
from nos.bots import EXPERT
from nos.bots.club import club_policy
from nos.bots.expert import Expert
from nos.hand import Hand
from nos.observation import Observation
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
    return max((value for _, value in outcomes(hand, nodes, limit)), key=lambda v: v[seat])


def outcomes(hand: Hand, nodes: list[int], limit: int):
    """(action, every seat's chips under max^n after it) for each legal action of ``hand``
    (a hand in play always has one)."""
    for action in hand.legal_actions():
        child = hand.copy()
        child.apply_legal(action)
        yield action, solve(child, nodes, limit)


def in_endgame(hand: Hand) -> bool:
    """Play with the boneyard at its last two (R2, R11): nothing more is drawn."""
    return hand.phase.value == "play" and len(hand.stack) <= 2


def best_on_the_deal(hand: Hand, limit: int) -> Action:
    """The action max^n takes at ``hand`` (its true deal: for measurement only)."""
    seat = hand.current
    return max(outcomes(hand, [0], limit), key=lambda got: got[1][seat])[0]


class SolvingExpert(Expert):
    """The expert, but at a decision in the endgame each sampled deal is played out by
    max^n (exact, given that deal) instead of by club rollouts, once at most ``tiles`` tiles
    are in hands (the club plays until then), unless the solve passes ``limit`` nodes."""

    def __init__(self, tiles: int = 8, limit: int = 5000, **params: float) -> None:
        super().__init__(**{**EXPERT, **params})
        self.tiles, self.limit = tiles, limit

    def play_out(self, hand: Hand, rng: random.Random, seat: int) -> float:
        """Solved once small enough, if this deal's decision is in the endgame (``--gain``
        asks only there); else, or past ``limit`` nodes, rolled out as the expert does."""
        while in_endgame(hand):
            if sum(len(x) for x in hand.hands) <= self.tiles:
                try:
                    return solve(hand.copy(), [0], self.limit)[seat]
                except OverBudget:
                    break
            hand.apply_legal(self.policy(hand, rng))
        return super().play_out(hand, rng, seat)


WAYS = ("club", "expert", "solving", "true deal")


def play_out(hand: Hand, seat: int, way: str, bots: dict, seed: int) -> int:
    """``seat``'s chip change from ``hand`` to its end, deciding in the endgame ``way``."""
    rng, bot_rng = random.Random(seed), random.Random(seed + 1)
    start = hand.chips[seat]
    while not hand.over:
        action = None
        if (way != "club" and hand.current == seat and in_endgame(hand)
                and len(hand.legal_actions()) > 1):
            if way == "true deal":
                with contextlib.suppress(OverBudget):  # (the club's choice then)
                    action = best_on_the_deal(hand, 20_000)
            else:
                action = bots[way](Observation(hand, seat), bot_rng)
        hand.apply_legal(club_policy(hand, rng) if action is None else action)
    return hand.chips[seat] - start


def gains(players: int, sessions: int, tiles: int) -> dict[str, list[int]]:
    """Each way's chip change, by seat-hand, from the same hands' starts (see --gain)."""
    bots = {"expert": Expert(**EXPERT), "solving": SolvingExpert(tiles)}
    out: dict[str, list[int]] = {way: [] for way in WAYS}
    for k in range(sessions):
        session = Session(players, seed=2000 + k)
        rng = random.Random(k)
        for h in range(3):
            hand = session.start_hand()
            for seat in range(players):
                for way in WAYS:
                    out[way].append(play_out(hand.copy(), seat, way, bots,
                                             k * 100 + h * 10 + seat))
            while not hand.over:
                hand.apply_legal(club_policy(hand, rng))
            session.finish_hand()
    return out


def interval(xs: list[int], base: list[int]) -> str:
    diffs = [a - b for a, b in zip(xs, base, strict=True)]
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    return f"{statistics.mean(diffs):+.2f} [{statistics.mean(diffs) - half:+.2f}, " \
           f"{statistics.mean(diffs) + half:+.2f}]"


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
                if not seen and in_endgame(hand):
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
    ap.add_argument("--gain", action="store_true", help="what solving is worth (see above)")
    ap.add_argument("--tiles", type=int, default=8, help="--gain: solve from this many tiles")
    args = ap.parse_args(argv)
    if args.gain:
        got = gains(args.players, args.sessions, args.tiles)
        print(f"{args.players} players, {len(got['club'])} seat-hands, solving from "
              f"{args.tiles} tiles: chips a seat-hand, 95 % interval")
        for way in WAYS[1:]:
            print(f"{way} over club: {interval(got[way], got['club'])}")
        print(f"solving over expert: {interval(got['solving'], got['expert'])}")
        return 0
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
