"""Damaged storage never leaves the page broken (a brief requirement, found by an audit): a
saved game nested 10,000 deep (it killed Pyodide on every reload), a stored view of another
shape (the page stayed on "Starting the engine…"), damaged preferences and language. Each
is one sentence at most, the game is playable (a new one if the save is lost), and the next
reload is clean."""

from __future__ import annotations

import json

import pytest
from e2e_harness import BOOT_TIMEOUT_MS
from e2e_play import one_move, open_game, saved, settle, state

FAST = "?seed=5&players=3&level=beginner&delay=0"


def reload_playable(page) -> str:
    page.reload()
    return settle(page, BOOT_TIMEOUT_MS)


def test_a_save_nested_10000_deep_is_said_once_and_a_new_game_follows(app, guard, base_url):
    open_game(app, base_url, FAST)
    app.evaluate("localStorage.setItem('nos.game.v1', '['.repeat(10000))")
    reload_playable(app)
    assert "not restored" in app.text_content("#controls .prompt")
    assert "Traceback" not in app.content()
    assert app.evaluate("localStorage.getItem('nos.game.v1')") is None  # dropped, said once
    app.click("#controls [data-cmd=new-game]")
    app.click("#newgame-ok")
    assert settle(app) in ("human", "next_hand")
    waiting = reload_playable(app)  # and the next reload restores that game
    assert waiting in ("human", "next_hand")
    guard.check()


@pytest.mark.parametrize("damage", ["no app", "illegal last action"])
def test_a_save_that_can_be_kept_is_kept_and_said_once(app, guard, base_url, damage):
    """A save without its settings, or whose last action breaks the rules, was thrown away
    whole ("does not replay by the rules"): the game is kept, with one sentence."""
    open_game(app, base_url, FAST)
    one_move(app)
    settle(app)
    save = json.loads(app.evaluate("localStorage.getItem('nos.game.v1')"))
    actions = save["hands"][-1]["actions"]
    if damage == "no app":
        del save["app"]
    else:
        actions.append("6-6@9>1")
    app.evaluate("t => { localStorage.setItem('nos.game.v1', t);"
                 " localStorage.removeItem('nos.shown.v1'); }", json.dumps(save))
    reload_playable(app)
    said = app.text_content("#status")
    assert said == ("The saved game’s settings could not be read, so it goes on with the "
                    "usual ones." if damage == "no app" else
                    "The saved game was kept up to its last legal move (hand 1): what came "
                    "after it breaks the rules and was left out.")
    kept = json.loads(app.evaluate("localStorage.getItem('nos.game.v1')"))
    assert kept["hands"][-1]["actions"][:len(actions) - 1] == actions[:len(actions) - 1]
    assert "app" in kept and "6-6@9>1" not in kept["hands"][-1]["actions"]
    reload_playable(app)  # the save is whole again: nothing more to say
    assert app.text_content("#status") != said
    guard.check()


@pytest.mark.parametrize("shown", [
    {"view": {"hand": 1}},
    {"view": {"hand": {"layout": 7, "tiles": "x", "log": 3}}},
    {"view": {"hand": {}, "log": [{"event": 5}]}},
    "[" * 10000,
])
def test_a_stored_view_of_another_shape_is_dropped_and_the_game_restored(app, guard, base_url,
                                                                          shown):
    open_game(app, base_url, FAST)
    before = state(app)
    save = app.evaluate("localStorage.getItem('nos.game.v1')")
    text = shown if isinstance(shown, str) else json.dumps(dict(shown, save=save))
    app.evaluate("t => localStorage.setItem('nos.shown.v1', t)", text)
    reload_playable(app)
    assert state(app)["hand"] == before["hand"] and state(app)["log"] == before["log"]
    assert "Traceback" not in app.content()
    reload_playable(app)
    guard.check()


def test_damaged_preferences_and_language_fall_back(app, guard, base_url):
    open_game(app, base_url, FAST)
    app.evaluate("""() => {
        localStorage.setItem('nos.prefs.v1', '{"players": 99, "level": ["x"], "pace": -5}');
        localStorage.setItem('nos.lang', 'klingon');
        localStorage.removeItem('nos.game.v1');
    }""")
    assert reload_playable(app) in ("human", "next_hand")
    assert app.get_attribute("html", "lang") in ("en", "nl", "pl")
    assert app.locator("#table .seat").count() >= 2
    guard.check()


def test_a_damaged_hint_of_the_language_shown_heals_after_one_load(app, guard, base_url):
    """boot.js fetches the words of the language shown last (nos.lang.shown) early; a hint
    naming no catalogue costs one 404, the page speaks a real language, and the hint is
    replaced, so the next load fetches no missing file."""
    open_game(app, base_url, FAST)
    app.evaluate("localStorage.setItem('nos.lang.shown', 'zz')")
    assert reload_playable(app) in ("human", "next_hand")
    lang = app.get_attribute("html", "lang")
    assert lang in ("en", "nl", "pl")
    assert all("/web/words/zz.json" in p for p in guard.problems) and len(guard.problems) == 2
    guard.problems.clear()
    assert app.evaluate("localStorage.getItem('nos.lang.shown')") == lang
    assert reload_playable(app) in ("human", "next_hand")
    guard.check()


def test_a_game_gone_on_in_another_tab_stops_this_one_until_taken_over(app, guard, base_url,
                                                                       context):
    """Two tabs of one game (found by an audit): the one left behind drew its old position,
    took moves and saved them over the other's, silently losing them. Now it stops at the
    other's first save, writes nothing (not even a new game), and takes the game over from
    the newest save on request; then the other is the one left behind."""
    open_game(app, base_url, FAST)
    other = context.new_page()
    other.goto(base_url)
    assert settle(other, BOOT_TIMEOUT_MS) == "human"
    app.wait_for_timeout(300)
    assert app.get_attribute("body", "data-state") == "playable"  # (opening it changed nothing)
    one_move(other)
    one_move(other)
    theirs, their_save = state(other), saved(other)
    app.wait_for_selector("body[data-state=elsewhere]")
    assert "went on in another tab" in app.text_content("#controls .prompt")
    assert app.evaluate("document.activeElement.dataset.cmd") == "take-over"
    app.click("header [data-cmd=new-game]")  # (here it would replace the other tab's game)
    app.click("#newgame-ok")
    app.wait_for_selector("#status:has-text('Continue it here')")
    assert saved(app) == their_save and state(other) == theirs
    app.click("#controls [data-cmd=take-over]")
    assert settle(app, BOOT_TIMEOUT_MS) == "human"
    assert {k: v for k, v in state(app).items() if k != "log"} == \
        {k: v for k, v in theirs.items() if k != "log"}
    one_move(app)
    other.wait_for_selector("body[data-state=elsewhere]")
    guard.check()
