"""What the page reads: what it offers, from the engine's legal action records
(web/draw/legal_records.py); the URL parameters (web/shared/query.py), which the engine
checks (web/worker/engine_api.py check_query): a bad one is one sentence and starts no game
(the saved game is kept); the language shown (web/shared/languages.py); and the worker's
replies (web/page/replies.py)."""

from __future__ import annotations

import json

import engine_api
import languages
import legal_records
import pytest
import query
import render_html
import render_panels
import replies
import web_views
from hypothesis import given, settings
from hypothesis import strategies as st

from nos.actions import Declare, Play, Set, parse_action

EN = web_views.words("en")


def record(text: str, phase: str = "play") -> dict:
    """The engine's record of a legal action (nos/view.py legal_record), from its text."""
    action = parse_action(text)
    rec: dict = {"send": text}
    if isinstance(action, Play):
        rec.update(kind="play", tile=str(action.tile), arm=action.arm, out=action.out,
                   close=action.close, claim=action.claim, side="n")
    elif isinstance(action, Set):
        rec.update(kind="set", tile=str(action.tile))
    elif isinstance(action, Declare):
        rec.update(kind="declare", tiles=[str(t) for t in action.tiles], amount=25)
    elif text == "decline":
        rec["kind"] = "decline" if phase == "declare" else "no_double"
    else:
        rec["kind"] = text
    return rec


def view_with(legal: list[str], phase: str = "play", h2: bool = False) -> dict:
    return {"waiting_for": "human", "players": 4, "house_rules": {"H1": False, "H2": h2},
            "hand": {"phase": phase, "legal": [record(a, phase) for a in legal],
                     "close_pays": [20, 40]}}


MATADOR_TURN = view_with(["6-1@0>6", "6-1@0>6 close", "6-1@0>1", "6-1@0>1 close",
                          "6-1@2>6", "6-1@2>6 close", "3-3@1>3", "3-3@1>3 close",
                          "3-3@1>3 claim", "3-3@1>3 claim close", "draw"])


def test_plays_are_read_from_the_legal_actions():
    assert legal_records.tile_actions(MATADOR_TURN) == ["6-1", "3-3"]
    assert legal_records.targets_for(MATADOR_TURN, "6-1") == [0, 2]
    assert legal_records.outs_for(MATADOR_TURN, "6-1", 0) == [6, 1]  # R61: the player chooses
    assert legal_records.outs_for(MATADOR_TURN, "6-1", 2) == [6]
    assert legal_records.targets_for(MATADOR_TURN, "5-5") == []


def test_play_action_texts_are_the_engines():
    assert legal_records.play_action(MATADOR_TURN, "6-1", 0, 1) == "6-1@0>1"
    assert legal_records.play_action(MATADOR_TURN, "6-1", 0, 1, close=True) == "6-1@0>1 close"
    assert legal_records.play_action(MATADOR_TURN, "3-3", 1, 3, True, True) == "3-3@1>3 claim close"
    # A claim the engine does not offer is not a legal action: the page sends it as an
    # attempt, which the engine builds and refuses with its reason (R70).
    assert legal_records.play_action(MATADOR_TURN, "6-1", 2, 6, claim=True) is None
    assert legal_records.attempt("6-1", 2, 6, claim=True) == {
        "kind": "play", "tile": "6-1", "arm": 2, "out": 6, "close": False, "claim": True}
    assert legal_records.play_action(MATADOR_TURN, "6-1", 1, 6) is None
    for text in ("6-1@0>1", "3-3@1>3 claim close"):
        assert str(parse_action(text)) == text


def test_buttons_are_the_simple_legal_actions_in_order():
    view = view_with(["pass", "declare 6-6 5-5 4-4", "decline", "wait", "draw", "set 4-4"],
                     "declare")
    assert [r["send"] for r in legal_records.simple_actions(view)] == [
        "set 4-4", "draw", "declare 6-6 5-5 4-4", "decline", "wait", "pass"]
    assert legal_records.simple_actions(dict(view, waiting_for="bot")) == []


def test_claim_and_close_toggles():
    """A play's flags are offered with its tile picked (a phone's row stays one row: not
    with the tiles still in the hand, and drawing goes while a tile is picked), or while
    one is already on."""
    html = render_panels.controls_html(MATADOR_TURN, {"close": True}, EN)
    assert 'data-cmd="toggle-close" aria-pressed="true"' in html
    assert "toggle-claim" not in html
    claims = view_with(["3-3@1>3", "3-3@1>3 close", "draw"], h2=True)
    html = render_panels.controls_html(claims, {}, EN)
    assert "toggle-claim" not in html and "toggle-close" not in html
    assert 'data-action="draw"' in html
    html = render_panels.controls_html(claims, {"selected": "3-3"}, EN)
    assert 'data-cmd="toggle-claim"' in html  # H2: claims are the person's to make
    assert 'data-cmd="toggle-close" aria-pressed="false"' in html
    assert 'data-action="draw"' not in html


def test_imperative_button_labels():
    def label(text: str, phase: str = "play") -> str:
        return render_html.action_button(EN, record(text, phase)).split(">")[1].split("<")[0]

    assert label("draw") == "Draw a tile"
    assert EN.word("do.draw_set") == "Draw the set tile"
    assert label("decline", "declare") == "Declare nothing"
    assert label("decline", "out of turn") == "Play no double out of turn"
    assert label("wait") == "Say “I wait”"
    assert label("declare 6-6 5-5 4-4", "declare") == "Declare 6-6, 5-5 and 4-4"


def check(search: str) -> dict:
    """The engine's reading of the page's URL parameters (but `lang`, the page's own)."""
    pairs = [[n, v] for n, v in query.parse_query(search) if n != "lang"]
    return json.loads(engine_api.check_query(json.dumps({"query": pairs})))


@pytest.mark.parametrize(("search", "game", "delay"), [
    ("", None, None),
    ("?seed=12&players=3&level=beginner",
     {"players": 3, "level": "beginner", "seed": 12, "h1": False, "h2": False, "people": 1}, None),
    ("?players=5", {"players": 5, "level": "club", "seed": None, "h1": False, "h2": False,
                    "people": 1}, None),
    ("?delay=0", None, 0),
    ("?level=Expert&h2=1&delay=250",
     {"players": 4, "level": "expert", "seed": None, "h1": False, "h2": True, "people": 1}, 250),
    ("?seed=%34%32", {"players": 4, "level": "club", "seed": 42, "h1": False, "h2": False,
                      "people": 1}, None),
    ("?people=2&players=3", {"players": 3, "level": "club", "seed": None, "h1": False,
                             "h2": False, "people": 2}, None),
    ("?lang=pl&players=3", {"players": 3, "level": "club", "seed": None, "h1": False,
                            "h2": False, "people": 1}, None),
])
def test_good_url_parameters(search, game, delay):
    assert check(search) == {"game": game, "delay": delay, "error": None}


@pytest.mark.parametrize(("search", "sentence"), [
    ("?players=9", "The number of players must be 3 to 5, not “9”."),
    ("?players=%C2%B3", "The number of players must be 3 to 5, not “³”."),  # (UTF-8, read)
    ("?level=%C3%A9t%C3%A9", "The level must be beginner, club or expert, not “été”."),
    ("?players=", "The number of players must be 3 to 5, not “”."),
    ("?seed=-1", "The deal number must be a whole number from 0 to 2147483647, not “-1”."),
    ("?seed=99999999999", "The deal number must be a whole number from 0 to 2147483647, not "
                          "“99999999999”."),
    ("?seed=" + "9" * 26, "The deal number must be a whole number from 0 to 2147483647, not "
                          "“" + "9" * 19 + "…”."),  # (a long value quoted cut, and said so)
    ("?" + "x" * 30 + "=1", "“" + "x" * 19 + "…” is not a setting of this page; use seed, "
                            "players, level, h1, h2, people, delay."),
    ("?level=grandmaster", "The level must be beginner, club or expert, not “grandmaster”."),
    ("?h1=yes", "The house rule H1 is switched with 1 or 0, not “yes”."),
    ("?delay=fast", "The bot delay must be a whole number of milliseconds from 0 to 5000, "
                    "not “fast”."),
    ("?colour=red", "“colour” is not a setting of this page; use seed, players, level, h1, "
                    "h2, people, delay."),
    ("?players=3&people=4", "The people at this device must be 1 to 3 (the players), not “4”."),
    ("?people=7&players=3", "The people at this device must be 1 to 3 (the players), not “7”."),
    ("?seed=abc&players=9", "The deal number must be a whole number from 0 to 2147483647, "
                            "not “abc”."),
    ("?seed=1&players=<script>", "The number of players must be 3 to 5, not “<script>”."),
    # A control character shows as U+FFFD: a NUL ended the sentence on the page there.
    ("?seed=%00", "The deal number must be a whole number from 0 to 2147483647, not "
                  "“\ufffd”."),
    ("?players=4%0A4", "The number of players must be 3 to 5, not “4\ufffd4”."),
])
def test_bad_url_parameters_are_one_sentence_and_start_no_game(search, sentence):
    result = check(search)
    assert EN.say(result["error"]) == sentence and result["game"] is None


@settings(max_examples=300, deadline=None)
@given(st.text(st.characters(codec=None)))
def test_any_query_text_is_read_without_an_error_and_its_encoding_read_back(text):
    """A URL's query as the browser writes it (UTF-8, percent-encoded) reads back as its
    text; anything else, lone surrogates included, reads as some text, never an error."""
    from urllib.parse import quote_plus

    assert isinstance(query.url_decode(text), str)
    assert query.parse_query("?" + text) is not None
    if not any("\ud800" <= c <= "\udfff" for c in text):
        assert query.url_decode(quote_plus(text)) == text
    assert query.url_decode("%41\ud800%C3%A9") == "A\ud800\xc3\xa9"  # (each kept)
    for name, value in query.parse_query("?" + text):
        assert all(c >= " " and c != "\x7f" for c in name + value)


@pytest.mark.parametrize(("asked", "stored", "browser", "chosen"), [
    ("pl", None, [], ("pl", False)),
    ("NL", "pl", ["en"], ("nl", False)),
    ("xx", "nl", ["de"], ("nl", True)),  # a bad ?lang= is said, and the page goes on
    ("", None, ["pl-PL", "en-US"], ("pl", False)),
    ("", None, ["de-DE", "fr"], ("en", False)),
    ("", "nl", ["pl"], ("nl", False)),  # the language chosen before wins over the browser's
])
def test_the_language_shown(asked, stored, browser, chosen):
    assert languages.choose_language(asked, stored, browser) == chosen


def test_seed_typed_in_the_dialog():
    limits = [0, 2147483647]
    assert query.seed_from_text(" 42 ", limits) == (42, False)
    assert query.seed_from_text("", limits) == (None, False)
    assert query.seed_from_text("4x", limits) == (None, True)
    assert query.seed_from_text("2147483648", limits) == (None, True)


def test_page_state():
    assert replies.page_state(None, False) == "loading"
    assert replies.page_state({"waiting_for": "bot"}, False) == "bot"
    assert replies.page_state({"waiting_for": "human"}, True) == "waiting"
    assert replies.page_state({"waiting_for": "next_hand"}, False) == "playable"


def test_every_real_legal_play_is_reachable_by_tile_end_and_out():
    """For real positions: each legal play (flags aside) is one tile, one end, one out."""
    for _, view in web_views.sample_views():
        plays = {p["send"] for p in legal_records.plays_of(view)
                 if not p["close"] and not p["claim"]}
        reached = set()
        for tile in legal_records.tile_actions(view):
            for arm in legal_records.targets_for(view, tile):
                for out in legal_records.outs_for(view, tile, arm):
                    reached.add(legal_records.play_action(view, tile, arm, out))
        assert plays == reached


def test_a_view_of_another_version_is_not_drawn_and_says_so():
    """docs/view-format.md: a view of another version is dropped with its save (the game on
    the page and in storage stays), and one sentence says why; other replies pass."""
    from contract import VERSION

    mine = {"view": {"version": VERSION, "players": 3}, "save": "{}", "error": None}
    assert replies.of_this_version(mine) is mine
    for other in (VERSION + 1, None, "1"):
        reply = {"view": {"version": other, "players": 3}, "save": "{}", "error": None}
        assert replies.of_this_version(reply) == {"view": None, "save": None,
                                                   "error": {"key": "error.view_version"}}
    for reply in ({"view": None, "save": None, "error": {"key": "error.no_game"}},
                  {"review": {"steps": []}, "error": None}):
        assert replies.of_this_version(reply) is reply
