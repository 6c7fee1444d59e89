"""Deals consistent with one player's observation, for search bots (information sets, R71).

``sample_hand(obs, rng)`` builds a full ``Hand`` that looks exactly like the observation from
the observer's seat: the hidden tiles (other hands, the boneyard order) are dealt at random,
respecting declared doubles (face up, R8) and what passes revealed (``obs.voids``).
"""

from __future__ import annotations

import random

from nos.hand import Hand
from nos.observation import Observation
from nos.phase import Phase
from nos.tiles import ALL_TILES, Tile


def unknown_tiles(obs: Observation) -> list[Tile]:
    """The tiles the observer cannot see: other hidden hands and the boneyard."""
    seen = set(obs.tiles)
    if obs.set_tile is not None:
        seen.add(obs.set_tile)
    if obs.layout is not None:
        seen.update(p.tile for arm in obs.layout.arms for p in arm)
    for seat, doubles in enumerate(obs.declared):
        if seat != obs.seat:
            seen.update(doubles)
    return [t for t in ALL_TILES if t not in seen]


def sample_hidden(
    obs: Observation, rng: random.Random, tries: int = 40
) -> tuple[list[list[Tile]], list[Tile]]:
    """Each seat's tiles and the boneyard (top first), consistent with ``obs``."""
    pool = unknown_tiles(obs)
    need = {s: obs.hand_sizes[s] - len(obs.declared[s]) for s in range(obs.players)
            if s != obs.seat}
    # The most constrained seats choose first; fall back to ignoring voids if stuck.
    order = sorted(need, key=lambda s: -len(obs.voids[s]))
    for attempt in range(tries + 1):
        rest = list(pool)
        rng.shuffle(rest)
        hidden: dict[int, list[Tile]] = {}
        ok = True
        for s in order:
            void = obs.voids[s] if attempt < tries else frozenset()
            allowed = [t for t in rest if t not in void]
            if len(allowed) < need[s]:
                ok = False
                break
            hidden[s] = allowed[: need[s]]
            taken = set(hidden[s])
            rest = [t for t in rest if t not in taken]
        if ok:
            break
    hands = []
    for s in range(obs.players):
        if s == obs.seat:
            hands.append(list(obs.tiles))
        else:
            hands.append(list(obs.declared[s]) + hidden[s])
    return hands, rest


def sample_hand(obs: Observation, rng: random.Random) -> Hand:
    """A ``Hand`` consistent with ``obs``, for simulation. It has no ``deal`` (its history is
    the public one), so it is not for records."""
    hands, boneyard = sample_hidden(obs, rng)
    h = object.__new__(Hand)
    h.players = obs.players
    h.deal = None  # type: ignore[assignment]
    h.options = obs.options
    h.number = obs.number
    h.first_hand = obs.first_hand
    h.setter = obs.setter
    h.hands = hands
    h.stack = list(reversed(boneyard))
    h.set_tile = obs.set_tile
    h.set_drawn = obs.set_drawn
    h.announcement = obs.announcement
    h.layout = obs.layout.copy() if obs.layout is not None else None
    h.phase = Phase.of(obs.phase)
    h.over = h.phase is Phase.OVER
    h.current = obs.current
    h.declared = [list(d) for d in obs.declared]
    h.waits = [list(w) for w in obs.waits]
    h.out = list(obs.out)
    h.remaining = sum(1 for o in obs.out if not o)
    h.nos = obs.nos
    h.ledger = list(obs.ledger)
    h.chips = list(obs.chips)
    h.history = list(obs.history)
    h.pass_streak = obs.pass_streak
    h.last_turn = obs.last_turn
    h.counts = list(obs.counts) if obs.counts is not None else None
    h.end_reason = obs.end_reason
    h.closer = None
    h.close_draw = obs.close_draw
    h.voids = [set(v) for v in obs.voids]
    h._legal = None
    h.queue = []
    if h.phase in (Phase.DECLARE, Phase.OUT_OF_TURN):
        order = h.order_from_left_of_setter()
        after = order[order.index(obs.current) + 1:]
        if h.phase is Phase.DECLARE:
            h.queue = list(after)  # (every seat gets the step, as in the engine: R71)
        else:
            h.queue = [s for s in after if s != h.setter]
    return h
