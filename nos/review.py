"""Hand review: a finished hand replayed step by step with every tile open, and each of one
seat's decisions weighed by the expert's search (``nos.coach``) from what that seat saw then
(R71): the options, the one taken, the best by the expert's estimate and what the choice
cost against it. On set, the options are the doubles with the games the expert would weigh,
so the review says what other games would have yielded.

Each option is played in the same sampled deals (common random numbers) and every option
gets every deal (no pruning), so the costs compare like with like; the numbers are
estimates, with their 95 % half widths.
"""

from __future__ import annotations

import random
from typing import Any

from nos.actions import Announce, Set
from nos.bots.base import view_of
from nos.bots.expert import Candidate, Expert
from nos.coach import summary
from nos.events import action_event, hand_end_event, payment_event
from nos.hand import Hand
from nos.observation import Observation
from nos.table_view import option_record
from nos.view import diagram_view


def start_of(hand: Hand) -> Hand:
    """A fresh copy of ``hand`` as it was dealt, before its first action."""
    chips = list(hand.chips)
    for p in hand.ledger:
        chips[p.payee] -= p.amount
        chips[p.payer] += p.amount
    return Hand(hand.deal, None if hand.first_hand else hand.setter, hand.options, hand.number,
                chips)


def step_view(hand: Hand, names: list[str]) -> dict[str, Any]:
    """One step as the review draws it: the diagram view with every hand and the boneyard
    face up (web/draw/render_diagram.py)."""
    return {"view": diagram_view(hand, names, None),
            "hands": [[str(t) for t in sorted(h, reverse=True)] for h in hand.hands],
            "boneyard": [str(t) for t in reversed(hand.stack)]}


def taken_candidate(hand: Hand, k: int) -> Candidate:
    """The actions the seat took at step ``k``: on set, the double with its announcement."""
    seat, action = hand.history[k]
    if isinstance(action, Set) and k + 1 < len(hand.history):
        who, then = hand.history[k + 1]
        if who == seat and isinstance(then, Announce):
            return (action, then)
    return (action,)


def weigh(at: Hand, seat: int, taken: Candidate, expert: Expert, rng: random.Random,
          iterations: int) -> dict[str, Any] | None:
    """The decision at ``at`` (``seat`` to act): every option the expert weighs, and the
    one taken, over the same deals; None when there was nothing to weigh."""
    obs = Observation(at, seat)
    if len(obs.legal) < 2 or obs.phase == "declare":
        return None
    v = view_of(obs)
    cands = expert.candidates(v)
    if taken not in cands:
        cands = cands + [taken]
    if len(cands) < 2:
        return None
    values = expert.evaluate(obs, v, cands, rng, iterations)
    options = [option_record(at, o) for o in summary(cands, values)]
    chosen = cands.index(taken)
    best = max(range(len(options)), key=lambda i: options[i]["mean"])
    # The cost is paired: both options were played in the same deals, which takes most of
    # the deals' luck out of the difference.
    diffs = [b - c for b, c in zip(values[best], values[chosen], strict=True)]
    n = len(diffs)
    cost = sum(diffs) / n
    var = sum((d - cost) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return {"options": options, "chosen": chosen, "best": best, "cost": round(cost, 1),
            "cost_half": round(1.96 * (var / n) ** 0.5, 1), "deals": n}


def review(hand: Hand, seat: int, names: list[str], expert: Expert | None = None,
           iterations: int = 24, seed: object = 0) -> dict[str, Any]:
    """The review of the finished ``hand`` for ``seat``: {"steps": [{"view", "hands",
    "boneyard", "event", "payments", "decision"}], "cost": the chips the seat's choices cost
    in all, "clear" and "clear_cost": how many cost more than their 95 % half width, and
    what those cost (the others are within what the deals can tell), "moves": the hand's
    actions}. Step k is the position after k actions (move k, as a replay counts them); its
    "event" and "payments" are those of the action that led to it; "decision" weighs the
    seat's choice made at it. A last step past the moves pays the count (R21)."""
    expert = expert or Expert(prune=0)
    at = start_of(hand)
    steps = [dict(step_view(at, names), event=None, payments=[])]
    total = clear_cost = 0.0
    clear = 0
    with_set = False  # the announcement was weighed with the set before it
    for k, (who, action) in enumerate(hand.history):
        decision = None
        if who == seat and not (with_set and isinstance(action, Announce)):
            rng = random.Random(f"review-{seed}-{hand.number}-{k}")
            taken = taken_candidate(hand, k)
            decision = weigh(at, seat, taken, expert, rng, iterations)
            if decision:
                total += decision["cost"]
                if decision["cost"] > decision["cost_half"]:
                    clear += 1
                    clear_cost += decision["cost"]
            with_set = decision is not None and len(taken) == 2
        steps[-1]["decision"] = decision
        event = action_event(at, action)
        before = len(at.ledger)
        at.apply(action)
        steps.append(dict(step_view(at, names), event=event,
                          payments=[payment_event(p) for p in at.ledger[before:]]))
    steps[-1]["decision"] = None
    # The count is paid at the hand's end, after what made the counts (R21 after R18's
    # draw): a step of its own, as in the log, not with the last action's payments.
    last = steps[-1]
    counted = [p for p in last["payments"] if p["rule"] == "R21"]
    if counted:
        last["payments"] = [p for p in last["payments"] if p["rule"] != "R21"]
        steps.append(dict(last, event=hand_end_event(at), payments=counted, decision=None))
    return {"steps": steps, "moves": len(hand.history), "cost": round(total, 1),
            "clear": clear, "clear_cost": round(clear_cost, 1), "seat": seat}

