"""The worked examples of the rule texts, played as scripted deals (shared/rules/).

Seats: the example's players A, B, C, D sit clockwise; which seat each one takes is said in
each test. After every step the legal actions of the seat to act and the ledger are checked.
"""

from __future__ import annotations

from helpers import act, assert_ledger, each_pays, legal, make_hand, on_arms, pay, pays_each, turn

from nos import ALL_TILES, Matching, Phase, Tile

ORD, MAT = Matching.ORDINARY, Matching.MATADOR


def test_example_pagat_3_2_wait() -> None:
    """pagat, "Payment for doubles": A is on set without a double, draws the [3-2], pays 5 to
    each opponent and announces ordinary dominoes. C plays the [3-3] at once and gets 3 from A.
    B plays the [2-6], C must say "I wait", and D is to play on the 6 or the 3.
    Seats: A=0 (on set, a later hand), B=1, C=2, D=3 (R5, R6, R9, R10, R13)."""
    h = make_hand(["6-5 5-1 4-1 2-0", "6-2 5-4 1-0 5-0", "3-3 6-1 5-2 2-1", "6-4 3-1 6-0 4-0"],
                  boneyard="3-2", setter=0)
    assert legal(h) == {"draw"}  # R5: no double, so A must draw the set tile
    act(h, "draw")
    assert h.set_tile is Tile(3, 2) and h.set_drawn
    expected = pays_each(0, [1, 2, 3], 5, "R6")  # R6: a drawn non-double, 3+2 to each
    assert_ledger(h, expected)
    assert h.phase is Phase.ANNOUNCE and h.current == 0
    assert "announce 1" in legal(h) and "announce 2" not in legal(h)  # R7: no cross on 3-2
    act(h, "announce 1")
    # R8: nobody may declare; R9: only C holds a double that fits the set tile (the 3-side).
    assert h.phase is Phase.OUT_OF_TURN and h.current == 2
    assert legal(h) == {"3-3@0>3", "decline"}
    act(h, "3-3@0>3")
    expected.append(pay(0, 2, 3, "R9"))  # the player on set pays one end of the double
    assert_ledger(h, expected)
    assert h.phase is Phase.PLAY and h.current == 1  # R13: B, left of A, plays first
    assert legal(h) == turn("6-2@1>6", draw=True)
    act(h, "6-2@1>6")
    assert h.current == 2
    assert legal(h) == {"wait"}  # R10: C's first own turn, the 3-side is open
    act(h, "wait")
    assert h.waits[2] == []
    assert h.current == 3
    # D plays on the 6 (side 1) or the 3 (side 0, the [3-3]).
    assert legal(h) == turn("6-4@1>4", "6-0@1>0", "3-1@0>1", draw=True)
    assert_ledger(h, expected)


def test_example_pagat_4_2_first_three_on_the_2_side() -> None:
    """pagat game 11(b): in a 4-player game A draws the [4-2] (pays 6 each) and announces
    "ordinary, the first three plays on the 2-side". C plays the [4-4] at once (4 from A).
    B plays [2-6]; C must play on the 6 ([6-3]); D plays [3-0]; A plays [4-6] on the 4-side;
    B plays [0-0]; now C must wait, and D is next. Seats A=0 .. D=3 (R9, R10, R57b)."""
    h = make_hand(["6-4 5-2 3-1 2-1", "6-2 0-0 5-1 5-3", "4-4 6-3 5-4 3-2", "3-0 6-5 4-1 6-6"],
                  boneyard="4-2", setter=0)
    assert legal(h) == {"draw"}
    act(h, "draw")
    expected = pays_each(0, [1, 2, 3], 6, "R6")
    assert_ledger(h, expected)
    assert "announce 11 ordinary first=1:3" in legal(h)  # side 1 is the low end, the 2
    act(h, "announce 11 ordinary first=1:3")
    # R9: the 4-4 may go on the locked 4-side; B's 0-0 and D's 6-6 fit nowhere.
    assert h.current == 2 and legal(h) == {"4-4@0>4", "decline"}
    act(h, "4-4@0>4")
    expected.append(pay(0, 2, 4, "R9"))
    assert_ledger(h, expected)
    assert h.current == 1
    assert legal(h) == turn("6-2@1>6", draw=True)  # the 4-side is locked (R57b)
    act(h, "6-2@1>6")
    # C owes a wait, but the 4-side is still locked: C plays on the 6 (R10).
    assert h.current == 2 and legal(h) == turn("6-3@1>3", draw=True)
    act(h, "6-3@1>3")
    assert h.waits[2] == [0]
    assert legal(h) == turn("3-0@1>0", draw=True)
    act(h, "3-0@1>0")
    # Three tiles on the 2-side: the 4-side opens; A plays on C's 4-4.
    assert h.current == 0 and legal(h) == turn("6-4@0>6", draw=True)
    act(h, "6-4@0>6")
    assert legal(h) == turn("0-0@1>0", draw=True)
    act(h, "0-0@1>0")  # on D's 3-0, two turns back: no R14 payment
    assert_ledger(h, expected)
    assert h.current == 2 and legal(h) == {"wait"}  # "It is now that player C has to wait"
    act(h, "wait")
    assert h.current == 3
    assert legal(h) == turn("6-5@0>5", "6-6@0>6", draw=True)
    act(h, "6-6@0>6")  # on A's 6-4, but C's wait came between: no R14 payment
    assert_ledger(h, expected)
    assert h.current == 0


def test_example_tactics_5_5_ordinary_double_cross() -> None:
    """pagat Tactics: holding [5-5] [5-4] [4-4] [5-1] in a 4-player game, set the [5-5] and
    play ordinary double cross. Play: [5-5], [5-0], [5-2], [5-6]; [5-4], [2-2], [2-1], [6-6],
    then [1-5]. One arm now needs the [0-0], one the [5-3], one the [4-4], and only the 6-arm
    is open; a player has to draw before nos with the [4-4]. Seats A=0 (on set) .. D=3."""
    h = make_hand(["5-5 5-4 4-4 5-1", "5-0 2-2 6-3 3-2", "5-2 2-1 4-1 1-0", "6-5 6-6 6-0 4-2"],
                  boneyard="1-1 3-0", setter=0)
    assert legal(h) == {"set 5-5", "set 4-4"}  # R5: a choice of doubles
    act(h, "set 5-5")
    expected = each_pays([1, 2, 3], 0, 5, "R6")
    assert_ledger(h, expected)
    act(h, "announce 3")
    assert h.phase is Phase.PLAY and h.current == 1  # nothing to declare, no double fits
    assert legal(h) == turn(on_arms("5-0", range(4), [0]), draw=True)
    act(h, "5-0@0>0")
    assert legal(h) == turn(on_arms("5-2", [1, 2, 3], [2]), draw=True)
    act(h, "5-2@1>2")
    assert legal(h) == turn(on_arms("6-5", [2, 3], [6]), draw=True)
    act(h, "6-5@2>6")
    assert legal(h) == turn("5-4@3>4", "5-1@3>1", draw=True)  # "on your second turn"
    act(h, "5-4@3>4")
    assert h.layout.open_arms() == [(0, ORD, True, 0), (1, ORD, True, 2), (2, ORD, True, 6),
                                    (3, ORD, True, 4)]
    assert legal(h) == turn("2-2@1>2", draw=True)
    act(h, "2-2@1>2")  # on C's tile, but A played last: no R14 payment
    assert legal(h) == turn("2-1@1>1", draw=True)
    act(h, "2-1@1>1")
    assert legal(h) == turn("6-6@2>6", draw=True)
    act(h, "6-6@2>6")
    assert_ledger(h, expected)
    assert legal(h) == turn("5-1@1>5", "4-4@3>4", draw=True)
    act(h, "5-1@1>5")
    # The 0-arm needs the 0-0, the 1-arm now shows a 5, the 6-arm is open, the 4-arm needs 4-4.
    assert h.layout.open_arms() == [(0, ORD, True, 0), (1, ORD, False, 5), (2, ORD, False, 6),
                                    (3, ORD, True, 4)]
    fives_left = {t for t in ALL_TILES if t.has(5)} - set(h.layout.tiles())
    assert fives_left == {Tile(5, 3)}  # "the [5-3] (the only remaining five)"
    assert legal(h) == turn("6-3@2>3", draw=True)
    act(h, "6-3@2>3")
    assert legal(h) == {"draw"}  # C has to draw (R12)
    act(h, "draw")
    assert legal(h) == {"draw"}  # drew the 1-1: still nothing
    act(h, "draw")
    assert legal(h) == turn("3-0@2>0", draw=True)
    act(h, "3-0@2>0")
    assert legal(h) == turn("6-0@2>6", draw=True)
    act(h, "6-0@2>6")
    assert legal(h) == turn("4-4@3>4", draw=True)
    act(h, "4-4@3>4")  # nos with the 4-4
    assert h.out[0] and h.nos == 0
    expected += each_pays([1, 2, 3], 0, 5, "R15")
    assert_ledger(h, expected)
    # Play goes on without A (R13, R15).
    assert h.current == 1 and legal(h) == {"draw"}
    act(h, "draw")  # the 6-4
    assert legal(h) == turn("6-4@2>4", "6-4@3>6", draw=True)
    act(h, "6-4@2>4")
    assert legal(h) == turn("4-1@2>1", "4-1@3>1", draw=True)
    act(h, "4-1@3>1")
    assert legal(h) == turn("4-2@2>2", draw=True)
    act(h, "4-2@2>2")  # D goes out too: nothing for that (R15)
    assert h.out[3]
    assert h.current == 1  # after D comes B: A is out and skipped (R13)
    assert legal(h) == turn("3-2@2>3", draw=True)
    assert_ledger(h, expected)


def test_example_note2a_matador_cross_going_out_pays_nothing() -> None:
    """pagat note 2(a): in a matador cross A makes nos, then B goes out with the [4-4]
    receiving nothing, and C goes out playing the [3-3] on the [4-4], also receiving nothing:
    no R14 payment for a double on the tile with which its player went out.
    Seats A=0 (on set with 6-6, a first hand), B=1, C=2, D=3."""
    h = make_hand(["6-6 5-1 6-2 4-3", "2-1 5-0 1-0 4-4", "3-1 4-0 5-2 3-3", "4-1 3-0 6-1 6-5"])
    assert legal(h) == {"set 6-6"}  # R4
    act(h, "set 6-6")
    expected = each_pays([1, 2, 3], 0, 6, "R6")
    assert_ledger(h, expected)
    act(h, "announce 5")
    assert h.phase is Phase.PLAY and h.current == 1  # no 1-1 or 0-0 out of turn
    # The cross: each first tile adds to 7 with the 6, or is a matador (R44, R61, R62).
    assert legal(h) == turn(on_arms("2-1", range(4), [2]), on_arms("1-0", range(4), [0]),
                            draw=True)
    act(h, "2-1@0>2")
    assert legal(h) == turn(on_arms("3-1", [1, 2, 3], [3]), on_arms("5-2", [1, 2, 3], [5, 2]),
                            draw=True)
    act(h, "3-1@1>3")
    assert legal(h) == turn(on_arms("4-1", [2, 3], [4]), on_arms("6-1", [2, 3], [6, 1]),
                            draw=True)
    act(h, "4-1@2>4")
    assert legal(h) == turn("5-1@3>5", on_arms("4-3", [3], [4, 3]), draw=True)
    act(h, "5-1@3>5")
    assert h.layout.ends == [2, 3, 4, 5]
    assert legal(h) == turn("5-0@0>0", "4-4@1>4", draw=True)
    act(h, "5-0@0>0")
    assert legal(h) == turn("4-0@1>0", "3-3@2>3", on_arms("5-2", range(4), [5, 2]),
                            draw=True)
    act(h, "4-0@1>0")
    assert legal(h) == turn("3-0@2>0", on_arms("6-1", range(4), [6, 1]), draw=True)
    act(h, "3-0@2>0")
    assert legal(h) == turn("6-2@3>6", on_arms("4-3", range(4), [4, 3]), draw=True)
    act(h, "6-2@3>6")
    assert legal(h) == turn("1-0@3>0", draw=True)
    act(h, "1-0@3>0")
    assert legal(h) == turn(on_arms("5-2", range(4), [5, 2]), draw=True)
    act(h, "5-2@0>2")
    assert legal(h) == turn(on_arms("6-1", range(4), [6, 1]), "6-5@0>6", draw=True)
    act(h, "6-1@1>1")
    assert_ledger(h, expected)
    assert legal(h) == turn(on_arms("4-3", range(4), [4, 3]), draw=True)
    act(h, "4-3@2>3")  # A's last tile: nos
    expected += each_pays([1, 2, 3], 0, 5, "R15")
    assert_ledger(h, expected)
    assert legal(h) == turn("4-4@2>4", draw=True)
    act(h, "4-4@2>4")  # B goes out on A's last tile: receives nothing
    assert h.out[1]
    assert_ledger(h, expected)
    assert h.current == 2 and legal(h) == turn("3-3@2>3", draw=True)
    act(h, "3-3@2>3")  # C goes out on B's last tile: receives nothing
    # Only D still holds tiles: the hand ends (R20a) and D pays its 6-5 to each (R21).
    assert h.over and h.end_reason == "R20a" and legal(h) == set()
    assert h.counts == [0, 0, 0, 11]
    expected += pays_each(3, [0, 1, 2], 11, "R21")
    assert_ledger(h, expected)


def test_example_note2b_ordinary_cross_double_after_a_pass_pays_nothing() -> None:
    """pagat note 2(b): in an ordinary cross A plays the [3-0], B passes, and C plays the
    [0-0] receiving nothing: a pass is a turn between (R14).
    Seats C=0 (on set with 6-6, a first hand), A=1, B=2. C draws the boneyard down to the
    last two so that B has to pass (R11, R12)."""
    h = make_hand(["6-6 6-4 5-4 0-0 5-3", "6-3 6-2 3-0 2-0 1-0", "6-5 4-2 1-1 6-1 2-1"])
    assert legal(h) == {"set 6-6"}
    act(h, "set 6-6", "announce 2")
    expected = each_pays([1, 2], 0, 6, "R6")
    assert_ledger(h, expected)
    assert h.current == 1
    assert legal(h) == turn(on_arms("6-3", range(4), [3]), on_arms("6-2", range(4), [2]),
                            draw=True)
    act(h, "6-3@0>3")
    assert legal(h) == turn(on_arms("6-5", [1, 2, 3], [5]), on_arms("6-1", [1, 2, 3], [1]),
                            draw=True)
    act(h, "6-5@1>5")
    assert legal(h) == turn(on_arms("6-4", [2, 3], [4]), draw=True)
    act(h, "6-4@2>4")
    assert legal(h) == turn("6-2@3>2", draw=True)
    act(h, "6-2@3>2")
    assert legal(h) == turn("4-2@2>2", "4-2@3>4", "2-1@3>1", draw=True)
    act(h, "4-2@3>4")
    for _ in range(11):  # C draws voluntarily, down to the last two (R11)
        assert "draw" in legal(h)
        act(h, "draw")
    assert h.boneyard_count == 2 and h.current == 0
    assert legal(h) == turn(
        ["5-3@0>5", "4-3@0>4", "3-3@0>3", "3-2@0>2"],
        ["5-4@1>4", "5-3@1>3", "5-5@1>5", "5-2@1>2", "5-1@1>1", "5-0@1>0"],
        ["5-4@2>5", "4-4@2>4", "4-3@2>3", "4-1@2>1", "4-0@2>0"],
        ["5-4@3>5", "4-4@3>4", "4-3@3>3", "4-1@3>1", "4-0@3>0"],
    )
    act(h, "5-4@2>5")
    assert legal(h) == turn("3-0@0>0")  # A plays the 3-0
    act(h, "3-0@0>0")
    assert legal(h) == {"pass"}  # B cannot play and cannot draw
    act(h, "pass")
    assert legal(h) == turn(
        ["0-0@0>0", "6-0@0>6", "5-0@0>5", "4-0@0>4"],
        ["5-3@1>3", "5-5@1>5", "5-2@1>2", "5-1@1>1", "5-0@1>0"],
        ["5-3@2>3", "5-5@2>5", "5-2@2>2", "5-1@2>1", "5-0@2>0"],
        ["4-4@3>4", "4-3@3>3", "4-1@3>1", "4-0@3>0"],
    )
    act(h, "0-0@0>0")  # on A's 3-0, after B's pass: C receives nothing
    assert_ledger(h, expected)
    assert h.current == 1


def test_example_pagat_5_3_first_here_then_there_then_matador() -> None:
    """pagat game 11(a) and (c): A draws the [5-3] (pays 8 to each) and says "ordinary, first
    here (the 5) then there (the 3), and after that matador". Seats A=0 (on set) .. D=3."""
    h = make_hand(["6-4 6-2 4-1 2-0", "6-5 4-2 2-1 1-0", "3-1 6-0 4-0 2-2", "6-3 5-4 4-4 3-2"],
                  boneyard="5-3", setter=0)
    act(h, "draw")
    expected = pays_each(0, [1, 2, 3], 8, "R6")
    assert_ledger(h, expected)
    act(h, "announce 11 ordinary here=0 change")
    assert h.phase is Phase.PLAY and h.current == 1
    assert legal(h) == turn("6-5@0>6", draw=True)  # the second tile: on the 5, ordinary
    act(h, "6-5@0>6")
    assert legal(h) == turn("3-1@1>1", draw=True)  # the third: on the 3, ordinary
    act(h, "3-1@1>1")
    # Now matador on both ends: the 6-3 no longer fits the 6, but fits the 1 (6 + 1 = 7).
    assert h.layout.open_arms() == [(0, MAT, False, 6), (1, MAT, False, 1)]
    assert legal(h) == turn("6-3@1>3", draw=True)
    assert_ledger(h, expected)


def test_example_pagat_6_1_volapuk_three_ordinary_on_the_six() -> None:
    """pagat game 12: in a 4-player game A draws the [6-1], pays 7 each and announces
    "volapük, first three tiles ordinary on the six" (the 1-side is matador)."""
    h = make_hand(["6-3 5-0 3-0 2-0", "6-5 3-2 1-0 4-3", "5-4 5-1 2-1 1-1", "4-2 6-0 5-2 4-4"],
                  boneyard="6-1", setter=0)
    act(h, "draw")
    expected = pays_each(0, [1, 2, 3], 7, "R6")
    act(h, "announce 12 line ordinary=0 first=0:3")
    assert h.current == 1
    assert legal(h) == turn("6-5@0>5", draw=True)  # the 4-3 (a matador) must wait
    act(h, "6-5@0>5")
    assert legal(h) == turn("5-4@0>4", "5-1@0>1", draw=True)
    act(h, "5-4@0>4")
    assert legal(h) == turn("4-2@0>2", "4-4@0>4", draw=True)
    act(h, "4-2@0>2")
    # Three tiles on the six: the matador side opens.
    assert h.layout.open_arms() == [(0, ORD, False, 2), (1, MAT, False, 1)]
    assert legal(h) == turn("2-0@0>0", "6-3@1>3", draw=True)
    assert_ledger(h, expected)


def test_example_pagat_game10_an_arm_begun_with_a_double_is_dead() -> None:
    """pagat game 10: with the [4-4] set and the [3-3] as the first tile of an arm, that arm
    would next need the [3-3] again: it can never be extended. Seats: 0 on set, 1, 2."""
    h = make_hand(["4-4 5-2 6-0 5-4 2-2", "3-3 4-3 6-5 4-1 2-0", "6-1 0-0 6-4 5-1 1-0"])
    act(h, "set 4-4", "announce 10", "decline", "decline", "3-3@0>3", "6-1@1>6", "5-2@2>5",
        "4-3@3>4")
    assert h.layout.open_arms() == [(0, ORD, True, 3), (1, ORD, True, 6), (2, ORD, True, 5),
                                    (3, ORD, True, 4)]
    on_table = set(h.layout.tiles())
    assert {Tile(3, 3), Tile(4, 4)} <= on_table  # arms 0 and 3 are dead for good
    assert legal(h) == {"draw"}  # seat 2 has nothing to play
