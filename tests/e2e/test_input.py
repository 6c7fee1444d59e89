"""Direct, forgiving input: a tile dragged from the hand to a lit end, by mouse and by touch
(pointer events), plays it there without selecting text or scrolling the page; a set or a
play is taken back by Undo until the next player's action is shown, a draw never."""

from __future__ import annotations

import pytest
from e2e_play import announce, open_game, settle
from web_views import human_on_set


def centre(page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def to_first_play(page) -> str:
    """Set the first double and announce game 1; return the first tile playable then."""
    page.click("#hand .hand-tile.playable")
    announce(page, 1)
    while settle(page) == "human":
        tiles = page.locator("#hand .hand-tile.playable")
        if page.get_attribute("body", "data-phase") == "play" and tiles.count():
            return tiles.first.get_attribute("data-tile")
        page.locator("#controls .buttons button").first.click()
    raise AssertionError("the hand ended before the person could play")


def layout_count(page) -> int:
    return page.locator("#table .layout-tile").count()


def played(page, tile: str, before: int) -> None:
    page.wait_for_function(f"document.querySelectorAll('#table .layout-tile').length > {before}"
                           f" && !document.querySelector(\"#hand [data-tile='{tile}']\")")


@pytest.mark.parametrize("pointer", ["mouse", "touch"])
def test_a_tile_dragged_to_a_lit_end_is_played_without_selecting_or_scrolling(
        browser, base_url, pointer):
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  has_touch=pointer == "touch")
    page = context.new_page()
    try:
        open_game(page, base_url,
                  f"?seed={human_on_set(3)}&players=3&level=beginner&delay=0")
        tile = to_first_play(page)
        before, scrolled = layout_count(page), page.evaluate("scrollY")
        x, y = centre(page, f"#hand [data-tile='{tile}']")
        if pointer == "mouse":
            page.mouse.move(x, y)
            page.mouse.down()
            page.mouse.move(x, y - 40, steps=4)
            ex, ey = centre(page, "#table .end.target")
            page.mouse.move(ex, ey, steps=8)
            assert page.evaluate("getSelection().toString()") == ""
            page.mouse.up()
        else:  # touch points through the devtools protocol: the browser makes the pointer events
            cdp = context.new_cdp_session(page)

            def touch(kind: str, px: float, py: float) -> None:
                points = [] if kind == "touchEnd" else [{"x": px, "y": py}]
                cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

            touch("touchStart", x, y)
            for k in range(1, 5):
                touch("touchMove", x, y - 10 * k)
            page.locator("#table .end.target").first.wait_for(state="attached")
            ex, ey = centre(page, "#table .end.target")
            for k in range(1, 9):
                touch("touchMove", x + (ex - x) * k / 8, y - 40 + (ey - y + 40) * k / 8)
            assert page.evaluate("scrollY") == scrolled
            touch("touchEnd", ex, ey)
        played(page, tile, before)
        assert page.evaluate("getSelection().toString()") == ""
        assert page.evaluate("scrollY") == scrolled
    finally:
        context.close()


def test_a_finger_that_drags_no_tile_on_the_hand_scrolls_the_page(browser, base_url):
    """The hand takes touches as drags (touch-action: none), so a swipe there scrolled
    nothing: now a finger on its felt, or on a tile that cannot be played, scrolls the page
    by as much as it moves; a playable tile dragged up is still played (the test above)."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True)
    page = context.new_page()
    try:
        open_game(page, base_url, f"?seed={human_on_set(3)}&players=3&level=beginner&delay=0")
        cdp = context.new_cdp_session(page)

        def swipe(px: float, py: float, by: float) -> float:
            start = page.evaluate("scrollY")
            cdp.send("Input.dispatchTouchEvent", {"type": "touchStart",
                                                  "touchPoints": [{"x": px, "y": py}]})
            for k in range(1, 7):
                cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
                    {"x": px, "y": py - by * k / 6}]})
            cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            page.wait_for_timeout(100)
            return page.evaluate("scrollY") - start

        def felt_edge() -> tuple[float, float]:
            """The hand's felt at its left edge, beside the tiles (centred), in view."""
            page.locator("#hand").scroll_into_view_if_needed()
            felt = page.locator("#hand-felt").bounding_box()
            assert felt is not None
            assert page.evaluate(f"document.elementFromPoint({felt['x'] + 6}, "
                                 f"{felt['y'] + 8}).id") == "hand-felt"
            return felt["x"] + 6, felt["y"] + 8

        moved = swipe(*felt_edge(), 90)  # a finger moving up: the page scrolls down
        assert 85 <= moved <= 95, moved
        moved = swipe(*felt_edge(), -60)  # down: it scrolls up, by the finger's way
        assert -65 <= moved <= -55, moved
        dim = page.locator("#hand .hand-tile:not(.playable)")
        assert dim.count()  # (on set, only the highest double is playable: R4)
        bx = dim.first.bounding_box()
        assert bx is not None
        assert 35 <= swipe(bx["x"] + bx["width"] / 2, bx["y"] + bx["height"] / 2, 40) <= 45
        assert page.get_attribute("body", "data-phase") == "set"  # nothing was set
        assert page.locator("#hand .hand-tile.selected").count() == 0
    finally:
        context.close()


def test_undo_takes_back_a_set_and_a_play_but_never_a_draw(app, guard, base_url):
    """Undo while the next player's action is not shown (the slow pace: its pause)."""
    open_game(app, base_url, f"?seed={human_on_set(3)}&players=3&level=beginner&delay=1500")
    double = app.locator("#hand .hand-tile.playable").first.get_attribute("data-tile")
    app.click(f"#hand [data-tile='{double}']")
    app.locator("#announce-dialog").wait_for(state="visible")
    app.click("#announce-dialog [data-cmd=announce-close]")
    app.click("#controls [data-cmd=undo]")
    settle(app)
    assert app.get_attribute("body", "data-phase") == "set"
    assert app.text_content("#status") == f"You took back {double}: it is your turn again."
    assert app.locator(f"#hand [data-tile='{double}']").count() == 1
    tile = to_first_play(app)
    hand = app.locator("#hand [data-tile]").count()
    app.click(f"#hand [data-tile='{tile}']")
    app.locator("#table .end.target").first.click()
    app.locator("#controls [data-cmd=undo]").click()  # during the computer player's pause
    assert settle(app) == "human"
    assert app.locator("#hand [data-tile]").count() == hand
    assert app.locator(f"#hand [data-tile='{tile}']").count() == 1
    assert app.locator("#controls [data-cmd=undo]").count() == 0
    # The live status line says what was taken back (the log no longer shows it).
    assert app.text_content("#status") == f"You took back {tile}: it is your turn again."
    draw = app.locator("#controls [data-action=draw]")
    if draw.count():  # (the boneyard holds more than its last two)
        draw.click()
        assert settle(app) == "human"
        assert app.locator("#controls [data-cmd=undo]").count() == 0
    guard.check()


@pytest.mark.parametrize("coach", [False, True])
def test_r7_the_announcement_is_chosen_by_keyboard_in_a_few_keys(app, guard, base_url,
                                                                  coach):
    """The games are one tab stop: the arrow keys move along them, Enter picks one and keeps
    the focus on it, and Tab goes on to the game's options and to Announce; each row of
    options is one tab stop too, and so is the coach's list."""
    open_game(app, base_url, f"?seed={human_on_set(3)}&players=3&level=beginner&delay=0")
    if coach:
        app.click("[data-cmd=toggle-coach]")
    app.click("#hand .hand-tile.playable")  # set: the dialog opens
    app.locator("#announce-dialog").wait_for(state="visible")
    if coach:
        app.locator("#announce-coach .coach-pick").first.wait_for(timeout=20_000)
        assert app.locator("#announce-coach .coach-pick[tabindex='0']").count() == 1
    focused = "document.activeElement.dataset.game || document.activeElement.id || " \
              "document.activeElement.dataset.param"
    app.focus("#announce-dialog [data-game][tabindex='0']")
    assert app.evaluate(focused) == "1"
    assert app.locator("#announce-dialog .games [tabindex='0']").count() == 1
    app.keyboard.press("ArrowDown")
    assert app.evaluate(focused) == "2"
    app.keyboard.press("End")
    last = app.evaluate(focused)
    app.keyboard.press("Home")
    assert app.evaluate(focused) == "1" and last != "1"
    app.keyboard.press("ArrowDown")
    app.keyboard.press("Enter")  # game 2 picked, the focus kept on it
    assert app.get_attribute("#announce-dialog [data-game='2']", "aria-pressed") == "true"
    assert app.evaluate(focused) == "2"
    presses = 0
    while app.evaluate(focused) != "announce-ok":
        app.keyboard.press("Tab")
        presses += 1
        assert presses <= (3 if coach else 2), app.evaluate("document.activeElement.outerHTML")
    app.keyboard.press("Enter")
    app.locator("#announce-dialog").wait_for(state="hidden")
    app.wait_for_function("document.querySelector('#table .force-game').textContent"
                          ".includes('Game 2')")
    guard.check()
