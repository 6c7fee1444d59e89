"""The simplest computer player: random legal play (used by ``python -m nos play``)."""

from __future__ import annotations

import random

from nos.actions import Action, Play
from nos.observation import Observation


def random_action(obs: Observation, rng: random.Random, close_rate: float = 0.05) -> Action:
    """A uniformly random legal action; closes only now and then (a close is a gamble, R19)."""
    plain = [a for a in obs.legal if not (type(a) is Play and a.close)]
    closes = [a for a in obs.legal if type(a) is Play and a.close]
    if closes and rng.random() < close_rate:
        return rng.choice(closes)
    return rng.choice(plain or closes)
