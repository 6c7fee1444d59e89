"""Refusals of illegal actions (R70): each names the ruling and the position; nothing changes."""

from __future__ import annotations

from nos import english


class IllegalAction(ValueError):
    """An action the rules do not allow now. ``rule`` is the ruling, e.g. ``"R12"``; ``key``
    and ``params`` the refusal as data (``refuse.<key>`` in the word catalogue, which the
    page words in the reader's language); ``position`` where the hand stands. Its ``str()``
    is the catalogue's English sentence (``nos.english``), for CPython users."""

    def __init__(self, rule: str, key: str, params: dict | None = None,
                 position: str = "") -> None:
        self.rule = rule
        self.key = key
        self.params = dict(params or {})
        self.position = position
        super().__init__(rule, key)

    @property
    def reason(self) -> str:
        """The refusal in English, with its ruling."""
        params = dict(self.params)  # (MicroPython has no {**params})
        params["rule"] = self.rule
        return english.sentence("refuse." + self.key, params)

    def __str__(self) -> str:
        return self.reason + (f" ({self.position})" if self.position else "")


class NotYourTurn(IllegalAction):
    """Someone other than the player to act tried to act, or the hand is over."""


class WrongPhase(IllegalAction):
    """The action belongs to another step of the hand (set, announce, declare, play)."""


class IllegalPlay(IllegalAction):
    """A tile that does not fit there, is not held, or goes against the announced order."""


class IllegalDraw(IllegalAction):
    """Drawing from the last two tiles of the boneyard (R2, R11)."""


class IllegalPass(IllegalAction):
    """Passing while able to play or to draw (R12)."""


class IllegalWait(IllegalAction):
    """Waiting when no wait is owed, or not waiting when one is (R10)."""


class IllegalClaim(IllegalAction):
    """Claiming a payment that is not owed (R14, H2)."""


class IllegalAnnouncement(IllegalAction):
    """A game that is not one of the 17, or not legal for the set tile (R7, R40–R57)."""


class IllegalDeclaration(IllegalAction):
    """Declaring doubles one does not hold, or a number that pays nothing (R8)."""


class IllegalSet(IllegalAction):
    """Setting a tile other than the one the rules require (R4, R5)."""


class BadRecord(ValueError):
    """A game record that cannot be read or replayed. ``at`` is where its replay stopped:
    ``(hand, actions)``, the hand's index and how many of its actions were legal (None if
    the hand itself is refused: its deal, its setter, the hand before it), or None for the
    record as a whole; ``rules`` whether the rules refused it (an action, a setter), not
    its form."""

    def __init__(self, reason: str, at: tuple[int, int | None] | None = None,
                 rules: bool = False) -> None:
        super().__init__(reason)
        self.at = at
        self.rules = rules
