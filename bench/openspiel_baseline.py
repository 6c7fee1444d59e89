"""OpenSpiel baseline for the speed benchmark: random play of ``python_block_dominoes``.

``python_block_dominoes`` is OpenSpiel's pure-Python two-player block game on a double-six set:
14 chance nodes deal 7 tiles to each player (the other 14 stay out of play, there is no
drawing), then the players lay tiles on the two open ends. A player who cannot lay passes
implicitly (the other player moves again); the game ends when a hand is empty or both are
blocked.

OpenSpiel is optional: it is imported only inside :func:`measure`.
"""

from __future__ import annotations

import random
import time
from typing import Any

GAME_NAME = "python_block_dominoes"
INSTALL_HINT = "pip install -r requirements-bench.txt"


def _load_game() -> Any:
    """Return the loaded pyspiel game, or raise ImportError with the install hint."""
    try:
        import open_spiel.python.games  # noqa: F401  (registers the python_* games)
        import pyspiel
    except ImportError as exc:
        raise ImportError(
            f"OpenSpiel is needed for the baseline benchmark: {INSTALL_HINT}"
        ) from exc
    return pyspiel.load_game(GAME_NAME)


def measure(seconds: float, seed: int) -> dict[str, int | float]:
    """Play random complete games of ``python_block_dominoes`` for at least ``seconds`` of CPU time.

    Player nodes take a uniformly random legal action; chance nodes sample an outcome by its
    probability. Both use one ``random.Random(seed)``. The clock is checked only between games.

    Returns ``games``; ``actions``, every ``apply_action`` call (player decisions plus chance
    outcomes, i.e. the 14 deals of each game); ``decisions``, player actions only; and
    ``seconds``, the CPU time spent playing.
    """
    game = _load_game()
    rng = random.Random(seed)
    games = actions = decisions = 0
    start = time.process_time()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(outcomes, weights=probs)[0]
            else:
                action = rng.choice(state.legal_actions())
                decisions += 1
            state.apply_action(action)
            actions += 1
        games += 1
        elapsed = time.process_time() - start
    return {"games": games, "actions": actions, "decisions": decisions, "seconds": elapsed}


if __name__ == "__main__":
    import sys

    secs = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    result = measure(secs, int(sys.argv[2]) if len(sys.argv) > 2 else 0)
    rate = {k: round(result[k] / result["seconds"], 1) for k in ("games", "actions", "decisions")}
    print(result, "per second:", rate)
