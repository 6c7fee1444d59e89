"""The deals that tests/e2e/test_decisions.py clicks through, proved with the engine alone:
web_views.find_decision finds a seed for each decision (R8, R9, R10, H2), and taking it in
nos.app.Table (which the worker wraps) pays what the rulings say. A change of engine or bots
that loses a situation fails here, loudly, before any browser starts."""

from __future__ import annotations

import pytest
from web_views import DECISIONS, R8_PAID, find_decision, walk, words

from nos.actions import WAIT, parse_action
from nos.observation import Observation


def paid(table, action: str) -> list[tuple[int, int, int, str]]:
    """(payer, payee, amount, rule) of the payments made by the person's `action`."""
    hand = table.hand
    before = len(hand.ledger)
    view = table.act(action)
    assert view["error"] is None, view["error"]
    return [(p.payer, p.payee, p.amount, p.rule) for p in hand.ledger[before:]]


@pytest.mark.parametrize("kind", list(DECISIONS))
def test_each_decision_is_found_quickly_and_replays(kind):
    found = find_decision(kind, 4)
    again = walk(kind, found["seed"], 4)
    assert again is not None and again["path"] == found["path"]
    assert again["view"] == found["view"]  # the bots are deterministic given the seed
    hand = found["table"].hand
    assert hand.current == 0 and not hand.over
    assert len(found["path"]) == len(found["phases"]) <= 8


def test_R8_the_person_declares_and_each_other_player_pays():
    d = find_decision("declare", 4)
    table = d["table"]
    hand = table.hand
    tiles = parse_action(d["action"]).tiles
    assert hand.phase.value == "declare" and len(tiles) >= 3
    amount = R8_PAID[4][len(tiles)]
    assert paid(table, d["action"]) == [(s, 0, amount, "R8") for s in (1, 2, 3)]
    for seat in (1, 2, 3):  # R71: every opponent sees them face up until played
        assert Observation(hand, seat).declared[0] == tiles
    event = table.log[-1]["event"]
    assert event == {"key": "act.declare", "seat": 0, "tiles": [str(t) for t in tiles]}
    assert words("en", table.view()).say(event).startswith("you declare ")


def test_R8_a_bot_has_declared_when_the_person_acts():
    d = find_decision("bot declares", 4)
    hand = d["table"].hand
    declared = [(s, t) for s, t in enumerate(Observation(hand, 0).declared) if t]
    assert declared and all(s != 0 for s, _ in declared)
    seat, tiles = declared[0]
    assert all(t.is_double for t in tiles)
    pays = [(p.payer, p.amount) for p in hand.ledger if p.rule == "R8" and p.payee == seat]
    assert pays == [(s, R8_PAID[4][len(tiles)]) for s in range(4) if s != seat]


def test_R9_the_person_plays_a_double_out_of_turn_paid_by_the_setter():
    d = find_decision("out of turn", 4)
    table = d["table"]
    hand = table.hand
    play = parse_action(d["action"])
    assert hand.phase.value == "out of turn" and play.tile.is_double
    value = 7 if play.tile.high == 0 else play.tile.high
    assert paid(table, d["action"]) == [(hand.setter, 0, value, "R9")]
    assert hand.waits[0] == [play.arm]  # R10: one wait owed
    assert play.tile not in hand.hands[0]


def test_R10_the_person_owes_a_wait_and_so_does_a_bot():
    d = find_decision("wait", 4)
    table = d["table"]
    hand = table.hand
    assert "out of turn" in d["phases"]  # the double that costs the wait (R9)
    assert hand.legal_actions() == [WAIT] and len(hand.waits[0]) == 1
    assert any(hand.waits[1:])
    tiles = list(hand.hands[0])
    assert paid(table, "wait") == []
    assert hand.waits[0] == [] and hand.hands[0] == tiles and hand.current != 0
    event = table.log[-1]["event"]
    assert event == {"key": "act.wait", "seat": 0}
    assert words("en", table.view()).say(event) == "you say “I wait”"


def test_H2_the_person_claims_a_double_and_the_predecessor_pays():
    d = find_decision("claim", 4)
    play = parse_action(d["action"])
    assert play.claim and play.tile.is_double
    payer = d["table"].hand.double_is_paid(play.arm)
    assert payer is not None and payer != 0
    value = 7 if play.tile.high == 0 else play.tile.high
    assert paid(d["table"], d["action"]) == [(payer, 0, value, "R14")]
    event = d["table"].log[-1]["event"]
    assert event["key"] == "act.play" and event["seat"] == 0 and event["claim"] is True
    assert words("en", d["table"].view()).say(event).endswith(" and claim the double")
    # The same play without the claim: the payment lapses (H2).
    again = walk("claim", d["seed"], 4)
    plain = str(parse_action(d["action"].replace(" claim", "")))
    assert paid(again["table"], plain) == []


def test_R18_R19_a_close_with_a_play_pays_or_costs():
    d = find_decision("close", 4)
    table = d["table"]
    payments = paid(table, d["action"])
    rules = {rule for *_, rule in payments}
    assert rules & {"R18", "R19"}
    if "R19" in rules:  # wrong: the closer pays 40 to each opponent
        assert [p for p in payments if p[3] == "R19"] == [(0, s, 40, "R19") for s in (1, 2, 3)]
    else:  # right: 20 from each other player still in the hand
        assert all(p[1] == 0 and p[2] == 20 for p in payments if p[3] == "R18")
