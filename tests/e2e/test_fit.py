"""A table that fits every screen: through whole hands of a line, a cross and a triangle game,
at phone and desktop sizes, all a turn needs (the layout, the hand, the prompt and its
buttons; whose turn is on the table) lies inside the screen without scrolling, whenever the
person is to act, and the table keeps its size from turn to turn; a larger screen draws
larger tiles for a long layout, and the legend of the table's marks is one tap away."""

from __future__ import annotations

import pytest
from e2e_play import announce, one_move, open_game, settle
from web_views import long_hand_seed

SIZES = [(360, 640), (390, 844), (1280, 800), (1920, 1080)]
GAMES = {"line": (1, False), "cross": (2, False), "triangle": (13, True)}
FELT = """(() => { const r = document.querySelector('#felt').getBoundingClientRect();
    return [r.width, r.height]; })()"""  # the layout's room
TURN = ["#table .tbl", "#hand-svg", "#controls .prompt", "#controls .buttons",
        "#controls .chooser"]


def outside(page) -> list[str]:
    """What a turn needs that does not lie wholly inside the screen."""
    return page.evaluate("""(selectors) => selectors.flatMap(s => {
        const e = document.querySelector(s);
        if (!e) return [];
        const r = e.getBoundingClientRect();
        return r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1
            && r.right <= innerWidth + 1 ? [] : [s + ' ' + JSON.stringify(r)];
    })""", TURN)


def controls_grow(page) -> float:
    """How far the prompt and buttons of this turn overflow the room the page keeps for them
    whatever the turn (px): room that grew and shrank from turn to turn would resize the
    table and move the hand under the finger."""
    return page.evaluate("""() => { const c = document.querySelector('#controls');
        return c.getBoundingClientRect().height - parseFloat(getComputedStyle(c).minHeight); }""")


def legend(page) -> tuple[str, float]:
    """The legend of the table's marks, opened from the bar's "?": its words and type size."""
    page.click("#table .legend-button")
    page.wait_for_selector("#table-legend:popover-open", state="attached")
    said = page.text_content("#table-legend")
    px = page.evaluate("parseFloat(getComputedStyle(document.querySelector("
                       "'#table-legend li')).fontSize)")
    page.keyboard.press("Escape")
    page.wait_for_selector("#table-legend:not(:popover-open)", state="attached")
    return said, px


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("game", list(GAMES))
def test_all_a_turn_needs_is_on_screen_through_a_whole_hand(app, guard, base_url, size,
                                                            game):
    number, zero = GAMES[game]
    app.set_viewport_size({"width": size[0], "height": size[1]})
    seed = long_hand_seed(4, number, zero=zero)  # a hand of several turns of the person's
    open_game(app, base_url, f"?seed={seed}&players=4&level=beginner&delay=0")
    assert outside(app) == []
    assert controls_grow(app) <= 1, (game, size)
    app.click("#hand [data-tile='0-0']" if zero else "#hand .hand-tile.playable")
    announce(app, number)
    turns = 0
    felts = []
    while settle(app) == "human":
        turns += 1
        assert turns < 80
        assert outside(app) == [], (game, size, turns)
        assert controls_grow(app) <= 1, (game, size, turns, app.text_content("#controls"))
        felts.append(tuple(app.evaluate(FELT)))
        if turns == 1:  # the marks of the table explained one tap away, readably
            said, px = legend(app)
            assert "matador" in said and px >= 12, (said, px)
        one_move(app, number)
    assert app.get_attribute("body", "data-waiting-for") == "next_hand"
    assert turns >= 2
    # The layout's room kept its size from turn to turn (the hand's rows aside).
    assert max(h for _, h in felts) - min(h for _, h in felts) <= 90, felts
    assert min(w for w, _ in felts) >= 0.9 * size[0] or size[0] >= 1180, felts
    guard.check()


def test_a_larger_screen_draws_a_long_layout_with_larger_tiles(app, guard, base_url):
    import json

    from web_views import zoomable_save

    app.goto(base_url + "?delay=0")
    settle(app, 60_000)
    app.evaluate("""(save) => { localStorage.setItem('nos.game.v1', save);
                               localStorage.removeItem('nos.shown.v1'); }""",
                 json.dumps(zoomable_save("narrow", 4)))
    unit = {}
    for width, height in [(1280, 800), (1920, 1080), (2560, 1440)]:
        app.set_viewport_size({"width": width, "height": height})
        app.reload()
        settle(app, 60_000)
        unit[width] = float(app.get_attribute("#table-svg .layout", "data-unit"))
    # Tiles grow with the screen up to 56 x 112 px (render_layout.MOST), reached by 1920 wide.
    assert unit[1280] < unit[1920] <= unit[2560], unit
    guard.check()
