"""Hostile input timed under MicroPython 1.27 (tests/micropython_run.mjs; the page's and the
embeds' interpreter): replay links that inflate far, and URLs of any length. Writes, for
each case, [milliseconds, what came of it]. Kept in the MicroPython subset itself."""

import json
import time

import record_link
from query import parse_query


def timed(work):
    start = time.ticks_ms()
    try:
        result = work()
    except ValueError as exc:
        result = ["refused", type(exc).__name__]
    return [time.ticks_diff(time.ticks_ms(), start), result]


def decoded(text):
    record = record_link.decode(text)
    return ["read", len(record.get("hands", [])) if isinstance(record, dict) else -1]


def parsed(search):
    return [[n, len(v), v[-1:]] for n, v in parse_query(search)]


def main(src, dst):
    with open(src) as f:
        data = json.load(f)
    out = {"links": [timed(lambda t=text: decoded(t)) for text in data["links"]],
           "queries": [timed(lambda s=search: parsed(s)) for search in data["queries"]]}
    with open(dst, "w") as f:
        json.dump(out, f)
