"""How much of the hidden deal the search's samplers find: the share of the opponents' tiles
that a sampled deal gives to the seat that really holds them.

    python -m bench.deal_inference [--players 4] [--sessions 40] [--samples 8] [--bots club]

All seats play ``--bots`` (the same level) over sessions of 3 hands; at each play decision of
seat 0 with more than one legal action, every sampler draws ``--samples`` deals from seat 0's
observation, and each opponent tile counts as found when the deal puts it in its true
holder's hand. The samplers: uniform (``determinize.sample_hand``: declared doubles and
passes respected), + draw hints (``Expert.deal``: a seat that drew probably held nothing that
fitted), + the opponents' plays (``inference.PastPlays``: one of K deals kept by how likely it
makes their past plays, at the expert's β and mix and at a sharp β). 100 % would be knowing
every hand; the search itself is not run. Prints one row per sampler.
"""

from __future__ import annotations

import argparse
import random

from nos.arena import hand_deal
from nos.bots import get_bot
from nos.bots.base import view_of
from nos.bots.expert import Expert
from nos.bots.inference import PastPlays
from nos.hand import Hand
from nos.observation import Observation
from nos.session import Session

# name: (draw hints, deals proposed per deal kept, beta, mix)
SAMPLERS = {
    "uniform": (False, 1, 0.0, 0.0),
    "+ draw hints": (True, 1, 0.0, 0.0),
    "+ plays, K 16, beta 0.5, mix 0.2 (Expert(infer=16))": (True, 16, 0.5, 0.2),
    "+ plays, K 64, beta 5, mix 0.01 (sharp)": (True, 64, 5.0, 0.01),
}


def found(world: Hand, truth: Hand, seat: int) -> tuple[int, int]:
    """(opponent tiles the deal gives to their true holder, opponent tiles)."""
    hit = total = 0
    for s in range(truth.players):
        if s != seat:
            for t in truth.hands[s]:
                total += 1
                hit += t in world.hands[s]
    return hit, total


def sampler_of(obs: Observation, sampler: tuple[bool, int, float, float]
               ) -> tuple[Expert, list[int] | None, PastPlays | None]:
    """The expert that samples, its draw hints and its past plays, for one decision."""
    hinted, k, beta, mix = sampler
    expert = Expert(hints=hinted, infer=k)
    hints = view_of(obs).hinted_lacks if hinted else None
    past = PastPlays(obs, beta, mix) if k > 1 else None
    return expert, hints, past if past is not None and len(past) else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--sessions", type=int, default=40)
    parser.add_argument("--samples", type=int, default=8)
    parser.add_argument("--bots", default="club")
    parser.add_argument("--seed", type=int, default=99)
    args = parser.parse_args()
    n = args.players
    bots = [get_bot(args.bots) for _ in range(n)]
    rng = random.Random(args.seed)
    tally = {name: [0, 0] for name in SAMPLERS}
    decisions = 0
    for block in range(args.sessions):
        session = Session(n, seed=args.seed * 1000 + block)
        for k in range(3):
            hand = session.start_hand(hand_deal(n, args.seed, block, k, k == 0))
            while not hand.over:
                seat = hand.current
                obs = Observation(hand, seat)
                if seat == 0 and obs.phase == "play" and len(obs.legal) > 1:
                    decisions += 1
                    for name, sampler in SAMPLERS.items():
                        expert, hints, past = sampler_of(obs, sampler)
                        for _ in range(args.samples):
                            world = expert.deal(obs, hints, rng, past)
                            hit, total = found(world, hand, 0)
                            tally[name][0] += hit
                            tally[name][1] += total
                hand.apply(bots[seat](obs, rng))
            session.finish_hand()
    print(f"players {n}, all seats {args.bots}, {decisions} decisions of seat 0, "
          f"{args.samples} deals each")
    print("| sampler | opponent tiles | found with their holder |")
    print("|---|---|---|")
    for name, (hit, total) in tally.items():
        print(f"| {name} | {total} | {100 * hit / max(total, 1):.1f} % |")


if __name__ == "__main__":
    main()
