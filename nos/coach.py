"""The coach: the expert's own search, shown. For one decision of one seat it weighs the
same candidates the expert weighs (``Expert.search``: the club's best plays and their close,
a double out of turn or not, on set the doubles with their best games, every game to
announce) from that seat's observation only (R71), and says for each the expected chips from
now to the end of the hand with a 95 % interval, and which the expert would choose. Of many
candidates (the opening's successive halving) it shows the ``SHOWN`` weighed longest.

The first estimate is exactly the expert's search (the same candidates, deals and choice for
the same seeded generator); ``refine`` adds deals to the candidates shown, a few at a time
(first to those set aside early, together with ``base``, until they are weighed as long
as the rest), so the page can ask for more while the person thinks and stop
whenever they act. Each value keeps the deal it came from (``ids``), so that options are
compared over the deals they share, never over different ones.

The chips shown are all told over the deals of one candidate, ``base``, the one weighed
longest (it plays each deal given to those set aside, so it played every deal any other
did): its own mean, and for every option weighed over other deals (one set aside early: a
few of the first, then those it caught up in) the base's mean plus the option's mean
paired difference to the base over the deals both were played in. A mean over a few
early deals is not comparable with one over all of them (the early deals' luck is in it);
the paired estimate is, and it is how the expert compares. The base may be weighed over
more deals than ``deals()``, the view's count.
"""

from __future__ import annotations

import random
import time

from nos.bots.base import view_of
from nos.bots.expert import Candidate, Expert, shared
from nos.observation import Observation

# The most options the panel shows: on set and announcing the search may weigh every legal
# game (successive halving, ``Expert.halve``); the person sees those it weighed longest.
SHOWN = 12


class Coach:
    """The advice for one decision (``obs``), built up by ``refine``. ``values[i]``: candidate
    i's chips in each deal it was played in; ``ids[i]``: those deals, numbered (the search's
    are 0, 1, ... and a candidate dropped early has a prefix of them; ``refine`` numbers on)."""

    def __init__(self, obs: Observation, rng: random.Random, expert: Expert | None = None,
                 iterations: int | None = None) -> None:
        self.obs = obs
        self.rng = rng
        self.expert = expert or Expert()
        self.cands: list[Candidate]
        self.cands, self.values = self.expert.search(obs, rng, iterations)
        self.hints = view_of(obs).hinted_lacks if self.expert.hints else None
        # Every candidate of the search is played in each of its deals until dropped, for
        # good (``Expert.evaluate``, ``Expert.halve``): its values are a prefix of the deals.
        self.ids = [list(range(len(v))) for v in self.values]
        searched = max((len(v) for v in self.values), default=0)
        self.searched = searched
        self.dealt = searched  # deals numbered so far
        # The deals every option competing for the choice is weighed in: the search's, then
        # one more for each deal ``refine`` gives to every shown option.
        self.level = searched

    @property
    def weighed(self) -> bool:
        """Whether there is anything to weigh (several candidates)."""
        return bool(self.values)

    def deals(self) -> int:
        """The deals the options competing for the expert's choice were each weighed in (the
        view's ``deals``: an option shown with fewer was set aside early). ``base`` may
        have more: it also plays each deal given to those set aside, to pair them."""
        return self.level

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
        many. A deal goes first to the shown candidates the search set aside early, and to
        ``base`` (so that it keeps every deal any other has, and each is told against it
        over the same deals), until they have been weighed as long as the others it kept:
        each then competes for the choice (``best``), and none shown is left ranked apart on
        a few deals while its chips say more. After that every deal goes to every shown
        candidate."""
        if not self.values:
            return 0
        shown = self.shown()
        base = self.base()
        deadline = time.perf_counter() + seconds
        done = 0
        while done < most and (done == 0 or time.perf_counter() < deadline):
            live = [i for i in shown if len(self.values[i]) < self.level]
            if live:
                play = sorted(set(live) | {base})
            else:
                play = shown
                self.level += 1
            deal = self.dealt
            self.dealt += 1
            for i, value in self.expert.one_deal(self.obs, self.hints, self.cands, play,
                                                 self.rng):
                self.values[i].append(value)
                self.ids[i].append(deal)
            done += 1
        return done

    def competing(self) -> list[int]:
        """The candidates the expert's choice is made among: those weighed in ``deals()``
        deals or more (the search's kept ones, and each set aside once it caught up)."""
        return [i for i, v in enumerate(self.values) if len(v) >= self.level]

    def best(self) -> int:
        """The candidate the expert chooses on these numbers (an index of ``cands``): as
        ``Expert.pick`` chooses, each pair compared over the deals both were played in."""
        if not self.values:
            return 0
        caution = self.expert.caution_for(self.obs.phase)
        if self.dealt == self.searched:
            return self.expert.pick(self.values, caution)  # the search's own numbers
        return self.expert.pick(self.values, caution, self.ids, self.competing())

    def base(self) -> int:
        """The candidate weighed in the most deals (the first such): it played every deal
        any other did (it plays each catch-up deal, then every shown candidate plays every
        deal), so each option is shown against it, and ``Expert.pick`` compares against it
        too where the club's choice no longer competes."""
        return max(range(len(self.values)), key=lambda i: len(self.values[i]))

    def options(self) -> list[dict]:
        """Each shown candidate's actions and chips (``summary``, each option on the deals
        of ``base``), in the expert's order (the club's own choice first if shown)."""
        shown = self.shown()
        if not self.values:
            return summary([self.cands[i] for i in shown], [[] for _ in shown])
        return summary([self.cands[i] for i in shown], [self.values[i] for i in shown],
                       [self.ids[i] for i in shown], shown.index(self.base()))

    def best_shown(self) -> int:
        """The expert's choice as an index of ``options()``."""
        return self.shown().index(self.best())


def summary(cands: list[Candidate], values: list[list[float]],
            ids: list[list[int]] | None = None, base: int | None = None) -> list[dict]:
    """Each candidate's actions and its chips: mean, the half width of a 95 % interval, and
    the number of deals it was played in. Over the same deals for all (no ``ids``), each
    its own mean. With ``ids`` (each value's deal) and ``base`` (an index of ``cands``
    whose deals include every other's): an option played in other deals than the base's
    is shown as the base's mean plus the option's mean paired difference to it over the
    deals both were played in, so that all are told over the same deals."""
    out = []
    for k, (cand, xs) in enumerate(zip(cands, values, strict=True)):
        mean, half = mean_half(xs)
        if ids is not None and base is not None and k != base and ids[k] != ids[base]:
            mean, half = paired(xs, ids[k], values[base], ids[base]) or (mean, half)
        out.append({"actions": list(cand), "mean": mean, "half": half, "deals": len(xs)})
    return out


def mean_half(xs: list[float]) -> tuple[float, float | None]:
    """The mean of ``xs`` and the half width of its 95 % interval (0 with none; None with
    one: one deal says nothing of its spread)."""
    n = len(xs)
    mean = sum(xs) / n if n else 0.0
    if n == 1:
        return mean, None
    return mean, 1.96 * (variance(xs, mean) / n) ** 0.5 if n else 0.0


def variance(xs: list[float], mean: float) -> float:
    """The sample variance of ``xs`` about ``mean`` (0 with fewer than two)."""
    n = len(xs)
    return sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0


def paired(xs: list[float], xs_ids: list[int], base: list[float],
           base_ids: list[int]) -> tuple[float, float | None] | None:
    """The chips of ``xs`` on ``base``'s deals: ``base``'s mean plus the mean paired
    difference over the deals both were played in, with a 95 % half width (None if they
    share one deal only; all None if they share none)."""
    mine, theirs = shared(xs, xs_ids, base, base_ids)
    n = len(mine)
    if not n:
        return None
    diffs = [a - b for a, b in zip(mine, theirs, strict=True)]
    d = sum(diffs) / n
    big = len(base)
    base_mean = sum(base) / big
    if n == 1:  # (one difference says nothing of its spread: no interval)
        return base_mean + d, None
    # The shared deals are among the base's: Var(mean_b + mean_d) = var_b/N + var_d/n +
    # 2 cov(b, d)/N, the covariance over the shared deals (with every deal shared, var_x/N).
    shared_mean = sum(theirs) / n
    cov = sum((b - shared_mean) * (e - d) for b, e in zip(theirs, diffs, strict=True)) / (
        n - 1) if n > 1 else 0.0
    var = variance(base, base_mean) / big + variance(diffs, d) / n + 2 * cov / big
    return base_mean + d, 1.96 * max(var, 0.0) ** 0.5
