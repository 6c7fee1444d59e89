"""How well the table draws long layouts: figures per geometry, screen and number of players
over real positions played by the engine.

    .venv/bin/python -m bench.layout_quality [--count 60] [--hands 10] [--players 3 4 5]
        [--seed 0] [--geometry cross ...] [--screen phone wide]

Positions: for each seed a later hand (R5: the player on set chooses which double to set) is
dealt with the wanted set double in seat 0's hand; seat 0 sets it and announces a game of the
geometry (line; cross; double cross; triangle; triangle, then the fourth side), and then
every seat plays a random legal tile whenever it can (never closing), else draws, passes or
waits, to the end of the hand. Each position is drawn as the table draws it
(web/draw/render_table.py, render_layout.py) in the felt the page gives the layout on each
screen (FELTS: measured in Chromium with the page's own CSS, the smallest of en, nl and pl:
`python -m bench.table_room`), by the hand's plan for that felt.

Columns (per geometry, screen and players):

- n, tiles, max: positions (the end of `--count` hands and every play of `--hands` hands),
  the mean and the largest number of tiles on the table;
- moved: the share of plays after which a tile already on the table lay elsewhere relative
  to the others (a uniform scale and shift of the whole picture is allowed; goal 0);
- gap: the smallest gap between tiles of two different arms, in px, and `gap/s` that gap
  over half a tile's short side (goal at least 1; the tiles next to the set tile, which
  belongs to no arm, count too);
- tile, zoomed: the smallest tile's short side in px with the whole layout shown, and once
  zoomed fully in (goals 16 and 24); `<16`: positions whose smallest tile is below 16 px;
- end: the smallest side of an end's clickable box on the table, px; `chooser`: positions in
  which some end's box is below 44 px, where the end chooser beside the hand offers that
  end as a 44 px button (render_panels.end_chooser);
- hand: the smallest tile of seat 0's hand in px (its width x height; goal 32 x 60, in one
  row up to 9 tiles);
- ovl, out: positions in which two tiles or ends overlap, or one leaves the felt (goal 0).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# (nos/ too: the page's modules import the engine's contract by its bare name)
sys.path[:0] = [str(ROOT / "web" / f) for f in ("draw", "page", "words", "shared")] + [
    str(ROOT / "nos")]

import render_hand  # noqa: E402
import render_layout  # noqa: E402
import render_table  # noqa: E402

from nos.actions import Announce, Play, Set  # noqa: E402
from nos.deal import Deal  # noqa: E402
from nos.hand import Hand  # noqa: E402
from nos.tiles import ALL_TILES, Tile  # noqa: E402
from nos.view import hand_view  # noqa: E402

# The announcements (as their text starts) of each geometry, and the set doubles they allow.
GEOMETRIES = {
    "line": (["1", "4", "11 ordinary", "11 matador", "12 line"], "any"),
    "cross": (["2", "5", "7", "9", "12 cross", "17 cross"], "not blank"),
    "double cross": (["3", "6", "8", "10", "12 doublecross", "17 doublecross"], "not blank"),
    "triangle": (["13", "14", "15"], "blank"),
    "triangle+4": (["16"], "blank"),
}
# The layout's felt (w, h) px and the hand's width on each screen, by the number of players:
# the smallest over en, nl and pl, two moves into a hand (`python -m bench.table_room`).
FELTS = {
    "phone": {3: (337, 278), 4: (337, 262), 5: (337, 224)},  # 360 x 640
    "wide": {3: (892, 321), 4: (892, 318), 5: (892, 289)},  # 1280 x 800
}
HANDS = {"phone": 347, "wide": 912}
SCREENS = {"phone": "360x640", "wide": "1280x800"}
NAMES = ["You", "Anna", "Bram", "Cor", "Dirk"]


def _wanted(announce: Announce, prefix: str) -> bool:
    text = str(announce.game)
    return text == prefix or text.startswith(prefix + " ")


def _view(hand: Hand, players: int, seed: int) -> dict:
    obs = hand_view(hand, 0)  # (the hand as the view has it: its layout's `most` too)
    return {"players": players, "names": NAMES[:players], "human": 0, "level": "beginner",
            "seed": seed, "chips": list(hand.chips), "hands_played": 1, "log": [],
            "error": None, "settlement": None,
            "waiting_for": "next_hand" if hand.over else "bot", "hand": obs,
            "house_rules": {"H1": False, "H2": False}}


def hand_views(geometry: str, players: int, seed: int, every_play: bool = True) -> list[dict]:
    """The views (as the main thread gets them, for seat 0) of one long hand: after each
    tile laid on the table (with `every_play`) and at the end."""
    rng = random.Random(seed)
    prefixes, sets = GEOMETRIES[geometry]
    prefix = prefixes[seed % len(prefixes)]
    if sets == "blank":
        set_tile = Tile(0, 0)
    else:
        set_tile = Tile(*([rng.randrange(1, 7)] * 2)) if sets == "not blank" else \
            Tile(*([rng.randrange(0, 7)] * 2))
    tiles = [t for t in ALL_TILES if t != set_tile]
    rng.shuffle(tiles)
    tiles.insert(0, set_tile)  # seat 0 holds it
    hand = Hand(Deal.from_order(players, tiles), setter=0, number=1)
    views = []
    for _ in range(2000):
        if hand.over:
            break
        legal = hand.legal_actions()
        sets_ = [a for a in legal if isinstance(a, Set) and a.tile == set_tile]
        announces = [a for a in legal if isinstance(a, Announce)]
        plays = [a for a in legal if isinstance(a, Play) and not a.close and not a.claim]
        if sets_:
            action = sets_[0]
        elif announces:
            wanted = [a for a in announces if _wanted(a, prefix)]
            action = rng.choice(wanted or announces)
        elif plays:
            action = rng.choice(plays)
        else:
            quiet = [a for a in legal if not (isinstance(a, Play) and a.close)]
            action = rng.choice(quiet or legal)
        hand.apply(action)
        if every_play and isinstance(action, Play) and not hand.over:
            views.append(_view(hand, players, seed))
    views.append(_view(hand, players, seed))
    return views


def end_position(geometry: str, players: int, seed: int) -> dict:
    """The view at the end of one long hand (see hand_views)."""
    return hand_views(geometry, players, seed, every_play=False)[-1]


def positions(geometry: str, count: int = 200, players: int = 5, start: int = 0) -> list[dict]:
    """`count` end-of-hand views of a geometry (seeds start, start + 1, ...)."""
    out = []
    seed = start
    while len(out) < count:
        view = end_position(geometry, players, seed)
        layout = view["hand"].get("layout")
        if layout and layout["game"].split()[0] in {p.split()[0] for p in
                                                    GEOMETRIES[geometry][0]}:
            out.append(view)
        seed += 1
    return out


# ---------------------------------------------------------------- figures
def overlap(a, b, eps=0.01) -> bool:
    return a[0] < b[2] - eps and b[0] < a[2] - eps and a[1] < b[3] - eps and b[1] < a[3] - eps


def inside(a, area, eps=0.01) -> bool:
    return (a[0] >= area[0] - eps and a[1] >= area[1] - eps and a[2] <= area[2] + eps and
            a[3] <= area[3] + eps)


def gap(a, b) -> float:
    """The distance between two boxes (0 when they touch or overlap)."""
    dx = max(a[0] - b[2], b[0] - a[2], 0.0)
    dy = max(a[1] - b[3], b[1] - a[3], 0.0)
    return (dx * dx + dy * dy) ** 0.5


def arm_gap(placement: dict) -> float | None:
    """The smallest gap between tiles of two different arms, in grid units."""
    tiles = placement["tiles"]
    found = None
    for i, a in enumerate(tiles):
        for b in tiles[i + 1:]:
            if a["arm"] != b["arm"]:
                g = gap(a["box"], b["box"])
                found = g if found is None else min(found, g)
    return found


def drawn(view: dict, screen: str, players: int) -> tuple:
    """(tiles, ends, targets, placement, s, zoom most) of a position as the table draws it
    on a screen (px boxes), by the plan for that screen's felt."""
    w, h = FELTS[screen][players]
    room = (0, 0, w, h)
    tiles, ends, hits, placement, s = render_layout.layout_boxes(view, room, (w, h))
    zmax = render_table.zoom_most(s, render_layout.most_unit(w, h))
    return tiles, ends, hits, placement, s, zmax


def measure(views: list[dict], screen: str, players: int) -> dict:
    w, h = FELTS[screen][players]
    felt = (0, 0, w, h)
    counts = []
    overlapping = outside = chooser = small = 0
    target_min = gap_min = gap_units = short_min = zoomed_min = None
    hand_min = None
    for view in views:
        tiles, ends, hits, placement, s, zmax = drawn(view, screen, players)
        counts.append(len(tiles))
        short = min(min(b[2] - b[0], b[3] - b[1]) for b in tiles)
        short_min = short if short_min is None else min(short_min, short)
        small += short < 16 - 0.01
        zoomed = short * zmax
        zoomed_min = zoomed if zoomed_min is None else min(zoomed_min, zoomed)
        between = arm_gap(placement)
        if between is not None:
            gap_units = between if gap_units is None else min(gap_units, between)
            gap_min = between * s if gap_min is None else min(gap_min, between * s)
        shapes = tiles + ends
        if any(overlap(a, b) for i, a in enumerate(shapes) for b in shapes[i + 1:]):
            overlapping += 1
        if any(not inside(b, felt) for b in shapes):
            outside += 1
        sides = [min(t[2] - t[0], t[3] - t[1]) for t in hits]
        if min(sides) < 44 - 0.01:
            chooser += 1
        target_min = min(sides) if target_min is None else min(target_min, min(sides))
        count = len(view["hand"].get("tiles") or [])
        tw, _, _ = render_hand.hand_grid(max(count, 1), HANDS[screen])
        hand_min = tw if hand_min is None else min(hand_min, tw)
    return {"n": len(views), "tiles": sum(counts) / len(counts), "max tiles": max(counts),
            "overlaps": overlapping, "out": outside, "target px": target_min,
            "chooser": chooser, "gap px": gap_min or 0.0, "gap units": gap_units or 0.0,
            "tile px": short_min, "zoomed px": zoomed_min, "hand px": hand_min,
            "small": small}


def stability(geometry: str, screen: str, hands: int, players: int, start: int) -> dict:
    """Over `hands` hands played tile by tile: the share of plays after which a tile already
    on the table lay elsewhere relative to the set tile (in the layout's own units: the
    picture may be scaled and moved as a whole), and the positions seen."""
    plays = moved = 0
    views = []
    for seed in range(start, start + hands):
        before = None
        for view in hand_views(geometry, players, seed):
            if not view["hand"].get("layout"):
                continue
            views.append(view)
            placement = drawn(view, screen, players)[3]
            now = {(t["arm"], t["index"]): t["box"] for t in placement["tiles"]}
            if before is not None and len(now) > len(before):
                plays += 1
                moved += any(now.get(k) != b for k, b in before.items())
            before = now
    return {"moved": moved / max(plays, 1), "views": views}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--hands", type=int, default=10, help="hands played tile by tile "
                        "for the stability figures (their positions are measured too)")
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 5])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--geometry", action="append", choices=list(GEOMETRIES))
    parser.add_argument("--screen", nargs="+", choices=list(FELTS), default=list(FELTS))
    args = parser.parse_args(argv)
    print(f"{args.count} end-of-hand positions and every play of {args.hands} hands per "
          f"geometry and number of players, seeds from {args.seed}")
    print(f"{'geometry':13} {'screen':8} {'pl':>2} {'n':>4} {'tiles':>5} {'max':>3} "
          f"{'moved':>5} {'gap':>5} {'gap/s':>5} {'tile':>5} {'<16':>3} {'zoomed':>6} {'end':>5} "
          f"{'chooser':>7} {'hand':>7} {'ovl':>3} {'out':>3}")
    for geometry in args.geometry or list(GEOMETRIES):
        for players in args.players:
            ends = positions(geometry, args.count, players, args.seed)
            for screen in args.screen:
                st = stability(geometry, screen, args.hands, players, args.seed)
                m = measure(ends + st["views"], screen, players)
                hand = f"{m['hand px']}x{2 * m['hand px']}"
                print(f"{geometry:13} {SCREENS[screen]:8} {players:>2} {m['n']:>4} "
                      f"{m['tiles']:>5.1f} {m['max tiles']:>3} {st['moved']:>5.2f} "
                      f"{m['gap px']:>5.1f} {m['gap units']:>5.2f} {m['tile px']:>5.1f} "
                      f"{m['small']:>3} "
                      f"{m['zoomed px']:>6.1f} {m['target px']:>5.1f} {m['chooser']:>7} "
                      f"{hand:>7} {m['overlaps']:>3} {m['out']:>3}")


if __name__ == "__main__":
    main()
