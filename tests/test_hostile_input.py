"""Hostile input bounded before it is read: replay links that inflate far (an "inflation
bomb"), URLs of any length (the service worker serves every one), messages to an embed.
Each is refused in one sentence or cut, in bounded time, under CPython and under
MicroPython (the page's and the embeds' interpreter)."""

from __future__ import annotations

import base64
import json
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest
import web_views

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web" / "shared"))
sys.path.insert(0, str(ROOT / "web" / "page"))
import query  # noqa: E402
import record_link  # noqa: E402

from nos.players import random_action  # noqa: E402
from nos.record import play_session, session_record  # noqa: E402


def link(raw: bytes) -> str:
    """`raw` as a replay link's text: raw deflate, base64url."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(packer.compress(raw) + packer.flush()).decode().rstrip("=")


# 16 MB of spaces and "{}": 20,748 characters, well within the link's limit. It took the
# embed 52 s to read (issue 52); 4 MB took MicroPython 4.6 s in Node.
BOMB_16MB = link(b" " * 16_000_000 + b"{}")
BOMB_4MB = link(b" " * 4_000_000 + b"{}")


def test_a_link_that_inflates_past_any_record_is_refused_before_it_is_inflated():
    assert len(BOMB_16MB) < record_link.LIMIT
    start = time.perf_counter()
    with pytest.raises(record_link.TooLarge):
        record_link.decode(BOMB_16MB)
    assert time.perf_counter() - start < 0.5
    # Just within the limit is read; one byte more is not.
    within = b"{}" + b" " * (record_link.RECORD_LIMIT - 2)
    assert record_link.decode(link(within)) == {}
    with pytest.raises(record_link.TooLarge):
        record_link.decode(link(within + b" "))
    with pytest.raises(record_link.TooLarge):
        record_link.decode("A" * (record_link.LIMIT + 1))
    with pytest.raises(ValueError) as damaged:  # (damaged, not too large: another sentence)
        record_link.decode("!!")
    assert not isinstance(damaged.value, record_link.TooLarge)


def test_the_longest_session_a_link_holds_inflates_within_the_limit():
    """The limit keeps every link the app makes: 1,500 hands of 5 players fill 95 % of a
    link's characters and inflate to two thirds of RECORD_LIMIT."""
    record = session_record(play_session(5, 9, 1500, random_action))
    text = record_link.encode(record)
    assert 0.9 * record_link.LIMIT < len(text) <= record_link.LIMIT
    assert len(json.dumps(record, separators=(",", ":"))) < 0.7 * record_link.RECORD_LIMIT
    assert record_link.decode(text) == record


def test_every_url_parameter_is_cut_before_it_is_read():
    """A value longer than any parameter needs is cut, and marked so (…), which no value
    of a page's takes: it is then refused as it was, never read whole."""
    pairs = query.parse_query("?x=" + "a" * 40_000 + "&seed=" + "9" * 200_000)
    assert pairs == [("x", "a" * query.VALUE_LIMIT + "…"),
                     ("seed", "9" * query.VALUE_LIMIT + "…")]
    pos = "5" * 20_000
    assert query.parse_query("?pos=" + pos) == [("pos", pos[:12_000] + "…")]
    assert query.parse_query("?" + "n" * 100 + "=1")[0][0] == "n" * 32 + "…"
    assert len(query.parse_query("?" + "&".join(["a=1"] * 10_000))) == query.PARAMS_LIMIT
    assert query.parse_query("?" + "&" * 200_000 + "seed=1") == []  # (past QUERY_LIMIT)
    # An origin (?host= of an embed) has room for the longest host name, and is the page's.
    origin = "https://" + "a" * 250 + ".example"
    assert query.parse_query("?host=" + origin) == [("host", origin)]
    assert not query.asks_for_game([("host", origin)])
    # A value cut at spaces is not read as a good one ("beginner" alone would be).
    assert query.parse_query("?level=beginner" + "+" * 100) == [
        ("level", "beginner" + " " * (query.VALUE_LIMIT - 8) + "…")]


def test_micropython_reads_hostile_links_and_urls_in_bounded_time(tmp_path: Path) -> None:
    """Under MicroPython: a 4 MB inflation bomb is refused (it took 4.6 s to read), a URL
    value of 40,000 letters or 200,000 digits is cut before it is decoded (the page took
    23 s and 6.5 minutes), and a real link still reads."""
    real = record_link.encode(session_record(play_session(4, 2, 30, random_action)))
    src, dst = tmp_path / "in.json", tmp_path / "out.json"
    src.write_text(json.dumps({
        "links": [BOMB_4MB, real],
        "queries": ["?x=" + "a" * 40_000, "?seed=" + "9" * 200_000,
                    "?x=" + "%41" * 40_000, "?" + "&" * 100_000 + "seed=1",
                    "?seed=12&players=3"]}))
    run = subprocess.run(["node", str(ROOT / "tests" / "micropython_run.mjs"),
                          web_views.MICROPYTHON.as_uri(), str(src), str(dst),
                          str(ROOT / "tests" / "mpy_hostile_driver.py"),
                          str(ROOT / "web" / "shared" / "record_link.py"),
                          str(ROOT / "web" / "shared" / "safe_json.py"),
                          str(ROOT / "web" / "shared" / "query.py")],
                         capture_output=True, text=True, timeout=600,
                         env={"MPY_DRIVER": "mpy_hostile_driver", "PATH": "/usr/bin:/bin"})
    assert run.returncode == 0, run.stderr[-3000:]
    got = json.loads(dst.read_text())
    (bomb_ms, bomb), (real_ms, read) = got["links"]
    assert bomb == ["refused", "TooLarge"] and bomb_ms < 1500
    assert read == ["read", 30]
    cut = query.VALUE_LIMIT + 1
    assert [result for _, result in got["queries"]] == [
        [["x", cut, "…"]], [["seed", cut, "…"]], [["x", 23, "…"]], [],
        [["seed", 2, "2"], ["players", 1, "3"]]]
    assert max(ms for ms, _ in got["queries"]) < 1000, got["queries"]
