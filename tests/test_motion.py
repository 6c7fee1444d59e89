"""Motion that informs (web/draw/): with `play` the last tile slides in from the seat that
played it, with `chips` each seat's payment rises from its chips; without them (the page's
first drawing, a redrawing, prefers-reduced-motion) nothing moves; each payment's chips fly from
its payer's seat to its payee's."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import render_table
import web_views
from table_motion import table_motion
from web_views import sample_views

from nos.app import DEFAULT_NAMES

SVG = "{http://www.w3.org/2000/svg}"
EN = web_views.words("en", {"viewer": 0, "names": list(DEFAULT_NAMES)})


def test_the_last_play_slides_in_from_its_seat_and_payments_rise_from_the_chips():
    found = 0
    for _, view in sample_views():
        hand = view["hand"]
        if not hand.get("last_play"):
            continue
        still = web_views.table(view, {"selected": None, "targets": []}, "wide", EN)
        assert "<animate" not in still
        n = view["players"]
        changes = [5 * (s - 1) for s in range(n)]
        anchors = {seat: (100.0 * seat, -40.0) for seat in range(n)}  # (the page's measure)
        moving = web_views.table(view, {"play": True, "chips": changes, "anchors": anchors},
                                 "wide", EN)
        slides = re.findall(r'<animateTransform attributeName="transform" type="translate" '
                            r'from="(-?[\d.]+) (-?[\d.]+)" to="0 0"', moving)
        assert len(slides) == 1 and slides[0] != ("0", "0")
        # While it moves, clicks go through it (to an end it passes over).
        assert len(re.findall(r'<set attributeName="pointer-events" to="none" dur="[\d.]+s"/>',
                              moving)) == 1
        # It moves the group of the last tile played.
        sliding = [g for g in ET.fromstring(moving).iter(SVG + "g")
                   if g.find(SVG + "animateTransform") is not None
                   and g.find(SVG + "g") is not None]
        assert [g.find(SVG + "g").get("class") for g in sliding] == ["layout-tile last"]
        rises = re.findall(r'class="chip-change (?:plus|minus)" aria-hidden="true">([^<]+)<',
                           moving)
        assert sorted(rises) == sorted(EN.signed(c) for c in changes if c)
        found += 1
    assert found


def _view(entries: int, chips: list[int], last_play: str | None, hand: int = 1) -> dict:
    """A view's fields that motion reads; its log holds only the last 200 entries of the
    game's `entries` (nos/view.py), each numbered in the game."""
    log = [{"n": k} for k in range(max(0, entries - 200), entries)]
    return {"log": log, "chips": chips, "hand": {"last_play": last_play, "hand": hand}}


def test_motion_goes_on_after_the_views_log_is_full():
    """The view keeps the log's last 200 entries: counted by their length, every move after
    the 200th looked like a redrawing, and nothing moved for the rest of the game."""
    now, moved = table_motion(None, _view(250, [500, 500, 500], "a"), False)
    assert moved is None  # (the first drawing)
    now, moved = table_motion(now, _view(252, [505, 495, 500], "b"), False)
    assert moved == {"play": True, "chips": [5, -5, 0], "pays": []}
    again, moved = table_motion(now, _view(252, [505, 495, 500], "b"), False)
    assert moved is None and again == now  # (the same action drawn again)
    _, moved = table_motion(now, _view(253, [505, 495, 500], "c"), True)
    assert moved is None  # (prefers-reduced-motion)
    _, moved = table_motion(now, _view(254, [500, 500, 500], None, hand=2), False)
    assert moved is None  # (a new hand: its first drawing)


def test_each_payment_just_made_flies_from_its_payer_to_its_payee():
    """The payments of the entries new since the last drawing (R23): each chip flies from
    the payer's seat to the payee's, once; none on a redrawing."""
    before = _view(10, [500, 500, 500], "a")
    now = _view(12, [506, 494, 500], "b")
    now["log"][-1]["payments"] = [{"key": "pay", "from": 1, "to": 0, "amount": 6,
                                   "rule": "R14"}]
    kept, _ = table_motion(None, before, False)
    kept, moved = table_motion(kept, now, False)
    assert moved["pays"] == [[1, 0, 6]]
    anchors = {0: (160.0, 300.0), 1: (80.0, -40.0), 2: (240.0, -40.0)}
    svg = render_table.flying_chips({"pays": moved["pays"], "anchors": anchors})
    flights = re.findall(r'type="translate" from="([-\d.]+) ([-\d.]+)" to="([-\d.]+) '
                         r'([-\d.]+)"', svg)
    assert flights == [("80", "-40", "160", "300")] and ">6<" in svg
    assert render_table.flying_chips({"pays": [], "anchors": anchors}) == ""
