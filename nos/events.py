"""Words as data: what happens in a hand as events, a key and its parameters, never a sentence.

An event is a JSON-safe dict: ``{"key": "act.play", "seat": 2, "tile": "5-3", "side": "n"}``.
The page turns it into a sentence in the reader's language with the word catalogue
(``web/words/``), deciding "you" by ``seat == viewer``. Parameters, by name:

- ``seat``, ``from``, ``to``: seats; ``tile``: a tile (``"5-3"``); ``tiles``: a list of tiles;
- ``amount``, ``n``, ``count``, ``end``, ``out``: numbers; ``rule``: a ruling (``"R14"``);
- ``side``: a side of the layout as a token (``nos.games.side_key``); ``game``: an announcement
  (``nos.games.announcement_params``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nos.actions import Action, Announce, Declare, Decline, Draw, Pass, Play, Set, Wait
from nos.games import announcement_params, side_key
from nos.matching import Matching
from nos.payments import Payment
from nos.phase import Phase

if TYPE_CHECKING:
    from nos.hand import Hand

Event = dict  # a key and its parameters (a name for annotations)


def action_event(hand: Hand, action: Action) -> Event:
    """What the seat to act does with ``action``, judged before it is applied."""
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
