"""Whole hands played in the browser by clicking as a person would (line, cross and
matador games), an illegal attempt, the announcement dialog, the bots' pace, saving and
restoring, URL parameters, a damaged save, offline play, and the look of the table on a
phone and a desktop (screenshots in /tmp). Each page load costs a Pyodide boot (~4 s on
2 cores), so each test covers several things on one page."""

from __future__ import annotations

import itertools
import re

import pytest
from e2e_harness import BOOT_TIMEOUT_MS, Guard
from e2e_play import (
    CHOSEN_OUTS,
    HAND_MOVES,
    human_on_set,
    one_move,
    open_game,
    play_hand,
    saved,
    settle,
    state,
    web_views,
)

SEED3 = human_on_set(3)  # the person holds the highest double of hand 1 (R4)
FAST = f"?seed={SEED3}&players=3&level=beginner&delay=0"
MATADOR = f"?seed={web_views.long_hand_seed(3, 4, matador=True)}&players=3&level=beginner&delay=0"


def check_hand_over(page) -> None:
    summary = page.locator("#controls .summary")
    assert "Hand 1 is over" in summary.locator("h2").text_content()
    assert summary.locator("table.standings tbody tr").count() == 3
    # What happened first: who is on set next and why (R22), before the buttons.
    assert re.search(r"is on set next hand: the highest (count, \d+|tile of the tie-break "
                     r"draw) \(R22\)", summary.locator(".verdict").text_content())
    log = page.text_content("#log")
    assert "the set, R6" in log  # every payment with its reason
    assert re.search(r"The hand ends: .*Counts: you \d+", log)


def try_a_wrong_end(page) -> None:
    """An illegal attempt (a tile dropped where it does not fit) is explained in one
    sentence naming the ruling (R70), and changes nothing."""
    while page.get_attribute("body", "data-phase") != "play":
        one_move(page, 1)
    before = state(page)
    tiles = page.locator("#hand .hand-tile.playable")
    for k in range(tiles.count()):
        tiles.nth(k).click()
        wrong = page.locator("#table .end:not(.target):not(.locked)")
        if wrong.count():
            wrong.first.click()
            settle(page)
            status = page.text_content("#status")
            assert re.fullmatch(r"[^\n]+ \(R\d+[a-z]?\)\.", status), status
            assert "Traceback" not in page.content()
            assert state(page) == before
            return
        tiles.nth(k).click()  # put it back
    pytest.fail("no playable tile with a wrong end in this position")


@pytest.mark.parametrize(
    ("game", "name", "shape_words"),
    [(1, "ordinary", "Game 1: ordinary"), (2, "cross", "Game 2: ordinary cross"),
     (4, "matador", "Game 4: matador")],
)
def test_a_whole_hand_by_clicking(app, guard, base_url, record_boot, game, name,
                                  shape_words):
    # Game 4: a deal in which the person plays a matador on a matador end (R61).
    open_game(app, base_url, MATADOR if game == 4 else FAST)
    marks = app.evaluate("Object.fromEntries(performance.getEntriesByType('mark')"
                         ".map(m => [m.name, Math.round(m.startTime)]))")
    assert marks["nos:frame"] < marks["nos:ready"] < marks["nos:playable"]
    assert app.get_attribute("body", "data-phase") == "set"
    # The query was a one-time order: the address bar keeps only the page setting.
    assert app.evaluate("location.search") == "?delay=0"
    # Set the highest double by clicking it; the announcement dialog opens by itself.
    one_move(app, game)
    assert app.locator("#announce-dialog").is_visible()
    one_move(app, game)
    assert shape_words in app.text_content("#table .force-game")  # (the table's own bar)
    if game == 1:
        try_a_wrong_end(app)
    CHOSEN_OUTS.clear()
    HAND_MOVES.clear()
    moves = play_hand(app, game, drag_every=3 if game == 2 else 0)  # cross: some by drag
    assert moves >= 3
    record_boot(f"play {name}", {"frame_ms": marks["nos:frame"], "ready_ms": marks["nos:ready"],
                                "from_service_worker": False,
                                "playable_ms": marks["nos:playable"],
                                "render_ms": int(app.get_attribute("body", "data-render-ms"))})
    check_hand_over(app)
    # The summary came into view by itself: its button is on screen without scrolling.
    button = "[data-cmd=end-session]" if game == 4 else "[data-cmd=next-hand]"
    assert app.evaluate(f"""() => {{ const r = document.querySelector('#controls {button}')
        .getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }}""")
    app.screenshot(path=f"/tmp/nos-hand-over-{name}.png", full_page=True)
    if game == 4:
        # The person held a matador: played on a matador end, they chose its outward end.
        assert CHOSEN_OUTS and "faces out?" in CHOSEN_OUTS[0], CHOSEN_OUTS
        assert all(abs(d) <= 1 for d in HAND_MOVES), HAND_MOVES  # nothing jumped (R61)
        # R24: settle the session, once asked whether to (nothing can be played after it):
        # Cancel keeps the summary; the question is said, the keyboard's focus on Cancel.
        app.click("[data-cmd=end-session]")
        assert "no more hands" in app.text_content("#controls")
        assert "no more hands" in app.text_content("#announcer")
        assert app.evaluate("document.activeElement.dataset.cmd") == "cancel"
        app.click("#controls [data-cmd=cancel]")
        assert app.locator("#controls [data-cmd=next-hand]").count() == 1
        app.click("[data-cmd=end-session]")
        app.click("[data-cmd=settle-yes]")
        settle(app)
        text = app.text_content("#controls")
        assert "The session is settled" in text and "pot of" in text
        assert app.get_attribute("body", "data-waiting-for") == "done"
    else:  # the next hand: the loser is on set (R22)
        app.click("[data-cmd=next-hand]")
        settle(app)
        assert "Hand 2" in app.text_content("#info")
        # The new hand brings the table back into view.
        assert app.evaluate("document.querySelector('#table').getBoundingClientRect().top") \
            >= -1
    guard.check()


def test_announcement_dialog_then_bots_one_at_a_time(app, guard, base_url):
    # Every change of data-replies (the number of engine replies shown), with its time.
    app.add_init_script(
        "window.__shown = [];"
        "new MutationObserver(() => window.__shown.push([performance.now(),"
        " document.body.dataset.replies, document.body.dataset.phase]))"
        ".observe(document, {attributes: true,"
        " subtree: true, attributeFilter: ['data-replies']});"
    )
    open_game(app, base_url, f"?seed={SEED3}&players=3&level=beginner&delay=300")
    one_move(app, 11)  # set: the dialog opens
    dialog = app.locator("#announce-dialog")
    assert dialog.is_visible()
    set_tile = re.search(r"set tile is (\d-\d)", dialog.text_content())[1]
    assert set_tile != "0-0"
    # Only the legal games can be chosen; the others say why.
    for game in (13, 14, 15, 16):
        button = app.locator(f"#announce-dialog [data-game='{game}']")
        assert button.is_disabled() and "0-0" in button.text_content()
    assert app.locator("#announce-dialog [data-game]:not([disabled])").count() == 13
    # Game 11 with parameters: matador, three first on the side clicked in the diagram,
    # then ordinary.
    app.click("#announce-dialog [data-game='11']")
    app.click("#announce-dialog [data-param='matching'][data-value='matador']")
    app.click("#announce-dialog [data-param='condition'][data-value='first']")
    app.click("#announce-dialog [data-param='count'][data-value='3']")
    # The right side of the set double, clicked in the diagram.
    app.click("#announce-diagram [data-pick='side'][data-value='right']")
    app.click("#announce-dialog [data-param='then'][data-value='ordinary']")
    preview = app.text_content("#announce-preview")
    assert "matador, 3 first on the right side, then ordinary" in preview
    assert app.get_attribute("#announce-ok", "data-action") == \
        "announce 11 matador first=1:3 change"
    # Closing the dialog leaves a button to open it again, as it was.
    app.click("#announce-dialog [data-cmd='announce-close']")
    dialog.wait_for(state="hidden")
    app.click("[data-cmd=announce-open]")
    assert app.text_content("#announce-preview") == preview
    app.evaluate("window.__shown = []")
    app.click("#announce-ok")
    settle(app)
    shown = app.text_content("#table .force-game")
    assert "Game 11: matador, 3 first on the right side, then ordinary" in shown
    assert "You announce matador, 3 first on the right side" in app.text_content("#log")
    # The computer players acted one at a time, each shown ~300 ms after the one before.
    # The steps that go round every seat (declarations, doubles out of turn: R8, R9, R71)
    # take a short pause each, the same for every seat.
    shown = []
    for t, replies, phase in app.evaluate("window.__shown"):
        if not shown or shown[-1][1] != replies:
            shown.append((t, replies, phase))
    bots = shown[1:]  # after the person's own announcement
    assert len(bots) >= 3, shown
    gaps = [(b[0] - a[0], a[2]) for a, b in itertools.pairwise(bots)]
    assert min(g for g, phase in gaps if phase == "play") >= 250, gaps
    assert min(g for g, _ in gaps) >= 0.3 * 300 * 0.8, gaps
    guard.check()


def test_r71_r9_an_experts_every_out_of_turn_step_takes_its_least_time(app, guard, base_url):
    """The expert weighs a double out of turn only when it holds one: each of its
    out-of-turn steps lasts the view's least time (0.3 s, its cap there), even at pace 0, so
    that the pause tells nobody who held one."""
    app.add_init_script(
        "window.__shown = [];"
        "new MutationObserver(() => window.__shown.push([performance.now(),"
        " document.body.dataset.replies, document.body.dataset.phase,"
        " document.body.dataset.waitingFor]))"
        ".observe(document, {attributes: true,"
        " subtree: true, attributeFilter: ['data-replies']});"
    )
    open_game(app, base_url, f"?seed={SEED3}&players=3&level=expert&delay=0")
    while app.get_attribute("body", "data-phase") != "play" or \
            app.get_attribute("body", "data-waiting-for") != "human":
        one_move(app, 1)
    shown = []
    for t, replies, phase, waiting in app.evaluate("window.__shown"):
        if not shown or shown[-1][1] != replies:
            shown.append((t, replies, phase, waiting))
    gaps = [(b[0] - a[0], a[2]) for a, b in itertools.pairwise(shown) if a[3] == "bot"]
    out_of_turn = [g for g, phase in gaps if phase == "out of turn"]
    assert len(out_of_turn) >= 2, gaps
    assert min(out_of_turn) >= 300 * 0.9, gaps
    guard.check()


def test_the_bots_pauses_before_the_first_turn_are_reported(app, guard, base_url):
    """The page says how long the computer players paused (their pace) before the person
    could first act, so that the boot benchmark can tell load time from pace."""
    seed = web_views.bots_on_set(3)
    open_game(app, base_url, f"?seed={seed}&players=3&level=beginner&delay=200")
    paused = int(app.get_attribute("body", "data-paused-ms"))
    # Full pauses in the turns, short ones (0.3 of the pace) in the steps that go round every
    # seat (R8, R9): at least one full one (the set), the rest of the two kinds.
    full = [k for k in range(1, paused // 200 + 1) if (paused - 200 * k) % 60 == 0]
    assert full, paused
    marks = app.evaluate("Object.fromEntries(performance.getEntriesByType('mark')"
                         ".map(m => [m.name, m.startTime]))")
    assert marks["nos:playable"] - marks["nos:ready"] >= paused  # they lie in between
    log = app.locator("#log li").count()
    assert log >= min(full)  # at least one logged line per bot move in the turns
    guard.check()


def test_reload_mid_hand_restores_the_same_position(app, guard, base_url):
    open_game(app, base_url, FAST)
    for _ in range(4):
        if one_move(app, 2) != "human":
            break
    before = state(app)
    record = saved(app)  # the worker's game record, saved after every action
    assert record["hands"][0]["actions"], "nothing was saved"
    assert record["app"]["seed"] == SEED3 and record["app"]["level"] == "beginner"
    app.reload()
    settle(app, BOOT_TIMEOUT_MS)
    assert state(app) == before
    assert saved(app) == record
    one_move(app, 2)  # and play on
    assert saved(app) != record
    guard.check()


def test_reload_draws_the_saved_game_before_the_engine_is_up(browser, base_url):
    """The saved game is on the table at once after a reload, in a loading state in which
    nothing can be played; once the engine has restored it, it plays on from there."""
    context = browser.new_context(service_workers="block")  # the test holds the engine back
    page = context.new_page()
    g = Guard()
    g.watch(context)
    open_game(page, base_url, FAST)
    while settle(page) != "human" or page.get_attribute("body", "data-phase") != "play":
        one_move(page, 1)
    before = state(page)
    held = []  # the worker's request for the engine, answered when the test says so
    context.route("**/web/worker.zip", lambda route: held.append(route))
    page.reload()
    page.wait_for_selector("#app[data-state=saved]", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert state(page) | {"waiting": "human"} == before  # drawn: the same position, log too
    assert page.get_attribute("body", "data-state") == "loading"
    assert page.text_content("#status") == "Starting the engine…"
    assert page.locator("#hand .hand-tile.playable").count() == 0
    assert page.text_content("#controls") == "Restoring your game…"  # no buttons yet
    page.click(f"#hand [data-tile='{before['hand'][0]}']")  # a click does nothing yet
    assert page.locator("#hand .hand-tile.selected").count() == 0
    for _ in range(600):  # until the worker asks for the engine (Pyodide has loaded)
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the worker never asked for web/worker.zip"
    assert page.get_attribute("body", "data-state") == "loading"
    # A slow start (the first visit downloads ~7 MB) is explained after a while.
    page.wait_for_function(
        "document.getElementById('status').textContent.startsWith('Still starting the engine')",
        timeout=20_000,
    )
    page.evaluate("document.getElementById('table-svg').dataset.drawnAtBoot = 'yes'")
    held[0].fallback()
    settle(page, BOOT_TIMEOUT_MS)
    assert state(page) == before
    # The engine's reply was the one drawn at boot: its table was not drawn again.
    assert page.get_attribute("#table-svg", "data-drawn-at-boot") == "yes"
    assert page.locator("#hand .hand-tile.playable").count() >= 1
    assert page.text_content("#status") == ""
    one_move(page, 1)  # and play on
    assert state(page) != before
    assert page.get_attribute("#table-svg", "data-drawn-at-boot") is None  # drawn anew
    g.check()
    context.close()


def test_bad_url_parameter_keeps_the_saved_game(app, guard, base_url):
    open_game(app, base_url, FAST)
    one_move(app, 1)
    before = state(app)
    for query, sentence in [
        ("?players=9", "The number of players must be 3 to 5, not “9”."),
        ("?seed=abc&colour=red", "The deal number must be a whole number from 0 to "
                                 "2147483647, not “abc”."),
        # (a path of "//": the address the page keeps must not name another host)
        ("/?players=9", "The number of players must be 3 to 5, not “9”."),
    ]:
        app.goto(base_url + query)
        settle(app, BOOT_TIMEOUT_MS)
        assert app.text_content("#status") == sentence
        assert "Traceback" not in app.content()
        assert state(app) == before
    guard.check()


def test_a_link_asks_before_it_replaces_a_game_in_progress(app, guard, base_url):
    """A link that starts a game (`?players=4&seed=…`) over a saved game in progress asks
    first: keeping it (or reloading) restores the game as it was; only a yes replaces it."""
    open_game(app, base_url, FAST)
    one_move(app, 1)
    before = state(app)
    asking = "body[data-state=asking]"
    app.goto(base_url + "?players=4&seed=5&delay=0")
    app.wait_for_selector(asking, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert app.text_content("#controls .prompt") == (
        "This link starts a new game, which would replace your game in progress.")
    assert app.evaluate("document.activeElement.dataset.cmd") == "offer-no"  # (safe)
    assert app.text_content("#announcer") == app.text_content("#controls .prompt")
    assert app.text_content("#status") == ""  # (not "Starting…" while it asks)
    app.reload()  # the link was a one-time order: a reload keeps the saved game
    settle(app, BOOT_TIMEOUT_MS)
    assert state(app) == before
    app.goto(base_url + "?players=4&seed=5&delay=0")
    app.wait_for_selector(asking, state="attached", timeout=BOOT_TIMEOUT_MS)
    app.click("#controls [data-cmd=offer-no]")
    settle(app, BOOT_TIMEOUT_MS)
    assert state(app) == before
    app.goto(base_url + "?players=4&seed=5&delay=0")
    app.wait_for_selector(asking, state="attached", timeout=BOOT_TIMEOUT_MS)
    app.click("#controls [data-cmd=offer-yes]")
    settle(app, BOOT_TIMEOUT_MS)
    assert app.locator("#table .chips").count() == 4
    guard.check()


def test_damaged_save_offers_a_new_game(app, guard, base_url):
    open_game(app, base_url, FAST)
    app.evaluate("localStorage.setItem('nos.game.v1', '{\"format\": 1, \"hands\": [7]}')")
    app.reload()
    settle(app, BOOT_TIMEOUT_MS)
    prompt = app.text_content("#controls .prompt")
    assert prompt.startswith("The saved game could not be restored")
    assert prompt.endswith("Start a new game?")
    assert "Traceback" not in app.content()
    # The hand's box says there is none; it said "Loading the game…" for good (an audit).
    assert app.text_content("#hand") == "Your tilesNo hand in progress."
    app.click("#controls [data-cmd=new-game]")
    app.click("#newgame-dialog [data-param=players][data-value='5']")
    app.fill("#ng-seed", "x1")
    app.click("#newgame-ok")
    assert "whole number" in app.text_content("#newgame-dialog")
    # A long number pasted is refused, not cut to ten digits: a deal other than the one
    # meant, silently (maxlength was 10).
    app.fill("#ng-seed", "1234567890" * 3)
    app.click("#newgame-ok")
    assert "not “" + "1234567890" * 3 + "”" in app.text_content("#newgame-dialog")
    app.fill("#ng-seed", "42")
    app.click("#newgame-ok")
    app.wait_for_selector("body[data-waiting-for=human], body[data-waiting-for=bot]",
                          state="attached")
    info = app.text_content("#info")
    assert "5 players" in info and "deal number 42" in info
    assert app.locator("#table .seat").count() == 4
    guard.check()


def test_offline_reload_still_plays(context, page, make_server):
    server = make_server()
    g = Guard()
    g.watch(context)
    open_game(page, server.url, FAST)
    one_move(page, 1)
    page.wait_for_function("navigator.serviceWorker.controller !== null",
                           timeout=BOOT_TIMEOUT_MS)
    before = state(page)
    server.stop()
    context.set_offline(True)
    page.reload()
    settle(page, BOOT_TIMEOUT_MS)
    assert state(page) == before
    one_move(page, 1)
    assert state(page)["log"] > before["log"]
    g.check()


# ---------------------------------------------------------------- the look
SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 860}}


@pytest.mark.parametrize("size", list(SIZES))
def test_the_table_is_legible_on_phone_and_desktop(browser, base_url, size):
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    g = Guard()
    g.watch(context)
    open_game(page, base_url, f"?seed={SEED3}&players=5&level=beginner&delay=0")
    playable = page.locator("#hand .hand-tile.playable")
    for moves in range(12):  # a few moves into the hand, at a turn with a tile to play
        if moves >= 3 and page.get_attribute("body", "data-phase") == "play" and \
                playable.count():
            playable.first.click()  # show the ends it may go to
            assert page.locator("#table .end.target").count() >= 1
            break
        if one_move(page, 2) != "human":
            break
    page.screenshot(path=f"/tmp/nos-{size}.png", full_page=True)
    # Nothing overlaps: seats, layout tiles and the bottom strip are apart.
    boxes = page.evaluate(
        """() => {
            const r = e => { const b = e.getBoundingClientRect();
                              return [b.left, b.top, b.right, b.bottom]; };
            return {
                seats: [...document.querySelectorAll('#table .seat')].map(r),
                tiles: [...document.querySelectorAll('#table .layout-tile, #table .set-tile')]
                    .map(r),
                strip: [...document.querySelectorAll('#table .strip > *')].map(r),
                svg: r(document.querySelector('#table-svg')),
                hand: [...document.querySelectorAll('#hand .hand-tile')].map(r),
                handSvg: r(document.querySelector('#hand-svg')),
            };
        }"""
    )

    def hit(a, b):
        return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5

    assert len(boxes["seats"]) == 4 and boxes["tiles"]
    for seat in boxes["seats"]:
        assert not any(hit(seat, t) for t in boxes["tiles"])
        assert sum(hit(seat, other) for other in boxes["seats"]) == 1  # only itself
    for t in boxes["tiles"]:
        assert not any(hit(t, s) for s in boxes["strip"])
        assert boxes["svg"][0] <= t[0] and t[2] <= boxes["svg"][2]
    for t in boxes["hand"]:
        assert boxes["handSvg"][0] <= t[0] and t[2] <= boxes["handSvg"][2]
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"], \
        "the page scrolls sideways"
    # Tiles stay big enough to read: at least 12 CSS px across on a phone.
    smallest = min(min(t[2] - t[0], t[3] - t[1]) for t in boxes["tiles"])
    assert smallest >= 12, smallest
    g.check()
    context.close()


SIDEWAYS = """() => [document.documentElement.scrollWidth, innerWidth,
    [...document.querySelectorAll('body *')].filter(e => {
        const b = e.getBoundingClientRect();
        return b.width && b.right > innerWidth + 1;
    }).slice(0, 4).map(e => e.tagName + '.' + e.className)]"""


@pytest.mark.parametrize("lang", ["nl", "pl"])
def test_no_screen_scrolls_sideways_on_a_small_phone(app, guard, base_url, lang):
    """A 320 px phone, upright and sideways (where the standings have half its width), and a
    360 px one with its text at 150 %, in the languages with the longest words: the set, the
    hand's end and its standings (R21), its review, and the session's settlement (R24) all
    fit its width (a table wider than the screen scrolls in its own box)."""
    def fits(what):
        for size, text in (({"width": 320, "height": 640}, ""),
                           ({"width": 568, "height": 320}, ""),
                           ({"width": 360, "height": 640}, "150%")):  # (large text)
            app.set_viewport_size(size)
            app.evaluate(f"document.documentElement.style.fontSize = '{text}'")
            wide, width, over = app.evaluate(SIDEWAYS)
            assert wide <= width, f"{what}, {size} {text}: the page scrolls sideways " \
                                  f"({wide} px): {over}"
        app.evaluate("document.documentElement.style.fontSize = ''")
        app.set_viewport_size({"width": 1280, "height": 860})

    open_game(app, base_url, f"?seed={human_on_set(5)}&players=5&level=club&delay=0&lang={lang}")
    fits("on set")
    assert play_hand(app, game=2) > 0
    fits("the hand's end")
    app.locator("[data-cmd=review]").first.click()
    app.wait_for_selector("#review-dialog[open] [data-cmd=review-step]")
    fits("the review")
    app.locator("[data-cmd=review-close]").first.click()
    app.locator("[data-cmd=end-session]").first.click()
    app.locator("[data-cmd=settle-yes]").click()
    app.wait_for_selector(".settlement")
    fits("the settlement")
    guard.check()


def test_r7_the_announcement_dialog_keeps_the_game_picked_in_view_on_a_phone(app, guard,
                                                                           base_url):
    """On a phone the dialog scrolls as one (no box of games scrolling inside it): a game
    picked brings its details into view (its diagram, its options and the sentence naming
    what will be announced), and a dialog left scrolled down opens again at its title with
    the game picked in view."""
    app.set_viewport_size({"width": 360, "height": 640})
    open_game(app, base_url, f"?seed={SEED3}&players=3&level=beginner&delay=0")
    one_move(app, 11)  # set: the dialog opens
    dialog = app.locator("#announce-dialog")
    dialog.wait_for(state="visible")
    top = "document.querySelector('#announce-dialog').scrollTop"
    assert app.evaluate("""() => { const g = document.querySelector('#announce-dialog .games');
        return g.scrollHeight <= g.clientHeight + 1; }""")  # (one scroll: the dialog's)
    in_view = """(n) => {
        const box = document.querySelector('#announce-dialog').getBoundingClientRect();
        const foot = document.querySelector('#announce-dialog .dialog-buttons').offsetHeight;
        const node = typeof n === 'number'
            ? document.querySelector(`#announce-dialog [data-game='${n}']`)
            : document.querySelector(n);
        const r = node.getBoundingClientRect();
        return r.top >= box.top - 1 && r.bottom <= box.bottom - foot + 1;
    }"""
    assert app.evaluate(top) == 0 and app.evaluate(in_view, 1)
    app.click("#announce-dialog [data-game='11']")
    assert app.get_attribute("#announce-dialog [data-game='11']", "aria-pressed") == "true"
    # Its diagram's side labels are legible (at 170 px wide they were about 7 px).
    smallest = app.evaluate("""() => {
        const svg = document.querySelector('#announce-diagram');
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        return Math.min(...[...svg.querySelectorAll('.side-zone text')].map(
            t => parseFloat(t.getAttribute('font-size')) * scale)); }""")
    assert smallest >= 8, smallest
    app.wait_for_timeout(600)  # (the smooth scroll to the game's details)
    for part in ("#announce-diagram", "#announce-dialog .params .param-row", "#announce-preview"):
        assert app.evaluate(in_view, part), part  # (its diagram, its options, the sentence)
    assert app.text_content("#announce-preview").startswith("You announce: ordinary, first")
    app.evaluate(f"{top} = 1e6")
    assert app.evaluate(top) > 100  # the phone scrolls the dialog down to its buttons
    app.click("#announce-dialog [data-cmd='announce-close']")
    dialog.wait_for(state="hidden")
    app.click("[data-cmd=announce-open]")
    dialog.wait_for(state="visible")
    assert app.evaluate(top) == 0 and app.evaluate(in_view, 11)
    # The coach's option picks its game, which comes into view wherever the list was.
    app.click("#announce-dialog [data-cmd='announce-close']")
    app.click("[data-cmd=toggle-coach]")
    app.click("[data-cmd=announce-open]")
    option = app.locator("#announce-coach .coach-pick").first
    option.wait_for(timeout=20_000)
    app.locator("#announce-coach .coach-options").hover()  # (the list holds still)
    option.click()
    game = int(app.get_attribute("#announce-dialog .games [aria-pressed='true']",
                                 "data-game"))
    for scroll in (0, 1e6):  # (the end of the dialog away from the game, whichever it is)
        app.evaluate(f"{top} = {scroll}")
        if not app.evaluate(in_view, game):
            break
    assert not app.evaluate(in_view, game)
    option.click()
    assert app.evaluate(in_view, game)
    guard.check()


def test_a_first_visit_opens_how_to_play_and_a_later_one_leaves_it_as_it_was(app, guard,
                                                                            base_url):
    """Nobody knows Nos yet: the first visit shows how a hand goes beside the first hand;
    from then on the panel is closed until opened."""
    open_game(app, base_url, FAST)
    assert app.evaluate("document.getElementById('help').open") is True
    app.reload()
    settle(app, BOOT_TIMEOUT_MS)
    assert app.evaluate("document.getElementById('help').open") is False
    guard.check()
