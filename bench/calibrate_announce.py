"""Fit the weights of the club's announcement score (nos/bots/announce.py) from club self-play.

    python -m bench.calibrate_announce [--situations 300] [--deals 6] [--seed 1]

A situation is a setter's hand and set tile (3–5 players). For a sample of legal announcements
each is played out with the club policy on the same ``--deals`` random deals of the hidden tiles
(common random numbers); the target is the setter's mean chip change. Features and targets are
centred per situation (only the ranking within a hand matters) and fitted by least squares.
Prints the weights, and how much a choice by the fitted score loses against the best sampled
announcement (regret), next to the current weights and a random choice.
"""

from __future__ import annotations

import argparse
import random
import time

from nos.actions import DRAW, Announce, Set
from nos.bots import announce
from nos.bots.club import club_policy
from nos.bots.expert import rollout
from nos.deal import HAND_SIZE, Deal
from nos.games import legal_announcements
from nos.hand import Hand
from nos.tiles import ALL_TILES

Sample = tuple[list[dict[str, float]], list[float]]


def situation(rng: random.Random, sample: int, deals: int) -> Sample:
    n = rng.choice((3, 4, 5))
    size = HAND_SIZE[n]
    tiles = list(ALL_TILES)
    rng.shuffle(tiles)
    mine = tiles[:size]
    doubles = [t for t in mine if t.is_double]
    if doubles:
        set_tile = rng.choice(doubles)
        rest_tiles = [t for t in tiles if t not in mine]
        first = Set(set_tile)
    else:
        set_tile = tiles[size]
        rest_tiles = [t for t in tiles if t not in mine and t is not set_tile]
        first = DRAW
    hand_after = [t for t in mine if t is not set_tile]
    games = legal_announcements(set_tile)
    top = [a for _, a in announce.ranked(set_tile, hand_after)[:4]]
    chosen = list(dict.fromkeys(top + rng.sample(games, min(sample, len(games)))))
    worlds = []
    for _ in range(deals):
        others = list(rest_tiles)
        rng.shuffle(others)
        hands = [mine] + [others[i * size : (i + 1) * size] for i in range(n - 1)]
        bone = others[(n - 1) * size :]
        if first is DRAW:
            bone = [set_tile] + bone
        worlds.append((Deal(tuple(map(tuple, hands)), tuple(bone)), rng.getrandbits(32)))
    feats, ys = [], []
    for a in chosen:
        total = 0.0
        for deal, seed in worlds:
            h = Hand(deal, setter=0)
            h.apply(first)
            h.apply(Announce(a))
            start = h.chips[0]
            rollout(h, random.Random(seed), club_policy)
            total += h.chips[0] - start
        feats.append(announce.features(a, set_tile, hand_after))
        ys.append(total / deals)
    return feats, ys


def solve(rows: list[list[float]], ys: list[float]) -> list[float]:
    """Least squares by the normal equations (Gauss–Jordan, a small ridge for stability)."""
    k = len(rows[0])
    a = [
        [sum(r[i] * r[j] for r in rows) + (1e-6 if i == j else 0) for j in range(k)]
        for i in range(k)
    ]
    b = [sum(r[i] * y for r, y in zip(rows, ys, strict=True)) for i in range(k)]
    for c in range(k):
        p = max(range(c, k), key=lambda i: abs(a[i][c]))
        a[c], a[p], b[c], b[p] = a[p], a[c], b[p], b[c]
        for i in range(k):
            if i != c and a[c][c]:
                f = a[i][c] / a[c][c]
                a[i] = [x - f * y for x, y in zip(a[i], a[c], strict=True)]
                b[i] -= f * b[c]
    return [b[i] / a[i][i] if a[i][i] else 0.0 for i in range(k)]


def regret(data: list[Sample], weights: dict[str, float]) -> float:
    total = 0.0
    for feats, ys in data:
        scores = [sum(weights.get(k, 0.0) * v for k, v in f.items()) for f in feats]
        pick = max(range(len(ys)), key=lambda i: scores[i])
        total += max(ys) - ys[pick]
    return total / len(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--situations", type=int, default=300)
    parser.add_argument("--sample", type=int, default=12)
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    start = time.perf_counter()
    data = [situation(rng, args.sample, args.deals) for _ in range(args.situations)]
    keys = sorted({k for feats, _ in data for f in feats for k in f})
    for feats, _ in data:
        for f in feats:
            for k in keys:
                f.setdefault(k, 0.0)
    rows, ys = [], []
    for feats, vals in data:
        mean_y = sum(vals) / len(vals)
        means = {k: sum(f[k] for f in feats) / len(feats) for k in keys}
        for f, y in zip(feats, vals, strict=True):
            rows.append([f[k] - means[k] for k in keys])
            ys.append(y - mean_y)
    w = dict(zip(keys, solve(rows, ys), strict=True))
    half = len(data) // 2
    w_train = dict(
        zip(
            keys,
            solve(
                rows[: sum(len(d[1]) for d in data[:half])],
                ys[: sum(len(d[1]) for d in data[:half])],
            ),
            strict=True,
        )
    )
    print(f"{len(data)} situations, {len(rows)} samples, {time.perf_counter() - start:.0f} s")
    print("fitted weights:", {k: round(v, 2) for k, v in w.items()})
    print(
        f"regret (chips/hand): fitted {regret(data, w):.2f}, held-out half "
        f"{regret(data[half:], w_train):.2f}, current {regret(data, announce.WEIGHTS):.2f}, "
        f"random {sum(max(y) - sum(y) / len(y) for _, y in data) / len(data):.2f}"
    )


if __name__ == "__main__":
    main()
