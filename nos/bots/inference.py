"""What the opponents' plays say about their tiles: how likely a sampled deal makes them.

A player sheds the play it rates best, and the others' plays are public (R71). So a deal in
which an opponent passed over a much better play than the one it made is less likely than one
in which that play was its best. ``PastPlays`` replays the public history once per decision
and keeps, for each opponent's play in turn, the layout it played on and what was known then;
``log_likelihood(world)`` gives each of those plays a probability in a sampled deal: a softmax
of the club's scores (``club.play_scores``) over the plays its tiles then allowed, mixed with
a uniform share, since other players (people, the search levels) do not always follow the
club. Its tiles then are its tiles in the deal, plus what it played since, less what it drew
since: which tiles were drawn is hidden, so each draw takes one at random. Doubles out of
turn (R9) and closes are left out: their choice follows other reasons.
"""

from __future__ import annotations

import math
import random

from nos.actions import DRAW, PASS, WAIT, Declare, Play
from nos.bots.base import ALL_MASK, View, fit_mask, mask_of, since_announcement, table_mask
from nos.bots.club import play_scores
from nos.games import plan_for
from nos.hand import SET_TILE, Hand
from nos.layout import Layout, plain_plays
from nos.observation import Observation
from nos.tiles import Tile


class PastPlay:
    """One opponent's play as it stood: its seat, the layout before it, what it played, and
    the public hints, last turn (R14) and boneyard of that moment."""

    __slots__ = ("seat", "layout", "play", "hinted", "last", "boneyard")

    def __init__(self, seat: int, layout: Layout, play: Play, hinted: list[int],
                 last: tuple[int, int, bool] | None, boneyard: int) -> None:
        self.seat, self.layout, self.play, self.hinted = seat, layout, play, hinted
        self.last, self.boneyard = last, boneyard


class PastPlays:
    """The opponents' plays of ``obs``'s hand so far, for ``log_likelihood`` (module doc)."""

    def __init__(self, obs: Observation, beta: float = 0.5, mix: float = 0.2) -> None:
        self.obs = obs
        self.beta = beta
        self.mix = mix
        self.plays: list[PastPlay] = []
        # Per seat, its plays and draws since the announcement, in order: (tile or None for
        # a draw, its PastPlay or None).
        self.steps: dict[int, list[tuple[Tile | None, PastPlay | None]]] = {}
        self.declared: set[Tile] = set()
        if obs.layout is None or obs.announcement is None:
            return
        out_of_turn = {p.tile for arm in obs.layout.arms for p in arm if p.out_of_turn}
        steps = since_announcement(obs)
        boneyard = obs.boneyard_count + sum(1 for _, a in steps if a is DRAW)
        layout = Layout(plan_for(obs.announcement, obs.set_tile))  # type: ignore[arg-type]
        hinted = [mask_of(list(v)) for v in obs.voids]
        # R13, R14: the set counts as the setter's turn (doubles out of turn leave it so).
        last: tuple[int, int, bool] | None = (obs.setter, SET_TILE, False)
        prev: tuple[int, object] | None = None
        for seat, a in steps:
            mine = self.steps.setdefault(seat, [])
            if type(a) is Play:
                past = None
                if seat != obs.seat and a.tile not in out_of_turn and not a.close:
                    past = PastPlay(seat, layout.copy(), a, list(hinted), last, boneyard)
                    self.plays.append(past)
                mine.append((a.tile, past))
                layout.place(a.tile, a.arm, a.out, seat)
                if a.tile not in out_of_turn:
                    last = (seat, a.arm, False)
            elif a is DRAW:
                mine.append((None, None))
                boneyard -= 1
                if not (prev is not None and prev[0] == seat and prev[1] is DRAW):
                    hinted[seat] |= fit_mask(layout)  # as base._infer: a draw hints a lack
            elif a is PASS or a is WAIT:
                last = None
            elif type(a) is Declare:
                self.declared.update(a.tiles)
            prev = (seat, a)
        for p in self.plays:
            p.hinted = [h & ~mask_of(obs.declared[s]) for s, h in enumerate(p.hinted)]

    def __len__(self) -> int:
        return len(self.plays)

    def tiles_then(self, world: Hand, rng: random.Random) -> list[set[Tile]]:
        """For each of ``plays``, its seat's tiles just before it in ``world``: walking back
        from the seat's tiles now, a play gives its tile back and a draw takes away one at
        random (which tile was drawn is hidden; never a declared double, R8)."""
        then: dict[int, set[Tile]] = {}
        for seat, steps in self.steps.items():
            if not any(past is not None for _, past in steps):
                continue
            held = list(world.hands[seat])
            for tile, past in reversed(steps):
                if tile is None:
                    drawable = [i for i, t in enumerate(held) if t not in self.declared]
                    if drawable:
                        held.pop(drawable[rng.randrange(len(drawable))])
                    continue
                held.append(tile)
                if past is not None:
                    then[id(past)] = set(held)
        return [then[id(p)] for p in self.plays]

    def log_likelihood(self, world: Hand, rng: random.Random) -> float:
        """The log-probability of the opponents' plays in the sampled deal ``world``."""
        if not self.plays:
            return 0.0
        obs = self.obs
        total = 0.0
        beta, mix = self.beta, self.mix
        for p, then in zip(self.plays, self.tiles_then(world, rng), strict=True):
            tables = p.layout.play_tables()
            legal = [q for t in then for table in tables for q in plain_plays(table)[t.index]]
            if len(legal) <= 1:
                continue
            v = View()
            v.seat, v.players, v.phase, v.legal = p.seat, obs.players, "play", legal
            v.layout = p.layout
            v.mine = mask_of(list(then))
            v.unknown = ALL_MASK & ~(v.mine | table_mask(p.layout, obs.set_tile))
            v.hinted_lacks, v.known_lacks = p.hinted, None
            v.out, v.nos, v.claim, v.last = obs.out, None, False, p.last
            v.boneyard = p.boneyard
            scored = play_scores(v)
            chosen = p.play
            top = max(x for x, _, _ in scored)
            z = mine = 0.0
            for x, q, _ in scored:
                e = math.exp(beta * (x - top))
                z += e
                if q.tile is chosen.tile and q.arm == chosen.arm and q.out == chosen.out:
                    mine = e
            total += math.log((1.0 - mix) * mine / z + mix / len(scored))
        return total


def pick_weighted(logs: list[float], rng: random.Random) -> int:
    """An index drawn with probability proportional to exp(logs[i])."""
    top = max(logs)
    weights = [math.exp(x - top) for x in logs]
    r = rng.random() * sum(weights)
    for i, w in enumerate(weights):
        r -= w
        if r <= 0:
            return i
    return len(weights) - 1
