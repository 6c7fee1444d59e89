"""nos/bots/inference.py: the opponents' past plays read from one seat's observation (R71),
their tiles then rebuilt in a deal, and the likelihood that ranks deals by those plays."""

from __future__ import annotations

import random
import statistics

import pytest

from nos.actions import DRAW, Play
from nos.bots import get_bot
from nos.bots.expert import Expert
from nos.bots.inference import PastPlays, pick_weighted
from nos.deal import Deal
from nos.hand import Hand
from nos.observation import Observation
from nos.tiles import Tile


def played_hands(players: int, seed: int, hands: int):
    """Club hands played out, yielding at each of seat 0's plays (obs, the hand, and the tiles
    each play's seat held just before it, by the play's identity)."""
    rng = random.Random(seed)
    club = get_bot("club")
    for k in range(hands):
        hand = Hand(Deal.shuffled(players, rng), setter=k % players)
        held: dict[int, list[Tile]] = {}
        while not hand.over:
            seat = hand.current
            obs = Observation(hand, seat)
            action = club(obs, rng)
            if seat == 0 and obs.phase == "play" and len(obs.legal) > 1:
                yield obs, hand, held
            if type(action) is Play:
                held[id(action)] = list(hand.hands[seat])
            hand.apply(action)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_r71_past_plays_are_the_opponents_regular_plays_with_the_layout_before(
        players: int) -> None:
    checked = 0
    for obs, hand, _ in played_hands(players, players, 12):
        past = PastPlays(obs)
        ours = [a for s, a in hand.history if type(a) is Play and s != 0 and not a.close]
        regular = [a for a in ours if not any(p.tile is a.tile and p.out_of_turn
                                             for arm in hand.layout.arms for p in arm)]
        assert [p.play for p in past.plays] == regular
        for p in past.plays:
            assert p.seat != obs.seat
            assert p.play.tile not in p.layout.tiles()  # the layout before the play
        checked += len(past)
    assert checked > 50


@pytest.mark.parametrize("players", [3, 4, 5])
def test_r71_tiles_then_in_the_true_deal_are_exact_but_for_the_drawn_ones(
        players: int) -> None:
    """Walking back from the true deal gives each opponent's tiles before each play exactly
    when it drew nothing since; a draw takes a random tile back, so the number is still
    exact and only tiles that were later drawn can be missing."""
    exact = drawn = 0
    for obs, hand, held in played_hands(players, 10 + players, 16):
        past = PastPlays(obs)
        for p, then in zip(past.plays, past.tiles_then(hand, random.Random(1)), strict=True):
            truth = set(held[id(p.play)])
            assert p.play.tile in then and len(then) == len(truth)
            later = [a for s, a in hand.history[hand.history.index((p.seat, p.play)):]
                     if s == p.seat and a is DRAW]
            if not later:
                assert then == truth
                exact += 1
            else:
                drawn += 1
    assert exact > 50 and drawn > 5


def test_the_true_deal_is_likelier_than_sampled_ones() -> None:
    """Against club players the true deal explains their plays better than most deals
    consistent with the observation: the inference has something to say."""
    rng = random.Random(5)
    ranks = []
    for obs, hand, _ in played_hands(4, 21, 30):
        past = PastPlays(obs)
        if not len(past) or rng.random() < 0.5:
            continue
        truth = past.log_likelihood(hand, random.Random(0))
        sampled = [past.log_likelihood(Expert.sample(obs, None, rng), rng) for _ in range(20)]
        ranks.append(sum(x < truth for x in sampled) / len(sampled))
    assert len(ranks) > 40
    assert statistics.mean(ranks) > 0.65


def test_pick_weighted_follows_the_weights() -> None:
    rng = random.Random(2)
    picks = [pick_weighted([0.0, -1.0, -50.0], rng) for _ in range(4000)]
    share = picks.count(0) / len(picks)
    assert picks.count(2) == 0
    assert abs(share - 1 / (1 + 2.718281828 ** -1)) < 0.03


def test_the_expert_weighs_deals_only_in_play_and_stays_reproducible() -> None:
    for obs, _, _ in played_hands(4, 3, 3):
        a = get_bot("expert", iterations=8)(obs, random.Random(4))
        b = get_bot("expert", iterations=8)(obs, random.Random(4))
        assert a == b and a in obs.legal
