"""Chips as a ledger (R23): every payment moves chips between two seats, with its ruling."""

from __future__ import annotations

from collections import namedtuple

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

class Payment(namedtuple("Payment", ("hand", "payer", "payee", "amount", "rule"))):
    """One ledger entry: ``payer`` pays ``payee`` ``amount`` chips under ``rule``."""

    __slots__ = ()

    def to_json(self) -> dict:
        return {"hand": self.hand, "from": self.payer, "to": self.payee,
                "amount": self.amount, "rule": self.rule}
