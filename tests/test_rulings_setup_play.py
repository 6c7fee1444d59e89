"""Rulings R1–R13 with scripted deals: set-up, the set, declarations, doubles out of turn,
waits and turns (shared/rules/RULINGS.md). Ledger entries are ``Payment(hand, payer, payee,
amount, rule)``; legal actions are compared as sets of their text forms."""

from __future__ import annotations

import random

import pytest
from helpers import (
    BLANK_ENDS_3P,
    GOING_OUT_3P,
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

from nos import ALL_TILES, Deal, Hand, Phase, Session, Tile
from nos.actions import parse_action
from nos.observation import Observation

# ---------------------------------------------------------------- R1–R3 set-up


@pytest.mark.parametrize("players", [3, 4, 5])
def test_r1_session_of_3_to_5_players_with_500_chips_each(players: int) -> None:
    assert Session(players, seed=1).chips == [500] * players


@pytest.mark.parametrize("players", [2, 6])
def test_r1_other_numbers_of_players_are_refused(players: int) -> None:
    with pytest.raises(ValueError, match="R1"):
        Session(players)


def test_r1_double_six_set_each_tile_once() -> None:
    assert len(ALL_TILES) == 28 and sum(t.is_double for t in ALL_TILES) == 7
    with pytest.raises(ValueError, match="R1"):  # 6-6 twice
        Deal.build(["6-6 5-5 4-4 3-3 2-2", "6-6 1-0 2-0 3-0 4-0", "5-0 6-0 2-1 3-1 4-1"])


def test_r1_a_tile_reads_in_every_spelling_and_writes_high_end_first() -> None:
    for tile in ALL_TILES:
        a, b = tile.high, tile.low
        for text in (f"{a}-{b}", f"{b}-{a}", f"[{b}|{a}]", f" {a}:{b} ", f"{b}{a}", f"{a}/{b}"):
            assert Tile.parse(text) is tile, text
        assert str(tile) == f"{a}-{b}" and Tile(b, a) is tile
    for text in ("7-1", "5-", "", "5-3-1", "x", "5_3", "536"):
        with pytest.raises(ValueError, match="is not a tile"):
            Tile.parse(text)
    with pytest.raises(ValueError, match="is not a tile"):
        Tile.parse(["5-3"])  # type: ignore[arg-type]


@pytest.mark.parametrize(("players", "size", "stock"), [(3, 5, 13), (4, 4, 12), (5, 3, 13)])
def test_r2_hand_sizes_and_boneyard(players: int, size: int, stock: int) -> None:
    deal = Deal.shuffled(players, random.Random(players))
    assert [len(h) for h in deal.hands] == [size] * players
    assert len(deal.boneyard) == stock
    too_many = (*deal.hands[:-1], (*deal.hands[-1], deal.boneyard[0]))
    with pytest.raises(ValueError, match="R2"):  # a seat with one tile too many
        Deal(too_many, deal.boneyard[1:])


def test_r2_the_last_two_tiles_are_never_drawn() -> None:
    """Seat 2 cannot play on the blank ends: it draws to the last two, then must pass."""
    h = BLANK_ENDS_3P.start()
    act(h, "5-0@0>0")
    bottom = list(h.deal.boneyard[-2:])
    for _ in range(10):
        act(h, "draw")
    assert h.boneyard_count == 2 and legal(h) == {"pass"}
    assert refused(h, "draw").rule == "R11"
    assert sorted(h.stack) == sorted(bottom)  # 4-3 and 0-0 stay in the boneyard
    assert {Tile(4, 3), Tile(0, 0)} == set(bottom)


@pytest.mark.parametrize("setter", [0, 1, 2, 3])
def test_r3_r13_first_turn_is_left_of_the_player_on_set(setter: int) -> None:
    """Clockwise order wraps round: after seat 3 comes seat 0."""
    h = make_hand(["1-1 6-5 6-4 6-3", "2-2 6-2 6-1 6-0", "3-3 5-4 5-3 5-2", "4-4 5-1 5-0 4-3"],
                  setter=setter)
    double = f"{setter + 1}-{setter + 1}"
    act(h, f"set {double}", "announce 1")  # no other double fits: straight to play
    assert h.phase is Phase.PLAY
    assert h.current == (setter + 1) % 4


def test_r3_r13_a_player_who_is_out_is_skipped() -> None:
    """Seat 0 goes out (nos); seat 1 draws a tile and plays its 5-0, so stays in; seat 2 is
    blocked and draws to the last two and passes; next comes seat 1, not seat 0."""
    h = GOING_OUT_3P.start(14)
    assert h.out == [True, False, False] and h.current == 1
    assert h.next_in_hand(2) == 1  # R3: "next" skips seat 0
    act(h, "draw", "5-0@1>0")  # drew the 6-0; nothing can be played any more
    assert h.current == 2 and legal(h) == {"draw"}
    for _ in range(10):
        act(h, "draw")
    assert legal(h) == {"pass"}
    act(h, "pass")
    assert h.current == 1 and legal(h) == {"pass"}
    act(h, "pass")  # both players still in the hand passed in succession (R20c)
    assert h.over and h.end_reason == "R20c"


def test_r13_play_goes_on_clockwise() -> None:
    h = make_hand(["6-4 1-0 2-1 3-1", "5-3 2-0 3-0 1-1", "6-6 4-2 4-1 4-0", "6-5 5-0 5-1 2-2"],
                  setter=2)
    act(h, "set 6-6", "announce 1")
    order = []
    for play in ["6-5@0>5", "6-4@1>4", "5-3@0>3", "4-2@1>2"]:
        order.append(h.current)
        act(h, play)
    assert order == [3, 0, 1, 2] and h.current == 3


# ---------------------------------------------------------------- R4–R7 the set


def test_r4_first_hand_the_highest_double_is_set() -> None:
    h = make_hand(["4-4 3-3 6-5 6-4 6-3", "6-2 6-1 6-0 5-4 5-3", "5-5 1-1 5-2 5-1 5-0"])
    assert h.setter == 2 and h.current == 2 and h.phase is Phase.SET
    assert legal(h) == {"set 5-5"}  # not the 1-1, and no draw
    assert refused(h, "set 1-1").rule == "R4"
    assert refused(h, "draw").rule == "R5"
    act(h, "set 5-5")
    assert_ledger(h, each_pays([0, 1], 2, 5, "R6"))
    assert h.phase is Phase.ANNOUNCE and h.current == 2


def test_r4_the_double_blank_is_the_lowest_double() -> None:
    h = make_hand(["0-0 6-5 6-4 6-3 6-2", "1-1 6-1 6-0 5-4 5-3", "5-2 5-1 5-0 4-3 4-2"])
    assert h.setter == 1 and legal(h) == {"set 1-1"}


def test_r4_nobody_holds_a_double_redeal() -> None:
    no_double = Deal.build(["6-5 6-4 6-3 6-2 6-1", "5-4 5-3 5-2 5-1 5-0", "4-3 4-2 4-1 4-0 3-2"])
    with pytest.raises(ValueError, match="redeal"):
        Hand(no_double)
    # Seed 592 shuffles a deal without a double first; the session deals again.
    assert not Deal.shuffled(3, random.Random(592)).has_double()
    deal = Session(3, seed=592).deal()
    assert deal.has_double() and deal != Deal.shuffled(3, random.Random(592))


def test_r5_later_hand_the_loser_chooses_among_doubles() -> None:
    h = make_hand(["6-5 6-4 6-3 6-2 6-1", "2-2 4-4 5-3 5-2 5-1", "5-0 4-3 4-2 4-1 4-0"],
                  setter=1)
    assert h.current == 1 and legal(h) == {"set 4-4", "set 2-2"}
    assert refused(h, "draw").rule == "R5"
    act(h, "set 2-2")
    assert h.set_tile is Tile(2, 2) and not h.set_drawn
    assert_ledger(h, each_pays([0, 2], 1, 2, "R6"))


def test_r5_no_double_draws_exactly_one_tile_and_sets_it() -> None:
    h = make_hand(["6-5 6-4 6-3 6-2", "6-1 6-0 5-4 5-3", "5-2 5-1 5-0 4-3", "4-2 4-1 4-0 3-2"],
                  boneyard="3-1 6-6", setter=2)
    assert legal(h) == {"draw"}
    assert refused(h, "set 5-2").rule == "R5"
    act(h, "draw")
    assert h.set_tile is Tile(3, 1) and h.set_drawn
    assert len(h.hands[2]) == 4 and h.boneyard_count == 11  # the tile went to the table
    assert h.phase is Phase.ANNOUNCE and h.current == 2
    assert_ledger(h, pays_each(2, [0, 1, 3], 4, "R6"))


def _setter_hand(set_tile: str, drawn: bool, first: bool = False) -> Hand:
    """3 players; seat 0 is on set with ``set_tile`` in hand or on top of the boneyard."""
    own = "6-5 6-4 6-3 6-2 " + ("6-1" if drawn else set_tile)
    others = ["5-3 5-2 5-1 4-3 4-2", "4-1 3-1 2-1 1-0 5-0"]
    return make_hand([own, *others], boneyard=set_tile if drawn else "",
                     setter=None if first else 0)


@pytest.mark.parametrize(
    ("set_tile", "drawn", "expected"),
    [
        ("4-4", False, each_pays([1, 2], 0, 4, "R6")),  # one end of the double
        ("0-0", False, each_pays([1, 2], 0, 7, "R6")),  # the double blank pays 7
        ("4-4", True, each_pays([1, 2], 0, 8, "R6")),  # a drawn double pays twice
        ("0-0", True, each_pays([1, 2], 0, 14, "R6")),
        ("5-4", True, pays_each(0, [1, 2], 9, "R6")),  # a drawn non-double: setter pays
        ("2-0", True, pays_each(0, [1, 2], 2, "R6")),
    ],
)
def test_r6_set_payments(set_tile: str, drawn: bool, expected: list) -> None:
    h = _setter_hand(set_tile, drawn)
    act(h, "draw" if drawn else f"set {set_tile}")
    assert h.set_tile is Tile.parse(set_tile) and h.set_drawn == drawn
    assert_ledger(h, expected)


def test_r6_first_hand_double_blank_from_hand_pays_7() -> None:
    h = _setter_hand("0-0", drawn=False, first=True)  # nobody else holds a double
    assert h.setter == 0 and legal(h) == {"set 0-0"}
    act(h, "set 0-0")
    assert_ledger(h, each_pays([1, 2], 0, 7, "R6"))


def _games(hand: Hand) -> set[int]:
    return {a.game.game for a in hand.legal_actions()}  # type: ignore[union-attr]


def test_r7_the_announcement_must_suit_the_set_tile() -> None:
    h = _setter_hand("3-2", drawn=True)
    act(h, "draw")
    assert h.phase is Phase.ANNOUNCE and h.current == 0
    assert _games(h) == {1, 4, 11, 12}  # no cross or triangle on a non-double
    assert refused(h, "announce 2").rule == "R7"
    act(h, "announce 11 matador here=1 change")
    assert h.phase is Phase.PLAY and h.layout is not None

    h = _setter_hand("4-4", drawn=False)
    act(h, "set 4-4")
    assert _games(h) == set(range(1, 13)) | {17}  # crosses, but no triangle
    assert refused(h, "announce 13").rule == "R7"

    h = _setter_hand("0-0", drawn=False)
    act(h, "set 0-0")
    assert _games(h) == set(range(1, 18)) - {5, 6, 9, 10}  # no matador cross on 0-0


# ---------------------------------------------------------------- R8 declarations


def test_r8_four_players_three_doubles_pay_25_and_lie_face_up() -> None:
    h = make_hand(["6-6 6-5 6-4 6-3", "6-2 6-1 6-0 5-4", "5-5 4-4 3-3 5-3", "5-2 5-1 5-0 4-3"])
    act(h, "set 6-6", "announce 1")
    assert h.phase is Phase.DECLARE and h.current == 2
    assert legal(h) == {"declare 5-5 4-4 3-3", "decline"}
    assert refused(h, "declare 5-5 4-4").rule == "R8"  # two doubles pay nothing
    act(h, "declare 5-5 4-4 3-3")
    assert_ledger(h, each_pays([1, 2, 3], 0, 6, "R6") + each_pays([0, 1, 3], 2, 25, "R8"))
    for seat in range(4):  # everyone sees them (R8, R71)
        assert Observation(h, seat).declared[2] == (Tile(5, 5), Tile(4, 4), Tile(3, 3))


def test_r8_four_players_four_doubles_pay_250() -> None:
    h = make_hand(["6-6 6-5 6-4 6-3", "5-5 4-4 3-3 2-2", "6-2 6-1 6-0 5-4", "5-2 5-1 5-0 4-3"])
    act(h, "set 6-6", "announce 1")
    threes = {"declare 5-5 4-4 3-3", "declare 5-5 4-4 2-2", "declare 5-5 3-3 2-2",
              "declare 4-4 3-3 2-2"}
    assert legal(h) == threes | {"declare 5-5 4-4 3-3 2-2", "decline"}
    act(h, "declare 5-5 4-4 3-3 2-2")
    assert h.ledger[3:] == each_pays([0, 2, 3], 1, 250, "R8")


@pytest.mark.parametrize(("doubles", "amount"), [(4, 200), (5, 500)])
def test_r8_three_players_four_or_five_doubles(doubles: int, amount: int) -> None:
    mine = ["5-5", "4-4", "3-3", "2-2", "1-1"][:doubles] + ["5-4"] * (5 - doubles)
    h = make_hand(["6-6 6-5 6-4 6-3 6-2", " ".join(mine), "6-1 6-0 5-3 5-2 5-1"])
    act(h, "set 6-6", "announce 1")
    full = "declare " + " ".join(mine[:doubles])
    assert full in legal(h) and "decline" in legal(h)
    act(h, full)
    assert h.ledger[2:] == each_pays([0, 2], 1, amount, "R8")


def test_r8_three_doubles_pay_nothing_with_three_players() -> None:
    h = make_hand(["6-6 6-5 6-4 6-3 6-2", "5-5 4-4 3-3 5-4 5-3", "6-1 6-0 5-2 5-1 5-0"])
    act(h, "set 6-6", "announce 1")
    assert h.phase is Phase.PLAY  # no declaration step at all
    assert_ledger(h, each_pays([1, 2], 0, 6, "R6"))


def test_r8_five_players_three_doubles_pay_50() -> None:
    h = make_hand(["6-6 6-5 6-4", "5-5 4-4 3-3", "6-3 6-2 6-1", "6-0 5-4 5-3", "5-2 5-1 5-0"])
    act(h, "set 6-6", "announce 1")
    assert h.current == 1 and legal(h) == {"declare 5-5 4-4 3-3", "decline"}
    act(h, "declare 5-5 4-4 3-3")
    assert h.ledger[4:] == each_pays([0, 2, 3, 4], 1, 50, "R8")


def test_r8_the_set_tile_does_not_count_and_order_is_from_the_left() -> None:
    """Seat 2 is on set with four doubles: after setting, three remain (25, not 250). Seat 0
    declares first (left of the setter is seat 3, who has none), the setter last."""
    h = make_hand(["2-2 1-1 0-0 6-5", "6-4 6-3 6-2 6-1", "6-6 5-5 4-4 3-3", "6-0 5-4 5-3 5-2"])
    act(h, "set 6-6", "announce 1")
    assert h.current == 0 and legal(h) == {"declare 2-2 1-1 0-0", "decline"}
    act(h, "declare 2-2 1-1 0-0")
    assert h.current == 2 and legal(h) == {"declare 5-5 4-4 3-3", "decline"}
    act(h, "declare 5-5 4-4 3-3")
    expected = (each_pays([0, 1, 3], 2, 6, "R6") + each_pays([1, 2, 3], 0, 25, "R8")
                + each_pays([0, 1, 3], 2, 25, "R8"))
    assert_ledger(h, expected)
    # Declared doubles stay face up until played.
    assert h.phase is Phase.PLAY and h.current == 3
    act(h, "6-0@0>0")
    assert h.current == 0 and "0-0@0>0" in legal(h)
    act(h, "0-0@0>0")  # on seat 3's tile: R14 pays seat 0 its 7
    assert Observation(h, 1).declared[0] == (Tile(2, 2), Tile(1, 1))
    assert h.ledger[-1] == pay(3, 0, 7, "R14")


def test_r8_declining_pays_nothing() -> None:
    h = make_hand(["6-6 6-5 6-4 6-3", "6-2 6-1 6-0 5-4", "5-5 4-4 3-3 5-3", "5-2 5-1 5-0 4-3"])
    act(h, "set 6-6", "announce 1", "decline")
    assert h.phase is Phase.PLAY and h.declared[2] == []
    assert_ledger(h, each_pays([1, 2, 3], 0, 6, "R6"))


# ---------------------------------------------------------------- R9–R10 out of turn


def test_r9_r10_one_player_two_doubles_on_both_sides_waits_twice() -> None:
    h = make_hand(["6-5 6-4 6-3 6-2 6-1", "2-1 5-4 5-0 4-0 1-0", "3-3 2-2 4-1 6-0 5-5"],
                  boneyard="3-2", setter=0)
    act(h, "draw", "announce 1")
    assert h.current == 2 and legal(h) == {"3-3@0>3", "2-2@1>2", "decline"}
    act(h, "3-3@0>3")
    assert h.current == 2 and legal(h) == {"2-2@1>2", "decline"}  # may add the other
    act(h, "2-2@1>2")
    expected = pays_each(0, [1, 2], 5, "R6") + [pay(0, 2, 3, "R9"), pay(0, 2, 2, "R9")]
    assert_ledger(h, expected)
    assert h.phase is Phase.PLAY and h.current == 1 and h.waits[2] == [0, 1]
    assert legal(h) == turn("2-1@1>1", draw=True)
    act(h, "2-1@1>1")
    assert legal(h) == {"wait"}
    act(h, "wait")
    assert legal(h) == turn("6-3@0>6", "6-1@1>6", draw=True)
    act(h, "6-1@1>6")
    assert legal(h) == {"draw"}  # seat 1 holds no 3 or 6
    act(h, "draw")  # the 6-6
    assert legal(h) == turn("6-6@1>6", draw=True)
    act(h, "6-6@1>6")  # on seat 0's 6-1: paid (R14)
    assert legal(h) == {"wait"}  # the second wait, at seat 2's next turn
    act(h, "wait")
    assert h.waits[2] == [] and h.current == 0
    act(h, "6-3@0>6")
    assert legal(h) == turn(draw=True)  # seat 1 (5-4 5-0 4-0 1-0) has no 6
    assert h.ledger[-1] == pay(0, 1, 6, "R14")


@pytest.mark.parametrize("also", ["5-5", "2-0"], ids=["another double fits", "none fits"])
def test_r9_r71_a_seat_keeps_the_step_after_its_double_whether_or_not_it_holds_another(
        also: str) -> None:
    """After a double out of turn the seat may play another on the other free side. It keeps
    the step holding none as well, or whose turn it is would show the others its hidden
    double (R71); with none, declining is all it may do."""
    h = make_hand(["6-5 6-4 6-3 6-2", "6-1 5-4 5-3 5-1", "4-4 2-1 1-0 " + also,
                   "4-2 4-1 4-0 3-1"], boneyard="3-2", setter=0)
    act(h, "draw", "announce 4")
    assert h.current == 2
    h.apply(parse_action("4-4@0>4"))  # (not `act`, which would pass the step it keeps)
    assert h.phase is Phase.OUT_OF_TURN and h.current == 2
    assert Observation(h, 3).current == 2
    assert legal(h) == ({"5-5@1>5", "decline"} if also == "5-5" else {"decline"})


def test_r9_note3_the_first_in_seat_order_takes_a_side() -> None:
    """Matador on a drawn 5-4: the 0-0 fits both sides, the 2-2 the 5-side, the 3-3 the
    4-side. Seat 1 puts the 0-0 on the 5-side, so seat 2's 2-2 fits nowhere; seat 3 plays the
    3-3 on the 4-side. The double blank is paid 7 (R9)."""
    h = make_hand(["6-5 6-4 6-3 6-2", "0-0 6-1 6-0 5-3", "2-2 5-2 5-1 5-0", "3-3 4-3 4-2 4-1"],
                  boneyard="5-4", setter=0)
    act(h, "draw", "announce 4")
    assert h.current == 1 and legal(h) == {"0-0@0>0", "0-0@1>0", "decline"}
    act(h, "0-0@0>0")
    assert h.current == 3 and legal(h) == {"3-3@1>3", "decline"}  # seat 2 is skipped
    act(h, "3-3@1>3")
    expected = pays_each(0, [1, 2, 3], 9, "R6") + [pay(0, 1, 7, "R9"), pay(0, 3, 3, "R9")]
    assert_ledger(h, expected)
    assert h.phase is Phase.PLAY and h.current == 1 and legal(h) == {"wait"}


def test_r9_the_player_on_set_plays_no_double_out_of_turn() -> None:
    h = make_hand(["5-5 2-2 6-4 6-3 6-2", "6-1 6-0 5-4 5-3 4-3", "5-1 5-0 4-1 4-0 3-1"],
                  setter=0)
    act(h, "set 5-5", "announce 4")  # the 2-2 fits (5 + 2 = 7), but seat 0 is on set
    assert h.phase is Phase.PLAY and h.current == 1


def test_r9_fit_follows_each_sides_matching_and_ignores_order() -> None:
    """Volapük on a drawn 6-5, ordinary on the 6-side, matador on the 5-side: the 6-6 fits
    the ordinary side, the 2-2 the matador side, the 5-5 neither. Then "first here then
    there" (R57a) pointing at the 5-side: the 6-6 may still go on the 6-side at once."""
    hands = ["6-4 6-3 6-2 6-1 6-0", "6-6 5-5 2-2 4-1 4-0", "5-4 5-3 5-1 5-0 4-3"]
    h = make_hand(hands, boneyard="6-5", setter=0)
    act(h, "draw", "announce 12 line ordinary=0")
    assert h.current == 1 and legal(h) == {"6-6@0>6", "2-2@1>2", "decline"}
    h = make_hand(hands, boneyard="6-5", setter=0)
    act(h, "draw", "announce 11 ordinary here=1")
    assert legal(h) == {"6-6@0>6", "5-5@1>5", "decline"}
    act(h, "6-6@0>6")  # on the 6-side although the second tile must go on the 5-side
    assert h.ledger[-1] == pay(0, 1, 6, "R9")
    assert h.current == 1 and legal(h) == {"5-5@1>5", "decline"}
    act(h, "decline")
    # The 6-side holds its tile and is locked until the 5-side has one (R57a): seat 1's wait
    # is not due; it may play the 5-5 in turn, against the set tile (R14: paid by seat 0).
    assert h.phase is Phase.PLAY and h.current == 1
    assert h.waits[1] == [0] and h.due_wait(1) is None
    assert legal(h) == turn("5-5@1>5", draw=True)
    act(h, "5-5@1>5")
    assert h.ledger[-1] == pay(0, 1, 5, "R14")


def test_r9_a_declined_double_stays_in_hand_unpaid() -> None:
    h = make_hand(["6-5 6-4 6-3 6-2", "6-1 6-0 5-4 5-3", "3-3 5-2 5-1 5-0", "4-3 4-2 4-1 4-0"],
                  boneyard="3-2", setter=0)
    act(h, "draw", "announce 1")
    assert h.current == 2 and legal(h) == {"3-3@0>3", "decline"}
    act(h, "decline")
    assert h.phase is Phase.PLAY and h.current == 1 and h.waits[2] == []
    assert_ledger(h, pays_each(0, [1, 2, 3], 5, "R6"))


def test_r10_a_wait_replaces_the_turn_and_a_play_is_refused() -> None:
    h = make_hand(["6-5 5-1 4-1 2-0", "6-2 5-4 1-0 5-0", "3-3 6-1 5-2 2-1", "6-4 3-1 6-0 4-0"],
                  boneyard="3-2", setter=0)
    act(h, "draw", "announce 1", "3-3@0>3")
    assert refused(h, "wait").rule == "R10"  # seat 1 owes no wait
    act(h, "6-2@1>6")
    assert legal(h) == {"wait"}
    assert refused(h, "6-1@1>1").rule == "R10"  # a playable tile, but the wait comes first
    assert refused(h, "draw").rule == "R10"
    act(h, "wait")
    assert h.current == 3


def test_r10_cross_wait_falls_when_the_arm_opens() -> None:
    """Matador cross on 5-5: seat 2 plays the 2-2 out of turn on arm 0. That arm cannot be
    extended until the cross is complete, so seat 2 plays normally first and waits at its
    first turn after the cross is complete (R10 reading: "open for play")."""
    h = make_hand(["5-5 4-1 6-5 6-0", "6-2 3-0 5-4 5-3", "2-2 4-2 6-4 6-3", "3-2 5-1 5-0 4-0"])
    act(h, "set 5-5", "announce 5")
    assert h.current == 2 and legal(h) == {*on_arms("2-2", range(4), [2]), "decline"}
    act(h, "2-2@0>2")
    assert h.current == 1
    assert legal(h) == turn(on_arms("6-2", [1, 2, 3], [6]), draw=True)
    act(h, "6-2@1>6")
    assert legal(h) == turn(on_arms("4-2", [2, 3], [4]), draw=True)  # no wait yet
    act(h, "4-2@2>4")
    assert legal(h) == turn("3-2@3>3", draw=True)
    act(h, "3-2@3>3")  # the cross is complete
    assert legal(h) == turn("4-1@1>4", "4-1@3>1", "6-5@0>6", draw=True)
    act(h, "4-1@1>4")
    assert legal(h) == turn("3-0@1>0", "3-0@2>0", "5-4@0>4", "5-4@3>5", "5-3@0>3",
                            "5-3@1>5", "5-3@2>5", draw=True)
    act(h, "3-0@2>0")
    assert h.current == 2 and legal(h) == {"wait"}
    expected = each_pays([1, 2, 3], 0, 5, "R6") + [pay(0, 2, 2, "R9")]
    assert_ledger(h, expected)


# ---------------------------------------------------------------- R11–R12 a turn


def test_r11_drawing_with_a_playable_tile_then_playing_one() -> None:
    h = make_hand(["6-5 5-1 4-1 2-0", "6-2 5-4 1-0 5-0", "3-3 6-1 5-2 2-1", "6-4 3-1 6-0 4-0"],
                  boneyard="3-2 4-3 2-2", setter=0)
    act(h, "draw", "announce 1", "decline")
    assert h.current == 1 and legal(h) == turn("6-2@1>6", draw=True)
    act(h, "draw")  # allowed although the 6-2 could be played
    assert h.current == 1 and h.hands[1][-1] is Tile(4, 3)
    assert legal(h) == turn("6-2@1>6", "4-3@0>4", draw=True)
    act(h, "draw")
    assert h.hands[1][-1] is Tile(2, 2) and h.boneyard_count == 9
    assert legal(h) == turn("6-2@1>6", "4-3@0>4", "2-2@1>2", draw=True)
    act(h, "2-2@1>2")  # one tile ends the turn; on the set tile: paid by seat 0 (R14)
    assert h.current == 2 and h.ledger[-1] == pay(0, 1, 2, "R14")


def test_r12_no_legal_tile_draw_until_playable() -> None:
    h = make_hand(["6-5 5-1 4-1 2-0", "6-2 5-4 1-0 5-0", "6-1 5-2 2-1 4-2", "6-4 3-1 6-0 4-0"],
                  boneyard="3-2 5-5 1-1 3-0", setter=0)
    act(h, "draw", "announce 1", "6-2@1>6")
    assert h.current == 2 and legal(h) == turn("6-1@1>1", draw=True)
    act(h, "6-1@1>1")
    assert legal(h) == turn("3-1@0>1", "3-1@1>3", draw=True)
    act(h, "3-1@1>3")
    # Seat 0 holds 6-5 5-1 4-1 2-0: no 3 anywhere. It must draw; it may not pass.
    assert legal(h) == {"draw"}
    assert refused(h, "pass").rule == "R12"
    act(h, "draw")  # 5-5: still nothing
    assert legal(h) == {"draw"}
    act(h, "draw")  # 1-1: still nothing
    assert legal(h) == {"draw"}
    act(h, "draw")  # 3-0 fits both ends
    assert legal(h) == turn("3-0@0>0", "3-0@1>0", draw=True)


def test_r12_pass_only_with_nothing_to_play_and_two_left() -> None:
    h = BLANK_ENDS_3P.start()
    act(h, "5-0@0>0")  # nothing can be played any more
    assert h.current == 2 and legal(h) == {"draw"}
    assert refused(h, "pass").rule == "R12"
    for _ in range(10):
        assert legal(h) == {"draw"}
        act(h, "draw")
    assert legal(h) == {"pass"}
    act(h, "pass")
    assert h.current == 0 and legal(h) == {"pass"}


def test_r12_pass_refused_with_a_playable_tile() -> None:
    h = BLANK_ENDS_3P.start(3)  # seat 2 can play its 6-0
    for _ in range(10):
        act(h, "draw")
    assert h.boneyard_count == 2
    assert "pass" not in legal(h) and "6-0@1>0" in legal(h)
    assert refused(h, "pass").rule == "R12"
