"""Per-decision time of the bots, one level at every seat: the timing loop of
``bench.bots_timing``, shared by CPython and the Pyodide worker of ``bench.bots_browser``.

Pure Python over ``nos`` only (no subprocess, no Playwright): the browser bench copies this
file, ``bench/__init__.py``, ``bench/bots_timing.py`` and the ``nos`` package into Pyodide's
file system and calls :func:`run` there with the same job as in CPython.

A job is ``{"hands": 30, "seed": 1, "players": [3, 4, 5], "specs": [{"label": "expert",
"level": "expert", "params": {...}}, ...]}``. For every spec and player count, ``hands``
hands are dealt from ``random.Random(f"{seed}-{players}")`` (the same deals for every spec)
and played with a bot of that level at every seat, the setter rotating (``k % players``).
Only decisions with more than one legal action are timed (``time.perf_counter`` around the
bot call, as in ``bench.bots_timing``).
"""

from __future__ import annotations

import hashlib
import random
import sys
import time
from collections.abc import Callable

from bench.bots_timing import pct
from nos.bots import get_bot
from nos.deal import Deal
from nos.hand import Hand
from nos.observation import Observation

# Groups reported besides the phases: the expert searches "set"/"announce" with
# `set_iterations` and "play"/"out of turn" with `iterations`; "declare" is the club's rule.
GROUPS = {
    "all": ("set", "announce", "declare", "out of turn", "play"),
    "opening": ("set", "announce"),
    "play": ("play", "out of turn"),
}


def stats(values: list[float]) -> dict:
    """n, p50/p95/max/mean in ms (pct as in bench.bots_timing) and the total in s."""
    if not values:
        return {"n": 0, "p50_ms": 0.0, "p95_ms": 0.0, "max_ms": 0.0, "mean_ms": 0.0,
                "total_s": 0.0}
    return {
        "n": len(values),
        "p50_ms": round(1000 * pct(values, 0.5), 3),
        "p95_ms": round(1000 * pct(values, 0.95), 3),
        "max_ms": round(1000 * max(values), 3),
        "mean_ms": round(1000 * sum(values) / len(values), 3),
        "total_s": round(sum(values), 4),
    }


def time_spec(spec: dict, hands: int, seed: int, players_list: list[int],
              progress: Callable[[dict], None] | None = None) -> dict:
    """Play the job's hands with ``spec``'s level at every seat; stats per phase and group."""
    bot = get_bot(spec["level"], **spec.get("params", {}))
    times: dict[str, list[float]] = {}
    digest = hashlib.sha256()
    started = time.perf_counter()
    for players in players_list:
        rng = random.Random(f"{seed}-{players}")
        block = time.perf_counter()
        for k in range(hands):
            deal = Deal.shuffled(players, rng)
            hand = Hand(deal, setter=k % players)
            while not hand.over:
                obs = Observation(hand, hand.current)
                t0 = time.perf_counter()
                action = bot(obs, rng)
                dt = time.perf_counter() - t0
                if len(obs.legal) > 1:
                    times.setdefault(obs.phase, []).append(dt)
                digest.update(f"{hand.current}:{action};".encode())
                hand.apply(action)
        if progress is not None:
            progress({"label": spec["label"], "players": players, "hands": hands,
                      "block_s": round(time.perf_counter() - block, 2),
                      "decisions": sum(len(v) for v in times.values())})
    groups = {name: stats([t for ph in phases for t in times.get(ph, [])])
              for name, phases in GROUPS.items()}
    return {
        "label": spec["label"],
        "level": spec["level"],
        "params": spec.get("params", {}),
        "groups": groups,
        "phases": {ph: stats(ts) for ph, ts in sorted(times.items())},
        "actions_sha256": digest.hexdigest()[:16],
        "wall_s": round(time.perf_counter() - started, 2),
    }


def run(job: dict, progress: Callable[[dict], None] | None = None) -> dict:
    """All specs of ``job`` (see the module doc), in order."""
    players_list = job.get("players", [3, 4, 5])
    return {
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "results": [time_spec(spec, job["hands"], job["seed"], players_list, progress)
                    for spec in job["specs"]],
    }
