"""Why an action is refused: the ruling and a word key with its parameters (R70). The page
words the key in the reader's language (``web/words/``: ``refuse.<key>``); CPython users read
the same catalogue's English (``str()`` of the refusal, ``nos.english``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nos import errors as e
from nos.actions import Action, Announce, Declare, Decline, Draw, Pass, Play, Set, Wait
from nos.deal import LAST_TWO
from nos.games import announcement_error, side_key
from nos.matching import Matching, outward_ends
from nos.phase import Phase

if TYPE_CHECKING:
    from nos.hand import Hand

# Every refusal this module gives, as its word key (``refuse.<key>`` in the catalogue); an
# announcement's are ``announce_`` and the key of ``nos.games.announcement_error``.
REFUSALS = ("hand_over", "not_held", "set_double_only", "set_highest_double",
            "set_must_set_double", "step_set", "step_announce", "step_declare",
            "step_out_of_turn", "declare_doubles_only", "declare_not_paid",
            "out_of_turn_doubles_only", "out_of_turn_no_fit", "must_wait", "no_wait_owed",
            "turn_of_play", "last_two", "can_play", "must_draw", "not_an_action", "no_arm",
            "next_on", "first_on", "matadors_first", "cross_first", "needs_double",
            "needs_double_or_matador", "blank_out", "blank_end", "no_match_ordinary",
            "no_match_matador", "face_out", "claim_automatic", "claim_not_owed",
            "not_legal_now", "announce_no_such_game", "announce_needs_double_blank",
            "announce_not_double_blank", "announce_needs_double", "announce_bad_parameters")
# What the player to act must do in each step before the turns (a refusal's ruling and key).
_STEPS = {Phase.SET: ("R4", "step_set"), Phase.ANNOUNCE: ("R7", "step_announce"),
          Phase.DECLARE: ("R8", "step_declare"), Phase.OUT_OF_TURN: ("R9", "step_out_of_turn")}
if TYPE_CHECKING:
    Why = tuple[str, str, dict[str, Any], type[e.IllegalAction]]


def refusal(hand: Hand, action: Action) -> e.IllegalAction:
    """The refusal for an action that is not in ``hand.legal_actions()``."""
    rule, key, params, cls = _why(hand, action)
    return cls(rule, key, params, hand.position())


def _why(hand: Hand, action: Action) -> Why:
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
        return _STEPS[Phase.SET] + ({}, e.WrongPhase)
    if phase is Phase.ANNOUNCE:
        if isinstance(action, Announce):
            why = announcement_error(action.game, hand.set_tile)  # type: ignore[arg-type]
            if why is None:
                return "R7", "not_legal_now", {}, e.IllegalAnnouncement
            return "R7", f"announce_{why[0]}", why[1], e.IllegalAnnouncement
        return _STEPS[Phase.ANNOUNCE] + ({}, e.WrongPhase)
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
        return _STEPS[Phase.DECLARE] + ({}, e.WrongPhase)
    if phase is Phase.OUT_OF_TURN:
        if isinstance(action, Play):
            tile = str(action.tile)
            if not action.tile.is_double:
                return "R9", "out_of_turn_doubles_only", {}, e.IllegalPlay
            if action.tile not in hand.hands[seat]:
                return "R9", "not_held", {"seat": seat, "tile": tile}, e.IllegalPlay
            return "R9", "out_of_turn_no_fit", {"tile": tile}, e.IllegalPlay
        return _STEPS[Phase.OUT_OF_TURN] + ({}, e.WrongPhase)
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
