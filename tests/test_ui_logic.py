"""What the page offers, read from the legal actions (web/ui_logic.py), and the URL
parameters: a bad one is one sentence and starts no game (the saved game is kept)."""

from __future__ import annotations

import pytest
import render_panels
import ui_logic
import web_views

from nos.actions import parse_action


def view_with(legal: list[str], phase: str = "play", h2: bool = False) -> dict:
    return {"waiting_for": "human", "players": 4, "house_rules": {"H1": False, "H2": h2},
            "hand": {"phase": phase, "legal": [{"action": a, "label": a} for a in legal]}}


MATADOR_TURN = view_with(["6-1@0>6", "6-1@0>6 close", "6-1@0>1", "6-1@0>1 close",
                          "6-1@2>6", "6-1@2>6 close", "3-3@1>3", "3-3@1>3 close",
                          "3-3@1>3 claim", "3-3@1>3 claim close", "draw"])


def test_plays_are_read_from_the_legal_actions():
    assert ui_logic.tile_actions(MATADOR_TURN) == ["6-1", "3-3"]
    assert ui_logic.targets_for(MATADOR_TURN, "6-1") == [0, 2]
    assert ui_logic.outs_for(MATADOR_TURN, "6-1", 0) == [6, 1]  # R61: the player chooses
    assert ui_logic.outs_for(MATADOR_TURN, "6-1", 2) == [6]
    assert ui_logic.targets_for(MATADOR_TURN, "5-5") == []


def test_play_action_texts_are_the_engines():
    assert ui_logic.play_action(MATADOR_TURN, "6-1", 0, 1) == "6-1@0>1"
    assert ui_logic.play_action(MATADOR_TURN, "6-1", 0, 1, close=True) == "6-1@0>1 close"
    assert ui_logic.play_action(MATADOR_TURN, "3-3", 1, 3, True, True) == "3-3@1>3 claim close"
    # A claim the engine does not offer is still sent: the engine says why not (R70).
    assert ui_logic.play_action(MATADOR_TURN, "6-1", 2, 6, claim=True) == "6-1@2>6 claim"
    assert ui_logic.play_action(MATADOR_TURN, "6-1", 1, 6) is None
    for text in ("6-1@0>1", "3-3@1>3 claim close"):
        assert str(parse_action(text)) == text


def test_buttons_are_the_simple_legal_actions_in_order():
    view = view_with(["pass", "declare 6-6 5-5 4-4", "decline", "wait", "draw", "set 4-4"],
                     "declare")
    assert [a for a, _ in ui_logic.simple_actions(view)] == [
        "set 4-4", "draw", "declare 6-6 5-5 4-4", "decline", "wait", "pass"]
    assert ui_logic.simple_actions(dict(view, waiting_for="bot")) == []


def test_claim_and_close_toggles():
    html = render_panels.controls_html(MATADOR_TURN, {"close": True})
    assert 'data-cmd="toggle-close" aria-pressed="true"' in html
    assert "toggle-claim" not in html
    html = render_panels.controls_html(view_with(["3-3@1>3", "3-3@1>3 close"], h2=True), {})
    assert 'data-cmd="toggle-claim"' in html  # H2: claims are the person's to make


def test_imperative_button_labels():
    assert render_panels.imperative("draws the set tile") == "Draw the set tile"
    assert render_panels.imperative("declares nothing") == "Declare nothing"
    assert render_panels.imperative("plays no double out of turn") == \
        "Play no double out of turn"
    assert render_panels.imperative("says “I wait”") == "Say “I wait”"


@pytest.mark.parametrize(("search", "game", "delay"), [
    ("", None, None),
    ("?seed=12&players=3&level=beginner",
     {"players": 3, "level": "beginner", "seed": 12, "h1": False, "h2": False}, None),
    ("?players=5", {"players": 5, "level": "club", "seed": None, "h1": False, "h2": False},
     None),
    ("?delay=0", None, 0),
    ("?level=Expert&h2=1&delay=250",
     {"players": 4, "level": "expert", "seed": None, "h1": False, "h2": True}, 250),
    ("?seed=%34%32", {"players": 4, "level": "club", "seed": 42, "h1": False, "h2": False},
     None),
])
def test_good_url_parameters(search, game, delay):
    assert ui_logic.parse_params(search) == {"game": game, "delay": delay, "error": None}


@pytest.mark.parametrize(("search", "sentence"), [
    ("?players=9", "The number of players must be 3, 4 or 5, not '9'."),
    ("?players=", "The number of players must be 3, 4 or 5, not ''."),
    ("?seed=-1", "The seed must be a whole number from 0 to 2147483647, not '-1'."),
    ("?seed=99999999999", "The seed must be a whole number from 0 to 2147483647, not "
                          "'99999999999'."),
    ("?level=grandmaster", "The level must be beginner, club or expert, not 'grandmaster'."),
    ("?h1=yes", "The house rule H1 is switched with 1 or 0, not 'yes'."),
    ("?delay=fast", "The bot delay must be a whole number of milliseconds from 0 to 5000, "
                    "not 'fast'."),
    ("?colour=red", "'colour' is not a setting of this page; use players, level, seed, h1, "
                    "h2 or delay."),
    ("?seed=1&players=<script>", "The number of players must be 3, 4 or 5, not '<script>'."),
])
def test_bad_url_parameters_are_one_sentence_and_start_no_game(search, sentence):
    result = ui_logic.parse_params(search)
    assert result["error"] == sentence and result["game"] is None


def test_seed_typed_in_the_dialog():
    assert ui_logic.seed_from_text(" 42 ") == (42, None)
    assert ui_logic.seed_from_text("") == (None, None)
    assert ui_logic.seed_from_text("4x")[1].startswith("The seed must be")


def test_page_state():
    assert ui_logic.page_state(None, False) == "loading"
    assert ui_logic.page_state({"waiting_for": "bot"}, False) == "bot"
    assert ui_logic.page_state({"waiting_for": "human"}, True) == "waiting"
    assert ui_logic.page_state({"waiting_for": "next_hand"}, False) == "playable"


def test_every_real_legal_play_is_reachable_by_tile_end_and_out():
    """For real positions: each legal play (flags aside) is one tile, one end, one out."""
    for _, view in web_views.sample_views():
        plays = {p["text"] for p in ui_logic.plays_of(view) if not p["close"] and not p["claim"]}
        reached = set()
        for tile in ui_logic.tile_actions(view):
            for arm in ui_logic.targets_for(view, tile):
                for out in ui_logic.outs_for(view, tile, arm):
                    reached.add(ui_logic.play_action(view, tile, arm, out))
        assert plays == reached
