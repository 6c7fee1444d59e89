"""The table on a phone (the felt a 360 x 640 screen gives the layout): every word drawn
on the layout at least 12 px; each seat's caption says its last action without its name
and is never cut; the person's own line names them with their chips and labels; the hand's
tiles at least 32 x 64 px, in one row up to 9 of them."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
import render_hand
import render_layout
import web_views
from web_views import FELT, HAND_W, hand_views, sample_views

from bench.layout_quality import FELTS
from nos.app import DEFAULT_NAMES

SVG = "{http://www.w3.org/2000/svg}"
EN = web_views.words("en", {"viewer": 0, "names": list(DEFAULT_NAMES)})


def parse(markup: str) -> ET.Element:
    return ET.fromstring(markup)


def layout_scale(root: ET.Element) -> float:
    """px per drawing unit of the layout's tiles (their group's scale)."""
    group = [g for g in root.iter(SVG + "g") if g.get("class") == "layout-tiles"][0]
    return float(group.get("transform")[len("scale("):-1])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_word_on_a_phones_layout_is_at_least_12_px(players):
    """The ends' labels and the arms' names, in the felt of a 360 x 640 phone, however
    small the tiles are drawn."""
    felt = FELTS["phone"][players]
    checked = 0
    for _, view in sample_views(3):
        if not (view.get("hand") or {}).get("layout"):
            continue
        view = dict(view)
        arms = view["hand"]["layout"]["arms"]
        ui = {"felt": felt, "plan": felt, "selected": "6-6",
              "targets": [i for i, a in enumerate(arms) if a["open"]]}
        root = parse(web_views.table(view, ui, "narrow", EN))
        k = layout_scale(root)
        layout = [s for s in root.iter(SVG + "svg") if s.get("id") == "table-svg"][0]
        for t in layout.iter(SVG + "text"):
            if "".join(t.itertext()).strip():
                assert float(t.get("font-size")) * k >= 12 - 0.05, (t.get("font-size"), k)
                checked += 1
    assert checked


@pytest.mark.parametrize("lang", ["en", "nl", "pl"])
def test_a_seats_last_action_is_said_under_its_name_without_it(lang):
    """A seat's panel names the seat, so its caption says what it did without the name,
    short ("6-2 → west"), whole (the page wraps it); the whole sentence is the log's."""
    words = web_views.words(lang, {"viewer": 0, "names": list(DEFAULT_NAMES)})
    seen = set()
    for view in [v for v in hand_views("2", 5, 4) if v.get("hand")]:
        root = parse(web_views.table(view, {}, "narrow", words))
        for li in root.iter("li"):
            seat = li.get("data-seat")
            event = (view["hand"].get("last") or [None] * 4)[int(seat)] if seat else None
            if not event or event.get("seat") == view["viewer"]:
                continue
            line = [s for s in li.iter("span") if s.get("class") == "last-action"][0]
            shown = "".join(line.itertext())
            name = words.name(int(seat))
            assert not shown.startswith(name) and "…" not in shown
            assert shown == words.capital(words.say(event, True))
            seen.add(event["key"])
    assert {"act.play", "act.draw"} <= seen, seen
    play = {"key": "act.play", "seat": 1, "tile": "6-2", "side": "w"}
    assert words.say(play, True) == "6-2 → " + words.word("arm.w")


def test_the_persons_line_names_them_with_their_chips_and_labels():
    view = next(v for _, v in sample_views(3) if (v.get("hand") or {}).get("layout"))
    hand = dict(view["hand"], setter=0, waits=[[1]] + [[] for _ in view["hand"]["waits"][1:]])
    root = parse(web_views.table(dict(view, hand=hand), {}, "narrow", EN))
    you = [p for p in root.iter("p") if p.get("class") == "you"][0]
    said = " ".join("".join(you.itertext()).split())
    assert said.startswith("You") and str(view["chips"][0]) in said
    assert "you owe 1 wait" in said and EN.word("pill.on_set") in said


def test_a_phones_hand_keeps_its_tiles_at_least_32_by_64_in_one_row_up_to_9():
    for count in range(1, 15):
        tw, per_row, rows = render_hand.hand_grid(count, HAND_W["narrow"])
        assert tw >= render_hand.HAND_MIN_W and per_row * rows >= count
        if count <= 9:
            assert rows == 1
        view = {"players": 3, "viewer": 0, "hand": {"tiles": ["6-6"] * count}}
        svg = render_hand.hand_svg(view, {}, HAND_W["narrow"], EN)
        root = parse(svg)
        assert root.get("viewBox").split()[2] == str(HAND_W["narrow"])  # drawn at 1 px a unit
        faces = [g for g in root.iter(SVG + "g") if g.get("data-tile")]
        assert len(faces) == count


def test_the_felt_of_the_bench_is_the_tests_phone():
    """The drawing tests draw the phone in the bench's felt for four players."""
    assert FELT["narrow"] == FELTS["phone"][4]
    assert render_layout.most_unit(*FELT["narrow"]) < render_layout.most_unit(*FELT["wide"])


def _boxes(group: ET.Element, cls: str) -> list[tuple[float, float, float, float]]:
    """(x0, y0, x1, y1) of each drawn box (its dashed outline, or a name's plate) of the
    groups of class `cls` (an end's hit area, glow and focus ring are left out)."""
    out = []
    for g in group.iter(SVG + "g"):
        if cls not in (g.get("class") or "").split():
            continue
        for r in g.iter(SVG + "rect"):
            if cls == "end" and r.get("stroke-dasharray") is None:
                continue
            x, y = float(r.get("x")), float(r.get("y"))
            out.append((x, y, x + float(r.get("width")), y + float(r.get("height"))))
            break
    return out


@pytest.mark.parametrize("mode", ["phone", "wide"])
def test_an_arms_name_never_covers_an_end(mode):
    """Each arm carries its name by its open end (issue 48): beside an end at the felt's
    edge too, never over it or over another arm's end, and never cut at the felt's edge."""
    checked = 0
    for players in (3, 5):
        felt = FELTS[mode][players]
        for _, view in sample_views(3):
            if not (view.get("hand") or {}).get("layout"):
                continue
            arms = view["hand"]["layout"]["arms"]
            ui = {"felt": felt, "plan": felt, "selected": "6-6",
                  "targets": [i for i, a in enumerate(arms) if a["open"]]}
            root = parse(web_views.table(view, ui, "narrow", EN))
            outer = [g for g in root.iter(SVG + "g")
                     if any(c.get("class") == "layout-tiles" for c in g)][0]
            group = [c for c in outer if c.get("class") == "layout-tiles"][0]
            tx, ty = (float(v) for v in outer.get("transform")[10:-1].split())
            k = float(group.get("transform")[6:-1])
            ends, names = _boxes(group, "end"), _boxes(group, "arm-name")
            for n in names:
                for e in ends:
                    assert not (n[0] < e[2] - 0.01 and e[0] < n[2] - 0.01 and
                                n[1] < e[3] - 0.01 and e[1] < n[3] - 0.01), (n, e)
                # (and on the felt, in px: never cut at its edge)
                assert (tx + k * n[0] >= -0.5 and ty + k * n[1] >= -0.5 and
                        tx + k * n[2] <= felt[0] + 0.5 and ty + k * n[3] <= felt[1] + 0.5), n
            checked += len(names)
    assert checked


def test_a_zoomed_layout_is_cut_at_the_felts_edge():
    """Zoomed in, the layout lies in a viewport of the felt's size that hides what passes
    its edge: it is never drawn over the bar, the seats or the hand."""
    import json

    from nos.app import Table

    felt = web_views.FELT["narrow"]
    view = json.loads(json.dumps(Table.restore(web_views.zoomable_save("narrow", 4)).view()))
    root = parse(web_views.table(view, {"felt": felt, "plan": felt, "zoom": (2.5, -200, -200)},
                                 "narrow", EN))
    inner = [s for s in root.iter(SVG + "svg")
             if any(g.get("id") == "layout-zoom" for g in s.findall(SVG + "g"))]
    assert len(inner) == 1 and inner[0].get("overflow") == "hidden"
    # (at the felt's origin in its own units: the pointer's place, web/page/zoom.py, holds)
    assert (inner[0].get("x"), inner[0].get("y")) == ("0", "0")
    assert (float(inner[0].get("width")), float(inner[0].get("height"))) == tuple(felt)
    assert [float(v) for v in inner[0].get("viewBox").split()] == [0, 0, *felt]
    zoom = [g for g in inner[0].findall(SVG + "g") if g.get("id") == "layout-zoom"][0]
    assert zoom.get("data-zoom").split()[0] == "2.5"
