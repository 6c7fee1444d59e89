"""The layout's geometry over many real positions (crosses, double crosses, triangles, the
triangle's fourth side and lines, played by the engine to the end and tile by tile; 3, 4
and 5 players), in the felt the page gives the layout on a 360 x 640 phone and a 1280 x 800
screen: a placed tile never moves (its place is planned once for the hand and the screen),
arms keep half a tile's short side apart, nothing overlaps or leaves the felt, every tile
touches the one before it, doubles lie as R63 says, every end can be clicked (44 px where
the ends lie apart) and the SVG carries those targets; and MicroPython places and draws
these positions exactly as CPython does.

The positions come from bench/layout_quality.py (which prints the quality figures), with
other seeds than the benchmark's."""

from __future__ import annotations

import itertools
import json
import shutil
import subprocess
import xml.etree.ElementTree as ET

import layout_geometry
import pytest
import render_layout
import render_table
import web_views
from web_views import MAIN_THREAD_MODULES, ROOT

from bench.layout_quality import FELTS, GEOMETRIES, arm_gap, drawn, hand_views, inside, overlap

SVG = "{http://www.w3.org/2000/svg}"
SCREENS = list(FELTS)
EPS = 1e-6


def long_positions(geometry: str, hands: int = 24, start: int = 5000) -> list[dict]:
    """The end of `hands` hands of the geometry, with 5, 4 and 3 players in turn."""
    out = []
    seed = start
    wanted = {p.split()[0] for p in GEOMETRIES[geometry][0]}
    while len(out) < hands:
        players = (5, 4, 3)[seed % 3]
        view = hand_views(geometry, players, seed, every_play=False)[-1]
        seed += 1
        layout = view["hand"].get("layout")
        if layout and layout["game"].split()[0] in wanted:
            out.append(view)
    return out


def tile_by_tile(geometry: str, hands: int = 2, start: int = 7000) -> list[list[dict]]:
    """Every position (after each tile) of a few hands of the geometry, hand by hand."""
    return [[v for v in hand_views(geometry, (5, 4, 3)[seed % 3], seed)
             if v["hand"].get("layout")] for seed in range(start, start + hands)]


POSITIONS = {g: long_positions(g) for g in GEOMETRIES}
HANDS = {g: tile_by_tile(g) for g in GEOMETRIES}


def every_position(geometry: str) -> list[dict]:
    return POSITIONS[geometry] + [v for hand in HANDS[geometry] for v in hand]


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("geometry", list(GEOMETRIES))
def test_a_placed_tile_never_moves(geometry, screen):
    """Tile by tile through whole hands: every tile keeps its place relative to the set
    tile (the picture may only be scaled and moved as a whole: its frame)."""
    for hand in HANDS[geometry]:
        players = hand[0]["players"]
        seen = {}
        for view in hand:
            placement = drawn(view, screen, players)[3]
            for t in placement["tiles"]:
                key = (t["arm"], t["index"])
                assert seen.setdefault(key, t["box"]) == t["box"], (geometry, view["seed"], t)


def test_the_plan_is_the_games_and_the_rooms_not_the_tiles():
    """What the plan depends on: the shape, the arms, how the set tile lies and the room;
    the same game with other tiles down gets the very same plan (remembered, shared)."""
    a, b = POSITIONS["cross"][0], POSITIONS["cross"][1]
    la, lb = a["hand"]["layout"], b["hand"]["layout"]
    assert layout_geometry.plan_key(la, 300, 250, 8, 14) == layout_geometry.plan_key(
        lb, 300, 250, 8, 14)
    assert layout_geometry.plan(la, 300, 250) is layout_geometry.plan(lb, 300, 250)
    assert layout_geometry.plan(la, 300, 251) is not layout_geometry.plan(la, 300, 250)
    line = POSITIONS["line"][0]["hand"]["layout"]
    assert layout_geometry.plan_key(line, 300, 250, 8, 14) != layout_geometry.plan_key(
        la, 300, 250, 8, 14)
    for k in range(layout_geometry.PLANS_MOST + 2):
        layout_geometry.plan(la, 200 + k, 250)
    assert len(layout_geometry.PLANS) <= layout_geometry.PLANS_MOST


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("geometry", list(GEOMETRIES))
def test_arms_keep_apart_and_nothing_overlaps_or_leaves_the_felt(geometry, screen):
    """Tiles of two arms at least half a tile's short side apart (a grid unit); no two
    tiles or ends overlap; every tile and end inside the felt."""
    for view in every_position(geometry):
        players = view["players"]
        w, h = FELTS[screen][players]
        tiles, ends, _, placement, _, _ = drawn(view, screen, players)
        between = arm_gap(placement)
        assert between is None or between >= 1, (geometry, view["seed"], between)
        shapes = tiles + ends
        for a, b in itertools.combinations(shapes, 2):
            assert not overlap(a, b), (geometry, screen, view["seed"], a, b)
        for b in shapes:
            assert inside(b, (0, 0, w, h)), (geometry, screen, view["seed"], b)


@pytest.mark.parametrize("geometry", list(GEOMETRIES))
def test_each_tile_touches_the_one_before_it(geometry):
    """The chain of each arm is unbroken: its first tile touches the set tile, every other
    tile the tile before it, and the end the arm's last tile, whatever turns it takes."""

    def touch(a, b):
        return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]

    for screen in SCREENS:
        for view in every_position(geometry):
            placement = drawn(view, screen, view["players"])[3]
            last, count = {}, {}
            for t in placement["tiles"]:
                before = last.get(t["arm"], placement["set"]["box"])
                assert t["index"] == count.get(t["arm"], 0)  # each arm's tiles in order
                assert touch(before, t["box"]), (geometry, screen, view["seed"], t)
                last[t["arm"]] = t["box"]
                count[t["arm"]] = t["index"] + 1
            for i, end in enumerate(placement["ends"]):
                assert touch(last.get(i, placement["set"]["box"]), end["box"])


def test_an_arm_runs_straight_out_to_the_edge_of_its_room_before_it_turns():
    """An arm turns only where it must: its first straight run reaches within a tile of
    the plan's room (or of its own region's side) before its first turn."""
    for geometry in GEOMETRIES:
        for view in POSITIONS[geometry]:
            w, h = FELTS["phone"][view["players"]]
            layout = view["hand"]["layout"]
            plan = render_layout.room_plan(layout, (w, h))
            placement = layout_geometry.place(layout, plan)
            for arm in range(len(layout["arms"])):
                tiles = [t for t in placement["tiles"] if t["arm"] == arm]
                turn = next((k for k, t in enumerate(tiles) if t["dir"] != tiles[0]["dir"]),
                            None)
                if not turn:
                    continue
                d = tiles[0]["dir"]
                b = tiles[turn - 1]["box"]
                region = plan["regions"][arm % len(plan["regions"])]
                left = [b[1] - region[1], region[2] - b[2], region[3] - b[3],
                        b[0] - region[0]][d]
                assert left < layout_geometry.LONG + layout_geometry.SHORT, (
                    geometry, view["seed"], arm, left)


def test_doubles_lie_as_r63_says_in_long_layouts():
    for geometry in GEOMETRIES:
        for view in POSITIONS[geometry]:
            placement = drawn(view, "phone", view["players"])[3]
            for t in placement["tiles"]:
                a, _, b = t["tile"].partition("-")
                x0, y0, x1, y1 = t["box"]
                along = x1 - x0 if t["dir"] in (1, 3) else y1 - y0
                across = y1 - y0 if t["dir"] in (1, 3) else x1 - x0
                crosswise = a == b and t["matching"] == "ordinary"
                assert (along, across) == ((2, 4) if crosswise else (4, 2)), t


def test_r42_r63_an_end_awaiting_its_double_lies_where_that_double_will():
    """On a double cross, an arm's end that must take its double next under ordinary
    matching is drawn crosswise, straight on, where that double will lie; an empty arm's
    end lies along it."""
    from nos.position import Position

    layout = Position.parse("512.494.494_a66_3_61c.-.-.60b_play-a_n4.n5.n4_b12").hand() \
        .layout.to_json()
    placement = layout_geometry.place(layout, layout_geometry.plan(layout, 600, 400, 8, 20))
    shapes = []
    for arm, end in zip(layout["arms"], placement["ends"], strict=True):
        x0, y0, x1, y1 = end["box"]
        along = x1 - x0 if end["dir"] in (1, 3) else y1 - y0
        across = y1 - y0 if end["dir"] in (1, 3) else x1 - x0
        shapes.append((arm["needs_double"], end["dir"], (along, across)))
    # North and west await the 1-1 and the 0-0, straight on; east and south are empty.
    assert shapes == [(True, 0, (2, 4)), (False, 1, (4, 2)), (False, 2, (4, 2)),
                      (True, 3, (2, 4))]


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("geometry", list(GEOMETRIES))
def test_every_end_has_a_target_of_its_own(geometry, screen):
    """Each end's clickable box lies over its own marker, inside the felt, clear of the
    other ends' boxes, and 44 px wide and high unless it meets another end's half way (the
    end chooser then offers it: render_panels)."""
    for view in every_position(geometry):
        w, h = FELTS[screen][view["players"]]
        _, ends, hits, _, _, _ = drawn(view, screen, view["players"])
        for end, hit in zip(ends, hits, strict=True):
            assert inside(hit, (0, 0, w, h))
            middle = ((end[0] + end[2]) / 2, (end[1] + end[3]) / 2)
            assert hit[0] <= middle[0] <= hit[2] and hit[1] <= middle[1] <= hit[3]
        for a, b in itertools.combinations(hits, 2):
            assert not overlap(a, b, EPS), (geometry, screen, view["seed"], a, b)
        alone = [hit for k, hit in enumerate(hits)
                 if not any(overlap(grown(hit), grown(o)) for j, o in enumerate(hits) if j != k)]
        for hit in alone:
            assert min(hit[2] - hit[0], hit[3] - hit[1]) >= render_layout.TARGET - EPS


def grown(b, by=1.0):
    return (b[0] - by, b[1] - by, b[2] + by, b[3] + by)


def test_the_svg_carries_the_end_targets():
    """Each end's group holds an invisible box that takes clicks and drops (the page looks
    for the group with data-arm), exactly the target of layout_boxes, in the felt's px."""
    for geometry in GEOMETRIES:
        for view in POSITIONS[geometry][:6]:
            players = view["players"]
            felt = FELTS["phone"][players]
            arms = view["hand"]["layout"]["arms"]
            ui = {"selected": "6-6", "targets": [i for i, a in enumerate(arms) if a["open"]],
                  "felt": felt, "plan": felt}
            root = ET.fromstring(render_table.layout_svg(view, ui, web_views.words("en", view)))
            groups = [g for g in root.iter(SVG + "g") if "end" in (g.get("class") or "").split()]
            assert len(groups) == len(arms)
            outer = [g for g in root.iter(SVG + "g") if any(
                c.get("class") == "layout-tiles" for c in g)][0]
            k = float(outer.find(SVG + "g").get("transform")[len("scale("):-1])
            tx, ty = [float(v) for v in outer.get("transform")[len("translate("):-1].split()]
            hits = drawn(view, "phone", players)[2]
            for g, hit in zip(groups, hits, strict=True):
                rects = [r for r in g.iter(SVG + "rect") if r.get("class") == "end-hit"]
                assert len(rects) == 1
                r = rects[0]
                assert r.get("fill-opacity") == "0" and r.get("fill") not in (None, "none")
                x, y, rw, rh = [float(r.get(n)) for n in ("x", "y", "width", "height")]
                got = [tx + x * k, ty + y * k, tx + (x + rw) * k, ty + (y + rh) * k]
                assert got == pytest.approx(list(hit), abs=0.25)  # (written to 0.1 unit)


def test_where_the_plan_holds_the_longest_arm_no_tile_is_below_16_px():
    """A plan that holds the longest arm the game can have (the room allowed it) shows
    every position with tiles of at least 16 px (8 px a grid unit) whole."""
    for geometry in GEOMETRIES:
        for view in every_position(geometry):
            for screen in SCREENS:
                w, h = FELTS[screen][view["players"]]
                plan = render_layout.room_plan(view["hand"]["layout"], (w, h))
                if plan["fits"]:
                    s = drawn(view, screen, view["players"])[4]
                    assert s >= render_layout.LEAST - EPS, (geometry, screen, view["seed"], s)


# ---------------------------------------------------------------- MicroPython
MJS = web_views.MICROPYTHON  # (as served)
RUNNER = ROOT / "tests" / "micropython_run.mjs"
DRIVER = '''import json
import layout_geometry
import render_table
import render_layout
from say import Words


def main(src, dst):
    with open(src) as f:
        data = json.loads(f.read())
    views, w = data["views"], Words(data["words"], 0)
    out = []
    for view in views:
        hand = view["hand"]
        for felt in ([337, 262], [892, 318]):
            room = (0, 0, felt[0], felt[1])
            placement, s, tx, ty = render_layout.layout_place(hand, room, felt)
            out.append([s, tx, ty, placement["bounds"], [t["box"] for t in placement["tiles"]],
                        [e["box"] for e in placement["ends"]]])
            arms = hand["layout"]["arms"]
            out.append(render_table.table_html(view, {"selected": "6-6", "targets": list(
                range(len(arms))), "felt": felt, "plan": felt}, w))
    with open(dst, "w") as f:
        f.write(json.dumps(out))
'''


@pytest.mark.skipif(shutil.which("node") is None or not MJS.exists(),
                    reason="needs node and the vendored MicroPython (npm ci)")
def test_micropython_places_long_layouts_exactly_as_cpython(tmp_path):
    views = []
    for geometry in GEOMETRIES:
        ranked = sorted(POSITIONS[geometry], key=lambda v: -sum(
            len(a["tiles"]) for a in v["hand"]["layout"]["arms"]))
        views += ranked[:4]
    src, dst = tmp_path / "views.json", tmp_path / "out.json"
    src.write_text(json.dumps({"views": views, "words": web_views.catalogue("en")}))
    driver = tmp_path / "mpy_driver.py"
    driver.write_text(DRIVER)
    files = [str(web_views.module_path(m)) for m in MAIN_THREAD_MODULES] + [str(driver)]
    run = subprocess.run(["node", str(RUNNER), MJS.as_uri(), str(src), str(dst), *files],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    got = json.loads(dst.read_text())
    namespace: dict = {}
    exec(compile(DRIVER, "driver", "exec"), namespace)  # noqa: S102 - the same driver here
    namespace["main"](str(src), str(tmp_path / "want.json"))
    want = json.loads((tmp_path / "want.json").read_text())
    assert len(got) == len(want)
    for k, (a, b) in enumerate(zip(got, want, strict=True)):
        assert a == b, f"output {k} differs under MicroPython"
