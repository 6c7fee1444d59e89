"""The step a hand is in (R4-R20): set, announce, declare, out of turn, play, over. Its values
are the view's (``nos.contract``), so the page compares them by name."""

from __future__ import annotations

from nos import contract
from nos.value import by_value


class Phase:
    """The step a hand is in: ``Phase.SET`` … ``Phase.OVER``, compared with ``is``;
    ``Phase.of("play")`` finds one by its ``value``. (Not an ``Enum``: MicroPython has none.)"""

    __slots__ = ("value",)
    SET: Phase
    ANNOUNCE: Phase
    DECLARE: Phase
    OUT_OF_TURN: Phase
    PLAY: Phase
    OVER: Phase

    def __init__(self, value: str) -> None:
        self.value = value

    @staticmethod
    def of(value: str) -> Phase:
        """The phase called ``value``; raises ``ValueError`` for any other word."""
        return by_value(PHASES, value, "a phase of a hand")

    def __repr__(self) -> str:
        return "Phase." + self.value.upper().replace(" ", "_")


Phase.SET = Phase(contract.PHASE_SET)
Phase.ANNOUNCE = Phase(contract.PHASE_ANNOUNCE)
Phase.DECLARE = Phase(contract.PHASE_DECLARE)
Phase.OUT_OF_TURN = Phase(contract.PHASE_OUT_OF_TURN)
Phase.PLAY = Phase(contract.PHASE_PLAY)
Phase.OVER = Phase(contract.PHASE_OVER)
PHASES = (Phase.SET, Phase.ANNOUNCE, Phase.DECLARE, Phase.OUT_OF_TURN, Phase.PLAY, Phase.OVER)
