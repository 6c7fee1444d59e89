"""The house rules a session may switch on (off by default): H1 the Polish double blank on
set, H2 claimed payments for doubles."""

from __future__ import annotations

from nos.value import Value, set_fields


class Options(Value):
    """House rules (off by default): H1 the Polish double blank on set; H2 claimed payments."""

    FIELDS = ("polish_double_blank", "claim_doubles")
    polish_double_blank: bool  # H1: 0-0 from the hand pays 14 (drawn 0-0: 28), R6
    claim_doubles: bool  # H2: R14 payments must be claimed with the play, else lapse

    def __init__(self, polish_double_blank: bool = False, claim_doubles: bool = False) -> None:
        set_fields(self, polish_double_blank=polish_double_blank, claim_doubles=claim_doubles)

    def to_json(self) -> dict:
        return {"H1": self.polish_double_blank, "H2": self.claim_doubles}

    @classmethod
    def from_json(cls, data: dict) -> Options:
        return cls(bool(data.get("H1", False)), bool(data.get("H2", False)))
