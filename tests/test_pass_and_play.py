"""Pass-and-play (nos/app.py Table(people=…)): people at seats 0 … k − 1 of one device, bots
at the rest. The view is always one person's (R71): the person to act, else the one who acted
last; it shows their tiles and nobody else's; a person's undo is not offered on the next
person's screen; a save keeps the people and whose screen it was."""

from __future__ import annotations

import json
import random

import pytest
import render_panels
import render_summary
import web_views
from web_views import chooser, scripted, to_hand_end

from nos.app import Table
from nos.observation import Observation


@pytest.mark.parametrize(("players", "people", "seats"), [
    (4, 2, None), (3, 3, None), (5, 2, None), (5, 2, [0, 2]), (4, 3, [0, 2, 3])])
def test_each_decision_is_shown_to_the_person_to_act_and_bots_take_the_other_seats(players,
                                                                                  people,
                                                                                  seats):
    table = Table(players, seed=21, level="beginner", people=people, seats=seats)
    humans = seats or list(range(people))
    view = table.start()
    assert view["names"][0] != "You"  # each person is named on the pass screen
    player = chooser("1", random.Random(0))
    viewers = set()
    while view["waiting_for"] in ("human", "bot"):
        assert view["people"] == humans
        current = table.hand.current
        if view["waiting_for"] == "human":
            assert view["viewer"] == current and current in humans and view["hand"]["legal"]
            viewers.add(current)
            view = table.act(str(player(Observation(table.hand, current))))
        else:  # a bot's seat (a person's step with nothing to decide is theirs: R71)
            assert current not in humans
            assert view["viewer"] in humans
            view = table.bot_act()
    assert viewers == set(humans), "every person had the device"
    again = Table.restore(json.loads(json.dumps(table.save())))  # (the save keeps the seats)
    assert again.humans == humans and again.kept is None


@pytest.mark.parametrize("seats", [[1, 2], [0, 0], [0, 4], [2, 0], "0,1", [0, True]])
def test_people_take_only_seats_of_the_table_seat_0_among_them(seats):
    with pytest.raises(ValueError, match="seats"):
        Table(4, seed=1, people=2, seats=seats)


def test_a_save_whose_seats_are_damaged_keeps_the_first_seats():
    table = Table(4, seed=2, level="beginner", people=2, seats=[0, 2])
    table.start()
    save = table.save()
    save["app"]["seats"] = [0, 9]
    again = Table.restore(save)
    assert again.humans == [0, 1] and again.people == 2


@pytest.mark.parametrize("seed", range(6))
def test_r71_the_device_goes_to_each_person_at_each_declaration_and_out_of_turn_step(seed):
    """A hand-over only to a person with a choice would tell the table who holds doubles
    (R8, R9): each person takes the device at each of these steps, a choice or none, and a
    person with nothing to decide is asked only to go on."""
    from nos.phase import Phase

    table = Table(4, seed=seed, level="beginner", people=2)
    view = table.start()
    player = chooser("1", random.Random(seed))
    steps = {Phase.DECLARE: set(), Phase.OUT_OF_TURN: set()}
    empty = 0
    while view["waiting_for"] in ("human", "bot"):
        hand = table.hand
        if hand.phase in steps and hand.current < 2:
            assert view["waiting_for"] == "human" and view["viewer"] == hand.current
            steps[hand.phase].add(hand.current)
            if hand.empty_step():
                empty += 1
                assert [r["send"] for r in view["hand"]["legal"]] == ["decline"]
                # The prompt says why the device came for nothing to decide.
                w = web_views.words("en", view)
                said = w.word("prompt.step_for_all")
                assert said in render_panels.controls_html(view, {}, w)
                alone = dict(view, people=[hand.current])  # (one person: never said)
                assert said not in render_panels.controls_html(alone, {}, w)
        if view["waiting_for"] == "human":
            view = table.act(str(player(Observation(hand, hand.current))))
        else:
            view = table.bot_act()
    setter = table.hand.setter  # (who sets plays nothing out of turn: R9)
    assert steps == {Phase.DECLARE: {0, 1}, Phase.OUT_OF_TURN: {0, 1} - {setter}}
    assert empty > 0  # (at least one step had nothing to decide)


def test_one_person_passes_a_step_with_nothing_to_decide_at_the_bots_pace():
    """With one person the step with nothing to decide is passed for them, as a computer
    player passes it (R71: the others learn nothing from a pause)."""
    for seed in range(40):
        table = Table(4, seed=seed, level="beginner")
        view = table.start()
        while view["waiting_for"] == "bot" and not table.passes_for_person():
            view = table.bot_act()
        if table.passes_for_person():
            assert view["waiting_for"] == "bot"
            assert table.bot_act()["log"] == view["log"]  # (a decline is not logged)
            return
    pytest.fail("no seed gave the person an empty step")


def test_the_view_holds_the_viewers_own_hand():
    table = Table(4, seed=3, level="beginner", people=2)

    def mine(view: dict) -> None:
        if view["waiting_for"] in ("human", "bot"):
            tiles = sorted(str(t) for t in table.hand.hands[view["viewer"]])
            assert sorted(view["hand"]["tiles"]) == tiles

    assert to_hand_end(table, table.start(), step=mine)["waiting_for"] == "next_hand"


def test_a_persons_undo_is_not_offered_on_the_next_persons_screen():
    for seed in range(200):
        table = Table(3, seed=seed, level="beginner", people=3)
        view = table.start()
        for _ in range(120):
            if view["waiting_for"] == "bot":  # a step with nothing to decide (R71)
                view = table.bot_act()
                continue
            if view["waiting_for"] != "human":
                break
            legal = view["hand"]["legal"]
            plays = [r for r in legal if r["kind"] == "play" and not r.get("close")]
            if view["hand"]["phase"] == "play" and plays:
                before = view["viewer"]
                after = table.act(plays[0]["send"])
                if after["waiting_for"] == "human" and after["viewer"] != before:
                    assert after["undo"] is None
                    assert table.act("undo")["error"] == {"key": "refuse.undo"}
                    return
                view = after
            else:
                view = table.act(legal[0]["send"])
    pytest.fail("no play passed the device straight to another person")


def test_a_save_keeps_the_people_and_whose_screen_it_was():
    table = Table(4, seed=9, level="beginner", people=2)
    last = to_hand_end(table, table.start(), scripted(table, 1))
    saved = json.loads(json.dumps(table.save()))
    again = Table.restore(saved)
    assert again.people == 2 and again.human == table.human
    assert again.view() == json.loads(json.dumps(last)) == json.loads(json.dumps(table.view()))
    for bad in (0, 5, "2", True):  # the game kept, with one person at the device, said so
        broken = json.loads(json.dumps(saved))
        broken["app"]["people"] = bad
        kept = Table.restore(broken)
        assert kept.people == 1 and kept.human == 0 and len(kept.session.hands) == 1
        assert kept.kept == {"key": "notice.save_defaults"}
    with pytest.raises(ValueError, match="people"):
        Table(3, people=4)


def test_the_summary_is_everyones_each_person_reviews_their_own_and_coached_counts_per_seat():
    """At a hand's end the device is everyone's: "you" is no one, the coach's use is told
    per person by name, and each person can review their own decisions (never a bot's)."""
    from web_views import words

    table = Table(4, seed=3, level="beginner", people=2)
    table.start()
    asked = []

    def coach_each_person(view: dict) -> None:
        if view["waiting_for"] == "human" and view["viewer"] not in asked and \
                table.coach()["coach"]["weighed"]:
            asked.append(view["viewer"])

    view = to_hand_end(table, table.view(), scripted(table, 2), coach_each_person)
    assert sorted(asked) == [0, 1], asked
    assert view["you"] is None and view["coached"][2:] == [0, 0]
    html = render_summary.summary_html(view, words("en", view))
    names = view["names"]
    for seat in (0, 1):
        assert f"{names[seat]}: the coach was asked about {view['coached'][seat]} decision" \
            in html
        assert f'data-seat="{seat}"' in html and f"Review this hand for {names[seat]}" in html
    assert "You" not in html and "your" not in html
    import render_review

    reviewed = table.review(seat=1)
    assert reviewed["seat"] == 1 and reviewed["named"] and table.review()["seat"] == table.human
    # Its title names whose decisions they are; inside it, "you" is that person.
    w = words("en", view)
    w.viewer = 1
    assert f"<h2 id=\"review-title\">Review of hand 1 for {names[1]}</h2>" in \
        render_review.review_html(reviewed, 0, w)
    with pytest.raises(ValueError, match="person"):
        table.review(seat=2)
