"""Chips as a ledger (R23): every payment moves chips between two seats, with its ruling."""

from __future__ import annotations

from collections import namedtuple
from typing import TYPE_CHECKING

from nos.tiles import DOUBLE_BLANK, Tile, double_value

if TYPE_CHECKING:
    from nos.house_rules import Options

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
SETTLE_STEP = 20  # R24: totals are rounded down to a multiple of this
POLISH_DOUBLE_BLANK = 14  # H1: what 0-0 set from the hand pays (R6)


def set_value(tile: Tile, drawn: bool, polish_double_blank: bool = False) -> int:
    """R6: what each opponent pays the player on set for a double set: one end's value (the
    double blank 7; H1: 14), twice that if drawn."""
    value = POLISH_DOUBLE_BLANK if tile == DOUBLE_BLANK and polish_double_blank else \
        double_value(tile)
    return 2 * value if drawn else value


def payment_table(players: int, options: Options) -> list[dict]:
    """Every kind of payment at a table of ``players`` with these house rules, as events
    (a key, its amounts and its ruling) for the page's "How to play": the engine's amounts,
    never restated by the page."""
    polish = options.polish_double_blank
    one_end = double_value(DOUBLE_BLANK)
    rows: list[dict] = [
        {"key": "pays.set_double", "blank": set_value(DOUBLE_BLANK, False, polish), "rule": "R6"},
        {"key": "pays.set_drawn_double", "blank": set_value(DOUBLE_BLANK, True, polish),
         "rule": "R6"},
        {"key": "pays.set_drawn_other", "rule": "R6"},
    ]
    declared = DECLARATION_PAYMENTS[players]
    rows += [{"key": "pays.declare", "n": n, "amount": declared[n], "rule": "R8"}
             for n in sorted(declared)]
    rows += [
        {"key": "pays.out_of_turn", "blank": one_end, "rule": "R9"},
        {"key": "pays.on_last_claim" if options.claim_doubles else "pays.on_last",
         "blank": one_end, "rule": "H2" if options.claim_doubles else "R14"},
        {"key": "pays.nos", "amount": NOS_PAYMENT, "rule": "R15"},
        {"key": "pays.close", "amount": CLOSE_PAYMENT, "rule": "R18"},
        {"key": "pays.wrong_close", "amount": WRONG_CLOSE_PAYMENT, "rule": "R19"},
        {"key": "pays.count", "blank": DOUBLE_BLANK.count, "rule": "R21"},
        {"key": "pays.settle", "amount": SETTLE_STEP, "chips": START_CHIPS, "rule": "R24"},
    ]
    return rows

class Payment(namedtuple("Payment", ("hand", "payer", "payee", "amount", "rule"))):
    """One ledger entry: ``payer`` pays ``payee`` ``amount`` chips under ``rule``."""

    __slots__ = ()

    def to_json(self) -> dict:
        return {"hand": self.hand, "from": self.payer, "to": self.payee,
                "amount": self.amount, "rule": self.rule}
