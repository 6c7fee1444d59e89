"""Motion that informs (web/draw/): with `play` the last tile slides in from the seat that
played it, with `chips` each seat's payment rises from its chips; without them (the page's
first drawing, a redrawing, prefers-reduced-motion) nothing moves."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import ui_logic
import web_views
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
    now, moved = ui_logic.table_motion(None, _view(250, [500, 500, 500], "a"), False)
    assert moved is None  # (the first drawing)
    now, moved = ui_logic.table_motion(now, _view(252, [505, 495, 500], "b"), False)
    assert moved == {"play": True, "chips": [5, -5, 0]}
    again, moved = ui_logic.table_motion(now, _view(252, [505, 495, 500], "b"), False)
    assert moved is None and again == now  # (the same action drawn again)
    _, moved = ui_logic.table_motion(now, _view(253, [505, 495, 500], "c"), True)
    assert moved is None  # (prefers-reduced-motion)
    _, moved = ui_logic.table_motion(now, _view(254, [500, 500, 500], None, hand=2), False)
    assert moved is None  # (a new hand: its first drawing)
