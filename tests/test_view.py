"""The view the engine sends the page (nos/view.py): every legal action is a record with the
exact action to send back, the announcement catalogue holds the 17 games with each one's
options or the reason it is not available, the settings carry every limit, and refusals and
errors are events — so that the page restates no rule, no game name and no limit."""

from __future__ import annotations

import json
import re
from html import escape as html_escape

import engine_api
import pytest
import web_views

from nos.actions import parse_action
from nos.app import Table
from nos.games import GAME_RULES, legal_announcements
from nos.position import Position
from nos.settings import DRAW_UNTIL, SETTINGS
from nos.tiles import Tile


def test_every_legal_action_is_a_record_with_the_action_to_send():
    kinds = set()
    for _, view in web_views.sample_views(per_game=2):
        legal = view["hand"]["legal"]
        if view["waiting_for"] != "human":
            assert legal == []
            continue
        for rec in legal:
            if rec["kind"] == "draw_until":  # (the table's, not the hand's: R12's draws)
                assert rec["send"] == DRAW_UNTIL and [r["kind"] for r in legal] == [
                    "draw", "draw_until"]
                continue
            action = parse_action(rec["send"])
            assert str(action) == rec["send"]
            kinds.add(rec["kind"])
            if rec["kind"] == "play":
                assert (str(action.tile), action.arm, action.out, action.close,
                        action.claim) == (rec["tile"], rec["arm"], rec["out"], rec["close"],
                                          rec["claim"])
                assert rec["side"] == view["hand"]["layout"]["arms"][rec["arm"]]["side"]
    assert {"play", "draw"} <= kinds


@pytest.mark.parametrize("tile", ["6-6", "0-0", "5-3", "3-3", "6-1"])
def test_r7_r40_r57_the_catalogue_holds_the_17_games(tile):
    from nos.view import announce_catalogue

    cat = announce_catalogue(Tile.parse(tile))
    games = cat["games"]
    assert [g["game"] for g in games] == list(range(1, 18))
    legal = {f"announce {a}" for a in legal_announcements(Tile.parse(tile))}
    offered = {o["send"] for g in games for o in g["options"]}
    assert offered == legal
    for g in games:
        assert g["rule"] == GAME_RULES[g["game"]]
        assert (g["why"] is None) == bool(g["options"])
        for o in g["options"]:
            assert set(o["choice"]) <= set(g["rows"])
            # Two options never share all their row values: the form tells them apart.
            twins = [p for p in g["options"] if p["choice"] == o["choice"]]
            assert len(twins) == 1, o
    if tile != "0-0":
        assert {g["game"]: g["why"] for g in games if g["game"] in (13, 14, 15, 16)} == \
            dict.fromkeys((13, 14, 15, 16), "needs_double_blank")
    if not Tile.parse(tile).is_double:
        assert games[1]["why"] == "needs_double"


def test_the_announce_catalogue_is_sent_only_to_announce():
    view = web_views.announce_view()
    assert len(view["hand"]["announce"]["games"]) == 17
    for _, other in web_views.sample_views(per_game=1):
        assert "announce" not in other["hand"] or other["hand"]["phase"] == "announce"


def test_the_settings_carry_every_limit():
    view = Table(3, seed=1).view()
    assert view["settings"] == SETTINGS
    assert SETTINGS["players"] == [3, 4, 5] and SETTINGS["seed"][0] == 0
    assert view["start_chips"] == 500 and view["viewer"] == 0


def test_r70_a_refusal_is_an_event_and_changes_nothing():
    table = Table(3, seed=web_views.human_on_set(3), level="beginner")
    before = json.dumps(table.start())
    # A play while the person must set (R4): refused by the rules, not an engine failure.
    view = table.act("6-6@0>6")
    assert view["error"]["key"].startswith("refuse.") and view["error"]["rule"] in ("R4",
                                                                                    "R5")
    assert json.dumps(dict(view, error=None)) == before


def test_the_page_may_send_an_attempt_the_engine_refuses():
    engine_api.new_game(json.dumps({"players": 3, "seed": web_views.human_on_set(3),
                                    "level": "beginner"}))
    reply = json.loads(engine_api.act(json.dumps({"attempt": {"kind": "set",
                                                              "tile": "1-0"}})))
    assert reply["error"]["key"].startswith("refuse.")
    reply = json.loads(engine_api.act(json.dumps({"attempt": {"kind": "play", "tile": "x"}})))
    assert reply["error"] == {"key": "error.no_action"}


@pytest.mark.parametrize("text", ["[" * 10_000, '{"a": ' * 5_000, "not json", "[]", "7"])
def test_a_damaged_save_is_one_event_never_a_crash(text):
    reply = json.loads(engine_api.restore(text))
    # (JSON, but no game record: said so, not that it breaks the rules)
    assert reply["error"]["key"] == ("error.save_unreadable" if text in ("[]", "7")
                                     else "error.save_damaged")


def test_the_settings_refuse_a_bad_new_game():
    for cfg, key in (({"players": 9}, "error.players"), ({"level": "pro"}, "error.level"),
                     ({"seed": -1}, "error.seed"), ({"h1": "yes"}, "error.house_rule"),
                     # (digits of other kinds: str.isdigit takes them, int() does not)
                     ({"players": "³"}, "error.players"), ({"seed": "٣"}, "error.seed"),
                     ({"people": "²"}, "error.people"),
                     ({"players": 4, "people": 2, "seats": [1, 2]}, "error.seats"),
                     ({"players": 4, "people": 2, "seats": [0, 1, 2]}, "error.seats"),
                     ({"players": 4, "people": 2, "seats": "0,2"}, "error.seats")):
        reply = json.loads(engine_api.new_game(json.dumps(cfg)))
        assert reply["error"]["key"] == key, cfg
    reply = json.loads(engine_api.new_game(json.dumps({"players": 4, "people": 2,
                                                       "seats": [1, 2]})))
    en = web_views.words("en", {"viewer": 0, "names": []})
    assert en.sentence(en.say(reply["error"])) == (  # (seats numbered from 1, as shown)
        "The people cannot take seats 2, 3: seat 1 is always this device’s person’s, each seat "
        "is taken once, and each person takes one.")


def test_a_new_game_seats_the_people_where_asked():
    reply = json.loads(engine_api.new_game(json.dumps({"players": 5, "people": 2,
                                                       "seats": [0, 3], "seed": 8})))
    assert reply["error"] is None and reply["view"]["people"] == [0, 3]


@pytest.mark.parametrize("damage", ["seed", "gauss"])
def test_a_save_with_a_number_json_cannot_hold_restores_and_answers_in_json(damage):
    """NaN in a save (its seed, a random state's spare normal variate) is no number the
    game has: the game is restored all the same (its deals secret from then on), and no NaN
    crosses to the page, whose JSON reader refuses it."""
    import replies

    engine_api.new_game(json.dumps({"players": 3, "seed": 4, "level": "beginner"}))
    save = engine_api._table.save()
    if damage == "seed":
        save["app"]["seed"] = float("nan")
    else:
        save["app"]["rng"][1][2] = float("inf")
    reply = engine_api.restore(json.dumps(save))
    data = json.loads(reply, parse_constant=lambda c: pytest.fail(f"{c} in the reply"))
    assert data["error"] is None and data["view"]["seed"] is None
    assert not replies.save_refused(data)


def test_only_a_save_the_engine_refuses_is_dropped_not_one_it_failed_to_answer():
    import replies

    refused = json.loads(engine_api.restore("[]"))
    assert replies.save_refused(refused)
    silent = {"view": None, "save": None,
              "error": {"key": "error.engine_silent", "reason": "worker died"}}
    assert not replies.save_refused(silent)
    assert not replies.save_refused({"view": None, "error": {"key": "error.engine"}})


def test_r12_a_forced_draw_is_offered_as_draw_until_a_tile_fits():
    """R12: with no tile that fits, the view offers drawing until one does in one action;
    each draw is an action of its own in the log, and it stops at a tile that fits or at
    the last two (then the person passes)."""
    from nos.deal import LAST_TWO
    from nos.settings import DRAW_UNTIL

    table = web_views.find_decision("must draw", 4)["table"]
    view = table.view()
    assert {"kind": "draw_until", "send": DRAW_UNTIL} in view["hand"]["legal"]
    held, logged = len(table.hand.hands[0]), len(table.log)
    after = table.act(DRAW_UNTIL)
    assert after["error"] is None
    drawn = len(table.hand.hands[0]) - held
    assert drawn >= 1
    assert [e["event"] for e in table.log[logged:]] == [{"key": "act.draw", "seat": 0}] * drawn
    legal = [str(a) for a in table.hand.legal_actions()]
    assert not table.must_draw()
    if legal == ["pass"]:
        assert len(table.hand.stack) == LAST_TWO
    else:
        assert any("@" in a for a in legal) and "pass" not in legal  # a tile fits
    assert all(r["kind"] != "draw_until" for r in after["hand"]["legal"])


def test_r12_draw_until_is_refused_when_drawing_is_not_forced():
    table = Table(players=4, seed=3, level="beginner")
    table.start()
    while table.hand.current != table.human or table.passes_for_person():
        table.bot_act()
    before = table.save()
    view = table.act("draw until")
    assert view["error"]["key"] in ("refuse.draw_until", "error.not_your_turn")
    assert table.save() == before


def test_r21_a_hand_over_shows_every_seats_tiles_and_not_before():
    """R21 counts the spots left in each hand in the open: the view of a finished hand holds
    every seat's tiles; until then each seat sees only its own (R71)."""
    opponents_shown = 0
    for seed in (3, 8, 21):
        table = Table(4, seed=seed, level="beginner")
        views = []
        last = web_views.to_hand_end(table, table.start(), step=views.append)
        playing = [v for v in views if v["waiting_for"] in ("human", "bot")]
        assert playing and all(v["hand"]["open_hands"] is None for v in playing)
        shown = last["hand"]["open_hands"]
        assert shown == [[str(t) for t in sorted(h, reverse=True)] for h in table.hand.hands]
        assert [len(s) for s in shown] == last["hand"]["hand_sizes"]
        counts = [sum(14 if t == "0-0" else Tile.parse(t).count for t in s) for s in shown]
        assert counts == last["hand"]["counts"]  # the tiles shown are the tiles counted
        opponents_shown += sum(len(shown[s]) for s in range(4) if s != table.human)
    assert opponents_shown > 0


def test_r18_the_log_says_the_next_player_drew_the_boneyard_after_a_correct_close() -> None:
    """The counts after a correct close include the tiles the next player drew: the app's
    log says so, between the close and the hand's end (the hand's ``close_draw``)."""
    import random

    from web_views import to_hand_end

    from nos.bots import get_bot
    from nos.observation import Observation

    club, rng = get_bot("club"), random.Random(3)
    table = Table(3, seed=3, level="club")
    view = to_hand_end(table, table.start(),
                       lambda v: str(club(Observation(table.hand, table.human), rng)))
    drawer, n = table.hand.close_draw
    assert table.hand.end_reason == "R18" and n > 0
    keys = [e["event"]["key"] for e in view["log"]]
    at = keys.index("log.close_draw")
    assert keys[at + 1] == "log.hand_end"
    assert view["log"][at]["event"] == {"key": "log.close_draw", "seat": drawer, "n": n,
                                         "rule": "R18"}
    # R21: the count is paid at the hand's end, after the draw that made the counts, and
    # not under the closing play.
    rules = [{p["rule"] for p in e["payments"]} for e in view["log"]]
    assert rules[at + 1] == {"R21"} and not any("R21" in r for r in rules[:at + 1])
    assert "R18" in rules[at - 1]  # (the close's own payments stay with it)


def club_hand_end(seed: int, players: int = 3) -> tuple[Table, dict]:
    """A table whose first hand the clubs (the person's too) played to its end."""
    import random

    from web_views import to_hand_end

    from nos.bots import get_bot
    from nos.observation import Observation

    club, rng = get_bot("club"), random.Random(seed)
    table = Table(players, seed=seed, level="club")
    return table, to_hand_end(table, table.start(),
                              lambda v: str(club(Observation(table.hand, table.human), rng)))


def test_r22_the_log_and_the_summary_say_how_a_tie_was_broken() -> None:
    """A tie for the highest count (seed 79) is broken by drawing (R22): the log's event
    gives the count, each tile drawn and its value (0-0 counts 14), and the summary says it
    above who is on set."""
    import render_summary

    table, view = club_hand_end(79)
    tied = table.hand.losers()
    assert len(tied) == 2
    event = next(e["event"] for e in view["log"] if e["event"]["key"] == "log.tiebreak")
    assert event["count"] == max(table.hand.counts) and event["rule"] == "R22"
    (drawn,) = event["draws"]
    assert sorted(s for s, _, _ in drawn) == tied
    assert all(v == Tile.parse(t).count for _, t, v in drawn)
    loser = max(drawn, key=lambda d: d[2])[0]
    assert view["next_setter"] == loser
    words = web_views.words("en", view)
    html = render_summary.summary_html(view, words)
    said = words.capital(words.say(event))
    assert said.startswith(f"Tie for the highest count ({event['count']})")
    assert f"{drawn[0][1]} ({drawn[0][2]})" in said and "0-0 counting 14" in said
    # The verdict says the draw, then who is on set and why (R22), before the buttons.
    tie_break = words.word("sum.next_setter_tie", {"seat": loser})
    verdict = html[html.index('class="verdict"'):html.index('class="buttons"')]
    assert verdict.index(html_escape(said)) < verdict.index(html_escape(
        words.capital(tie_break)))


def test_r10_a_wait_owed_on_a_side_not_open_yet_is_said_with_the_turn() -> None:
    """Seat 2 played 2-2 out of turn on arm 0 of a matador cross, which opens only when
    the cross is complete (R10): until then its turn says when the wait comes; then the
    wait is due and that note is gone."""
    import render_panels
    from helpers import act, make_hand

    from nos.view import hand_view

    h = make_hand(["5-5 4-1 6-5 6-0", "6-2 3-0 5-4 5-3", "2-2 4-2 6-4 6-3", "3-2 5-1 5-0 4-0"])
    act(h, "set 5-5", "announce 5", "2-2@0>2", "6-2@1>6")
    assert h.current == 2 and hand_view(h, 2)["waits_later"] == ["n"]
    assert hand_view(h, 1)["waits_later"] == []
    view = {"waiting_for": "human", "viewer": 2, "names": ["A", "B", "C", "D"],
            "hand": {**hand_view(h, 2), "phase": "play",
                     "legal": [{"kind": "play", "send": "4-2@2>4", "tile": "4-2"}]}}
    html = render_panels.controls_html(view, {}, web_views.words("en", view))
    assert "Your wait for the double on the north arm comes at your first turn when that " \
        "side is open." in re.sub("<[^>]+>", "", html)
    act(h, "4-2@2>4", "3-2@3>3", "4-1@1>4", "3-0@2>0")  # the cross is complete
    assert h.current == 2 and hand_view(h, 2)["waits_later"] == []
    assert [str(a) for a in h.legal_actions()] == ["wait"]


def test_r5_the_log_names_a_drawn_set_tile() -> None:
    """A set tile drawn (no double in hand, R5) is set at once: public, so its event names
    it, and the payment it causes (R6) can be checked against it."""
    from nos.actions import DRAW
    from nos.deal import Deal
    from nos.events import action_event
    from nos.hand import Hand

    deal = Deal.parse("4-0 6-1 1-0 5-4 5-2 / 6-0 1-1 4-4 6-5 5-1 / 3-2 3-0 6-2 4-1 4-3 // "
                      "3-1 0-0 2-2 4-2 5-5 5-0 5-3 3-3 6-3 2-1 2-0 6-4 6-6")
    hand = Hand.replay(deal, "", setter=0)
    event = action_event(hand, DRAW)
    hand.apply(DRAW)
    assert event == {"key": "act.draw_set", "seat": 0, "tile": str(hand.set_tile)}
    words = web_views.words("en", {"viewer": 1, "names": ["Anna", "Bram", "Cor"]})
    assert words.say(event) == f"Anna draws the set tile: {hand.set_tile}"


@pytest.mark.parametrize("seed", [None, 7])
def test_r71_the_shared_replay_of_a_secret_game_holds_no_seed(seed):
    """The Share dialog's replay record of the hands over: a game begun from a deal number
    keeps it (anyone may deal it again); a secret game's seed would foretell the session's
    later draws (R22's tiebreaks, R24's pot), so it is left out, and the hands over replay
    from their recorded tiebreaks."""
    import record_link
    from web_views import to_hand_end

    from nos.record import replay

    cfg = {"players": 3, "level": "beginner"} | ({} if seed is None else {"seed": seed})
    view = json.loads(engine_api.new_game(json.dumps(cfg)))["view"]
    to_hand_end(engine_api._table, view)
    shared = json.loads(engine_api.share(""))
    data = record_link.decode(shared["record"])
    assert shared["hand"] == 1 and data.get("seed") == seed
    assert replay(data).hands[0].ledger == engine_api._table.session.hands[0].ledger
    # The position shows the hand as the table does at its end: every hand open (R21).
    hand = engine_api._table.hand
    assert Position.parse(shared["position"]) == Position.of(hand, 0, "all")
