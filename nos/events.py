"""Words as data: what happens in a hand as events, a key and its parameters, never a sentence.

An event is a JSON-safe dict: ``{"key": "act.play", "seat": 2, "tile": "5-3", "side": "n"}``.
The page turns it into a sentence in the reader's language with the word catalogue
(``web/words/``), deciding "you" by ``seat == viewer``. Parameters, by name:

- ``seat``, ``from``, ``to``: seats; ``tile``: a tile (``"5-3"``); ``tiles``: a list of tiles;
- ``amount``, ``n``, ``count``, ``end``, ``out``: numbers; ``rule``: a ruling (``"R14"``);
- ``side``: a side of the layout as a token (``side_key``); ``game``: an announcement
  (``announcement_params``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nos.actions import Action, Announce, Declare, Decline, Draw, Pass, Play, Set, Wait
from nos.matching import Matching
from nos.payments import Payment

if TYPE_CHECKING:
    from nos.games import Announcement, Plan
    from nos.hand import Hand
    from nos.tiles import Tile

Event = dict  # a key and its parameters (a name for annotations)
TRIANGLE_GAMES = (13, 14, 15, 16)
CROSS_ARMS = ("n", "e", "s", "w")


def side_key(plan: Plan, arm: int) -> str:
    """A side as a token: ``n e s w`` (the arms of a cross), ``arm1 arm2 arm3 fourth``
    (a triangle and its fourth side, R52–R55), ``left right`` (a line on a double) or
    ``end:5`` (a line on a non-double: the side that shows its 5)."""
    if plan.announcement.game in TRIANGLE_GAMES:
        return ("arm1", "arm2", "arm3", "fourth")[arm]
    if plan.arms == 4:
        return CROSS_ARMS[arm]
    if plan.set_tile.is_double:
        return ("left", "right")[arm]
    return f"end:{plan.set_ends[arm]}"


def announcement_params(a: Announcement, set_tile: Tile, plan: Plan | None = None) -> Event:
    """An announcement as parameters for its name (``game.*`` in the catalogue): the game
    and, where it has them, its matching, sides (as ``side_key`` tokens), counts and shape.
    ``plan``: its plan on ``set_tile``, where the caller has it already."""
    from nos.games import plan_for

    plan = plan or plan_for(a, set_tile)
    out: Event = {"game": a.game}
    if a.game == 11:
        out["matching"] = a.matching.value if a.matching else "ordinary"
        if a.change and a.matching is not None:
            out["then"] = a.matching.other.value
    if a.here is not None:
        out["here"] = side_key(plan, a.here)
    if a.first is not None:
        out["first"] = side_key(plan, a.first)
        out["count"] = a.count
        if a.game == 12:
            out["matching"] = "ordinary" if a.first == a.ordinary else "matador"
    if a.shape is not None:
        out["shape"] = a.shape
    if a.game == 12:
        if a.shape == "line":
            out["ordinary"] = side_key(plan, a.ordinary or 0)
        else:
            out["axis"] = "ns" if (a.ordinary or 0) == 0 else "ew"
    return out


def action_event(hand: Hand, action: Action) -> Event:
    """What the seat to act does with ``action``, judged before it is applied."""
    from nos.hand import Phase

    seat = hand.current
    phase = hand.phase
    if isinstance(action, Set):
        return {"key": "act.set", "seat": seat, "tile": str(action.tile)}
    if isinstance(action, Draw):
        if phase is Phase.SET:  # (set at once, R5: public, so the log names it)
            return {"key": "act.draw_set", "seat": seat, "tile": str(hand.stack[-1])}
        return {"key": "act.draw", "seat": seat}
    if isinstance(action, Announce):
        return {"key": "act.announce", "seat": seat,
                "game": announcement_params(action.game, hand.set_tile)}
    if isinstance(action, Declare):
        return {"key": "act.declare", "seat": seat, "tiles": [str(t) for t in action.tiles]}
    if isinstance(action, Decline):
        return {"key": "act.decline" if phase is Phase.DECLARE else "act.no_double",
                "seat": seat}
    if isinstance(action, Wait):
        return {"key": "act.wait", "seat": seat}
    if isinstance(action, Pass):
        return {"key": "act.pass", "seat": seat}
    if isinstance(action, Play):
        return play_event(hand, seat, action, phase is Phase.OUT_OF_TURN)
    raise ValueError(f"{action!r} is not an action of Nos")


def play_event(hand: Hand, seat: int, play: Play, out_of_turn: bool = False) -> Event:
    """A play: the tile, the side, the outward end where the player chose it (a matador on a
    matador end, R61), and the flags: out of turn (R9), claim (H2), close (R16)."""
    layout = hand.layout
    plan = layout.plan
    event: Event = {"key": "act.play", "seat": seat, "tile": str(play.tile),
                    "side": side_key(plan, play.arm)}
    rule = plan.accepts(layout.lengths, play.arm, True)
    if (rule and rule[0] is Matching.MATADOR and play.tile.is_matador
            and not play.tile.is_double):
        event["out"] = play.out
    if out_of_turn:
        event["out_of_turn"] = True
    if play.claim:
        event["claim"] = True
    if play.close:
        event["close"] = True
    return event


def payment_event(p: Payment) -> Event:
    """A ledger entry (R23): who pays whom how much, and under which ruling."""
    return {"key": "pay", "from": p.payer, "to": p.payee, "amount": p.amount, "rule": p.rule}


def hand_end_event(hand: Hand) -> Event:
    """The hand's end (R20): why, and the counts it ends with (R21)."""
    return {"key": "log.hand_end", "reason": hand.end_reason, "counts": list(hand.counts or [])}
