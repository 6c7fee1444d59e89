"""The table and the hand for the keyboard and the screen reader, as drawn (CPython): one tab
stop each with the rest at tabindex -1, unplayable tiles marked disabled, a focus ring on
everything that takes the focus, a name for every tile on the table, every seat and the
boneyard, no button inside an image; and what the live region says (render_spoken.py)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import legal_records
import pytest
import render_hand
import render_spoken
import web_views
from web_views import human_on_set, sample_views

from nos.app import DEFAULT_NAMES, Table

WIDE_HAND, NARROW_HAND = web_views.HAND_W["wide"], web_views.HAND_W["narrow"]

SVG = "{http://www.w3.org/2000/svg}"
SAMPLES = sample_views()
EN = web_views.words("en", {"viewer": 0, "names": list(DEFAULT_NAMES)})


def playing_views():
    return [v for _, v in SAMPLES
            if v["waiting_for"] == "human" and v["hand"]["phase"] in ("play", "out of turn")
            and legal_records.tile_actions(v)]


def groups(svg: str, attr: str) -> list[ET.Element]:
    return [g for g in ET.fromstring(svg).iter(SVG + "g") if g.get(attr) is not None]


def test_the_hand_is_one_tab_stop_with_unplayable_tiles_disabled():
    views = playing_views()
    assert views
    for view in views:
        playable = legal_records.tile_actions(view)
        for selected in [None, playable[-1]]:
            ui = {"selected": selected, "playable": playable, "active": True}
            tiles = groups(render_hand.hand_svg(view, ui, WIDE_HAND, EN), "data-tile")
            stops = [g.get("data-tile") for g in tiles if g.get("tabindex") == "0"]
            first = [g.get("data-tile") for g in tiles if g.get("data-tile") in playable][0]
            assert stops == [selected or first]
            assert all(g.get("tabindex") in ("0", "-1") for g in tiles)
            for g in tiles:
                assert (g.get("aria-disabled") == "true") == (g.get("data-tile") not in playable)
                assert g.get("role") == "button" and g.get("aria-label").startswith(
                    g.get("data-tile"))
                assert [r for r in g.iter(SVG + "rect") if r.get("class") == "focus-ring"]


def test_the_ends_of_a_selected_tile_are_one_tab_stop_with_a_focus_ring():
    found = 0
    for view in playing_views():
        for tile in legal_records.tile_actions(view):
            targets = legal_records.targets_for(view, tile)
            svg = web_views.table(view, {"selected": tile, "targets": targets}, "wide",
                                         EN)
            ends = [g for g in groups(svg, "data-arm") if "end" in g.get("class").split()]
            buttons = [g for g in ends if g.get("role") == "button"]
            assert [int(g.get("data-arm")) for g in buttons] == targets
            assert [int(g.get("data-arm")) for g in buttons if g.get("tabindex") == "0"] == [
                min(targets)]
            assert all(g.get("tabindex") == "-1" for g in buttons[1:])
            assert all(g.get("tabindex") is None for g in ends if g not in buttons)
            for g in buttons:  # (its name begins with the label it shows: WCAG 2.5.3)
                arm = view["hand"]["layout"]["arms"][int(g.get("data-arm"))]
                assert g.get("aria-label") == (f"{arm['label']}: play {tile} on " +
                                               EN.side(arm["side"]))
                assert [r for r in g.iter(SVG + "rect") if r.get("class") == "focus-ring"]
            found += 1
    assert found


def no_button_inside_an_image(node: ET.Element, in_image: bool = False) -> bool:
    role = node.get("role")
    if role == "button" and in_image:
        return False
    return all(no_button_inside_an_image(c, in_image or role == "img") for c in node)


def text_of(node: ET.Element) -> str:
    """What a screen reader reads of an HTML node: its text, but not what is aria-hidden."""
    if node.get("aria-hidden") == "true":
        return ""
    return (node.text or "") + "".join(text_of(c) + (c.tail or "") for c in node)


def test_every_tile_on_the_table_every_seat_and_the_boneyard_has_a_name():
    for _, view in SAMPLES:
        root = ET.fromstring(web_views.table(view, None, "wide", EN))
        layout = [s for s in root.iter(SVG + "svg") if s.get("id") == "table-svg"][0]
        assert layout.get("role") == "group" and no_button_inside_an_image(layout)
        named = {face.get("data-tile"): g.get("aria-label")
                 for g in layout.iter(SVG + "g") if g.get("role") == "img"
                 for face in g.iter(SVG + "g") if face.get("data-tile")}
        faces = [g for g in layout.iter(SVG + "g")
                 if (g.get("class") or "").split()[:1] in (["layout-tile"], ["set-tile"])]
        for face in faces:
            label = named.get(face.get("data-tile"))
            assert label and face.get("data-tile") in label
            if "layout-tile" in face.get("class"):
                assert " on the " in label and "from the middle, played by " in label
        seats = [li for li in root.iter("li") if li.get("data-seat") is not None]
        assert len(seats) == view["players"] - 1
        for li in seats:
            seat = int(li.get("data-seat"))
            said = " ".join(text_of(li).split())
            assert said.startswith(DEFAULT_NAMES[seat]) and str(view["chips"][seat]) in said
            count = view["hand"]["hand_sizes"][seat]
            assert EN.word("seat.tiles", {"n": count}) in said
        you = [p for p in root.iter("p") if p.get("class") == "you"][0]
        said = " ".join(text_of(you).split())
        assert said.startswith("You") and str(view["chips"][0]) in said
        yard = [p for p in root.iter("p") if p.get("class") == "boneyard"][0]
        assert " ".join(text_of(yard).split()) == EN.word("table.boneyard_count", {
            "n": view["hand"]["drawable"], "kept": view["hand"]["last_two"]})


@pytest.mark.parametrize("seed", [5, human_on_set(3)])
def test_the_live_region_says_the_others_actions_and_every_payment_not_your_own_moves(seed):
    """Said: every payment, every action of the others and the person's own announcement
    (R7: the game, composed in a dialog now closed); not the person's other moves."""
    table = Table(players=3, seed=seed, level="beginner")
    view = table.start()
    for _ in range(60):
        if view["waiting_for"] == "human":
            view = table.act(str(view["hand"]["legal"][0]["send"]))
        elif view["waiting_for"] == "bot":
            view = table.bot_act()
    last = table.view()
    log = last["log"]
    assert any(e.get("payments") for e in log) and any(
        e["event"].get("seat") == 0 for e in log)
    assert render_spoken.news(last, None, EN) == ("", len(log))
    assert render_spoken.news(last, len(log) + 3, EN) == ("", len(log))
    said, heard = render_spoken.news(last, 0, EN)
    assert heard == len(log)
    for entry in log:
        event = entry["event"]
        sentence = EN.sentence(EN.say(event))
        own = event["key"].startswith("act.") and event.get("seat") == 0 and \
            event["key"] != "act.announce"
        assert (sentence in said) == (not own) or not own, sentence
        if own:  # (the person's own action is not said; another's may read alike)
            assert sentence.startswith("You "), sentence
        for pay in entry.get("payments") or []:
            assert EN.sentence(EN.say(pay)) in said
    announced = [e for e in log if e["event"]["key"] == "act.announce"]
    assert ("You announce" in said) == (announced[0]["event"]["seat"] == 0)
    assert seed == 5 or "You announce" in said


def test_the_read_out_says_every_end_and_the_playable_tiles():
    view = playing_views()[0]
    playable = legal_records.tile_actions(view)
    said = render_spoken.read_out(view, playable, EN)
    assert said.startswith("You are to act. Open ends:")
    for arm in view["hand"]["layout"]["arms"]:
        assert render_spoken.end_title(arm, EN) in said
    assert said.endswith("Your playable tiles: " + EN.tiles(playable) + ".")
    assert render_spoken.read_out(view, [], EN).endswith(
        "None of your tiles can be played now.")
    # Also whose turn it is when it is not the person's, and their whole hand when asked.
    other = dict(view, hand=dict(view["hand"], acting=2))
    tiles = view["hand"]["tiles"]
    said = render_spoken.read_out(other, [], EN, tiles)
    assert said.startswith(EN.sentence(EN.word("read.turn", {"seat": 2})) + " Open ends:")
    assert said.endswith("Your tiles: " + EN.tiles(tiles) + ".")


def test_r12_the_tiles_the_person_draws_are_said_to_them_alone():
    """Their own draws are left out of what the live region says (they know them), but not
    which tiles they drew: the view's hand names them (the log, everyone's, cannot, R71)."""
    found = web_views.find_decision("must draw", 4)
    table = found["table"]
    held = {str(t) for t in table.hand.hands[0]}
    before = found["view"]
    view = table.act(found["action"])
    drawn = sorted({str(t) for t in table.hand.hands[0]} - held, reverse=True)
    assert drawn and view["hand"]["drawn"] == drawn
    words = web_views.words("en", view)
    said, _ = render_spoken.news(view, len(before["log"]), words)
    assert said.endswith("You drew " + words.tiles(drawn) + "."), said
    for entry in view["log"][len(before["log"]):]:  # (the log never names them)
        assert not any(t in str(entry) for t in drawn), entry
    # Said once: the news after the next action does not say them again.
    later = table.bot_act() if view["waiting_for"] == "bot" else table.act(
        view["hand"]["legal"][0]["send"])
    assert "You drew" not in render_spoken.news(later, len(view["log"]),
                                                 web_views.words("en", later))[0]


def test_the_live_region_goes_on_past_the_views_200_entries_and_says_each_of_two_alike():
    """A view holds the log's last 200 entries, each numbered in the game (`n`): what is
    heard counts the game's entries, so a long session is still heard; and two entries
    alike (a seat's draws one after another) are two (the embed tells both, too)."""
    view = web_views.session_view()
    log = view["log"]
    total = render_spoken.logged(log)
    assert len(log) == 200 and total > 200 and [e["n"] for e in log] == list(
        range(total - 200, total))
    said, heard = render_spoken.news(view, total - 3, EN)
    assert said and heard == total
    draw = {"hand": 0, "event": {"key": "act.draw", "seat": 1}, "payments": []}
    twice = [{"n": 7, **draw}, {"n": 8, **draw}]
    assert render_spoken.unheard(twice, 7) == (twice, 9)
    assert render_spoken.unheard(twice, 8) == (twice[1:], 9)
    said, _ = render_spoken.news({"log": twice, "viewer": 0, "names": ["A", "B", "C"]}, 7, EN)
    assert said.count("draws a tile") == 2
