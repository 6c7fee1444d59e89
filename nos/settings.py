"""The app's settings: what a session may be set to and their limits (the new-game dialog,
the URL's parameters, ``SETTINGS`` in every view), the texts the page sends for its own two
actions, and the computer players' budget and pace in the browser. Read by the table
(``nos.app``) and its view (``nos.table_view``)."""

from __future__ import annotations

from typing import Any

from nos.phase import Phase

LEVELS = ("beginner", "club", "expert")
# What the page sends for "draw until a tile fits" (R12): offered when drawing is forced.
DRAW_UNTIL = "draw until"
# What the page sends to take back the person's last play or set: offered until the next
# player's action is shown, and only when that play or set revealed nothing (no close,
# never a draw, not the end of the hand).
UNDO = "undo"
MAX_SEED = 2**31 - 1
# The settings of a session and their limits, for the new-game dialog and URL parameters:
# players (R1), the computer players' levels, the seed, the pause before each computer
# player's action (ms: its named paces and its range) and the house rules.
HOST_SEAT = 0  # this device's person (the host, when played together) sits here

SETTINGS: dict[str, Any] = {
    "players": [3, 4, 5],
    "levels": list(LEVELS),
    "seed": [0, MAX_SEED],
    "paces": [["slow", 1000], ["normal", 550], ["fast", 150]],
    "pace": 550,
    "delay": [0, 5000],
    # After the person's play or set, while it may be taken back, the next computer player
    # waits this long (ms), at most 6 of its pauses (a fast pace keeps its pace), or until
    # the person chooses to play on.
    "undo_hold": 3000,
    "house_rules": ["H1", "H2"],
    # Pass-and-play: [least, most] people at one device for each number of players (a JSON
    # key is a string), at most the players.
    "people": {str(n): [1, n] for n in (3, 4, 5)},
    # The seat of this device's person, always one of the people's seats (the others are
    # chosen: a new game's "seats").
    "host_seat": HOST_SEAT,
    "defaults": {"players": 4, "level": "club", "H1": False, "H2": False, "people": 1},
}


# The expert's budget in the browser: the arena's search (48 deals a decision), but never
# longer than 0.9 s, so that no computer player's turn keeps the person waiting (Pyodide
# runs 1.2-1.7x slower than CPython here: docs/bots.md). A computer player weighs a double
# out of turn (R9) for 0.2 s at most, and each of its out-of-turn steps lasts at least 0.3 s
# (``bot_least_ms``; the rest covers a last deal past the cap and the reply): one that
# weighs a double must not be told by its pause from one that holds none (R71).
BROWSER_BOT_PARAMS: dict[str, dict[str, Any]] = {
    "expert": {"seconds": 0.9, "quick_seconds": 0.2}}
QUICK_LEAST_MS = 300


def coach_params() -> dict[str, Any]:
    """The expert's browser settings for the coach and the review: they weigh the person's
    own decisions, which nobody times, so a double out of turn gets the whole budget."""
    return {k: v for k, v in BROWSER_BOT_PARAMS.get("expert", {}).items()
            if k != "quick_seconds"}


def bot_least_ms(level: str, phase: Phase) -> int:
    """The least time in ms the page gives a computer player's step of ``phase``: on a
    double out of turn (R9, R71) for a level that weighs it, else 0."""
    quick = BROWSER_BOT_PARAMS.get(level, {}).get("quick_seconds")
    return QUICK_LEAST_MS if quick and phase is Phase.OUT_OF_TURN else 0


def people_seats(seats: Any, players: int, people: int) -> bool:
    """Whether `seats` can be the seats of `people` people at a table of `players`:
    distinct seats in order, one each, HOST_SEAT (this device's person's) among them."""
    return (isinstance(seats, list) and len(seats) == people and
            all(type(s) is int and 0 <= s < players for s in seats) and
            seats == sorted(set(seats)) and HOST_SEAT in seats)
