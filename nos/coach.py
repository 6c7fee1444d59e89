"""The coach: the expert's own search, shown. For one decision of one seat it weighs the
same candidates the expert weighs (``Expert.search``: the club's best plays and their close,
a double out of turn or not, on set the best doubles with their games, the best games to
announce) from that seat's observation only (R71), and says for each the expected chips from
now to the end of the hand with a 95 % interval, and which the expert would choose.

The first estimate is exactly the expert's search (the same candidates, deals and choice for
the same seeded generator); ``refine`` adds deals to every candidate, a few at a time, so the
page can ask for more while the person thinks and stop whenever they act.
"""

from __future__ import annotations

import random
import time

from nos.bots.base import view_of
from nos.bots.expert import Candidate, Expert
from nos.observation import Observation


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

    def refine(self, seconds: float = 0.25, most: int = 64) -> int:
        """Add deals to every candidate for up to ``seconds`` (at least one, at most
        ``most``); returns how many."""
        if not self.values:
            return 0
        live = list(range(len(self.cands)))
        deadline = time.perf_counter() + seconds
        done = 0
        while done < most and (done == 0 or time.perf_counter() < deadline):
            for i, value in self.expert.one_deal(self.obs, self.hints, self.cands, live,
                                                 self.rng):
                self.values[i].append(value)
            done += 1
        return done

    def best(self) -> int:
        """The candidate the expert chooses on these numbers."""
        if not self.values:
            return 0
        return self.expert.pick(self.values, self.expert.caution_for(self.obs.phase))

    def options(self) -> list[dict]:
        """Each candidate's actions and chips (``summary``), in the expert's order (the
        club's own choice first)."""
        return summary(self.cands, self.values or [[] for _ in self.cands])


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
