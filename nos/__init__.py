"""Nos, the Dutch domino game: a pure-Python engine (standard library only).

Modules, one idea each (rulings in brackets, see ``shared/rules/RULINGS.md``):

- ``tiles``       the double-six set, tile values and counts (R1, R21)
- ``matching``    ordinary and matador matching, matadors, blanks (R60–R62)
- ``games``       the 17 announceable games and their parameters (R40–R57)
- ``layout``      the tiles on the table: set tile, arms, open ends (R63)
- ``deal``        the deal as explicit chance steps (R2)
- ``fair``        provably fair deals: a seed committed to before the hand, revealed after
- ``actions``     the small immutable actions with parse/format
- ``payments``    ledger entries and payment tables (R6, R8, R23)
- ``hand``        one hand: set, announce, declare, doubles out of turn, turns, close, count
- ``session``     a session of hands: who is on set, tiebreaks, settlement (R4, R5, R22, R24)
- ``observation`` what one player may know (R71)
- ``record``      the versioned JSON game record
"""

from nos.actions import (
    Action,
    Announce,
    Declare,
    Decline,
    Draw,
    Pass,
    Play,
    Set,
    Wait,
    parse_action,
)
from nos.deal import Deal
from nos.errors import IllegalAction
from nos.games import Announcement, legal_announcements
from nos.hand import Hand, Options, Phase
from nos.matching import Matching
from nos.payments import Payment
from nos.session import Session
from nos.tiles import ALL_TILES, Tile

__all__ = [
    "ALL_TILES",
    "Action",
    "Announce",
    "Announcement",
    "Deal",
    "Decline",
    "Declare",
    "Draw",
    "Hand",
    "IllegalAction",
    "Matching",
    "Options",
    "Pass",
    "Payment",
    "Phase",
    "Play",
    "Session",
    "Set",
    "Tile",
    "Wait",
    "legal_announcements",
    "parse_action",
]
