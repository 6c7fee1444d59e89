"""What is in force at the table, as events for the page's bar above the layout: the state of
the announced game's condition (which side is open, how many tiles the named side still
needs, which matching holds now) and whose turn it is and why.

Every event says only what the whole table knows (R71): the layout, the announced game, the
phase, whose turn, the waits owed (public, R10). Which tiles a player holds never shows:
"Bram to play", never "Bram must draw". Events are JSON-safe dicts (``nos/events.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nos.events import Event
from nos.games import side_key
from nos.matching import Matching
from nos.phase import Phase

if TYPE_CHECKING:
    from nos.hand import Hand


def in_force(hand: Hand) -> list[Event]:
    """The announced game's condition as it stands, in the order a player reads it: which
    sides are open now and why the others are not yet (R41–R57: the opening of a cross, R56,
    R57a's order, R57b's count, R55's fourth side), then the matching in force (R57c: a
    change still to come, or come). Empty before the announcement."""
    layout = hand.layout
    if layout is None or hand.over:
        return []
    plan = layout.plan
    lengths = layout.lengths
    out: list[Event] = []
    rule = plan.rule
    nxt = next((s for s in plan.sequence if not lengths[s]), None)
    if nxt is not None:
        # R56, R57a: the sides that must each take a tile first, in their order.
        out.append({"key": "force.next_on", "side": side_key(plan, nxt),
                    "rule": "R56" if plan.announcement.game == 17 else "R57"})
    elif plan.first is not None and lengths[plan.first] < plan.count:
        out.append({"key": "force.first_on", "side": side_key(plan, plan.first),
                    "n": plan.count - lengths[plan.first], "rule": "R57"})
    gated = [i for i in range(plan.arms) if i not in plan.late_arms]
    if plan.cross_gate and not all(lengths[i] for i in gated):
        # Every opening tile before any arm grows (R41–R56); R55: the fourth side after.
        out.append({"key": "force.opening", "n": sum(1 for i in gated if lengths[i]),
                    "count": len(gated), "rule": rule})
        if plan.late_arms:
            out.append({"key": "force.fourth_later", "rule": "R55",
                        "side": side_key(plan, plan.late_arms[0])})
    elif plan.late_arms and not all(lengths[i] for i in plan.late_arms):
        out.append({"key": "force.fourth_open", "side": side_key(plan, plan.late_arms[0]),
                    "rule": "R55"})
    out.append(matching_now(hand))
    return out


def matching_now(hand: Hand) -> Event:
    """The matching the next tile follows: one for every arm that will still grow, or each
    arm its own (volapük, game 17's opening, a triangle's fourth side); with R57c, whether
    the change is still to come or has come."""
    layout = hand.layout
    plan = layout.plan
    lengths = layout.lengths
    kinds = []
    for arm in range(plan.arms):
        got = plan.accepts(lengths, arm, True)
        if got is not None and got[0] not in kinds:
            kinds.append(got[0])
    if plan.change:
        if plan.condition_met(lengths):
            return {"key": "force.changed", "matching": kinds[0].value, "rule": "R57"}
        return {"key": "force.change_later", "matching": kinds[0].value,
                "then": kinds[0].other.value, "rule": "R57"}
    if len(kinds) == 1:
        return {"key": "force.matching", "matching": kinds[0].value,
                "rule": "R60" if kinds[0] is Matching.ORDINARY else "R61"}
    return {"key": "force.matching_each", "rule": "R63"}


def turn(hand: Hand) -> Event:
    """Whose turn it is and why (R4–R13), or that the hand is over."""
    if hand.over:
        return {"key": "turn.over"}
    seat = hand.current
    phase = hand.phase
    if phase is Phase.SET:
        # R4: the first hand's holder of the highest double; R5, R22: the last hand's loser.
        return {"key": "turn.set_first" if hand.first_hand else "turn.set", "seat": seat,
                "rule": "R4" if hand.first_hand else "R22"}
    if phase is Phase.ANNOUNCE:
        return {"key": "turn.announce", "seat": seat, "rule": "R7"}
    if phase is Phase.DECLARE:
        return {"key": "turn.declare", "seat": seat, "rule": "R8"}
    if phase is Phase.OUT_OF_TURN:
        return {"key": "turn.out_of_turn", "seat": seat, "rule": "R9"}
    if hand.due_wait(seat) is not None:  # (waits owed are public: R10)
        return {"key": "turn.wait", "seat": seat, "rule": "R10"}
    return {"key": "turn.play", "seat": seat, "rule": "R13"}
