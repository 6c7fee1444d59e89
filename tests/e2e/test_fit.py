"""A table that fits every screen: through whole hands of a line, a cross and a triangle game,
at phone and desktop sizes, all a turn needs (the layout, the hand, the prompt and its
buttons; whose turn is on the table) lies inside the screen without scrolling, whenever the
person is to act, and the table keeps its size from turn to turn; a larger screen draws
larger tiles."""

from __future__ import annotations

import pytest
from e2e_play import announce, one_move, open_game, settle
from web_views import human_on_set, long_hand_seed

SIZES = [(360, 640), (390, 844), (1280, 800), (1920, 1080)]
GAMES = {"line": (1, False), "cross": (2, False), "triangle": (13, True)}
SCALE = "document.querySelector('#table-svg').getScreenCTM().a"  # the table's drawn size
TURN = ["#table-svg", "#hand-svg", "#controls .prompt", "#controls .buttons",
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


def legend(page) -> tuple[str, float, bool]:
    """The line under the table that says what the ends' colours mean: its words, its type
    size in px and whether it lies wholly inside the screen."""
    return tuple(page.evaluate("""() => {
        const e = document.querySelector('#table-legend');
        const r = e.getBoundingClientRect();
        return [e.textContent, parseFloat(getComputedStyle(e).fontSize),
                r.height > 0 && r.top >= 0 && r.bottom <= innerHeight + 1];
    }"""))


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
    while settle(app) == "human":
        turns += 1
        assert turns < 80
        assert outside(app) == [], (game, size, turns)
        assert controls_grow(app) <= 1, (game, size, turns, app.text_content("#controls"))
        in_play = app.evaluate(SCALE)
        if size[0] < 700:  # a phone's table fills most of its width, a short one's too
            assert in_play * 400 >= 0.78 * size[0], (game, size, in_play)
        if size[0] >= 1000:  # a desktop: the ends' colours explained, at a readable size
            said, px, shown = legend(app)
            assert "matador" in said and px >= 12 and shown, (said, px, shown)
        one_move(app, number)
    assert app.get_attribute("body", "data-waiting-for") == "next_hand"
    assert turns >= 2
    # The summary comes under the table, which keeps about its size in play.
    assert app.evaluate(SCALE) >= 0.9 * in_play, (app.evaluate(SCALE), in_play)
    guard.check()


def test_a_larger_screen_draws_larger_tiles(app, guard, base_url):
    seed = human_on_set(3)
    open_game(app, base_url, f"?seed={seed}&players=3&level=beginner&delay=0")
    scale = {}
    for width, height in [(1280, 800), (1920, 1080), (2560, 1440)]:
        app.set_viewport_size({"width": width, "height": height})
        app.wait_for_function(f"innerWidth === {width}")
        scale[width] = app.evaluate("document.querySelector('#table-svg').getScreenCTM().a")
    assert scale[1280] < scale[1920] < scale[2560], scale
    assert scale[2560] > 1.5 * scale[1280], scale
    guard.check()
