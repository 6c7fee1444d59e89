"""Provably fair deals (nos/fair.py): each hand of the app is dealt from a secret seed whose
SHA-256 the view shows before the hand (never the seed), revealed when the hand is over;
"Verify" deals again and compares; a changed seed fails; the procedure the help text
describes, written here from that text alone, deals exactly the app's hands (R2, R4)."""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys

import pytest
import web_views

from nos import fair
from nos.app import Table
from nos.deal import Deal


def documented_deal(seed: str, players: int, first_hand: bool) -> tuple[list, list]:
    """The help text's procedure with nothing of the engine: tiles 0-0, 1-0, 1-1 … 6-6 shuffled by
    random.Random(seed).shuffle, 8 - n to each seat in turn, the rest the boneyard; in the
    first hand shuffled again while nobody holds a double."""
    rng = random.Random(seed)
    size = 8 - players
    while True:
        tiles = [f"{a}-{b}" for a in range(7) for b in range(a + 1)]
        rng.shuffle(tiles)
        hands = [tiles[k * size:(k + 1) * size] for k in range(players)]
        if not first_hand or any(t[0] == t[2] for h in hands for t in h):
            return hands, tiles[players * size:]


def to_hand_end(table: Table, view: dict, seed: int) -> dict:
    """Play the hand in progress to its end, every seat by a scripted player."""
    return web_views.to_hand_end(table, view, web_views.scripted(table, seed))


def test_a_commitment_verifies_and_a_changed_seed_fails():
    rng = random.Random(3)
    seed = fair.new_seed(rng)
    deal = fair.deal_from(seed, 4, True)
    seal = fair.commitment(seed)
    assert seal == hashlib.sha256(seed.encode()).hexdigest()
    assert fair.verify(seed, seal, deal, True) is None
    other = ("1" if seed[0] != "1" else "2") + seed[1:]
    assert fair.verify(other, seal, deal, True) == "commitment"
    assert fair.verify(other, fair.commitment(other), deal, True) == "deal"
    assert fair.verify(seed.upper(), seal, deal, True) == "commitment"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_documented_procedure_deals_the_apps_hands_first_and_later(players):
    table = Table(players, seed=40 + players, level="beginner")
    view = table.start()
    for k in range(3):
        seed = table.shuffles[k]
        hands, boneyard = documented_deal(seed, players, first_hand=k == 0)
        deal = table.hand.deal
        assert [[str(t) for t in h] for h in deal.hands] == hands
        assert [str(t) for t in deal.boneyard] == boneyard
        view = to_hand_end(table, view, k)
        view = table.next_hand()


def test_the_view_shows_the_seal_during_the_hand_and_the_seed_only_after_it():
    table = Table(4, seed=11, level="beginner")
    view = table.start()
    seed = table.shuffles[0]
    seal = view["fair"]["commitment"]
    assert view["fair"] == {"hand": 1, "sealed": True, "chosen": 11,
                            "commitment": fair.commitment(seed)}
    assert seed not in json.dumps(view)  # R71: the seed would give every hand away
    assert seed not in json.dumps(table.act("nonsense"))
    # The log has the seal in full (the header shows its start).
    assert view["log"][1]["event"] == {"key": "log.sealed", "commitment": seal}
    refused = table.verify(seal)
    assert refused["error"] == {"key": "error.hand_not_over"}
    view = to_hand_end(table, view, 1)
    assert view["fair"] == {"hand": 1, "sealed": True, "chosen": 11, "commitment": seal,
                            "seed": seed}
    # Verified against the seal the screen showed, not one worked out from the key again.
    assert table.verify("0" * 64)["fair"]["verified"] == "commitment"
    assert table.verify(None)["fair"]["verified"] == "unseen"  # (the screen kept none)
    view = table.verify(seal)
    assert view["error"] is None and view["fair"]["verified"] == "ok"
    view = table.next_hand()
    assert view["fair"]["commitment"] != seal and "seed" not in view["fair"]
    assert view["fair"]["hand"] == 2


def test_a_game_begun_without_a_deal_number_has_keys_no_shown_number_gives_away():
    """The deal number a game shows seeds its computer players, never its keys: two games
    with the same number deal differently, and the view does not show the number."""
    a, b = Table(4, level="beginner"), Table(4, level="beginner")
    b.seed = a.seed
    view = a.start()
    b.start()
    chosen = Table(4, seed=a.seed, level="beginner")  # the number typed in, by anyone
    chosen.start()
    assert len({a.shuffles[0], b.shuffles[0], chosen.shuffles[0]}) == 3
    assert view["seed"] is None and "chosen" not in view["fair"]
    # Its keys come from the device's randomness hand by hand, not from a generator whose
    # state the save, or enough keys revealed after their hands, would give away: the same
    # game restored deals its next hand from a key of its own.
    to_hand_end(a, view, 5)
    again = Table.restore(json.loads(json.dumps(a.save())))
    assert again.chosen is False and again.view()["seed"] is None
    assert again.shuffles == a.shuffles
    a.next_hand()
    again.next_hand()
    assert a.shuffles[:-1] == again.shuffles[:-1] and a.shuffles[-1] != again.shuffles[-1]


def test_a_restored_game_keeps_its_seeds_and_a_tampered_seed_is_dropped_not_the_game():
    table = Table(3, seed=5, level="beginner")
    view = to_hand_end(table, table.start(), 2)
    table.next_hand()
    saved = table.save()
    again = Table.restore(json.loads(json.dumps(saved)))
    assert again.shuffles == table.shuffles and again.view() == table.view()
    # The next hand after a restore is dealt exactly as without it.
    to_hand_end(table, table.view(), 3)
    to_hand_end(again, again.view(), 3)
    assert table.next_hand() == again.next_hand()
    tampered = json.loads(json.dumps(saved))
    tampered["app"]["shuffles"][0] = "0" * 32
    kept = Table.restore(tampered)
    assert kept.shuffles[0] is None and kept.shuffles[1] == table.shuffles[1]
    assert kept.session.hands[0].deal == table.session.hands[0].deal
    old = json.loads(json.dumps(saved))  # a save from before fair deals
    del old["app"]["shuffles"]
    old["app"]["rng"] = old["app"]["rng"][:2]
    assert Table.restore(old).shuffles == [None, None]
    assert view["waiting_for"] == "next_hand"


def test_a_hand_without_a_seed_cannot_be_verified_and_says_why():
    table = Table(3, seed=8, level="beginner")
    to_hand_end(table, table.start(), 4)
    table.shuffles[0] = None
    view = table.verify()
    assert view["error"] == {"key": "error.no_seed"}
    assert view["fair"] == {"hand": 1, "sealed": False, "chosen": 8}  # (the summary says)


def test_the_command_line_deals_again_and_checks_a_seal():
    seed = fair.new_seed(random.Random(9))
    seal = fair.commitment(seed)

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "nos", "verify", *args],
                              capture_output=True, text=True, timeout=60)

    ok = run(seed, "--players", "4", "--first", "--seal", seal)
    assert ok.returncode == 0 and f"seal: {seal}" in ok.stdout
    deal = fair.deal_from(seed, 4, True)
    assert f"seat a: {' '.join(str(t) for t in deal.hands[0])}" in ok.stdout
    assert run(seed, "--players", "4", "--seal", "0" * 64).returncode == 1
    bad = run("not-a-seed", "--players", "4")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr
    assert isinstance(deal, Deal)


@pytest.mark.parametrize("rng", ["junk", [[1, [2], None]], {"0": 1}, 7, [[3, "x", None]] * 3])
def test_a_damaged_random_state_keeps_the_game_with_fresh_secret_generators(rng):
    table = Table(3, seed=5, level="beginner")
    view = to_hand_end(table, table.start(), 2)
    saved = json.loads(json.dumps(table.save()))
    saved["app"]["rng"] = rng
    again = Table.restore(saved)
    assert again.session.hands[0].deal == table.session.hands[0].deal
    assert again.view()["log"] == view["log"]
    # Its next deals no longer follow from the deal number, and it no longer says they do.
    assert again.chosen is False and "chosen" not in again.next_hand()["fair"]
    table.next_hand()
    assert again.shuffles[1] != table.shuffles[1]


def test_a_reload_keeps_what_verify_found_and_drops_a_verdict_it_cannot_stand_by():
    """The summary after a reload says what "Verify" found, as before it (an audit found the
    line gone); a damaged verdict, or one on a seed dropped as tampered, is left out."""
    table = Table(3, seed=6, level="beginner")
    view = to_hand_end(table, table.start(), 2)
    table.verify(view["fair"]["commitment"])
    saved = json.loads(json.dumps(table.save()))
    again = Table.restore(saved)
    assert again.view()["fair"]["verified"] == "ok" and again.view() == table.view()
    for damaged in ([[0, "maybe"]], [["0", "ok"]], [[5, "ok"]], [[0]], "ok", [[-1, "ok"]],
                    [[0, ["ok"]]]):
        saved["app"]["verified"] = damaged
        assert "verified" not in Table.restore(saved).view()["fair"]
    saved["app"]["verified"] = [[0, "ok"]]
    saved["app"]["shuffles"][0] = "0" * 32
    assert "verified" not in Table.restore(saved).view()["fair"]
    del saved["app"]["verified"]  # (a save from before verdicts were kept)
    assert Table.restore(saved).view()["fair"]["sealed"] is False
