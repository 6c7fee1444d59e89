"""The coach on the page: off by default; switched on, it shows the options of the person's
decision with their expected chips and the expert's choice (in the announcement dialog too,
where a click picks an option), refines them while the person thinks, never blocks a move,
follows each new decision, and the hand's summary says how often it was asked."""

from __future__ import annotations

import json
import re

from e2e_play import human_on_set, one_move, open_game, parse_play, settle
from test_accessibility import violations
from web_views import choice_of_doubles

CHIPS = ("[...document.querySelectorAll('#announce-body .coach-game-chips')]"
         ".map(e => e.textContent).join()")


def chips_now(app) -> str:
    """The chips on the games' buttons, all in one text."""
    return app.evaluate(CHIPS)


def test_the_coach_advises_on_the_persons_decisions_and_the_summary_counts_it(app, guard,
                                                                              base_url):
    open_game(app, base_url, f"?seed={human_on_set(3)}&players=3&level=beginner&delay=0")
    assert app.locator(".coach").count() == 0  # off by default
    toggle = app.locator("[data-cmd=toggle-coach]")
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    app.wait_for_selector(".coach .coach-note")
    waiting, advised, picked = "human", 0, None
    while waiting == "human":
        if app.locator("#announce-dialog[open]").count() and picked is None:
            # R7: the dialog is modal, so the coach shows in it; a click picks its option
            picks = app.locator("#announce-coach .coach-pick")
            picks.first.wait_for(timeout=20_000)
            # Under the mouse the list keeps its order while the coach refines (the games'
            # chips change in place); the mouse gone, the list is brought up to date.
            # A list that opens under a pointer standing still is not held (the browser's
            # pointerover and its move without movement, as a dialog opens under it).
            drawn = app.inner_html("#announce-coach")
            app.evaluate("""() => { const l = document.querySelector(
                '#announce-coach .coach-options');
                for (const t of ['pointerover', 'pointermove'])
                    l.dispatchEvent(new PointerEvent(t, {bubbles: true, pointerType: 'mouse'}));
                }""")
            app.wait_for_function("h => document.getElementById('announce-coach').innerHTML "
                                  "!== h", arg=drawn, timeout=20_000)
            app.locator("#announce-coach .coach-options").hover()
            held = app.inner_html("#announce-coach")
            app.wait_for_function(f"() => {CHIPS} !== {json.dumps(chips_now(app))}",
                                  timeout=20_000)
            assert app.inner_html("#announce-coach") == held
            app.mouse.move(2, 2)
            app.wait_for_function("h => document.getElementById('announce-coach').innerHTML "
                                  "!== h", arg=held, timeout=20_000)
            assert app.locator("#announce-coach .coach-best").count() == 1
            # Each game's button says the chips the coach expects of it, its choice marked.
            best = app.locator("#announce-body .game .coach-game-chips.best")
            assert best.count() == 1
            assert re.fullmatch(r"Coach: [+−]?\d+\.\d", best.text_content()), \
                best.text_content()
            picked = picks.last.get_attribute("data-coach")
            # (by its action: a refinement may reorder the list meanwhile)
            app.locator(f'#announce-coach .coach-pick[data-coach="{picked}"]').click()
            ok = app.locator("#announce-ok")
            assert ok.get_attribute("data-action") == picked
            assert app.evaluate("document.activeElement.id") == "announce-ok"
            for scheme in ("dark", "light"):  # axe-core, the dialog with the coach in it
                app.emulate_media(color_scheme=scheme)
                assert violations(app) == [], scheme
        elif app.locator("#announce-dialog[open]").count() == 0:
            app.wait_for_selector("#coach-panel .coach-options li, "
                                  "#coach-panel .coach-note:not(.thinking)", timeout=20_000)
            items = app.locator("#coach-panel .coach-options li")
            if items.count():
                advised += 1
                text = items.first.text_content()
                assert re.search(r"[+−]?\d+\.\d chips \(± \d+\.\d\)", text), text
                assert app.locator("#coach-panel .coach-best").count() == 1
                deals = app.text_content("#coach-panel .coach .coach-note:last-child")
                assert re.search(r"\d+ deals", deals), deals
        waiting = one_move(app)  # the move is taken at once, the coach or not
    assert waiting == "next_hand" and advised >= 1 and picked is not None
    assert re.search(r"The coach was asked about \d+ of your decisions",
                     app.text_content(".summary .coached"))
    settle(app)
    app.reload()  # the switch is remembered, as the language and the theme are
    settle(app, 60_000)
    app.click("[data-cmd=next-hand]")
    assert settle(app) == "human"
    assert app.get_attribute("[data-cmd=toggle-coach]", "aria-pressed") == "true"
    app.wait_for_selector("#coach-panel .coach .coach-note")
    guard.check()


SET_SAVE = json.dumps(choice_of_doubles(3).save())


def held_then_redrawn(app, box: str) -> None:
    """Under the mouse the coach's list in `box` keeps its order while the coach refines (a
    refinement comes every quarter of a second); the mouse gone, it is brought up to date."""
    app.locator(f"{box} .coach-options").hover()
    held = app.inner_html(f"{box} .coach")
    app.wait_for_timeout(1_500)
    assert app.inner_html(f"{box} .coach") == held
    app.mouse.move(2, 2)
    app.wait_for_function("([b, h]) => document.querySelector(b + ' .coach').innerHTML !== h",
                          arg=[box, held], timeout=20_000)


def test_r7_the_coachs_options_in_its_panel_take_their_action(app, guard, base_url):
    """On set, a click on an option sets its double and opens the announcement with its game
    picked; in play, a click on an option plays it (or draws, waits, passes)."""
    app.goto(base_url)
    settle(app, 60_000)
    app.evaluate("""(save) => { localStorage.setItem('nos.game.v1', save);
                                localStorage.removeItem('nos.shown.v1'); }""", SET_SAVE)
    app.reload()
    assert settle(app, 60_000) == "human" and app.get_attribute("body", "data-phase") == "set"
    app.click("[data-cmd=toggle-coach]")
    options = app.locator("#coach-panel .coach-pick[data-then]")
    options.first.wait_for(timeout=20_000)
    held_then_redrawn(app, "#coach-panel")
    best = app.locator("#coach-panel .coach-options li:has(.coach-best) .coach-pick")
    tile = best.get_attribute("data-action").split()[-1]
    then = best.get_attribute("data-then")
    best.click()
    app.locator("#announce-dialog[open]").wait_for(timeout=20_000)
    ok = app.locator("#announce-ok")
    assert ok.get_attribute("data-action") == then  # the coach's game, ready to announce
    assert app.evaluate("document.activeElement.id") == "announce-ok"
    assert app.locator(f'#hand [data-tile="{tile}"]').count() == 0  # set
    ok.click()
    waiting = settle(app)
    clicked = 0
    while waiting == "human" and not clicked:
        if app.get_attribute("body", "data-phase") == "play":
            app.wait_for_selector("#coach-panel .coach-options li, "
                                  "#coach-panel .coach-note:not(.thinking)", timeout=20_000)
            if app.locator("#coach-panel .coach-pick[data-action]").count():
                best = app.locator("#coach-panel .coach-options li:has(.coach-best) .coach-pick")
                action = best.get_attribute("data-action")
                replies = int(app.get_attribute("body", "data-replies"))
                hand = app.locator("#hand [data-tile]").count()
                best.click()
                waiting = settle(app)
                assert int(app.get_attribute("body", "data-replies")) > replies
                if parse_play(action) is not None:
                    assert app.locator("#hand [data-tile]").count() == hand - 1
                clicked += 1
                continue
        waiting = one_move(app)
    assert clicked == 1
    for scheme in ("dark", "light"):  # axe-core: the coach's panel with its buttons
        app.emulate_media(color_scheme=scheme)
        assert violations(app) == [], scheme
    guard.check()


def test_on_a_phone_the_coach_shows_its_chips_under_the_tiles_with_the_table_in_view(
        app, guard, base_url):
    """A phone has the coach's panel below the table: switched on, the coach puts its chips
    under the hand's tiles (the expert's choice in gold, as in the panel) and on the draw
    button, and the page stays where it is, the other players' row on the screen."""
    app.set_viewport_size({"width": 360, "height": 740})
    open_game(app, base_url, "?seed=3&delay=0")
    waiting = settle(app)
    while not (waiting == "human" and app.get_attribute("body", "data-phase") == "play"):
        waiting = one_move(app)
    before = app.evaluate("scrollY")
    app.click("[data-cmd=toggle-coach]")
    app.wait_for_function("document.querySelector('#hand .coach-mark.best')?.textContent",
                          timeout=20_000)
    box = app.locator("#table").bounding_box()
    assert box["y"] >= -1 and app.evaluate("scrollY") == before  # the table stays in view
    hand = app.locator("#hand").bounding_box()
    assert hand["y"] + hand["height"] <= 740
    best = app.text_content("#hand .coach-mark.best")
    chips = app.text_content("#coach-panel .coach-options li:has(.coach-best) .coach-chips")
    assert chips.startswith(best + " "), (best, chips)
    marks = app.evaluate("[...document.querySelectorAll('#hand .coach-mark')]"
                         ".map(e => e.textContent)")
    assert len(marks) == app.locator("#hand [data-tile]").count() and all(
        re.fullmatch(r"([+−]?\d+\.\d)?", m) for m in marks)
    if app.locator('#controls [data-action="draw"]').count():  # the free draw (R11)
        assert re.fullmatch(r"[+−]?\d+\.\d", app.text_content(
            '#controls [data-action="draw"] .coach-mark'))
    app.click("[data-cmd=toggle-coach]")  # off: no chips, the hand as it was
    assert app.locator("#hand .coach-mark, #controls .coach-mark").count() == 0
    assert app.evaluate("scrollY") == before


def test_the_coachs_refinements_keep_the_focused_tile_and_its_read_out(app, guard, base_url):
    """As the coach refines, its chips under the tiles change in place: the tile that has the
    keyboard's focus keeps its node, and its read-out changes at most once, when the coach
    is done (drawn anew and focused again, a screen reader said it again at every
    refinement); every tile's read-out says the chips it shows (axe: label in name)."""
    open_game(app, base_url, "?seed=3&delay=0")
    waiting = settle(app)
    while not (waiting == "human" and app.get_attribute("body", "data-phase") == "play"
               and app.locator("#hand .hand-tile.playable").count() > 1):
        waiting = one_move(app)
    tile = app.locator("#hand .hand-tile.playable").first
    app.click("[data-cmd=toggle-coach]")
    app.wait_for_function("document.querySelector('#hand .coach-mark.best')?.textContent",
                          timeout=20_000)
    tile.focus()
    app.evaluate("""() => { const e = document.activeElement;
        e.dataset.probe = 'kept'; window.relabelled = 0;
        new MutationObserver(() => { window.relabelled += 1; })
            .observe(e, {attributes: true, attributeFilter: ['aria-label']}); }""")
    notes = "document.querySelector('#coach-panel .coach').textContent"
    for _ in range(2):  # two refinements
        before = app.evaluate(notes)
        app.wait_for_function(f"{notes} !== {json.dumps(before)}", timeout=20_000)
    focused = app.evaluate("""() => { const e = document.activeElement;
        return [e.dataset.probe, e.dataset.tile, window.relabelled]; }""")
    assert focused[:2] == ["kept", tile.get_attribute("data-tile")] and focused[2] <= 1, \
        focused
    tiles = app.evaluate("""[...document.querySelectorAll('#hand [data-tile]')]
        .map(e => [e.getAttribute('aria-label'), e.querySelector('.coach-mark').textContent])""")
    assert tiles and all(not mark or mark in said for said, mark in tiles), tiles
    assert violations(app) == []
