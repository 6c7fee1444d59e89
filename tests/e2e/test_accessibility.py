"""Accessible to everyone: axe-core (pinned in package.json) finds no violation in any state
of a game, at phone and desktop sizes, light and dark; a whole hand is played with the
keyboard alone, focus coming back to the hand after every move; the others' actions and the
payments reach the polite live region; R reads out the open ends. The rules pages and the
embeds, the pass-and-play screen and a verified deal are checked by axe too."""

from __future__ import annotations

import json

import record_link
import web_views
from e2e_harness import BOOT_TIMEOUT_MS, ROOT
from e2e_play import (
    human_on_set,
    new_game,
    one_move,
    open_game,
    play_hand,
    settle,
    take_all,
)
from e2e_site import POSITION, wait_ready
from web_views import find_decision

from nos.players import random_action
from nos.record import play_session, session_record

AXE = (ROOT / "node_modules" / "axe-core" / "axe.min.js").read_text(encoding="utf-8")
SIZES = {"phone": (360, 640), "desktop": (1280, 800)}
DECLARE = find_decision("declare", 4)
OUT_OF_TURN = find_decision("out of turn", 4)


def violations(page) -> list[str]:
    """axe-core's violations on the page as it is now (every rule axe runs by default)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE)  # (evaluated by the browser's devtools protocol: no CSP applies)
    found = page.evaluate("""async () => (await axe.run(document)).violations.map(v =>
        v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(n => n.target.join(' '))
            .join(', '))""")
    return found


def check_everywhere(page, state: str) -> None:
    """axe at each size in light and dark; the page is redrawn for each size first."""
    problems = []
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        # (redrawn for the screen: the felt's SVG as wide as the felt, in px)
        page.wait_for_function(f"""innerWidth === {width} &&
            document.querySelector('#table-svg').viewBox.baseVal.width ===
            Math.floor(document.querySelector('#felt').getBoundingClientRect().width)""")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            problems += [f"{state}, {size}, {scheme}: {v}" for v in violations(page)]
    assert problems == []


def test_axe_finds_nothing_in_the_announcement_of_every_game_on_0_0(app, guard, base_url):
    """On 0-0 the triangles may be announced too (R7): each game's form and diagram."""
    seed = web_views.human_on_set(4, zero=True)
    open_game(app, base_url, f"?seed={seed}&players=4&level=beginner&delay=0")
    app.locator("#hand .hand-tile.playable").first.click()
    app.locator("#announce-dialog").wait_for(state="visible")
    games = app.locator("#announce-dialog [data-game]:not([disabled])")
    offered = [games.nth(k).get_attribute("data-game") for k in range(games.count())]
    assert {str(g) for g in web_views.TRIANGLES} <= set(offered)
    problems = []
    for game in offered:
        app.click(f"#announce-dialog [data-game='{game}']")
        app.locator(f"#announce-dialog [data-game='{game}'][aria-pressed=true]").wait_for()
        problems += [f"game {game}: {v}" for v in violations(app)]
    assert problems == []
    guard.check()


def test_axe_finds_nothing_in_any_state_of_a_game(app, guard, base_url):
    seed = human_on_set(3)
    open_game(app, base_url, f"?seed={seed}&players=3&level=beginner&delay=0")
    assert app.get_attribute("body", "data-phase") == "set"
    check_everywhere(app, "on set")
    app.locator("#hand .hand-tile.playable").first.click()
    app.locator("#announce-dialog").wait_for(state="visible")
    # The keyboard starts on the game picked (its button in the group of games).
    assert app.evaluate("[document.activeElement.dataset.game, "
                        "document.activeElement.getAttribute('aria-pressed')]") == ["1", "true"]
    check_everywhere(app, "the announcement dialog")
    games = app.locator("#announce-dialog [data-game]:not([disabled])")
    problems = []
    for k in range(games.count()):  # every game's form and diagram (sides to pick, R40–R57)
        game = games.nth(k).get_attribute("data-game")
        app.click(f"#announce-dialog [data-game='{game}']")
        app.locator(f"#announce-dialog [data-game='{game}'][aria-pressed=true]").wait_for()
        problems += [f"game {game}: {v}" for v in violations(app)]
    assert problems == [] and games.count() >= 11
    app.click("#announce-dialog [data-game='1']")
    app.click("#announce-ok")
    settle(app)

    # (At the normal pace, not the URL's delay=0: the others' turn lasts.)
    app.goto(base_url + DECLARE["query"].replace("&delay=0", ""))  # over the game in play
    app.wait_for_selector("body[data-state=asking]", state="attached", timeout=BOOT_TIMEOUT_MS)
    check_everywhere(app, "a link's new game over the game in progress")
    app.click("#controls [data-cmd=offer-yes]")
    settle(app, BOOT_TIMEOUT_MS)
    take_all(app, DECLARE["path"])
    settle(app)
    assert app.get_attribute("body", "data-phase") == "declare"
    check_everywhere(app, "declarations")
    app.click("#controls [data-action=decline]")
    app.wait_for_selector("body[data-waiting-for=bot]", state="attached")
    check_everywhere(app, "the others' turn")

    new_game(app, OUT_OF_TURN["seed"], 4)
    take_all(app, OUT_OF_TURN["path"])
    settle(app)
    assert app.get_attribute("body", "data-phase") == "out of turn"
    check_everywhere(app, "doubles out of turn")
    app.click("#controls [data-action=decline]")

    # The person's turn with a tile selected.
    while settle(app) == "human":
        tiles = app.locator("#hand .hand-tile.playable")
        if app.get_attribute("body", "data-phase") == "play" and tiles.count():
            tiles.first.click()
            app.locator("#table .end.target").first.wait_for(state="attached")
            check_everywhere(app, "your turn, a tile selected")
            break
        app.locator("#controls .buttons button").first.click()
    app.locator("#table .end.target").first.click()

    # The hand's end and the settlement, by the quickest way there.
    while settle(app) == "human":
        buttons = app.locator("#controls .buttons button")
        tiles = app.locator("#hand .hand-tile.playable")
        if tiles.count() and app.get_attribute("body", "data-phase") in ("play", "out of turn"):
            tiles.first.click()
            app.locator("#table .end.target").first.click()
            out = app.locator("#controls [data-cmd=out]")
            if out.count():
                out.first.click()
        else:
            buttons.first.click()
    assert app.get_attribute("body", "data-waiting-for") == "next_hand"
    check_everywhere(app, "the hand's end")
    app.click("[data-cmd=end-session]")
    check_everywhere(app, "the question before settling")
    app.click("[data-cmd=settle-yes]")
    settle(app)
    check_everywhere(app, "the settlement")
    app.click("header [data-cmd=new-game]")
    app.locator("#newgame-dialog").wait_for(state="visible")
    check_everywhere(app, "the new-game dialog")
    guard.check()


def focused(page) -> dict:
    return page.evaluate("""() => { const a = document.activeElement;
        return {where: a.closest('#hand') ? 'hand' : a.closest('#table') ? 'table'
                    : a.closest('#controls') ? 'controls' : a.closest('dialog') ? 'dialog'
                    : a.tagName.toLowerCase(),
                tile: a.dataset.tile || null, arm: a.dataset.arm || null,
                action: a.dataset.action || a.dataset.cmd || a.id || null}; }""")


def tab_to(page, where: str, match=None, limit: int = 40) -> dict:
    """Press Tab until the focus is in `where` (and `match(focus)` holds)."""
    for _ in range(limit):
        now = focused(page)
        if now["where"] == where and (match is None or match(now)):
            return now
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {where}: at {focused(page)}")


def test_a_whole_hand_by_keyboard_alone(app, guard, base_url):
    seed = human_on_set(3)
    open_game(app, base_url, f"?seed={seed}&players=3&level=beginner&delay=0")
    # The hand is one tab stop: from the hand, Tab leaves it at once.
    now = tab_to(app, "hand")
    app.keyboard.press("Tab")
    assert focused(app)["where"] != "hand"
    # Set a double: the tab stop is the first playable tile; the arrows move in the hand.
    now = tab_to(app, "hand")
    doubles = app.evaluate("[...document.querySelectorAll('#hand .hand-tile.playable')]"
                           ".map(e => e.dataset.tile)")
    assert now["tile"] == doubles[0]
    app.keyboard.press("End")
    app.keyboard.press("Home")
    assert focused(app)["tile"] == app.evaluate(
        "document.querySelector('#hand [data-tile]').dataset.tile")
    for _ in range(20):
        if focused(app)["tile"] == doubles[0]:
            break
        app.keyboard.press("ArrowRight")
    app.keyboard.press("Enter")
    app.locator("#announce-dialog").wait_for(state="visible")
    tab_to(app, "dialog", lambda f: (f["action"] or "").startswith("announce "))
    app.keyboard.press("Enter")
    moves = 0
    while settle(app) == "human":
        moves += 1
        assert moves < 80
        phase = app.get_attribute("body", "data-phase")
        playable = app.locator("#hand .hand-tile.playable").count()
        if moves > 1 and app.locator("#hand [data-tile]").count():
            # Focus came back to the hand after the last move (and stayed through the
            # computer players' turns); when no tile can be played and the move is a
            # button (draw, wait, pass), to that button.
            dead = app.locator("#hand [data-tile]:not([aria-disabled])").count() == 0
            button = dead and app.locator("#controls button.primary").count() > 0
            assert focused(app)["where"] == ("controls" if button else "hand"), (
                phase, focused(app))
        if playable and phase in ("play", "out of turn"):
            now = tab_to(app, "hand")
            if "playable" not in app.get_attribute(f"#hand [data-tile='{now['tile']}']",
                                                   "class"):
                raise AssertionError("the hand's tab stop is not a playable tile")
            app.keyboard.press("Enter")  # select: the focus goes to the first end
            end = focused(app)
            assert end["where"] == "table" and end["arm"] is not None, end
            app.keyboard.press("Enter")  # play it there
            if app.locator("#controls [data-cmd=out]").count():
                tab_to(app, "controls", lambda f: f["action"] == "out")
                app.keyboard.press("Enter")
        else:
            tab_to(app, "controls", lambda f: f["action"] is not None)
            app.keyboard.press("ArrowRight")  # (a button's arrow keys are the browser's)
            assert focused(app)["where"] == "controls"
            app.keyboard.press("Enter")
    assert app.get_attribute("body", "data-waiting-for") == "next_hand"
    assert moves >= 3
    guard.check()


def test_the_others_actions_and_payments_are_announced_and_R_reads_the_ends(app, guard,
                                                                           base_url):
    d = DECLARE
    open_game(app, base_url, d["query"])
    take_all(app, d["path"])
    settle(app)
    app.click(f"#controls [data-action='{d['action']}']")
    settle(app)
    said = app.text_content("#announcer")
    names = d["view"]["names"]
    # The payments of the person's declaration (R8) were said, then the others' actions.
    log = app.evaluate("[...document.querySelectorAll('#log li')].map(li => li.textContent)")
    assert any(f"{n} pays you" in " ".join(log) for n in names[1:])
    assert said, log
    assert app.get_attribute("#announcer", "aria-live") == "polite"
    tab_to(app, "hand")
    app.keyboard.press("r")
    said = app.text_content("#announcer")
    assert said.startswith("You are to act. Open ends:") and "playable tiles" in said, said
    assert "Your tiles: " in said  # (the whole hand too, not only what can be played)
    hand = json.loads(app.evaluate("JSON.stringify([...document.querySelectorAll("
                                   "'#hand .hand-tile.playable')].map(e => e.dataset.tile))"))
    for tile in hand:
        assert tile in said
    guard.check()


def test_axe_finds_nothing_on_the_rules_pages_and_the_embeds(page, guard, base_url):
    """rules.html in each language and both colour schemes (its worked examples are
    landmarks, each named by its section); embed.html with a position, a replay and a bad
    text."""
    problems = []
    for lang, scheme in (("en", "light"), ("nl", "dark"), ("pl", "light")):
        page.emulate_media(color_scheme=scheme)
        page.goto(f"{base_url}rules.html?lang={lang}")
        wait_ready(page)
        problems += [f"rules {lang} {scheme}: {v}" for v in violations(page)]
    page.locator("#example-wait [data-cmd=next]").click()
    problems += [f"rules, an example stepped: {v}" for v in violations(page)]
    # On a phone, read far down: the bar scrolled away, the link to the contents floating.
    page.set_viewport_size({"width": 360, "height": 640})
    page.evaluate("document.getElementById('R21').scrollIntoView()")
    page.locator(".to-contents-float").wait_for(state="visible")
    problems += [f"rules on a phone: {v}" for v in violations(page)]
    page.set_viewport_size({"width": 1280, "height": 720})
    link = record_link.encode(session_record(play_session(4, 5, 1, random_action)))
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for what, query in (("position", f"?pos={POSITION}&bg=system"),
                            ("replay", f"?hand=1&step=4#r={link}")):
            page.goto(f"{base_url}embed.html{query}")
            wait_ready(page)
            problems += [f"embed {what} {scheme}: {v}" for v in violations(page)]
    page.goto(f"{base_url}embed.html?pos=nonsense")
    page.wait_for_selector("#embed-note:not(:empty)")
    problems += [f"embed, a bad text: {v}" for v in violations(page)]
    assert problems == []
    guard.check()


def test_axe_finds_nothing_on_the_pass_screen_and_a_verified_deal(app, guard, base_url):
    """Pass-and-play's "pass the device" screen, and a hand's end with its deal verified, in
    Dutch and Polish too."""
    open_game(app, base_url, "?players=4&people=2&seed=5&level=beginner&delay=0&lang=nl")
    problems = []
    while settle(app) == "human" and app.get_attribute("body", "data-pass") != "1":
        one_move(app)
    assert app.get_attribute("body", "data-pass") == "1"
    problems += [f"pass screen: {v}" for v in violations(app)]
    open_game(app, base_url, "?seed=31&players=3&level=beginner&delay=0&lang=pl")
    play_hand(app)
    app.click("[data-cmd=verify]")
    app.wait_for_selector(".fair-verified.ok")
    problems += [f"verified deal: {v}" for v in violations(app)]
    assert problems == []
    guard.check()


def test_the_tile_in_focus_stays_the_same_node_while_the_others_play(app, guard, base_url):
    """The others' moves leave the person's hand as it was: it is not drawn anew, so the
    tile in focus is not focused again and said again by a screen reader at every step."""
    seed = human_on_set(5)
    open_game(app, base_url, f"?seed={seed}&players=5&level=beginner&delay=700")
    playable = app.locator("#hand .hand-tile.playable")
    while app.get_attribute("body", "data-phase") != "play" or not playable.count():
        one_move(app)
    playable.first.click()  # the person plays: the others' turns follow, 0.7 s a step
    app.locator("#table .end.target").first.click()
    if app.locator("#controls [data-cmd=out]").count():
        app.locator("#controls [data-cmd=out]").first.click()
    app.wait_for_selector("body[data-waiting-for=bot]", state="attached")
    app.focus('#hand [tabindex="0"]')
    app.evaluate("window.held = document.activeElement")
    steps = app.locator("#log li").count()
    app.wait_for_function("(n) => document.querySelectorAll('#log li').length >= n + 2",
                          arg=steps, timeout=20_000)  # (two of the four others' steps)
    assert app.get_attribute("body", "data-waiting-for") == "bot"
    assert app.evaluate("document.activeElement === window.held && window.held.isConnected")
    guard.check()


LOG_LINES = "(n) => document.querySelectorAll('#log li').length > n"


def test_the_log_keeps_its_focus_and_its_scroll_while_the_others_play(app, guard, base_url):
    """The others' moves add their lines to the log without drawing it anew: a link in
    focus there stays in focus, a review closed gives the focus back to the log's button
    that opened it, and a log scrolled up to read stays where it was (at its foot, it
    follows the newest line)."""
    open_game(app, base_url, "?seed=5&players=5&level=beginner&delay=0")
    play_hand(app)
    playable = app.locator("#hand .hand-tile.playable")

    def to_a_play() -> None:  # (the next hand too, if this one ends first)
        while settle(app, 60_000) != "human" or not playable.count() or \
                app.get_attribute("body", "data-phase") != "play":
            if app.locator("#controls [data-cmd=next-hand]").count():
                app.click("#controls [data-cmd=next-hand]")
            else:
                one_move(app)

    to_a_play()
    app.goto(base_url + "?delay=1500")  # the same game, the others slower
    settle(app)

    def others_play() -> int:
        playable.first.click()
        app.locator("#table .end.target").first.click()
        if app.locator("#controls [data-cmd=out]").count():
            app.locator("#controls [data-cmd=out]").first.click()
        app.wait_for_selector("body[data-waiting-for=bot]", state="attached")
        return app.locator("#log li").count()

    lines = others_play()
    app.locator("#log a").last.focus()
    app.evaluate("window.held = document.activeElement; "
                 "document.getElementById('log').scrollTop = 0")
    app.wait_for_function(LOG_LINES, arg=lines, timeout=20_000)
    assert app.evaluate("document.activeElement === window.held && window.held.isConnected")
    assert app.evaluate("document.getElementById('log').scrollTop") == 0
    app.evaluate("(b => { b.scrollTop = b.scrollHeight; })(document.getElementById('log'))")
    lines = app.locator("#log li").count()
    app.wait_for_function(LOG_LINES, arg=lines, timeout=20_000)
    assert app.evaluate("(b => b.scrollTop + b.clientHeight >= b.scrollHeight - 8)"
                        "(document.getElementById('log'))")
    to_a_play()
    lines = others_play()
    review = app.locator("#log [data-cmd=review][data-hand='0']")
    review.focus()
    app.keyboard.press("Enter")
    app.locator("#review-dialog").wait_for(state="visible", timeout=30_000)
    app.wait_for_function(LOG_LINES, arg=lines, timeout=20_000)  # (a line while it is open)
    app.keyboard.press("Escape")
    app.locator("#review-dialog").wait_for(state="hidden")
    assert app.evaluate("document.activeElement.dataset.cmd") == "review"
    assert app.evaluate("document.activeElement.dataset.hand") == "0"
    guard.check()
