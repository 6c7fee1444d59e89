"""The hand review (nos/review.py, Table.review): a finished hand replayed exactly, step by
step with every tile open; each of the person's weighed decisions names the option taken,
the best by the expert's estimate and the cost between them; a set is weighed with its
announcement; a hand in progress is not reviewed."""

from __future__ import annotations

import json

import pytest
from web_views import to_hand_end

from nos.app import Table
from nos.record import replay_to, session_record
from nos.review import review
from nos.view import diagram_view


def finished(seed: int, players: int = 4, level: str = "club") -> Table:
    table = Table(players, seed=seed, level=level)
    to_hand_end(table, table.start())
    return table


@pytest.mark.parametrize("seed", [3, 8])
def test_the_review_replays_the_finished_hand_exactly(seed):
    table = finished(seed)
    hand = table.hand
    got = table.review()
    steps = got["steps"]
    counted = [p for p in hand.ledger if p.rule == "R21"]
    assert got["hand"] == 0 and len(steps) == len(hand.history) + 1 + bool(counted)
    assert got["seat"] == 0 and got["named"] is False  # (one person: "you" needs no name)
    if counted:  # R21: the count, paid at the hand's end, is a last step of its own
        assert steps[-1]["event"]["key"] == "log.hand_end"
        assert steps[-1]["view"] == steps[-2]["view"]
        assert [p["rule"] for s in steps for p in s["payments"]].count("R21") == len(counted)
        assert {p["rule"] for p in steps[-1]["payments"]} == {"R21"}
    record = session_record(table.session)
    n = len(hand.history)
    assert got["moves"] == n == len(record["hands"][0]["actions"])  # (as a replay counts)
    for k in (0, 1, n // 2, n):
        at = replay_to(record, 0, k).hand
        want = json.loads(json.dumps(diagram_view(at, list(table.session.names), None)))
        assert json.loads(json.dumps(steps[k]["view"])) == want, k
        assert steps[k]["hands"] == [[str(t) for t in sorted(h, reverse=True)]
                                     for h in at.hands]
        assert steps[k]["boneyard"] == [str(t) for t in reversed(at.stack)]
    last = steps[-1]["view"]["hand"]
    assert last["counts"] == list(hand.counts) and last["chips"] == list(hand.chips)
    assert [s["event"] is None for s in steps].count(True) == 1
    assert sum(len(s["payments"]) for s in steps) == len(hand.ledger)


def test_each_weighed_decision_is_the_persons_with_its_choice_best_and_cost():
    table = finished(5, 3)
    got = table.review()
    hand = table.hand
    weighed = 0
    total = 0.0
    clear = []
    for k, step in enumerate(got["steps"][:len(hand.history)]):
        decision = step["decision"]
        seat, action = hand.history[k]
        if decision is None:
            continue
        weighed += 1
        assert seat == table.human
        options = decision["options"]
        taken = options[decision["chosen"]]["do"]
        assert taken[0]["send"] == str(action)
        if action.__class__.__name__ == "Set" and len(taken) == 2:  # weighed with its game
            assert taken[1]["send"] == str(hand.history[k + 1][1])
            assert got["steps"][k + 1]["decision"] is None
        best = max(o["mean"] for o in options)
        assert options[decision["best"]]["mean"] == best
        assert decision["cost"] == pytest.approx(max(0.0, best - options[decision["chosen"]][
            "mean"]), abs=0.11)
        assert all(o["deals"] == options[0]["deals"] for o in options)  # the same deals
        total += decision["cost"]
        if decision["cost"] > decision["cost_half"]:
            clear.append(decision["cost"])
    assert weighed >= 1 and got["cost"] == pytest.approx(total, abs=0.5)
    # A close call (a cost within its 95 % half width) is not counted as a cost.
    assert got["clear"] == len(clear) and got["clear_cost"] == pytest.approx(sum(clear),
                                                                               abs=0.5)


def test_the_same_hand_reviewed_twice_gives_the_same_numbers_and_a_hand_in_play_none():
    table = finished(11)
    assert table.review() == Table.restore(table.save()).review()  # (weighed anew)
    table.next_hand()
    with pytest.raises(ValueError):
        table.review(1)
    assert table.review(0)["hand"] == 0
    again = review(table.session.hands[0], 0, ["a", "b", "c", "d"], iterations=4)
    assert len(again["steps"]) == len(table.review(0)["steps"])


def test_the_dialog_names_the_decision_it_judges_and_counts_only_clear_costs():
    """A step's caption says the action that led to it; its verdict is about the person's
    decision there, which the dialog names. The total counts only the decisions that cost
    more than the deals can tell apart from nothing, in words each language declines."""
    import render_review
    from web_views import words

    got = finished(5, 3).review()
    k = next(i for i, s in enumerate(got["steps"]) if s["decision"])
    decision = got["steps"][k]["decision"]
    for lang, said in (("en", "Your decision here: "), ("nl", "Jouw beslissing hier: "),
                       ("pl", "Twoja decyzja tutaj: ")):
        w = words(lang, got["steps"][k]["view"])
        taken = render_review.option_words(decision["options"][decision["chosen"]], w)
        assert said + taken in render_review.review_html(got, k, w)
    w = words("en", got["steps"][0]["view"])
    n = len(render_review.decision_steps(got))
    none = dict(got, clear=0, clear_cost=0.0)
    assert render_review.total_words(none, w).endswith(
        "None cost chips beyond what its deals can tell apart.")
    one = dict(got, clear=1, clear_cost=5.9)
    assert render_review.total_words(one, w) == (
        f"Every tile is open. The expert weighed {n} decision{'s' if n != 1 else ''} of yours."
        " 1 of them clearly cost chips: about 5.9 in all, against its best estimates.")
    pl = words("pl", got["steps"][0]["view"])
    assert "(3 decyzje)" in render_review.total_words(
        dict(got, steps=[{"decision": {"chosen": 0}}] * 3 + [{}]), pl)
    assert "(5 decyzji)" in render_review.total_words(
        dict(got, steps=[{"decision": {"chosen": 0}}] * 5 + [{}]), pl)
    assert "5,9 żetonu" in render_review.total_words(one, pl)


def test_the_dialog_says_every_open_hand_and_the_decision_in_words():
    """The step's image names each seat's count alone; a screen reader gets the open hands
    in words, and the step's status says the person's decision where there is one."""
    import render_review
    from web_views import words

    got = finished(5, 3).review()
    k = next(i for i, s in enumerate(got["steps"]) if s["decision"])
    w = words("en", got["steps"][k]["view"])
    html = render_review.review_html(got, k, w)
    for seat, tiles in enumerate(got["steps"][k]["hands"]):
        said = w.word("review.seat_tiles", {"seat": seat, "tiles": tiles}) if tiles else \
            w.word("review.seat_none", {"seat": seat})
        assert render_review.esc(said) in html
    status = html.split('<p class="review-step" role="status">')[1].split("</p>")[0]
    assert "Your decision here: " in status


def test_a_review_is_kept_for_its_hand_and_seat(monkeypatch):
    """A second opening of a hand's review weighs nothing again; another hand is weighed;
    the last 4 made are kept (the oldest goes); a review belongs to the hand it weighed."""
    import nos.review

    made = []

    def counted(hand, seat, *args, **kwargs):  # (weighing nothing: the keeping is tested)
        made.append(hand.number)
        return {"steps": [], "moves": len(hand.history)}

    monkeypatch.setattr(nos.review, "review", counted)
    table = finished(11, 3, "beginner")
    first = table.review()
    assert table.review() is first and table.review(0, 0) is first and made == [0]
    for _ in range(4):
        to_hand_end(table, table.next_hand())
        table.review()
    assert made == [0, 1, 2, 3, 4]
    for k in (4, 3, 2, 1):
        table.review(k)
    assert made == [0, 1, 2, 3, 4]
    assert table.review(0) is not first and made == [0, 1, 2, 3, 4, 0]  # (the oldest went)
    table.session = Table.restore(table.save()).session  # the same game, other hands
    table.review(0)
    assert made[-1] == 0 and len(made) == 7
