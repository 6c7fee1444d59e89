"""Rulings R14–R22 and house rule H2 with scripted deals: doubles on the predecessor's tile,
nos, closing, the end of the hand, the count and the loser (shared/rules/RULINGS.md; the
ledger and the settlement, R23–R24 and H1: tests/test_rulings_settlement.py). Ledger entries
are ``Payment(hand, payer, payee, amount, rule)``."""

from __future__ import annotations

import pytest
from helpers import (
    BLANK_ENDS_3P,
    GOING_OUT_3P,
    Script,
    act,
    assert_ledger,
    each_pays,
    legal,
    make_hand,
    on_arms,
    pay,
    pays_each,
    refused,
    turn,
)

from nos import Deal, Hand, Options, Phase, Play, Session, Tile, parse_action
from nos.errors import IllegalClaim

H1 = Options(polish_double_blank=True)
H2 = Options(claim_doubles=True)

# 3 players, a first hand, ordinary: seat 2's 3-3 lands on seat 1's 6-3 (paid 3), its 0-0
# on seat 1's 3-0 (paid 7), its 5-5 on seat 0's 1-5 two turns back (not paid).
R14_3P = Script(
    ("6-6 6-1 5-1 4-2 5-4", "6-3 3-0 2-0 4-4 2-2", "3-3 0-0 5-5 4-1 4-0"),
    "",
    None,
    ("set 6-6", "announce 1", "6-3@0>3", "3-3@0>3", "6-1@1>1", "3-0@0>0", "0-0@0>0",
     "5-1@1>5", "2-0@0>2", "5-5@1>5"),
)

# 5 players, a first hand, matador on 6-6: seat 0's last tile, the 2-0, blanks the second
# end; the other matadors are on the table (6-1, 5-2) or the last two (4-3, 0-0).
CLOSE_5P = Script(
    ("6-6 5-2 2-0", "5-1 3-2 6-4", "6-1 3-0 5-5", "2-1 4-1 3-3", "4-2 6-5 5-4"),
    "6-3 6-2 6-0 5-3 5-0 4-4 4-0 3-1 2-2 1-1 1-0 4-3 0-0",
    None,
    ("set 6-6", "announce 4", "5-1@0>5", "6-1@1>6", "2-1@1>2", "4-2@0>4", "5-2@1>5",
     "3-2@1>3", "3-0@0>0", "4-1@1>1", "6-5@1>5"),
)

# 3 players, a first hand: game 10 (matador cross, then ordinary double cross) on 4-4. The
# arms 3-3, 6-1 (6 out), 5-2 (5 out), 4-3 (4 out) then need the 3-3, 6-6, 5-5 and 4-4: the
# first and last are on the table, 5-5 and 6-6 the last two, so nothing can follow (R49).
GAME10_3P = Script(
    ("4-4 5-2 6-0 5-4 2-2", "3-3 4-3 6-5 4-1 2-0", "6-1 0-0 6-4 5-1 1-0"),
    "6-3 6-2 5-3 4-2 4-0 1-1 2-1 5-0 3-0 3-1 3-2 5-5 6-6",
    None,
    ("set 4-4", "announce 10", "decline", "decline", "3-3@0>3", "6-1@1>6", "5-2@2>5"),
)

# 3 players, a first hand: seat 1 declares five doubles (500 from each), seat 2 goes below
# zero; the game-10 cross on 6-6 is dead once seat 1's drawn 1-0 completes it: 1-1, 6-1 (6
# out), 0-0 and 1-0 (0 out) need the 1-1, 6-6, 0-0, 0-0. Seat 1 closes.
DECLARE_500_3P = Script(
    ("6-6 0-0 6-5 6-4 6-3", "5-5 4-4 3-3 2-2 1-1", "6-1 6-2 5-4 5-3 4-2"),
    "1-0",
    None,
    ("set 6-6", "announce 10", "declare 5-5 4-4 3-3 2-2 1-1", "decline", "1-1@0>1",
     "6-1@1>6", "0-0@2>0", "draw", "1-0@3>0 close"),
)


# ---------------------------------------------------------------- R14 and H2


def test_r14_double_on_the_predecessors_tile_pays_one_end() -> None:
    h = R14_3P.start(2)
    expected = each_pays([1, 2], 0, 6, "R6")
    assert legal(h) == turn("6-3@0>3", "6-3@1>3", draw=True)
    act(h, "6-3@0>3")
    assert legal(h) == turn("3-3@0>3", draw=True)
    act(h, "3-3@0>3")
    expected.append(pay(1, 2, 3, "R14"))
    assert_ledger(h, expected)


def test_r14_double_blank_pays_7() -> None:
    h = R14_3P.start(5)
    assert legal(h) == turn("3-0@0>0", draw=True)
    act(h, "3-0@0>0")
    assert legal(h) == turn("0-0@0>0", "4-0@0>4", "4-1@1>4", draw=True)
    act(h, "0-0@0>0")
    assert_ledger(h, each_pays([1, 2], 0, 6, "R6") + [pay(1, 2, 3, "R14"), pay(1, 2, 7, "R14")])


def test_r14_no_payment_for_a_double_on_an_older_tile() -> None:
    """Seat 2's 5-5 goes on seat 0's 1-5; seat 1 played (on the other end) in between."""
    h = R14_3P.start(7)
    assert legal(h) == turn("5-1@1>5", draw=True)
    act(h, "5-1@1>5")
    assert legal(h) == turn("2-0@0>2", draw=True)
    act(h, "2-0@0>2")
    assert legal(h) == turn("5-5@1>5", draw=True)
    act(h, "5-5@1>5")
    assert_ledger(h, each_pays([1, 2], 0, 6, "R6") + [pay(1, 2, 3, "R14"), pay(1, 2, 7, "R14")])


def test_r14_drawing_first_is_still_the_same_turn() -> None:
    h = R14_3P.start(3)
    act(h, "draw")  # the 6-5
    assert legal(h) == turn("3-3@0>3", "6-5@1>5", draw=True)
    act(h, "3-3@0>3")
    assert h.ledger[-1] == pay(1, 2, 3, "R14")


def test_r14_double_against_the_set_tile_on_the_first_turn_is_paid_by_the_setter() -> None:
    h = GAME10_3P.start(4)
    assert h.phase is Phase.PLAY and h.current == 1
    assert legal(h) == turn(on_arms("3-3", range(4), [3]), on_arms("4-3", range(4), [4, 3]),
                            draw=True)
    act(h, "3-3@0>3")
    assert_ledger(h, each_pays([1, 2], 0, 4, "R6") + [pay(0, 1, 3, "R14")])
    # The 0-0 on another arm of the set tile, a turn later: nothing.
    assert legal(h) == turn(on_arms("6-1", [1, 2, 3], [6, 1]), on_arms("0-0", [1, 2, 3], [0]),
                            draw=True)
    act(h, "0-0@1>0")
    assert h.ledger[-1] == pay(0, 1, 3, "R14")


def test_r14_set_tile_still_counts_as_the_preceding_turn_after_doubles_out_of_turn() -> None:
    """Reading: a double out of turn is not a turn (only waits are, R10). B declines to play
    the 2-2 out of turn, C plays the 3-3 out of turn, then B plays the 2-2 on the set tile in
    the first turn: A, on set, pays B 2."""
    h = make_hand(["6-5 5-1 4-1 2-0", "2-2 5-4 1-0 5-0", "3-3 6-1 5-2 2-1", "6-4 3-1 6-0 4-0"],
                  boneyard="3-2", setter=0)
    act(h, "draw", "announce 1")
    assert h.current == 1 and legal(h) == {"2-2@1>2", "decline"}
    act(h, "decline")
    assert h.current == 2 and legal(h) == {"3-3@0>3", "decline"}
    act(h, "3-3@0>3")
    assert h.current == 1 and legal(h) == turn("2-2@1>2", draw=True)
    act(h, "2-2@1>2")
    expected = pays_each(0, [1, 2, 3], 5, "R6") + [pay(0, 2, 3, "R9"), pay(0, 1, 2, "R14")]
    assert_ledger(h, expected)
    assert legal(h) == {"wait"}


def test_r14_no_payment_after_a_wait() -> None:
    h = make_hand(["6-5 5-1 4-1 2-0", "6-2 5-4 1-0 5-0", "3-3 6-1 5-2 2-1", "6-6 3-1 6-0 4-0"],
                  boneyard="3-2", setter=0)
    act(h, "draw", "announce 1", "3-3@0>3", "6-2@1>6", "wait")
    assert h.current == 3
    assert legal(h) == turn("6-6@1>6", "6-0@1>0", "3-1@0>1", draw=True)
    act(h, "6-6@1>6")  # on B's 6-2, but C's wait came between
    assert_ledger(h, pays_each(0, [1, 2, 3], 5, "R6") + [pay(0, 2, 3, "R9")])


def test_h2_a_claimed_double_is_paid() -> None:
    h = R14_3P.start(3, options=H2)
    assert legal(h) == turn("3-3@0>3", claims=["3-3@0>3"], draw=True)
    act(h, "3-3@0>3 claim")
    assert_ledger(h, each_pays([1, 2], 0, 6, "R6") + [pay(1, 2, 3, "R14")])


def test_h2_an_unclaimed_payment_lapses() -> None:
    h = R14_3P.start(3, options=H2)
    act(h, "3-3@0>3")
    assert_ledger(h, each_pays([1, 2], 0, 6, "R6"))
    assert legal(h) == turn("6-1@1>1", draw=True)  # no later claim: the chance is gone
    with pytest.raises(ValueError):
        parse_action("claim")
    act(h, "6-1@1>1", "3-0@0>0")
    assert legal(h) == turn("0-0@0>0", "4-0@0>4", "4-1@1>4", claims=["0-0@0>0"], draw=True)
    act(h, "0-0@0>0 claim close")  # claim and a (wrong) close together
    assert_ledger(h, each_pays([1, 2], 0, 6, "R6") + [pay(1, 2, 7, "R14")]
                  + pays_each(2, [0, 1], 40, "R19"))


def test_h2_a_claim_that_is_not_owed_is_refused() -> None:
    h = R14_3P.start(9, options=H2)
    assert legal(h) == turn("5-5@1>5", draw=True)
    assert refused(h, "5-5@1>5 claim", IllegalClaim).rule == "R14"


def test_r14_without_h2_payments_are_automatic_and_claims_refused() -> None:
    h = R14_3P.start(3)
    assert refused(h, "3-3@0>3 claim", IllegalClaim).rule == "R14"
    assert not any(type(a) is Play and a.claim for a in h.legal_actions())


def test_h2_doubles_out_of_turn_need_no_claim() -> None:
    """Reading: H2 is a rule of R14 only; the R9 payment stays automatic."""
    h = make_hand(["6-5 6-4 6-3 6-2", "0-0 6-1 6-0 5-3", "2-2 5-2 5-1 5-0", "3-3 4-3 4-2 4-1"],
                  boneyard="5-4", setter=0, options=H2)
    act(h, "draw", "announce 4")
    assert legal(h) == {"0-0@0>0", "0-0@1>0", "decline"}
    act(h, "0-0@1>0")
    assert h.ledger[-1] == pay(0, 1, 7, "R9")


# ---------------------------------------------------------------- R15–R19


def test_r15_nos_once_later_players_out_get_nothing() -> None:
    h = GOING_OUT_3P.start(13)
    expected = each_pays([1, 2], 0, 6, "R6")
    assert_ledger(h, expected)
    assert legal(h) == turn("1-0@0>0", draw=True)
    act(h, "1-0@0>0")
    expected += each_pays([1, 2], 0, 5, "R15")
    assert_ledger(h, expected)
    assert h.nos == 0 and h.out == [True, False, False] and h.current == 1
    assert legal(h) == turn("5-0@1>0", draw=True)
    act(h, "5-0@1>0")  # seat 1 goes out too: nothing; only seat 2 has tiles (R20a)
    assert h.nos == 0 and h.out == [True, True, False]
    assert h.over and h.end_reason == "R20a" and legal(h) == set()
    assert h.counts == [0, 0, 11]
    assert_ledger(h, expected + pays_each(2, [0, 1], 11, "R21"))


def test_r16_a_close_is_announced_with_a_play_only() -> None:
    h = BLANK_ENDS_3P.start(3)
    plays = [a for a in h.legal_actions() if type(a) is Play]
    assert {str(a) for a in plays if a.close} == {f"{a} close" for a in plays if not a.close}
    for text in ("draw close", "pass close", "wait close"):
        with pytest.raises(ValueError):
            parse_action(text)
    # Reading: a double played out of turn cannot close.
    h = make_hand(["6-5 6-4 6-3 6-2", "0-0 6-1 6-0 5-3", "2-2 5-2 5-1 5-0", "3-3 4-3 4-2 4-1"],
                  boneyard="5-4", setter=0)
    act(h, "draw", "announce 4")
    assert h.phase is Phase.OUT_OF_TURN and legal(h) == {"0-0@0>0", "0-0@1>0", "decline"}


def test_r17_r18_correct_close_20_from_each_next_player_draws() -> None:
    h = BLANK_ENDS_3P.start()
    assert legal(h) == turn("5-0@0>0", draw=True)
    act(h, "5-0@0>0 close")
    expected = pays_each(0, [1, 2], 7, "R6") + [pay(0, 1, 20, "R18"), pay(2, 1, 20, "R18")]
    # Seat 2 draws all but the last two; then the count (R20b, R21).
    assert h.close_draw == (2, 10) and h.boneyard_count == 2 and len(h.hands[2]) == 14
    assert h.over and h.end_reason == "R18" and h.closer == 1 and legal(h) == set()
    assert h.counts == [39, 15, 81]
    expected += [pay(0, 1, 24, "R21"), pay(2, 0, 42, "R21"), pay(2, 1, 66, "R21")]
    assert_ledger(h, expected)


def test_r17_a_drawable_boneyard_tile_makes_the_close_wrong() -> None:
    """Same deal, but the 4-3 (a matador, it fits a blank end) is above the last two."""
    script = Script(BLANK_ENDS_3P.hands,
                    "6-1 6-6 6-2 5-5 5-3 5-1 4-2 3-3 2-2 2-1 4-3 1-1 0-0",
                    0, BLANK_ENDS_3P.actions)
    h = script.start()
    act(h, "5-0@0>0 close")
    assert_ledger(h, pays_each(0, [1, 2], 7, "R6") + pays_each(1, [0, 2], 40, "R19"))
    assert h.phase is Phase.PLAY and h.current == 2 and h.closer is None
    assert legal(h) == {"draw"}  # play goes on as if nothing had been announced


def test_r19_wrong_close_pays_40_to_each_and_play_goes_on() -> None:
    h = BLANK_ENDS_3P.start(4)
    assert legal(h) == turn(on_arms("5-2", [0, 1], [5, 2]), draw=True)
    act(h, "5-2@0>2 close")  # seat 1's 5-0 still fits
    expected = pays_each(0, [1, 2], 7, "R6") + pays_each(0, [1, 2], 40, "R19")
    assert_ledger(h, expected)
    assert h.phase is Phase.PLAY and h.current == 1
    assert legal(h) == turn("5-0@0>0", draw=True)
    act(h, "5-0@0>0 close")  # now it is right
    assert h.over and h.ledger[len(expected):len(expected) + 2] == [
        pay(0, 1, 20, "R18"), pay(2, 1, 20, "R18")]


def test_r19_wrong_close_pays_every_opponent_even_one_who_is_out() -> None:
    """The note-2(a) hand: after A's nos, B goes out with the 4-4 and closes wrongly (C's 3-3
    still fits): B pays 40 to A, C and D."""
    h = make_hand(["6-6 5-1 6-2 4-3", "2-1 5-0 1-0 4-4", "3-1 4-0 5-2 3-3", "4-1 3-0 6-1 6-5"])
    act(h, "set 6-6", "announce 5", "2-1@0>2", "3-1@1>3", "4-1@2>4", "5-1@3>5", "5-0@0>0",
        "4-0@1>0", "3-0@2>0", "6-2@3>6", "1-0@3>0", "5-2@0>2", "6-1@1>1", "4-3@2>3")
    assert h.out == [True, False, False, False]
    act(h, "4-4@2>4 close")
    expected = (each_pays([1, 2, 3], 0, 6, "R6") + each_pays([1, 2, 3], 0, 5, "R15")
                + pays_each(1, [0, 2, 3], 40, "R19"))
    assert_ledger(h, expected)
    assert h.phase is Phase.PLAY and h.current == 2 and legal(h) == turn("3-3@2>3", draw=True)


def test_r18_closer_goes_out_others_remain_next_player_draws() -> None:
    h = CLOSE_5P.start()
    assert h.current == 0 and legal(h) == turn("2-0@1>0", draw=True)
    act(h, "2-0@1>0 close")  # nos and a correct close with the last tile
    others = [1, 2, 3, 4]
    expected = (each_pays(others, 0, 6, "R6") + each_pays(others, 0, 5, "R15")
                + each_pays(others, 0, 20, "R18"))
    assert h.close_draw == (1, 11) and h.boneyard_count == 2
    assert h.counts == [0, 69, 10, 6, 9]
    expected += [pay(1, 0, 69, "R21"), pay(1, 2, 59, "R21"), pay(1, 3, 63, "R21"),
                 pay(1, 4, 60, "R21"), pay(2, 0, 10, "R21"), pay(2, 3, 4, "R21"),
                 pay(2, 4, 1, "R21"), pay(3, 0, 6, "R21"), pay(4, 0, 9, "R21"),
                 pay(4, 3, 3, "R21")]
    assert_ledger(h, expected)


def test_r18_exception_closer_goes_out_one_player_left_draws_nothing() -> None:
    h = GOING_OUT_3P.start(14)
    assert legal(h) == turn("5-0@1>0", draw=True)
    act(h, "5-0@1>0 close")
    expected = (each_pays([1, 2], 0, 6, "R6") + each_pays([1, 2], 0, 5, "R15")
                + [pay(2, 1, 20, "R18")])  # seat 0 is out and pays nothing
    assert h.close_draw is None and h.boneyard_count == 13 and h.hands[2] == [Tile(6, 5)]
    assert h.over and h.end_reason == "R18" and h.counts == [0, 0, 11]
    assert_ledger(h, expected + pays_each(2, [0, 1], 11, "R21"))


def test_r19_wrong_close_with_the_last_tile_after_nos() -> None:
    h = GOING_OUT_3P.start(13)
    act(h, "1-0@0>0 close")  # seat 1's 5-0 still fits
    expected = (each_pays([1, 2], 0, 6, "R6") + each_pays([1, 2], 0, 5, "R15")
                + pays_each(0, [1, 2], 40, "R19"))
    assert_ledger(h, expected)
    assert h.phase is Phase.PLAY and h.current == 1 and h.out == [True, False, False]
    act(h, "5-0@1>0 close")
    assert h.close_draw is None and h.over
    assert_ledger(h, expected + [pay(2, 1, 20, "R18")] + pays_each(2, [0, 1], 11, "R21"))


def test_r19_after_a_wrong_close_a_double_on_that_tile_is_still_paid() -> None:
    h = R14_3P.start(5)
    act(h, "3-0@0>0 close")  # wrong: plenty still fits
    act(h, "0-0@0>0")  # play goes on as if nothing had been announced: R14 applies
    assert_ledger(h, each_pays([1, 2], 0, 6, "R6") + [pay(1, 2, 3, "R14")]
                  + pays_each(1, [0, 2], 40, "R19") + [pay(1, 2, 7, "R14")])


# ---------------------------------------------------------------- R20–R22


def test_r20c_the_hand_ends_when_all_pass_in_succession() -> None:
    h = BLANK_ENDS_3P.start()
    act(h, "5-0@0>0")
    for _ in range(10):
        act(h, "draw")
    for seat in (2, 0):
        assert h.current == seat and legal(h) == {"pass"}
        act(h, "pass")
        assert not h.over
    assert h.current == 1 and legal(h) == {"pass"}
    act(h, "pass")
    assert h.over and h.end_reason == "R20c" and h.counts == [39, 15, 81]
    assert_ledger(h, pays_each(0, [1, 2], 7, "R6")
                  + [pay(0, 1, 24, "R21"), pay(2, 0, 42, "R21"), pay(2, 1, 66, "R21")])


def finish_game10_tie(h: Hand) -> Hand:
    """Seat 1 draws five tiles, completes the dead cross; all three pass (R20c). Counts 19,
    53, 53 (seat 2 keeps the 0-0: 14)."""
    assert legal(h) == turn(on_arms("4-3", [3], [4, 3]), draw=True)
    for _ in range(5):
        act(h, "draw")
    assert legal(h) == turn(on_arms("4-3", [3], [4, 3]), "6-3@3>6", "5-3@3>5", draw=True)
    act(h, "4-3@3>4")
    assert legal(h) == {"draw"}  # dead: seat 2 draws to the last two
    for _ in range(6):
        act(h, "draw")
    act(h, "pass", "pass", "pass")
    return h


def test_r21_count_double_blank_14_other_blanks_0() -> None:
    h = finish_game10_tie(GAME10_3P.start())
    assert h.over and h.end_reason == "R20c"
    assert h.counts == [19, 53, 53]  # seat 0: 6-0 5-4 2-2 = 6+9+4
    assert Tile(0, 0) in h.hands[2] and Tile(6, 0) in h.hands[0]
    assert_ledger(h, each_pays([1, 2], 0, 4, "R6") + [pay(0, 1, 3, "R14")]
                  + each_pays([1, 2], 0, 34, "R21"))  # equal counts pay each other nothing
    assert h.losers() == [1, 2]


def test_r21_every_player_pays_every_lower_count_after_a_close() -> None:
    h = GAME10_3P.start()
    act(h, "4-3@3>4 close")
    assert h.close_draw == (2, 11) and h.counts == [19, 18, 88]
    assert_ledger(h, each_pays([1, 2], 0, 4, "R6") + [pay(0, 1, 3, "R14")]
                  + each_pays([0, 2], 1, 20, "R18")
                  + [pay(0, 1, 1, "R21"), pay(2, 0, 69, "R21"), pay(2, 1, 70, "R21")])
    assert h.losers() == [2]


def tied_session(seed: int = 0) -> Session:
    session = Session(3, seed=seed)
    h = session.start_hand(Deal.build(list(GAME10_3P.hands), GAME10_3P.boneyard))
    finish_game10_tie(act(h, *GAME10_3P.actions))
    return session


def test_r22_tie_the_highest_drawn_tile_loses_double_blank_14() -> None:
    session = tied_session()
    assert session.finish_hand(tiebreak=[[(1, Tile(6, 6)), (2, Tile(0, 0))]]) == 2
    assert session.next_setter == 2
    h = session.start_hand(Deal.build(["6-5 6-4 6-3 6-2 6-1", "5-4 5-3 5-2 5-1 5-0",
                                       "4-3 4-2 4-1 4-0 3-2"], "1-1"))
    assert h.setter == 2 and not h.first_hand and h.number == 1
    assert legal(h) == {"draw"}  # R5 in the next hand
    act(h, "draw")
    assert h.ledger == each_pays([0, 1], 2, 2, "R6", hand=1)
    assert h.chips == [571, 463, 466]  # 573, 465, 462 after hand 0; the drawn 1-1 pays 2


def test_r22_tied_again_those_tied_draw_again() -> None:
    session = tied_session()
    rounds = [[(1, Tile(5, 5)), (2, Tile(6, 4))], [(2, Tile(2, 1)), (1, Tile(3, 1))]]
    assert session.finish_hand(tiebreak=rounds) == 1
    assert session.tiebreaks == [rounds]


@pytest.mark.parametrize("rounds", [
    [[(0, Tile(6, 6)), (2, Tile(0, 0))]],  # seat 0 was not tied
    [[(1, Tile(5, 5)), (2, Tile(6, 4))]],  # still tied: undecided
])
def test_r22_a_recorded_tiebreak_must_fit_and_decide(rounds: list) -> None:
    with pytest.raises(ValueError, match="tiebreak"):
        tied_session().finish_hand(tiebreak=rounds)


@pytest.mark.parametrize("seed", range(8))
def test_r22_drawn_tiebreak_is_consistent(seed: int) -> None:
    session = tied_session(seed)
    loser = session.finish_hand()
    (rounds,) = session.tiebreaks
    tied = [1, 2]
    for drawn in rounds:
        assert sorted(s for s, _ in drawn) == tied
        assert len({t for _, t in drawn}) == len(drawn)  # different tiles of one set
        top = max(t.count for _, t in drawn)
        tied = sorted(s for s, t in drawn if t.count == top)
    assert tied == [loser] and session.next_setter == loser


def test_r22_the_loser_of_a_hand_without_tie() -> None:
    session = Session(3, seed=5)
    h = session.start_hand(Deal.build(list(GOING_OUT_3P.hands), GOING_OUT_3P.boneyard))
    act(h, *GOING_OUT_3P.actions)
    assert session.finish_hand() == 2 and session.tiebreaks == [[]]
