"""Played together (docs/together.md): a host and two guests, three browser contexts of one
Chromium, join over WebRTC on loopback through the link path (the invitation's link, the
answer's text pasted) and play a whole hand of a 4-player game with one computer player.
Every message the host sends a guest names no tile that guest may not know (R71); a guest
that drops rejoins and gets its seat back; forged messages are refused and the game goes on."""

from __future__ import annotations

import json
import re
import time

from e2e_harness import BOOT_TIMEOUT_MS
from e2e_play import one_move
from test_accessibility import violations

from nos.app import Table

TILE = re.compile(r"(?<![\d-])([0-6])-([0-6])(?![\d-])")
# The host's page records every text it sends each seat's device (the wire, before framing).
RECORD = """() => {
  const send = window.nosRtc.send;
  window.sent = [];
  window.nosRtc.send = (id, text) => { window.sent.push([id, text]); return send(id, text); };
}"""


# A guest's page records every text it hears from the host (set before its page loads
# web/together/rtc.js, which defines window.nosRtc).
HEARD = """window.heard = [];
Object.defineProperty(window, 'nosRtc', {configurable: true, get() { return undefined; },
  set(rtc) {
    const listen = rtc.listen;
    rtc.listen = (id, cb) => listen(id, (k, t) => {
      if (k === 'message') window.heard.push(t); cb(k, t); });
    Object.defineProperty(window, 'nosRtc', {value: rtc, writable: true, configurable: true});
  }});"""


# A cheating host, as a guest sees it: each revealed seed changed in its last digit (a
# valid seed, but not the one sealed before the hand).
CHANGE_SEED = r"""cb(k, k === 'message' ? t.replace(/("seed":\s*"[0-9a-f]{31})([0-9a-f])/,
  (m, a, b) => a + (b === '0' ? '1' : '0')) : t); });"""


def tiles(value) -> set[str]:
    return {f"{max(int(a), int(b))}-{min(int(a), int(b))}"
            for a, b in TILE.findall(json.dumps(value))}


def public_or_own(view: dict) -> set[str]:
    """The tiles a seat's view may name during a hand: its own, the layout's, those its
    hand's log names (plays, declared doubles), an end's awaited double (R56), and the
    tiles each seat is known not to hold."""
    hand = view.get("hand") or {}
    number = (view.get("log") or [{}])[-1].get("hand")
    out = tiles(hand.get("tiles")) | tiles(hand.get("layout")) | tiles(hand.get("voids"))
    return out | tiles([e for e in view.get("log") or [] if e.get("hand") == number])


def invite(host, guest_page, base_url: str, seat: int, axe: bool = False,
           name: str = "") -> None:
    """The host invites `seat`; the guest opens the link; the host pastes its answer (with
    `axe`, both dialogs are checked by axe-core first, as a phone and as a desktop)."""
    host.click(f"#together-dialog [data-cmd=together-invite][data-seat='{seat}']")
    host.wait_for_function("document.getElementById('together-link')?.value.includes('#join=')")
    link = host.input_value("#together-link")
    assert link.startswith(base_url.rstrip("/"))
    assert host.locator("#together-dialog .qr svg path").count() == 1  # (the code to scan)
    guest_page.goto(link)
    guest_page.wait_for_function(
        "document.getElementById('together-mine')?.value.length > 20", timeout=BOOT_TIMEOUT_MS)
    for width, height in ((360, 640), (1280, 800)) if axe else ():
        for page in (host, guest_page):
            page.set_viewport_size({"width": width, "height": height})
            assert violations(page) == [], (width, page.url)
    if name:  # (the name the guest's person plays under, given on their own device)
        guest_page.fill("#together-name", name)
    host.fill("#together-answer", guest_page.input_value("#together-mine"))
    host.click("#together-dialog [data-cmd=together-accept]")
    host.wait_for_selector(f"#together-dialog li[data-seat='{seat}'][data-state=joined]")
    guest_page.wait_for_selector("body[data-waiting-for]:not([data-waiting-for=none])")


def wait_any(pages, timeout_s: float = 60) -> int | None:
    """The index of a page whose person may act now; None once the hand is over everywhere."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        states = [(p.get_attribute("body", "data-state"),
                   p.get_attribute("body", "data-waiting-for")) for p in pages]
        for i, (state, waiting) in enumerate(states):
            assert state != "error", pages[i].text_content("#status")
            if state == "playable" and waiting == "human":
                return i
        if all(w == "next_hand" for _, w in states):
            return None
        time.sleep(0.05)
    raise AssertionError(f"nobody can act: {states}")


def open_table(context, base_url: str, choices: tuple, seed: str = ""):
    """A host's page with a new game played together, its seats dialog open; `choices`
    are the new-game dialog's (param, value) clicks."""
    host = context.new_page()
    host.goto(base_url + "?delay=0")
    host.wait_for_selector("body[data-state=playable]", state="attached",
                           timeout=BOOT_TIMEOUT_MS)
    host.click("[data-cmd=new-game]")
    for param, value in choices:
        host.click(f"#newgame-dialog [data-param={param}][data-value='{value}']")
    if seed:
        host.fill("#ng-seed", seed)
    host.click("#newgame-ok")
    host.wait_for_selector("#together-dialog[open]")
    return host


def new_guest(browser, guard):
    """A guest's page in a browser context of its own (another phone), guarded too."""
    ctx = browser.new_context()
    guard.watch(ctx)
    return ctx, ctx.new_page()


def play_out(pages, limit: int = 150, each=None) -> None:
    """Play the hand to its end: whoever of `pages` may act makes one decision; `each(n)`
    after the n-th."""
    moves = 0
    while (i := wait_any(pages)) is not None:
        moves += 1
        assert moves < limit, "the hand does not end"
        replies = int(pages[i].get_attribute("body", "data-replies"))
        one_move(pages[i], settle_after=False)
        pages[i].wait_for_function(f"+document.body.dataset.replies > {replies}",
                                   timeout=20_000)
        if each is not None:
            each(moves)


def test_a_host_and_two_guests_play_a_hand_each_seeing_only_their_own_tiles(
        browser, guard, context, base_url) -> None:
    host = open_table(context, base_url, (("players", "4"), ("people", "3"),
                                          ("level", "beginner"), ("together", "1")), "5")
    host.wait_for_function("window.nosRtc !== undefined")
    host.evaluate(RECORD)
    host.fill("#together-name", "Maarten")  # (the host's person names themselves too)
    host.dispatch_event("#together-name", "change")

    guests = []
    for seat in (1, 2):
        guests.append(new_guest(browser, guard))
        invite(host, guests[-1][1], base_url, seat, axe=seat == 1,
               name="Jolanda" if seat == 1 else "")
        # A guest loads no engine of its own.
        assert guests[-1][1].evaluate("document.querySelector('script[name=engine]')") is None
    host.click("#together-dialog [data-cmd=together-close]")
    assert violations(host) == [] and violations(guests[0][1]) == []  # (the table, joined)

    pages = [host] + [g for _, g in guests]
    host.wait_for_function("document.querySelector('#table').textContent.includes('Jolanda')")
    for _, guest in guests:  # (every device shows the names the people gave)
        guest.wait_for_function("document.querySelector('#table').textContent"
                                ".includes('Maarten')")
    for i, page in enumerate(pages):
        assert page.get_attribute("body", "data-viewer") == str(i)

    def drop_and_rejoin(moves: int) -> None:
        """After the 8th decision a guest drops, and takes its seat again."""
        if moves != 8:
            return
        guests[1][1].close()
        host.wait_for_selector("#together-open:not([hidden])")
        host.click("#together-open")
        host.wait_for_selector("#together-dialog li[data-seat='2'][data-state=lost]")
        page = guests[1][0].new_page()
        invite(host, page, base_url, 2)
        host.click("#together-dialog [data-cmd=together-close]")
        pages[2] = page
        guests[1] = (guests[1][0], page)
        assert page.get_attribute("body", "data-viewer") == "2"

    play_out(pages, 200, drop_and_rejoin)
    assert guests[1][1].get_attribute("body", "data-viewer") == "2"  # (it did rejoin)

    # Every message to a guest: its own seat's view, no tile it may not know (R71).
    sent = host.evaluate("window.sent")
    assert {i for i, _ in sent} == {"seat-1", "seat-2"}
    for conn, text in sent:
        message = json.loads(text)
        view = message["reply"]["view"]
        assert view["viewer"] == int(conn[-1]) and message["reply"]["save"] is None
        if view["waiting_for"] in ("human", "bot", "other"):
            assert view["hand"]["open_hands"] is None  # (R21: shown once the hand is over)
            assert tiles(view) - tiles({k: v for k, v in view.items() if k == "log"}) <= \
                public_or_own(view) | tiles(view.get("log")), conn
    # The host's game is the one every device played, and each guest checked its deal
    # itself: the revealed seed hashes to the seal it was shown and dealt it its tiles.
    table = Table.restore(json.loads(host.evaluate("localStorage.getItem('nos.game.v1')")))
    assert table.devices and table.hand.over
    for page in pages[1:]:
        page.wait_for_selector("#controls .fair-verified.ok", state="attached")


def test_forged_messages_are_refused_and_the_game_goes_on(browser, guard, context,
                                                          base_url) -> None:
    host = open_table(context, base_url, (("players", "3"), ("people", "2"),
                                          ("together", "1")))
    _, guest = new_guest(browser, guard)
    guest.add_init_script(HEARD)
    invite(host, guest, base_url, 1)
    before = host.evaluate("localStorage.getItem('nos.game.v1')")
    for text in (json.dumps({"nos": 3, "n": 100, "ask": "act", "seat": 0,
                             "body": {"action": "draw"}}),
                 json.dumps({"nos": 3, "n": 200, "ask": "view"}),
                 json.dumps({"nos": 3, "n": 1, "ask": "view"}),  # (replayed: 200 was taken)
                 json.dumps({"nos": 3, "n": 201, "ask": "act", "body": {"action": "draw"},
                             "seen": 0}),
                 "garbage", "x" * (1 << 20)):
        assert guest.evaluate("t => window.nosRtc.send('host', t)", text)
    answers = "window.heard.map(JSON.parse).filter(m => m.n !== null || m.reply.error)"
    guest.wait_for_function(answers + ".length >= 6", timeout=20_000)
    keys = [(m["reply"]["error"] or {}).get("key") for m in guest.evaluate(answers)]
    assert keys[:6] == ["together.forged", None, "together.replayed", "together.stale",
                        "together.unreadable", "together.too_long"], keys
    assert host.evaluate("localStorage.getItem('nos.game.v1')") == before
    assert host.get_attribute("body", "data-state") != "error"


def test_the_tables_screen_shows_no_hand_and_a_computer_player_stands_in(
        browser, guard, context, base_url) -> None:
    """The host as the table (everyone sees it, no hand): seat 0's person joins from their
    own device, seat 1's never comes and a computer player plays it; the hand is played to
    its end."""
    host = open_table(context, base_url, (("players", "3"), ("people", "2"),
                                          ("level", "beginner"), ("together", "1"),
                                          ("table_screen", "1")))
    assert host.get_attribute("body", "data-viewer") == "None"
    assert not host.is_visible("#hand") and host.locator("#hand [data-tile]").count() == 0
    host.click("#together-dialog [data-cmd=together-away][data-seat='1']")
    host.wait_for_selector("#together-dialog li[data-seat='1'] [data-cmd=together-away]"
                           "[data-playing='0']")
    _, guest = new_guest(browser, guard)
    invite(host, guest, base_url, 0)
    host.click("#together-dialog [data-cmd=together-close]")
    play_out([guest])
    host.wait_for_selector("body[data-waiting-for=next_hand]")
    assert host.locator("#hand [data-tile]").count() == 0
    table = Table.restore(json.loads(host.evaluate("localStorage.getItem('nos.game.v1')")))
    assert table.table_screen and table.away == [1] and table.hand.over


def test_a_guest_catches_a_host_that_reveals_another_seed(browser, guard, context,
                                                          base_url) -> None:
    """The guest's own check of the deal: a seed that is not the one sealed is caught."""
    host = open_table(context, base_url, (("players", "3"), ("people", "2"),
                                          ("level", "beginner"), ("together", "1")))
    _, guest = new_guest(browser, guard)
    # A host that changed the deal must reveal a seed other than the one it sealed: every
    # revealed seed reaches this guest changed in its last digit.
    guest.add_init_script(HEARD.replace("cb(k, t); });", CHANGE_SEED))
    invite(host, guest, base_url, 1)
    host.click("#together-dialog [data-cmd=together-close]")
    play_out([host, guest])
    guest.wait_for_selector("#controls .fair-verified.bad", state="attached")
    assert "seal" in guest.text_content("#controls .fair-verified.bad")
    host.wait_for_selector("body[data-waiting-for=next_hand]")
    assert host.locator("#controls .fair-verified").count() == 0  # (the host checks nothing)


def test_a_damaged_invitation_link_says_so_in_one_sentence(context, guard, base_url) -> None:
    """A link cut short (a chat app may wrap it) or mistyped: the joining page says to ask
    the host for a new one, not that an answer is wrong; nothing fails on the page."""
    page = context.new_page()
    for k, fragment in enumerate(("#join=garbage", "#join=1AAQY" + "A" * 40, "#join=")):
        page.goto(base_url + "?lang=en" + fragment)
        alert = page.locator("#together-dialog[open] [role=alert]")
        alert.wait_for(timeout=BOOT_TIMEOUT_MS)
        assert alert.text_content() == ("This invitation link is damaged or incomplete; ask "
                                        "the host for a new one."), fragment
        assert page.locator("#together-mine").count() == 0  # (no answer to show)
        if k == 0:
            assert violations(page) == []
            page.click("#together-dialog a[href='./']")  # (a game of this device's own)
            page.wait_for_selector("body[data-state=playable]", state="attached",
                                   timeout=BOOT_TIMEOUT_MS)
            assert "#join" not in page.url
        page.goto("about:blank")  # (a new fragment alone would not load the page anew)
