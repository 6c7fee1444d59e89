"""The club player: the pagat Tactics as heuristics, on public knowledge only.

- On set: the double and game with the best quick score of the own hand (``announce``), plus
  the set payment (R6) when choosing the double.
- Declares the best-paid doubles (R8); plays doubles out of turn, the dearest first (R9).
- In play it draws only when forced (R12), closes only when sure (R17), and otherwise scores
  each play: spots shed (0-0 counts 14, R21), a double on the predecessor's tile (R14), going
  out (R15), keeping a follow-up for itself, starving the others (fewer unseen tiles fit, and
  the next seat is known to lack the new ends), keeping matadors in matador games (R61).
"""

from __future__ import annotations

import random

from nos.actions import DECLINE, Action, Announce, Play, Set
from nos.bots import announce
from nos.bots.base import (
    Bot,
    View,
    after_play,
    best_declaration,
    fit_mask,
    plain_plays,
    sure_close,
    view_of,
    view_of_hand,
)
from nos.hand import Hand
from nos.matching import Matching
from nos.observation import Observation
from nos.tiles import double_value


class Weights:
    """The weights of the club's play score (``play_scores``), named so that a search or a
    tuning run can vary them; the defaults are the club's own."""

    __slots__ = ("count", "follow", "follow_each", "open", "starve", "matador", "double", "out")

    def __init__(self, count: float = 1.0, follow: float = 6.0, follow_each: float = 1.0,
                 open: float = 10.0, starve: float = 4.0, matador: float = 5.0,
                 double: float = 2.0, out: float = 30.0) -> None:
        self.count, self.follow, self.follow_each, self.open = count, follow, follow_each, open
        self.starve, self.matador, self.double, self.out = starve, matador, double, out

    def __repr__(self) -> str:
        return "Weights(" + ", ".join(f"{k}={getattr(self, k)!r}" for k in self.__slots__) + ")"


CLUB = Weights()


def set_value(tile_value: int, players: int) -> float:
    """R6: a double from the hand pays one end's value from each opponent."""
    return tile_value * (players - 1)


def choose_set(v: View) -> Action:
    """R5: among our doubles, the one whose best game scores highest with its set payment."""
    sets = [a for a in v.legal if type(a) is Set]
    if len(sets) <= 1:
        return v.legal[0]
    best, best_score = sets[0], float("-inf")
    for a in sets:
        rest = [t for t in v.tiles if t is not a.tile]
        s = announce.ranked(a.tile, rest)[0][0] + set_value(double_value(a.tile), v.players)
        if s > best_score:
            best, best_score = a, s
    return best


def choose_announce(v: View) -> Action:
    """R7: the game with the best quick score of our hand (``announce.ranked``)."""
    return Announce(announce.ranked(v.set_tile, v.tiles)[0][1])  # type: ignore[arg-type]


def choose_out_of_turn(v: View) -> Action:
    """R9: a double out of turn is paid by the setter and costs a later wait: play the dearest."""
    plays = [a for a in v.legal if type(a) is Play]
    if not plays:
        return DECLINE
    return max(plays, key=lambda p: (double_value(p.tile), -p.arm))


def play_scores(v: View, w: Weights = CLUB) -> list[tuple[float, Play, bool]]:
    """(score, play, sure close) for every distinct play; higher is better."""
    plays = plain_plays(v.legal, v.claim)
    layout, seat, mine, unknown = v.layout, v.seat, v.mine, v.unknown
    lacks = v.hinted_lacks[v.next_seat()] if v.hinted_lacks is not None else None
    plan = layout.plan
    matador_game = Matching.MATADOR in plan.then or Matching.MATADOR in plan.opening
    n_unknown = max(1, unknown.bit_count())
    nos_bonus = w.out + (5 * (v.players - 1) if v.nos is None else 0)  # R15
    out = []
    for p in plays:
        t = p.tile
        fits = fit_mask(after_play(layout, p, seat))
        s = w.count * t.count
        if t.is_double and v.paid_by(p.arm) is not None:
            s += double_value(t)  # R14
        rest = mine & ~(1 << t.index)
        if not rest:
            s += nos_bonus
        else:
            follow = (fits & rest).bit_count()
            s += (w.follow if follow else 0.0) + w.follow_each * min(follow, 3)
        fitting = fits & unknown
        s -= w.open * fitting.bit_count() / n_unknown
        if lacks is not None and fitting and not fitting & ~lacks:
            s += w.starve  # the next seat probably cannot follow
        if t.is_matador and t.pips and matador_game:
            s -= w.matador
        if t.is_double:
            s += w.double
        close = not fits & rest and sure_close(v, p, fits)
        out.append((s, p, close))
    return out


def choose_play(v: View, rng: random.Random, w: Weights = CLUB) -> Action:
    scored = play_scores(v, w)
    if not scored:
        return v.legal[0]  # draw when forced (R12), or pass
    closing = [x for x in scored if x[2]]
    if closing:  # R18: a sure close is always worth 20 from each
        return max(closing, key=lambda x: x[0])[1].closing
    return max(scored, key=lambda x: (x[0], rng.random()))[1]


def club_action(v: View, rng: random.Random, w: Weights = CLUB) -> Action:
    """The club's choice for the seat of ``v`` in any phase."""
    legal = v.legal
    if len(legal) == 1:
        return legal[0]
    phase = v.phase
    if phase == "play":
        return choose_play(v, rng, w)
    if phase == "declare":
        return best_declaration(legal)
    if phase == "out of turn":
        return choose_out_of_turn(v)
    if phase == "set":
        return choose_set(v)
    return choose_announce(v)


def club_policy(hand: Hand, rng: random.Random) -> Action:
    """The club's choice read straight from a full hand (rollouts in search, no inference)."""
    legal = hand.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return club_action(view_of_hand(hand), rng)


class Club(Bot):
    """Heuristic player built on the pagat Tactics (see the module docstring)."""

    level = "club"

    def __init__(self, **weights: float) -> None:
        self.weights = Weights(**weights)

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        if len(obs.legal) == 1:
            return obs.legal[0]
        return club_action(view_of(obs), rng, self.weights)
