"""The app's own part of a save (``Table.save``'s ``app``), read back leniently: each hand's
shuffle seed, the deals' verdicts, the coach's counts and the random generators' states. A
damaged entry is dropped, never the game."""

from __future__ import annotations

import random
from typing import Any

from nos import fair
from nos.contract import VERDICTS
from nos.hand import Hand


def saved_shuffle(saved: Any, hand: Hand) -> str | None:
    """A restored hand's shuffle seed, if the save has one that deals exactly that hand
    (a save from before fair deals, or one edited by hand, keeps its game without them)."""
    k = hand.number
    seed = saved[k] if isinstance(saved, list) and k < len(saved) else None
    ok = fair.is_seed(seed) and fair.verify(seed, fair.commitment(seed), hand.deal,
                                             hand.first_hand) is None
    return seed if ok else None


def saved_verdicts(saved: Any, shuffles: list[str | None]) -> dict[int, str]:
    """The verdicts of a save, by hand, so that a reload shows the summary as it was: only
    for a hand whose seed came back (a verdict on a seed dropped as tampered would vouch for
    nothing); damaged entries are dropped, never the game."""
    out: dict[int, str] = {}
    for entry in saved if isinstance(saved, list) else []:
        if isinstance(entry, list) and len(entry) == 2:
            k, verdict = entry
            if (type(k) is int and 0 <= k < len(shuffles) and shuffles[k] is not None
                    and verdict in VERDICTS):
                out[k] = verdict
    return out


def saved_coached(saved: Any, hands: int, players: int) -> list[list[int]]:
    """The coach's counts of a save, per hand and seat (an older save's counts, one per hand,
    were the one person's, at seat 0); damaged counts are dropped, never the game."""
    if not isinstance(saved, list) or len(saved) > hands:
        return []
    out = []
    for counts in saved:
        if type(counts) is int:
            counts = [counts] + [0] * (players - 1)
        if not (isinstance(counts, list) and len(counts) == players and
                all(type(n) is int and n >= 0 for n in counts)):
            return []
        out.append(list(counts))
    return out


def rng_state(rng: random.Random) -> list:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from(data: list) -> tuple:
    version, internal, gauss = data
    if gauss is not None and not (type(gauss) is float and -1e308 < gauss < 1e308):
        raise ValueError("not a random state")  # (NaN, infinities: not JSON, R71 aside)
    return (int(version), tuple(int(x) for x in internal), gauss)
