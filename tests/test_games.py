"""The 17 games (R40–R57): geometry, matching per arm and phase, cross gate, double crosses,
triangles, game 17's order, game 11's conditions, volapük, and the announcements allowed.

Every scenario is a scripted deal with four players (4 tiles each); seat 0 is on set, so seat 1
plays first (R13). Arms are numbered as in ``nos.games``: a line has side 0 (the set tile's high
end) and side 1; a cross has arms 0–3 (0/2 and 1/3 opposite)."""

from __future__ import annotations

import pytest
from helpers import act, make_hand, norm, on_arms, plays, refused

from nos import (
    ALL_TILES,
    Hand,
    Matching,
    Phase,
    Tile,
)
from nos.errors import IllegalPlay
from nos.games import side_key
from nos.layout import play_table

ORD, MAT = Matching.ORDINARY, Matching.MATADOR


# ----------------------------------------------------------------------------- helpers
def bad(hand: Hand, text: str) -> str:
    """The ruling cited when the play ``text`` is refused (the hand must stay unchanged)."""
    return refused(hand, text, IllegalPlay).rule


def arm_tiles(hand: Hand, arm: int) -> list[str]:
    return [str(p.tile) for p in hand.layout.arms[arm]]


# A 6-6 ordinary-opened cross: seats 1, 2, 3, 0 open arms 0–3 with 6-5, 6-4, 6-3, 6-0.
CROSS_66 = ["6-6 6-0 5-1 3-2", "6-5 4-4 2-1 1-0", "6-4 4-2 3-1 2-0", "6-3 6-2 5-4 1-1"]
OPEN_66 = ("6-5@0>5", "6-4@1>4", "6-3@2>3", "6-0@3>0")
# A 4-4 matador-opened cross (3-3 and 0-0 stay in the boneyard: no doubles out of turn).
CROSS_44 = ["4-4 3-0 6-2 5-1", "3-5 6-1 5-5 1-0", "3-6 4-1 2-2 2-0", "3-2 6-6 4-0 1-1"]
OPEN_44 = ("6-1@0>1", "3-6@1>6", "3-2@2>2", "3-0@3>0")


# ----------------------------------------------------------------------------- R40–R43
def test_r40_ordinary_line_matches_equal_ends() -> None:
    hand = make_hand(["6-2 4-1 2-0 1-0", "5-4 3-1 6-4 4-0", "4-2 6-3 1-1 6-5", "6-6 5-0 3-2 2-2"],
                   boneyard="5-3", setter=0)
    act(hand, "draw", "announce 1")  # no double on set: draw 5-3 and set it (R5)
    plan = hand.layout.plan
    assert (plan.arms, hand.layout.ends, hand.phase) == (2, [5, 3], Phase.PLAY)
    assert [side_key(plan, i) for i in (0, 1)] == ["end:5", "end:3"]
    assert plays(hand) == norm({"5-4@0>4", "3-1@1>1"})
    assert bad(hand, "6-4@0>4") == "R60"
    assert bad(hand, "5-4@0>5") == "R60"  # the matching end faces inward
    act(hand, "5-4@0>4")
    assert plays(hand) == norm({"4-2@0>2", "6-3@1>6"})
    act(hand, "6-3@1>6")
    assert hand.layout.ends == [4, 6]
    assert plays(hand) == norm({"6-6@1>6"})  # a double counts as one end's number (R60)


def test_r41_ordinary_cross_gate_then_ordinary_arms() -> None:
    hand = act(make_hand(CROSS_66, setter=0), "set 6-6", "announce 2")
    plan = hand.layout.plan
    assert (plan.arms, hand.layout.ends, plan.cross_gate) == (4, [6, 6, 6, 6], True)
    assert plays(hand) == norm(set(on_arms("6-5", range(4), (5,))))
    act(hand, "6-5@0>5")
    assert plays(hand) == norm(on_arms("6-4", [1, 2, 3], (4,)))
    assert bad(hand, "6-4@0>4") == "R41"
    act(hand, "6-4@1>4", "6-3@2>3")
    assert bad(hand, "5-1@0>1") == "R41"  # arm 0 waits for the fourth opening tile
    assert plays(hand) == norm({"6-0@3>0"})
    act(hand, "6-0@3>0")
    assert hand.layout.ends == [5, 4, 3, 0]
    assert plays(hand) == norm({"4-4@1>4", "1-0@3>1"})


def test_r42_ordinary_double_cross_equal_double_first_per_arm() -> None:
    hand = act(make_hand(CROSS_66, setter=0), "set 6-6", "announce 3")
    assert bad(hand, "6-5@0>6") == "R60"
    act(hand, *OPEN_66)
    assert plays(hand) == norm({"4-4@1>4"})  # only the equal double of an arm's end
    assert bad(hand, "1-0@3>1") == "R42"
    act(hand, "4-4@1>4")
    arms = hand.layout.to_json()["arms"]
    assert [a["needs_double"] for a in arms] == [True, False, True, True]
    # The 4-arm is extended at once, before the other arms have their doubles.
    assert plays(hand) == norm({"4-2@1>2"})
    assert bad(hand, "3-1@2>1") == "R42"
    assert bad(hand, "2-0@3>2") == "R42"


def test_r43_matador_line_sum_seven_matadors_wild_blank_out() -> None:
    hand = make_hand(["6-2 4-1 2-0 1-0", "2-4 6-1 3-1 5-5", "1-1 4-3 6-6 3-0", "6-4 5-0 2-1 6-5"],
                   boneyard="5-3", setter=0)
    act(hand, "draw", "announce 4")
    assert (hand.layout.plan.opening, hand.layout.plan.then) == ((MAT, MAT), (MAT, MAT))
    # The 5 needs a 2, the 3 a 4; the 6-1 is wild, either end out (R61).
    assert plays(hand) == norm({"2-4@0>4", "2-4@1>2"} | set(on_arms("6-1", [0, 1], (6, 1))))
    assert bad(hand, "5-5@0>5") == "R61"
    assert bad(hand, "3-1@1>1") == "R61"  # equal ends do not match here
    act(hand, "6-1@0>1")  # the next tile on the 6-1 must add up to 7 with its 1
    assert plays(hand) == norm({"6-6@0>6"} | set(on_arms("4-3", [0, 1], (4, 3))))
    act(hand, "4-3@1>3")
    assert plays(hand) == norm({"6-4@0>4", "6-5@0>5", "6-4@1>6"})
    act(hand, "6-4@1>6")
    assert hand.layout.ends == [1, 6]
    assert plays(hand) == norm({"6-2@0>2", "4-1@1>4", "1-0@1>0"})
    assert bad(hand, "1-0@1>1") in ("R61", "R62")  # the blank must face out
    act(hand, "1-0@1>0")
    assert plays(hand) == set()  # only a matador goes on the blank (R62)
    assert bad(hand, "5-5@1>5") == "R62"
    arm = hand.layout.to_json()["arms"][1]  # a matador may still come: the 0-0, the 5-2
    assert (arm["label"], arm["dead"], arm["matador_left"]) == ("M", False, True)


# ----------------------------------------------------------------------------- R44–R49
def test_r44_matador_cross_opening_and_arms() -> None:
    hand = act(make_hand(CROSS_44, setter=0), "set 4-4", "announce 5")
    assert plays(hand) == norm(set(on_arms("3-5", range(4), (5,)))
                           | set(on_arms("6-1", range(4), (6, 1))))
    act(hand, "6-1@0>1")
    assert bad(hand, "3-6@0>3") == "R44"  # arm 0 is not extended before the cross is full
    assert plays(hand) == norm(on_arms("3-6", [1, 2, 3], (6,)))
    act(hand, "3-6@1>6", "3-2@2>2")
    assert plays(hand) == norm({"3-0@3>0"})
    assert bad(hand, "3-0@3>3") in ("R61", "R62")
    act(hand, "3-0@3>0")
    assert hand.layout.ends == [1, 6, 2, 0]
    assert plays(hand) == norm({"3-5@2>3", "5-5@2>5", "1-0@1>0"})


def test_r45_matador_double_cross_sum_seven_double_or_matador_first() -> None:
    hand = act(make_hand(CROSS_44, setter=0), "set 4-4", "announce 6", *OPEN_44)
    assert plays(hand) == norm({"5-5@2>5"})  # the 2-arm takes the 5-5; the others nothing of seat 1
    assert bad(hand, "3-5@2>3") == "R45"
    assert bad(hand, "1-0@1>0") == "R45"
    act(hand, "5-5@2>5")
    assert plays(hand) == norm({"2-2@2>2", "2-0@2>0"})  # that arm continues as matador


def test_r45_matador_counts_as_the_double_of_a_double_cross_arm() -> None:
    hand = make_hand(["4-4 3-0 6-2 2-1", "3-5 6-1 1-0 5-0", "3-6 4-1 2-0 6-5", "3-2 6-6 4-0 1-1"],
                   boneyard="5-2", setter=0)
    act(hand, "set 4-4", "announce 6", "3-5@0>5", "3-6@1>6", "3-2@2>2", "3-0@3>0")
    assert plays(hand) == norm(on_arms("6-1", [0, 1, 2, 3], (6, 1)))
    act(hand, "6-1@3>6")  # a matador on the blank arm, then the arm goes on as matador
    assert hand.layout.to_json()["arms"][3]["needs_double"] is False
    assert plays(hand) == norm({"4-1@3>4"})  # 6+1


def test_r46_ordinary_cross_then_matador() -> None:
    hand = act(make_hand(CROSS_66, setter=0), "set 6-6", "announce 7")
    assert bad(hand, "6-5@0>6") == "R60"  # the opening is ordinary
    act(hand, *OPEN_66)
    assert plays(hand) == norm({"2-1@0>1", "4-4@2>4"})  # 5+2, 3+4: the arms are matador
    assert bad(hand, "4-4@1>4") == "R61"


def test_r47_ordinary_cross_then_matador_double_cross() -> None:
    hand = act(make_hand(CROSS_66, setter=0), "set 6-6", "announce 8", *OPEN_66)
    assert plays(hand) == norm({"4-4@2>4"})
    assert bad(hand, "2-1@0>1") == "R47"
    act(hand, "4-4@2>4")
    assert plays(hand) == norm({"3-1@2>1"})  # arm 2 goes on as matador once its double is there


def test_r48_matador_cross_then_ordinary() -> None:
    hand = act(make_hand(CROSS_44, setter=0), "set 4-4", "announce 9")
    assert bad(hand, "5-1@0>1") == "R11"  # not seat 1's tile
    act(hand, *OPEN_44)
    assert plays(hand) == norm({"1-0@0>0", "1-0@3>1"})
    assert bad(hand, "3-5@2>3") == "R60"


def test_r49_matador_cross_then_ordinary_double_cross_dead_arm() -> None:
    hand = make_hand(["4-4 3-0 6-2 5-1", "3-5 6-1 1-1 1-0", "3-3 4-1 2-2 2-0",
                      "3-2 6-6 4-0 5-5"], setter=0)
    act(hand, "set 4-4", "announce 10")
    assert hand.phase is Phase.OUT_OF_TURN and hand.current == 2  # 3-3 fits the 4 (R9)
    act(hand, "decline", "6-1@0>1", "3-3@1>3", "3-2@2>2", "3-0@3>0")
    assert hand.layout.ends == [1, 3, 2, 0]
    assert plays(hand) == norm({"1-1@0>1"})  # the equal double, ordinary
    assert bad(hand, "1-0@0>0") == "R49"
    act(hand, "1-1@0>1")
    assert plays(hand) == norm({"4-1@0>4", "2-2@2>2"})
    # The 3-arm would need the 3-3, which lies on it: no tile of the set can ever go there.
    dead = [a for a in hand.layout.open_arms() if a[0] == 1]
    assert dead == [(1, ORD, True, 3)]
    assert [t for t in ALL_TILES if play_table(*dead[0][1:], 1)[t.index]] == [Tile(3, 3)]
    assert arm_tiles(hand, 1) == ["3-3"]
    # The view says so, for the drawing to cross it out; the 2-arm still waits for its 2-2.
    arms = hand.layout.to_json()["arms"]
    assert [a["dead"] for a in arms] == [False, True, False, False]
    assert arms[1]["label"] == "3-3" and arms[2]["label"] == "2-2"


def test_r49_r10_double_out_of_turn_starts_a_dead_arm_and_waits_for_the_full_cross() -> None:
    hand = make_hand(["4-4 3-0 1-1 5-1", "3-5 6-1 2-2 1-0", "3-3 3-6 4-1 2-0",
                      "3-2 6-6 4-0 5-5"], setter=0)
    act(hand, "set 4-4", "announce 10", "3-3@1>3")  # pagat's example under game 10, out of turn
    assert hand.ledger[-1][1:] == (0, 2, 3, "R9")
    act(hand, "6-1@0>1")
    assert plays(hand) == norm({"3-6@2>6", "3-6@3>6"})  # no wait while the cross is open
    act(hand, "3-6@2>6", "3-2@3>2")
    assert hand.layout.ends == [1, 3, 6, 2]
    assert plays(hand) == norm({"1-1@0>1"})
    act(hand, "1-1@0>1", "1-0@0>0")
    assert [str(a) for a in hand.legal_actions()] == ["wait"]  # the 3-arm is open, if dead
    act(hand, "wait")
    assert hand.current == 3 and arm_tiles(hand, 1) == ["3-3"]
    dead = [a for a in hand.layout.open_arms() if a[0] == 1]
    assert [t for t in ALL_TILES if play_table(*dead[0][1:], 1)[t.index]] == [Tile(3, 3)]


@pytest.mark.parametrize(("game", "deal", "opening"), [
    ("2", CROSS_66, OPEN_66), ("3", CROSS_66, OPEN_66), ("7", CROSS_66, OPEN_66),
    ("8", CROSS_66, OPEN_66), ("5", CROSS_44, OPEN_44), ("6", CROSS_44, OPEN_44),
    ("9", CROSS_44, OPEN_44), ("10", CROSS_44, OPEN_44),
    ("12 cross ordinary=1", CROSS_44, ("6-1@0>1", "4-1@1>1", "4-0@3>0", "3-0@2>0")),
    ("12 doublecross ordinary=0", CROSS_44, ("3-5@1>5", "4-1@0>1", "4-0@2>0", "3-0@3>0")),
])
def test_r41_r51_cross_gate_no_arm_extended_before_all_opening_tiles(
    game: str, deal: list[str], opening: tuple[str, ...]
) -> None:
    hand = act(make_hand(deal, setter=0), f"set {deal[0].split()[0]}", f"announce {game}")
    rule = hand.layout.plan.rule
    for step in opening[:3]:
        act(hand, step)
        filled = [a for a in range(4) if hand.layout.lengths[a]]
        assert all(int(p.split("@")[1][0]) not in filled for p in plays(hand))
        for tile in hand.hands[hand.current]:
            for arm in filled:
                assert bad(hand, f"{tile}@{arm}>{tile.high}") == rule
    act(hand, opening[3])
    assert all(hand.layout.lengths) and hand.layout.open_arms()


# ----------------------------------------------------------------------------- R50, R57
def test_r50_r57a_first_here_then_there() -> None:
    hand = make_hand(["6-2 4-1 2-0 1-0", "5-4 3-1 6-4 4-0", "5-6 3-6 2-1 1-1", "6-6 5-0 3-2 2-2"],
                   boneyard="5-3", setter=0)
    act(hand, "draw", "announce 11 ordinary here=1")
    assert hand.announcement.name(hand.set_tile) == (
        "ordinary, first here (the 3-side) then there")
    assert plays(hand) == norm({"3-1@1>1"})  # the second tile goes on the named side
    assert bad(hand, "5-4@0>4") == "R57"
    act(hand, "3-1@1>1")
    assert plays(hand) == norm({"5-6@0>6"})  # the third on the other side
    assert bad(hand, "2-1@1>2") == "R57"
    act(hand, "5-6@0>6")
    assert plays(hand) == norm({"6-6@0>6"})  # then free, still ordinary (no change announced)


def test_r50_r57b_r57c_n_first_then_change_to_matador() -> None:
    hand = make_hand(["6-2 4-1 2-0 1-0", "3-1 5-4 6-4 4-2", "1-5 6-6 2-1 0-0", "5-6 3-2 2-2 4-0"],
                   boneyard="5-3", setter=0)
    act(hand, "draw", "announce 11 ordinary first=1:3 change")
    assert hand.announcement.name(hand.set_tile) == (
        "ordinary, 3 first on the 3-side, then matador")
    assert plays(hand) == norm({"3-1@1>1"})
    assert bad(hand, "5-4@0>4") == "R57"
    act(hand, "3-1@1>1")
    assert plays(hand) == norm({"1-5@1>5", "2-1@1>2"})
    act(hand, "1-5@1>5")
    assert plays(hand) == norm({"5-6@1>6"})
    act(hand, "5-6@1>6")  # three tiles on the 3-side: both sides now play matador (R57c)
    assert hand.layout.ends == [5, 6]
    assert plays(hand) == norm({"6-2@0>6", "2-0@0>0", "1-0@1>0", "4-1@1>4"})
    assert bad(hand, "6-2@1>2") == "R61"


def test_r50_r57c_matador_first_here_then_ordinary() -> None:
    hand = make_hand(["6-2 4-1 2-0 1-0", "2-4 6-5 1-1 3-0", "4-5 6-3 3-1 5-1", "5-0 2-1 6-6 3-2"],
                   boneyard="5-3", setter=0)
    act(hand, "draw", "announce 11 matador here=0 change")
    assert plays(hand) == norm({"2-4@0>4"})  # 5+2 on the named 5-side
    act(hand, "2-4@0>4")
    assert plays(hand) == norm({"4-5@1>5"})  # 3+4 on the 3-side
    act(hand, "4-5@1>5")
    assert plays(hand) == norm({"5-0@1>0"})  # condition met: ordinary now on both sides
    assert bad(hand, "3-2@1>3") == "R60"


# ----------------------------------------------------------------------------- R51
def test_r51a_volapuk_line_with_n_first() -> None:
    hand = make_hand(["6-3 4-2 2-0 5-1", "6-4 6-2 5-0 3-1", "4-3 4-0 3-2 2-1", "4-1 5-4 3-0 6-5"],
                   boneyard="6-1", setter=0)
    act(hand, "draw", "announce 12 line ordinary=0 first=0:3")
    assert hand.announcement.name(hand.set_tile) == (
        "volapük, 3 first on the 6-side, ordinary there")
    assert hand.layout.plan.opening == (ORD, MAT)
    assert plays(hand) == norm({"6-4@0>4", "6-2@0>2"})
    assert bad(hand, "6-4@1>4") == "R57"  # would fit the matador 1-side
    act(hand, "6-4@0>4")
    assert plays(hand) == norm({"4-3@0>3", "4-0@0>0"})  # the matador 4-3 is ordinary here
    act(hand, "4-0@0>0", "3-0@0>3")
    assert plays(hand) == norm({"6-3@0>6", "6-3@1>3"})  # the 1-side opens, matador (1+6)


@pytest.mark.parametrize("shape", ["cross", "doublecross"])
def test_r51b_volapuk_cross_and_double_cross(shape: str) -> None:
    hand = make_hand(["5-5 2-0 6-3 4-1", "5-4 2-6 6-1 1-0", "5-3 2-4 3-1 6-0", "2-1 5-6 4-0 3-0"],
                     setter=0)
    act(hand, "set 5-5", f"announce 12 {shape} ordinary=0")
    plan = hand.layout.plan
    assert (plan.arms, plan.opening, plan.cross_gate) == (4, (ORD, MAT, ORD, MAT), True)
    assert plays(hand) == norm({"5-4@0>4", "5-4@2>4"} | set(on_arms("2-6", [1, 3], (6,)))
                           | set(on_arms("6-1", [1, 3], (6, 1))))
    act(hand, "5-4@0>4")
    assert plays(hand) == norm({"5-3@2>3", "2-4@1>4", "2-4@3>4"})
    act(hand, "2-4@1>4")
    assert bad(hand, "2-1@1>1") == "R51"  # cross gate
    act(hand, "5-6@2>6", "2-0@3>0")
    assert hand.layout.ends == [4, 4, 6, 0]
    matadors = set(on_arms("6-1", [1, 3], (6, 1)))
    if shape == "cross":
        assert plays(hand) == norm(matadors | {"2-6@2>2", "6-1@2>1"})
    else:  # ordinary arms need their equal double, matador arms a sum-7 double or a matador
        assert plays(hand) == norm(matadors)
        assert bad(hand, "2-6@2>2") == "R51"


# ----------------------------------------------------------------------------- R52–R55
TRIANGLE = ["0-0 1-0 2-2 3-1", "6-1 1-1 5-0 6-3", "5-2 6-6 4-1 2-1", "4-3 3-3 5-4 6-2"]


def open_triangle(game: int, outs: str = "6 5 4") -> Hand:
    hand = act(make_hand(TRIANGLE, setter=0), "set 0-0", f"announce {game}")
    o1, o2, o3 = outs.split()
    assert plays(hand) == norm(set(on_arms("6-1", range(3), (6, 1))))
    assert bad(hand, "5-0@0>5") == "R62"  # only a matador on the blank
    act(hand, f"6-1@0>{o1}")
    assert plays(hand) == norm(on_arms("5-2", [1, 2], (5, 2)))
    assert bad(hand, "2-1@0>2") == f"R{39 + game}"  # the cross gate
    act(hand, f"5-2@1>{o2}")
    assert plays(hand) == norm(on_arms("4-3", [2], (4, 3)))
    return act(hand, f"4-3@2>{o3}")


def test_r52_triangle_three_matadors_then_matador_arms() -> None:
    hand = open_triangle(13)
    assert (hand.layout.plan.arms, hand.layout.ends) == (3, [6, 5, 4])
    assert bad(hand, "1-0@3>1") == "R11"  # there is no fourth arm
    assert plays(hand) == norm({"1-0@0>0", "3-1@0>3", "2-2@1>2", "3-1@2>1"})


def test_r52_r62_a_blank_end_is_dead_once_every_matador_is_on_the_table() -> None:
    """A triangle's opening lays all four matadors (the 0-0 and its three sides): a blank
    end under matador matching, which only a matador may take (R62), can never grow, and the
    view says so; the other ends take their number and nothing wild."""
    hand = open_triangle(13)
    act(hand, "1-0@0>0")
    arms = hand.layout.to_json()["arms"]
    assert [(a["end"], a["label"], a["dead"], a["matador_left"]) for a in arms] == [
        (0, "M", True, False), (5, "2", False, False), (4, "3", False, False)]
    fits = [t for t in ALL_TILES if play_table(MAT, False, 0, 0)[t.index]]  # (the matadors)
    assert fits and all(t in hand.layout.tiles() for t in fits)


def test_r57c_r62_a_blank_end_is_not_dead_while_a_change_of_matching_may_come() -> None:
    """Every matador is on the table, and the blank end of the side still locked takes
    only a matador now; but once the fourth tile is on the named side the matching turns
    ordinary (R57c), and a blank will fit it."""
    hand = make_hand(["0-0 1-0 2-1 3-2", "6-1 5-0 4-1 6-3", "5-2 6-5 4-0 5-3",
                      "4-3 6-4 2-0 6-2"], setter=0)
    act(hand, "set 0-0", "announce 11 matador first=0:4 change", "6-1@0>6", "5-2@0>5",
        "4-3@0>4")
    arms = hand.layout.to_json()["arms"]
    assert [(a["end"], a["label"], a["locked"], a["matador_left"], a["dead"]) for a in arms] \
        == [(4, "3", None, False, False), (0, "M", "R57", False, False)]


def test_r57c_r62_but_dead_when_the_side_the_change_waits_for_is_itself_stuck() -> None:
    """Four tiles must go on the 4-side before the change (R57b, R57c), but that side ends
    in a blank and every matador is down (a 0-0 out of turn, R9): the change can never
    come, and both sides are dead."""
    hand = make_hand(["6-5 5-4 3-1 2-1", "0-0 6-1 6-3 2-0", "5-2 6-4 3-2 4-1",
                      "5-0 6-2 4-0 3-0"], boneyard="4-3", setter=0)
    act(hand, "draw", "announce 11 matador first=0:4 change", "0-0@1>0", "6-1@0>6",
        "5-2@0>2", "5-0@0>0")
    arms = hand.layout.to_json()["arms"]
    assert [(a["end"], a["label"], a["locked"], a["matador_left"], a["dead"]) for a in arms] \
        == [(0, "M", None, False, True), (0, "M", "R57", False, True)]


def test_r52_triangle_player_without_matador_must_draw() -> None:
    hand = act(make_hand(["0-0 1-0 2-2 3-1", "6-6 1-1 5-0 6-3", "5-2 6-1 4-1 2-1",
                          "4-3 3-3 5-4 6-2"], setter=0), "set 0-0", "announce 13")
    assert [str(a) for a in hand.legal_actions()] == ["draw"]


def test_r53_triangle_double_cross_sum_seven_double_first() -> None:
    hand = open_triangle(14)
    assert plays(hand) == norm({"2-2@1>2"})
    assert bad(hand, "1-0@0>0") == "R53"
    assert bad(hand, "3-1@2>1") == "R53"
    act(hand, "2-2@1>2")
    assert plays(hand) == norm({"1-1@0>1", "5-0@1>0"})  # arm 1 goes on before the others


def test_r54_triangle_then_ordinary() -> None:
    hand = open_triangle(15, outs="1 2 3")
    assert plays(hand) == norm({"1-0@0>0", "3-1@0>3", "2-2@1>2", "3-1@2>1"})


def test_r55_triangle_then_blank_ended_fourth_side_then_ordinary_cross() -> None:
    hand = act(make_hand(TRIANGLE, setter=0), "set 0-0", "announce 16")
    assert hand.layout.plan.arms == 4
    assert bad(hand, "5-0@3>5") == "R55"  # the fourth side waits for the matadors
    act(hand, "6-1@0>1", "5-2@1>2")
    assert bad(hand, "6-2@3>6") == "R55"
    act(hand, "4-3@2>3")
    assert plays(hand) == norm({"1-0@3>1"})  # only a blank-ended tile, ordinary on the 0
    assert bad(hand, "2-2@1>2") == "R55"  # no arm extended before the fourth side
    act(hand, "1-0@3>1")
    assert hand.layout.ends == [1, 2, 3, 1]
    assert plays(hand) == norm({"1-1@0>1", "1-1@3>1", "6-3@2>6"})


# ----------------------------------------------------------------------------- R56
@pytest.mark.parametrize("shape", ["cross", "doublecross"])
def test_r56_game17_named_side_then_opposite_matador_then_others_ordinary(shape: str) -> None:
    hand = make_hand(["5-5 5-0 6-3 4-1", "2-6 5-4 6-1 1-0", "2-4 5-3 3-1 6-0", "5-6 2-1 4-0 3-0"],
                     setter=0)
    act(hand, "set 5-5", f"announce 17 {shape} here=1")
    plan = hand.layout.plan
    assert (plan.arms, plan.opening, plan.then) == (4, (ORD, MAT, ORD, MAT), (ORD,) * 4)
    assert plays(hand) == norm({"2-6@1>6", "6-1@1>6", "6-1@1>1"})  # the named east arm, matador
    assert bad(hand, "5-4@0>4") == "R56"
    act(hand, "2-6@1>6")
    assert plays(hand) == norm({"2-4@3>4"})  # the opposite arm, matador
    assert bad(hand, "5-3@0>3") == "R56"
    act(hand, "2-4@3>4")
    assert plays(hand) == norm({"5-6@0>6", "5-6@2>6"})  # then the other two, ordinary
    assert bad(hand, "5-6@1>5") == "R56"  # the cross gate
    act(hand, "5-6@0>6")
    assert plays(hand) == norm({"5-0@2>0"})
    act(hand, "5-0@2>0")
    assert hand.layout.ends == [6, 6, 0, 4]
    if shape == "cross":
        assert plays(hand) == norm({"6-1@0>1", "6-1@1>1", "1-0@2>1", "5-4@3>5"})
    else:  # each arm: its equal double first
        assert plays(hand) == set()
        assert bad(hand, "6-1@0>1") == "R56"


# ----------------------------------------------------------------------------- R57 note, R9
def test_r57_double_out_of_turn_ignores_a_and_counts_on_its_side() -> None:
    hand = make_hand(["6-2 4-1 2-0 1-0", "5-4 3-1 6-4 4-0", "3-3 5-6 2-1 1-1", "6-6 5-0 3-2 2-2"],
                   boneyard="5-3", setter=0)
    act(hand, "draw", "announce 11 ordinary here=0")
    assert hand.phase is Phase.OUT_OF_TURN and hand.current == 2
    assert plays(hand) == norm({"3-3@1>3"})  # the 'there' side, out of order (R9)
    act(hand, "3-3@1>3")
    assert hand.ledger[-1][1:] == (0, 2, 3, "R9")  # paid by the player on set
    assert (hand.phase, hand.current) == (Phase.PLAY, 1)
    assert plays(hand) == norm({"5-4@0>4"})  # the named side is still owed its tile
    assert bad(hand, "3-1@1>1") == "R57"
    act(hand, "5-4@0>4")  # both sides have a tile: condition (a) is met
    assert [str(a) for a in hand.legal_actions()] == ["wait"]  # R10: the 3-side is open


def test_r57_double_out_of_turn_counts_toward_n_first() -> None:
    hand = make_hand(["6-2 4-1 2-0 1-0", "5-4 3-1 6-4 4-0", "5-5 5-6 2-1 1-1", "6-6 5-0 3-2 2-2"],
                   boneyard="5-3", setter=0)
    act(hand, "draw", "announce 11 ordinary first=0:2", "5-5@0>5")
    assert plays(hand) == norm({"5-4@0>4"})
    act(hand, "5-4@0>4")  # the 5-5 and the 5-4: two tiles on the 5-side
    assert hand.layout.lengths == [2, 0]
    assert [str(a) for a in hand.legal_actions()] == ["wait"]
    act(hand, "wait")
    assert plays(hand) == norm({"3-2@1>2"})  # the 3-side is open


def test_r57_pagat_4_2_example_wait_only_once_the_locked_side_opens() -> None:
    # A draws 4-2, announces ordinary, 3 first on the 2-side; C plays 4-4 at once.
    hand = make_hand(["6-4 5-1 3-1 5-0", "6-2 0-0 5-4 1-0", "4-4 6-3 4-1 2-1", "3-0 5-2 1-1 6-5"],
                   boneyard="4-2", setter=0)
    act(hand, "draw", "announce 11 ordinary first=1:3")
    assert plays(hand) == norm({"4-4@0>4"})
    act(hand, "4-4@0>4")
    assert hand.ledger[-1][1:] == (0, 2, 4, "R9")
    act(hand, "6-2@1>6")  # B
    assert plays(hand) == norm({"6-3@1>3"})  # C plays normally: the 4-side is still locked
    assert bad(hand, "4-1@0>1") == "R57"
    act(hand, "6-3@1>3", "3-0@1>0", "6-4@0>6", "0-0@1>0")  # C, D, A on the 4-side, B
    assert (hand.current, [str(a) for a in hand.legal_actions()]) == (2, ["wait"])
    act(hand, "wait")
    assert hand.current == 3 and hand.waits[2] == []


def test_r57_volapuk_double_out_of_turn_ignores_n_first() -> None:
    hand = make_hand(["6-3 4-2 2-0 5-1", "6-4 6-2 5-0 3-1", "6-6 4-0 3-2 2-1", "4-1 5-4 3-0 6-5"],
                   boneyard="6-1", setter=0)
    act(hand, "draw", "announce 12 line ordinary=0 first=0:3")
    # 6-6 fits both the ordinary 6-side and the matador 1-side (1+6), whatever (b) says.
    assert plays(hand) == norm({"6-6@0>6", "6-6@1>6"})
    act(hand, "6-6@1>6")
    act(hand, "6-4@0>4")
    assert plays(hand) == norm({"4-0@0>0"})  # the 1-side is locked: no wait owed yet
    act(hand, "4-0@0>0", "3-0@0>3")
    assert hand.layout.lengths == [3, 1]
    act(hand, "6-3@0>6", "6-2@0>2")
    assert [str(a) for a in hand.legal_actions()] == ["wait"]


def test_r9_game17_double_out_of_turn_ignores_r56_order() -> None:
    hand = make_hand(["5-5 5-0 6-3 4-1", "2-6 5-4 6-1 1-0", "2-2 5-3 3-1 6-0", "5-6 2-1 4-0 3-0"],
                     setter=0)
    act(hand, "set 5-5", "announce 17 cross here=0")
    assert plays(hand) == norm({"2-2@0>2", "2-2@2>2"})  # the matador arms only, either order
    act(hand, "2-2@2>2")
    assert plays(hand) == norm({"2-6@0>6", "6-1@0>6", "6-1@0>1"})  # the named arm still comes next


def test_r45_r61_a_matador_arm_whose_double_is_laid_takes_only_a_matador() -> None:
    """Game 6 on the 6-6: a matador arm whose first tile leaves a 1 needs the double adding
    up to 7 first, the 6-6, which is the set tile: only a matador can come (R45, R61), and
    the end says M, not 6-6."""
    hand = make_hand(["6-6 5-4 3-1 2-0", "6-1 5-3 4-2 3-0", "5-0 4-1 2-1 6-3",
                      "6-4 5-1 4-0 3-2"], setter=0)
    act(hand, "set 6-6", "announce 6")
    while hand.phase is not Phase.PLAY:
        act(hand, "decline")
    assert hand.current == 1
    act(hand, "6-1@0>1")
    arm = hand.layout.to_json()["arms"][0]
    assert arm["end"] == 1 and arm["needs_double"] and arm["label"] == "M"
    assert not arm["dead"]  # (a matador still fits)
