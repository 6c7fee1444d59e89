"""Bots against bots: chips per hand with a 95% confidence interval.

    python -m nos.arena --players 4 --bots expert,club,club,club --hands 2000 --seed 1
    python -m nos.arena --players 4 --bots expert,club,club,club --announce-only --base club
    python -m nos.arena --players 4 --bots expert,club,club,club --hands 40 --timing
    python -m nos.arena --players 4 --bots expert:infer=16,pimc,pimc,pimc --hands 40

Seats are rotated: the same deals are played once per rotation of the bot list, so each bot
plays each seat equally often (duplicate play: the luck of the deal mostly cancels). Hands are
played in sessions of ``--session`` hands (the loser is on set next, R5, R22). A bot's sample
for one hand is its chip change (the mean over its seats if it has several); the interval is
mean ± 1.96·sd/√n over those per-hand samples. A second interval uses one sample per block
(the mean over all rotations of the same deals), which removes most of the luck of the deal.

``--announce-only`` isolates the choice on set: every seat plays with ``--base``, except that
seats given another level choose the set double and the announcement (R5, R7) by that level.
``--timing`` reports per-decision times (decisions with more than one legal action).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import dataclass, field

from nos.actions import Action
from nos.bots import LEVELS, Bot, get_bot
from nos.deal import Deal
from nos.house_rules import Options
from nos.observation import Observation
from nos.session import Session


class AnnounceOnly(Bot):
    """Plays as ``base`` but sets and announces (R5, R7) as ``chooser``."""

    def __init__(self, chooser: Bot, base: Bot) -> None:
        self.chooser, self.base = chooser, base
        self.level = f"{chooser.level}(announce)"

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        bot = self.chooser if obs.phase in ("set", "announce") else self.base
        return bot.choose(obs, rng)


@dataclass
class Tally:
    """Per-hand samples and decision times of one label."""

    samples: list[float] = field(default_factory=list)
    blocks: list[float] = field(default_factory=list)  # the mean of each block (all rotations)
    times: list[float] = field(default_factory=list)

    def interval(self, blocks: bool = False) -> tuple[float, float]:
        """mean ± 1.96·sd/√n over the per-hand samples (or the block means)."""
        xs = self.blocks if blocks else self.samples
        n = len(xs)
        mean = sum(xs) / n
        var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
        return mean, 1.96 * math.sqrt(var / n)


def parse_spec(spec: str) -> tuple[str, dict[str, int | float | bool]]:
    """A seat's bot, ``level`` or ``level:name=value:…`` (constructor parameters, for
    experiments: ``expert:infer=16:caution=0.5``). Raises ValueError on a bad one."""
    level, *params = spec.split(":")
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    kwargs: dict[str, int | float | bool] = {}
    for param in params:
        name, _, text = param.partition("=")
        if not name.isidentifier() or not text:
            raise ValueError(f"bad parameter {param!r} (name=value)")
        value: int | float | bool
        if text in ("true", "false"):
            value = text == "true"
        else:
            try:
                value = int(text)
            except ValueError:
                value = float(text)  # (raises ValueError on anything else)
        kwargs[name] = value
    return level, kwargs


def make_bot(spec: str, iterations: int | None) -> Bot:
    level, kwargs = parse_spec(spec)
    if level in ("pimc", "expert") and iterations is not None:
        kwargs.setdefault("iterations", iterations)
    bot = get_bot(level, **kwargs)
    if ":" in spec:
        bot.level = spec  # its own line in the report
    return bot


def hand_deal(players: int, seed: int, block: int, k: int, first: bool) -> Deal:
    """The k-th deal of a block, the same in every rotation (redealt in a first hand, R4)."""
    rng = random.Random(f"arena-{seed}-{block}-{k}")
    while True:
        deal = Deal.shuffled(players, rng)
        if not first or deal.has_double():
            return deal


def play_block(args: argparse.Namespace, block: int) -> dict[str, Tally]:
    """Every rotation of the bot list over one block of ``args.session`` deals."""
    specs = args.bots
    n = args.players
    tallies: dict[str, Tally] = {}
    base = make_bot(args.base, args.iterations) if args.announce_only else None
    for r in range(n):
        labels = [specs[(i - r) % n] for i in range(n)]
        bots: list[Bot] = []
        for spec in labels:
            bot = make_bot(spec, args.iterations)
            if base is not None:
                bot = base if spec == args.base else AnnounceOnly(bot, base)
            bots.append(bot)
        names = [b.level for b in bots]
        for name in names:
            tallies.setdefault(name, Tally())
        rngs = [random.Random(f"bot-{args.seed}-{block}-{r}-{i}") for i in range(n)]
        session = Session(n, seed=args.seed * 1000 + block, options=Options(
            claim_doubles=args.h2))
        for k in range(args.session):
            hand = session.start_hand(hand_deal(n, args.seed, block, k, k == 0))
            before = list(hand.chips)
            while not hand.over:
                seat = hand.current
                obs = Observation(hand, seat)
                if args.timing and len(obs.legal) > 1:
                    t0 = time.perf_counter()
                    action = bots[seat](obs, rngs[seat])
                    tallies[names[seat]].times.append(time.perf_counter() - t0)
                else:
                    action = bots[seat](obs, rngs[seat])
                hand.apply(action)
            session.finish_hand()
            change: dict[str, list[int]] = {}
            for seat in range(n):
                change.setdefault(names[seat], []).append(hand.chips[seat] - before[seat])
            for name, values in change.items():
                tallies[name].samples.append(sum(values) / len(values))
    for t in tallies.values():
        t.blocks.append(sum(t.samples) / len(t.samples))
    return tallies


def _block_job(job: tuple[argparse.Namespace, int]) -> dict[str, Tally]:
    return play_block(*job)


def run(args: argparse.Namespace) -> dict[str, Tally]:
    per_block = args.players * args.session
    blocks = max(1, math.ceil(args.hands / per_block))
    jobs = [(args, b) for b in range(blocks)]
    if args.jobs > 1:
        from multiprocessing import Pool

        with Pool(args.jobs) as pool:
            results = pool.map(_block_job, jobs, chunksize=1)
    else:
        results = [_block_job(j) for j in jobs]
    total: dict[str, Tally] = {}
    for res in results:
        for name, t in res.items():
            agg = total.setdefault(name, Tally())
            agg.samples += t.samples
            agg.blocks += t.blocks
            agg.times += t.times
    return total


def percentile(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] if s else 0.0


def report(args: argparse.Namespace, tallies: dict[str, Tally], seconds: float) -> str:
    lines = [f"players {args.players}, bots {','.join(args.bots)}"
             + (f", announce-only (base {args.base})" if args.announce_only else "")
             + f", seed {args.seed}, {args.session}-hand sessions"
             + (", H2" if args.h2 else "") + f", {seconds:.0f} s"]
    lines.append(f"{'bot':18} {'hands':>6} {'chips/hand':>11} {'95% CI (hands)':>18} "
                 f"{'95% CI (blocks)':>18}")
    for name, t in sorted(tallies.items(), key=lambda kv: -sum(kv[1].samples)):
        mean, half = t.interval()
        _, bhalf = t.interval(blocks=True)
        lines.append(f"{name:18} {len(t.samples):6d} {mean:+11.2f} "
                     f"{f'[{mean - half:+.2f}, {mean + half:+.2f}]':>18} "
                     f"{f'[{mean - bhalf:+.2f}, {mean + bhalf:+.2f}]':>18}")
    if args.timing:
        lines.append(f"{'bot':18} {'decisions':>9} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
        for name, t in sorted(tallies.items()):
            if t.times:
                lines.append(f"{name:18} {len(t.times):9d} {1000 * percentile(t.times, .5):8.2f} "
                             f"{1000 * percentile(t.times, .95):8.2f} {1000 * max(t.times):8.2f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nos.arena",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument("--bots", default="club,beginner,beginner,beginner",
                        help="comma-separated levels, one per seat")
    parser.add_argument("--hands", type=int, default=200, help="hands in all (all rotations)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--session", type=int, default=10, help="hands per session")
    parser.add_argument("--announce-only", action="store_true")
    parser.add_argument("--base", default="club", choices=LEVELS)
    parser.add_argument("--iterations", type=int, default=None, help="expert's iterations")
    parser.add_argument("--h2", action="store_true", help="house rule H2 (claim doubles)")
    parser.add_argument("--timing", action="store_true")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    args.bots = [b.strip() for b in args.bots.split(",")]
    if len(args.bots) != args.players:
        parser.error(f"--bots needs {args.players} levels from {', '.join(LEVELS)}")
    for spec in args.bots:
        try:
            make_bot(spec, args.iterations)
        except (ValueError, TypeError) as exc:
            parser.error(f"--bots {spec}: {exc}")
    start = time.perf_counter()
    tallies = run(args)
    print(report(args, tallies, time.perf_counter() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
