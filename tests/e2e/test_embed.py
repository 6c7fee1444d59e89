"""The embedding kit in Chromium (issue: a rules website and an embedding kit). A host page
on a second origin embeds a position, a replay and a playable table under a strict CSP of
its own: each posts nos:ready and nos:resize, the replay steps on nos:load, the playable
table posts nos:action after the person's click; the Share dialog's links open what they
name; an embed reads its parameters forgivingly and speaks the language it is given."""

from __future__ import annotations

import re
import sys

from e2e_harness import BOOT_TIMEOUT_MS, ROOT, Guard

sys.path.insert(0, str(ROOT / "web" / "shared"))
import record_link  # noqa: E402  (web/shared/)
from e2e_site import (
    HOST,
    POSITION,
    a_move_is_told,
    embed_table,
    messages,
    no_pyodide,
    wait_ready,
    watch,
)

from nos.players import random_action  # noqa: E402
from nos.record import play_session, session_record  # noqa: E402


def test_a_second_origin_embeds_a_position_a_replay_and_a_playable_table(
        page, guard, base_url, make_server) -> None:
    host = make_server(HOST)
    assert host.url != base_url
    record = session_record(play_session(4, 5, 1, random_action))
    link = record_link.encode(record)
    asked = watch(page)
    page.goto(host.url + "host.html")
    page.evaluate(f"embed('pos', '{base_url}embed.html?pos={POSITION}&bg=light&lang=nl')")
    page.evaluate(f"embed('replay', '{base_url}embed.html?hand=1&step=4#r={link}')")
    for frame in ("pos", "replay"):
        page.wait_for_function(f"() => nosMessages.some(m => m.frame === '{frame}' && "
                               "m.type === 'nos:ready')", timeout=BOOT_TIMEOUT_MS)
        resize = messages(page, frame, "nos:resize")
        assert resize and resize[-1]["height"] > 200
        assert resize[0]["origin"] == base_url.rstrip("/")
    pos = page.frame_locator("#pos")
    assert pos.locator("#board svg").count() == 1
    assert page.evaluate("document.getElementById('pos').offsetHeight") > 200  # resized
    replay = page.frame_locator("#replay")
    assert replay.locator("body").get_attribute("data-step") == "4"
    replay.locator("[data-cmd=next]").click()
    assert replay.locator("body").get_attribute("data-step") == "5"
    page.evaluate("tell('replay', {type: 'nos:load', step: 2})")
    replay.locator("body[data-step='2']").wait_for(state="attached")
    assert replay.locator("html").evaluate("() => document.title") == "Nos — replay of hand 1"
    tall = messages(page, "replay", "nos:resize")[-1]["height"]
    # A record the engine refuses: one sentence in the reader's language (the engine's
    # English reason goes to the console).
    page.evaluate("tell('replay', {type: 'nos:load', record: {format: 'nos-record'}})")
    replay.locator("#embed-note", has_text="the game record in the link is damaged").wait_for()
    assert replay.locator("#board svg").count() == 0
    # Its title and heading say so (they said "a position").
    assert replay.locator("html").evaluate("() => document.title") == "Nos — nothing to show"
    assert replay.locator("#embed-heading").text_content() == "Nos — nothing to show"
    # No replay is on screen now: a step is not understood (it moved the damaged one).
    warned = []
    page.on("console", lambda m: warned.append(m.text) if m.type == "warning" else None)
    page.evaluate("tell('replay', {type: 'nos:load', step: 1})")
    # A message far longer than any of ours is refused at once (3 MB took ~20 s to read).
    page.evaluate("tell('replay', {type: 'nos:load', other: 'A'.repeat(3000000)})")
    # The sentence is said again in the language asked for, like the rest of the embed.
    page.evaluate("tell('replay', {type: 'nos:lang', lang: 'pl'})")
    replay.locator("#embed-note", has_text="zapis gry w linku jest uszkodzony").wait_for(
        timeout=5_000)
    assert replay.locator("#board svg").count() == 0
    assert [t for t in warned if "was not understood" in t] == [  # (once: then no more)
        "Nos: A message from the page around this one was not understood and was ignored."]
    page.evaluate("tell('replay', {type: 'nos:lang', lang: 'en'})")
    replay.locator("#embed-note", has_text="the game record in the link is damaged").wait_for()
    # A message that is not JSON (a cycle) is left alone, and thrown nowhere.
    page.evaluate("(() => { const m = {type: 'nos:load'}; m.self = m; tell('replay', m); })()")
    # Nor is one nested 3,000 deep read (its parse would exhaust the stack).
    page.evaluate("(() => { let m = 1; for (let i = 0; i < 3000; i++) m = [m];"
                  " tell('replay', {type: 'nos:load', record: {format: m}}); })()")
    page.evaluate("tell('replay', {type: 'nos:load', position: 'not a position'})")
    # A lone surrogate (no UTF-8 holds one) is named by its code, as any stray character.
    page.evaluate("tell('replay', {type: 'nos:load', position: '500.500.500_a\\ud800_-'})")
    replay.locator("#embed-note", has_text="U+D800").wait_for()
    page.evaluate("tell('replay', {type: 'nos:load', position: 'not a position'})")
    # One sentence in place of the board: the frame is told to shrink to it.
    page.wait_for_function("h => nosMessages.filter(m => m.frame === 'replay' && m.type === "
                           "'nos:resize').pop().height < h / 3", arg=tall)
    page.evaluate("tell('replay', {type: 'nos:load', position: '" + POSITION + "'})")
    replay.locator("#replay-controls[hidden]").wait_for(state="attached")
    # Two languages asked at once: the last one asked is shown, whichever loads last. Here
    # the first one's catalogue is held until the second is shown (it marked the page nl).
    held = []
    page.context.route("**/web/words/nl.json", lambda route: held.append(route))
    page.evaluate("tell('pos', {type: 'nos:lang', lang: 'nl'});"
                  " tell('pos', {type: 'nos:lang', lang: 'pl'})")
    pos.locator("html[lang=pl]").wait_for(state="attached")
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the frame never asked for nl.json"
    page.context.unroute("**/web/words/nl.json")
    held[0].fallback()
    page.wait_for_timeout(500)
    assert pos.locator("html").get_attribute("lang") == "pl"
    # Its "Open in Nos" opens the app in the language it shows.
    assert pos.locator("#open-app").get_attribute("href") == "./index.html?lang=pl"
    # A frame made as narrow as a phone draws its position anew for a phone, and back.
    page.evaluate("document.getElementById('pos').style.width = '360px'")
    pos.locator("#board svg.narrow").wait_for(state="attached")
    page.evaluate("document.getElementById('pos').style.width = '900px'")
    pos.locator("#board svg:not(.narrow)").wait_for(state="attached")
    page.evaluate("tell('pos', 'not ours'); tell('pos', {type: 'nos:load', step: 'x'})")
    no_pyodide(asked)

    # The playable table: the engine starts only here.
    frame = embed_table(page, base_url, "players=3&seed=5&level=beginner&delay=0")
    # The computer players' moves are told as they are shown (here Bram sets first), not
    # only with the person's next move; so are their replies to it.
    theirs = ("() => nosMessages.filter(m => m.frame === 'play' && m.type === 'nos:action' "
              "&& m.event.seat !== 0).length > {}")
    page.wait_for_function(theirs.format(0), timeout=BOOT_TIMEOUT_MS)
    for _ in range(8):  # (the person's moves until the turn passes: draws leave it theirs)
        before = len([m for m in messages(page, "play", "nos:action")
                      if m["event"].get("seat") != 0])
        a_move_is_told(page, frame)
        if frame.get_attribute("body", "data-waiting-for") != "human":
            break
    mine = [m for m in messages(page, "play", "nos:action") if m["event"].get("seat") == 0]
    assert mine and mine[-1]["text"], mine
    page.wait_for_function(theirs.format(before), timeout=BOOT_TIMEOUT_MS)
    assert messages(page, "play", "nos:resize")
    # The person's own saved game of this site is left alone by an embed.
    assert frame.evaluate("localStorage.getItem('nos.game.v1')") is None
    # The host allowed no clipboard: Copy says so and selects the link, and the browser is
    # not asked (it would report a policy violation in the console: the guard).
    frame.click("[data-cmd=share]")
    frame.click("#share-position + [data-cmd=share-copy]")
    frame.locator(".share-note", has_text="Copying is not allowed here").wait_for()
    assert frame.evaluate("document.activeElement.id") == "share-position"


OTHER = "500.500.500.500_a_-_-_set-a_n4.n4.n4.n4_b12_f"  # (another position: no layout)


def test_an_embed_takes_commands_only_from_the_page_around_it(page, guard, base_url,
                                                               make_server) -> None:
    """A third party's frame on the host page (an ad) cannot replace the position: only
    window.parent is obeyed, and only the origin ?host= names if it names one. Ignored
    messages are warned about once, however many come (a flood of 10,001)."""
    host = make_server(HOST)
    warned = []
    page.on("console", lambda m: warned.append(m.text) if m.type == "warning" else None)
    page.goto(host.url + "host.html")
    origin = host.url.rstrip("/")
    page.evaluate(f"embed('pos', '{base_url}embed.html?pos={POSITION}')")
    page.evaluate(f"embed('named', '{base_url}embed.html?pos={POSITION}&host={origin}/')")
    page.evaluate(f"embed('other', '{base_url}embed.html?pos={POSITION}"
                  f"&host=https://elsewhere.example')")
    for frame in ("pos", "named", "other"):
        page.wait_for_function(f"() => nosMessages.some(m => m.frame === '{frame}' && "
                               "m.type === 'nos:ready')", timeout=BOOT_TIMEOUT_MS)
    pos = page.frame_locator("#pos")
    drawn = pos.locator("#board").inner_html()
    page.evaluate(f"ad('pos', {{type: 'nos:load', position: '{OTHER}'}})")
    page.wait_for_function("() => document.querySelectorAll('iframe[title=ad]').length === 1")
    for _ in range(100):
        if warned:
            break
        page.wait_for_timeout(50)
    assert warned == ["Nos: A message from the page around this one was not understood "
                      "and was ignored."]
    assert pos.locator("#board").inner_html() == drawn  # the ad's position is not shown
    # A flood from the page around: still the one warning.
    page.evaluate("for (let i = 0; i < 10001; i++) tell('pos', {type: 'nos:load', step: 'x'})")
    page.evaluate(f"tell('pos', {{type: 'nos:load', position: '{OTHER}'}})")  # (in order)
    assert redrawn(page, pos, drawn)  # the page around is obeyed
    assert len(warned) == 1
    # ?host= names the page's origin: it is obeyed; another origin: not.
    named, other = page.frame_locator("#named"), page.frame_locator("#other")
    before = other.locator("#board").inner_html()
    page.evaluate(f"tell('named', {{type: 'nos:load', position: '{OTHER}'}});"
                  f"tell('other', {{type: 'nos:load', position: '{OTHER}'}})")
    assert redrawn(page, named, before)
    for _ in range(40):
        if len(warned) > 1:
            break
        page.wait_for_timeout(50)
    assert other.locator("#board").inner_html() == before and len(warned) == 2


def redrawn(page, frame, before: str) -> bool:
    """Whether the frame's board is drawn otherwise than `before` within 5 s."""
    for _ in range(100):
        if frame.locator("#board").inner_html() != before:
            return True
        page.wait_for_timeout(50)
    return False


def test_a_replay_link_that_inflates_past_any_record_is_refused_at_once(page, guard,
                                                                          base_url) -> None:
    """16 MB of spaces in 20,748 characters: the embed took 52 s to read it. Now one
    sentence, at once; and the same through nos:load."""
    import base64
    import zlib

    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = base64.urlsafe_b64encode(packer.compress(b" " * 16_000_000 + b"{}") +
                                    packer.flush()).decode().rstrip("=")
    page.goto(f"{base_url}embed.html#r={bomb}")
    wait_ready(page)
    assert page.text_content("#embed-note") == (
        "This replay cannot be shown: the game record in the link is longer than any game "
        "needs.")
    drawn = page.evaluate("performance.getEntriesByName('nos:embed-drawn')[0].startTime")
    print(f"\nthe 16 MB inflation bomb refused, drawn at {drawn:.0f} ms")
    assert drawn < 15_000
    page.evaluate("link => { document.getElementById('embed-note').textContent = '';"
                  " window.postMessage({type: 'nos:load', record: link}, '*'); }", bomb)
    page.wait_for_function("() => document.getElementById('embed-note').textContent"
                           ".includes('longer than any game needs')", timeout=5_000)


def test_a_playable_embed_starts_none_of_what_a_position_loads(page, guard, base_url) -> None:
    """embed.html?play=1 goes to the app at once: it asks for none of the files only a
    position or a replay needs (its preloads were started, then aborted by the redirect)."""
    asked = watch(page)
    page.goto(f"{base_url}embed.html?play=1&players=3&delay=0")
    page.wait_for_selector("body[data-state=playable], body[data-state=bot]",
                           state="attached", timeout=BOOT_TIMEOUT_MS)
    own = [u for u in asked if re.search(r"site\.pack|site\.toml|/web/site/", u)]
    assert own == [] and any("index.html" in u for u in asked)


def test_a_site_of_another_domain_embeds_a_position_and_a_table_with_storage_refused(
        page, guard, base_url, make_server) -> None:
    """The host on `localhost`, the game on `127.0.0.1`: another site, so Chromium refuses
    the frames localStorage and IndexedDB (third-party storage blocked), as a private window
    does. The table still plays (MicroPython never reads the refused storage; PyScript's own
    IndexedDB stores live in memory, web/storage_guard.js) and nothing is logged as an error."""
    host = make_server(HOST).url.replace("127.0.0.1", "localhost")
    page.goto(host + "host.html")
    page.evaluate(f"embed('pos', '{base_url}embed.html?pos={POSITION}')")
    frame = embed_table(page, base_url, "players=3&seed=5&level=beginner&delay=0")
    page.wait_for_function("() => nosMessages.some(m => m.frame === 'pos' && "
                           "m.type === 'nos:ready')", timeout=BOOT_TIMEOUT_MS)
    refused = frame.evaluate("""() => { try { return localStorage.length < 0; }
                                        catch (e) { return e.name; } }""")
    assert refused == "SecurityError"  # the case this test is about
    a_move_is_told(page, frame)
    assert page.frame_locator("#pos").locator("#board svg").count() == 1


def test_an_embedded_table_opens_its_dialogs_on_the_hosts_phone_screen(
        browser, base_url, make_server) -> None:
    """The iframe is as tall as the table, taller than a phone's screen: the announcement
    opens at the table's top and the host is scrolled to it, buttons and all."""
    from web_views import human_on_set

    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True,
                                  is_mobile=True)
    guard = Guard()
    guard.watch(context)
    page = context.new_page()
    try:
        host = make_server(HOST).url.replace("127.0.0.1", "localhost")
        page.goto(host + "host.html")
        page.evaluate("window.embedWidth = '100%'")
        frame = embed_table(page, base_url,
                            f"players=3&seed={human_on_set(3)}&level=beginner&delay=0")
        assert page.evaluate("document.getElementById('play').offsetHeight") > 740
        frame.locator("#hand .hand-tile.playable").first.tap()  # sets it: the announcement
        frame.locator("#announce-dialog[open]").wait_for(state="attached")
        page.wait_for_timeout(300)  # (the scroll, a frame after it opens)
        top = page.evaluate("document.getElementById('play').getBoundingClientRect().top")
        box = frame.locator("#announce-dialog").bounding_box()
        button = frame.locator("#announce-ok").bounding_box()
        assert box is not None and button is not None
        # (Playwright gives a frame's boxes in the host page's coordinates.)
        assert box["y"] >= -1 and button["y"] + button["height"] <= 740, (top, box, button)
    finally:
        context.close()
    guard.check()


def test_embed_parameters_are_read_in_any_case_and_trimmed(page, guard, base_url) -> None:
    """As docs/embedding.md says of every parameter: `PLAY= 1` asks for a table, `Bg=light `
    for the light background."""
    page.goto(f"{base_url}embed.html?pos={POSITION}&Bg=light%20")
    assert page.get_attribute("html", "data-bg") == "light"
    page.goto(f"{base_url}embed.html?PLAY=%201&Players=3&seed=5&level=beginner&delay=0&BG=light")
    page.wait_for_url(re.compile(r"index\.html\?.*embed=1"))
    assert "play=" not in page.url.lower().replace("?", "&").replace("&players=", "&")
    assert page.get_attribute("html", "data-theme") == "light"
    page.wait_for_selector("body[data-state=playable]", state="attached",
                           timeout=BOOT_TIMEOUT_MS)
    assert page.locator("#table .seat").count() == 2  # the two others: players=3 was read


def test_share_dialog_gives_links_that_open_the_position_and_the_replay(
        page, guard, base_url, make_server, tmp_path) -> None:
    from e2e_play import open_game, play_hand

    open_game(page, base_url, "index.html?players=3&seed=11&level=beginner&delay=0")
    page.click("[data-cmd=share]")
    page.locator("#share-dialog[open]").wait_for(state="attached")
    position = page.input_value("#share-position")
    assert "embed.html?pos=" in position and page.locator("#share-replay").count() == 0
    # Each frame is named by what it shows (a page with two embeds tells them apart).
    assert 'title="Nos — a position"' in page.input_value("#share-embed")
    page.click("[data-cmd=share-close]")
    play_hand(page)  # the first hand to its end: now it may be replayed
    page.click("[data-cmd=share]")
    replay = page.input_value("#share-replay")
    snippet = page.input_value("#share-embed-replay")
    assert "embed.html?hand=1" in replay and "#r=" in replay
    assert '<iframe class="nos-embed"' in snippet and "nos:resize" in snippet
    assert 'title="Nos — replay of hand 1"' in snippet
    # Pasted into a site whose CSP forbids inline scripts and styles, with its script in a
    # file as docs/embedding.md says: the iframe still fills the width, borderless, as tall
    # as the replay.
    iframe, script = snippet.split("<script>")
    (tmp_path / "netlify.toml").write_text((HOST / "netlify.toml").read_text())
    (tmp_path / "nos-embed.js").write_text(script.removesuffix("</script>"))
    (tmp_path / "page.html").write_text(
        '<!doctype html><meta charset="utf-8"><title>Host</title>'
        '<script src="nos-embed.js"></script><main>' + iframe + "</main>")
    host = make_server(tmp_path).url.replace("127.0.0.1", "localhost")
    # (The host's own report of the style attribute its policy ignores.)
    guard.allowed_console.append(re.compile(r"^Applying inline style violates"))
    page.goto(host + "page.html")
    frame = page.locator("iframe.nos-embed")
    page.wait_for_function("() => document.querySelector('iframe.nos-embed').style.height")
    box = frame.evaluate("""f => { const s = getComputedStyle(f);
        return [f.offsetWidth === document.querySelector('main').clientWidth,
                s.borderTopWidth, f.offsetHeight > 300]; }""")
    assert box == [True, "0px", True]
    page.goto(replay)
    wait_ready(page)
    assert page.locator("#board svg").count() == 1
    steps = int(page.get_attribute("body", "data-step"))
    assert steps > 0
    page.click("[data-cmd=start]")
    assert page.get_attribute("body", "data-step") == "0"
    # The keys step the replay as they step the app's review.
    page.keyboard.press("ArrowRight")
    assert page.get_attribute("body", "data-step") == "1"
    assert page.evaluate("document.activeElement.dataset.cmd") == "next"
    page.keyboard.press("End")
    assert page.get_attribute("body", "data-step") == str(steps)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Home")
    assert page.get_attribute("body", "data-step") == "0"
    assert page.text_content("#replay-count") == f"Move 0 of {steps}"
    asked = watch(page)
    page.goto(position)
    wait_ready(page)
    assert page.locator("#board svg").count() == 1
    no_pyodide(asked)


def test_on_a_phone_the_share_dialog_shows_the_whole_link(browser, base_url) -> None:
    """At 360 x 640 a link's field is the dialog's width, its Copy below it, and tall enough
    for the whole link (it showed the first 33 of 141 characters, the rest scrolled away)."""
    from e2e_play import open_game

    context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True)
    guard = Guard()
    guard.watch(context)
    page = context.new_page()
    try:
        open_game(page, base_url, "index.html?players=4&seed=44&level=beginner&delay=0")
        page.click("[data-cmd=share]")
        page.locator("#share-dialog[open]").wait_for(state="attached")
        field = page.locator("#share-position")
        shown = field.evaluate("f => [f.scrollHeight - f.clientHeight, f.value.length]")
        assert shown[0] <= 1 and shown[1] > 80, shown
        box = field.bounding_box()
        copy = page.locator("#share-position + [data-cmd=share-copy]").bounding_box()
        dialog = page.locator("#share-dialog").bounding_box()
        assert box is not None and copy is not None and dialog is not None
        assert copy["y"] >= box["y"] + box["height"] and box["width"] > 0.8 * dialog["width"]
    finally:
        context.close()
    guard.check()


def test_on_a_phone_a_replays_step_buttons_and_count_share_one_row(browser, base_url) -> None:
    """Its Back and Next were two rows apart (the title took the first row's room); now the
    title has a row of its own and the four buttons and the count the next."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True)
    guard = Guard()
    guard.watch(context)
    page = context.new_page()
    try:
        link = record_link.encode(session_record(play_session(4, 5, 1, random_action)))
        page.goto(base_url + "embed.html?hand=1&step=3&lang=pl#r=" + link)
        page.wait_for_selector("body[data-state=ready] #replay-count:not(:empty)",
                               state="attached")
        rows = page.evaluate("""() => [...document.querySelectorAll(
            '#replay-controls button, #replay-count, #replay-title')].map(e => {
                const b = e.getBoundingClientRect(); return [e.id || e.dataset.cmd,
                Math.round(b.top + b.height / 2)]; })""")
        middle = dict(rows)
        assert len({middle[n] for n in ("start", "back", "replay-count", "next", "end")}) == 1
        assert middle["replay-title"] < middle["start"], rows
    finally:
        context.close()
    guard.check()


def test_a_playable_embed_speaks_the_browsers_language_not_one_chosen_before(
        page, guard, base_url) -> None:
    """The language chosen on the rules page (or in the app) is the visitor's choice for
    those pages: an embedded table without ?lang= takes the browser's (docs/embedding.md)."""
    page.goto(f"{base_url}rules.html?lang=pl")
    wait_ready(page)
    assert page.evaluate("localStorage.getItem('nos.lang')") == "pl"
    page.goto(f"{base_url}embed.html?play=1&players=3&seed=5&level=beginner&delay=0")
    page.wait_for_selector("body[data-state=playable]", state="attached",
                           timeout=BOOT_TIMEOUT_MS)  # (index.html?…&embed=1: web/embed.js)
    assert "embed=1" in page.url
    assert page.get_attribute("html", "lang") == "en"
    # Its rules link opens them in that language and in a tab of their own: followed in
    # the frame, it would end a game that an embed does not save.
    assert page.get_attribute(".rules-link", "href") == "./rules.html?lang=en"
    assert page.get_attribute(".rules-link", "target") == "_blank"
    guard.check()
