"""The computer players (nos.bots): legal play in every game (R40–R56) and player count, a legal
announcement on every set tile (R7), payments never missed (R8, R14 under H2), no wrong closes
by beginner and club (R19), a reproducible expert, and hidden information kept hidden (R71)."""

from __future__ import annotations

import gc
import random
import types

import pytest

from nos import ALL_TILES, Announce, Deal, Hand, Options, Play, Set, legal_announcements
from nos.actions import DRAW, Action
from nos.bots import LEVELS, Bot, get_bot
from nos.bots.base import plain_plays, sure_close, view_of
from nos.bots.expert import halving_width
from nos.deal import HAND_SIZE
from nos.observation import Observation
from nos.phase import Phase
from nos.tiles import Tile

DOUBLES = [t for t in ALL_TILES if t.is_double]
FAST = {"iterations": 2, "top_k": 2}  # a tiny expert, for speed
SEARCH = ("pimc", "expert")  # the levels that search (nos/bots/expert.py)


def bot(level: str) -> Bot:
    return get_bot(level, **FAST) if level in SEARCH else get_bot(level)


def forced_hand(players: int, set_tile: Tile, rng: random.Random,
                options: Options | None = None) -> Hand:
    """A later hand whose setter sets ``set_tile``: held if a double, else drawn (R5)."""
    size = HAND_SIZE[players]
    rest = [t for t in ALL_TILES if t != set_tile]
    rng.shuffle(rest)
    if set_tile.is_double:
        mine, top = [set_tile] + rest[:size - 1], []
    else:
        mine, top = [t for t in rest if not t.is_double][:size], [set_tile]
    rest = [t for t in rest if t not in mine]
    setter = rng.randrange(players)
    others = [rest[i * size:(i + 1) * size] for i in range(players - 1)]
    deal = Deal.build(others[:setter] + [mine] + others[setter:],
                      boneyard=top + rest[(players - 1) * size:])
    return Hand(deal, setter=setter, options=options)


def scripted_set(hand: Hand, set_tile: Tile, game: Announce | None = None) -> None:
    """Set ``set_tile`` (R5: set from the hand, or drawn) and announce ``game``."""
    hand.apply(Set(set_tile) if set_tile.is_double else DRAW)
    assert hand.set_tile == set_tile
    if game is not None:
        hand.apply(game)


def play_out(hand: Hand, bots: list[Bot], rng: random.Random) -> list[tuple[Observation,
                                                                            Action]]:
    """Every seat plays with its bot through the checked ``apply`` (illegal raises, R70)."""
    taken = []
    while not hand.over:
        obs = Observation(hand, hand.current)
        action = bots[hand.current](obs, rng)
        assert action in obs.legal, (action, obs.legal)
        hand.apply(action)
        taken.append((obs, action))
        assert len(taken) < 1000
    return taken


GAMES = {
    Tile(0, 0): legal_announcements(Tile(0, 0)),  # games 1-4, 7, 8, 11-17 on the double blank
    Tile(5, 5): legal_announcements(Tile(5, 5)),  # 1-12, 17 on a double
    Tile(5, 3): legal_announcements(Tile(5, 3)),  # line games on a drawn non-double
}


@pytest.mark.parametrize("level", ["beginner", "club"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_r40_r56_bots_play_legally_in_every_announcement(level: str, players: int) -> None:
    rng = random.Random(f"{level}-{players}")
    bots = [bot(level)] * players
    for set_tile, games in GAMES.items():
        for i, game in enumerate(games):
            options = Options(claim_doubles=i % 2 == 1)
            hand = forced_hand(players, set_tile, rng, options)
            scripted_set(hand, set_tile, Announce(game))
            play_out(hand, bots, rng)
            assert sum(hand.chips) == 500 * players


@pytest.mark.parametrize("players", [3, 4, 5])
def test_r40_r56_expert_plays_legally_in_every_game(players: int) -> None:
    rng = random.Random(f"expert-{players}")
    bots = [bot("expert"), bot("club"), bot("beginner"), bot("expert"), bot("club")][:players]
    for set_tile, games in GAMES.items():
        seen: set[int] = set()
        for game in games:
            if game.game in seen:
                continue
            seen.add(game.game)
            hand = forced_hand(players, set_tile, rng, Options(claim_doubles=game.game % 2 == 0))
            scripted_set(hand, set_tile, Announce(game))
            play_out(hand, bots, rng)


@pytest.mark.parametrize("level", LEVELS)
def test_r7_announcement_is_legal_for_every_set_tile(level: str) -> None:
    rng = random.Random(level)
    b = bot(level)
    for players in (3, 4, 5):
        # (the expert searches every game for each: each tile at one player count, 40 s)
        tiles = ALL_TILES[players % 3::3] if level == "expert" else ALL_TILES
        for set_tile in tiles:
            hand = forced_hand(players, set_tile, rng)
            scripted_set(hand, set_tile)
            assert hand.phase is Phase.ANNOUNCE
            obs = Observation(hand, hand.setter)
            action = b(obs, rng)
            assert type(action) is Announce and action in obs.legal
            hand.apply(action)


@pytest.mark.parametrize("level", LEVELS)
def test_whole_sessions_from_first_hands(level: str) -> None:
    """Sessions (first hand R4, then the loser on set R5) with the level in every seat."""
    from nos.record import play_session

    for players in (3, 4, 5):
        session = play_session(players, 7, 2 if level in SEARCH else 6, bot(level),
                               Options(claim_doubles=players == 4))
        assert sum(session.chips) == 500 * players


def _claims_and_closes(taken: list[tuple[Observation, Action]], level: str) -> None:
    for obs, action in taken:
        if type(action) is Play and action.tile.is_double and not action.claim:
            claim = Play(action.tile, action.arm, action.out, action.close, True)
            assert claim not in obs.legal, f"{level} missed an H2 claim: {action}"


@pytest.mark.parametrize("level", LEVELS)
def test_h2_claims_never_missed_and_no_wrong_close(level: str) -> None:
    rng = random.Random(f"h2-{level}")
    b = bot(level)
    for players in (3, 4, 5):
        for k in range(6 if level in SEARCH else 30):
            hand = forced_hand(players, rng.choice(ALL_TILES), rng, Options(claim_doubles=True))
            taken = play_out(hand, [b] * players, rng)
            _claims_and_closes(taken, level)
            if level not in SEARCH:  # the expert may take a close that is not sure (R19)
                assert not [p for p in hand.ledger if p.rule == "R19"], (level, k)


@pytest.mark.parametrize("level", ["beginner", "club"])
def test_r17_r18_sure_closes_are_right_and_always_taken(level: str) -> None:
    """Whenever public knowledge proves a play blocks the layout, the engine agrees (R17) and
    the bot announces a close (R18 pays 20 from each)."""
    rng = random.Random(f"close-{level}")
    b = bot(level)
    sure_seen = 0
    for k in range(150):
        hand = forced_hand(rng.choice([3, 4, 5]), rng.choice(ALL_TILES), rng)
        while not hand.over:
            obs = Observation(hand, hand.current)
            action = b(obs, rng)
            if obs.phase == "play":
                v = view_of(obs)
                sure = [p for p in plain_plays(obs.legal, v.claim) if sure_close(v, p)]
                for p in sure:
                    trial = hand.copy()
                    trial.apply(p.closing)
                    assert trial.over and trial.end_reason == "R18", (k, str(p))
                if sure:
                    sure_seen += 1
                    assert type(action) is Play and action.close
            hand.apply(action)
    assert sure_seen > 0


# ----------------------------------------------------------------------------- expert
def _decision_points(seed: int, players: int, count: int) -> list[Observation]:
    """Observations with several legal actions, from club self-play."""
    rng = random.Random(seed)
    club = bot("club")
    found: list[Observation] = []
    while len(found) < count:
        hand = forced_hand(players, rng.choice(ALL_TILES), rng)
        for obs, _ in play_out(hand, [club] * players, rng):
            if len(obs.legal) > 2 and obs.phase in ("play", "announce", "out of turn"):
                found.append(obs)
    return found[:count]


def test_expert_is_reproducible_from_its_seed() -> None:
    expert = get_bot("expert", iterations=4)
    for obs in _decision_points(11, 4, 12):
        assert expert(obs, random.Random(99)) == expert(obs, random.Random(99))
    hands = []
    for _ in range(2):
        rng = random.Random(5)
        hand = forced_hand(3, Tile(4, 4), random.Random(8))
        play_out(hand, [get_bot("expert", iterations=3), bot("club"), bot("club")], rng)
        hands.append(hand.actions_text())
    assert hands[0] == hands[1]


def _announce_point(seed: int, players: int) -> Observation:
    """The setter's observation when announcing on a set double (R7)."""
    hand = forced_hand(players, Tile(5, 5), random.Random(seed))
    hand.apply(Set(Tile(5, 5)))
    return Observation(hand, hand.current)


def test_r7_successive_halving_weighs_every_game_and_keeps_the_best_third() -> None:
    expert = get_bot("expert", set_top_k=80, set_halving=2, set_iterations=20)
    obs = _announce_point(3, 4)
    assert obs.phase == "announce"
    cands, values = expert.search(obs, random.Random(7))
    assert sorted(str(c[0]) for c in cands) == sorted(str(a) for a in obs.legal)
    # 80 games in 2 deals, the best 27 in 4 more, 9 in 8 more, 3 in the 6 deals left
    deals = sorted(len(v) for v in values)
    assert [deals.count(n) for n in (2, 6, 14, 20)] == [53, 18, 6, 3]
    finalists = [i for i, v in enumerate(values) if len(v) == 20]
    chosen = expert.pick(values, expert.caution_for(obs.phase))
    assert chosen == max(finalists, key=lambda i: sum(values[i]))  # the best mean (set_caution 0)
    # each round keeps the best third by mean over the same deals
    third = [i for i, v in enumerate(values) if len(v) >= 14]
    assert all(sum(values[i][:6]) >= sum(values[j][:6])
               for i in third for j in range(len(values)) if len(values[j]) == 6)
    assert expert(obs, random.Random(7)) == cands[chosen][0]


def test_r7_a_capped_halving_starts_with_as_many_games_as_its_time_can_halve() -> None:
    assert halving_width(1712, 8, 80) == 71  # uncapped, 200 deals: nearly all 80
    assert halving_width(600, 8, 80) == 25  # a slow browser's 0.9 s
    assert halving_width(10, 8, 80) == 2 and halving_width(10**6, 8, 80) == 80
    expert = get_bot("expert", seconds=0.3)
    obs = _announce_point(3, 4)
    cands, values = expert.search(obs, random.Random(7))
    assert len(cands) == 80 and all(len(v) >= 1 for v in values)  # every game timed once
    went_on = [i for i, v in enumerate(values) if len(v) > 1]
    assert went_on == list(range(len(went_on)))  # the best-scored ones, in the score's order
    assert expert.pick(values, 0.0) in went_on


# ----------------------------------------------------------------------------- R71
def _reachable(root: object) -> set[int]:
    """The ids of every object reachable from ``root`` (classes, modules and functions are
    shared code, not state, and are not followed)."""
    seen: set[int] = set()
    stack = [root]
    skip = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, skip):
            continue
        seen.add(id(obj))
        stack.extend(gc.get_referents(obj))
        for name in getattr(type(obj), "__slots__", ()):
            if hasattr(obj, name):
                stack.append(getattr(obj, name))
    return seen


def test_r71_observation_holds_no_hidden_state() -> None:
    rng = random.Random(4)
    club = bot("club")
    for players in (3, 4, 5):
        hand = forced_hand(players, rng.choice(DOUBLES), rng)
        while not hand.over:
            seat = hand.current
            obs = Observation(hand, seat)
            reach = _reachable(obs)
            hidden = [hand, hand.stack, hand.hands, hand.deal, hand.layout, hand.voids,
                      hand.history, hand.ledger, hand.declared, hand.waits]
            hidden += [*hand.hands, *hand.voids]
            assert not [x for x in hidden if x is not None and id(x) in reach]
            hand.apply(club(obs, rng))


def _permuted(hand: Hand, seat: int, rng: random.Random) -> Hand:
    """A copy of ``hand`` whose hidden tiles (the other hands' undeclared tiles and the
    boneyard order) are dealt again at random, keeping each hand's size and what passes showed
    (a seat keeps out of its void)."""
    for _ in range(200):
        other = hand.copy()
        pool = list(hand.stack)
        for s in range(hand.players):
            if s != seat:
                pool += [t for t in hand.hands[s] if t not in hand.declared[s]]
        rng.shuffle(pool)
        ok = True
        for s in range(hand.players):
            if s != seat:
                keep = [t for t in hand.hands[s] if t in hand.declared[s]]
                k = len(hand.hands[s]) - len(keep)
                other.hands[s] = keep + pool[:k]
                ok &= not set(pool[:k]) & hand.voids[s]
                pool = pool[k:]
        other.stack = pool
        if ok:
            return other
    return hand.copy()


@pytest.mark.parametrize("level", LEVELS)
def test_r71_choices_do_not_depend_on_hidden_tiles(level: str) -> None:
    rng = random.Random(21)
    b = get_bot(level, iterations=3) if level in SEARCH else bot(level)
    checked = 0
    for obs_hand in _hands_at_decisions(rng, 10 if level in SEARCH else 40):
        hand, seat = obs_hand
        obs = Observation(hand, seat)
        other = _permuted(hand, seat, rng)
        obs2 = Observation(other, seat)
        assert obs2.to_json() == obs.to_json()
        assert b(obs, random.Random(1)) == b(obs2, random.Random(1))
        checked += 1
    assert checked


def _hands_at_decisions(rng: random.Random, count: int) -> list[tuple[Hand, int]]:
    club = bot("club")
    out: list[tuple[Hand, int]] = []
    while len(out) < count:
        hand = forced_hand(rng.choice([3, 4, 5]), rng.choice(ALL_TILES), rng)
        while not hand.over and len(out) < count:
            obs = Observation(hand, hand.current)
            if len(obs.legal) > 1 and rng.random() < 0.3:
                out.append((hand.copy(), hand.current))
            hand.apply(club(obs, rng))
    return out


def test_get_bot_names_the_levels() -> None:
    assert {get_bot(level).level for level in LEVELS} == set(LEVELS)
    with pytest.raises(ValueError):
        get_bot("grandmaster")


def test_club_weights_are_parameters_and_default_to_the_club() -> None:
    """``Club(**weights)`` scores plays with those weights (arena seats such as
    ``club:open=15``, for tuning runs); the defaults are the club's own choices."""
    from nos.bots.club import CLUB, Club, Weights

    assert repr(Weights()) == repr(CLUB)
    plain, same, other = get_bot("club"), Club(**{k: getattr(CLUB, k) for k in
                                                   Weights.__slots__}), Club(open=0.0)
    differ = 0
    for seed in range(12):
        rng = random.Random(seed)
        hand = Hand(Deal.shuffled(4, rng), setter=0)
        while not hand.over:
            obs = Observation(hand, hand.current)
            pick = plain(obs, random.Random(seed))
            assert same(obs, random.Random(seed)) == pick
            if obs.phase == "play" and len(obs.legal) > 1:
                differ += other(obs, random.Random(seed)) != pick
            hand.apply(pick)
    assert differ > 0  # the weights matter
    with pytest.raises(TypeError):
        Club(opne=3.0)
