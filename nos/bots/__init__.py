"""Computer players by level: ``get_bot("beginner" | "club" | "pimc" | "expert")``.

A bot is called as ``bot(obs, rng)`` with one seat's ``Observation`` and a seeded
``random.Random`` and returns one action of ``obs.legal`` (see ``base.Bot``). It never sees a
``Hand``: hidden tiles stay hidden (R71).
"""

from __future__ import annotations

from typing import Any

from nos.bots.base import Bot

LEVELS = ("beginner", "club", "pimc", "expert")
# The expert's settings beyond the search it was first built with (kept as "pimc", to
# compare): it weighs a free draw (R11) too; on set each double with its 4 best games, and
# when announcing every legal game, by successive halving over 200 deals from 8 each,
# taking the best mean (docs/bots.md).
EXPERT = {"draws": True, "set_top_k": 80, "set_games": 4, "set_halving": 8,
          "set_iterations": 200, "set_caution": 0.0}


def get_bot(level: str, **params: Any) -> Bot:
    """A new bot of ``level``; ``params`` go to its constructor (e.g. ``iterations`` for the
    expert)."""
    if level == "beginner":
        from nos.bots.beginner import Beginner

        return Beginner(**params)
    if level == "club":
        from nos.bots.club import Club

        return Club(**params)
    if level in ("pimc", "expert"):
        from nos.bots.expert import Expert

        bot = Expert(**({**EXPERT, **params} if level == "expert" else params))
        bot.level = level
        return bot
    raise ValueError(f"Unknown bot level {level!r}; choose one of {', '.join(LEVELS)}.")


__all__ = ["LEVELS", "Bot", "get_bot"]
