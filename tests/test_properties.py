"""Properties of random legal play, for each of the 17 games (R40–R56) and 3, 4 and 5 players.

The game is forced by scripting the set: the player on set holds the set tile the game needs
(a double; 0-0 for the triangles) or, for a line game on a non-double, holds no double and draws
it (R5); the announcement is then picked from ``legal_announcements``. After every action:
the chips still sum to 500·n (R1, R23); each of the 28 tiles is in exactly one place (a hand, the
boneyard, the layout); every action in ``legal_actions()`` applies; actions outside it are
refused with an ``IllegalAction`` and change nothing (R70). Every hand ends (R20). In the turns
and out of turn, the legal actions also equal those of an independent model of the rulings
(``arm_rule``: R9–R12, R40–R57, R60–R62), and every legal play respects the cross gate."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import MATADORS, model, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nos import (
    ALL_TILES,
    Announce,
    Deal,
    Declare,
    Hand,
    IllegalAction,
    Phase,
    Play,
    Set,
    Tile,
    legal_announcements,
    parse_action,
)
from nos.actions import DECLINE, DRAW, PASS, WAIT, Action
from nos.deal import HAND_SIZE
from nos.matching import Matching

ORD, MAT = Matching.ORDINARY, Matching.MATADOR

DOUBLES = [t for t in ALL_TILES if t.is_double]
ANNOUNCEMENTS = sorted({a for t in ALL_TILES for a in legal_announcements(t)}, key=str)
MAX_ACTIONS = 1000


def set_tile_for(game: int, rng: random.Random) -> Tile:
    """A set tile on which ``game`` may be announced (R40–R56)."""
    if game in (13, 14, 15, 16):
        return Tile(0, 0)
    if game in (5, 6, 9, 10):
        return rng.choice(DOUBLES[1:])
    if game in (2, 3, 7, 8, 17):
        return rng.choice(DOUBLES)
    return rng.choice(ALL_TILES)


def forced_hand(players: int, game: int, rng: random.Random) -> tuple[Hand, list[Action]]:
    """A hand whose setter can set a tile for ``game``, with the actions that set it and
    announce a random legal variant of the game."""
    size = HAND_SIZE[players]
    set_tile = set_tile_for(game, rng)
    rest = [t for t in ALL_TILES if t != set_tile]
    rng.shuffle(rest)
    if set_tile.is_double:
        setter_tiles = [set_tile] + rest[:size - 1]
        rest = rest[size - 1:]
        top: list[Tile] = []
    else:  # no double in hand: the setter must draw the set tile (R5)
        setter_tiles = [t for t in rest if not t.is_double][:size]
        rest = [t for t in rest if t not in setter_tiles]
        top = [set_tile]
    setter = rng.randrange(players)
    others = [rest[i * size:(i + 1) * size] for i in range(players - 1)]
    hands = others[:setter] + [setter_tiles] + others[setter:]
    deal = Deal.build(hands, boneyard=top + rest[(players - 1) * size:])
    hand = Hand(deal, setter=setter)
    games = [a for a in legal_announcements(set_tile) if a.game == game]
    first: Action = Set(set_tile) if set_tile.is_double else DRAW
    return hand, [first, Announce(rng.choice(games))]


def check_invariants(hand: Hand) -> None:
    assert sum(hand.chips) == 500 * hand.players  # R1, R23
    on_table = hand.layout.tiles() if hand.layout else (
        [hand.set_tile] if hand.set_tile else [])
    places = Counter([t for h in hand.hands for t in h] + list(hand.stack) + on_table)
    assert set(places) == set(ALL_TILES) and set(places.values()) == {1}
    for seat, declared in enumerate(hand.declared):
        assert all(t in hand.hands[seat] for t in declared)  # R8: face up until played


def check_geometry(hand: Hand, play: Play) -> None:
    """Every legal play respects the cross gate and the double-cross rule (R40–R56)."""
    layout = hand.layout
    plan = layout.plan
    lengths = layout.lengths
    assert play.tile in hand.hands[hand.current]
    assert play.out in (play.tile.high, play.tile.low)
    if plan.cross_gate and lengths[play.arm]:
        assert all(lengths), "an arm was extended before every opening tile was placed"
    game, first = plan.announcement.game, lengths[play.arm] == 0
    if game in (13, 14, 15, 16) and play.arm < 3 and first:
        assert play.tile in MATADORS - {Tile(0, 0)}  # R52: 6-1, 5-2, 4-3 on the 0-0
    if game == 16 and play.arm == 3 and first:  # R55: the blank-ended fourth side, last
        assert all(lengths[:3]) and play.tile.low == 0 and play.out == play.tile.high
    if plan.double_cross and lengths[play.arm] == 1:
        matching = plan.accepts(lengths, play.arm)[0]
        assert play.tile.is_double or (matching is Matching.MATADOR and play.tile in MATADORS)


def arm_rule(hand: Hand, arm: int, free_order: bool = False) -> tuple[Matching, bool] | None:
    """The matching for the next tile on ``arm`` and whether it must be a double, or None if
    the arm is closed now: the table of R40–R57, written independently of ``nos.games``."""
    a, lengths = hand.announcement, hand.layout.lengths
    g, k, n_arms = a.game, lengths[arm], len(lengths)
    line = n_arms == 2
    if not free_order:
        if line and a.here is not None:  # R57a: the named side, then the other
            order = [a.here, 1 - a.here]
            nxt = next((s for s in order if not lengths[s]), None)
            if nxt is not None and arm != nxt:
                return None
        if a.first is not None and arm != a.first and lengths[a.first] < a.count:
            return None  # R57b
        if g == 17:  # R56: the named arm, then the opposite one
            nxt = next((s for s in (a.here, (a.here + 2) % 4) if not lengths[s]), None)
            if nxt is not None and arm != nxt:
                return None
        if g == 16 and arm == 3 and not all(lengths[:3]):
            return None  # R55
        if not line and k and not all(lengths):
            return None  # the cross gate
    if g in (1, 4, 11) or (g == 12 and line):
        if g == 12:
            m = ORD if arm == a.ordinary else MAT
        else:
            m = {1: ORD, 4: MAT}.get(g, a.matching)
        met = (a.first is None or lengths[a.first] >= a.count) and (
            a.here is None or all(lengths))
        return (m.other if a.change and met else m), False
    opening, then, double = {
        2: (ORD, ORD, False), 3: (ORD, ORD, True), 5: (MAT, MAT, False), 6: (MAT, MAT, True),
        7: (ORD, MAT, False), 8: (ORD, MAT, True), 9: (MAT, ORD, False), 10: (MAT, ORD, True),
        13: (MAT, MAT, False), 14: (MAT, MAT, True), 15: (MAT, ORD, False),
        16: (MAT, ORD, False),
    }.get(g, (ORD, ORD, a.shape == "double cross"))
    if g == 12:
        opening = then = ORD if arm % 2 == a.ordinary else MAT
    if g == 17:
        opening = MAT if arm in (a.here, (a.here + 2) % 4) else ORD
    if g == 16 and arm == 3:
        opening = ORD
    return (then if k else opening), double and k == 1


def model_plays(hand: Hand, seat: int, free_order: bool = False) -> set[Play]:
    out = set()
    for arm, end in enumerate(hand.layout.ends):
        rule = arm_rule(hand, arm, free_order)
        if rule is None:
            continue
        m, double = rule
        for t in hand.hands[seat]:
            if double and not (t.is_double or (m is MAT and t in MATADORS)):
                continue
            out |= {Play.of(t, arm, o) for o in model(t, end, m)}
    return out


def model_legal(hand: Hand) -> set[Action] | None:
    """The legal actions in the turns and out of turn (R9–R12), from the model above."""
    seat = hand.current
    if hand.phase is Phase.OUT_OF_TURN:  # R9: doubles on free sides, side order ignored
        free = {p for p in model_plays(hand, seat, free_order=True)
                if p.tile.is_double and not hand.layout.lengths[p.arm]}
        return free | {DECLINE}
    if hand.phase is not Phase.PLAY:
        return None
    if any(arm_rule(hand, arm) is not None for arm in hand.waits[seat]):
        return {WAIT}  # R10
    plays = model_plays(hand, seat)
    actions: set[Action] = plays | {Play.of(p.tile, p.arm, p.out, close=True) for p in plays}
    if len(hand.stack) > 2:
        actions.add(DRAW)  # R11
    elif not plays:
        actions.add(PASS)  # R12
    return actions


def random_action(rng: random.Random) -> Action:
    """A random action of any kind, legal or not."""
    kind = rng.randrange(8)
    tile = rng.choice(ALL_TILES)
    if kind < 3:
        return Play.of(tile, rng.randrange(5), rng.randrange(7), close=rng.random() < 0.2,
                       claim=rng.random() < 0.1)
    if kind == 3:
        return Set(tile)
    if kind == 4:
        return Declare(rng.sample(DOUBLES, rng.choice([2, 3, 4, 5])))
    if kind == 5:
        return Announce(rng.choice(ANNOUNCEMENTS))
    return rng.choice([DRAW, PASS, WAIT, DECLINE])


def play_out(hand: Hand, script: list[Action], rng: random.Random) -> None:
    """Random legal play to the end, checking every property after every action."""
    for _ in range(MAX_ACTIONS):
        check_invariants(hand)
        legal = hand.legal_actions()
        if hand.over:
            assert legal == [] and hand.counts is not None
            return
        expected = model_legal(hand)
        if expected is not None:
            assert set(legal) == expected and len(legal) == len(expected)
        before = snapshot(hand)
        for action in legal:  # every legal action applies (to a copy; the original stays)
            trial = hand.copy()
            trial.apply(action)
            check_invariants(trial)
            if hand.phase is Phase.PLAY and type(action) is Play:
                check_geometry(hand, action)
        for _ in range(6):  # anything else is refused and changes nothing (R70)
            wrong = random_action(rng)
            if wrong in legal:
                continue
            with pytest.raises(IllegalAction) as info:
                hand.apply(wrong)
            assert isinstance(info.value, ValueError) and info.value.rule
            assert parse_action(str(wrong)) == wrong
        assert snapshot(hand) == before
        if script:
            action = script.pop(0)
        else:
            plain = [a for a in legal if not (type(a) is Play and a.close)]
            action = rng.choice(legal if not plain or rng.random() < 0.03 else plain)
        hand.apply(action)
    pytest.fail(f"the hand did not end within {MAX_ACTIONS} actions: {hand!r}")


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("game", range(1, 18))
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_r40_r56_random_legal_play_keeps_every_invariant(
    players: int, game: int, seed: int
) -> None:
    rng = random.Random(seed)
    hand, script = forced_hand(players, game, rng)
    assert hand.legal_actions().count(script[0]) == 1
    play_out(hand, script, rng)
    assert hand.announcement is not None and hand.announcement.game == game
    assert hand.end_reason in ("R20a", "R20c", "R18")


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([3, 4, 5]))
def test_r4_first_hands_from_shuffled_deals(seed: int, players: int) -> None:
    rng = random.Random(seed)
    deal = Deal.shuffled(players, rng)
    if not deal.has_double():
        with pytest.raises(ValueError):
            Hand(deal)  # R4: redeal
        return
    play_out(Hand(deal), [], rng)
