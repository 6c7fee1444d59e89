"""The engine's work on the rules page and in the embeds, run both by CPython (pytest) and by
MicroPython 1.27 (tests/micropython_run.mjs, with web/compat/), whose outputs must be
identical: replaying records, positions of a record, and positions read from text and viewed.
Kept in the MicroPython subset itself."""

import json

import record_link

from nos.errors import BadRecord
from nos.notation import NotationError
from nos.position import Position
from nos.record import replay, replay_summary, replay_to
from nos.view import diagram_view


def sort_keys(value):
    """``value`` with every dict's keys in order (MicroPython's dicts keep none)."""
    if isinstance(value, dict):
        return [[k, sort_keys(value[k])] for k in sorted(value)]
    if isinstance(value, (list, tuple)):
        return [sort_keys(v) for v in value]
    return value


def record_work(data):
    try:
        session = replay(data)
    except BadRecord as exc:
        # (a refusal's sentence is CPython's English alone, nos.english: its place is compared)
        return ["refused", str(exc).partition(" is illegal: ")[0]]
    out = [sort_keys(replay_summary(session))]
    for h, entry in enumerate(data["hands"]):
        steps = len(entry["actions"])
        for k in sorted({0, steps // 3, steps // 2, steps}):
            hand = replay_to(data, h, k).hand
            out.append([h, k, str(Position.of(hand, None, "everything")),
                        str(Position.of(hand, 1, "seat")), [str(p) for p in hand.ledger]])
    return out


def position_work(text):
    try:
        position = Position.parse(text)
    except NotationError as exc:  # BadPosition too
        return ["refused", exc.key, sort_keys(exc.params)]  # (worded by the page)
    hand = position.hand(seed=3)
    out = [str(position), repr(position), str(position.seen_by(0)),
           sort_keys(diagram_view(hand, ["A", "B", "C", "D", "E"][:hand.players], None)),
           sort_keys(diagram_view(hand, None, 0))]
    legal = hand.legal_actions()
    out.append([str(a) for a in legal])
    if legal and not hand.over:
        hand.apply(legal[-1])
        out.append([str(Position.of(hand, None, "everything")), [str(p) for p in hand.ledger]])
    return out


def main(src, dst):
    with open(src) as f:
        data = json.load(f)
    links = []
    for text in data["links"]:  # made by CPython's zlib; read here (MicroPython: deflate)
        try:
            record = record_link.decode(text)
            links.append([sort_keys(record), record_link.decode(record_link.encode(record))
                          == record])
        except ValueError:
            links.append("refused")
    out = {"links": links,
           "records": [record_work(r) for r in data["records"]],
           "positions": [position_work(t) for t in data["positions"]]}
    with open(dst, "w") as f:
        json.dump(out, f)
