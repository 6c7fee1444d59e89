"""The panels beside and under the table as web/ writes them (HTML strings from pure
functions, run here in CPython): the controls offer only legal actions, the log lists every
action and payment (worded once per entry), "How to play" shows the view's payments with
their rulings, the hand's summary, the settlement and the header."""

from __future__ import annotations

import json
import re

import legal_records
import pytest
import render_html
import render_panels
import render_summary
import render_svg
import web_views
from web_views import sample_views

from nos.app import DEFAULT_NAMES

SAMPLES = sample_views()
# The English catalogue as the page uses it: every sample view's person is seat 0.
EN = web_views.words("en", {"viewer": 0, "names": list(DEFAULT_NAMES)})


def test_controls_offer_only_legal_buttons():
    for _, view in SAMPLES:
        html = render_panels.controls_html(view, {}, EN)
        actions = re.findall(r'data-action="([^"]*)"', html)
        legal = [e["send"] for e in legal_records.legal_of(view)]
        assert set(actions) <= set(legal)
        if view["waiting_for"] == "next_hand":
            assert 'data-cmd="next-hand"' in html and 'data-cmd="end-session"' in html
    html = render_panels.controls_html(web_views.announce_view(), {}, EN)
    assert 'data-cmd="announce-open"' in html


def test_r24_ending_the_session_is_asked_first():
    """A settled session cannot go on (R24): "End the session" asks, and the question takes
    the place of the summary's buttons until it is answered or cancelled."""
    view = next(v for _, v in SAMPLES if v["waiting_for"] == "next_hand")
    asked = render_panels.controls_html(view, {"settle": True}, EN)
    assert 'data-cmd="settle-yes"' in asked and 'data-cmd="cancel"' in asked
    assert "no more hands can be played" in asked
    assert 'data-cmd="next-hand"' not in asked and 'data-cmd="end-session"' not in asked
    assert 'data-cmd="settle-yes"' not in render_panels.controls_html(view, {}, EN)


def test_controls_offer_nothing_while_the_saved_game_is_restored():
    for _, view in SAMPLES:
        html = render_panels.controls_html(view, {"loading": True}, EN)
        assert "Restoring your game" in html
        assert "data-action" not in html and "data-cmd" not in html


def test_the_new_game_dialog_shows_the_pace_in_use_even_when_it_has_no_name():
    """A game opened with ?delay=0 keeps that pace; the dialog shows it chosen among the
    named paces rather than choosing none."""
    from nos.settings import SETTINGS

    def pressed(html):
        return re.findall(r'data-param="pace" data-value="(\d+)" aria-pressed="true"'
                          r'[^>]*>([^<]*)<', html)

    state = {"players": 4, "level": "club", "seed": ""}
    assert pressed(render_panels.new_game_html({**state, "pace": 150}, False, SETTINGS,
                                               EN)) == [("150", "fast")]
    html = render_panels.new_game_html({**state, "pace": 0}, False, SETTINGS, EN)
    assert pressed(html) == [("0", "0 ms")]
    assert html.count('data-param="pace"') == len(SETTINGS["paces"]) + 1


def test_the_new_game_dialog_offers_as_many_people_as_the_engine_allows_for_the_players():
    """Pass-and-play: the people at the device are 1 to the engine's most for the players
    chosen (nos.app.SETTINGS), and a choice beyond it shows as that most."""
    from nos.settings import SETTINGS

    def people(html):
        offered = re.findall(r'data-param="people" data-value="(\d+)"', html)
        chosen = re.findall(r'data-param="people" data-value="(\d+)" aria-pressed="true"', html)
        return [int(n) for n in offered], [int(n) for n in chosen]

    for players in SETTINGS["players"]:
        state = {"players": players, "level": "club", "seed": "", "pace": 550, "people": 5}
        html = render_panels.new_game_html(state, False, SETTINGS, EN)
        low, high = SETTINGS["people"][str(players)]
        assert people(html) == (list(range(low, high + 1)), [high])
    html = render_panels.new_game_html({"players": None, "people": 2}, False, SETTINGS, EN)
    assert people(html) == ([1], [1])


def test_the_new_game_dialog_shows_which_seats_the_people_take():
    """Played by several people: the seats they take, this device's person's (the engine's
    `host_seat`) for good, the others as chosen; as many as the people chosen (fewer: the
    last chosen go; more: the first free seats come); no choice when every seat is a
    person's or there is one person."""
    from nos.settings import SETTINGS

    def seats(html):
        on = re.findall(r'data-param="seats" data-value="(\d+)" aria-pressed="true"', html)
        fixed = re.findall(r'data-param="seats" data-value="(\d+)"[^>]*disabled', html)
        return [int(n) for n in on], [int(n) for n in fixed]

    def dialog(**state):
        return render_panels.new_game_html({"level": "club", "seed": "", "pace": 550, **state},
                                           False, SETTINGS, EN)

    assert seats(dialog(players=5, people=2, seats=[0, 3])) == ([0, 3], [0])
    assert seats(dialog(players=5, people=3, seats=[0, 3])) == ([0, 1, 3], [0])
    assert seats(dialog(players=5, people=2, seats=[0, 2, 4])) == ([0, 2], [0])
    assert seats(dialog(players=4, people=2, seats=[0, 4])) == ([0, 1], [0])  # (5 players')
    assert "Their seats" in dialog(players=4, people=2)
    assert seats(dialog(players=4, people=4)) == ([0, 1, 2, 3], [0])  # (one given back: 3)
    assert seats(dialog(players=4, people=1)) == ([], [])
    assert seats(dialog(players=4, people=2, seats=7)) == ([0, 1], [0])  # (damaged: none)
    chosen = render_panels.seats_chosen(SETTINGS, 5, 2, [0, 4])
    assert chosen == [0, 4]


def test_html_has_no_inline_styles_or_scripts():
    for _, view in SAMPLES:
        for html in (render_panels.controls_html(view, {}, EN), render_panels.log_html(view, EN),
                     render_panels.info_html(view, EN)):
            assert not re.search(r"\sstyle=|<script|\son[a-z]+=", html)


def test_log_lists_every_action_and_payment():
    view = SAMPLES[-1][1]
    html = render_panels.log_html(view, EN)
    for entry in view["log"]:
        assert render_html.rule_links(render_svg.esc(EN.capital(EN.say(entry["event"]))),
                                        EN) in html
        for p in entry["payments"]:
            said = render_panels.esc(EN.capital(EN.say(p)))
            assert render_html.rule_links(said, EN) in html
            assert 'href="./rules.html?lang=en#' + p["rule"] + '"' in html
    assert html.count("<li") >= len(view["log"])


@pytest.mark.parametrize("lang", web_views.LANGS)
def test_how_to_play_shows_the_views_payments_with_their_rulings(lang):
    """Item "plain words": "How to play" has the payment table, from the view (the engine's
    amounts for this table): every row worded, its amounts in it, its ruling a link."""
    view = SAMPLES[-1][1]
    w = web_views.words(lang, view)
    html = render_panels.payments_help_html(view, w)
    assert html.count("<tr>") == len(view["payments"]) + 1  # (the header row)
    for row in view["payments"]:
        assert 'href="./rules.html?lang=' + lang + "#" + row["rule"] + '"' in html
        for name in ("amount", "blank"):
            if name in row:
                assert w.number(row[name]) in html or str(row[name]) in html
    assert "{" not in html and "pays." not in html
    assert render_panels.payments_help_html(None, w) == ""


def test_prompts_name_no_ruling_codes():
    """Plain words: a prompt never shows "(R7)"; the log and refusals link their rulings."""
    for _name, view in SAMPLES:
        html = render_panels.controls_html(view, {}, EN)
        prompt = html[html.find('id="prompt"'):html.find("</p>")]
        assert not re.search(r"\bR\d", prompt), prompt


def test_hand_summary_and_settlement():
    view = next(v for _, v in SAMPLES if v["waiting_for"] == "next_hand")
    html = render_summary.summary_html(view, EN)
    assert "is over" in html and "on set next hand" in html
    settled = dict(view, waiting_for="done", settlement={
        "chips": [499, 531, 481, 489], "kept": [480, 520, 480, 480], "pot": 40,
        "pot_winner": 3, "final": [480, 520, 480, 520], "results": [-20, 20, -20, 20]})
    html = render_panels.controls_html(settled, {}, EN)
    assert "The session is settled<" in html and "+20" in html and "−20" in html
    assert "pot of 40" in html


def test_out_chooser_and_toggles():
    view = next(v for _, v in SAMPLES if v["waiting_for"] == "human"
                and v["hand"]["phase"] == "play" and len(v["hand"]["legal"]) > 2)
    html = render_panels.controls_html(view, {"selected": "6-1", "choose": {
        "tile": "6-1", "arm": 0, "outs": [6, 1]}}, EN)
    assert 'data-out="6"' in html and 'data-out="1"' in html
    assert 'data-cmd="toggle-close"' in html
    # R61: the question is the prompt (not under a prompt that still says to pick a tile).
    question = EN.word("chooser.which", {"tile": "6-1"})
    assert html.count(question) == 1 and re.search(
        r'<p class="prompt[^"]*"[^>]*>' + re.escape(question), html), html[:300]
    assert EN.word("prompt.turn") not in html


@pytest.mark.parametrize(("lang", "everyone", "two"), [
    ("en", "3 players · 3 people at this device", "4 players · expert bots · 2 people at this"),
    ("nl", "3 spelers · 3 mensen aan dit apparaat", "4 spelers · bots op niveau expert · 2 "),
    ("pl", "3 graczy · osoby przy tym urządzeniu: 3", "4 graczy · poziom botów: ekspert · "),
])
def test_the_header_names_the_people_at_the_device_and_no_bots_where_there_are_none(
        lang, everyone, two):
    """Pass-and-play (an audit found "3 players · expert bots" with every seat a person)."""
    w = web_views.words(lang)
    shown = render_panels.info_html({"players": 3, "level": "expert", "people": [0, 1, 2]}, w)
    assert everyone in shown and "bot" not in shown.lower()
    shown = render_panels.info_html({"players": 4, "level": "expert", "people": [0, 2]}, w)
    assert two in shown
    alone = render_panels.info_html({"players": 4, "level": "expert", "people": [0]}, w)
    assert ("people" not in alone and "mensen" not in alone and "osoby" not in alone)


def test_the_log_by_hand_is_the_log_and_a_hand_gets_its_review_once_over():
    """log_hands (the page adds what is new to what it shows, show.patch_log): one part a
    hand, its entries in order, its review button once its next setter is named."""
    view = SAMPLES[-1][1]
    hands = render_panels.log_hands(view, EN)
    assert render_panels.log_html(view, EN) == "".join(
        render_panels.log_part_html(h) for h in hands)
    numbers = []
    for entry in view["log"]:
        if not numbers or numbers[-1] != entry["hand"]:
            numbers.append(entry["hand"])
    assert [h[0] for h in hands] == ['<h3 class="log-hand">' + EN.word("log.hand", {
        "hand": n + 1}) + "</h3>" for n in numbers]
    assert sum(len(h[1]) for h in hands) == len(view["log"])
    assert all(item.startswith("<li") and item.endswith("</li>") for h in hands for item in h[1])
    for n, hand in zip(numbers, hands, strict=True):
        over = any(e["hand"] == n and e["event"]["key"] == "log.next_setter"
                   for e in view["log"])
        assert (f'data-cmd="review" data-hand="{n}"' in hand[2]) == over
        assert hand[2] == "" or not over or hand[2].startswith('<p class="log-review">')
    # A line more adds a line: the parts before it are the same strings.
    shorter = dict(view, log=view["log"][:-1])
    before = render_panels.log_hands(shorter, EN)
    assert before[:-1] == hands[:len(before) - 1]
    assert before[-1][1] == hands[len(before) - 1][1][:len(before[-1][1])]


def test_the_log_words_each_entry_once_and_anew_when_its_number_means_another(monkeypatch):
    """With a cache (the page's), an entry is worded once; an entry of the same number that
    differs (after an undo, in a new game) is worded anew, and the cache holds only the
    entries shown."""
    view = SAMPLES[-1][1]
    cache = {}
    plain = render_panels.log_hands(view, EN)
    assert render_panels.log_hands(view, EN, cache) == plain
    assert sorted(cache) == sorted(e["n"] for e in view["log"])
    said = []
    real = render_panels.log_entry_html
    monkeypatch.setattr(render_panels, "log_entry_html",
                        lambda entry, w: said.append(entry["n"]) or real(entry, w))
    assert render_panels.log_hands(json.loads(json.dumps(view)), EN, cache) == plain
    assert said == []  # (all of them from the cache: equal entries, read anew)
    last = dict(view["log"][-1], event={"key": "act.draw", "seat": 1})
    undone = dict(view, log=view["log"][:-1] + [last])
    hands = render_panels.log_hands(undone, EN, cache)
    assert said == [last["n"]]
    assert hands[-1][1][-1] == real(last, EN) != plain[-1][1][-1]
    render_panels.log_hands(dict(view, log=view["log"][:3]), EN, cache)
    assert sorted(cache) == sorted(e["n"] for e in view["log"][:3])
