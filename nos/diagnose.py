"""Why an action is refused: the ruling and one clear sentence (R70)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nos import errors as e
from nos.actions import Action, Announce, Declare, Decline, Draw, Pass, Play, Set, Wait
from nos.deal import LAST_TWO
from nos.games import announcement_error
from nos.matching import Matching, outward_ends

if TYPE_CHECKING:
    from nos.hand import Hand

_PHASE_STEP = {
    "set": ("R4", "the player on set must set a tile first"),
    "announce": ("R7", "the player on set must announce the game now"),
    "declare": ("R8", "it is time to declare doubles or decline"),
    "out of turn": ("R9", "it is time to play doubles out of turn on the set tile or decline"),
}


def refusal(hand: Hand, action: Action) -> e.IllegalAction:
    """The refusal for an action that is not in ``hand.legal_actions()``."""
    rule, reason, cls = _why(hand, action)
    return cls(rule, reason, hand.position())


def _why(hand: Hand, action: Action) -> tuple[str, str, type[e.IllegalAction]]:
    from nos.hand import Phase

    seat = hand.current
    phase = hand.phase
    if phase is Phase.OVER:
        return "R20", "the hand is over", e.NotYourTurn
    if phase is Phase.SET:
        if isinstance(action, Set):
            if action.tile not in hand.hands[seat]:
                return "R4", f"seat {seat} does not hold {action.tile}", e.IllegalSet
            if not action.tile.is_double:
                return "R5", "only a double may be set from the hand", e.IllegalSet
            return "R4", "in the first hand the highest double must be set", e.IllegalSet
        if isinstance(action, Draw):
            return "R5", "a player on set who holds a double must set one", e.IllegalSet
        return (*_PHASE_STEP["set"], e.WrongPhase)
    if phase is Phase.ANNOUNCE:
        if isinstance(action, Announce):
            why = announcement_error(action.game, hand.set_tile)  # type: ignore[arg-type]
            return "R7", why or "that game may not be announced now", e.IllegalAnnouncement
        return (*_PHASE_STEP["announce"], e.WrongPhase)
    if phase is Phase.DECLARE:
        if isinstance(action, Declare):
            held = [t for t in action.tiles if t not in hand.hands[seat]]
            if held:
                return "R8", f"seat {seat} does not hold {held[0]}", e.IllegalDeclaration
            if not all(t.is_double for t in action.tiles):
                return "R8", "only doubles may be declared", e.IllegalDeclaration
            return ("R8", f"{len(action.tiles)} doubles are not paid with {hand.players} players",
                    e.IllegalDeclaration)
        return (*_PHASE_STEP["declare"], e.WrongPhase)
    if phase is Phase.OUT_OF_TURN:
        if isinstance(action, Play):
            if not action.tile.is_double:
                return "R9", "only doubles may be played out of turn", e.IllegalPlay
            if action.tile not in hand.hands[seat]:
                return "R9", f"seat {seat} does not hold {action.tile}", e.IllegalPlay
            return ("R9", f"{action.tile} does not fit that free side of the set tile",
                    e.IllegalPlay)
        return (*_PHASE_STEP["out of turn"], e.WrongPhase)
    return _why_in_turn(hand, action)


def _why_in_turn(hand: Hand, action: Action) -> tuple[str, str, type[e.IllegalAction]]:
    seat = hand.current
    due = hand.due_wait(seat)
    if due is not None and not isinstance(action, Wait):
        side = hand.layout.plan.side_name(due)
        return "R10", f"seat {seat} must wait this turn for the double on {side}", e.IllegalWait
    if isinstance(action, Wait):
        return "R10", f"seat {seat} owes no wait now", e.IllegalWait
    if isinstance(action, (Declare, Announce, Set, Decline)):
        return "R11", "it is a turn of play: draw, play a tile or pass", e.WrongPhase
    if isinstance(action, Draw):
        return ("R11", "the last two tiles of the boneyard are never drawn (R2)", e.IllegalDraw)
    if isinstance(action, Pass):
        plays = hand.playable(seat)
        if plays:
            return "R12", f"seat {seat} can play {plays[0].tile}, so may not pass", e.IllegalPass
        left = len(hand.stack) - LAST_TWO
        return ("R12", f"seat {seat} must draw before passing: {left} tiles can still be drawn",
                e.IllegalPass)
    if not isinstance(action, Play):
        return "R70", f"{action!r} is not an action of Nos", e.IllegalAction
    return _why_play(hand, action)


def _why_play(hand: Hand, play: Play) -> tuple[str, str, type[e.IllegalAction]]:
    seat = hand.current
    layout = hand.layout
    plan = layout.plan
    tile = play.tile
    if tile not in hand.hands[seat]:
        return "R11", f"seat {seat} does not hold {tile}", e.IllegalPlay
    if not 0 <= play.arm < plan.arms:
        return "R11", f"there is no arm {play.arm} in this layout", e.IllegalPlay
    side = plan.side_name(play.arm)
    blocked = plan.blocked(layout.lengths, play.arm)
    if blocked is not None:
        return blocked[0], blocked[1], e.IllegalPlay
    matching, need_double = plan.accepts(layout.lengths, play.arm)  # type: ignore[misc]
    rule = "R60" if matching is Matching.ORDINARY else "R61"
    if need_double and not (tile.is_double or (matching is Matching.MATADOR and tile.is_matador)):
        what = "a double or a matador" if matching is Matching.MATADOR else "a double"
        return plan.rule, f"the next tile on {side} must be {what}", e.IllegalPlay
    end = layout.ends[play.arm]
    outs = outward_ends(tile, end, matching)
    if (matching is Matching.MATADOR and tile.low == 0 and not tile.is_matador
            and play.out == tile.high and outs):
        return ("R62", f"under matador matching {tile} is played with its blank facing out",
                e.IllegalPlay)
    if not outs:
        if matching is Matching.MATADOR and end == 0:
            return "R62", f"only a matador may be played on the blank end of {side}", e.IllegalPlay
        how = "equal" if matching is Matching.ORDINARY else "add up to 7 with"
        return rule, f"{tile} does not {how} the open {end} on {side} ({matching})", e.IllegalPlay
    if play.out not in outs:
        return (rule, f"{tile} on the {end} of {side} must face {outs[0]} outward",
                e.IllegalPlay)
    if play.claim:
        if not hand.options.claim_doubles:
            return "R14", "payments for doubles are automatic; nothing to claim", e.IllegalClaim
        return "R14", "no payment is owed for this tile", e.IllegalClaim
    return "R70", f"{play} is not a legal action now", e.IllegalAction
