"""Play together's transport in Chromium: two browser contexts (two devices) connect through
web/together/rtc.js with no ICE server, only through the short connection texts
(web/shared/connection_text.py, packed and unpacked here by CPython, as the pages' MicroPython
will), and exchange texts both ways, a 300 kB one whole.

Chromium hides the host addresses behind mDNS names (*.local); they resolve here because
scripts/browser_env.py leaves *.local out of its host-resolver rules (docs/together.md)."""

from __future__ import annotations

import sys

import pytest
from e2e_harness import ROOT, Guard, build_web

sys.path.insert(0, str(ROOT / "web" / "shared"))
from connection_text import pack, unpack  # noqa: E402

from scripts.browser_env import launch_args  # noqa: E402

PAGE = "rules.html"  # any page of the site will do: rtc.js is imported into it
SETUP = """async () => {
  await import("./web/together/rtc.js");
  window.heard = [];
}"""
LISTEN = """(id) => nosRtc.listen(id, (kind, text) => window.heard.push([kind, text]))"""
HEARD = "() => window.heard.map(([kind, text]) => kind)"
# 300 kB of text of every width, with 4-byte characters (surrogate pairs in JavaScript) at
# and around every frame's edge.
BIG = "".join(f"{i:05d}é✓😀" + "x" * 40 for i in range(6000))


@pytest.fixture
def devices(browser, site):
    """Two pages in two contexts of one Chromium (two devices), rtc.js loaded, guarded."""
    guard = Guard()
    contexts = [browser.new_context() for _ in range(2)]
    pages = []
    for context in contexts:
        guard.watch(context)
        page = context.new_page()
        page.goto(site.url + PAGE)
        page.evaluate(SETUP)
        pages.append(page)
    yield pages
    for context in contexts:
        context.close()
    guard.check()


def connect(host, guest) -> dict:
    """Host offers, guest answers, host accepts: only the texts cross. Returns the texts."""
    offer_sdp = host.evaluate("() => nosRtc.offer('seat-1')")
    host.evaluate(LISTEN, "seat-1")
    offer = pack(offer_sdp)
    answer_sdp = guest.evaluate("(sdp) => nosRtc.answer('host', sdp)", unpack(offer, "offer"))
    guest.evaluate(LISTEN, "host")
    answer = pack(answer_sdp)
    host.evaluate("(sdp) => nosRtc.accept('seat-1', sdp)", unpack(answer, "answer"))
    for page in (host, guest):
        page.wait_for_function("() => window.heard.some(([kind]) => kind === 'open')",
                               timeout=15_000)
    return {"offer": offer, "answer": answer, "offer_sdp": offer_sdp}


def received(page, count: int) -> list[str]:
    page.wait_for_function(
        f"() => window.heard.filter(([kind]) => kind === 'message').length >= {count}",
        timeout=30_000)
    return page.evaluate("() => window.heard.filter(([k]) => k === 'message').map(([, t]) => t)")


def test_two_devices_connect_through_connection_texts_and_talk_both_ways(devices):
    host, guest = devices
    texts = connect(host, guest)
    # Chromium's own mDNS names, as on a phone: nothing but them tells where a device is.
    assert ".local " in texts["offer_sdp"]
    assert len(texts["offer"]) <= 150 and len(texts["answer"]) <= 150
    assert host.evaluate(HEARD) == ["open"] and guest.evaluate(HEARD) == ["open"]

    assert host.evaluate("() => nosRtc.send('seat-1', 'hello, seat 1')") is True
    assert guest.evaluate("() => nosRtc.send('host', '')") is True  # (an empty text too)
    assert guest.evaluate("(t) => nosRtc.send('host', t)", BIG) is True
    assert host.evaluate("(t) => nosRtc.send('seat-1', t)", BIG[::-1]) is True
    assert received(guest, 2) == ["hello, seat 1", BIG[::-1]]
    assert received(host, 2) == ["", BIG]
    # To no connection, or over 2 MB: not sent.
    assert host.evaluate("() => nosRtc.send('seat-9', 'x')") is False
    assert host.evaluate("() => nosRtc.send('seat-1', 'x'.repeat(2 * 1024 * 1024 + 1))") is False

    # The host ends the connection: the guest hears "close", the host nothing more.
    host.evaluate("() => nosRtc.close('seat-1')")
    guest.wait_for_function("() => window.heard.some(([kind]) => kind === 'close')",
                            timeout=15_000)
    assert guest.evaluate("() => nosRtc.send('host', 'still there?')") is False
    assert host.evaluate(HEARD) == ["open", "message", "message"]


def test_a_device_connects_again_under_the_same_id(devices):
    """A guest that reloads scans again: the host's new offer for the same seat replaces the
    old connection, whose events stop."""
    host, guest = devices
    connect(host, guest)
    host.evaluate("() => { window.heard = []; }")
    guest.evaluate("() => { window.heard = []; }")
    connect(host, guest)
    assert host.evaluate("() => nosRtc.send('seat-1', 'again')") is True
    assert received(guest, 1) == ["again"]
    assert host.evaluate(HEARD) == ["open"]


def test_ice_servers_are_a_json_list_or_none(devices):
    host, _ = devices
    assert host.evaluate("() => nosRtc.config('[{\"urls\": \"stun:stun.example:3478\"}]')")
    assert host.evaluate("() => nosRtc.config('[{\"urls\": [\"turn:t.example\"], "
                         "\"username\": \"u\", \"credential\": \"c\"}]')")
    for bad in ("not json", "{}", '[{"urls": "http://x"}]', '[{"urls": []}]', "[1]"):
        assert host.evaluate("(json) => nosRtc.config(json)", bad) is False


def test_rtc_js_and_its_ice_servers_file_are_precached():
    files = build_web.precache_list(ROOT)
    assert "web/together/rtc.js" in files
    assert "web/together/ice-servers.json" in files


@pytest.fixture
def no_mdns(browser_type, site):
    """A Chromium where no mDNS name resolves (as on a Wi-Fi that drops multicast), and a
    function giving a guarded page of a new context of it, with camera permission or not."""
    args = launch_args()
    args["args"] = [a.replace(", EXCLUDE *.local", "") for a in args["args"]]
    browser = browser_type.launch(**args)
    guard = Guard()

    def device(camera: bool):
        context = browser.new_context()
        if camera:  # (as once the page has scanned a code with the camera)
            context.grant_permissions(["camera"], origin=site.url.rstrip("/"))
        guard.watch(context)
        page = context.new_page()
        page.goto(site.url + PAGE)
        page.evaluate(SETUP)
        return page

    yield device
    browser.close()
    guard.check()


def test_without_mdns_a_host_with_camera_permission_connects_and_none_fails(no_mdns):
    """Neither side's mDNS name resolves: the host hears "failed" (rtc.js's 20 s after
    accept). A host that may use the camera offers plain addresses: the guest reaches it, and
    the host learns the guest's address from its checks (docs/together.md, Networks)."""
    host, guest = no_mdns(camera=False), no_mdns(camera=False)
    offer_sdp = host.evaluate("() => nosRtc.offer('seat-1')")
    host.evaluate(LISTEN, "seat-1")
    answer_sdp = guest.evaluate("(sdp) => nosRtc.answer('host', sdp)",
                                unpack(pack(offer_sdp), "offer"))
    host.evaluate("(sdp) => nosRtc.accept('seat-1', sdp)", unpack(pack(answer_sdp), "answer"))
    host.wait_for_function("() => window.heard.length > 0", timeout=30_000)
    assert host.evaluate(HEARD) == ["failed"]

    host = no_mdns(camera=True)
    texts = connect(host, guest)
    assert ".local " not in texts["offer_sdp"]
    assert host.evaluate("() => nosRtc.send('seat-1', 'through')") is True
    assert received(guest, 1) == ["through"]


def test_texts_sent_faster_than_the_channel_goes_arrive_whole_or_not_at_all(devices):
    """send() refuses a text while too much waits to go (false), never half of one."""
    host, guest = devices
    connect(host, guest)
    sent = host.evaluate("""() => {
      const text = "x".repeat(2 * 1024 * 1024);
      let sent = 0;
      while (sent < 20 && nosRtc.send('seat-1', text)) sent += 1;
      return sent;
    }""")
    assert 3 <= sent < 20
    assert received(guest, sent) == ["x" * 2 * 1024 * 1024] * sent
    assert host.evaluate("() => nosRtc.send('seat-1', 'after')") is True
    assert received(guest, sent + 1)[-1] == "after"  # (no rest of a text before it)
