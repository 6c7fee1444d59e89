"""Played together (nos/together.py, docs/together.md): the host's door refuses every message
that is not its device's own to send, and no device is ever sent another seat's tile (R71)."""

from __future__ import annotations

import json
import random
import re

import pytest
import view_format

from nos.app import Table
from nos.contract import VERSION, WAITING_BOT, WAITING_HUMAN, WAITING_OTHER
from nos.together import MAX_MESSAGE, Door

TILE = re.compile(r"(?<![\d-])([0-6])-([0-6])(?![\d-])")


def together(players: int = 4, people: int = 3, seed: int = 5,
             seats: list[int] | None = None) -> tuple[Table, Door]:
    table = Table(players, seed=seed, level="beginner", people=people, devices=True,
                  seats=seats)
    table.start()
    door = Door(table)
    for seat in table.humans[1:]:
        door.joined(seat)
    return table, door


def message(n: int, ask: str, body: dict | None = None, **extra) -> str:
    """A guest's message, as its page sends it (in the format unless `extra` breaks it)."""
    value = {"nos": VERSION, "n": n, "ask": ask, "body": body, **extra}
    if not set(extra) - {"seen"}:
        assert view_format.problems(value, "guest_message") == []
    return json.dumps(value)


def hidden_from(table: Table, seat: int) -> set[str]:
    """The tiles `seat` may not know: every other seat's and the boneyard's (R71)."""
    hand = table.hand
    out = {str(t) for s, tiles in enumerate(hand.hands) if s != seat for t in tiles}
    return out | {str(t) for t in hand.stack}


def tiles_in(view: dict) -> set[str]:
    """Every tile the view names, as "hi-lo" (either way round)."""
    found = set()
    for a, b in TILE.findall(json.dumps(view)):
        hi, lo = max(int(a), int(b)), min(int(a), int(b))
        found.add(f"{hi}-{lo}")
    return found


def step(table: Table, door: Door) -> None:
    """One step of the hand, each seat's first legal record: a computer player's, the host's
    person's at the table, or another person's through the door."""
    view = table.view()
    if view["waiting_for"] == WAITING_BOT:
        table.bot_act()
    elif view["waiting_for"] == WAITING_HUMAN:
        table.act(view["hand"]["legal"][0]["send"])
    else:
        seat = table.hand.current
        door.receive(seat, message(door.last[seat] + 1, "act", {
            "action": table.view(seat=seat)["hand"]["legal"][0]["send"]}, seen=len(table.log)))


def play_through(table: Table, door: Door, rng: random.Random, check,
                 counters: dict[int, int]) -> None:
    """Play the hand to its end: the host's seat through the table, the others' through
    the door, the computer players' (and every empty step, R71) as the host's page does;
    `check(seat, reply)` sees every reply a device is sent."""
    for _ in range(2000):
        host = table.view()
        if host["waiting_for"] not in (WAITING_HUMAN, WAITING_BOT, WAITING_OTHER):
            return
        if host["waiting_for"] == WAITING_BOT:
            table.bot_act()
            continue
        seat = table.hand.current
        if seat == 0:
            legal = host["hand"]["legal"]
            table.act(rng.choice(legal)["send"])
            continue
        mine = table.view(seat=seat)
        assert mine["waiting_for"] == WAITING_HUMAN
        counters[seat] += 1
        action = rng.choice(mine["hand"]["legal"])["send"]
        reply, changed = door.receive(seat, message(counters[seat], "act", {"action": action},
                                                    seen=len(table.log)))
        assert reply["error"] is None, reply["error"]
        assert view_format.problems({"nos": VERSION, "n": counters[seat], "reply": reply},
                                    "host_message") == []
        check(seat, reply)
        for other in table.humans[1:]:
            if other != seat:
                check(other, {"view": table.view(seat=other)})
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("players,people,seed,seats", [
    (3, 2, 1, None), (4, 3, 2, None), (5, 5, 3, None), (4, 4, 9, None), (5, 2, 4, [0, 3]),
    (4, 3, 6, [0, 1, 3])])
def test_r71_no_device_is_sent_a_tile_it_may_not_know(players, people, seed, seats) -> None:
    """Every reply a device gets is in the view format and names no tile of another seat
    or of the boneyard while the hand is in progress; the people at the seats chosen."""
    table, door = together(players, people, seed, seats)
    assert table.humans == (seats or list(range(people)))
    rng = random.Random(seed)

    def check(seat: int, reply: dict) -> None:
        assert view_format.problems(json.loads(json.dumps(reply["view"])), "view") == []
        if table.hand.over:
            return  # (R21: every hand is shown once the hand is over)
        view = dict(reply["view"])  # (the hands over were shown to all: R21)
        view["log"] = [e for e in view["log"] if e["hand"] == len(table.session.hands) - 1]
        # (the tiles each seat is known NOT to hold, from its public draws and passes)
        view["hand"] = {k: v for k, v in view["hand"].items() if k != "voids"}
        # (an end that awaits a double is labelled with it, R56: "5-5")
        labels = [a["label"] for a in (view["hand"].get("layout") or {}).get("arms", [])]
        leaked = tiles_in(view) - tiles_in({"labels": labels}) & hidden_from(table, seat)
        assert not leaked, (seat, leaked)

    counters = {s: 0 for s in table.humans}
    for _ in range(2):
        play_through(table, door, rng, check, counters)
        assert table.hand.over
        table.next_hand()


def test_a_device_acts_only_for_its_own_seat_and_waits_for_the_others() -> None:
    table, door = together()
    while table.hand.current == 0 or table.view(seat=table.hand.current)["waiting_for"] \
            != WAITING_HUMAN:
        view = table.view()
        if view["waiting_for"] == WAITING_BOT:
            table.bot_act()
        else:
            table.act(view["hand"]["legal"][0]["send"])
    seat = table.hand.current
    other = 1 if seat != 1 else 2
    assert table.view(seat=other)["waiting_for"] in (WAITING_OTHER, WAITING_BOT)
    assert table.view()["waiting_for"] == WAITING_OTHER  # (the host waits for that device)
    legal = table.view(seat=seat)["hand"]["legal"][0]["send"]
    log = len(table.log)
    reply, changed = door.receive(other, message(1, "act", {"action": legal}, seen=log))
    assert reply["error"]["key"] == "error.not_your_turn" and not changed
    assert len(table.log) == log
    reply, changed = door.receive(seat, message(1, "act", {"action": legal}, seat=other,
                                                seen=log))
    assert reply["error"] == {"key": "together.forged"} and not changed
    reply, changed = door.receive(seat, message(1, "act", {"action": legal}, seen=log))
    assert reply["error"] is None and changed and len(table.log) > log


def test_r70_a_tile_a_guest_drops_where_it_may_not_go_is_refused_with_the_engines_reason(
) -> None:
    table, door = together()
    for _ in range(200):  # (to a person's own turn at a device of their own)
        seat = table.hand.current
        if seat != 0 and table.view(seat=seat)["waiting_for"] == WAITING_HUMAN:
            break
        step(table, door)
    mine = table.view(seat=seat)
    legal = {record["send"] for record in mine["hand"]["legal"]}
    tile = next(t for t in table.hand.hands[seat] if f"set {t}" not in legal)
    log, n = len(table.log), door.last[seat] + 1
    reply, changed = door.receive(seat, message(n, "act", {
        "attempt": {"kind": "set", "tile": str(tile)}}, seen=log))
    assert reply["error"]["key"].startswith("refuse.") and not changed  # (not "no action")
    assert len(table.log) == log and reply["view"]["viewer"] == seat
    broken = {"nos": VERSION, "n": n + 1, "ask": "act", "seen": log,
              "body": {"attempt": {"kind": "play", "tile": "x"}}}
    reply, _ = door.receive(seat, json.dumps(broken))
    assert reply["error"] == {"key": "error.no_action"}


@pytest.mark.parametrize("text,key", [
    ("x" * (MAX_MESSAGE + 1), "together.too_long"),
    ("x" * (1 << 20), "together.too_long"),
    ("{not json", "together.unreadable"),
    ("[" * 3000 + "]" * 3000, "together.too_long"),
    ("[" * 2000 + "]" * 2000, "together.unreadable"),
    ("[1]", "together.forged"),
    (json.dumps({"nos": VERSION, "n": 1, "ask": "act", "seat": 0}), "together.forged"),
    (json.dumps({"nos": 1, "n": 1, "ask": "view"}), "together.version"),
    (json.dumps({"nos": VERSION, "n": "1", "ask": "view"}), "together.replayed"),
    (json.dumps({"nos": VERSION, "n": 1, "ask": "bot_act"}), "together.unreadable"),
    (json.dumps({"nos": VERSION, "n": 1, "ask": "act", "body": "6-6"}), "together.unreadable"),
    (None, "together.too_long"),
], ids=["long", "1 MB", "garbage", "deep", "too deep to read", "a list", "names a seat",
        "old version", "n as text", "a request not allowed", "a body not an object", "not text"])
def test_a_malformed_or_forged_message_is_refused_and_changes_nothing(text, key) -> None:
    table, door = together()
    before = json.dumps(table.save())
    reply, changed = door.receive(1, text)
    assert reply["error"]["key"] == key and not changed
    assert reply["view"]["viewer"] == 1 and reply["save"] is None
    assert json.dumps(table.save()) == before


def test_a_replayed_or_stale_message_is_refused() -> None:
    table, door = together(4, 2, seed=11)
    assert door.receive(1, message(1, "view"))[0]["error"] is None
    assert door.receive(1, message(1, "view"))[0]["error"] == {"key": "together.replayed"}
    door.joined(1)  # (a device that joins again numbers its messages from 1 again)
    assert door.receive(1, message(1, "view"))[0]["error"] is None
    seen = len(table.log) - 1  # (a view from before the last step)
    reply, changed = door.receive(1, message(2, "act", {"action": "draw"}, seen=seen))
    assert reply["error"] == {"key": "together.stale"} and not changed


def test_only_a_joined_device_of_a_persons_seat_is_heard() -> None:
    table, door = together(4, 2)
    assert door.receive(3, message(1, "view"))[0]["error"] == {"key": "together.no_seat"}
    assert door.receive(0, message(1, "view"))[0]["error"] == {"key": "together.no_seat"}
    fresh = Door(table)  # (no device has joined for seat 1 yet)
    assert fresh.receive(1, message(1, "view"))[0]["error"] == {"key": "together.no_seat"}


def test_a_device_names_its_person_and_the_name_is_made_safe() -> None:
    table, door = together()
    reply, changed = door.receive(2, message(1, "hello", {"name": " Jo\u202e\n<b>anne  van Dijk "}))
    assert changed and table.session.names[2] == "Jo<b>anne van Di"
    assert reply["view"]["names"][2] == "Jo<b>anne van Di"


def test_the_host_names_its_own_person_and_the_tables_screen_no_one() -> None:
    import engine_api  # (the host's worker: web/worker is on pytest's path)

    engine_api.new_game(json.dumps({"players": 4, "people": 3, "level": "beginner",
                                    "seed": 5, "together": True}))
    reply = json.loads(engine_api.named(json.dumps({"name": " Mar\u202eia\n "})))
    assert reply["error"] is None and reply["view"]["names"][0] == "Maria"
    assert view_format.problems(reply, "reply") == []
    guest = json.loads(engine_api.views(json.dumps({"seats": [1]})))["replies"]["1"]
    assert guest["view"]["names"][0] == "Maria"  # (every device shows it)
    reply = json.loads(engine_api.named(json.dumps({"name": "  "})))
    assert reply["view"]["names"][0] == "Maria"  # (a blank name changes nothing)
    engine_api.new_game(json.dumps({"players": 4, "people": 3, "level": "beginner",
                                    "seed": 5, "together": True, "table_screen": True}))
    names = json.loads(engine_api.view())["view"]["names"]
    reply = json.loads(engine_api.named(json.dumps({"name": "Maria"})))
    assert reply["error"] == {"key": "together.no_seat"}
    assert json.loads(engine_api.view())["view"]["names"] == names


def test_played_together_is_kept_in_the_save_and_offers_no_undo() -> None:
    table, _ = together()
    view = table.view()
    assert view["together"] == [0, 1, 2] and view["people"] == [0]
    assert table.view(seat=2)["people"] == [2] and table.view(seat=2)["viewer"] == 2
    restored = Table.restore(json.loads(json.dumps(table.save())))
    assert restored.devices and restored.humans == [0, 1, 2]
    while table.view()["waiting_for"] != WAITING_HUMAN or table.hand.current != 0:
        if table.view()["waiting_for"] == WAITING_BOT:
            table.bot_act()
        else:
            break
    assert table.view()["undo"] is None


def test_r71_the_tables_screen_shows_no_ones_tiles_and_every_person_joins() -> None:
    table = Table(4, seed=3, level="beginner", people=2, devices=True, table_screen=True)
    view = table.start()
    assert view["viewer"] is None and view["you"] is None and view["people"] == []
    assert view["hand"]["tiles"] == [] and view["coach"] is None
    assert view["waiting_for"] in (WAITING_BOT, WAITING_OTHER)
    assert not tiles_in({k: v for k, v in view["hand"].items() if k == "tiles"})
    door = Door(table)
    assert door.seats() == [0, 1]  # (seat 0's person has a device of their own too)
    door.joined(0)
    assert door.receive(0, message(1, "view"))[0]["view"]["viewer"] == 0
    restored = Table.restore(json.loads(json.dumps(table.save())))
    assert restored.table_screen and restored.view()["viewer"] is None


def test_a_computer_player_plays_a_persons_seat_while_they_are_away_and_gives_it_back() -> None:
    from nos.together import away

    table, door = together(4, 3, seed=4)
    away(table, 2, True)
    assert table.view()["away"] == [2]
    for _ in range(300):  # the hand goes on: seat 2's turns are the computer player's
        view = table.view()
        if view["waiting_for"] == WAITING_BOT:
            table.bot_act()
        elif view["waiting_for"] == WAITING_HUMAN:
            table.act(view["hand"]["legal"][0]["send"])
        elif view["waiting_for"] == WAITING_OTHER:
            assert table.hand.current == 1
            seat_view = table.view(seat=1)
            door.receive(1, message(door.last[1] + 1, "act",
                                    {"action": seat_view["hand"]["legal"][0]["send"]},
                                    seen=len(table.log)))
        else:
            break
    assert table.hand.over
    restored = Table.restore(json.loads(json.dumps(table.save())))
    assert restored.away == [2]
    away(table, 2, False)
    assert table.away == [] and table.view(seat=2)["away"] == []
    with pytest.raises(ValueError):
        away(table, 3, True)  # (a computer player's seat all along)


def test_a_person_at_their_own_device_gets_the_coach_and_the_review() -> None:
    """The coach's search and the review run on the host's engine, for the device's seat."""
    table, door = together(3, 2, seed=8)
    for _ in range(300):  # to a decision of seat 1's with more than one option
        mine = table.view(seat=1)
        if mine["waiting_for"] == WAITING_HUMAN and len(mine["hand"]["legal"]) > 1:
            break
        step(table, door)
    n = door.last[1] + 1
    reply, changed = door.receive(1, message(n, "coach"))
    assert reply["error"] is None and not changed
    assert reply["view"]["coach"]["options"] and reply["view"]["viewer"] == 1
    assert table.view()["coach"] is None  # (the host's own screen gets none of it)
    review, _ = door.receive(1, message(n + 1, "review", {"hand": 0}))
    assert review == {"review": None, "error": {"key": "error.review_hand"}}  # (in progress)
