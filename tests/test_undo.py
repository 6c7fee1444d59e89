"""Undo (nos/app.py Table.undo): the person's last play or set is taken back while the next
player's action is not shown (the page holds one computer player's reply through its pause),
exactly as if it had not been made; never after a draw, a close or the hand's end, and a
refusal changes nothing."""

from __future__ import annotations

import copy

from web_views import find_decision, human_on_set

from nos.app import Table
from nos.settings import UNDO


def to_person(table: Table, view: dict) -> dict:
    while view["waiting_for"] == "bot":
        view = table.bot_act()
    return view


def first_play(seed: int = 5) -> tuple[Table, dict, str]:
    """A table where the person is to play a tile (no close), and that play."""
    table = Table(players=3, seed=seed, level="beginner")
    view = to_person(table, table.start())
    while True:
        plays = [r for r in view["hand"]["legal"] if r["kind"] == "play" and not r.get("close")]
        if view["hand"]["phase"] == "play" and plays:
            return table, view, plays[0]["send"]
        view = to_person(table, table.act(view["hand"]["legal"][0]["send"]))


def state(table: Table) -> tuple:
    return (table.save(), copy.deepcopy(table.log))


def test_a_play_is_taken_back_exactly_and_may_be_made_again():
    table, view, play = first_play()
    before = state(table)
    after = table.act(play)
    assert after["undo"] == {"kind": "undo", "send": UNDO}
    back = table.act(UNDO)
    assert back["error"] is None and state(table) == before
    assert back["waiting_for"] == "human" and back["undo"] is None
    # What was taken back is said once (the log, as it was, no longer holds it).
    assert back.pop("taken_back") == {"key": "notice.taken_back", "tile": play.split("@")[0]}
    assert back == table.view() and back["hand"]["legal"] == view["hand"]["legal"]
    assert table.act(play)["error"] is None


def test_the_next_players_action_not_yet_shown_is_taken_back_with_it_but_not_two():
    table, _, play = first_play()
    before = state(table)
    table.act(play)
    held = table.bot_act()  # the page asks at once and shows it after the pause
    assert held["undo"] is None  # (so the page offers undo only until it shows this one)
    assert table.act(UNDO)["error"] is None and state(table) == before
    table.act(play)
    table.bot_act()
    view = table.bot_act()
    kept = state(table)
    refused = table.act(UNDO)
    assert refused["error"] == {"key": "refuse.undo"} and state(table) == kept
    assert refused["waiting_for"] == view["waiting_for"]


def test_a_draw_is_never_taken_back():
    d = find_decision("must draw", 4)
    table = d["table"]
    view = table.act("draw")
    assert view["undo"] is None
    kept = state(table)
    assert table.act(UNDO)["error"] == {"key": "refuse.undo"} and state(table) == kept


def test_a_close_is_never_taken_back():
    d = find_decision("close", 4)
    table = d["table"]
    view = table.act(d["action"])
    assert view["undo"] is None
    assert table.act(UNDO)["error"] == {"key": "refuse.undo"}


def test_a_set_is_taken_back_until_the_announcement():
    table = Table(players=3, seed=human_on_set(3), level="beginner")
    view = table.start()
    before = state(table)
    sets = [r for r in view["hand"]["legal"] if r["kind"] == "set"]
    after = table.act(sets[0]["send"])
    assert after["hand"]["phase"] == "announce" and after["undo"]["send"] == UNDO
    back = table.act(UNDO)
    assert back["hand"]["phase"] == "set" and state(table) == before
    assert back["taken_back"] == {"key": "notice.taken_back", "tile": sets[0]["send"][4:]}
    view = table.act(sets[0]["send"])
    announced = table.act(view["hand"]["legal"][0]["send"])
    assert announced["error"] is None and announced["undo"] is None
    assert table.act(UNDO)["error"] == {"key": "refuse.undo"}
