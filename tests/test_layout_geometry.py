"""The layout's geometry over many real positions of long hands (crosses, double crosses,
triangles, the triangle's fourth side and lines, played by the engine to the end and tile
by tile; 3, 4 and 5 players), in both designs: nothing overlaps, nothing leaves the layout
area, every tile touches the one before it, doubles lie as R63 says, every end can be
clicked (a target of at least 24 screen px on the smallest screen of its design, clear of
the other ends' targets) and the SVG carries those targets; and MicroPython places and
draws these positions exactly as CPython does.

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

from bench.layout_quality import GEOMETRIES, SCREEN_SCALE, hand_views, inside, overlap

SVG = "{http://www.w3.org/2000/svg}"
MODES = ["wide", "narrow"]
EPS = 1e-6


def long_positions(geometry: str, hands: int = 30, start: int = 5000) -> list[dict]:
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


def tile_by_tile(geometry: str, hands: int = 2, start: int = 7000) -> list[dict]:
    """Every position (after each tile) of a few 5-player hands of the geometry."""
    out = []
    for seed in range(start, start + hands):
        out += [v for v in hand_views(geometry, 5, seed) if v["hand"].get("layout")]
    return out


POSITIONS = {g: long_positions(g) + tile_by_tile(g) for g in GEOMETRIES}


def within(a, area) -> bool:
    """Inside the area (x, y, w, h), as the bench's `inside` takes corners."""
    x, y, w, h = area
    return inside(a, (x, y, x + w, y + h), EPS)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("geometry", list(GEOMETRIES))
def test_long_layouts_fit_the_area_without_overlaps(geometry, mode):
    for view in POSITIONS[geometry]:
        d = render_table.dims(mode, view["players"])
        tiles, ends, _, placement, unit = render_layout.layout_boxes(view, d)
        where = f"{geometry}/{mode}/seed {view['seed']}/{len(tiles) - 1} tiles"
        assert placement["fits"], where
        assert unit >= 4, where
        drawn = tiles + ends  # every end is drawn, open or locked
        for a, b in itertools.combinations(drawn, 2):
            assert not overlap(a, b, EPS), f"{where}: {a} overlaps {b}"
        for b in drawn:
            assert within(b, d["area"]), f"{where}: {b} leaves the area {d['area']}"


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("geometry", list(GEOMETRIES))
def test_arms_never_touch_tiles_shrink_first_and_below_legible_the_layout_zooms(geometry, mode):
    """Tiles shrink before two arms run alongside or touch: never do they touch. A larger
    legible tile would have made them touch in the area's whole grid (or, where that one
    needs zoom, in a smaller grid too: `smaller`); below the legible minimum the placement
    says "zoom" and the table draws it zoomable (render_table.layout_svg)."""
    words = web_views.words("en")
    for view in POSITIONS[geometry]:
        d = render_table.dims(mode, view["players"])
        _, _, _, placement, unit = render_layout.layout_boxes(view, d)
        assert not layout_geometry.touching(placement), view["seed"]
        ax, ay, aw, ah = d["area"]
        layout = view["hand"]["layout"]
        prep = layout_geometry.prepare(layout)
        turns = [1] if prep["shape"] == "line" else [1, -1]
        gx, gy, gx1, gy1 = placement["bounds"]
        whole = (gx1 - gx, gy1 - gy) == (int(aw / unit), int(ah / unit))
        # Only a layout that needs zoom in the whole grid is laid in a smaller one.
        least = layout_geometry.legible(d["unit"])
        assert whole or layout_geometry.whole_grid(layout, prep, turns, aw, ah, d["unit"], 4,
                                                   least)[0]["zoom"], view["seed"]
        for larger in range(unit + 1, d["unit"] + 1):
            tried, got = layout_geometry.whole_grid(layout, prep, turns, aw, ah, larger,
                                                    larger, larger)
            assert layout_geometry.touching(tried) or not tried["fits"], (view["seed"], larger)
            if not whole:
                assert layout_geometry.smaller(layout, prep, turns, aw, ah, larger,
                                               larger) is None, (view["seed"], larger)
        below = unit < layout_geometry.legible(d["unit"])
        assert placement["zoom"] == below, (view["seed"], unit)
        svg = render_table.table_svg(view, {}, mode, words)
        assert ('id="layout-zoom"' in svg) == below
        assert ('data-cmd="zoom-in"' in svg) == below


def chosen_layout(seed: int, announce: str, step: int, players: int = 4) -> dict:
    """The layout before the person's `step`-th action in a hand where every seat plays
    as web_views.chooser does (beginner's table, `seed`)."""
    import random

    from nos.app import Table
    from nos.observation import Observation

    rng = random.Random(seed)
    table = Table(players, seed=seed, level="beginner")
    player = web_views.chooser(announce, rng)
    table._bot = player  # noqa: SLF001 - the scripted player in every computer seat
    view = table.start()
    for _ in range(step):
        while view["waiting_for"] == "bot":
            view = table.bot_act()
        view = table.act(str(player(Observation(table.hand, table.human))))
    while view["waiting_for"] == "bot":
        view = table.bot_act()
    return view["hand"]["layout"]


def test_a_taller_area_does_not_need_zoom_where_a_shorter_one_is_legible():
    """The arms' regions follow the grid's shape. This 19-tile double cross touched itself
    in the whole grid of the phone's tallest layout area (376 x 370) at every unit down to
    9, below the legible 11 (zoom), while the 40 units shorter area laid it apart at the
    design's unit 16: now a grid a few rows or columns smaller is tried before zoom, and
    the layout lies centred in the area."""
    layout = chosen_layout(4, "3", 10)
    assert sum(len(a["tiles"]) for a in layout["arms"]) == 19
    tall, short = render_table.dims("narrow", 4), render_table.dims("narrow", 4, 540)
    (_, _, aw, ah), unit = tall["area"], tall["unit"]
    prep = layout_geometry.prepare(layout)
    whole, u = layout_geometry.whole_grid(layout, prep, [1, -1], aw, ah, unit, 4,
                                          layout_geometry.legible(unit))
    assert (u, whole["zoom"]) == (9, True)
    for d in (short, tall):
        placement, u = layout_geometry.fit(layout, d["area"][2], d["area"][3], unit)
        assert (u, placement["zoom"], placement["fits"]) == (16, False, True)
        assert not layout_geometry.touching(placement)
    gx, gy, gx1, gy1 = placement["bounds"]
    assert gy1 - gy < int(ah / 16)
    view = {"players": 4, "hand": {"layout": layout, "phase": "play"}}
    assert 'id="layout-zoom"' not in render_table.table_svg(view, {}, "narrow",
                                                            web_views.words("en"))


def test_fit_remembers_its_latest_results():
    """The page redraws one layout often; a fit is worked out once for a layout and area."""
    layout = chosen_layout(4, "3", 10)
    layout_geometry.FITTED.clear()
    first = layout_geometry.fit(layout, 376, 370, 16)
    assert layout_geometry.fit(json.loads(json.dumps(layout)), 376, 370, 16) is first
    assert layout_geometry.fit(layout, 376, 350, 16) is not first
    assert len(layout_geometry.FITTED) == 2
    for k in range(layout_geometry.FITTED_MOST + 1):
        layout_geometry.fit(layout, 300 + k, 370, 16)
    assert len(layout_geometry.FITTED) <= layout_geometry.FITTED_MOST


@pytest.mark.parametrize("geometry", list(GEOMETRIES))
def test_each_tile_touches_the_one_before_it(geometry):
    """The chain of each arm is unbroken: its first tile touches the set tile, every other
    tile the tile before it, and the end the arm's last tile, whatever turns it takes."""

    def touch(a, b):
        return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]

    for mode in MODES:
        for view in POSITIONS[geometry]:
            d = render_table.dims(mode, view["players"])
            _, _, aw, ah = d["area"]
            hand = view["hand"]
            placement, _ = layout_geometry.fit(hand["layout"], aw, ah, d["unit"])
            last = {}
            count = {}
            for t in placement["tiles"]:
                before = last.get(t["arm"], placement["set"]["box"])
                assert t["index"] == count.get(t["arm"], 0)  # each arm's tiles in order
                assert touch(before, t["box"]), (geometry, mode, view["seed"], t)
                last[t["arm"]] = t["box"]
                count[t["arm"]] = t["index"] + 1
            for i, end in enumerate(placement["ends"]):
                assert touch(last.get(i, placement["set"]["box"]), end["box"])


def test_doubles_lie_as_r63_says_in_long_layouts():
    for geometry in GEOMETRIES:
        for view in POSITIONS[geometry]:
            d = render_table.dims("narrow", view["players"])
            _, _, aw, ah = d["area"]
            hand = view["hand"]
            placement, _ = layout_geometry.fit(hand["layout"], aw, ah, d["unit"])
            for t in placement["tiles"]:
                a, _, b = t["tile"].partition("-")
                x0, y0, x1, y1 = t["box"]
                along = x1 - x0 if t["dir"] in (1, 3) else y1 - y0
                across = y1 - y0 if t["dir"] in (1, 3) else x1 - x0
                crosswise = a == b and t["matching"] == "ordinary"
                assert (along, across) == ((2, 4) if crosswise else (4, 2)), t


def test_r42_r63_an_end_awaiting_its_double_lies_where_that_double_will():
    """On a double cross, an arm's end that must take its double next under ordinary
    matching is drawn crosswise, straight on, where that double will lie (it was drawn as a
    tile turning the corner, and the double then came elsewhere); an empty arm's end lies
    along it."""
    from nos.position import Position

    layout = Position.parse("512.494.494_a66_3_61c.-.-.60b_play-a_n4.n5.n4_b12").hand() \
        .layout.to_json()
    placement, _ = layout_geometry.fit(layout, 600, 400, 20)
    shapes = []
    for arm, end in zip(layout["arms"], placement["ends"], strict=True):
        x0, y0, x1, y1 = end["box"]
        along = x1 - x0 if end["dir"] in (1, 3) else y1 - y0
        across = y1 - y0 if end["dir"] in (1, 3) else x1 - x0
        shapes.append((arm["needs_double"], end["dir"], (along, across)))
    # North and west await the 1-1 and the 0-0, straight on; east and south are empty.
    assert shapes == [(True, 0, (2, 4)), (False, 1, (4, 2)), (False, 2, (4, 2)),
                      (True, 3, (2, 4))]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("geometry", list(GEOMETRIES))
def test_every_end_has_a_big_enough_target_of_its_own(geometry, mode):
    """At least 24 px wide and high on the smallest screen of the design, inside the area,
    over its own marker, and clear of the other ends' targets."""
    for view in POSITIONS[geometry]:
        d = render_table.dims(mode, view["players"])
        _, ends, hits, _, _ = render_layout.layout_boxes(view, d)
        for end, hit in zip(ends, hits, strict=True):
            for side in (hit[2] - hit[0], hit[3] - hit[1]):
                assert side * SCREEN_SCALE[mode] >= 24 - EPS, (geometry, mode, hit)
            assert within(hit, d["area"])
            middle = ((end[0] + end[2]) / 2, (end[1] + end[3]) / 2)
            assert hit[0] <= middle[0] <= hit[2] and hit[1] <= middle[1] <= hit[3]
        for a, b in itertools.combinations(hits, 2):
            assert not overlap(a, b, EPS), (geometry, mode, view["seed"], a, b)


def test_the_svg_carries_the_end_targets():
    """Each end's group holds an invisible box that takes clicks and drops (main.py looks
    for the group with data-arm), exactly the target of layout_boxes."""
    for geometry in GEOMETRIES:
        for view in POSITIONS[geometry][:6]:
            for mode in MODES:
                arms = view["hand"]["layout"]["arms"]
                ui = {"selected": "6-6", "targets": [i for i, a in enumerate(arms) if a["open"]]}
                w = web_views.words("en", view)
                root = ET.fromstring(render_table.table_svg(view, ui, mode, w))
                groups = [g for g in root.iter(SVG + "g")
                          if "end" in (g.get("class") or "").split()]
                assert len(groups) == len(arms)
                hits = render_layout.layout_boxes(view, render_table.dims(mode, view["players"]))[2]
                for g, hit in zip(groups, hits, strict=True):
                    rects = [r for r in g.iter(SVG + "rect") if r.get("class") == "end-hit"]
                    assert len(rects) == 1
                    r = rects[0]
                    assert r.get("fill-opacity") == "0" and r.get("fill") not in (None, "none")
                    box = [float(r.get(k)) for k in ("x", "y", "width", "height")]
                    want = [hit[0], hit[1], hit[2] - hit[0], hit[3] - hit[1]]
                    assert box == pytest.approx(want, abs=0.06)


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
        for mode in ("wide", "narrow"):
            d = render_table.dims(mode, view["players"])
            placement, unit = layout_geometry.fit(hand["layout"],
                                                d["area"][2], d["area"][3], d["unit"])
            out.append([unit, placement["bounds"], [t["box"] for t in placement["tiles"]],
                        [e["box"] for e in placement["ends"]]])
            arms = hand["layout"]["arms"]
            out.append(render_table.table_svg(view, {"selected": "6-6", "targets": list(
                range(len(arms)))}, mode, w))
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
