"""The beginner: random legal play that never lets a payment go (R8 declarations, R14 claims
under H2, R18 closes) and never closes wrongly (R19): it closes only when sure."""

from __future__ import annotations

import random

from nos.actions import Action, Play
from nos.bots.base import Bot, best_declaration, plain_plays, sure_close, view_of
from nos.observation import Observation


class Beginner(Bot):
    """Uniform choice among the legal actions, with the payments always taken."""

    level = "beginner"

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "declare":
            return best_declaration(legal)
        if obs.phase != "play":
            return rng.choice(legal)
        v = view_of(obs)
        plays = plain_plays(legal, v.claim)
        for p in plays:
            if sure_close(v, p):
                return p.closing  # R18: a sure close is always paid
        others = [a for a in legal if type(a) is not Play]
        return rng.choice(plays + others)
