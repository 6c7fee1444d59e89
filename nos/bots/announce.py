"""Choosing the game on set (R7) from one's own hand: the pagat Tactics as a quick score.

Each legal announcement gets a few features, computed from the setter's tiles alone:

- ``first``: we can play on the opening layout (no draw in the first round);
- ``opp_open``: the share of unseen tiles that fit the opening layout — the lower, the more the
  others must draw (a triangle on 0-0 makes everyone without a matador draw);
- ``flex_me`` / ``flex_opp``: how well our tiles, and the unseen ones, fit a random end under
  the later matching (matadors are wild under matador matching, blanks are poor there, R61–R62);
- ``matadors``: the matadors we hold, when the later matching is matador (pagat: "matador games
  are attractive when you hold at least one matador");
- ``arms``: the shape (line, triangle, cross).

The weights are in chips of the setter's result for the hand, fitted by least squares on club
self-play (``python -m bench.calibrate_announce``); the announcement with the best sum wins.
"""

from __future__ import annotations

from nos.games import Announcement, legal_announcements, plan_for
from nos.layout import Layout
from nos.matching import MATCHINGS, OUTWARD, Matching
from nos.tiles import ALL_TILES, Tile

# FLEX[matching][tile.index]: the share of the 7 end numbers on which the tile fits.
FLEX: dict[Matching, tuple[float, ...]] = {
    m: tuple(sum(1 for e in range(7) if OUTWARD[m][t.index][e]) / 7 for t in ALL_TILES)
    for m in MATCHINGS
}

WEIGHTS = {"first": 2.0, "opp_open": -32.5, "flex_me": -103.0, "flex_opp": -113.0,
           "arms": -4.3, "matadors": 136.0}


def features(game: Announcement, set_tile: Tile, tiles: list[Tile]) -> dict[str, float]:
    """The quick features of announcing ``game`` on ``set_tile`` holding ``tiles``."""
    plan = plan_for(game, set_tile)
    layout = Layout(plan)
    tables = layout.play_tables()
    seen = {set_tile, *tiles}
    unseen = [t for t in ALL_TILES if t not in seen]
    fit_open = sum(1 for t in unseen if any(tb[t.index] for tb in tables))
    first = any(any(tb[t.index] for tb in tables) for t in tiles)
    later = [m.other if plan.change else m for m in plan.then]
    mine = sum(FLEX[m][t.index] for m in later for t in tiles) / (len(later) * max(1, len(tiles)))
    theirs = sum(FLEX[m][t.index] for m in later for t in unseen) / (len(later) * len(unseen))
    mat_later = sum(1 for m in later if m is Matching.MATADOR) / len(later)
    return {
        "first": 1.0 if first else 0.0,
        "opp_open": fit_open / len(unseen),
        "flex_me": mine,
        "flex_opp": theirs,
        "arms": plan.arms / 4,
        "matadors": mat_later * sum(1 for t in tiles if t.is_matador) / max(1, len(tiles)),
    }


def score(game: Announcement, set_tile: Tile, tiles: list[Tile],
          weights: dict[str, float] | None = None) -> float:
    w = weights or WEIGHTS
    return sum(w.get(k, 0.0) * v for k, v in features(game, set_tile, tiles).items())


def ranked(set_tile: Tile, tiles: list[Tile],
           weights: dict[str, float] | None = None) -> list[tuple[float, Announcement]]:
    """Every legal announcement with its score, best first (ties: lower game number first)."""
    scored = [(score(a, set_tile, tiles, weights), a) for a in legal_announcements(set_tile)]
    order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
    return [scored[i] for i in order]
