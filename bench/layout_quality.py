"""How well the table draws long layouts: figures per geometry and screen mode over real
positions played by the engine.

    .venv/bin/python -m bench.layout_quality [--count 200] [--hands 40] [--players 5]
        [--seed 0] [--geometry cross ...] [--web DIR]

`--web DIR` measures another copy of the main-thread modules (render_svg, layout_geometry,
table...), e.g. the code before a change, with the same positions.

Positions: for each seed a later hand (R5: the player on set chooses which double to set) is
dealt with the wanted set double in seat 0's hand; seat 0 sets it and announces a game of the
geometry (line; cross; double cross; triangle; triangle, then the fourth side), and then
every seat plays a random legal tile whenever it can (never closing), else draws, passes or
waits, to the end of the hand. The layout is drawn by web/draw/render_table.py in each mode ("wide"
1000 x 600, "narrow" 400 x 580) as it lies at the end of `--count` hands, and after every
tile of `--hands` hands (for the last two columns).

Columns (per geometry and mode):

- n, tiles, max: positions, the mean and the largest number of tiles on the table;
- long min, long med: a tile's long side in drawing units (viewBox px; the narrow design is
  shown at about 0.9 px per unit on a 360 px phone): the smallest over all positions, and
  the median;
- used, w, h: the layout's bounding box (tiles and end markers) as a share of the layout
  area, and of its width and height (medians);
- reach, r min: for each arm that turns, how far its first straight run got from the set
  tile, as a share of the room to the area's edge in that direction (1.0: it turned only at
  the edge): the mean and the smallest;
- ovl, out: positions in which two tiles or end markers overlap, or one leaves the area;
- touch, gap: positions in which tiles of two different arms touch (less than 0.05 units
  apart; the set tile belongs to no arm), and the smallest gap between tiles of different
  arms over all positions, in screen px at 360 x 640 (narrow) and 1280 x 800 (wide), the
  table's scale there as tests/e2e/test_fit.py's screens draw it (SCREEN_AT);
- tile px: the smallest tile's short side in screen px at those screens;
- zoom, zoomed: positions drawn whole with tiles below the legible minimum, which the
  person may zoom into and pan (web/draw/layout_zoom.py), and the smallest tile's short
  side in screen px once each of those is zoomed fully in;
- tgt px, clash: the smallest side of an end's clickable target in screen px, with the
  narrow design 360 px wide and the wide one 674 px wide (a 700 px window, the narrowest
  that gets the wide design); positions in which two ends' targets overlap;
- moved, resc: the share of plays after which a tile already on the table moved on the
  screen, and after which the tiles changed size.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# --web DIR measures another copy of the main-thread modules (e.g. the code before a change).
# A web/ laid out in folders (draw/, page/, words/) or, before that, flat.
WEB = sys.argv[sys.argv.index("--web") + 1] if "--web" in sys.argv[:-1] else str(ROOT / "web")
sys.path[:0] = [str(Path(WEB) / f) for f in ("draw", "page", "words")] + [WEB, str(ROOT / "nos")]

try:
    import render_layout as layout_drawing  # noqa: E402
    import render_table as table  # noqa: E402
    layout_drawing.layout_boxes  # noqa: B018 - a flat web/ has another render_layout
except (ImportError, AttributeError):
    import table  # noqa: E402
    layout_drawing = table

from nos.actions import Announce, Play, Set  # noqa: E402
from nos.deal import Deal  # noqa: E402
from nos.hand import Hand  # noqa: E402
from nos.observation import Observation  # noqa: E402
from nos.tiles import ALL_TILES, Tile  # noqa: E402

# The announcements (as their text starts) of each geometry, and the set doubles they allow.
GEOMETRIES = {
    "line": (["1", "4", "11 ordinary", "11 matador", "12 line"], "any"),
    "cross": (["2", "5", "7", "9", "12 cross", "17 cross"], "not blank"),
    "double cross": (["3", "6", "8", "10", "12 doublecross", "17 doublecross"], "not blank"),
    "triangle": (["13", "14", "15"], "blank"),
    "triangle+4": (["16"], "blank"),
}
# Screen px per drawing unit at the smallest screen of each design (see the docstring).
SCREEN_SCALE = {"narrow": 360 / 400, "wide": 674 / 1000}
# Screen px per drawing unit at 360 x 640 (narrow) and 1280 x 800 (wide), as the page draws
# the table there (measured in the browser: docs/performance.md, "a table that fits the
# screen").
SCREEN_AT = {"narrow": 0.60, "wide": 0.87}
NAMES = ["You", "Anna", "Bram", "Cor", "Dirk"]


def _wanted(announce: Announce, prefix: str) -> bool:
    text = str(announce.game)
    return text == prefix or text.startswith(prefix + " ")


def _view(hand: Hand, players: int, seed: int) -> dict:
    obs = Observation(hand, 0).to_json()
    obs["legal"] = []
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


def reach(placement: dict, boxes: list[tuple], area: tuple) -> list[float]:
    """For each arm that turns: how far its first straight run got from the set tile's
    centre, over the room from there to the area's edge in that direction (drawing units;
    `boxes` are the drawn tiles, the set tile first, `area` is (x0, y0, x1, y1))."""
    s = boxes[0]
    cx, cy = (s[0] + s[2]) / 2, (s[1] + s[3]) / 2
    by_arm: dict[int, list[tuple[dict, tuple]]] = {}
    for t, b in zip(placement["tiles"], boxes[1:], strict=True):
        by_arm.setdefault(t["arm"], []).append((t, b))
    out = []
    for tiles in by_arm.values():
        tiles.sort(key=lambda tb: tb[0]["index"])
        first = tiles[0][0]["dir"]
        turn = next((k for k, (t, _) in enumerate(tiles) if t["dir"] != first), None)
        if not turn:  # never turned (or the very first tile already did: no straight run)
            continue
        b = tiles[turn - 1][1]
        far = [cy - b[1], b[2] - cx, b[3] - cy, cx - b[0]][first]
        room = [cy - area[1], area[2] - cx, area[3] - cy, cx - area[0]][first]
        out.append(far / room)
    return out


def gap(a, b) -> float:
    """The distance between two boxes (0 when they touch or overlap)."""
    dx = max(a[0] - b[2], b[0] - a[2], 0.0)
    dy = max(a[1] - b[3], b[1] - a[3], 0.0)
    return (dx * dx + dy * dy) ** 0.5


def arm_gap(placement: dict, boxes: list[tuple]) -> float | None:
    """The smallest gap between tiles of two different arms (`boxes`: the set tile first)."""
    arms = [t["arm"] for t in placement["tiles"]]
    tiles = boxes[1:]
    found = None
    for i, a in enumerate(tiles):
        for j in range(i + 1, len(tiles)):
            if arms[i] != arms[j]:
                g = gap(a, tiles[j])
                found = g if found is None else min(found, g)
    return found


def measure(views: list[dict], mode: str) -> dict:
    scale = SCREEN_SCALE[mode]
    sizes, used, used_w, used_h, reaches, counts = [], [], [], [], [], []
    overlapping = outside = target_clash = touching = zoomable = 0
    target_min = gap_min = short_min = zoomed_min = None
    for view in views:
        d = table.dims(mode, view["players"])
        ax, ay, aw, ah = d["area"]
        area = (ax, ay, ax + aw, ay + ah)
        tiles, ends, hits, placement, unit = layout_drawing.layout_boxes(view, d)
        counts.append(len(tiles))
        longs = [max(b[2] - b[0], b[3] - b[1]) for b in tiles]
        sizes.append(min(longs))
        short = min(min(b[2] - b[0], b[3] - b[1]) for b in tiles)
        short_min = short if short_min is None else min(short_min, short)
        if placement.get("zoom"):  # drawn whole below legible: the person may zoom in
            zoomable += 1
            short *= d["unit"] / unit
        zoomed_min = short if zoomed_min is None else min(zoomed_min, short)
        between = arm_gap(placement, tiles)
        if between is not None:
            touching += between < 0.05
            gap_min = between if gap_min is None else min(gap_min, between)
        shapes = tiles + ends  # every end marker is drawn, open or locked
        if any(overlap(a, b) for i, a in enumerate(shapes) for b in shapes[i + 1:]):
            overlapping += 1
        if any(not inside(b, area) for b in tiles + ends):
            outside += 1
        if any(overlap(a, b) for i, a in enumerate(hits) for b in hits[i + 1:]):
            target_clash += 1
        for h in hits:
            side = min(h[2] - h[0], h[3] - h[1]) * scale
            target_min = side if target_min is None else min(target_min, side)
        allb = tiles + ends
        x0 = min(b[0] for b in allb)
        y0 = min(b[1] for b in allb)
        x1 = max(b[2] for b in allb)
        y1 = max(b[3] for b in allb)
        used.append((x1 - x0) * (y1 - y0) / (aw * ah))
        used_w.append((x1 - x0) / aw)
        used_h.append((y1 - y0) / ah)
        reaches += reach(placement, tiles, area)
    return {
        "n": len(views), "tiles": sum(counts) / len(counts), "max tiles": max(counts),
        "long min": min(sizes), "long median": median(sizes),
        "used": median(used), "used w": median(used_w), "used h": median(used_h),
        "reach mean": sum(reaches) / len(reaches) if reaches else 1.0,
        "reach min": min(reaches) if reaches else 1.0,
        "overlaps": overlapping, "out": outside,
        "target px": target_min or 0.0, "target clash": target_clash,
        "touching": touching, "gap px": (gap_min or 0.0) * SCREEN_AT[mode],
        "tile px": (short_min or 0.0) * SCREEN_AT[mode], "zoom": zoomable,
        "zoomed px": (zoomed_min or 0.0) * SCREEN_AT[mode],
    }


def stability(geometry: str, mode: str, hands: int, players: int, start: int) -> dict:
    """Over `hands` hands, tile by tile: the share of plays after which a tile already on
    the table moved on the screen, and the share after which the tiles changed size."""
    plays = moved = rescaled = 0
    seed = start
    done = 0
    while done < hands:
        views = hand_views(geometry, players, seed)
        seed += 1
        layout = views[-1]["hand"].get("layout")
        if not layout or layout["game"].split()[0] not in {
                p.split()[0] for p in GEOMETRIES[geometry][0]}:
            continue
        done += 1
        before = None
        for view in views:
            if not view["hand"].get("layout"):
                continue
            d = table.dims(mode, view["players"])
            tiles, _, _, placement, unit = layout_drawing.layout_boxes(view, d)
            now = {(t["arm"], t["index"]): b for t, b in zip(placement["tiles"], tiles[1:],
                                                               strict=True)}
            now["set"] = tiles[0]
            if before is not None:
                plays += 1
                old, old_unit = before
                moved += any(now[k] != b for k, b in old.items() if k in now)
                rescaled += unit != old_unit
            before = (now, unit)
    return {"moved": moved / max(plays, 1), "rescaled": rescaled / max(plays, 1)}


def median(values: list[float]) -> float:
    s = sorted(values)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--hands", type=int, default=40, help="hands played tile by tile "
                        "for the stability figures")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--geometry", action="append", choices=list(GEOMETRIES))
    parser.add_argument("--web", help="the directory of the web/ modules to measure")
    args = parser.parse_args(argv)
    head = (f"{'geometry':13} {'mode':6} {'n':>4} {'tiles':>5} {'max':>3} {'long min':>8} "
            f"{'long med':>8} {'used':>5} {'w':>5} {'h':>5} {'reach':>5} {'r min':>5} "
            f"{'ovl':>3} {'out':>3} {'tgt px':>6} {'clash':>5} {'moved':>5} {'resc':>5} "
            f"{'touch':>5} {'gap':>5} {'tile px':>7} {'zoom':>4} {'zoomed':>6}")
    print(f"{args.count} end-of-hand positions per geometry, {args.players} players, "
          f"seeds from {args.seed}")
    print(head)
    for geometry in args.geometry or list(GEOMETRIES):
        views = positions(geometry, args.count, args.players, args.seed)
        for mode in ("wide", "narrow"):
            m = measure(views, mode)
            st = stability(geometry, mode, args.hands, args.players, args.seed)
            print(f"{geometry:13} {mode:6} {m['n']:>4} {m['tiles']:>5.1f} {m['max tiles']:>3} "
                  f"{m['long min']:>8.1f} {m['long median']:>8.1f} {m['used']:>5.2f} "
                  f"{m['used w']:>5.2f} {m['used h']:>5.2f} {m['reach mean']:>5.2f} "
                  f"{m['reach min']:>5.2f} {m['overlaps']:>3} {m['out']:>3} "
                  f"{m['target px']:>6.1f} {m['target clash']:>5} {st['moved']:>5.2f} "
                  f"{st['rescaled']:>5.2f} {m['touching']:>5} {m['gap px']:>5.1f} "
                  f"{m['tile px']:>7.1f} {m['zoom']:>4} {m['zoomed px']:>6.1f}")


if __name__ == "__main__":
    main()
