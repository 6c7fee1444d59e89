"""The table as drawn by web/ (HTML around an SVG layout, from pure functions, run here in
CPython): every geometry fits its felt without overlaps, doubles lie as R63 says, open/
locked/needs-a-double ends are marked, the bar says the game in force and whose turn it is,
the legend explains every mark, the hand shows real pips, opponents' tiles and the
boneyard's last two are shown (the panels: test_render_panels.py; the geometry itself:
test_layout_geometry.py)."""

from __future__ import annotations

import itertools
import json
import random
import re
import xml.etree.ElementTree as ET

import layout_geometry
import legal_records
import pytest
import render_force
import render_hand
import render_layout
import render_svg
import render_table
import web_views
from web_views import FELT, GAMES, HAND_W, TRIANGLES, find_seed, hand_views, sample_views

from bench.layout_quality import overlap
from nos import contract
from nos.app import DEFAULT_NAMES

SVG = "{http://www.w3.org/2000/svg}"
SAMPLES = sample_views()
# The English catalogue as the page uses it: every sample view's person is seat 0.
EN = web_views.words("en", {"viewer": 0, "names": list(DEFAULT_NAMES)})


def parse(markup: str) -> ET.Element:
    return ET.fromstring(markup)


def table(view, ui=None, mode="wide", words=EN) -> str:
    return web_views.table(view, ui, mode, words)


def placement_of(view: dict, mode: str) -> dict:
    w, h = FELT[mode]
    return render_layout.layout_place(view["hand"], (0, 0, w, h), (w, h))[0]


def boxes(placement) -> list[tuple]:
    return [placement["set"]["box"]] + [t["box"] for t in placement["tiles"]]


def seat_items(root: ET.Element) -> dict:
    return {li.get("data-seat"): li for li in root.iter("li") if li.get("data-seat")}


# ---------------------------------------------------------------- well-formed, both modes
@pytest.mark.parametrize("mode", ["wide", "narrow"])
def test_every_view_draws_well_formed_markup(mode):
    for label, view in SAMPLES:
        for markup in (table(view, {"selected": None, "targets": []}, mode),
                       render_hand.hand_svg(view, {}, HAND_W[mode], EN)):
            try:
                parse(markup)
            except ET.ParseError as exc:  # pragma: no cover - shows which view
                pytest.fail(f"{label}: {exc}")
            # The CSP (style-src 'self') forbids inline styles; presentation attributes
            # (fill, font-style, ...) are fine.
            assert not re.search(r"\sstyle=", markup)


def test_empty_frame_has_felt_and_its_layout_drawing_at_its_size():
    for mode in ("wide", "narrow"):
        root = parse(table(None, None, mode))
        svg = [e for e in root.iter(SVG + "svg") if e.get("id") == "table-svg"][0]
        w, h = FELT[mode]
        assert svg.get("viewBox") == f"0 0 {w} {h}"
        assert [e for e in root.iter("div") if e.get("id") == "felt"]
    # Before the page measured its felt, the drawing has a size of its own.
    bare = parse(render_table.table_html(None, {}, EN))
    assert [e for e in bare.iter(SVG + "svg") if e.get("id") == "table-svg"]


# ---------------------------------------------------------------- geometry
@pytest.mark.parametrize("mode", ["wide", "narrow"])
@pytest.mark.parametrize("game", GAMES + TRIANGLES)
def test_layout_fits_without_overlap(game, mode):
    views = hand_views(game, find_seed(game.split()[0]))
    drawn = [v for v in views if v.get("hand") and v["hand"].get("layout")]
    assert drawn, "no layout was drawn"
    w, h = FELT[mode]
    for view in drawn:
        tiles, ends, _, _, _ = render_layout.layout_boxes(view, (0, 0, w, h), (w, h))
        for a, b in itertools.combinations(tiles, 2):
            assert not overlap(a, b), f"{game}: tiles overlap: {a} {b}"
        # Ends are where the next tile goes: inside the felt, clear of every tile.
        for b in tiles + ends:
            assert b[0] >= 0 and b[2] <= w + 1e-6 and b[1] >= 0 and b[3] <= h + 1e-6
        for arm, end in zip(view["hand"]["layout"]["arms"], ends, strict=True):
            if arm["open"]:
                assert not any(overlap(end, t) for t in tiles)


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
    """A synthetic line of n tiles on side 1 (ends need not match for the geometry), its
    doubles lying as R63 says, room planned for 24 tiles an arm (R2, R20)."""
    tiles = []
    for k in range(n):
        tile = "3-3" if double_every and k % double_every == 0 else "5-2"
        lies = "crosswise" if tile == "3-3" and matching == "ordinary" else "inline"
        tiles.append([tile, 2 if tile == "5-2" else 3, k % 4, matching, lies])
    return {"set": "6-4", "game": "1" if matching == "ordinary" else "4", "shape": "line",
            "set_lies": "inline", "most": 24,
            "arms": [{"side": "end:6", "tiles": [], "end": 6, "open": True,
                      "matching": matching, "needs_double": False, "end_lies": "inline"},
                     {"side": "end:4", "tiles": tiles, "end": 2, "open": True,
                      "matching": matching, "needs_double": False, "end_lies": "inline"}]}


@pytest.mark.parametrize("mode", ["wide", "narrow"])
@pytest.mark.parametrize("double_every", [0, 3])
def test_a_long_line_snakes_inside_the_view(mode, double_every):
    """24 tiles on one side (the most a line can hold: R2) turn back at the room's edge and
    stay inside the plan's room; corners join."""
    layout = line_layout(24, double_every=double_every)
    plan = render_layout.room_plan(layout, FELT[mode])
    placement = layout_geometry.place(layout, plan)
    assert placement["fits"]
    dirs = [t["dir"] for t in placement["tiles"]]
    assert len(set(dirs)) >= 3, "the line never turned back"
    for b in boxes(placement) + [e["box"] for e in placement["ends"]]:
        assert layout_geometry.inside(b, plan["bounds"])
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
            for t in placement_of(view, "wide")["tiles"]:
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
def end_groups(markup: str) -> list[ET.Element]:
    return [g for g in parse(markup).iter(SVG + "g")
            if "end" in (g.get("class") or "").split()]


def test_ends_marked_open_locked_and_needing_a_double():
    kinds = set()
    for _, view in SAMPLES:
        hand = view.get("hand") or {}
        layout = hand.get("layout")
        if not layout:
            continue
        groups = end_groups(table(view, {}))
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
        for tile in legal_records.tile_actions(view):
            targets = legal_records.targets_for(view, tile)
            svg = table(view, {"selected": tile, "targets": targets})
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
        svg = render_hand.hand_svg(view, {}, HAND_W["wide"], EN)
        want = sum(int(a) + int(b) for a, _, b in (t.partition("-") for t in tiles))
        assert pip_count(svg) == want
        assert [g.get("data-tile") for g in parse(svg).iter(SVG + "g")
                if g.get("data-tile")] == tiles


def test_opponents_show_face_down_tiles_and_declared_doubles():
    view = SAMPLES[3][1]
    hand = view["hand"]
    view = dict(view, hand=dict(hand, declared=[[], ["6-6", "5-5"], [], []],
                                hand_sizes=[4, 4, 3, 4]))
    seat = seat_items(parse(table(view)))["1"]
    declared = [g.get("data-tile") for g in seat.iter(SVG + "g")
                if g.get("class") == "declared"]
    assert declared == ["6-6", "5-5"]  # face up, with their gold outline (R8)
    assert [s for s in seat.iter(SVG + "svg") if s.get("class") == "back-icon"]
    counts = [t.text for t in seat.iter("span") if t.get("class") == "tile-count"]
    assert counts == [EN.word("seat.tiles", {"n": 4})] == ["4 tiles"]
    short = [t.text for t in seat.iter("span") if t.get("class") == "count-short"]
    assert short == ["4"]


def test_the_person_sees_how_many_waits_they_owe():
    """R10: the label beside the person's chips counts the waits owed (plural too)."""
    view = SAMPLES[3][1]
    hand = view["hand"]
    for owed, words in (([1], "you owe 1 wait"), ([1, 2], "you owe 2 waits")):
        waits = [[] for _ in hand["waits"]]
        waits[view["viewer"]] = owed
        assert f">{words}<" in table(dict(view, hand=dict(hand, waits=waits)))


def test_the_boneyard_is_one_readout_at_every_count():
    """R2: how many may still be drawn and that the last two never are, in the same words
    at every count (the number never stands after the crossed tiles alone)."""
    for _, view in SAMPLES[:30]:
        hand = view.get("hand") or {}
        if not hand:
            continue
        root = parse(table(view))
        yard = [p for p in root.iter("p") if p.get("class") == "boneyard"][0]
        count = [s for s in yard.iter("span") if s.get("class") == "boneyard-count"][0]
        assert count.text == EN.word("table.boneyard_count", {
            "n": hand["drawable"], "kept": hand["last_two"]})
        assert count.get("data-drawable") == str(hand["drawable"])
        dead = [g for g in yard.iter(SVG + "g") if g.get("class") == "dead"]
        assert len(dead) == hand["last_two"]
    for n in (0, 1, 10):
        said = EN.word("table.boneyard_count", {"n": n, "kept": 2})
        assert said.startswith(f"Boneyard: {n} to draw")


def test_whose_turn_chips_and_waits_are_shown():
    waits = 0
    for _, view in SAMPLES:
        hand = view.get("hand") or {}
        if not hand:
            continue
        markup = table(view)
        root = parse(markup)
        chips = [t.text for t in root.iter("span") if t.get("class") == "chips"]
        assert sorted(chips) == sorted(str(c) for c in view["chips"])
        current = [li.get("data-seat") for li in root.iter("li")
                   if "current" in (li.get("class") or "").split()]
        if view["waiting_for"] == "bot" and hand["current"] != view["viewer"]:
            assert current == [str(hand["current"])]
        waits += markup.count("owes ")
    assert waits


def test_the_bar_says_the_game_in_force_its_state_and_whose_turn_it_is():
    """The table's own bar: the game's name, each event of its condition's state (which side
    is open, how many tiles the named side still needs, the matching now: nos/force.py) and
    the turn with its reason, in words; a legend one tap away."""
    seen = set()
    for _, view in SAMPLES:
        hand = view.get("hand") or {}
        if not hand.get("game"):
            continue
        root = parse(table(view))
        bar = [d for d in root.iter("div") if d.get("class") == "force"][0]
        said = "".join(bar.itertext())
        game = EN.word("info.game", {"number": hand["game"]["game"], "game": hand["game"]})
        assert game in said
        for event in hand["in_force"]:
            assert EN.say(event) in said
            seen.add(event["key"])
        assert EN.capital(EN.say(hand["turn"])) in said
        button = [b for b in bar.iter("button") if b.get("class") == "legend-button"][0]
        assert button.get("popovertarget") == render_force.LEGEND_ID
    assert {"force.matching", "force.opening"} <= seen


def test_the_legend_explains_every_mark_of_the_table():
    """White and gold ends and their numbers, M, a double's label, the padlock, a dead
    arm's cross, the last play's outline, declared doubles, the boneyard's last two, the
    arms' names, whose turn: each with a drawing of the mark, in every language."""
    for lang in web_views.LANGS:
        w = web_views.words(lang)
        root = parse("<div>" + render_force.legend_html(w) + "</div>")
        items = list(root.iter("li"))
        keys = ("ordinary", "matador", "matador_only", "double", "locked", "dead", "last",
                "declared", "last_two", "arm", "turn")
        assert len(items) == len(keys)
        for li, key in zip(items, keys, strict=True):
            assert list(li.iter(SVG + "svg"))
            assert "".join(li.itertext()).strip().endswith(w.capital(w.word("legend." + key)))


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
    from nos.app import Table

    game = Table(4, seed=8, level="beginner")
    last = web_views.to_hand_end(game, game.start())
    shown = last["hand"]["open_hands"]
    w = web_views.words("en", last)
    for mode in ("wide", "narrow"):
        seats = seat_items(parse(table(last, {"selected": None, "targets": []}, mode, w)))
        for seat in range(4):
            if seat == game.human:
                continue
            panel = seats[str(seat)]
            faces = [g.get("data-tile") for g in panel.iter(SVG + "g")
                     if g.get("class") == "open-tile"]
            assert faces == shown[seat]
            if shown[seat]:
                said = w.word("seat.open", {"tiles": shown[seat]})  # "4-4, 2-1 and 0-0"
                assert said.startswith("left in hand: " + shown[seat][0])
                assert said in "".join(panel.itertext())
    playing = table(web_views.hand_views("1", 8)[3], {"selected": None, "targets": []},
                    "wide", w)
    assert "open-tile" not in playing


def test_r7_set_and_not_yet_announced_the_table_shows_the_set_tile_and_who_chooses():

    from nos.app import Table

    view = web_views.announce_view()  # the person has set; the game is theirs to announce
    tile = view["hand"]["set_tile"]
    for mode in ("wide", "narrow"):
        svg = table(view, {}, mode, web_views.words("en", view))
        ET.fromstring(svg)
        assert re.search(rf'class="set-tile"[^>]*data-tile="{tile}"', svg)
        assert f"You set {tile}" in svg and "Announce the game for this hand" in svg
        assert "You are on set" not in svg
    # A computer player's set, its game not yet announced: the person sees who chooses.
    game = Table(3, seed=web_views.bots_on_set(3), level="beginner")
    view = game.start()
    while view["hand"]["phase"] != "announce":
        view = game.bot_act()
    view = json.loads(json.dumps(view))
    setter = view["hand"]["setter"]
    for lang, said in (("en", "is choosing the game"), ("nl", "kiest het spel"),
                       ("pl", "wybiera wariant gry")):
        w = web_views.words(lang, view)
        svg = table(view, {}, "wide", w)
        assert f"{w.capital(w.name(setter))} {said}" in svg
        assert view["hand"]["set_tile"] in svg


def test_a_diagrams_seat_name_and_pills_never_run_into_its_chips():
    from render_svg import name_and_pills, text_width

    pills = [("otwiera", "gold"), ("poza grą", "grey")]

    def width(name, shown, psize):
        return text_width(name, 17, True) + 8 + sum(12 + len(p[0]) * psize * 0.56
                                                    for p in shown)

    assert name_and_pills("Cor", pills, 17, 11, 400) == ("Cor", pills, 11)
    for room in (200, 150, 120, 90, 60):
        name, shown, psize = name_and_pills("Bartholomew", pills, 17, 11, room)
        assert width(name, shown, psize) <= room or (len(name) <= 2 and not shown)
        assert psize == 9 and shown == pills[: len(shown)]
    name, shown, _ = name_and_pills("Bartholomew", pills, 17, 11, 150)
    assert name.endswith("…") and shown == pills  # the name gives way before a pill


def test_a_seat_shows_its_name_pills_and_last_action_whole():
    """Five players in Polish, a seat on set and out: every word of its panel is there,
    none cut (the page wraps them: the e2e tests measure it)."""
    view = web_views.hand_views("1", find_seed("1", players=5), players=5)[-1]
    view["hand"]["setter"], view["hand"]["out"] = 2, [False, False, True, False, False]
    w = web_views.words("pl", view)
    seat = seat_items(parse(table(view, {}, "narrow", w)))["2"]
    said = "".join(seat.itertext())
    assert "otwiera" in said and "poza grą" in said and "…" not in said


def test_r4_in_the_first_hand_the_table_asks_for_the_highest_double():
    """The first hand's setter must set the highest double (R4): the table's centre says
    so, as the prompt does; a later hand's setter chooses among their doubles (R5). The
    reason is the view's (set_reason)."""

    from nos.app import Table

    game = Table(3, seed=web_views.human_on_set(3), level="beginner")
    view = json.loads(json.dumps(game.start()))
    assert view["hand"]["first_hand"] and view["hand"]["phase"] == "set"
    assert view["hand"]["set_reason"] == contract.SET_HIGHEST
    assert len([r for r in view["hand"]["legal"] if r["kind"] == "set"]) == 1
    svg = table(view, {}, "wide", web_views.words("en", view))
    assert "Set your highest double" in svg and "Set one of your doubles" not in svg
    later = dict(view, hand=dict(view["hand"], first_hand=False,
                                 set_reason=contract.SET_CHOOSE))
    svg = table(later, {}, "wide", web_views.words("en", later))
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
    said = {name: render_hand.hand_svg(None, ui, HAND_W["wide"], words)
            for name, ui in (("starting", {}), ("hidden", {"hidden": True}),
                             ("none", {"loading": False}))}
    assert words.word("hand.loading") in said["starting"]
    assert words.word("hand.hidden") in said["hidden"]
    assert words.word("prompt.no_hand") in said["none"]
    assert words.word("hand.loading") not in said["none"]
