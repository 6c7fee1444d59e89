"""The phone's table (render_table's narrow design, 400 units drawn about 0.77 px each on a
360 × 740 screen): words that read, and the person's own line with its name and pills."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
import render_svg
import render_table
import web_views
from web_views import hand_views

from nos.app import DEFAULT_NAMES

SVG = "{http://www.w3.org/2000/svg}"
EN = web_views.words("en", {"viewer": 0, "names": list(DEFAULT_NAMES)})


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_phones_table_writes_its_seats_and_boneyard_at_least_12_units(players):
    """The phone's table is 400 units drawn about 0.77 px each on a 360 × 740 screen: its
    seats' and the boneyard's words are at least 12 units (9 px there), a pill made
    smaller to fit beside a name at least 11; the layout's own labels grow with its tiles."""
    pill_ink = "#10301c"
    views = [v for v in hand_views("2", 5, players) if v.get("hand")]
    for view in views[:: max(1, len(views) // 12)]:
        hand = view["hand"]
        n = players
        said = [e for e in hand.get("last") or [] if e]
        last = (said * n)[:n] if said else [None] * n
        crowded = dict(hand, setter=1, nos=1, waits=[[["6-6", 1]]] * n, last=last)
        for h in (hand, crowded):
            v = dict(view, players=n, names=list(DEFAULT_NAMES)[:n], chips=[500] * n,
                     hand=dict(h, hand_sizes=[9] * n, declared=[["6-6"]] * n,
                               out=[False] * n))
            root = parse(render_table.table_svg(v, {}, "narrow", EN))
            groups = [g for g in root.iter(SVG + "g")
                      if g.get("data-seat") or g.get("class") == "strip"]
            assert len(groups) == n  # the opponents' panels and the person's strip
            for g in groups:
                for t in g.iter(SVG + "text"):
                    if not "".join(t.itertext()).strip():
                        continue
                    least = 11 if t.get("fill") == pill_ink else 12
                    assert float(t.get("font-size")) >= least, (players, t.text, t.attrib)


def test_on_a_phone_the_persons_line_keeps_its_name_and_says_its_their_turn():
    """The phone's strip: the boneyard shows as many backs as leave room for the person's
    name and pills ("your turn" too, and on set), the rest as "+n"."""
    views = [v for v in hand_views("2", 5, 4) if v.get("hand")
             and v["waiting_for"] == "human" and v["hand"].get("drawable", 0) >= 8]
    assert views
    for view in views[:4]:
        me = view["viewer"]
        crowded = dict(view["hand"], setter=me)
        for hand in (view["hand"], crowded):
            root = parse(render_table.table_svg(dict(view, hand=hand), {}, "narrow", EN))
            you = next(g for g in root.iter(SVG + "g") if g.get("class") == "you")
            words = {"".join(t.itertext()): t for t in you.iter(SVG + "text")}
            assert "You" in words and EN.word("pill.your_turn") in words, list(words)
            name = words["You"]
            name_left = float(name.get("x")) - render_svg.text_width("You", 13, True)
            bone = next(g for g in root.iter(SVG + "g") if g.get("class") == "boneyard")
            ends = [float(r.get("x")) + float(r.get("width")) for r in bone.iter(SVG + "rect")]
            count = next(t for t in bone.iter(SVG + "text")
                         if t.get("class") == "boneyard-count")
            assert max(ends) < name_left and float(count.get("x")) < name_left


@pytest.mark.parametrize("players", [3, 5])
def test_a_short_phones_table_is_drawn_less_tall_giving_up_layout_room_only(players):
    """A short phone's table box is wider than the 400 × 580 design: drawn at the box's
    proportions (down to 440 units tall), it fills the width instead of shrinking with the
    height. The seats keep their room; the layout area and the person's strip move up."""
    tall, short = render_table.dims("narrow", players), render_table.dims("narrow", players, 440)
    assert short["h"] == 440 and short["band"] == tall["band"]
    assert short["area"][:3] == tall["area"][:3] and short["area"][3] == tall["area"][3] - 140
    assert short["area"][3] >= 230 and short["strip"] == tall["strip"] - 140
    for odd in (None, 300, 580, 900):  # (none, or out of range: the whole design)
        assert render_table.dims("narrow", players, odd) == tall
    assert render_table.dims("wide", players, 440) == render_table.MODES["wide"]
    view = next(v for v in hand_views("2", 5, players)
                if v.get("hand") and v["hand"].get("layout"))
    root = parse(render_table.table_svg(view, {"height": 440}, "narrow", EN))
    assert root.get("viewBox") == "0 0 400 440"
    for rect in root.iter(SVG + "rect"):
        assert float(rect.get("y", 0)) + float(rect.get("height", 0)) <= 440, rect.attrib


def test_a_phones_table_box_gives_the_narrow_designs_height_by_its_proportions():
    """The page asks render_table for the height of a phone's table box (show.table_height):
    the box's proportions in the design's 400 units of width, from SHORTEST to TALLEST."""
    assert render_table.TALLEST == render_table.MODES["narrow"]["h"] == 580
    assert render_table.narrow_height(360, 522) == 580  # as tall as the design, or taller
    assert render_table.narrow_height(360, 900) == 580
    assert render_table.narrow_height(360, 450) == 500
    assert render_table.narrow_height(400, 300) == render_table.SHORTEST
    for box_h in range(300, 700, 7):
        height = render_table.narrow_height(360, box_h)
        assert render_table.dims("narrow", 4, height)["h"] == height


@pytest.mark.parametrize("lang", ["en", "nl", "pl"])
def test_a_seats_last_action_is_shown_under_its_name_without_it(lang):
    """A seat's panel names the seat, so the line under it says what it did without the
    name ("Plays 6-2 on the left side"; on a phone "Anna plays 6-2 on the left…" was cut
    before its side), while its read-out keeps the whole sentence."""
    words = web_views.words(lang, {"viewer": 0, "names": list(DEFAULT_NAMES)})
    seen = set()
    for view in [v for v in hand_views("2", 5, 4) if v.get("hand")]:
        root = parse(render_table.table_svg(view, {}, "narrow", words))
        for g in root.iter(SVG + "g"):
            seat = g.get("data-seat")
            event = (view["hand"].get("last") or [None] * 4)[int(seat)] if seat else None
            if not event or event.get("seat") == view["viewer"]:
                continue
            line = next(t for t in g.iter(SVG + "text") if t.get("class") == "last-action")
            shown = "".join(line.itertext())
            whole = words.capital(words.say(event))
            name = words.name(int(seat))
            assert whole.startswith(name) and not shown.startswith(name), (shown, whole)
            bare = words.capital(words.say(event, True))
            assert shown == bare or shown.endswith("…") and bare.startswith(shown[:-1])
            assert g.get("aria-label").endswith(". " + whole)
            seen.add(event["key"])
    assert {"act.play", "act.draw"} <= seen, seen


def test_on_a_phone_without_room_for_backs_the_count_comes_before_the_last_two():
    """A strip with no room for the boneyard's backs writes its count where they would be,
    before the two crossed tiles (R2): after them it read as their count (an audit). The
    person's pills never cover that row: the last are left out, and still said."""
    view = next(v for v in hand_views("2", 5, 4) if v.get("hand")
                and v["waiting_for"] == "human" and v["hand"].get("drawable", 0) >= 3
                and v["hand"].get("last_two"))
    me = view["viewer"]
    names = list(view["names"])
    names[me] = "Maximiliaan van Oosterhout"
    words = web_views.words("en", {"viewer": None, "names": names})
    hand = dict(view["hand"], setter=me, nos=me, waits=[[["6-6", 1]]] * 4)
    root = parse(render_table.table_svg(dict(view, names=names, hand=hand), {}, "narrow",
                                        words))
    bone = next(g for g in root.iter(SVG + "g") if g.get("class") == "boneyard")
    backs = [g for g in bone.iter(SVG + "g") if g.get("class") == "bone"]
    assert not backs  # (no room: the case the audit saw)
    count = next(t for t in bone.iter(SVG + "text") if t.get("class") == "boneyard-count")
    dead = [float(g.get("transform")[10:].split()[0]) for g in bone.iter(SVG + "g")
            if g.get("class") == "dead"]
    assert dead and float(count.get("x")) < min(dead)
    assert "".join(count.itertext()) == str(view["hand"]["drawable"])
    you = next(g for g in root.iter(SVG + "g") if g.get("class") == "you")
    pills = [float(r.get("x")) for r in you.iter(SVG + "rect")]
    assert pills and min(pills) > max(dead) + 9  # (a phone's back is 9 units wide)
    assert all(words.word(k) in you.get("aria-label") for k in ("pill.on_set", "pill.your_turn"))
