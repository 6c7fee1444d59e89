"""The arena (nos/arena.py) for every level: a seat-rotated block of each level against the
others plays to the end, every level is tallied, the chips it counts are the ledger's (a
zero sum over the seats, R23), and announce-only mode tallies the choosing level apart."""

from __future__ import annotations

import argparse

import pytest

from nos import arena
from nos.bots import LEVELS


def arena_args(bots: list[str], announce_only: bool = False) -> argparse.Namespace:
    """What ``python -m nos.arena`` parses: one block of 2-hand sessions, tiny searches."""
    return argparse.Namespace(players=len(bots), bots=bots, hands=1, seed=3, session=2,
                              announce_only=announce_only, base="club", iterations=2,
                              h2=False, timing=True, jobs=1)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_whole_seat_rotated_block(level):
    bots = [level] + [lv for lv in ("club", "beginner", "pimc") if lv != level][:2]
    args = arena_args(bots)
    got = arena.run(args)
    assert set(got) == set(bots)
    hands = len(bots) * args.session  # every rotation of the same deals
    for name, t in got.items():
        assert len(t.samples) == hands and len(t.blocks) == 1, name
    for k in range(hands):  # chips only move between seats (R23)
        assert sum(t.samples[k] for t in got.values()) == pytest.approx(0)
    assert got[level].times, "its decisions are timed"
    out = arena.report(args, got, 1.0)
    assert level in out and "95% CI (blocks)" in out and "p95 ms" in out


def test_announce_only_tallies_the_choosing_level_apart():
    got = arena.run(arena_args(["expert", "club", "club"], announce_only=True))
    assert set(got) == {"expert(announce)", "club"}


def test_a_seat_may_name_the_parameters_of_its_bot_for_experiments():
    assert arena.parse_spec("club") == ("club", {})
    assert arena.parse_spec("expert:infer=16:caution=0.5:draws=false") == (
        "expert", {"infer": 16, "caution": 0.5, "draws": False})
    bot = arena.make_bot("expert:infer=4", iterations=2)
    assert bot.infer == 4 and bot.iterations == 2 and bot.level == "expert:infer=4"
    got = arena.run(arena_args(["expert:infer=4", "club", "club"]))
    assert set(got) == {"expert:infer=4", "club"}
    for bad in ("master", "expert:infer", "expert:infer=x", "expert:=3"):
        with pytest.raises(ValueError):
            arena.parse_spec(bad)
    with pytest.raises(SystemExit):  # an unknown parameter: the usage and one line
        arena.main(["--players", "3", "--bots", "expert:bogus=1,club,club"])
