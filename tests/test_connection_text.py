"""Play together's connection texts (web/shared/connection_text.py): a browser's offer or
answer SDP packed into a short text for a QR code or a link, and back into an SDP that
connects (tests/e2e/test_rtc_link.py proves that in Chromium). The samples are real SDPs of
this machine's Chromium, captured by scripts/capture_rtc_sdp.py into tests/data/rtc_sdp.json."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import mpy_connection_driver
import pytest
import web_views

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web" / "shared"))
import connection_text  # noqa: E402
from connection_text import BadConnectionText, pack, unpack  # noqa: E402

SAMPLES = json.loads((ROOT / "tests" / "data" / "rtc_sdp.json").read_text(encoding="utf-8"))
CHROMIUM = [(name, kind, SAMPLES[name][kind])
            for name in ("mdns", "ips") for kind in ("offer", "answer")]
FINGERPRINT = ":".join(["AB"] * 32)
# Firefox's shape (by its documented SDP, not captured here): the fingerprint at the session
# level, hex credentials, "UDP", a TCP candidate and a second component that are not packed.
FIREFOX_OFFER = "\r\n".join([
    "v=0", "o=mozilla...THIS_IS_SDPARTA-99.0 4185 0 IN IP4 0.0.0.0", "s=-", "t=0 0",
    "a=fingerprint:sha-256 " + FINGERPRINT, "a=group:BUNDLE 0", "a=ice-options:trickle",
    "a=msid-semantic:WMS *", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    "a=candidate:0 1 UDP 2122252543 0d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d.local 50000 typ host",
    "a=candidate:1 1 TCP 2105524479 0d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d.local 9 typ host "
    "tcptype active",
    "a=candidate:0 2 UDP 2122252542 0d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d.local 50001 typ host",
    "a=candidate:2 1 UDP 1686052863 203.0.113.7 50000 typ srflx raddr 0.0.0.0 rport 0",
    "a=candidate:3 1 UDP 92217343 2001:db8:0:0:1:0:0:1 3478 typ relay raddr 0.0.0.0 rport 0",
    "a=sendrecv", "a=end-of-candidates", "a=ice-pwd:0123456789abcdef0123456789abcdef",
    "a=ice-ufrag:89abcdef", "a=mid:0", "a=setup:actpass", "a=sctp-port:5000",
    "a=max-message-size:1073741823", ""])


def fields(sdp: str) -> dict:
    """What a connection needs of an SDP, read independently of the module: credentials,
    fingerprint, role and the UDP component-1 candidates as (address, port, type)."""
    out: dict = {"candidates": set()}
    for line in sdp.split("\r\n"):
        if line.startswith("a=candidate:"):
            f = line.split()
            if f[1] == "1" and f[2].lower() == "udp":
                out["candidates"].add((f[4], int(f[5]), f[7]))
        for name in ("ice-ufrag", "ice-pwd", "fingerprint", "setup"):
            if line.startswith(f"a={name}:"):
                out.setdefault(name, line.split(":", 1)[1].upper())
    return out


@pytest.mark.parametrize(("name", "kind", "sdp"), CHROMIUM, ids=lambda v: str(v)[:6])
def test_chromium_sdp_round_trip(name, kind, sdp):
    text = pack(sdp)
    rebuilt = unpack(text, kind)
    assert fields(rebuilt) == fields(sdp)
    assert len(fields(sdp)["candidates"]) == 2  # (one IPv4, one IPv6 address: two names)
    assert pack(rebuilt) == text
    # The target: two host candidates in at most 150 characters (a version 7 QR code with
    # a link around it). Measured: 129 with mDNS names, 113 with plain addresses.
    assert len(text) == {"mdns": 129, "ips": 113}[name]
    assert set(text) <= set(connection_text.B64URL)  # (safe in a URL's fragment)


def test_rebuilt_sdp_has_every_line_a_browser_needs_in_order():
    sdp = unpack(pack(SAMPLES["mdns"]["offer"]), "offer")
    lines = sdp.split("\r\n")
    assert sdp.endswith("\r\n") and lines[:5] == ["v=0", lines[1], "s=-", "t=0 0",
                                                  "a=group:BUNDLE 0"]
    assert lines[1].startswith("o=- ") and lines[1].endswith(" 2 IN IP4 127.0.0.1")
    m = lines.index("m=application 9 UDP/DTLS/SCTP webrtc-datachannel")
    assert lines[m + 1] == "c=IN IP4 0.0.0.0"
    for line in ("a=end-of-candidates", "a=setup:actpass", "a=mid:0", "a=sctp-port:5000",
                 "a=max-message-size:262144", "a=ice-options:trickle"):
        assert lines.index(line) > m
    # The best candidate first (Chromium put its IPv6 one, of higher priority, second).
    first, second = [line for line in lines if line.startswith("a=candidate:")]
    assert "33df45f9-73a4-4991-898c-33536aed47b6.local 38473 typ host" in first
    assert int(first.split()[3]) > int(second.split()[3])
    answer = unpack(pack(SAMPLES["mdns"]["answer"]), "answer")
    assert "a=setup:active\r\n" in answer


def test_firefox_shaped_sdp_keeps_udp_component_one_of_every_type():
    text = pack(FIREFOX_OFFER)
    sdp = unpack(text, "offer")
    assert fields(sdp)["candidates"] == {
        ("0d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d.local", 50000, "host"),
        ("203.0.113.7", 50000, "srflx"), ("2001:db8::1:0:0:1", 3478, "relay")}
    assert "a=ice-ufrag:89abcdef\r\n" in sdp
    assert "a=ice-pwd:0123456789abcdef0123456789abcdef\r\n" in sdp
    assert "a=fingerprint:sha-256 " + FINGERPRINT + "\r\n" in sdp
    assert " typ relay raddr 0.0.0.0 rport 0\r\n" in sdp
    assert len(text) == 151  # (three candidates, and 40 characters of credentials)


def candidate(i: int, address: str, kind: str = "host") -> str:
    return f"a=candidate:{i} 1 udp {2000 - i} {address} {1000 + i} typ {kind}"


def test_addresses_of_every_kind_survive_and_only_the_best_eight_are_kept():
    addresses = ["::1", "fe80::1", "1::", "1:2:3:4:5:6:7:8", "0.0.0.1", "255.255.255.255",
                 "router-7.example", "ABCDEF01-2345-4789-8bcd-ef0123456789.local", "10.0.0.9"]
    sdp = FIREFOX_OFFER.replace("a=sendrecv", "\r\n".join(
        candidate(i, a) for i, a in enumerate(addresses)))
    sdp = "\r\n".join(line for line in sdp.split("\r\n") if "UDP" not in line)
    got = fields(unpack(pack(sdp), "offer"))["candidates"]
    assert got == {(a.lower(), 1000 + i, "host") for i, a in enumerate(addresses[:8])}
    # A candidate given twice is packed once.
    twice = FIREFOX_OFFER.replace("a=sendrecv", candidate(1, "10.0.0.9") + "\r\n"
                                  + candidate(1, "10.0.0.9"))
    assert len(fields(unpack(pack(twice), "offer"))["candidates"]) == 4


def test_an_sdp_with_nothing_to_connect_over_is_refused_with_its_reason():
    no_network = "\r\n".join(line for line in SAMPLES["mdns"]["offer"].split("\r\n")
                             if not line.startswith("a=candidate"))
    for sdp, key in [(no_network, "together.no_network"),
                     (SAMPLES["ips"]["offer"].replace("sha-256", "sha-1"), "together.bad_sdp"),
                     (SAMPLES["ips"]["offer"].replace("a=setup:actpass", ""), "together.bad_sdp"),
                     (SAMPLES["ips"]["offer"].replace(":0D\r\n", "\r\n"), "together.bad_sdp"),
                     ("", "together.bad_sdp"), ("v=0\r\n" * 10, "together.bad_sdp")]:
        with pytest.raises(BadConnectionText) as refused:
            pack(sdp)
        assert refused.value.key == key


def bad_texts() -> list[tuple[str, str, str]]:
    """(text, kind, the key of its refusal): damaged, truncated, foreign, of the other kind."""
    offer = pack(SAMPLES["mdns"]["offer"])
    answer = pack(SAMPLES["ips"]["answer"])
    out = [(offer, "answer", "together.wrong_kind"), (answer, "offer", "together.wrong_kind"),
           ("2" + offer[1:], "offer", "together.other_version"),
           ("", "offer", "together.bad_text"), ("1", "offer", "together.bad_text"),
           ("hello, world", "offer", "together.bad_text"),
           ("https://example.org/index.html#game=1", "offer", "together.bad_text"),
           ("1" + "A" * 2000, "offer", "together.bad_text"),
           (offer + "A", "offer", "together.bad_text"), (offer + "AAAA", "offer",
                                                         "together.bad_text"),
           ("é" + offer[1:], "offer", "together.bad_text")]
    out += [(offer[:n], "offer", "together.bad_text") for n in range(2, len(offer))]
    for i in range(1, len(answer)):  # every character changed, one at a time
        c = "B" if answer[i] != "B" else "C"
        out.append((answer[:i] + c + answer[i + 1:], "answer", "together.bad_text"))
    return out


def test_damaged_foreign_and_truncated_texts_are_refused_with_a_key():
    for text, kind, key in bad_texts():
        with pytest.raises(BadConnectionText) as refused:
            unpack(text, kind)
        assert refused.value.key == key, text
        assert isinstance(refused.value, ValueError)


def test_a_text_in_a_link_or_wrapped_over_lines_still_reads():
    text = pack(SAMPLES["mdns"]["answer"])
    want = unpack(text, "answer")
    assert unpack("https://nos.example/index.html#join=" + text, "answer") == want
    assert unpack(" " + text[:50] + "\n" + text[50:] + "\r\n", "answer") == want
    with pytest.raises(ValueError):
        unpack(text, "pranswer")


def driver_input() -> dict:
    sdps = [sdp for _, _, sdp in CHROMIUM] + [FIREFOX_OFFER, "", "v=0"]
    texts = [[pack(sdp), kind] for _, kind, sdp in CHROMIUM] + [[pack(FIREFOX_OFFER), "offer"]]
    texts += [[text, kind] for text, kind, _ in bad_texts()[::7]]
    return {"sdps": sdps, "texts": texts}


@web_views.needs_micropython
def test_micropython_packs_and_unpacks_exactly_as_cpython(tmp_path):
    data = driver_input()
    got = web_views.micropython_run("mpy_connection_driver",
                                    ["web/shared/connection_text.py"], data, tmp_path)
    want = json.loads(json.dumps(mpy_connection_driver.run_all(data)))
    assert got == want
    assert got["packed"][-2:] == [["refused", "together.bad_sdp", True]] * 2
    assert sum(u[0] == "refused" for u in got["unpacked"]) == len(data["texts"]) - 5
