"""Rulings R23–R24 and house rule H1 with scripted deals: the ledger, debts, the settlement
and the pot; the Polish double blank (shared/rules/RULINGS.md). Ledger entries are
``Payment(hand, payer, payee, amount, rule)``."""

from __future__ import annotations

import pytest
from helpers import act, assert_ledger, chips_from, each_pays, make_hand, pay
from test_rulings_payments import DECLARE_500_3P, H1, H2, R14_3P, tied_session

from nos import Deal, Hand, Options, Session, Tile
from nos.observation import Observation


def test_r23_every_payment_moves_chips_and_totals_may_go_negative() -> None:
    h = make_hand(list(DECLARE_500_3P.hands), DECLARE_500_3P.boneyard)
    for i, text in enumerate(DECLARE_500_3P.actions):
        act(h, text)
        assert sum(h.chips) == 1500 and h.chips == chips_from(h.ledger, 3)
        if i == 2:  # after the declaration of five doubles
            assert h.chips == [12, 1494, -6]
    assert h.over and h.close_draw == (2, 10) and h.counts == [30, 28, 83]
    expected = (each_pays([1, 2], 0, 6, "R6") + each_pays([0, 2], 1, 500, "R8")
                + [pay(0, 1, 1, "R14")] + each_pays([0, 2], 1, 20, "R18")
                + [pay(0, 1, 2, "R21"), pay(2, 0, 53, "R21"), pay(2, 1, 55, "R21")])
    assert_ledger(h, expected)
    assert h.chips == [42, 1592, -134]


def session_after_declare_500(seed: int = 0) -> Session:
    session = Session(3, seed=seed)
    h = session.start_hand(Deal.build(list(DECLARE_500_3P.hands), DECLARE_500_3P.boneyard))
    act(h, *DECLARE_500_3P.actions)
    assert session.finish_hand() == 2
    return session


def test_r23_the_session_goes_on_with_a_debt() -> None:
    session = session_after_declare_500()
    assert session.chips == [42, 1592, -134] and session.ledger == session.hands[0].ledger
    h = session.start_hand(Deal.build(["6-5 6-4 6-3 6-2 6-1", "5-4 5-3 5-2 5-1 5-0",
                                       "5-5 4-3 4-2 4-1 4-0"]))
    assert h.setter == 2 and h.chips == [42, 1592, -134]
    act(h, "set 5-5")
    assert h.ledger == each_pays([0, 1], 2, 5, "R6", hand=1)
    assert session.chips == [37, 1587, -124] and sum(session.chips) == 1500


def test_r24_settlement_rounds_down_to_20_pot_and_results_against_500() -> None:
    session = session_after_declare_500()
    s = session.settle(pot_winner=2)
    assert s.chips == (42, 1592, -134)
    assert s.kept == (40, 1580, -140)  # -134 rounds down to -140
    assert s.pot == 20 and s.pot_winner == 2
    assert s.final == (40, 1580, -120)
    assert s.results == (-460, 1080, -620) and sum(s.results) == 0
    with pytest.raises(ValueError):
        session.start_hand(Deal.build(["6-6 6-4 6-3 6-2 6-1", "5-4 5-3 5-2 5-1 5-0",
                                       "5-5 4-3 4-2 4-1 4-0"]))


def test_r24_no_settlement_during_a_hand() -> None:
    session = Session(3, seed=1)
    session.start_hand(Deal.build(list(DECLARE_500_3P.hands), DECLARE_500_3P.boneyard))
    with pytest.raises(ValueError):
        session.settle()


def test_r24_the_pot_goes_to_a_seeded_uniform_draw() -> None:
    winners = set()
    for seed in range(30):
        s = session_after_declare_500(seed).settle()
        again = session_after_declare_500(seed).settle()
        assert again == s  # the same seed, the same draw
        assert s.final[s.pot_winner] == s.kept[s.pot_winner] + 20
        assert sum(s.final) == 1500
        assert "seeded uniform draw" in s.to_json()["pot_draw"]
        winners.add(s.pot_winner)
    assert winners == {0, 1, 2}


def _set_hand(set_tile: str, drawn: bool, options: Options, first: bool = False) -> Hand:
    own = "6-5 6-4 6-3 6-2 " + ("6-1" if drawn else set_tile)
    return make_hand([own, "5-3 5-2 5-1 4-3 4-2", "4-1 3-1 2-1 1-0 5-0"],
                     boneyard=set_tile if drawn else "", setter=None if first else 0,
                     options=options)


@pytest.mark.parametrize(("set_tile", "drawn", "amount"), [
    ("0-0", False, 14), ("0-0", True, 28), ("4-4", False, 4), ("4-4", True, 8),
])
def test_h1_polish_double_blank_on_set(set_tile: str, drawn: bool, amount: int) -> None:
    h = _set_hand(set_tile, drawn, H1)
    act(h, "draw" if drawn else f"set {set_tile}")
    assert_ledger(h, each_pays([1, 2], 0, amount, "R6"))


def test_h1_first_hand_double_blank_pays_14() -> None:
    h = _set_hand("0-0", False, H1, first=True)
    act(h, "set 0-0")
    assert_ledger(h, each_pays([1, 2], 0, 14, "R6"))


def test_h1_leaves_doubles_in_play_at_7() -> None:
    """H1 is about the set only: the 0-0 out of turn (R9) and on a tile (R14) pay 7."""
    h = make_hand(["6-5 6-4 6-3 6-2", "0-0 6-1 6-0 5-3", "2-2 5-2 5-1 5-0", "3-3 4-3 4-2 4-1"],
                  boneyard="5-4", setter=0, options=H1)
    act(h, "draw", "announce 4", "0-0@0>0")
    assert h.ledger[-1] == pay(0, 1, 7, "R9")
    h = R14_3P.start(7, options=H1)
    assert h.ledger[-1] == pay(1, 2, 7, "R14")


@pytest.mark.parametrize("rounds", [
    [[(0, Tile(6, 6)), (2, Tile(0, 0))]],  # seat 0 was not tied
    [[(1, Tile(5, 5)), (2, Tile(6, 4))]],  # still tied: undecided
])
def test_r70_r23_a_refused_tiebreak_changes_nothing(rounds: list) -> None:
    session = tied_session()
    before = (session.chips, list(session.ledger), list(session.tiebreaks), session.next_setter)
    with pytest.raises(ValueError, match="tiebreak"):
        session.finish_hand(tiebreak=rounds)
    assert (session.chips, list(session.ledger), list(session.tiebreaks),
            session.next_setter) == before
    assert session.finish_hand(tiebreak=[[(1, Tile(6, 6)), (2, Tile(0, 0))]]) == 2
    assert sum(session.chips) == 1500 and len(session.ledger) == len(session.hand.ledger)


def test_r24_a_session_is_settled_once() -> None:
    session = session_after_declare_500(3)
    first = session.settle()
    with pytest.raises(ValueError, match="settled already"):
        session.settle()
    assert session.settlement == first


def test_r18_r71_the_drawer_after_a_correct_close_is_no_longer_known_void() -> None:
    # 3 players, a later hand: seat 0 holds no double and draws the set tile (R5), so all
    # doubles are public voids of seat 0 (R71). Seat 2 closes correctly and seat 0, next,
    # draws every tile but the last two (R18): those may be doubles, so the voids go.
    deal = Deal.parse("4-0 6-1 1-0 5-4 5-2 / 6-0 1-1 4-4 6-5 5-1 / 3-2 3-0 6-2 4-1 4-3 // "
                      "3-1 0-0 2-2 4-2 5-5 5-0 5-3 3-3 6-3 2-1 2-0 6-4 6-6")
    h = Hand.replay(deal, "draw; announce 11 matador here=0; decline; decline; decline; "
                          "4-4@0>4; decline; decline; 6-5@1>5; 4-3@1>3; 5-4@1>5; wait; 3-2@1>3; "
                          "6-1@1>6; 1-1@1>1; 6-2@1>2; 5-2@1>5; draw; 0-0@1>0", setter=0)
    assert h.voids[0] and h.current == 2
    act(h, "3-0@0>0 close")
    assert h.end_reason == "R18" and h.close_draw and h.close_draw[0] == 0
    assert h.close_draw[1] > 0 and not h.voids[0]
    assert not Observation(h, 1).voids[0]


@pytest.mark.parametrize("options", [Options(), H1, H2], ids=["rulings", "H1", "H2"])
def test_r6_r8_r14_r24_how_to_plays_payment_table_is_what_the_engine_pays(
        options: Options) -> None:
    """The page's "How to play" shows the view's payment table: its amounts are the ones a
    hand actually pays, for the table's players and house rules (H1 changes R6's 0-0, H2
    makes R14 a claim)."""
    from nos.payments import DECLARATION_PAYMENTS, payment_table

    for players in (3, 4, 5):
        rows = payment_table(players, options)
        by_key = {}
        for row in rows:
            by_key.setdefault(row["key"], []).append(row)
        assert [(r["n"], r["amount"]) for r in by_key["pays.declare"]] == sorted(
            DECLARATION_PAYMENTS[players].items())
        assert all(r["rule"] for r in rows) and json_safe(rows)
    rows = {r["key"]: r for r in payment_table(3, options)}
    for drawn, key in ((False, "pays.set_double"), (True, "pays.set_drawn_double")):
        h = _set_hand("0-0", drawn, options)
        act(h, "draw" if drawn else "set 0-0")
        assert_ledger(h, each_pays([1, 2], 0, rows[key]["blank"], "R6"))
    claim = "pays.on_last_claim" if options.claim_doubles else "pays.on_last"
    assert rows[claim]["blank"] == rows["pays.out_of_turn"]["blank"] == 7  # R9, R14
    assert (rows["pays.nos"]["amount"], rows["pays.close"]["amount"],
            rows["pays.wrong_close"]["amount"], rows["pays.count"]["blank"],
            rows["pays.settle"]["amount"]) == (5, 20, 40, 14, 20)  # R15 R18 R19 R21 R24


def json_safe(rows: list) -> bool:
    import json

    return json.loads(json.dumps(rows)) == rows
