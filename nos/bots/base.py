"""What every bot shares: the ``Bot`` interface and a ``View`` of public knowledge (R71).

A bot sees one seat's ``Observation`` only. ``view_of`` turns it into a ``View``: own tiles, the
layout, the unknown tiles (neither own nor on the table), the tiles each seat is known not to hold
(``obs.voids``, from passes: certain) or hinted not to hold (from draws: a guess), and the last
turn for R14. ``view_of_hand`` builds the same from a full ``Hand`` for fast rollouts in search,
without the draw hints.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from nos.actions import DRAW, Action, Announce, Declare, Play
from nos.games import plan_for
from nos.hand import double_payer, next_seat
from nos.layout import Layout
from nos.tiles import ALL_TILES, Tile

if TYPE_CHECKING:
    from nos.hand import Hand
    from nos.observation import Observation

LAST_TWO = 2  # R2


class Bot:
    """A computer player: ``choose`` returns one action from ``obs.legal``.

    A bot is called with one seat's ``Observation`` and a seeded ``random.Random`` and nothing
    else, so it cannot reach another hand or the boneyard (R71). Bots are callables with the
    ``record.Player`` signature."""

    level = "bot"

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        raise NotImplementedError

    def __call__(self, obs: Observation, rng: random.Random) -> Action:
        return self.choose(obs, rng)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class View:
    """Public knowledge of one seat at a decision (see the module docstring)."""

    __slots__ = ("seat", "players", "phase", "legal", "tiles", "layout", "hand_sizes", "out",
                 "boneyard", "setter", "set_tile", "declared", "claim", "last", "mine",
                 "unknown", "known_lacks", "hinted_lacks", "nos", "announcement")

    # Tile sets are bit masks over ``tile.index`` (see ``mask_of``): ``mine`` our tiles,
    # ``unknown`` the tiles neither ours nor on the table; ``known_lacks[s]`` / ``hinted_lacks[s]``
    # the tiles seat s surely / probably does not hold.
    def __init__(self) -> None:
        self.known_lacks: list[int] | None = None
        self.hinted_lacks: list[int] | None = None

    @property
    def drawable(self) -> int:
        return max(0, self.boneyard - LAST_TWO)

    def next_seat(self, seat: int | None = None) -> int:
        """R3: the next seat clockwise still in the hand."""
        return next_seat(self.out, self.seat if seat is None else seat)

    def paid_by(self, arm: int) -> int | None:
        """R14: the seat that pays for a double played now on ``arm`` (as ``Hand``)."""
        return double_payer(self.last, self.layout.lengths, arm)


def view_of(obs: Observation) -> View:
    """The knowledge of ``obs.seat``, with history inference (passes, draws, R14)."""
    v = View()
    v.seat, v.players, v.phase, v.legal = obs.seat, obs.players, obs.phase, obs.legal
    v.tiles, v.layout, v.hand_sizes, v.out = list(obs.tiles), obs.layout, obs.hand_sizes, obs.out
    v.boneyard, v.setter, v.set_tile, v.declared = (obs.boneyard_count, obs.setter, obs.set_tile,
                                                     obs.declared)
    v.claim, v.nos, v.announcement = obs.options.claim_doubles, obs.nos, obs.announcement
    v.mine = mask_of(obs.tiles)
    v.unknown = ALL_MASK & ~(v.mine | table_mask(obs.layout, obs.set_tile))
    v.last = obs.last_turn if obs.phase == "play" else None
    v.known_lacks = [mask_of(x) for x in obs.voids]
    if obs.layout is not None and obs.announcement is not None:
        _infer(v, obs)
    return v


def since_announcement(obs: Observation) -> tuple[tuple[int, Action], ...]:
    """The public steps of the hand after its announcement (R7): declarations, doubles out of
    turn, then play."""
    hist = obs.history
    for i in range(len(hist) - 1, -1, -1):
        if type(hist[i][1]) is Announce:
            return hist[i + 1:]
    return hist


def _infer(v: View, obs: Observation) -> None:
    """Replay the public history on a fresh layout: the first draw of a turn hints that its
    player held no tile that fitted then (drawing with a playable tile is allowed, R11, so
    this is a guess). Passes give certain lacks: ``obs.voids`` (R12)."""
    n = obs.players
    hinted = list(v.known_lacks or [0] * n)
    layout = Layout(plan_for(obs.announcement, obs.set_tile))  # type: ignore[arg-type]
    prev: tuple[int, Action] | None = None
    for seat, a in since_announcement(obs):
        if type(a) is Play:
            layout.place(a.tile, a.arm, a.out, seat)
        elif a is DRAW and not (prev is not None and prev[0] == seat and prev[1] is DRAW):
            hinted[seat] |= fit_mask(layout)
        prev = (seat, a)
    v.hinted_lacks = [h & ~mask_of(obs.declared[s]) for s, h in enumerate(hinted)]


ALL_MASK = (1 << len(ALL_TILES)) - 1
_TABLE_MASKS: dict[int, tuple[object, int]] = {}


def mask_of(tiles: list[Tile] | tuple[Tile, ...]) -> int:
    m = 0
    for t in tiles:
        m |= 1 << t.index
    return m


def table_mask(layout: Layout | None, set_tile: Tile | None = None) -> int:
    """The tiles on the table (the set tile included)."""
    if layout is None:
        return 0 if set_tile is None else 1 << set_tile.index
    m = 1 << layout.plan.set_tile.index
    for arm in layout.arms:
        for p in arm:
            m |= 1 << p.tile.index
    return m


def fit_mask(layout: Layout) -> int:
    """The tiles that could be played on ``layout`` now (R60–R62 and the game's order)."""
    m = 0
    for tb in layout.play_tables():
        entry = _TABLE_MASKS.get(id(tb))
        if entry is None or entry[0] is not tb:  # the engine caches its tables for good
            entry = _TABLE_MASKS[id(tb)] = (tb, sum(1 << i for i, row in enumerate(tb) if row))
        m |= entry[1]
    return m


def view_of_hand(hand: Hand, seat: int | None = None) -> View:
    """The same knowledge read from a full ``Hand`` (for rollouts: no history inference)."""
    seat = hand.current if seat is None else seat
    v = View()
    v.seat, v.players, v.phase = seat, hand.players, hand.phase.value
    v.legal = hand.legal_actions() if seat == hand.current else []
    v.tiles, v.layout = hand.hands[seat], hand.layout
    v.hand_sizes = [len(h) for h in hand.hands]
    v.out, v.boneyard, v.setter, v.set_tile = hand.out, len(hand.stack), hand.setter, hand.set_tile
    v.declared, v.claim, v.nos = hand.declared, hand.options.claim_doubles, hand.nos
    v.announcement = hand.announcement
    v.mine = mask_of(hand.hands[seat])
    v.unknown = ALL_MASK & ~(v.mine | table_mask(hand.layout, hand.set_tile))
    v.last = hand.last_turn if v.phase == "play" else None
    v.known_lacks = [mask_of(list(x)) for x in hand.voids]
    return v


def after_play(layout: Layout, play: Play, seat: int) -> Layout:
    """A copy of ``layout`` with ``play`` placed."""
    lay = layout.copy()
    lay.place(play.tile, play.arm, play.out, seat)
    return lay


def sure_close(v: View, play: Play, fits: int | None = None) -> bool:
    """R17 judged from public knowledge only: after ``play`` (``fits``: the tiles that would fit
    then) none of our tiles fits, and no tile we cannot see could — unless every seat still in
    the hand surely lacks it (a pass) and nothing can be drawn, so it lies in the last two."""
    if fits is None:
        fits = fit_mask(after_play(v.layout, play, v.seat))
    if fits & v.mine & ~(1 << play.tile.index):
        return False
    unseen = fits & v.unknown
    if not unseen:
        return True
    if v.drawable or v.known_lacks is None:
        return False
    return all(not unseen & ~v.known_lacks[s] for s in range(v.players)
               if s != v.seat and not v.out[s])


def plain_plays(legal: list[Action] | tuple[Action, ...], claim: bool) -> list[Play]:
    """The distinct plays without a close; with H2, the claiming variant replaces the plain one
    when it is offered (a payment is never missed)."""
    plays = [a for a in legal if type(a) is Play and not a.close]
    if not claim:
        return plays
    claimed = {(a.tile, a.arm, a.out) for a in plays if a.claim}
    return [a for a in plays if a.claim or (a.tile, a.arm, a.out) not in claimed]


def best_declaration(legal: list[Action] | tuple[Action, ...]) -> Action:
    """R8: the declaration that pays most (more doubles pay more), else decline."""
    decl = [a for a in legal if type(a) is Declare]
    if not decl:
        return legal[-1]
    return max(decl, key=lambda a: (len(a.tiles), [t.index for t in a.tiles]))
