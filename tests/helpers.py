"""Shared helpers for scripted-deal tests of the rulings (shared/rules/RULINGS.md).

A scripted hand is built from the seats' tiles and the top of the boneyard
(``Deal.build``), then driven with the text form of actions (``parse_action``). The
helpers below keep the assertions exact: ``legal`` is the set of legal action texts,
``turn`` builds the expected set for a turn of play, and ``each_pays``/``pays_each``
build expected ledger entries (``Payment(hand, payer, payee, amount, rule)``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pytest

from nos import (
    Deal,
    Hand,
    IllegalAction,
    Matching,
    Options,
    Payment,
    Phase,
    Play,
    Tile,
    parse_action,
)
from nos.actions import DECLINE
from nos.payments import START_CHIPS


def make_hand(
    hands: list[str],
    boneyard: str = "",
    setter: int | None = None,
    options: Options | None = None,
    number: int = 0,
    chips: list[int] | None = None,
) -> Hand:
    """A hand of a scripted deal; ``setter=None`` is a first hand (R4)."""
    return Hand(Deal.build(hands, boneyard=boneyard), setter=setter, options=options,
                number=number, chips=chips)


def act(hand: Hand, *actions: str) -> Hand:
    """Apply each action (text form) through the checked ``Hand.apply``. The steps of seats
    with nothing to declare or to play out of turn (R8, R9: every seat gets them, R71) are
    passed before and after each action, so scripts name only real decisions."""
    hand.pass_empty_steps()
    for text in actions:
        hand.apply(parse_action(text))
        hand.pass_empty_steps()
    return hand


def legal(hand: Hand) -> set[str]:
    """The legal actions of the seat to act, as text (and never listed twice)."""
    texts = [str(a) for a in hand.legal_actions()]
    assert len(texts) == len(set(texts)), f"an action is listed twice: {texts}"
    return set(texts)


def turn(
    *plays: str | Iterable[str],
    draw: bool = False,
    pass_: bool = False,
    claims: Iterable[str] = (),
) -> set[str]:
    """The expected legal actions of a turn of play: every play with and without ``close``
    (R16); ``claims`` adds ``claim`` and ``claim close`` for those plays (H2); ``draw``
    (R11) and ``pass`` (R12) when legal."""
    out: set[str] = set()
    for item in plays:
        for p in [item] if isinstance(item, str) else item:
            out |= {p, f"{p} close"}
    for p in claims:
        out |= {f"{p} claim", f"{p} claim close"}
    if draw:
        out.add("draw")
    if pass_:
        out.add("pass")
    return out


def on_arms(tile: str, arms: Iterable[int], outs: Iterable[int]) -> list[str]:
    """Plays of ``tile`` on each of ``arms`` with each of ``outs`` facing out."""
    outs = list(outs)
    return [f"{tile}@{arm}>{out}" for arm in arms for out in outs]


def pay(payer: int, payee: int, amount: int, rule: str, hand: int = 0) -> Payment:
    return Payment(hand, payer, payee, amount, rule)


def each_pays(payers: Iterable[int], payee: int, amount: int, rule: str,
              hand: int = 0) -> list[Payment]:
    """Each of ``payers`` pays ``payee`` (in the order given)."""
    return [Payment(hand, p, payee, amount, rule) for p in payers]


def pays_each(payer: int, payees: Iterable[int], amount: int, rule: str,
              hand: int = 0) -> list[Payment]:
    """``payer`` pays each of ``payees`` (in the order given)."""
    return [Payment(hand, payer, p, amount, rule) for p in payees]


def chips_from(ledger: Iterable[Payment], players: int,
               start: list[int] | None = None) -> list[int]:
    """The chips after the ledger's payments (R23), from ``start`` (default 500 each)."""
    chips = list(start) if start is not None else [START_CHIPS] * players
    for p in ledger:
        chips[p.payer] -= p.amount
        chips[p.payee] += p.amount
    return chips


def assert_ledger(hand: Hand, expected: list[Payment],
                  start: list[int] | None = None) -> None:
    """The hand's ledger is exactly ``expected``, and the chips follow from it (R23)."""
    assert hand.ledger == expected
    assert hand.chips == chips_from(expected, hand.players, start)
    total = sum(start) if start is not None else START_CHIPS * hand.players
    assert sum(hand.chips) == total


# --------------------------------------------------------------------------- matching, refusals
# (used by test_games, test_matching and test_properties)
MATADORS = frozenset({Tile(0, 0), Tile(6, 1), Tile(5, 2), Tile(4, 3)})


def model(tile: Tile, end: int, matching: Matching) -> set[int]:
    """The outward ends allowed when ``tile`` is played on an open ``end`` (R60–R62), written
    from the rulings, independently of ``nos.matching``."""
    a, b = tile.high, tile.low
    if matching is Matching.ORDINARY:  # R60: equal ends; a double counts as one end's number
        return {b} if a == end else {a} if b == end else set()
    if tile in MATADORS:  # R61: wild on any end, the player chooses the outward end
        return {a, b}
    if end == 0:  # R62: only a matador on a blank end
        return set()
    # R61: the touching ends add up to 7 (so a blank never touches: it faces out, R62)
    return {o for inner, o in ((a, b), (b, a)) if inner + end == 7}


def to_play(hand: Hand) -> Hand:
    """Decline every declaration (R8) and double out of turn (R9) until the turns begin."""
    while hand.phase in (Phase.DECLARE, Phase.OUT_OF_TURN):
        hand.apply(DECLINE)
    return hand


def plays(hand: Hand) -> set[str]:
    """The legal plays of the seat to act, as text, without their close/claim variants."""
    return {str(a) for a in hand.legal_actions() if type(a) is Play and not (a.close or a.claim)}


def norm(texts: Iterable[str]) -> set[str]:
    """Actions in the engine's spelling (the high end first: ``2-4@0>4`` is ``4-2@0>4``)."""
    return {str(parse_action(t)) for t in texts}


def snapshot(hand: Hand) -> tuple:
    """Everything a refused action must leave unchanged (R70)."""
    layout = hand.layout.to_json() if hand.layout else None
    return (repr(hand), list(hand.chips), [list(h) for h in hand.hands], list(hand.stack),
            layout, hand.phase, hand.current, [list(w) for w in hand.waits],
            [list(d) for d in hand.declared], list(hand.ledger), list(hand.out))


def refused(hand: Hand, text: str, kind: type[IllegalAction] = IllegalAction) -> IllegalAction:
    """``text`` is refused with an exception of class ``kind``, and the hand is unchanged."""
    before = snapshot(hand)
    with pytest.raises(kind) as info:
        hand.apply(parse_action(text))
    assert snapshot(hand) == before
    return info.value


@dataclass(frozen=True)
class Script:
    """A scripted deal with the actions that open it; ``start(k)`` applies the first k."""

    hands: tuple[str, ...]
    boneyard: str
    setter: int | None
    actions: tuple[str, ...]

    def start(self, upto: int | None = None, options: Options | None = None,
              chips: list[int] | None = None) -> Hand:
        hand = make_hand(list(self.hands), self.boneyard, self.setter, options, chips=chips)
        return act(hand, *self.actions[:upto])


# 3 players, a later hand: seat 0 has no double and draws the 6-1 (pays 7 each, R5, R6) and
# announces matador. 1-0 and 6-0 make both ends blank; the 5-2 (a matador) opens one and the
# 5-0 blanks it again. The other matadors, 4-3 and 0-0, are the last two of the boneyard, so
# after the 5-0 nothing can be played (R17, R62). Actions: set, announce, three plays; the
# fourth play (seat 1's 5-0) is left to the test, with or without ``close``.
BLANK_ENDS_3P = Script(
    ("5-2 6-5 6-4 6-3 5-4", "1-0 5-0 2-0 3-2 4-4", "6-0 3-0 4-0 4-1 3-1"),
    "6-1 6-6 6-2 5-5 5-3 5-1 4-2 3-3 2-2 2-1 1-1 4-3 0-0",
    0,
    ("draw", "announce 4", "1-0@0>0", "6-0@1>0", "5-2@0>2"),
)

# 3 players, a first hand: seat 0 sets 6-6 and announces matador. Thirteen tiles later both
# ends are blank with the 6-1 and 5-2 on the table and 4-3, 0-0 the last two. Seat 0 goes out
# (nos) with the 12th play, the 1-0; seat 1's last tile, the 5-0 (action 15), blocks the
# layout and leaves seat 2 alone with the 6-5. Actions: set, announce, 12 plays, then 5-0.
GOING_OUT_3P = Script(
    ("6-6 4-2 6-3 3-1 1-0", "5-1 4-1 6-2 5-2 5-0", "6-1 5-3 2-1 6-4 6-5"),
    "6-0 5-5 5-4 4-4 4-0 3-3 3-2 3-0 2-2 2-0 1-1 4-3 0-0",
    None,
    ("set 6-6", "announce 4",
     "5-1@0>5", "6-1@1>6", "4-2@0>4", "4-1@1>4", "5-3@0>5", "6-3@1>6",
     "6-2@0>6", "2-1@1>2", "3-1@0>3", "5-2@1>2", "6-4@0>6", "1-0@0>0",
     "5-0@1>0"),
)
