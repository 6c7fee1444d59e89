"""The coach: the expert's own search, shown. For one decision of one seat it weighs the
same candidates the expert weighs (``Expert.search``: the club's best plays and their close,
a double out of turn or not, on set the doubles with their best games, every game to
announce) from that seat's observation only (R71), and says for each the expected chips from
now to the end of the hand with a 95 % interval, and which the expert would choose. Of many
candidates (the opening's successive halving) it shows the ``SHOWN`` weighed longest.

The first estimate is exactly the expert's search (the same candidates, deals and choice for
the same seeded generator); ``refine`` adds deals to the candidates shown, a few at a time
(first to those set aside early, until they are weighed as long as the rest), so the page
can ask for more while the person thinks and stop whenever they act.
"""

from __future__ import annotations

import random
import time

from nos.bots.base import view_of
from nos.bots.expert import Candidate, Expert
from nos.observation import Observation

# The most options the panel shows: on set and announcing the search may weigh every legal
# game (successive halving, ``Expert.halve``); the person sees those it weighed longest.
SHOWN = 12


class Coach:
    """The advice for one decision (``obs``), built up by ``refine``."""

    def __init__(self, obs: Observation, rng: random.Random, expert: Expert | None = None,
                 iterations: int | None = None) -> None:
        self.obs = obs
        self.rng = rng
        self.expert = expert or Expert()
        self.cands: list[Candidate]
        self.cands, self.values = self.expert.search(obs, rng, iterations)
        self.hints = view_of(obs).hinted_lacks if self.expert.hints else None

    @property
    def weighed(self) -> bool:
        """Whether there is anything to weigh (several candidates)."""
        return bool(self.values)

    def shown(self) -> list[int]:
        """The candidates shown, in the expert's order: all, or when there are more than
        ``SHOWN``, those weighed in the most deals (the expert's choice is among them)."""
        every = list(range(len(self.cands)))
        if len(every) <= SHOWN or not self.values:
            return every
        values = self.values
        most = sorted(every, key=lambda i: (-len(values[i]), -sum(values[i]), i))[:SHOWN]
        best = self.best()
        if best not in most:
            most[-1] = best
        return sorted(most)

    def refine(self, seconds: float = 0.25, most: int = 64) -> int:
        """Add deals for up to ``seconds`` (at least one, at most ``most``); returns how
        many. A deal goes first to the shown candidates the search set aside early, until
        they have been weighed as long as those it kept: then all of them compete for the
        expert's choice (``best``), and none shown is left ranked apart on a few deals while
        its chips say more. After that every deal goes to every shown candidate."""
        if not self.values:
            return 0
        shown = self.shown()
        deadline = time.perf_counter() + seconds
        done = 0
        while done < most and (done == 0 or time.perf_counter() < deadline):
            top = max(len(self.values[i]) for i in shown)
            live = [i for i in shown if len(self.values[i]) < top] or shown
            for i, value in self.expert.one_deal(self.obs, self.hints, self.cands, live,
                                                 self.rng):
                self.values[i].append(value)
            done += 1
        return done

    def best(self) -> int:
        """The candidate the expert chooses on these numbers (an index of ``cands``)."""
        if not self.values:
            return 0
        return self.expert.pick(self.values, self.expert.caution_for(self.obs.phase))

    def options(self) -> list[dict]:
        """Each shown candidate's actions and chips (``summary``), in the expert's order
        (the club's own choice first if shown)."""
        shown = self.shown()
        values = self.values or [[] for _ in self.cands]
        return summary([self.cands[i] for i in shown], [values[i] for i in shown])

    def best_shown(self) -> int:
        """The expert's choice as an index of ``options()``."""
        return self.shown().index(self.best())


def summary(cands: list[Candidate], values: list[list[float]]) -> list[dict]:
    """Each candidate's actions and its chips: mean, the half width of a 95 % interval over
    the deals it was played in, and that number of deals."""
    out = []
    for cand, xs in zip(cands, values, strict=True):
        n = len(xs)
        mean = sum(xs) / n if n else 0.0
        var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
        out.append({"actions": list(cand), "mean": mean,
                    "half": 1.96 * (var / n) ** 0.5 if n else 0.0, "deals": n})
    return out
