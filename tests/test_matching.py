"""Matching (R60–R62), checked exhaustively against a model written from the rulings, both in
``nos.matching`` and through the legal plays of real hands; and refusals of illegal actions
(R70): the right ``IllegalAction`` subclass and ruling, and nothing changed."""

from __future__ import annotations

import random

import pytest
from helpers import MATADORS, act, make_hand, model, plays, refused, snapshot, to_play

from nos import ALL_TILES, Deal, Hand, IllegalAction, Matching, Phase, Tile, parse_action
from nos import errors as e
from nos.matching import MATCHINGS, fits, outward_ends

ORD, MAT = Matching.ORDINARY, Matching.MATADOR
def blank_facing_in(tile: Tile, end: int, matching: Matching, out: int) -> bool:
    """A blank tile that fits under matador, played with its blank inward (R62)."""
    return (matching is MAT and tile.low == 0 and tile not in MATADORS and out == tile.high
            and bool(model(tile, end, MAT)))


def expected_rule(tile: Tile, end: int, matching: Matching, out: int) -> str:
    """The ruling that forbids playing ``tile`` on ``end`` with ``out`` facing outward."""
    if matching is ORD:
        return "R60"
    if end == 0 and tile not in MATADORS or blank_facing_in(tile, end, matching, out):
        return "R62"
    return "R61"


# ----------------------------------------------------------------------------- the table
@pytest.mark.parametrize("matching", MATCHINGS, ids=str)
def test_r60_r62_outward_ends_exhaustive(matching: Matching) -> None:
    for tile in ALL_TILES:
        for end in range(7):
            outs = outward_ends(tile, end, matching)
            assert len(outs) == len(set(outs)), (tile, end)
            assert set(outs) == model(tile, end, matching), (tile, end)
            assert fits(tile, end, matching) == bool(outs)


def test_r60_ordinary_equal_ends_and_doubles() -> None:
    assert outward_ends(Tile(5, 3), 5, ORD) == (3,)
    assert outward_ends(Tile(5, 3), 3, ORD) == (5,)
    assert outward_ends(Tile(5, 3), 2, ORD) == ()  # 5+2 = 7 means nothing here
    assert outward_ends(Tile(4, 4), 4, ORD) == (4,)
    assert outward_ends(Tile(5, 0), 0, ORD) == (5,)  # blanks are ordinary numbers
    assert outward_ends(Tile(0, 0), 0, ORD) == (0,)


def test_r60_matadors_are_ordinary_tiles_under_ordinary_matching() -> None:
    for tile in MATADORS:
        for end in range(7):
            assert fits(tile, end, ORD) == tile.has(end)


def test_r61_touching_ends_add_up_to_seven() -> None:
    assert outward_ends(Tile(5, 3), 2, MAT) == (3,)
    assert outward_ends(Tile(5, 3), 4, MAT) == (5,)
    assert outward_ends(Tile(5, 3), 5, MAT) == ()
    assert outward_ends(Tile(3, 3), 4, MAT) == (3,)  # a double: 3+4
    assert outward_ends(Tile(6, 6), 6, MAT) == ()


def test_r61_matadors_wild_with_outward_choice() -> None:
    for end in range(7):
        assert set(outward_ends(Tile(6, 1), end, MAT)) == {6, 1}
        assert set(outward_ends(Tile(5, 2), end, MAT)) == {5, 2}
        assert set(outward_ends(Tile(4, 3), end, MAT)) == {4, 3}
        assert outward_ends(Tile(0, 0), end, MAT) == (0,)


def test_r62_only_matadors_on_a_blank_end() -> None:
    assert {t for t in ALL_TILES if fits(t, 0, MAT)} == MATADORS


def test_r62_blank_tiles_face_out() -> None:
    for x in range(1, 7):
        tile = Tile(x, 0)
        for end in range(7):
            expected = (0,) if end == 7 - x else ()
            assert outward_ends(tile, end, MAT) == expected


# ----------------------------------------------------------------------------- real hands
def chunks() -> list[list[Tile]]:
    """Five-tile groups covering all 28 tiles."""
    tiles = list(ALL_TILES)
    return [(tiles + tiles)[i:i + 5] for i in range(0, 28, 5)]


def line_hand(set_tile: Tile, game: str, seat1: list[Tile]) -> Hand:
    """Three players; seat 0 sets ``set_tile`` (from the hand if a double, else drawn) and
    announces ``game``; seat 1 holds ``seat1`` and is to play."""
    rest = [t for t in ALL_TILES if t != set_tile and t not in seat1]
    if set_tile.is_double:
        setter = [set_tile] + [t for t in rest if not t.is_double][:4]
    else:
        setter = [t for t in rest if not t.is_double][:5]
    rest = [t for t in rest if t not in setter]
    top = [] if set_tile.is_double else [set_tile]
    deal = Deal.build([setter, seat1, rest[:5]], boneyard=top + rest[5:])
    hand = Hand(deal, setter=0)
    hand.apply(parse_action(f"set {set_tile}" if set_tile.is_double else "draw"))
    hand.apply(parse_action(f"announce {game}"))
    return to_play(hand)


GAMES = [("1", ORD), ("4", MAT), ("2", ORD), ("5", MAT)]


@pytest.mark.parametrize(("game", "matching"), GAMES, ids=[g for g, _ in GAMES])
def test_r60_r62_legal_plays_of_real_hands_follow_the_model(game: str, matching: Matching) -> None:
    cross = game in ("2", "5")
    for set_tile in ALL_TILES:
        if cross and not set_tile.is_double or game == "5" and set_tile == Tile(0, 0):
            continue
        for chunk in chunks():
            seat1 = [t for t in chunk if t != set_tile]
            seat1 += [t for t in ALL_TILES if t not in seat1 and t != set_tile][:5 - len(seat1)]
            hand = line_hand(set_tile, game, seat1)
            assert hand.current == 1
            ends = hand.layout.ends
            expected = {f"{t}@{arm}>{o}" for t in seat1 for arm, end in enumerate(ends)
                        for o in model(t, end, matching)}
            assert plays(hand) == expected, (set_tile, game, seat1)
            for t in seat1:
                for arm, end in enumerate(ends):
                    for out in range(7):
                        if f"{t}@{arm}>{out}" not in expected:
                            rule = refused(hand, f"{t}@{arm}>{out}", e.IllegalPlay).rule
                            if blank_facing_in(t, end, matching, out):
                                continue  # see test_r62_blank_facing_in_is_refused_citing_r62
                            assert rule == expected_rule(t, end, matching, out), (t, end, out)


def test_r61_next_tile_on_a_matador_obeys_the_rule_in_force() -> None:
    hand = make_hand(["6-2 4-1 2-0 1-0", "6-1 3-1 5-5 5-0", "6-4 4-0 3-0 2-1", "6-6 6-5 3-2 5-4"],
                   boneyard="5-3", setter=0)
    act(hand, "draw", "announce 4", "6-1@0>6")  # the 6-1 on the 5 (wild), 6 outward
    assert plays(hand) == {"2-1@0>2", "6-4@1>6", "4-0@1>0"}  # 6+1 and 3+4


# ----------------------------------------------------------------------------- refusals
D4 = ["6-2 4-1 2-0 1-0", "5-4 3-1 6-4 4-0", "5-6 3-6 2-1 1-1", "6-6 5-0 3-2 2-2"]  # + 5-3 drawn


@pytest.mark.parametrize(("script", "action", "kind", "rule"), [
    ("draw; announce 1", "6-4@0>4", e.IllegalPlay, "R60"),
    ("draw; announce 1", "5-4@0>5", e.IllegalPlay, "R60"),  # the matching end faces out
    ("draw; announce 1", "6-2@0>2", e.IllegalPlay, "R11"),  # seat 1 does not hold it
    ("draw; announce 1", "5-4@2>4", e.IllegalPlay, "R11"),  # no arm 2 on a line
    ("draw; announce 4", "5-4@0>4", e.IllegalPlay, "R61"),
    ("draw; announce 4; 4-0@1>0", "2-1@1>1", e.IllegalPlay, "R62"),  # a blank end
    ("draw; announce 11 ordinary first=0:2", "3-1@1>1", e.IllegalPlay, "R57"),
    ("draw; announce 1", "pass", e.IllegalPass, "R12"),  # can play
    ("draw; announce 1", "wait", e.IllegalWait, "R10"),  # owes no wait
    ("draw; announce 1", "announce 4", e.WrongPhase, "R11"),
    ("draw; announce 1", "decline", e.WrongPhase, "R11"),
    ("draw", "5-4@0>4", e.WrongPhase, "R7"),
    ("draw", "announce 2", e.IllegalAnnouncement, "R7"),  # a cross needs a double set
    ("", "set 6-2", e.IllegalSet, "R5"),  # no double: draw the set tile
    ("", "set 5-5", e.IllegalSet, "R4"),  # not held
    ("", "5-4@0>4", e.WrongPhase, "R4"),
])
def test_r70_illegal_actions_refused_and_nothing_changes(
    script: str, action: str, kind: type[IllegalAction], rule: str
) -> None:
    hand = make_hand(D4, boneyard="5-3", setter=0)
    for step in filter(None, script.split("; ")):
        act(to_play(hand), step)  # doubles out of turn are declined
    error = refused(to_play(hand), action, kind)
    assert error.rule == rule and error.reason
    assert isinstance(error, ValueError)


def test_r62_blank_facing_in_is_refused_citing_r62() -> None:
    hand = to_play(act(make_hand(D4, boneyard="5-3", setter=0), "draw", "announce 4"))
    assert plays(hand) == {"4-0@1>0", "5-4@1>5", "6-4@1>6"}  # 3+4; the blank faces out
    assert refused(hand, "4-0@1>4", e.IllegalPlay).rule == "R62"


def test_r5_r4_setting_refusals() -> None:
    later = make_hand(["6-6 4-1 2-0 1-0", "5-4 3-1 6-4 4-0", "5-6 3-6 2-1 1-1", "5-5 5-0 3-2 2-2"],
                      setter=0)
    assert refused(later, "draw", e.IllegalSet).rule == "R5"  # holds a double: must set it
    assert refused(later, "set 4-1", e.IllegalSet).rule == "R5"
    first = make_hand(["1-1 4-1 2-0 6-6", "5-4 3-1 6-4 4-0", "5-6 3-6 2-1 3-3", "5-5 5-0 3-2 2-2"],
                    setter=None)
    assert first.setter == 0
    assert refused(first, "set 1-1", e.IllegalSet).rule == "R4"  # the highest double


def test_r11_r12_draw_and_pass_refusals() -> None:
    hand = act(make_hand(D4, boneyard="5-3", setter=0), "draw", "announce 1")
    assert refused(hand, "pass", e.IllegalPass).rule == "R12"
    for _ in range(len(hand.stack) - 2):  # seat 1 draws down to the last two
        act(hand, "draw")
    assert len(hand.stack) == 2
    assert refused(hand, "draw", e.IllegalDraw).rule == "R11"
    assert refused(hand, "pass", e.IllegalPass).rule == "R12"  # still holds a playable tile


def test_r12_pass_while_tiles_can_be_drawn() -> None:
    hand = act(make_hand(["6-2 4-1 2-0 1-0", "6-4 2-1 6-6 4-0", "5-6 3-6 3-1 1-1",
                          "5-4 5-0 3-2 2-2"], boneyard="5-3", setter=0), "draw", "announce 1")
    assert plays(hand) == set()
    assert refused(hand, "pass", e.IllegalPass).rule == "R12"


def test_r10_play_instead_of_an_owed_wait() -> None:
    hand = make_hand(["6-2 4-1 2-0 1-0", "6-4 3-1 2-1 4-0", "3-3 5-6 6-3 1-1", "6-6 5-0 3-2 2-2"],
                   boneyard="5-3", setter=0)
    act(hand, "draw", "announce 1", "3-3@1>3", "3-1@1>1")
    assert [str(a) for a in hand.legal_actions()] == ["wait"]
    assert refused(hand, "5-6@0>6", e.IllegalWait).rule == "R10"
    assert refused(hand, "draw", e.IllegalWait).rule == "R10"


def test_r9_out_of_turn_refusals() -> None:
    hand = make_hand(["6-2 4-1 2-0 1-0", "6-4 3-1 2-1 4-0", "3-3 5-6 6-3 1-1", "6-6 5-0 3-2 2-2"],
                   boneyard="5-3", setter=0)
    act(hand, "draw", "announce 1")
    assert hand.phase is Phase.OUT_OF_TURN and hand.current == 2
    assert refused(hand, "6-3@1>6", e.IllegalPlay).rule == "R9"  # not a double
    assert refused(hand, "1-1@1>1", e.IllegalPlay).rule == "R9"  # does not fit
    assert refused(hand, "3-3@0>3", e.IllegalPlay).rule == "R9"  # not on the 5-side
    assert refused(hand, "draw", e.WrongPhase).rule == "R9"


def test_r8_declaration_refusals() -> None:
    hand = act(make_hand(["6-2 4-1 2-0 1-0", "6-6 5-5 4-4 4-0", "5-6 3-6 3-1 1-1",
                          "5-4 5-0 3-2 2-2"], boneyard="5-3", setter=0), "draw", "announce 1")
    assert hand.phase is Phase.DECLARE and hand.current == 1
    assert refused(hand, "declare 6-6 5-5", e.IllegalDeclaration).rule == "R8"  # 2 pay nothing
    assert refused(hand, "declare 6-6 5-5 3-3", e.IllegalDeclaration).rule == "R8"  # not held
    assert refused(hand, "5-4@0>4", e.WrongPhase).rule == "R8"


def test_r14_claim_without_house_rule_h2() -> None:
    hand = act(make_hand(D4, boneyard="5-3", setter=0), "draw", "announce 1", "3-1@1>1")
    assert refused(hand, "1-1@1>1 claim", e.IllegalClaim).rule == "R14"


def test_r20_nothing_after_the_hand_is_over() -> None:
    hand = act(make_hand(["6-6 6-5 6-4 6-3", "5-5 5-4 5-3 5-2", "4-4 4-3 4-2 4-1",
                          "3-3 3-2 3-1 3-0"], boneyard="2-2", setter=0), "set 6-6", "announce 1")
    rng = random.Random(1)
    while not hand.over:
        hand.apply(rng.choice([a for a in hand.legal_actions() if not getattr(a, "close", 0)]))
    before = snapshot(hand)
    for text in ("draw", "pass", "wait", "6-2@0>2", "announce 1"):
        with pytest.raises(e.NotYourTurn) as info:
            hand.apply(parse_action(text))
        assert info.value.rule == "R20"
    assert snapshot(hand) == before
