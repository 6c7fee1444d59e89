"""The view format (docs/view-format.md; as data: tests/view_format.py) is what the engine
sends: every view of random hands of all 17 games at 3, 4 and 5 players — one person or
several at one device (pass-and-play), with a refusal (R70), an undo, the coach's advice, the
review of the finished hand, Verify and the settlement (R24) — and every reply of the worker.
Every key the page and the drawing read is in the format, every event's key is in the
catalogue, and the doc names every field."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path
from unittest import mock

import engine_api
import pytest
import view_format
from web_views import GAMES, TRIANGLES, WEB, catalogue, chooser, find_seed

import nos.app
import nos.settings
from nos import contract
from nos.app import Table
from nos.observation import Observation
from nos.position import Position
from nos.settings import UNDO
from nos.view import diagram_view

ROOT = Path(__file__).resolve().parent.parent
# The coach and the review as the app runs them, with a few deals (the format, not the
# search, is under test).
QUICK_EXPERT = {"iterations": 4, "seconds": 0.05, "set_iterations": 8, "set_halving": 2}
WORDS = catalogue("en")["words"]
# A double cross on the 6-6: north holds the 6-1 (in line) and awaits the 1-1 (R42, R63).
DOUBLE_CROSS = "512.494.494_a66_3_61c.-.-.60b_play-a_n4.n5.n4_b12"


def checked(value: dict, kind: str = "view") -> dict:
    """`value` as the page gets it (JSON), after checking it against the format."""
    value = json.loads(json.dumps(value))
    assert view_format.problems(value, kind) == []
    return value


def events_of(view: dict) -> list[dict]:
    """Every event a view holds (log, last actions, error, payments, notes, ...)."""
    found: list[dict] = []

    def walk(v: object) -> None:
        if isinstance(v, dict):
            if isinstance(v.get("key"), str):
                found.append(v)
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    walk(view)
    return found


def play(game: str, players: int, people: int, extras: bool) -> list[dict]:
    """One hand of `game` (announced by whoever is on set) at a table of `players` with
    `people` at the device, every view checked; with `extras`, a refusal, an undo, the
    coach's advice, the review, Verify, the next hand and the settlement too."""
    seed = find_seed(game.split()[0], players, start=7 * players + len(game))
    rng = random.Random(seed)
    table = Table(players, seed=seed, level="beginner", people=people)
    player = chooser(game, rng)
    table._bot = player  # noqa: SLF001 - a scripted bot for every computer seat
    views = [checked(table.start())]
    undone = coached = False
    for _ in range(400):
        view = views[-1]
        if view["waiting_for"] == contract.WAITING_BOT:
            views.append(checked(table.bot_act()))
            continue
        if view["waiting_for"] != contract.WAITING_HUMAN:
            break
        if extras and not coached and len(view["hand"]["legal"]) > 1:
            coached = True
            views.append(checked(table.coach()))
            views.append(checked(table.act("6-6@9>6")))  # (R70: no arm 9, ever)
            assert views[-1]["error"]["key"].startswith("refuse.")
        action = str(player(Observation(table.hand, table.human)))
        views.append(checked(table.act(action)))
        if extras and not undone and views[-1]["undo"]:
            undone = True
            views.append(checked(table.act(UNDO)))
            assert views[-1]["taken_back"]["key"] == "notice.taken_back"
    assert views[-1]["waiting_for"] == contract.WAITING_NEXT_HAND, "the hand did not end"
    if extras:
        checked({"review": table.review(), "error": None}, "review")
        views.append(checked(table.verify(None)))
        assert views[-1]["fair"]["verified"] in contract.VERDICTS
        views.append(checked(table.next_hand()))
        views.append(checked(table.end_session()))  # (refused: a hand in progress)
        views.append(checked(table.act(UNDO)))
    return views


@pytest.fixture(autouse=True)
def quick_expert():
    with mock.patch.dict(nos.settings.BROWSER_BOT_PARAMS, {"expert": QUICK_EXPERT}), \
            mock.patch.object(nos.app, "REVIEW_DEALS", 2):
        yield


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("game", GAMES + TRIANGLES)
def test_every_view_of_a_hand_of_every_game_is_in_the_format(game: str, players: int) -> None:
    k = (GAMES + TRIANGLES).index(game)
    people = 1 + (k + players) % 2  # (half of them pass-and-play: every screen checked)
    extras = k % 6 == players % 6  # (8 of the 51 hands: the coach and the review are slow)
    views = play(game, players, people, extras)
    assert views[0]["version"] == contract.VERSION
    assert max(len(v["people"]) for v in views) == people
    assert any(v.get("coach") for v in views) == extras
    phases = {v["hand"]["phase"] for v in views if "hand" in v}
    assert {contract.PHASE_SET, contract.PHASE_PLAY, contract.PHASE_OVER} <= phases
    keys = {e["key"] for v in views for e in events_of(v)}
    assert keys - set(WORDS) == set(), "every event is a key of the catalogue"


def test_a_settled_session_and_a_diagram_are_in_the_format() -> None:
    table = Table(3, seed=5, level="beginner")
    view = table.start()
    while view["waiting_for"] in (contract.WAITING_BOT, contract.WAITING_HUMAN):
        view = table.act(view["hand"]["legal"][0]["send"]) if view["waiting_for"] == \
            contract.WAITING_HUMAN else table.bot_act()
    done = checked(table.end_session())
    assert done["waiting_for"] == contract.WAITING_DONE and done["settlement"]
    for seat in (None, 0, 2):
        checked(diagram_view(table.hand, ["A", "B", "C"], seat, known=[0]), "diagram")
    checked(diagram_view(None, [], None, 3, [500, 500, 500]), "diagram")


def test_every_reply_of_the_worker_is_in_the_format() -> None:
    engine_api._table = None  # noqa: SLF001
    checked(json.loads(engine_api.act('{"action": "draw"}')), "reply")  # (no game yet)
    reply = checked(json.loads(engine_api.new_game('{"players": 3, "seed": 4}')), "reply")
    assert reply["view"]["version"] == contract.VERSION
    save = reply["save"]
    for _ in range(300):
        view = reply["view"]
        if view["waiting_for"] == contract.WAITING_HUMAN:
            send = view["hand"]["legal"][-1]["send"]
            reply = checked(json.loads(engine_api.act(json.dumps({"action": send}))), "reply")
        elif view["waiting_for"] == contract.WAITING_BOT:
            reply = checked(json.loads(engine_api.bot_act()), "reply")
        else:
            break
    checked(json.loads(engine_api.act('{"attempt": {"kind": "set", "tile": "6-6"}}')),
            "reply")
    checked(json.loads(engine_api.review("{}")), "review")
    checked(json.loads(engine_api.review('{"hand": 7}')), "review")
    checked(json.loads(engine_api.share()), "share")
    checked(json.loads(engine_api.restore(save)), "reply")
    checked(json.loads(engine_api.restore("{")), "reply")
    checked(json.loads(engine_api.settings()), "settings")
    for query in ([["seed", "3"], ["players", "5"], ["people", "2"], ["delay", "50"]],
                  [["players", "9"]], [["colour", "red"]]):
        checked(json.loads(engine_api.check_query(json.dumps({"query": query}))), "query")


def test_the_format_finds_what_breaks_it() -> None:
    view = checked(Table(3, seed=1).start())
    bad = json.loads(json.dumps(view))
    bad["hand"]["phase"] = "playing"
    bad["hand"]["tiles"].append("3-5")
    bad["surprise"] = 1
    del bad["waiting_for"]
    bad["log"][0]["event"]["colour"] = "red"
    found = view_format.problems(bad, "view")
    assert any(p.startswith("view.hand.phase: 'playing'") for p in found)
    assert any(p.startswith("view.hand.tiles[") and "3-5" in p for p in found)
    assert "view.surprise: not in the format" in found
    assert "view.waiting_for: missing" in found
    assert "view.log[0].event.colour: not a parameter of the format" in found
    # R4, R5: the set's reason is one of the contract's; R63: a tile says how it lies.
    bad = json.loads(json.dumps(view))
    bad["hand"]["set_reason"] = "because"
    assert any(p.startswith("view.hand.set_reason: 'because'")
               for p in view_format.problems(bad, "view"))
    laid = checked(diagram_view(Position.parse(DOUBLE_CROSS).hand(), ["A", "B", "C"], 0),
                   "diagram")
    arm = laid["hand"]["layout"]["arms"][0]
    assert arm["tiles"][0][4] == contract.INLINE and arm["end_lies"] == contract.CROSSWISE
    arm["tiles"][0] = arm["tiles"][0][:4]  # (version 1's entry)
    arm["end_lies"] = "across"
    found = view_format.problems(laid, "diagram")
    assert "diagram.hand.layout.arms[0].tiles[0]: not a list of 5" in found
    assert any(p.startswith("diagram.hand.layout.arms[0].end_lies: 'across'") for p in found)


# ---------------------------------------------------------------- what the page reads
# Keys the page and the drawing read that are not the view's: their own dicts.
NOT_VIEW = {
    # The page's state of the person's doing, handed to the drawing (`ui`).
    "active", "broken", "choose", "confirm", "elsewhere", "hidden", "loading", "offer",
    "outs", "playable", "selected", "sends", "settle", "stalled", "targets", "zoom",
    # What the page measured and kept for the table's drawing (`ui`, render_table.py), and
    # the coach's order shown (render_coach.steady).
    "anchors", "aside", "cramped", "felt", "keys", "pays", "plan", "shown", "was",
    # The drawing's geometry (layout_geometry, render_table, render_diagram, zoom).
    "area", "bone_h", "bounds", "box", "caption", "caption_lines", "caption_x", "dir",
    "edges", "ends", "fits", "index", "legend", "margin", "pill", "play", "regions",
    "row_h", "second", "small", "start", "text_x", "tiles_dy", "tiles_room", "tiles_x",
    "unit", "w",
    # Pointers and their moves (moves.py, zoom.py).
    "moved", "pointer", "pointers", "scroll", "touch", "x", "y",
    # The page's own: a reply's text, the worker by name, the Share dialog's links, the
    # new-game dialog's choice of this device as the table's screen (played together).
    "raw", "engine", "replay", "table_screen",
}


def read_keys() -> dict[str, set[str]]:
    """Every key web/page and web/draw read with `.get("…")` or `["…"]`, and where."""
    reads: dict[str, set[str]] = {}
    for folder in ("page", "draw"):
        for path in sorted((WEB / folder).glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                key = None
                if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
                    key = node.slice.value
                elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and
                      node.func.attr == "get" and node.args and
                      isinstance(node.args[0], ast.Constant)):
                    key = node.args[0].value
                if isinstance(key, str):
                    reads.setdefault(key, set()).add(path.name)
    return reads


def test_every_key_the_page_and_the_drawing_read_is_in_the_format() -> None:
    reads = read_keys()
    assert len(reads) > 100
    unknown = {k: sorted(v) for k, v in reads.items()
               if k not in view_format.names() and k not in NOT_VIEW}
    assert unknown == {}
    assert set(reads) >= NOT_VIEW, "a key listed as the page's own is no longer read"


def test_the_doc_names_every_field_and_the_version() -> None:
    doc = (ROOT / "docs" / "view-format.md").read_text(encoding="utf-8")
    assert f"Version {contract.VERSION}" in doc
    for kind, t in view_format.FORMATS.items():
        for path in view_format.fields_of(t):
            assert f"`{path.split('.')[-1]}`" in doc, f"{kind}: {path}"
    for name in view_format.PARAMS:
        assert f"`{name}`" in doc, f"event parameter {name}"
