"""The table as drawn by web/ (SVG strings from pure functions, run here in CPython):
every geometry fits its area without overlaps, doubles lie as R63 says, open/locked/
needs-a-double ends are marked, the hand shows real pips, opponents' tiles and the
boneyard's last two are drawn (the panels: test_render_panels.py)."""

from __future__ import annotations

import itertools
import json
import random
import re
import xml.etree.ElementTree as ET

import layout_geometry
import pytest
import render_hand
import render_svg
import render_table
import ui_logic
import web_views
from web_views import GAMES, TRIANGLES, find_seed, hand_views, sample_views

from nos.app import DEFAULT_NAMES

SVG = "{http://www.w3.org/2000/svg}"
SAMPLES = sample_views()
# The English catalogue as the page uses it: every sample view's person is seat 0.
EN = web_views.words("en", {"viewer": 0, "names": list(DEFAULT_NAMES)})


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def placement_of(view: dict, mode: str):
    d = render_table.dims(mode, view["players"])
    _, _, aw, ah = d["area"]
    hand = view["hand"]
    return layout_geometry.fit(hand["layout"], aw, ah, d["unit"])


def in_grid(b: tuple, placement: dict, area: tuple, unit: int) -> bool:
    """The box lies inside the placement's grid, and the grid inside the area (px)."""
    x0, y0, x1, y1 = placement["bounds"]
    return (x0 <= b[0] and b[2] <= x1 and y0 <= b[1] and b[3] <= y1 and
            (x1 - x0) * unit <= area[2] and (y1 - y0) * unit <= area[3])


def boxes(placement) -> list[tuple]:
    return [placement["set"]["box"]] + [t["box"] for t in placement["tiles"]]


# ---------------------------------------------------------------- well-formed, both modes
@pytest.mark.parametrize("mode", ["wide", "narrow"])
def test_every_view_draws_well_formed_svg(mode):
    for label, view in SAMPLES:
        for svg in (render_table.table_svg(view, {"selected": None, "targets": []}, mode, EN),
                    render_hand.hand_svg(view, {}, mode, EN)):
            try:
                parse(svg)
            except ET.ParseError as exc:  # pragma: no cover - shows which view
                pytest.fail(f"{label}: {exc}")
            # The CSP (style-src 'self') forbids inline styles; presentation attributes
            # (fill, font-style, ...) are fine.
            assert not re.search(r"\sstyle=", svg)


def test_empty_frame_has_felt_and_play_area():
    root = parse(render_table.table_svg(None, None, "wide", EN))
    ids = {e.get("id") for e in root.iter()}
    assert {"table-svg", "table-felt", "play-area"} <= ids
    assert root.get("viewBox") == "0 0 1000 600"
    assert parse(render_table.table_svg(None, None, "narrow", EN)).get("viewBox") == "0 0 400 580"


# ---------------------------------------------------------------- geometry
@pytest.mark.parametrize("mode", ["wide", "narrow"])
@pytest.mark.parametrize("game", GAMES + TRIANGLES)
def test_layout_fits_without_overlap(game, mode):
    views = hand_views(game, find_seed(game.split()[0]))
    drawn = [v for v in views if v.get("hand") and v["hand"].get("layout")]
    assert drawn, "no layout was drawn"
    for view in drawn:
        placement, unit = placement_of(view, mode)
        assert placement["fits"], f"{game}: the layout does not fit at unit {unit}"
        bs = boxes(placement)
        for a, b in itertools.combinations(bs, 2):
            assert not layout_geometry.overlaps(a, b), f"{game}: tiles overlap: {a} {b}"
        # Ends are where the next tile goes: inside the view, clear of every tile.
        area = render_table.dims(mode, view["players"])["area"]
        assert all(in_grid(b, placement, area, unit) for b in bs)
        for arm, end in zip(view["hand"]["layout"]["arms"], placement["ends"], strict=True):
            b = end["box"]
            assert in_grid(b, placement, area, unit)
            if arm["open"]:
                assert not any(layout_geometry.overlaps(b, t) for t in bs)


def test_shapes_follow_the_game():
    shapes = {}
    for game in GAMES + TRIANGLES:
        views = hand_views(game, find_seed(game.split()[0]))
        layout = views[-1]["hand"]["layout"]
        assert layout["game"].startswith(game.split()[0]), (game, layout["game"])
        shapes[game] = (layout["shape"], len(layout["arms"]))
    assert shapes["1"] == ("line", 2) and shapes["4"] == ("line", 2)
    assert shapes["2"] == ("cross", 4) and shapes["3"] == ("cross", 4)
    assert shapes["13"] == ("triangle", 3) and shapes["14"] == ("triangle", 3)
    assert shapes["16"] == ("cross", 4)  # the triangle, then the fourth side


def line_layout(n: int, matching: str = "ordinary", double_every: int = 0) -> dict:
    """A synthetic line of n tiles on side 1 (ends need not match for the geometry)."""
    tiles = []
    for k in range(n):
        tile = "3-3" if double_every and k % double_every == 0 else "5-2"
        tiles.append([tile, 2 if tile == "5-2" else 3, k % 4, matching])
    return {"set": "6-4", "game": "1" if matching == "ordinary" else "4", "shape": "line",
            "arms": [{"name": "the 6-side", "tiles": [], "end": 6, "open": True,
                      "matching": matching, "needs_double": False},
                     {"name": "the 4-side", "tiles": tiles, "end": 2, "open": True,
                      "matching": matching, "needs_double": False}]}


@pytest.mark.parametrize("mode", ["wide", "narrow"])
@pytest.mark.parametrize("double_every", [0, 3])
def test_a_long_line_snakes_inside_the_view(mode, double_every):
    layout = line_layout(26, double_every=double_every)
    d = render_table.dims(mode)
    _, _, aw, ah = d["area"]
    placement, unit = layout_geometry.fit(layout, aw, ah, d["unit"])
    assert placement["fits"]
    dirs = [t["dir"] for t in placement["tiles"]]
    assert 2 in dirs and 3 in dirs, "the line never turned back"  # south, then west
    for b in boxes(placement) + [e["box"] for e in placement["ends"]]:
        assert in_grid(b, placement, d["area"], unit)
    for a, b in itertools.combinations(boxes(placement), 2):
        assert not layout_geometry.overlaps(a, b)
    # Corners join: each tile touches the one before it.
    for prev, cur in itertools.pairwise(placement["tiles"]):
        p, c = prev["box"], cur["box"]
        assert p[0] <= c[2] and c[0] <= p[2] and p[1] <= c[3] and c[1] <= p[3]


def placed_tiles():
    """(the view's hand, a placed tile of the wide drawing) for every sample with a layout."""
    for _, view in SAMPLES:
        hand = view.get("hand") or {}
        if hand.get("layout"):
            placement, _ = placement_of(view, "wide")
            for t in placement["tiles"]:
                yield hand, t


def test_doubles_lie_crosswise_when_ordinary_and_in_line_when_matador():
    """R63, per tile: the matching each layout tile was played under."""
    seen = set()
    for _, t in placed_tiles():
        a, _, b = t["tile"].partition("-")
        if a != b:
            continue
        x0, y0, x1, y1 = t["box"]
        along_x = t["dir"] in (1, 3)
        along, across = (x1 - x0, y1 - y0) if along_x else (y1 - y0, x1 - x0)
        if t["matching"] == "ordinary":
            assert (along, across) == (2, 4), t
        else:
            assert (along, across) == (4, 2), t
        seen.add(t["matching"])
    assert seen == {"ordinary", "matador"}


def test_tiles_show_the_right_numbers_at_their_ends():
    """The inner end faces the previous tile, the outward end faces away from the set."""
    for hand, t in placed_tiles():
        out = hand["layout"]["arms"][t["arm"]]["tiles"][t["index"]][1]
        outward = t["second"] if t["dir"] in (1, 2) else t["first"]
        assert outward == out


# ---------------------------------------------------------------- the ends
def end_groups(svg: str) -> list[ET.Element]:
    return [g for g in parse(svg).iter(SVG + "g") if "end" in (g.get("class") or "").split()]


def test_ends_marked_open_locked_and_needing_a_double():
    kinds = set()
    for _, view in SAMPLES:
        hand = view.get("hand") or {}
        layout = hand.get("layout")
        if not layout:
            continue
        groups = end_groups(render_table.table_svg(view, {}, "wide", EN))
        assert len(groups) == len(layout["arms"])
        for g, arm in zip(groups, layout["arms"], strict=True):
            cls = g.get("class").split()
            # A dead arm (R49) is crossed out, even while the cross is still locked.
            assert ("dead" in cls) == arm["dead"]
            if arm["dead"]:  # said as it is drawn, even while the cross is still locked
                assert " is dead: " in [t.text for t in g.iter(SVG + "title")][0]
            assert ("locked" in cls) == (not arm["open"] and not arm["dead"])
            live = arm["open"] and not arm["dead"]
            assert ("needs-double" in cls) == (live and arm["needs_double"])
            kinds.update(cls)
            if live:
                label = [t.text for t in g.iter(SVG + "text")][0]
                assert label == arm["label"]
    assert {"locked", "needs-double", "dead"} <= kinds


def test_r53_r62_ends_offer_no_matador_once_every_matador_is_on_the_table():
    """A triangle's opening lays all four matadors: its ends take their number only, and a
    blank end, which only a matador may take (R62), is said to be dead."""
    from helpers import act, make_hand
    from render_layout import end_title

    deal = ["0-0 1-0 2-2 3-1", "6-1 1-1 5-0 6-3", "5-2 6-6 4-1 2-1", "4-3 3-3 5-4 6-2"]
    said = {}
    for game in (13, 14):
        hand = act(make_hand(deal, setter=0), "set 0-0", f"announce {game}", "6-1@0>6",
                   "5-2@1>5", "4-3@2>4")
        if game == 13:
            act(hand, "1-0@0>0")
        said[game] = [end_title(arm, EN) for arm in hand.layout.to_json()["arms"]]
    assert said[13] == ["The first arm is dead: only a matador fits it, and every matador is "
                        "on the table already.", "The second arm takes a 2 (adds up to 7).",
                        "The third arm takes a 3 (adds up to 7)."]
    assert said[14][1] == "The second arm takes a 2 (adds up to 7); first a double."


def test_selected_tile_highlights_only_its_legal_ends():
    found = 0
    for _, view in SAMPLES:
        if view["waiting_for"] != "human" or view["hand"]["phase"] != "play":
            continue
        for tile in ui_logic.tile_actions(view):
            targets = ui_logic.targets_for(view, tile)
            svg = render_table.table_svg(view, {"selected": tile, "targets": targets}, "wide", EN)
            marked = [int(g.get("data-arm")) for g in end_groups(svg)
                      if "target" in g.get("class").split()]
            assert marked == targets
            found += 1
    assert found


def test_r60_r62_each_end_says_what_the_next_tile_must_show():
    """The engine labels each end (nos/layout.py): the number itself under ordinary matching
    (R60), the number that adds up to 7 under matador (R61), M where only a matador fits a
    blank end (R62), the double where one must come first (R42, R45), M again where that
    double is laid already under matador matching (R61)."""
    seen = set()
    for _, view in SAMPLES:
        layout = (view.get("hand") or {}).get("layout") or {}
        laid = {layout.get("set")} | {t[0] for a in layout.get("arms") or [] for t in a["tiles"]}
        laid |= {t[::-1] for t in laid if t}
        for arm in layout.get("arms") or []:
            end, matador = arm["end"], arm["matching"] == "matador"
            need = "M" if matador and end == 0 else str(7 - end if matador else end)
            if arm["needs_double"] and need != "M":
                need = "M" if matador and need + "-" + need in laid else need + "-" + need
            assert arm["label"] == need
            seen.add((matador, need == "M", "-" in need))
    assert {(True, True, False), (True, False, False), (False, False, False),
            (False, False, True)} <= seen


# ---------------------------------------------------------------- hand, seats, boneyard
def pip_count(svg: str) -> int:
    return len(re.findall(r'<circle [^>]*fill="#1f1f1f"', svg))


def test_hand_shows_real_pips():
    for _, view in SAMPLES[:40]:
        hand = view.get("hand") or {}
        tiles = hand.get("tiles", [])
        svg = render_hand.hand_svg(view, {}, "wide", EN)
        want = sum(int(a) + int(b) for a, _, b in (t.partition("-") for t in tiles))
        assert pip_count(svg) == want
        assert [g.get("data-tile") for g in parse(svg).iter(SVG + "g")
                if g.get("data-tile")] == tiles


def test_opponents_show_face_down_tiles_and_declared_doubles():
    view = SAMPLES[3][1]
    hand = view["hand"]
    view = dict(view, hand=dict(hand, declared=[[], ["6-6", "5-5"], [], []],
                                hand_sizes=[4, 4, 3, 4]))
    root = parse(render_table.table_svg(view, {}, "wide", EN))
    seat = next(g for g in root.iter(SVG + "g") if g.get("data-seat") == "1")
    declared = [g for g in seat.iter(SVG + "g") if g.get("class") == "declared"]
    assert len(declared) == 2
    backs = [r for r in seat.iter(SVG + "rect") if r.get("fill") == "#7b2d35"]
    assert len(backs) == 2  # 4 tiles, 2 of them face up
    counts = [t.text for t in seat.iter(SVG + "text") if t.get("class") == "tile-count"]
    assert counts == [EN.word("seat.tiles", {"n": 4})] == ["4 tiles"]


def test_the_person_sees_how_many_waits_they_owe():
    """R10: the label beside the person's chips counts the waits owed (plural too)."""
    view = SAMPLES[3][1]
    hand = view["hand"]
    for owed, words in (([1], "you owe 1 wait"), ([1, 2], "you owe 2 waits")):
        waits = [[] for _ in hand["waits"]]
        waits[view["viewer"]] = owed
        svg = render_table.table_svg(dict(view, hand=dict(hand, waits=waits)), {}, "wide", EN)
        assert f">{words}<" in svg


def test_boneyard_distinguishes_the_last_two():
    for _, view in SAMPLES[:30]:
        hand = view.get("hand") or {}
        if not hand:
            continue
        root = parse(render_table.table_svg(view, {}, "wide", EN))
        dead = [g for g in root.iter(SVG + "g") if g.get("class") == "dead"]
        bones = [g for g in root.iter(SVG + "g") if g.get("class") == "bone"]
        assert len(dead) == min(hand["boneyard"], 2)
        assert len(bones) == min(max(hand["boneyard"] - 2, 0), 12)


def test_whose_turn_chips_and_waits_are_shown():
    waits = 0
    for _, view in SAMPLES:
        hand = view.get("hand") or {}
        if not hand:
            continue
        svg = render_table.table_svg(view, {}, "wide", EN)
        root = parse(svg)
        chips = [t.text for t in root.iter(SVG + "text") if t.get("class") == "chips"]
        assert sorted(chips) == sorted(str(c) for c in view["chips"])
        current = [g.get("data-seat") for g in root.iter(SVG + "g")
                   if (g.get("class") or "").startswith("seat current")]
        if view["waiting_for"] == "bot" and hand["current"] != view["viewer"]:
            assert current == [str(hand["current"])]
        waits += svg.count("owes ")
    assert waits



@pytest.mark.parametrize("mode", ["wide", "narrow"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_seat_panels_keep_backs_clear_of_the_tile_count(mode, players):
    view = next(v for _, v in SAMPLES if v["players"] == 4 and v.get("hand"))
    view = dict(view, players=players, names=["You", "Anna", "Bram", "Cor", "Dirk"][:players],
                chips=[500] * players)
    for count in range(0, 15):
        hand = dict(view["hand"], hand_sizes=[count] * players, declared=[["6-6"]] * players,
                    out=[False] * players, waits=[[]] * players)
        root = parse(render_table.table_svg(dict(view, hand=hand), {}, mode, EN))
        for seat in (g for g in root.iter(SVG + "g") if g.get("data-seat")):
            label = next(t for t in seat.iter(SVG + "text") if t.get("class") == "tile-count")
            left = float(label.get("x")) - render_svg.text_width(label.text, float(
                label.get("font-size")))
            right = 0.0
            for g in seat.iter(SVG + "g"):
                if g.get("class") == "declared":
                    r = next(g.iter(SVG + "rect"))
                    right = max(right, float(r.get("x")) + float(r.get("width")))
            backs = [r for r in seat.iter(SVG + "rect") if r.get("fill") == "#7b2d35"]
            for r in backs:
                right = max(right, float(r.get("x")) + float(r.get("width")))
            for t in seat.iter(SVG + "text"):
                if (t.text or "").startswith("+"):
                    right = max(right, float(t.get("x")) + render_svg.text_width(
                        t.text, float(t.get("font-size"))))
            assert right <= left, (mode, players, count)


def test_a_tile_is_its_cached_shape_moved_into_place() -> None:
    """Tiles are drawn once per size and numbers and then only moved (the rules page draws
    34 diagrams under MicroPython): the same pips wherever a tile lies, and a bounded cache."""
    svg = render_svg.tile_face(10, 20.25, 22, 44, 5, 3, "seat-tile")
    here = parse(svg)
    there = parse(render_svg.tile_face(300.5, 7, 22, 44, 5, 3, "seat-tile"))
    assert here.get("transform") == "translate(10 20.3)"
    assert there.get("transform") == "translate(300.5 7)"
    assert [ET.tostring(c) for c in here] == [ET.tostring(c) for c in there]
    assert pip_count(svg) == 8  # 5 + 3
    back = parse(render_svg.tile_back(4, 5, 22, 44, "bone", True))
    assert back.get("class") == "bone" and back.get("transform") == "translate(4 5)"
    for size in range(render_svg.SHAPES_KEPT + 50):
        render_svg.tile_face(0, 0, 20 + size, 10, 1, 2)
    assert len(render_svg._SHAPES) <= render_svg.SHAPES_KEPT


def test_r21_at_the_hands_end_each_opponents_tiles_are_drawn_face_up():

    import render_table
    import web_views

    from nos.app import Table

    table = Table(4, seed=8, level="beginner")
    last = web_views.to_hand_end(table, table.start())
    shown = last["hand"]["open_hands"]
    w = web_views.words("en", last)
    for mode in ("wide", "narrow"):
        svg = render_table.table_svg(last, {"selected": None, "targets": []}, mode, w)
        root = ET.fromstring(svg)
        seats = {g.get("data-seat"): g for g in root.iter("{http://www.w3.org/2000/svg}g")
                 if (g.get("class") or "").startswith("seat")}
        for seat in range(4):
            if seat == table.human:
                continue
            panel = seats[str(seat)]
            faces = [g.get("data-tile") for g in panel.iter("{http://www.w3.org/2000/svg}g")
                     if g.get("class") == "open-tile"]
            assert faces == shown[seat][: len(faces)] and (faces or not shown[seat])
            if shown[seat]:
                said = w.word("seat.open", {"tiles": shown[seat]})  # "4-4, 2-1 and 0-0"
                assert said.startswith("left in hand: " + shown[seat][0])
                assert said in panel.get("aria-label")
    playing = render_table.table_svg(web_views.hand_views("1", 8)[3],
                                     {"selected": None, "targets": []}, "wide", w)
    assert "open-tile" not in playing


def test_r7_set_and_not_yet_announced_the_table_shows_the_set_tile_and_who_chooses():

    from nos.app import Table

    view = web_views.announce_view()  # the person has set; the game is theirs to announce
    tile = view["hand"]["set_tile"]
    for mode in ("wide", "narrow"):
        svg = render_table.table_svg(view, {}, mode, web_views.words("en", view))
        ET.fromstring(svg)
        assert re.search(rf'class="set-tile"[^>]*data-tile="{tile}"', svg)
        assert f"You set {tile}" in svg and "Announce the game for this hand" in svg
        assert "You are on set" not in svg
    # A computer player's set, its game not yet announced: the person sees who chooses.
    table = Table(3, seed=web_views.bots_on_set(3), level="beginner")
    view = table.start()
    while view["hand"]["phase"] != "announce":
        view = table.bot_act()
    view = json.loads(json.dumps(view))
    setter = view["hand"]["setter"]
    for lang, said in (("en", "is choosing the game"), ("nl", "kiest het spel"),
                       ("pl", "wybiera wariant gry")):
        w = web_views.words(lang, view)
        svg = render_table.table_svg(view, {}, "wide", w)
        assert f"{w.capital(w.name(setter))} {said}" in svg
        assert view["hand"]["set_tile"] in svg


def test_a_seats_name_and_pills_never_run_into_its_chips():
    from render_svg import text_width

    pills = [("otwiera", "gold"), ("poza grą", "grey")]

    def width(name, shown, psize):
        return text_width(name, 17, True) + 8 + sum(12 + len(p[0]) * psize * 0.56
                                                    for p in shown)

    assert render_table.name_and_pills("Cor", pills, 17, 11, 400) == ("Cor", pills, 11)
    for room in (200, 150, 120, 90, 60):
        name, shown, psize = render_table.name_and_pills("Bartholomew", pills, 17, 11, room)
        assert width(name, shown, psize) <= room or (len(name) <= 2 and not shown)
        assert psize == 9 and shown == pills[: len(shown)]
    name, shown, _ = render_table.name_and_pills("Bartholomew", pills, 17, 11, 150)
    assert name.endswith("…") and shown == pills  # the name gives way before a pill
    # Five players in Polish, a seat on set and out: drawn whole, within its panel.
    view = web_views.hand_views("1", find_seed("1", players=5), players=5)[-1]
    view["hand"]["setter"], view["hand"]["out"] = 2, [False, False, True, False, False]
    svg = render_table.table_svg(view, {}, "wide", web_views.words("pl", view))
    ET.fromstring(svg)
    assert ">otwiera<" in svg


@pytest.mark.parametrize("mode", ["wide", "narrow"])
def test_the_legend_of_the_ends_is_words_under_the_table_not_in_its_drawing(mode):
    """The table's legend is page text (it reads at the page's size); a phone shows none,
    and nothing is explained before a tile lies."""
    for _, view in SAMPLES:
        said = render_table.legend_text(view, mode, EN)
        laid = bool((view.get("hand") or {}).get("layout"))
        assert said == (EN.word("table.legend") if laid and mode == "wide" else "")
        assert EN.word("table.legend") not in render_table.table_svg(view, {}, mode, EN)
    assert render_table.legend_text(None, mode, EN) == ""


def test_r4_in_the_first_hand_the_table_asks_for_the_highest_double():
    """The first hand's setter must set the highest double (R4): the table's centre says
    so, as the prompt does; a later hand's setter chooses among their doubles (R5)."""

    from nos.app import Table

    table = Table(3, seed=web_views.human_on_set(3), level="beginner")
    view = json.loads(json.dumps(table.start()))
    assert view["hand"]["first_hand"] and view["hand"]["phase"] == "set"
    assert len([r for r in view["hand"]["legal"] if r["kind"] == "set"]) == 1
    svg = render_table.table_svg(view, {}, "wide", web_views.words("en", view))
    assert "Set your highest double" in svg and "Set one of your doubles" not in svg
    later = dict(view, hand=dict(view["hand"], first_hand=False))
    svg = render_table.table_svg(later, {}, "wide", web_views.words("en", later))
    assert "Set one of your doubles" in svg


def test_text_width_reads_bytes_as_the_letters_they_write():
    """text_width counts by UTF-8 byte (no one-letter strings in MicroPython): each letter,
    whatever its length in bytes, weighs what the per-letter estimate gives it."""
    def by_letter(words: str) -> float:
        total = 0.0
        for c in words:
            total += (0.86 if c in "mwMW@" else 0.34 if c in "iljtfr .,:;!|'-" else
                      0.7 if "A" <= c <= "Z" else 0.64 if "0" <= c <= "9" else 0.58)
        return total

    rng = random.Random(7)
    letters = [chr(c) for c in range(32, 127)] + list("ąćęłńóśźżĄŻéëïöü€·…") + [
        "\U0001f600", "\ud800", "\u00a0"]
    for _ in range(500):
        words = "".join(rng.choice(letters) for _ in range(rng.randint(0, 30)))
        render_svg._WIDTHS.clear()  # noqa: SLF001 (measured, not looked up)
        assert render_svg.text_width(words, 13) == by_letter(words) * 13
        assert render_svg.text_width(words, 13, True) == by_letter(words) * 13 * 1.06


def test_attrs_keeps_text_pairs_only():
    """attrs keeps what it wrote by its pairs, but not pairs with numbers: 1, 1.0 and True
    are one key, and a huge int may write otherwise than the float it equals."""
    render_svg._ATTRS.clear()  # noqa: SLF001
    assert render_svg.attrs([("a", 10**17 + 1)]) == ' a="100000000000000001"'
    assert render_svg.attrs([("a", 1e17)]) == ' a="100000000000000000"'
    assert render_svg.attrs([("a", 1)]) == render_svg.attrs([("a", 1.0)]) == ' a="1"'
    assert render_svg._ATTRS == {}  # noqa: SLF001
    assert render_svg.attrs([("d", "x&y"), ("e", None)]) == ' d="x&amp;y"'
    assert render_svg.attrs([("d", "x&y"), ("e", None)]) == ' d="x&amp;y"'
    assert list(render_svg._ATTRS.values()) == [' d="x&amp;y"']  # noqa: SLF001
    assert render_svg.attrs([("d", ["a list"])]) == ' d="[&#39;a list&#39;]"'  # (no key)


def test_without_a_view_the_hand_says_why() -> None:
    """No view: loading while the engine starts, hidden for a pass-and-play hand-over, and
    "no hand" once the engine is up and holds no game (a damaged save it refused), where
    "loading" would never end."""
    words = web_views.words("en")
    said = {name: render_hand.hand_svg(None, ui, "wide", words)
            for name, ui in (("starting", {}), ("hidden", {"hidden": True}),
                             ("none", {"loading": False}))}
    assert words.word("hand.loading") in said["starting"]
    assert words.word("hand.hidden") in said["hidden"]
    assert words.word("prompt.no_hand") in said["none"]
    assert words.word("hand.loading") not in said["none"]
