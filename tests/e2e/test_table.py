"""The table as a person meets it, through whole hands of every geometry: on a 360 x 640
phone by touch and on a 1280 x 800 screen by mouse, after every play

- each tile on the table keeps its place relative to the set tile (the layout's tiles are
  drawn once, in drawing units; only the group holding them scales and moves: a tile never
  moves, layout_geometry.py);
- every end a selected tile may go to is a target of at least 44 x 44 px, on the felt or
  as a button of the end chooser beside the hand;
- the game in force and whose turn it is are in view, on the table itself;
- no caption is cut: each seat's name, labels and last action, the bar's lines, the
  strip (scrollWidth within clientWidth);
- every tile of the hand at least 32 x 60 px, in one row up to 9.
"""

from __future__ import annotations

import pytest
from e2e_play import announce, settle
from web_views import long_hand_seed

# (the game announced, the set tile 0-0 for a triangle)
GEOMETRIES = {"line": (1, False), "cross": (2, False), "double cross": (3, False),
              "triangle": (13, True), "triangle+4": (16, True)}
SCREENS = {"phone": (360, 640), "wide": (1280, 800)}
TOUCH_GEOMETRIES = list(GEOMETRIES)
MOUSE_GEOMETRIES = ["line", "double cross", "triangle+4"]

PLACES = """() => {
    const where = g => g.getAttribute('transform');
    const set = document.querySelector('#table .set-tile');
    const out = {set: set ? where(set) : null};
    document.querySelectorAll('#table .layout-tile').forEach(
        g => { out[g.dataset.tile] = where(g); });
    return out;
}"""

CUT = """() => {
    const cut = [];
    const sel = '#table .seat-name, #table .last-action, #table .pill, #table .force p, ' +
        '#table .strip p, #table .seat p';
    document.querySelectorAll(sel).forEach(e => {
        if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
            cut.push(e.className + ': ' + e.textContent);
    });
    return cut;
}"""

IN_VIEW = """() => {
    const e = document.querySelector('#table .force-game');
    const t = document.querySelector('#table .force-turn');
    if (!e || !t) return false;
    const ok = r => r.height > 0 && r.top >= 0 && r.bottom <= innerHeight + 1 && r.left >= 0 &&
        r.right <= innerWidth + 1;
    return ok(e.getBoundingClientRect()) && ok(t.getBoundingClientRect()) &&
        e.textContent.length > 0 && t.textContent.length > 0;
}"""

TARGETS = """() => {
    const out = [];
    document.querySelectorAll('#table .end.target').forEach(g => {
        const arm = g.dataset.arm;
        const hit = g.querySelector('.end-hit').getBoundingClientRect();
        const button = document.querySelector(`#controls .end-choice[data-arm="${arm}"]`);
        const b = button ? button.getBoundingClientRect() : null;
        out.push({arm: arm, w: hit.width, h: hit.height,
                  bw: b ? b.width : 0, bh: b ? b.height : 0});
    });
    return out;
}"""

HAND = """() => [...document.querySelectorAll('#hand .hand-tile')].map(g => {
    const r = g.querySelector('.tile-hit').getBoundingClientRect();
    return [r.width, r.height, Math.round(r.top)]; })"""


def press(page, selector: str, touch: bool) -> None:
    (page.tap if touch else page.click)(selector)


def check_position(page, seen: dict, where: str, during: bool = True) -> None:
    """The table as drawn now: tiles where they lay, the bar in view (`during` the hand:
    at its end the summary below may take the screen), nothing cut."""
    places = page.evaluate(PLACES)
    if places.get("set"):
        for tile, place in places.items():
            if tile in seen and tile != "set":
                assert seen[tile] == place, (where, tile, seen[tile], place)
            seen.setdefault(tile, place)
    assert page.evaluate(IN_VIEW) or not during, where
    assert page.evaluate(CUT) == [], where
    hand = page.evaluate(HAND)
    for w, h, _ in hand:
        assert w >= 32 - 0.5 and h >= 60, (where, hand)
    if len(hand) <= 9:
        assert len({top for _, _, top in hand}) <= 1, (where, hand)


def check_targets(page, where: str) -> None:
    """Each end the selected tile may go to: a 44 px target on the felt or in the chooser."""
    for t in page.evaluate(TARGETS):
        big = t["w"] >= 44 - 0.5 and t["h"] >= 44 - 0.5
        button = t["bw"] >= 44 - 0.5 and t["bh"] >= 44 - 0.5
        assert big or button, (where, t)


def play_turn(page, number: int, touch: bool) -> None:
    """One decision of the person's, by touch or mouse, checking the targets of the tile
    they play."""
    if page.locator("#announce-dialog[open]").count():
        announce(page, number)
        return
    phase = page.get_attribute("body", "data-phase")
    tiles = page.locator("#hand .hand-tile.playable")
    if phase in ("set",) and tiles.count():
        press(page, "#hand .hand-tile.playable >> nth=0", touch)
        return
    if phase == "announce":
        press(page, "[data-cmd=announce-open]", touch)
        announce(page, number)
        return
    if phase in ("play", "out of turn") and tiles.count():
        press(page, "#hand .hand-tile.playable >> nth=0", touch)
        page.locator("#table .end.target").first.wait_for(state="attached")
        check_targets(page, f"{phase} targets")
        press(page, "#table .end.target >> nth=0", touch)
        chooser = page.locator("#controls [data-cmd=out]")
        if chooser.count():  # (a matador on a matador end: which end faces out, R61)
            press(page, "#controls [data-cmd=out] >> nth=0", touch)
        return
    for action in ("decline", "wait", "draw until", "draw", "pass"):
        button = page.locator(f"#controls [data-action='{action}']")
        if button.count():
            press(page, f"#controls [data-action='{action}']", touch)
            return
    raise AssertionError(f"no move offered: {page.text_content('#controls')}")


def whole_hand(browser, base_url, guard, geometry: str, screen: str) -> int:
    number, zero = GEOMETRIES[geometry]
    width, height = SCREENS[screen]
    touch = screen == "phone"
    context = browser.new_context(viewport={"width": width, "height": height},
                                  has_touch=touch, is_mobile=touch)
    guard.watch(context)
    page = context.new_page()
    try:
        seed = long_hand_seed(4, number, zero=zero)
        page.goto(base_url + f"?seed={seed}&players=4&level=beginner&delay=0")
        seen: dict = {}
        turns = 0
        while settle(page) == "human":
            turns += 1
            assert turns < 80
            if page.locator("#table .set-tile").count() and not page.locator(
                    "#announce-dialog[open]").count():
                check_position(page, seen, f"{geometry} {screen} turn {turns}")
            play_turn(page, number, touch)
        assert page.get_attribute("body", "data-waiting-for") == "next_hand"
        check_position(page, seen, f"{geometry} {screen} end", during=False)
        return len(seen) - 1
    finally:
        context.close()


@pytest.mark.parametrize("geometry", TOUCH_GEOMETRIES)
def test_a_whole_hand_on_a_phone_by_touch(browser, base_url, guard, geometry):
    assert whole_hand(browser, base_url, guard, geometry, "phone") >= 4


@pytest.mark.parametrize("geometry", MOUSE_GEOMETRIES)
def test_a_whole_hand_on_a_wide_screen_by_mouse(browser, base_url, guard, geometry):
    assert whole_hand(browser, base_url, guard, geometry, "wide") >= 4
