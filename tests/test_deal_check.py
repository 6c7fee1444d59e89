"""A guest's check of a hand played together (web/shared/deal_check.py, issue 50): its seal
and its deal must be nos.fair's, bit for bit, in CPython and under MicroPython 1.27 (the
guest's only interpreter), and each kind of failure must be found."""

from __future__ import annotations

import hashlib
import json
import random

import deal_check
import mpy_deal_check_driver
import pytest
import web_views
from contract import VERIFIED_COMMITMENT, VERIFIED_DEAL, VERIFIED_OK

from nos import fair
from nos.tiles import ALL_TILES

ROOT = web_views.ROOT
PLAYERS = (3, 4, 5)
# Seeds whose first shuffle gives no seat a double, so that the first hand is shuffled again
# (R4): about one seed in a thousand (found by trying nos.fair.new_seed's; the tests check it).
REDEALT = ["90018d77055c775e511239689aa2ed52", "bc957d3c535967b1daea553fe1a9d361",
           "73b97ddc3cf894529753f913d56701d2", "d3a4e7a41146fb9cee03ff1d0d70fe92"]


def seeds(count: int, which: int = 0) -> list[str]:
    rng = random.Random(which)
    return [fair.new_seed(rng) for _ in range(count)]


def test_the_tiles_are_in_the_order_of_the_set():
    assert [str(t) for t in ALL_TILES] == deal_check.TILES


@pytest.mark.parametrize("length", [*range(0, 260), 1000])
def test_sha512_is_hashlibs(length):
    """Every padding case: the message fills one block, spills into a second (112 bytes on)
    or ends on a block's end."""
    data = bytes(random.Random(length).getrandbits(8) for _ in range(length))
    assert deal_check.sha512(data) == hashlib.sha512(data).digest()


def test_commitment_is_fairs():
    for seed in seeds(300):
        assert deal_check.commitment(seed) == fair.commitment(seed)


def test_dealt_is_what_deal_from_deals_r2_r4():
    """300 seeds × 3, 4 and 5 players × the first hand (dealt again until someone holds a
    double, R4) or a later one: exactly nos.fair.deal_from's deal."""
    redealt = 0
    for seed in seeds(300) + REDEALT:
        for players in PLAYERS:
            for first in (True, False):
                got = deal_check.dealt(seed, players, first)
                assert got == fair.deal_from(seed, players, first).to_json(), (seed, players)
            redealt += (deal_check.dealt(seed, players, True)
                        != deal_check.dealt(seed, players, False))
    assert redealt >= 6  # (REDEALT's first deals held no double: R4's dealing again is tested)


def test_the_generator_is_cpythons():
    """Beyond a shuffle's few dozen words: past the state's 624 words, it twists again."""
    for seed in seeds(3, which=1):
        mine, cpython = deal_check.Shuffler(seed), random.Random(seed)
        for k in (1, 5, 17, 32) * 400:
            assert mine.getrandbits(k) == cpython.getrandbits(k)


def test_a_count_of_players_nos_does_not_have_is_refused_r1():
    with pytest.raises(ValueError):
        deal_check.dealt(seeds(1)[0], 6, False)


def test_check_finds_each_kind_of_failure():
    seed, other = seeds(2, which=2)
    seal = fair.commitment(seed)
    deal = fair.deal_from(seed, 4, True).to_json()
    hand = deal["hands"][1]
    assert deal_check.check(seed, seal, 1, hand, 4, True) == VERIFIED_OK
    # The tiles in another order, written low end first: the same tiles.
    turned = [t[2] + "-" + t[0] for t in reversed(hand)]
    assert deal_check.check(seed, seal.upper(), 1, turned, 4, True) == VERIFIED_OK
    # The seed does not match the seal shown before the hand, or is no seed.
    assert deal_check.check(other, seal, 1, hand, 4, True) == VERIFIED_COMMITMENT
    # No tiles known (joined after its first move): the seal alone.
    assert deal_check.check(seed, seal, 1, None, 4, True) == VERIFIED_OK
    assert deal_check.check(other, seal, 1, None, 4, True) == VERIFIED_COMMITMENT
    assert deal_check.check(seed, fair.commitment(other), 1, hand, 4, True) == \
        VERIFIED_COMMITMENT
    for not_a_seed in (seed.upper(), seed[:-1], seed + "0", "", None, 12):
        assert deal_check.check(not_a_seed, seal, 1, hand, 4, True) == VERIFIED_COMMITMENT
    # The seed matches its seal but did not deal this seat these tiles.
    swapped = hand[:-1] + [deal["boneyard"][0]]
    assert deal_check.check(seed, seal, 1, swapped, 4, True) == VERIFIED_DEAL
    assert deal_check.check(seed, seal, 1, hand[:-1], 4, True) == VERIFIED_DEAL
    assert deal_check.check(seed, seal, 2, hand, 4, True) == VERIFIED_DEAL
    assert deal_check.check(seed, seal, 4, hand, 4, True) == VERIFIED_DEAL
    assert deal_check.check(other, fair.commitment(other), 1, hand, 4, True) == VERIFIED_DEAL


def test_check_tells_a_first_hand_from_a_later_one_r4():
    """A seed whose first shuffle held no double deals the first hand from a later shuffle."""
    seed, players = REDEALT[0], 4
    assert fair.deal_from(seed, players, True) != fair.deal_from(seed, players, False)
    seal = fair.commitment(seed)
    first = fair.deal_from(seed, players, True).to_json()["hands"][0]
    assert deal_check.check(seed, seal, 0, first, players, True) == VERIFIED_OK
    assert deal_check.check(seed, seal, 0, first, players, False) == VERIFIED_DEAL


def driver_input() -> dict:
    """20 seeds (two of them dealt again in a first hand, R4), and checks of every verdict."""
    chosen = seeds(18, which=3) + REDEALT[:2]
    checks = []
    for k, seed in enumerate(chosen):
        players = PLAYERS[k % 3]
        seat = k % players
        hand = fair.deal_from(seed, players, k % 2 == 0).to_json()["hands"][seat]
        seal = fair.commitment(seed)
        checks.append([seed, seal, seat, hand, players, k % 2 == 0])
        checks.append([chosen[k - 1], seal, seat, hand, players, k % 2 == 0])
        checks.append([seed, seal, (seat + 1) % players, hand, players, k % 2 == 0])
    return {"seeds": chosen, "checks": checks}


@web_views.needs_micropython
def test_micropython_seals_deals_and_checks_exactly_as_cpython(tmp_path):
    data = driver_input()
    got = web_views.micropython_run("mpy_deal_check_driver",
                                    ["web/shared/deal_check.py", "nos/contract.py"], data,
                                    tmp_path)
    want = json.loads(json.dumps(mpy_deal_check_driver.run_all(data)))
    assert got["results"] == want
    assert [s["seal"] for s in got["results"]["seeds"]] == [fair.commitment(s)
                                                             for s in data["seeds"]]
    assert got["results"]["seeds"][0]["deals"][0] == fair.deal_from(
        data["seeds"][0], 3, True).to_json()
    assert got["results"]["checks"] == [VERIFIED_OK, VERIFIED_COMMITMENT, VERIFIED_DEAL] * 20
    assert got["results"]["refused"][0] == "refused"
    assert len(got["ms"]) == 20
