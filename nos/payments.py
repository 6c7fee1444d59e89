"""Chips as a ledger (R23): every payment moves chips between two seats, with its ruling."""

from __future__ import annotations

from typing import NamedTuple

# R8: payment from each other player for declared doubles, by players and number declared.
DECLARATION_PAYMENTS: dict[int, dict[int, int]] = {
    3: {4: 200, 5: 500},
    4: {3: 25, 4: 250},
    5: {3: 50},
}
NOS_PAYMENT = 5  # R15
CLOSE_PAYMENT = 20  # R18
WRONG_CLOSE_PAYMENT = 40  # R19
START_CHIPS = 500  # R1

RULE_REASONS = {
    "R6": "the set",
    "R8": "declared doubles",
    "R9": "a double out of turn on the set tile",
    "R14": "a double on the predecessor's tile",
    "R15": "nos",
    "R18": "a correct close",
    "R19": "a wrong close",
    "R21": "the count",
    "R24": "the pot of the settlement",
}


class Payment(NamedTuple):
    """One ledger entry: ``payer`` pays ``payee`` ``amount`` chips under ``rule``."""

    hand: int
    payer: int
    payee: int
    amount: int
    rule: str

    def to_json(self) -> dict:
        return {"hand": self.hand, "from": self.payer, "to": self.payee,
                "amount": self.amount, "rule": self.rule}

    def describe(self, names: list[str] | None = None) -> str:
        """E.g. "Bob pays Ann 4: a double on the predecessor's tile, R14"."""
        def name(seat: int) -> str:
            return names[seat] if names else f"Seat {seat}"
        reason = RULE_REASONS.get(self.rule, "")
        payer = name(self.payer)
        verb = "pay" if payer == "You" else "pays"
        return f"{payer} {verb} {name(self.payee)} {self.amount}: {reason}, {self.rule}"
