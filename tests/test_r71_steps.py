"""R71 in the declaration (R8) and out-of-turn (R9) steps: every seat gets each step, so the
public view — whose turn it is, the observations, the log and the computer players' pace — is
the same whether a seat declines a declaration or a double out of turn or has nothing to
declare or play (docs/interpretations.md). Tested as the bots' hidden-information test is:
the hidden tiles are dealt again so that one seat gains or loses its doubles."""

from __future__ import annotations

import json
import random

import pytest
from helpers import make_hand

from nos import Deal, Hand, Phase, Tile
from nos.actions import DECLINE
from nos.app import Table
from nos.observation import Observation

STEPS = (Phase.DECLARE, Phase.OUT_OF_TURN)


def without_doubles(hand: Hand, seat: int) -> Hand | None:
    """A copy of ``hand`` in which ``seat``'s doubles are swapped for non-doubles of the
    drawable boneyard (hidden from everyone else), or None if there are too few."""
    other = hand.copy()
    doubles = [t for t in other.hands[seat] if t.is_double]
    spare = [i for i in range(2, len(other.stack)) if not other.stack[i].is_double]
    if not doubles or len(spare) < len(doubles):
        return None
    for tile, i in zip(doubles, spare, strict=False):
        k = other.hands[seat].index(tile)
        other.hands[seat][k], other.stack[i] = other.stack[i], tile
    other._legal = None
    return other


def public(hand: Hand, seat: int) -> str:
    return json.dumps(Observation(hand, seat).to_json(), sort_keys=True)


def through_steps(a: Hand, b: Hand, hidden: int) -> int:
    """Decline every step in both worlds, checking that every seat but ``hidden`` sees the
    same at each; returns how many steps ``hidden`` had a real choice at in world ``a``."""
    choices = 0
    while a.phase in STEPS:
        assert b.phase is a.phase and b.current == a.current
        for seat in range(a.players):
            if seat != hidden:
                assert public(a, seat) == public(b, seat)
        if a.current == hidden and len(a.legal_actions()) > 1:
            choices += 1
        a.apply(DECLINE)
        b.apply(DECLINE)
    assert b.phase is a.phase and b.current == a.current
    for seat in range(a.players):
        if seat != hidden:
            assert public(a, seat) == public(b, seat)
    return choices


def test_r71_r8_r9_every_seat_gets_each_step_in_seat_order() -> None:
    # 4 players, seat 0 sets 4-4 and announces matador (R43): only seat 2 holds doubles that
    # fit (3-3, sum 7) or count (three doubles); every seat still gets both steps.
    hand = make_hand(["4-4 6-5 6-4 6-3", "6-2 6-1 5-3 5-2", "3-3 2-2 1-1 6-0",
                      "4-1 3-2 3-1 2-1"], setter=0)
    hand.apply(hand.legal_actions()[0])  # set 4-4
    hand.apply(next(a for a in hand.legal_actions() if str(a) == "announce 4"))
    seen = []
    while hand.phase in STEPS:
        seen.append((hand.phase.value, hand.current, len(hand.legal_actions()) > 1))
        hand.apply(DECLINE)
    assert seen == [("declare", 1, False), ("declare", 2, True), ("declare", 3, False),
                    ("declare", 0, False), ("out of turn", 1, False),
                    ("out of turn", 2, True), ("out of turn", 3, False)]
    assert hand.phase is Phase.PLAY and hand.current == 1


@pytest.mark.parametrize("seed", range(40))
def test_r71_a_seat_with_or_without_doubles_looks_the_same_to_the_others(seed: int) -> None:
    rng = random.Random(seed)
    players = rng.choice([3, 4, 5])
    deal = Deal.shuffled(players, rng)
    setter = rng.randrange(players)
    hand = Hand(deal, setter=setter)
    hand.apply(rng.choice(hand.legal_actions()))  # R5: set a double, or draw
    hand.apply(rng.choice(hand.legal_actions()))  # R7: any legal game
    seats = [s for s in range(players) if s != setter and any(
        t.is_double for t in hand.hands[s])]
    if not seats:
        pytest.skip("no seat but the setter holds a double")
    hidden = rng.choice(seats)
    other = without_doubles(hand, hidden)
    assert other is not None
    through_steps(hand, other, hidden)


def test_r71_some_worlds_give_the_hidden_seat_a_real_choice() -> None:
    """The test above is not empty: in many deals the seat declines a real declaration or a
    double out of turn, and still nobody can tell."""
    choices = 0
    for seed in range(40):
        rng = random.Random(seed)
        players = rng.choice([3, 4, 5])
        hand = Hand(Deal.shuffled(players, rng), setter=rng.randrange(players))
        hand.apply(rng.choice(hand.legal_actions()))
        hand.apply(rng.choice(hand.legal_actions()))
        for hidden in range(players):
            if hidden == hand.setter:
                continue
            other = without_doubles(hand, hidden)
            if other is not None:
                choices += through_steps(hand.copy(), other, hidden)
    assert choices >= 10


# ---------------------------------------------------------------- the app (nos.app.Table)
def declining(bot):
    """A computer player that declines every declaration and double out of turn."""
    def play(obs, rng):
        if obs.phase in ("declare", "out of turn"):
            return DECLINE
        return bot(obs, rng)
    return play


def run_to_person(table: Table) -> list[str]:
    """Let the computer players act until the person decides; each step's public signs:
    the view's whose-turn, phase and waiting_for, one per call the page makes."""
    signs = []
    for _ in range(200):
        view = table.view()
        hand = view["hand"]
        signs.append(json.dumps([hand["current"], hand["phase"], view["waiting_for"]]))
        if view["waiting_for"] != "bot":
            return signs
        table.bot_act()
    raise AssertionError("the computer players never came to the person")


def test_r71_app_the_person_sees_the_same_log_and_turns() -> None:
    """The issue's reproduction: 4 players, seed 15, beginners. In the second world a seat
    that held doubles holds none; the person's view, log and the steps the page paces are
    the same, as long as that seat declines."""
    worlds = []
    for drop in (False, True):
        table = Table(players=4, seed=15, level="beginner")
        table._bot = declining(table._bot)
        table.start()
        hand = table.hand
        holder = next(s for s in range(1, 4) if s != hand.setter and any(
            t.is_double for t in hand.hands[s]))
        if drop:  # at once: the steps are decided right after the announcement
            swapped = without_doubles(hand, holder)
            hand.hands, hand.stack, hand._legal = swapped.hands, swapped.stack, None
        signs = run_to_person(table)
        view = table.view()
        worlds.append((holder, signs, view["log"], view["hand"]))
    (h1, signs1, log1, hand1), (h2, signs2, log2, hand2) = worlds
    assert h1 == h2
    assert signs1 == signs2 and log1 == log2
    for key in ("current", "phase", "hand_sizes", "declared", "history", "ledger", "voids"):
        assert hand1[key] == hand2[key], key
    assert any(json.loads(s)[1] == "out of turn" for s in signs1)


def test_r71_app_the_person_passes_an_empty_step_at_the_bots_pace() -> None:
    # The person (seat 1 here, to be left of the player on set) holds no double: both steps
    # are passed for them by bot_act, the page's paced call, never waiting for a click.
    table = Table(players=3, seed=1, level="beginner")
    table.session.start_hand = lambda deal=None: _start(table)
    table.start()
    hand = table.hand
    while table.view()["waiting_for"] == "bot" and hand.phase in (Phase.SET, Phase.ANNOUNCE):
        table.bot_act()
    steps = 0
    while hand.phase in STEPS:
        if hand.current == table.human:
            assert table.passes_for_person() and table.view()["waiting_for"] == "bot"
            steps += 1
        table.bot_act()
    assert steps == 2


def _start(table: Table) -> Hand:
    """A first hand whose person (seat 0) holds no double; seat 1 sets the 6-6."""
    deal = Deal.build(["6-5 6-4 5-3 4-1 2-0", "6-6 1-1 3-2 5-0 4-0", "2-2 6-1 5-2 4-3 3-1"],
                      boneyard="5-5 4-4 3-3 0-0 6-3 6-2 6-0 5-4 5-1 4-2 2-1 1-0 3-0")
    hand = Hand(deal, None, table.session.options, len(table.session.hands),
                table.session.chips)
    table.session.hands.append(hand)
    assert Tile(6, 6) in hand.hands[hand.setter]
    return hand


# ------------------------------------------------------- the computer players' thinking time
def test_r71_r9_a_searching_level_gives_every_out_of_turn_step_the_same_least_time() -> None:
    """A level that weighs a double out of turn thinks only when it holds one; the view gives
    each of its out-of-turn steps the same least time (its cap there), so that the pause does
    not tell the table who held one. Other steps and levels that never search get none."""
    from nos.bots import get_bot
    from nos.settings import BROWSER_BOT_PARAMS, QUICK_LEAST_MS, coach_params

    club = get_bot("club")
    for level in ("beginner", "club", "expert"):
        table = Table(players=4, seed=15, level=level)
        table._bot = club  # (what the view says depends on the level, not on the moves)
        table.start()
        least = {}
        for _ in range(300):
            view = table.view()
            if view["waiting_for"] != "bot":
                break
            least.setdefault(view["hand"]["phase"], set()).add(view["bot_least_ms"])
            table.bot_act()
        cap = BROWSER_BOT_PARAMS.get(level, {}).get("quick_seconds")
        assert least.pop("out of turn") == {QUICK_LEAST_MS if cap else 0}, level
        assert all(v == {0} for v in least.values()), (level, least)
        if cap:  # (the least time leaves room for a last deal past the cap, and the reply)
            assert get_bot(level, **BROWSER_BOT_PARAMS[level]).seconds_for("out of turn") \
                == cap <= QUICK_LEAST_MS / 1000 - 0.05
            assert "quick_seconds" not in coach_params()  # (the person's own: not timed)


def test_r71_r9_the_expert_weighs_a_double_out_of_turn_within_its_quick_cap() -> None:
    import time

    from nos.bots import get_bot

    hand = make_hand(["4-4 6-5 6-4 6-3", "6-2 6-1 5-3 5-2", "3-3 2-2 1-1 6-0",
                      "4-1 3-2 3-1 2-1"], setter=0)
    hand.apply(hand.legal_actions()[0])  # set 4-4
    hand.apply(next(a for a in hand.legal_actions() if str(a) == "announce 4"))
    while not (hand.phase is Phase.OUT_OF_TURN and hand.current == 2):
        hand.apply(DECLINE)
    obs = Observation(hand, 2)
    assert len(obs.legal) == 3  # 3-3 out of turn on either free side, or not
    bot = get_bot("expert", iterations=100_000, seconds=5.0, quick_seconds=0.05)
    started = time.perf_counter()
    assert bot(obs, random.Random(1)) in obs.legal
    assert time.perf_counter() - started < 1.0
