"""The expert: information-set Monte Carlo search with the club player as rollout policy.

For a decision with several sensible candidates, each iteration samples one deal consistent
with everything the seat has seen (``determinize.sample_hand``: hidden hands and boneyard at
random, declared doubles and passes respected, R71; then ``redeal`` prefers to give a seat that
drew tiles that did not fit then), plays every candidate in that same deal and finishes the hand
with the club policy for all seats from the same random seed (common random numbers: the
candidates are compared on equal luck). A candidate's value is the seat's chip change from now
to the end of the hand, read from the ledger (R23): payments for doubles, nos, closes and the
count all count, not just the count.

Candidates: the club's ``top_k`` plays (claiming under H2) and, when few unseen tiles could still
fit, their close (a sure close is taken at once, R18); doubles out of turn or not (R9); on set,
each double with its ``set_games`` best games, and when announcing, the ``set_top_k`` games
that score best (``announce.ranked``). Declarations follow the club (the most paid, R8). After
a third of the deals clearly worse candidates are dropped; the club's own choice is kept unless
another beats it by ``caution`` standard errors. With ``set_halving`` the opening decisions
are searched by successive halving instead: every candidate in a few deals, the best third in
twice as many more, and so on, so that all 80 legal games can be weighed (R7). With
``seconds`` unset the search runs exactly ``iterations`` deals, so a seeded
``random.Random`` gives the same choice every time (``seconds`` caps the time instead).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from nos.actions import DRAW, Action, Announce, Play, Set
from nos.bots import announce
from nos.bots.base import Bot, View, after_play, fit_mask, view_of
from nos.bots.club import club_action, club_policy, play_scores, set_value
from nos.bots.inference import PastPlays, pick_weighted
from nos.determinize import sample_hand
from nos.hand import Hand
from nos.observation import Observation
from nos.tiles import Tile, double_value

Policy = Callable[[Hand, random.Random], Action]
Candidate = tuple[Action, ...]  # actions applied in a row by the searching seat


def rollout(hand: Hand, rng: random.Random, policy: Policy) -> None:
    """Play ``hand`` to its end with ``policy`` for every seat."""
    while hand.phase.value != "over":
        hand.apply_legal(policy(hand, rng))


def redeal(world: Hand, seat: int, hints: list[int], rng: random.Random) -> None:
    """Deal the hidden tiles of a sampled ``world`` again, keeping declared doubles and passes
    (voids) as they are, and giving each seat tiles outside its hinted lacks first: a seat that
    drew probably held nothing that fitted (R11 allows a free draw, so this is a preference)."""
    pool: list[Tile] = list(world.stack)
    keep: dict[int, list[Tile]] = {}
    need: dict[int, int] = {}
    for s in range(world.players):
        if s != seat:
            keep[s] = [t for t in world.hands[s] if t in world.declared[s]]
            need[s] = len(world.hands[s]) - len(keep[s])
            pool += [t for t in world.hands[s] if t not in world.declared[s]]
    rng.shuffle(pool)
    order = sorted(need, key=lambda s: -len(world.voids[s]))
    dealt: dict[int, list[Tile]] = {}
    for s in order:
        void, hint = world.voids[s], hints[s]
        good = [t for t in pool if t not in void and not hint >> t.index & 1]
        if len(good) < need[s]:
            good += [t for t in pool if t not in void and hint >> t.index & 1]
        if len(good) < need[s]:
            return  # cannot honour the voids this way: keep the sampler's deal
        dealt[s] = good[: need[s]]
        taken = set(dealt[s])
        pool = [t for t in pool if t not in taken]
    for s, tiles in dealt.items():
        world.hands[s] = keep[s] + tiles
    world.stack = pool


def shared(xs: list[float], xs_ids: list[int], base: list[float],
           base_ids: list[int]) -> tuple[list[float], list[float]]:
    """The values of two candidates in the deals both were played in (by deal id), paired:
    (those of ``xs``, those of ``base``), in ``xs``'s order."""
    at = {d: k for k, d in enumerate(base_ids)}
    pairs = [(x, base[at[d]]) for x, d in zip(xs, xs_ids, strict=True) if d in at]
    return [x for x, _ in pairs], [b for _, b in pairs]


def mean_difference(xs: list[float], base: list[float]) -> float:
    """The mean of ``xs`` less ``base``, paired by index (0 with no pairs)."""
    n = min(len(xs), len(base))
    return sum(a - b for a, b in zip(xs, base, strict=False)) / n if n else 0.0


def halving_width(rollouts: float, step: int, candidates: int) -> int:
    """How many candidates successive halving from ``step`` deals each (the best third
    going on with twice the deals) can start with and still come down to two within about
    ``rollouts`` rollouts: each round costs about two thirds of the one before, so all of
    them about three times the first."""
    return max(2, min(candidates, int(rollouts / (3 * step))))


class Expert(Bot):
    """Determinized Monte Carlo search over ``iterations`` sampled deals (see module doc)."""

    level = "expert"

    def __init__(self, iterations: int = 48, seconds: float | None = None, top_k: int = 5,
                 set_iterations: int | None = None, set_top_k: int = 3, caution: float = 1.0,
                 prune: float = 2.0,
                 risky_close: int = 2, hints: bool = True, policy: Policy = club_policy,
                 draws: bool = False, set_caution: float | None = None,
                 infer: int = 0, set_halving: int = 0, set_games: int = 1,
                 quick_seconds: float | None = None) -> None:
        self.iterations = iterations
        self.seconds = seconds
        # The cap on a double out of turn (R9), a step every seat takes in turn: the page
        # makes each such step of a computer player last this long (R71, nos.view).
        self.quick_seconds = quick_seconds
        self.top_k = top_k
        self.set_iterations = iterations if set_iterations is None else set_iterations
        self.set_top_k = set_top_k
        self.caution = caution
        self.prune = prune
        self.risky_close = risky_close
        self.hints = hints
        self.policy = policy
        self.draws = draws  # weigh a free draw before playing (R11) too
        # On set the rollouts' model is closest to the truth (the whole hand is still to be
        # played by everyone): the best mean may be trusted more than in play.
        self.set_caution = caution if set_caution is None else set_caution
        # Deals proposed per deal kept: one is kept with probability proportional to how
        # likely it makes the opponents' past plays (nos.bots.inference); 0 keeps the first.
        self.infer = infer
        # On set and announcing, > 0: successive halving from this many deals a candidate
        # (the best third goes on, each round with twice the deals) instead of one pruning.
        self.set_halving = set_halving
        self.set_games = set_games  # on set, each double with this many of its best games

    def __repr__(self) -> str:
        return f"Expert(iterations={self.iterations}, seconds={self.seconds})"

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        cands, values = self.search(obs, rng)
        return cands[self.pick(values, self.caution_for(obs.phase))][0] if values else \
            cands[0][0]

    def seconds_for(self, phase: str) -> float | None:
        """The time cap of a decision in ``phase`` (None: uncapped)."""
        if phase == "out of turn" and self.quick_seconds is not None:
            return self.quick_seconds if self.seconds is None else \
                min(self.quick_seconds, self.seconds)
        return self.seconds

    def caution_for(self, phase: str) -> float:
        return self.set_caution if phase in ("set", "announce") else self.caution

    def search(self, obs: Observation, rng: random.Random,
               iterations: int | None = None) -> tuple[list[Candidate], list[list[float]]]:
        """The candidates of this decision and each one's chip change in each sampled deal
        (no samples where there is nothing to weigh: one candidate, or a declaration, which
        follows the club). The choice is ``pick(values)``; the coach (``nos.coach``) shows
        the same numbers."""
        legal = obs.legal
        if len(legal) == 1:
            return [(legal[0],)], []
        v = view_of(obs)
        if obs.phase == "declare":
            return [(club_action(v, rng),)], []
        cands = self.candidates(v)
        if len(cands) == 1:
            return cands, []
        opening = obs.phase in ("set", "announce")
        if iterations is None:
            iterations = self.set_iterations if opening else self.iterations
        if opening and self.set_halving > 0:
            return cands, self.halve(obs, v, cands, rng, iterations)
        return cands, self.evaluate(obs, v, cands, rng, iterations)

    def pick(self, values: list[list[float]], caution: float | None = None,
             ids: list[list[int]] | None = None, alive: list[int] | None = None) -> int:
        """The candidate with the best mean, but leaving the club's choice (candidate 0) only
        for one that beats it by ``caution`` standard errors of the paired difference: the
        samples are few, and a noisy winner is often no better. Candidates dropped early
        (shorter lists) only compete if the club's choice was dropped too.

        The search's values pair by index (the k-th of each is the same deal). With ``ids``
        (the deal of each value: the coach adds deals to some candidates only) two candidates
        are compared over the deals both were played in, and ``alive`` names those that
        compete."""
        if alive is None:
            full = max(len(x) for x in values)
            alive = [i for i, x in enumerate(values) if len(x) == full]
        alive = sorted(alive)

        def pair(i: int, j: int) -> tuple[list[float], list[float]]:
            if ids is None:
                return values[i], values[j]
            return shared(values[i], ids[i], values[j], ids[j])

        if 0 not in alive:
            if ids is None:
                return max(alive, key=lambda i: sum(values[i]))
            # Each against the one weighed longest, over the deals they share.
            ref = max(alive, key=lambda i: len(values[i]))
            return max(alive, key=lambda i: mean_difference(*pair(i, ref)))
        best, best_score = 0, 0.0
        z = self.caution if caution is None else caution
        for i in alive[1:]:
            score = self._gain(*pair(i, 0), z)
            if score > best_score:
                best, best_score = i, score
        return best

    @staticmethod
    def _gain(xs: list[float], base: list[float], z: float) -> float:
        """The mean paired gain of ``xs`` over ``base`` less ``z`` standard errors."""
        diffs = [a - b for a, b in zip(xs, base, strict=False)]
        n = len(diffs)
        if not n:  # (no deal in common: nothing says it is better)
            return float("-inf")
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
        return mean - z * (var / n) ** 0.5

    # ------------------------------------------------------------------ candidates
    def candidates(self, v: View) -> list[Candidate]:
        phase = v.phase
        if phase == "play":
            return self._play_candidates(v)
        if phase == "out of turn":
            club = club_action(v, random.Random(0))
            return [(club,)] + [(a,) for a in v.legal if a is not club]
        if phase == "set":
            out: list[tuple[float, Candidate]] = []
            for a in v.legal:
                if type(a) is Set:
                    rest = [t for t in v.tiles if t is not a.tile]
                    value = set_value(double_value(a.tile), v.players)
                    for s, game in announce.ranked(a.tile, rest)[: self.set_games]:
                        out.append((s + value, (a, Announce(game))))
            out.sort(key=lambda x: -x[0])
            return [c for _, c in out[: self.set_top_k]] or [(v.legal[0],)]
        ranked = announce.ranked(v.set_tile, v.tiles)  # type: ignore[arg-type]
        return [(Announce(a),) for _, a in ranked[: self.set_top_k]]

    def _play_candidates(self, v: View) -> list[Candidate]:
        scored = play_scores(v)
        if not scored:
            return [(v.legal[0],)]  # a forced draw or a pass
        sure = [x for x in scored if x[2]]
        if sure:
            return [(max(sure, key=lambda x: x[0])[1].closing,)]
        scored.sort(key=lambda x: -x[0])
        cands: list[Candidate] = [(p,) for _, p, _ in scored[: self.top_k]]
        for _, p, _ in scored[: self.top_k]:
            if self._close_worth_trying(v, p):
                cands.append((p.closing,))
        if self.draws and DRAW in v.legal:  # R11: a tile may be drawn first
            cands.append((DRAW,))
        return cands

    def _close_worth_trying(self, v: View, p: Play) -> bool:
        """A close that is not sure: only when none of our tiles and at most ``risky_close``
        unseen tiles could still fit (the samples then judge the odds, R17–R19)."""
        if self.risky_close <= 0 or len(v.tiles) == 1:
            return False
        fits = fit_mask(after_play(v.layout, p, v.seat))
        if fits & v.mine & ~(1 << p.tile.index):
            return False
        return (fits & v.unknown).bit_count() <= self.risky_close

    # ------------------------------------------------------------------ search
    def evaluate(self, obs: Observation, view: View, cands: list[Candidate],
                 rng: random.Random, iterations: int) -> list[list[float]]:
        """Each candidate's chip change in each sampled deal (the same deals for all). After a
        third of the deals, candidates clearly worse than the best (by ``prune`` standard
        errors) are dropped, leaving the rest of the budget to the contenders."""
        hints = view.hinted_lacks if self.hints else None
        past = PastPlays(obs) if self.infer > 1 and obs.phase == "play" else None
        if past is not None and not len(past):
            past = None
        values: list[list[float]] = [[] for _ in cands]
        live = list(range(len(cands)))
        checkpoint = max(4, iterations // 3)
        cap = self.seconds_for(obs.phase)
        deadline = None if cap is None else time.perf_counter() + cap
        for it in range(iterations):
            if deadline is not None and it > 1 and time.perf_counter() > deadline:
                break
            if it == checkpoint and len(live) > 2 and self.prune > 0:
                top = max(live, key=lambda i: sum(values[i]))
                live = [i for i in live
                        if i == top or self._gain(values[top], values[i], self.prune) <= 0]
            for i, value in self.one_deal(obs, hints, cands, live, rng, past):
                values[i].append(value)
        return values

    def halve(self, obs: Observation, view: View, cands: list[Candidate],
              rng: random.Random, iterations: int) -> list[list[float]]:
        """Successive halving: every candidate in ``set_halving`` deals, then the best third
        (by mean over the same deals) in twice as many more, and so on until two are left
        or ``iterations`` deals are spent; the last round uses what remains."""
        hints = view.hinted_lacks if self.hints else None
        values: list[list[float]] = [[] for _ in cands]
        live = list(range(len(cands)))
        started = time.perf_counter()
        deadline = None if self.seconds is None else started + self.seconds
        spent, step = 0, self.set_halving
        if deadline is not None:
            # Capped (the browser): the first deal times a rollout, and only as many of the
            # best-scored candidates go on as the time can halve down to two.
            for i, value in self.one_deal(obs, hints, cands, live, rng):
                values[i].append(value)
            spent = 1
            per = (time.perf_counter() - started) / len(live)
            live = live[: halving_width(self.seconds / max(per, 1e-9), step, len(live))]
        while spent < iterations:
            rest = iterations - spent
            for _ in range(min(step, rest) if len(live) > 2 else rest):
                if deadline is not None and spent > 1 and time.perf_counter() > deadline:
                    return values
                for i, value in self.one_deal(obs, hints, cands, live, rng):
                    values[i].append(value)
                spent += 1
            if len(live) > 2:
                live.sort(key=lambda i: -sum(values[i]))
                live = sorted(live[: max(2, (len(live) + 2) // 3)])
                step *= 2
        return values

    @staticmethod
    def sample(obs: Observation, hints: list[int] | None, rng: random.Random) -> Hand:
        """A deal consistent with ``obs``, redealt by the draw ``hints``."""
        world = sample_hand(obs, rng)
        if hints is not None:
            redeal(world, obs.seat, hints, rng)
        return world

    def deal(self, obs: Observation, hints: list[int] | None, rng: random.Random,
             past: PastPlays | None = None) -> Hand:
        """One deal consistent with ``obs``; with ``past``, kept from ``infer`` such deals by
        how likely each makes the opponents' past plays."""
        world = self.sample(obs, hints, rng)
        if past is not None:
            worlds = [world] + [self.sample(obs, hints, rng) for _ in range(self.infer - 1)]
            world = worlds[pick_weighted([past.log_likelihood(w, rng) for w in worlds], rng)]
        return world

    def one_deal(self, obs: Observation, hints: list[int] | None, cands: list[Candidate],
                 live: list[int], rng: random.Random,
                 past: PastPlays | None = None) -> list[tuple[int, float]]:
        """Sample one deal consistent with ``obs`` (with ``past``: one of ``infer`` such
        deals, by its likelihood) and play each live candidate in it to the end of the hand,
        all from one seed (common random numbers): [(candidate, chips)]."""
        seat = obs.seat
        world = self.deal(obs, hints, rng, past)
        seed = rng.getrandbits(64)
        start = world.chips[seat]
        out = []
        for i in live:
            h = world.copy()
            for a in cands[i]:
                h.apply_legal(a)
            out.append((i, self.play_out(h, random.Random(seed), seat) - start))
        return out

    def play_out(self, hand: Hand, rng: random.Random, seat: int) -> float:
        """``seat``'s chips at the end of ``hand``, played out from a sampled deal (the club
        policy for all: ``rollout``)."""
        rollout(hand, rng, self.policy)
        return hand.chips[seat]
