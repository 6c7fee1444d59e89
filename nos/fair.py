"""Provably fair deals: the app deals each hand from a secret shuffle seed, shows a commitment
to it (its SHA-256) before the hand and reveals the seed after it, so that anyone can check
that the deal was fixed before anyone played and deal it again.

The procedure, which a reader may repeat in any Python 3 (see ``python -m nos verify``):

- the seed is 32 hexadecimal digits; the commitment is the SHA-256 of those ASCII digits;
- the 28 tiles in the order 0-0, 1-0, 1-1, 2-0, 2-1, 2-2 … 6-5, 6-6 (``nos.tiles.ALL_TILES``)
  are shuffled by
  ``random.Random(seed).shuffle``; seat 0 gets the first 8 − n tiles, seat 1 the next, and
  so on; the rest is the boneyard from the top (R2);
- in the first hand, while no seat holds a double, the same generator shuffles again (R4).
"""

from __future__ import annotations

import hashlib
import random

from nos.deal import Deal

SEED_DIGITS = 32


def new_seed(rng: random.Random) -> str:
    """A hand's secret shuffle seed, from the app's own generator."""
    return f"{rng.getrandbits(4 * SEED_DIGITS):0{SEED_DIGITS}x}"


def is_seed(text: object) -> bool:
    return (isinstance(text, str) and len(text) == SEED_DIGITS
            and all(c in "0123456789abcdef" for c in text))


def commitment(seed: str) -> str:
    """What the app shows before the hand: the SHA-256 of the seed, in hexadecimal."""
    return hashlib.sha256(seed.encode("ascii")).hexdigest()


def deal_from(seed: str, players: int, first_hand: bool) -> Deal:
    """The deal the seed makes (R2; in the first hand, dealt again until someone holds a
    double, R4)."""
    rng = random.Random(seed)
    while True:
        deal = Deal.shuffled(players, rng)
        if not first_hand or deal.has_double():
            return deal


def verify(seed: str, committed: str, deal: Deal, first_hand: bool) -> str | None:
    """None if the seed matches the commitment and deals exactly `deal`; else what fails:
    "commitment" or "deal"."""
    if not is_seed(seed) or commitment(seed) != committed:
        return "commitment"
    if deal_from(seed, deal.players, first_hand) != deal:
        return "deal"
    return None
