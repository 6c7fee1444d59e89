"""A saved game is kept whenever its hands can be replayed (issue 52): settings that cannot be
read give way to the defaults, and a record with an illegal action is kept up to its last
legal one (R70: the rules refuse an action, not a game); each is said in one sentence
(the view's `kept`). Only a save whose first hand cannot be replayed is dropped, and the
sentence says why."""

from __future__ import annotations

import json

import engine_api
import pytest
import replies

from nos.app import Table


def played(hands: int = 2) -> dict:
    """A save of a 3-player game: `hands` hands over, then a few actions of the next."""
    table = Table(3, seed=5, level="beginner")
    view = table.start()
    while len(table.session.hands) <= hands or len(table.hand.history) < 6:
        if view["waiting_for"] in ("next_hand", "done"):
            view = table.next_hand()
        elif view["waiting_for"] == "human":
            view = table.act(view["hand"]["legal"][0]["send"])
        else:
            view = table.bot_act()
    return json.loads(json.dumps(table.save()))


def restored(save) -> dict:
    """The worker's reply to restoring `save` (a dict, or JSON text as stored)."""
    return json.loads(engine_api.restore(save if isinstance(save, str) else json.dumps(save)))


def hands_of(reply) -> list:
    return [entry["actions"] for entry in json.loads(reply["save"])["hands"]]


@pytest.mark.parametrize("damage", ["no app", "level 5", "level list", "people 9",
                                    "people huge", "people text"])
def test_a_save_whose_settings_cannot_be_read_is_kept_with_the_defaults(damage):
    save = played()
    app = save["app"]
    if damage == "no app":
        del save["app"]
    elif damage.startswith("level"):
        app["level"] = 5 if damage == "level 5" else ["club"]
    else:
        app["people"] = {"people 9": 9, "people huge": 10 ** 3000, "people text": "2"}[damage]
    reply = restored(save)
    assert reply["error"] is None and not replies.save_refused(reply)
    assert reply["view"]["kept"] == {"key": "notice.save_defaults"}
    assert hands_of(reply) == [entry["actions"] for entry in save["hands"]]  # all of it
    kept = json.loads(reply["save"])["app"]
    assert kept["level"] == "club" and kept["people"] == 1


def test_a_number_too_long_for_python_loses_no_game():
    """A setting of 5,000 digits (more than Python converts): the save was unreadable as a
    whole; now only that setting is."""
    save = played()
    text = json.dumps(save).replace('"people": 1', '"people": ' + "9" * 5000)
    assert "9" * 5000 in text
    reply = restored(text)
    assert reply["error"] is None and reply["view"]["kept"] == {"key": "notice.save_defaults"}
    human = json.dumps(save).replace('"human": 0', '"human": ' + "7" * 5000)
    reply = restored(human)  # (whose screen it was: the person's, as ever)
    assert reply["error"] is None and reply["view"]["you"] == 0


def test_r70_a_save_with_an_illegal_action_is_kept_up_to_its_last_legal_one():
    save = played()
    last = save["hands"][-1]["actions"]
    legal = list(last[:3])
    last[3] = "6-6@9>1"  # (no such arm: illegal)
    reply = restored(save)
    assert reply["error"] is None and not replies.save_refused(reply)
    assert reply["view"]["kept"] == {"key": "notice.save_cut", "hand": len(save["hands"])}
    assert hands_of(reply)[:-1] == [entry["actions"] for entry in save["hands"][:-1]]
    assert hands_of(reply)[-1] == legal


def test_r22_a_hand_whose_deal_is_unreadable_keeps_the_hands_before_it():
    save = played()
    save["hands"][-1]["deal"] = {"hands": "x"}
    del save["app"]
    reply = restored(save)
    hands = len(save["hands"]) - 1
    assert reply["view"]["kept"] == {"key": "notice.save_cut_defaults", "hand": hands}
    assert hands_of(reply) == [entry["actions"] for entry in save["hands"][:hands]]


def test_a_settled_game_with_a_damaged_settlement_is_kept_unsettled():
    table = Table(3, seed=5, level="beginner")
    view = table.start()
    while view["waiting_for"] not in ("next_hand", "done"):
        view = table.bot_act() if view["waiting_for"] != "human" else \
            table.act(view["hand"]["legal"][0]["send"])
    table.end_session()
    save = json.loads(json.dumps(table.save()))
    assert save["settlement"] is not None
    save["settlement"]["pot_winner"] = 7
    reply = restored(save)
    assert reply["error"] is None and json.loads(reply["save"])["settlement"] is None


@pytest.mark.parametrize(("damage", "key"), [
    ("deal", "error.save_unreadable"),
    ("format", "error.save_unreadable"),
    ("setter", "error.save_unrestorable"),  # (the rules put another seat on set: R4)
])
def test_a_save_whose_first_hand_cannot_be_replayed_is_refused_saying_why(damage, key):
    save = played(0)
    if damage == "deal":
        save["hands"][0]["deal"] = "6-6"
    elif damage == "format":
        save["format"] = "chess"
    else:
        save["hands"][0]["setter"] = (save["hands"][0]["setter"] + 1) % 3
    reply = restored(save)
    assert reply["error"]["key"] == key
    assert replies.save_refused(reply)  # (dropped: no reload meets it again)
