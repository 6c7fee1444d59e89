"""Why an action is refused: the ruling, a word key with its parameters, and one English
sentence for CPython users (R70). The page words the key in the reader's language
(``web/words/``: ``refuse.<key>``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nos import errors as e
from nos.actions import Action, Announce, Declare, Decline, Draw, Pass, Play, Set, Wait
from nos.deal import LAST_TWO
from nos.events import side_key
from nos.games import ANNOUNCEMENT_ERRORS, announcement_error
from nos.matching import Matching, outward_ends

if TYPE_CHECKING:
    from nos.hand import Hand

# The English sentence of each refusal key; ``{side}`` is the side's English name.
REASONS = {
    "hand_over": "the hand is over",
    "not_held": "seat {seat} does not hold {tile}",
    "set_double_only": "only a double may be set from the hand",
    "set_highest_double": "in the first hand the highest double must be set",
    "set_must_set_double": "a player on set who holds a double must set one",
    "step_set": "the player on set must set a tile first",
    "step_announce": "the player on set must announce the game now",
    "step_declare": "it is time to declare doubles or decline",
    "step_out_of_turn": "it is time to play doubles out of turn on the set tile or decline",
    "declare_doubles_only": "only doubles may be declared",
    "declare_not_paid": "{n} doubles are not paid with {players} players",
    "out_of_turn_doubles_only": "only doubles may be played out of turn",
    "out_of_turn_no_fit": "{tile} does not fit that free side of the set tile",
    "must_wait": "seat {seat} must wait this turn for the double on {side}",
    "no_wait_owed": "seat {seat} owes no wait now",
    "turn_of_play": "it is a turn of play: draw, play a tile or pass",
    "last_two": "the last two tiles of the boneyard are never drawn (R2)",
    "can_play": "seat {seat} can play {tile}, so may not pass",
    "must_draw": "seat {seat} must draw before passing: {n} tiles can still be drawn",
    "not_an_action": "that is not an action of Nos",
    "no_arm": "there is no arm {arm} in this layout",
    "next_on": "the next tile goes on {side}",
    "first_on": "{count} tiles go on {side} before any on the other",
    "matadors_first": "the three matadors come before the fourth side",
    "cross_first": "all opening tiles must be in place before any arm is extended",
    "needs_double": "the next tile on {side} must be a double",
    "needs_double_or_matador": "the next tile on {side} must be a double or a matador",
    "blank_out": "under matador matching {tile} is played with its blank facing out",
    "blank_end": "only a matador may be played on the blank end of {side}",
    "no_match_ordinary": "{tile} does not equal the open {end} on {side} (ordinary)",
    "no_match_matador": "{tile} does not add up to 7 with the open {end} on {side} (matador)",
    "face_out": "{tile} on the {end} of {side} must face {out} outward",
    "claim_automatic": "payments for doubles are automatic; nothing to claim",
    "claim_not_owed": "no payment is owed for this tile",
    "not_legal_now": "that is not a legal action now",
}
REASONS.update({"announce_" + k: v for k, v in ANNOUNCEMENT_ERRORS.items()})
_SIDE_WORDS = {"n": "the north arm", "e": "the east arm", "s": "the south arm",
               "w": "the west arm", "left": "the left side", "right": "the right side",
               "arm1": "the first arm", "arm2": "the second arm", "arm3": "the third arm",
               "fourth": "the fourth side"}
_STEPS = {"set": ("R4", "step_set"), "announce": ("R7", "step_announce"),
          "declare": ("R8", "step_declare"), "out of turn": ("R9", "step_out_of_turn")}
if TYPE_CHECKING:
    Why = tuple[str, str, dict[str, Any], type[e.IllegalAction]]


def side_words(token: str) -> str:
    """A side token (``nos.events.side_key``) in English, for CPython messages."""
    return f"the {token[4:]}-side" if token.startswith("end:") else _SIDE_WORDS[token]


def english(key: str, params: dict[str, Any]) -> str:
    words = {k: side_words(v) if k == "side" else v for k, v in params.items()}
    return REASONS[key].format(**words)


def refusal(hand: Hand, action: Action) -> e.IllegalAction:
    """The refusal for an action that is not in ``hand.legal_actions()``."""
    rule, key, params, cls = _why(hand, action)
    return cls(rule, english(key, params), hand.position(), key=key, params=params)


def _why(hand: Hand, action: Action) -> Why:
    from nos.hand import Phase

    seat = hand.current
    phase = hand.phase
    if phase is Phase.OVER:
        return "R20", "hand_over", {}, e.NotYourTurn
    if phase is Phase.SET:
        if isinstance(action, Set):
            if action.tile not in hand.hands[seat]:
                return "R4", "not_held", {"seat": seat, "tile": str(action.tile)}, e.IllegalSet
            if not action.tile.is_double:
                return "R5", "set_double_only", {}, e.IllegalSet
            return "R4", "set_highest_double", {}, e.IllegalSet
        if isinstance(action, Draw):
            return "R5", "set_must_set_double", {}, e.IllegalSet
        return _STEPS["set"] + ({}, e.WrongPhase)
    if phase is Phase.ANNOUNCE:
        if isinstance(action, Announce):
            why = announcement_error(action.game, hand.set_tile)  # type: ignore[arg-type]
            if why is None:
                return "R7", "not_legal_now", {}, e.IllegalAnnouncement
            return "R7", f"announce_{why[0]}", why[1], e.IllegalAnnouncement
        return _STEPS["announce"] + ({}, e.WrongPhase)
    if phase is Phase.DECLARE:
        if isinstance(action, Declare):
            held = [t for t in action.tiles if t not in hand.hands[seat]]
            if held:
                return "R8", "not_held", {"seat": seat, "tile": str(held[0])}, \
                    e.IllegalDeclaration
            if not all(t.is_double for t in action.tiles):
                return "R8", "declare_doubles_only", {}, e.IllegalDeclaration
            return ("R8", "declare_not_paid", {"n": len(action.tiles), "players": hand.players},
                    e.IllegalDeclaration)
        return _STEPS["declare"] + ({}, e.WrongPhase)
    if phase is Phase.OUT_OF_TURN:
        if isinstance(action, Play):
            tile = str(action.tile)
            if not action.tile.is_double:
                return "R9", "out_of_turn_doubles_only", {}, e.IllegalPlay
            if action.tile not in hand.hands[seat]:
                return "R9", "not_held", {"seat": seat, "tile": tile}, e.IllegalPlay
            return "R9", "out_of_turn_no_fit", {"tile": tile}, e.IllegalPlay
        return _STEPS["out of turn"] + ({}, e.WrongPhase)
    return _why_in_turn(hand, action)


def _why_in_turn(hand: Hand, action: Action) -> Why:
    seat = hand.current
    due = hand.due_wait(seat)
    if due is not None and not isinstance(action, Wait):
        side = side_key(hand.layout.plan, due)
        return "R10", "must_wait", {"seat": seat, "side": side}, e.IllegalWait
    if isinstance(action, Wait):
        return "R10", "no_wait_owed", {"seat": seat}, e.IllegalWait
    if isinstance(action, (Declare, Announce, Set, Decline)):
        return "R11", "turn_of_play", {}, e.WrongPhase
    if isinstance(action, Draw):
        return "R11", "last_two", {}, e.IllegalDraw
    if isinstance(action, Pass):
        plays = hand.playable(seat)
        if plays:
            return "R12", "can_play", {"seat": seat, "tile": str(plays[0].tile)}, e.IllegalPass
        left = len(hand.stack) - LAST_TWO
        return "R12", "must_draw", {"seat": seat, "n": left}, e.IllegalPass
    if not isinstance(action, Play):
        return "R70", "not_an_action", {}, e.IllegalAction
    return _why_play(hand, action)


def _why_play(hand: Hand, play: Play) -> Why:
    seat = hand.current
    layout = hand.layout
    plan = layout.plan
    tile = play.tile
    t = str(tile)
    if tile not in hand.hands[seat]:
        return "R11", "not_held", {"seat": seat, "tile": t}, e.IllegalPlay
    if not 0 <= play.arm < plan.arms:
        return "R11", "no_arm", {"arm": play.arm}, e.IllegalPlay
    side = side_key(plan, play.arm)
    blocked = plan.blocked(layout.lengths, play.arm)
    if blocked is not None:
        return blocked[0], blocked[1], _blocked_params(hand, blocked[1]), e.IllegalPlay
    matching, need_double = plan.accepts(layout.lengths, play.arm)  # type: ignore[misc]
    mat = matching is Matching.MATADOR
    rule = "R61" if mat else "R60"
    if need_double and not (tile.is_double or (mat and tile.is_matador)):
        key = "needs_double_or_matador" if mat else "needs_double"
        return plan.rule, key, {"side": side}, e.IllegalPlay
    end = layout.ends[play.arm]
    outs = outward_ends(tile, end, matching)
    if mat and tile.low == 0 and not tile.is_matador and play.out == tile.high and outs:
        return "R62", "blank_out", {"tile": t}, e.IllegalPlay
    if not outs:
        if mat and end == 0:
            return "R62", "blank_end", {"side": side}, e.IllegalPlay
        key = "no_match_matador" if mat else "no_match_ordinary"
        return rule, key, {"tile": t, "end": end, "side": side}, e.IllegalPlay
    if play.out not in outs:
        return (rule, "face_out", {"tile": t, "end": end, "side": side, "out": outs[0]},
                e.IllegalPlay)
    if play.claim:
        if not hand.options.claim_doubles:
            return "R14", "claim_automatic", {}, e.IllegalClaim
        return "R14", "claim_not_owed", {}, e.IllegalClaim
    return "R70", "not_legal_now", {}, e.IllegalAction


def _blocked_params(hand: Hand, key: str) -> dict[str, Any]:
    """The side an order condition points to (R56, R57), and R57b's count."""
    plan = hand.layout.plan
    lengths = hand.layout.lengths
    if key == "next_on":
        arm = next(s for s in plan.sequence if not lengths[s])
        return {"side": side_key(plan, arm)}
    if key == "first_on":
        return {"side": side_key(plan, plan.first), "count": plan.count}  # type: ignore[arg-type]
    return {}
