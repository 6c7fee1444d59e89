"""A layout too long for legible tiles on a phone is drawn whole and zoomable: its buttons
(by mouse and by keyboard), the wheel, a drag by mouse and by touch and a pinch zoom and pan
it without playing anything or scrolling the page; the zoom lasts through redraws, axe
finds nothing wrong with it, and zoomed out again a tile is played as ever."""

from __future__ import annotations

import json

from e2e_play import settle
from test_accessibility import violations
from web_views import zoomable_save

SAVE = zoomable_save("narrow", 4)


def zoom(page) -> list[float]:
    return [float(v) for v in page.get_attribute("#layout-zoom", "data-zoom").split()]


def felt_middle(page) -> tuple[float, float]:
    box = page.locator("#layout-zoom").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def open_saved(page, base_url: str) -> None:
    page.goto(base_url)
    settle(page, 60_000)
    page.evaluate("""(save) => { localStorage.setItem('nos.game.v1', save);
                                 localStorage.removeItem('nos.shown.v1'); }""",
                  json.dumps(SAVE))
    page.reload()
    settle(page, 60_000)


def test_a_long_layout_on_a_phone_zooms_and_pans_and_still_plays(browser, base_url, guard):
    context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True)
    guard.watch(context)
    page = context.new_page()
    try:
        open_saved(page, base_url)
        assert zoom(page) == [1, 0, 0]
        assert page.get_attribute("[data-cmd='zoom-out']", "aria-disabled") == "true"
        replies = page.get_attribute("body", "data-replies")
        tiles = page.locator("#table .layout-tile").count()

        page.click("[data-cmd='zoom-in']")
        assert zoom(page)[0] == 1.5
        assert "scale(1.5)" in page.get_attribute("#layout-zoom", "transform")

        # A drag on the felt pans; it plays nothing and selects nothing.
        before = zoom(page)
        x, y = felt_middle(page)
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x + 40, y + 30, steps=5)
        page.mouse.up()
        after = zoom(page)
        assert after[0] == before[0] and after[1:] != before[1:], (before, after)
        assert page.evaluate("getSelection().toString()") == ""

        # The wheel zooms about the pointer, and the page does not scroll.
        scrolled = page.evaluate("scrollY")
        page.mouse.wheel(0, -100)
        page.wait_for_function("document.querySelector('#layout-zoom')"
                               ".getAttribute('data-zoom').split(' ')[0] > 1.5")
        assert page.evaluate("scrollY") == scrolled

        # A touch drag pans, and a pinch zooms out, without scrolling the page.
        cdp = context.new_cdp_session(page)

        def touch(kind: str, points: list[tuple[float, float]]) -> None:
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
                {"x": px, "y": py, "id": k} for k, (px, py) in enumerate(points)]})

        before = zoom(page)
        touch("touchStart", [(x, y)])
        for k in range(1, 6):
            touch("touchMove", [(x - 8 * k, y - 6 * k)])
        touch("touchEnd", [])
        assert zoom(page)[1:] != before[1:]
        before = zoom(page)
        touch("touchStart", [(x - 60, y), (x + 60, y)])
        for k in range(1, 6):
            touch("touchMove", [(x - 60 + 10 * k, y), (x + 60 - 10 * k, y)])
        touch("touchEnd", [])
        assert zoom(page)[0] < before[0]
        assert page.evaluate("scrollY") == scrolled

        # The zoom lasts through a redraw (a tile selected), and axe finds nothing wrong.
        kept = zoom(page)
        page.locator("#hand .hand-tile.playable").first.click()
        page.locator("#table .end.target").first.wait_for(state="attached")
        assert zoom(page) == kept
        assert violations(page) == []

        # By keyboard: Enter on the zoom-out button until it can do no more.
        page.focus("[data-cmd='zoom-out']")
        for _ in range(6):
            page.keyboard.press("Enter")
        assert zoom(page) == [1, 0, 0]
        assert page.evaluate("document.activeElement.getAttribute('data-cmd')") == "zoom-out"

        # Nothing was played or sent by any of it; now a click on the lit end plays.
        assert page.get_attribute("body", "data-replies") == replies
        assert page.locator("#table .layout-tile").count() == tiles
        page.locator("#table .end.target").first.click()
        for choice in ("#controls [data-cmd=out]", "#controls [data-cmd=close-no]"):
            if page.locator(choice).count():  # which end faces out (R61); no close (R18)
                page.locator(choice).first.click()
        page.wait_for_function(f"document.querySelectorAll('#table .layout-tile').length"
                               f" > {tiles}")
    finally:
        context.close()
