"""The coach (nos/coach.py, Table.coach): the expert's own search, shown. Its first numbers
and the expert's choice come from one search (seeded); more deals refine every option shown; it
sees only the person's observation (R71: hidden tiles dealt again change nothing); the table
offers it only for the person's own decision and counts its use per hand in the save."""

from __future__ import annotations

import json
import random

from test_bots import _announce_point, _decision_points, _hands_at_decisions, _permuted
from web_views import HAND_W, to_hand_end

from nos.app import Table
from nos.bots import get_bot
from nos.coach import SHOWN, Coach
from nos.observation import Observation

WIDE_HAND, NARROW_HAND = HAND_W["wide"], HAND_W["narrow"]


def test_the_coachs_numbers_and_the_experts_choice_come_from_one_search():
    expert = get_bot("expert", iterations=6)
    weighed = 0
    for k, obs in enumerate(_decision_points(17, 4, 16)):
        coach = Coach(obs, random.Random(k), expert)
        assert coach.cands[coach.best()][0] == expert(obs, random.Random(k))
        cands, values = expert.search(obs, random.Random(k))
        assert coach.cands == cands and coach.values == values
        if coach.weighed:
            weighed += 1
            options = coach.options()
            assert [o["deals"] for o in options] == [len(values[i]) for i in coach.shown()]
            assert coach.shown()[coach.best_shown()] == coach.best()
            assert all(o["half"] >= 0 for o in options)
    assert weighed >= 8


def test_r7_of_every_game_weighed_the_coach_shows_the_longest_weighed_and_the_choice():
    expert = get_bot("expert", set_top_k=80, set_halving=2, set_iterations=20)
    obs = _announce_point(3, 4)
    coach = Coach(obs, random.Random(7), expert)
    assert len(coach.cands) == len(obs.legal) == 80
    shown = coach.shown()
    assert len(shown) == SHOWN and coach.best() in shown
    weighed = sorted((len(v) for v in coach.values), reverse=True)
    assert sorted((len(coach.values[i]) for i in shown), reverse=True) == weighed[:SHOWN]
    before = [len(v) for v in coach.values]
    top = max(before)
    best, base = coach.best(), coach.base()
    coach.refine(seconds=5, most=3)  # more deals for the shown options set aside early only,
    # and for the base, which each of them is compared with over the same deals
    assert [len(v) - n for v, n in zip(coach.values, before, strict=True)] == [
        3 if i == base or (i in shown and before[i] <= top - 3) else 0 for i in range(80)]
    assert coach.shown() == shown and coach.best() == best and coach.base() == base
    assert coach.options()[shown.index(base)]["deals"] == top + 3 and coach.deals() == top


def test_more_deals_weigh_the_options_set_aside_as_long_as_the_rest_then_every_one():
    expert = get_bot("expert", iterations=12)
    caught_up = 0
    for k, obs in enumerate(_decision_points(23, 3, 8)):
        coach = Coach(obs, random.Random(k), expert)
        if not coach.weighed:
            continue
        shown = coach.shown()
        before = [len(v) for v in coach.values]
        top, low = max(before[i] for i in shown), min(before[i] for i in shown)
        caught_up += low < top
        base = coach.base()
        if low < top:  # as many deals as the one set aside first lacks
            assert coach.refine(seconds=60, most=top - low) == top - low
        # The kept ones waited (but the base, which played every catch-up deal); every
        # shown one is now weighed as long as they were.
        assert [len(coach.values[i]) for i in shown] == [
            top + (top - low if i == base else 0) for i in shown]
        assert coach.shown() == shown and coach.deals() == top
        coach.refine(seconds=5, most=10)
        assert [len(v) for v in coach.values] == [
            top + 10 + (top - low if i == base else 0) if i in shown else n
            for i, n in enumerate(before)]
        assert coach.deals() == top + 10
        # Now all of them compete: the choice is the best by the same rule as the
        # expert's, each pair compared over the deals both were played in.
        assert coach.best() == coach.expert.pick(
            coach.values, coach.expert.caution_for(obs.phase), coach.ids, shown)
    assert caught_up >= 1


def test_r71_the_advice_does_not_depend_on_hidden_tiles():
    rng = random.Random(5)
    expert = get_bot("expert", iterations=3)
    for hand, seat in _hands_at_decisions(rng, 8):
        other = _permuted(hand, seat, rng)
        a = Coach(Observation(hand, seat), random.Random(2), expert).options()
        b = Coach(Observation(other, seat), random.Random(2), expert).options()
        assert a == b


def test_the_table_coaches_only_the_persons_decision_and_counts_those_it_weighed():
    table = Table(3, seed=12, level="beginner")
    view = table.start()
    while view["waiting_for"] == "bot":
        refused = table.coach()
        assert refused["error"] == {"key": "error.coach_not_now"} and refused["coach"] is None
        view = table.bot_act()
    asked, weighed = [], []

    def turn(view: dict) -> str:
        advice = table.coach()["coach"]
        asked.append(view)
        weighed.append(advice["weighed"])  # (a forced move is not counted: nothing to weigh)
        sends = {r["send"] for r in view["hand"]["legal"]}
        assert all(o["do"][0]["send"] in sends for o in advice["options"])
        if advice["weighed"]:
            again = table.coach()["coach"]
            assert sum(o["deals"] for o in again["options"]) > \
                sum(o["deals"] for o in advice["options"])
            assert again["options"][0]["do"] == advice["options"][0]["do"]
        return advice["options"][advice["best"]]["do"][0]["send"]

    def past(view: dict) -> None:  # an advice is about the decision now, never a past one
        assert view["coach"] is None

    view = to_hand_end(table, view, turn, past)
    n = sum(weighed)
    assert view["waiting_for"] == "next_hand" and n >= 2 and len(asked) > n
    assert view["coached"] == [n, 0, 0] == table.coached[0]
    again = Table.restore(json.loads(json.dumps(table.save())))
    assert again.coached == [[n, 0, 0]] and again.view()["coached"] == [n, 0, 0]
    older = table.save()
    older["app"]["coached"] = [n]  # a save from before the counts per seat
    assert Table.restore(json.loads(json.dumps(older))).coached == [[n, 0, 0]]


def test_r7_the_panel_lists_the_longest_weighed_first_and_the_others_with_their_deals():
    import re

    import render_coach
    from web_views import coached_announce_view, words

    from nos.table_view import coach_order

    view = coached_announce_view()
    advice = view["coach"]
    options = advice["options"]
    deals = [o["deals"] for o in options]
    assert advice["deals"] == max(deals) > min(deals)  # the halving weighed them unequally
    assert deals[advice["best"]] == advice["deals"]  # the choice is among the longest weighed
    html = render_coach.coach_html(advice, words("en", view))
    items = re.findall(r"<li>(.*?)</li>", html)
    order = advice["order"]
    assert len(items) == len(options) and sorted(order) == list(range(len(options)))
    full = [i for i in order if deals[i] == advice["deals"]]
    assert order[: len(full)] == sorted(full, key=lambda i: -options[i]["mean"])
    assert [deals[i] for i in order] == sorted(deals, reverse=True)
    for i, item in zip(order, items, strict=True):
        fewer = re.search(r'coach-fewer">over (\d+) deals<', item)
        assert (int(fewer.group(1)) if fewer else advice["deals"]) == deals[i]
    assert f"averaged over {advice['deals']} deals" in html
    # The options set aside early come after a heading of their own, numbered on.
    lists = re.findall(r'<ol class="coach-list"(?: start="(\d+)")?>(.*?)</ol>', html)
    assert [(start, body.count("<li>")) for start, body in lists] == [
        ("", len(full)), (str(len(full) + 1), len(options) - len(full))]
    assert "coach-fewer" not in lists[0][1] and lists[1][1].count("coach-fewer") == len(
        options) - len(full)
    assert re.search(r'</ol><h4 class="coach-aside">Set aside early, after fewer deals'
                     r' \(less sure\)</h4><ol', html)
    assert '<h3 class="coach-aside">' in render_coach.coach_html(advice, words("en", view),
                                                                 heading="h2")
    # R7: in the announcement dialog it says why its numbers and choice may differ from
    # those it gave for the set, where it weighed a few games a double.
    import render_announce

    said = "now it weighs every game, over new deals"
    after = {**view, "coach": {**advice, "after_set": True}}
    inside = render_announce.coach_section(after, True, words("en", view))
    assert inside.startswith(html[:40]) and said in inside
    assert said not in render_announce.coach_section(view, True, words("en", view))
    # Is the choice not the highest average of those weighed longest? The panel says why.
    best = advice["best"]

    def ordered(coach):  # (the view's order of options made up here)
        return {**coach, "order": coach_order(coach["options"], coach["deals"])}

    ahead = ordered({**advice, "options": [{**o, "mean": options[best]["mean"] + 1}
                                           if i != best and deals[i] == advice["deals"] else o
                                           for i, o in enumerate(options)]})
    first = ordered({**advice, "options": [{**o, "mean": options[best]["mean"] - 1}
                                           if i != best else o for i, o in enumerate(options)]})
    note = "but not by enough to be sure over this many deals"
    assert note in render_coach.coach_html(ahead, words("en", view))
    assert note not in render_coach.coach_html(first, words("en", view))
    one = ordered({**advice, "options": [{**options[0], "deals": 1}, options[advice["best"]]]})
    assert "over 1 deal<" in render_coach.coach_html(one, words("en", view))
    assert "z 1 rozkładu<" in render_coach.coach_html(one, words("pl", view))
    assert "op basis van 1 verdeling<" in render_coach.coach_html(one, words("nl", view))


def test_r7_the_announcement_dialog_shows_the_coach_and_a_click_picks_its_option():
    import re

    import render_announce
    from web_views import coached_announce_view, words

    view = coached_announce_view()
    w = words("en", view)
    state = render_announce.default_state(view)
    assert 'id="announce-coach"></div>' in render_announce.dialog_html(view, state, w)  # off
    html = render_announce.dialog_html(view, state, w, coach_on=True)
    assert html.count('id="announce-coach-title"') == 1 and 'id="coach-title"' not in html
    assert html.index('id="announce-coach"') < html.index('id="announce-ok"')
    picks = re.findall(r'data-coach="([^"]+)"', html)
    sends = [o["do"][0]["send"] for o in view["coach"]["options"]]
    assert sorted(picks) == sorted(sends) and len(picks) == len(view["coach"]["options"])
    for send in picks:  # each option, picked, is the one the dialog announces
        picked = render_announce.state_for(view, send)
        state, option, _ = render_announce.resolve(view, picked)
        assert state == picked and option["send"] == send
        assert f'id="announce-ok" data-cmd="announce-ok" data-action="{send}"' in \
            render_announce.dialog_html(view, state, w, True)
    assert render_announce.state_for(view, "announce 99") is None


def test_r7_each_game_button_shows_the_chips_the_coach_expects_of_that_game():
    import re

    import render_announce
    from web_views import coached_announce_view, words

    view = coached_announce_view()
    w = words("en", view)
    advice = view["coach"]
    options = advice["options"]
    state = render_announce.default_state(view)
    assert "data-coach-game" not in render_announce.dialog_html(view, state, w)  # coach off
    html = render_announce.dialog_html(view, state, w, coach_on=True)
    shown = dict(re.findall(r'data-coach-game="(\d+)">((?:<span class="coach-game-chips[^"]*">'
                            r'<span class="visually-hidden">[^<]*</span>[^<]*</span>)?)</span>',
                            html))
    # The expert's choice on its game's button; per other game, the first of its options
    # in the panel's order.
    expected = {}
    best = advice["best"]
    for i in [best] + [i for i in advice["order"] if i != best]:
        game = render_announce.state_for(view, options[i]["do"][0]["send"])["game"]
        expected.setdefault(game, i)
    assert len(expected) >= 2  # the advice spans several games
    for game, i in expected.items():
        chips = shown[str(game)]
        mean = options[i]["mean"]
        assert chips.endswith(("+" if mean >= 0.05 else "") + w.decimal(mean) + "</span>")
        assert '<span class="visually-hidden">Coach: </span>' in chips
        assert (" best" in chips) == (i == advice["best"])
        assert (" fewer" in chips) == (i != advice["best"] and
                                       options[i]["deals"] < advice["deals"])
    assert sorted(int(g) for g in shown if not shown[g]) == sorted(
        e["game"] for e in view["hand"]["announce"]["games"] if e["game"] not in expected)
    # Another option of the choice's game weighed longer (the base, which plays every
    # catch-up deal) does not take the choice's place on that game's button.
    game = render_announce.state_for(view, options[best]["do"][0]["send"])["game"]
    rival = {**options[best], "deals": options[best]["deals"] + 9, "mean": -99.0}
    more = {**view, "coach": {**advice, "options": [*options, rival]}}
    chips = dict(render_announce.game_chips(more, True, w))[game]
    assert " best" in chips and "99" not in chips
    # While the coach thinks, the buttons carry no chips yet (the refinement fills them).
    thinking = {**view, "coach": None}
    assert all(chips == "" for _, chips in render_announce.game_chips(thinking, True, w))
    assert render_announce.game_chips(view, False, w) == [
        (e["game"], "") for e in view["hand"]["announce"]["games"]]


def _coached(players: int, act: int, params: dict) -> tuple[Table, dict]:
    """The table and the person's view on set with a choice of doubles, after `act` of their
    actions (the first legal one each time), with the coach's advice (fixed deals)."""
    from unittest import mock

    from web_views import choice_of_doubles

    import nos.app

    table = choice_of_doubles(players)
    view = table.view()
    for _ in range(act):
        view = table.act(view["hand"]["legal"][0]["send"])
    with mock.patch.dict(nos.app.BROWSER_BOT_PARAMS, {"expert": params}):
        return table, json.loads(json.dumps(table.coach()))


def test_r7_the_coachs_options_in_its_panel_take_their_action():
    import re
    from html import unescape

    import render_announce
    import render_panels
    from web_views import words

    ui = {"coach": True}
    # On set: a set option is the set (data-action) and the game it announces (data-then),
    # which the announcement dialog then opens with (show.maybe_open_announce).
    table, view = _coached(3, 0, {"iterations": 8, "set_iterations": 8})
    assert view["hand"]["phase"] == "set" and view["coach"]["weighed"]
    html = render_panels.coach_panel_html(view, ui, words("en", view))
    buttons = [(unescape(a), unescape(b)) for a, b in re.findall(
        r'<button type="button" class="coach-pick" data-action="([^"]+)" data-then="([^"]+)">',
        html)]
    options = view["coach"]["options"]
    assert sorted(buttons) == sorted((o["do"][0]["send"], o["do"][1]["send"]) for o in options)
    legal = {r["send"] for r in view["hand"]["legal"]}
    assert all(send in legal for send, _ in buttons)
    send, then = buttons[0]
    after = table.act(send)
    assert after["hand"]["phase"] == "announce"
    picked = render_announce.state_for(after, then)
    assert render_announce.resolve(after, picked)[1]["send"] == then
    # Announcing (the dialog closed): an option opens the dialog with it picked.
    _, view = _coached(4, 1, {"set_iterations": 8})
    html = render_panels.coach_panel_html(view, ui, words("en", view))
    opens = [unescape(a) for a in re.findall(
        r'class="coach-pick" data-cmd="announce-open" data-coach="([^"]+)"', html)]
    assert sorted(opens) == sorted(o["do"][0]["send"] for o in view["coach"]["options"])
    # In play: each option is its play (with its close), or the draw, wait or pass.
    view, _ = __import__("web_views").coached_view_and_review()
    html = render_panels.coach_panel_html(view, ui, words("en", view))
    acts = [unescape(a) for a in re.findall(r'class="coach-pick" data-action="([^"]+)">',
                                            html)]
    assert sorted(acts) == sorted(o["do"][0]["send"] for o in view["coach"]["options"])
    assert set(acts) <= {r["send"] for r in view["hand"]["legal"]}
    w = words("en", view)
    assert render_panels.coach_panel_html(view, {"coach": False}, w) == ""
    assert "coach" not in render_panels.controls_html(view, {}, w).replace("toggle-coach", "")
    assert render_panels.coach_panel_html({**view, "waiting_for": "bot"}, ui, w) == ""



def test_the_coachs_chips_show_under_the_hands_tiles_and_on_the_buttons():
    """Beside its panel (below the table on a phone), the coach's chips show where the
    person decides: under each tile the option the view names for it (of that tile's
    options the one weighed longest, then the best), the expert's choice in gold and said to
    a screen reader; on a button the chips of its action (the free draw, R11)."""
    import re
    import xml.etree.ElementTree as ET
    from html import unescape

    import render_hand
    import render_panels
    import render_svg
    from web_views import coached_view_and_review, words

    view, _ = coached_view_and_review()
    coach = view["coach"]
    options = coach["options"]
    tiles = {o["do"][0]["tile"] for o in options if o["do"][0].get("tile")}
    assert set(coach["tiles"]) == tiles and len(tiles) >= 2
    for tile, i in coach["tiles"].items():
        own = [o for o in options if o["do"][0].get("tile") == tile]
        assert (options[i]["deals"], options[i]["mean"]) == max(
            (o["deals"], o["mean"]) for o in own)
    best_tile = options[coach["best"]]["do"][0]["tile"]
    draw = next(o for o in options if o["do"][0]["kind"] == "draw")
    SVG = "{http://www.w3.org/2000/svg}"
    ui = {"playable": [], "active": True}
    for lang in ("en", "nl", "pl"):
        w = words(lang, view)

        def signed(mean, w=w):
            return ("+" if mean >= 0.05 else "") + w.decimal(mean)

        plain = render_hand.hand_svg(view, ui, NARROW_HAND, w)
        svg = render_hand.hand_svg(view, {**ui, "coach": True}, NARROW_HAND, w)
        assert "coach-mark" not in plain
        height = [float(re.search(r'viewBox="0 0 \S+ (\S+)"', s).group(1)) for s in (plain, svg)]
        assert height[1] == height[0] + 16 + 15  # a row for the chips, a line for why
        marks = {g.get("data-tile"): "".join(t.itertext())
                 for g in ET.fromstring(svg).iter(SVG + "g") if g.get("data-tile")
                 for t in g.iter(SVG + "text") if "coach-mark" in t.get("class", "")}
        for tile in view["hand"]["tiles"]:
            i = coach["tiles"].get(tile)
            assert marks[tile] == ("" if i is None else signed(options[i]["mean"]))
        assert re.search(r'class="coach-mark best">' + re.escape(marks[best_tile]), svg)
        label = unescape(re.search(r'data-tile="' + best_tile + r'"[^>]*aria-label="([^"]+)"',
                                   svg).group(1))
        assert marks[best_tile] in label and w.word("coach.on_tile_best") in label
        html = render_panels.controls_html(view, {"coach": True}, w)
        assert re.search(r'data-action="draw">[^<]+<span class="coach-mark[^"]*" '
                         r'data-coach-send="draw">' + re.escape(signed(draw["mean"])),
                         html)
        assert "data-coach-send" not in render_panels.controls_html(view, {}, w)
    # Where the gold is not the highest number, the hand says why (the panel may be below
    # the table, off the screen); where it is, it says nothing, in a line kept for it.
    top = max(range(len(options)), key=lambda i: (options[i]["deals"], options[i]["mean"]))
    low = min(range(len(options)), key=lambda i: (-options[i]["deals"], options[i]["mean"]))
    for lang in ("en", "nl", "pl"):
        w = words(lang, view)
        shown, sizes = [], []
        for best in (top, low):
            svg = render_hand.hand_svg(dict(view, coach=dict(coach, best=best)),
                                       {**ui, "coach": True}, NARROW_HAND, w)
            why = [t for t in ET.fromstring(svg).iter(SVG + "text")
                   if t.get("class") == "coach-why"]
            shown.append(why[0].text if why else None)
            assert not why or render_svg.text_width(why[0].text, float(
                why[0].get("font-size"))) <= NARROW_HAND - 16
            sizes.append(re.search(r'viewBox="0 0 \S+ (\S+)"', svg).group(1))
        assert shown == [None, w.word("coach.why_gold")] and sizes[0] == sizes[1]
    # Chips of three digits beside each other stay apart (a smaller size where needed).
    tiles = ["6-6", "6-5", "6-4", "5-5", "5-4", "4-4", "6-3", "5-3", "4-3", "3-3"]
    big = dict(coach, options=[dict(o, mean=-118.7 - i) for i, o in enumerate(options)],
               tiles={t: i % len(options) for i, t in enumerate(tiles)})
    many = dict(view, coach=big, hand=dict(view["hand"], tiles=tiles))
    svg = render_hand.hand_svg(many, {**ui, "coach": True}, NARROW_HAND, words("en", view))
    spans = sorted((float(t.get("y")), float(t.get("x")), render_svg.text_width(
        "".join(t.itertext()), float(t.get("font-size")), True))
        for t in ET.fromstring(svg).iter(SVG + "text") if "coach-mark" in t.get("class", "")
        and "".join(t.itertext()))
    assert len(spans) == len(tiles)
    for (y0, x0, w0), (y1, x1, w1) in zip(spans, spans[1:], strict=False):
        assert y0 != y1 or x0 + w0 / 2 + 2 <= x1 - w1 / 2, (x0, w0, x1, w1)
    # R5: on set, each double it may set shows the best of its games' chips.
    _, view = _coached(3, 0, {"iterations": 8, "set_iterations": 8})
    coach = view["coach"]
    sets = {o["do"][0]["tile"] for o in coach["options"]}
    assert set(coach["tiles"]) == sets and len(sets) >= 2
    svg = render_hand.hand_svg(view, {"coach": True}, WIDE_HAND, words("en", view))
    assert svg.count('class="coach-mark best"') == 1


def test_r7_the_announcement_advice_says_when_it_follows_a_set_it_weighed():
    """Announcing, the coach weighs every game over new deals; only after a set it weighed
    (a few games a double) does the view say so (its numbers may differ from those)."""
    from unittest import mock

    from web_views import choice_of_doubles, coached_announce_view

    import nos.app

    assert coached_announce_view()["coach"]["after_set"] is False  # a set with no choice
    table = choice_of_doubles(3)
    with mock.patch.dict(nos.app.BROWSER_BOT_PARAMS, {"expert": {"set_iterations": 8}}):
        advice = table.coach()["coach"]
        assert advice["weighed"] and advice["after_set"] is False
        table.act(advice["options"][advice["best"]]["do"][0]["send"])  # the set
        assert table.coach()["coach"]["after_set"] is True


def test_r12_a_forced_draw_is_advised_as_the_page_offers_it_draw_until_a_tile_fits():
    """With no tile that fits, the page offers "Draw until a tile fits"; the coach's one
    option says the same, not "Draw a tile"."""
    from web_views import find_decision

    from nos.settings import DRAW_UNTIL

    table = find_decision("must draw")["table"]
    view = table.coach()
    assert not view["coach"]["weighed"]
    assert [o["do"][0] for o in view["coach"]["options"]] == [
        {"kind": "draw_until", "send": DRAW_UNTIL}]
