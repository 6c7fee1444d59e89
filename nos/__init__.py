"""Nos, the Dutch domino game: a pure-Python engine (standard library only).

Modules, one idea each (rulings in brackets, see ``shared/rules/RULINGS.md``), each importing
only those above it:

- ``value``       small immutable values without dataclasses (MicroPython has none)
- ``contract``    the names the view and the page share: the view's version, phases, kinds
- ``english``     the engine's words in English for CPython users, from the page's catalogue
- ``tiles``       the double-six set, tile values and counts (R1, R21)
- ``matching``    ordinary and matador matching, matadors, blanks (R60–R62)
- ``phase``       the step a hand is in: set, announce, declare, out of turn, play, over
- ``house_rules`` the house rules H1 and H2 (``Options``)
- ``games``       the 17 announceable games, their plans and sides (R40–R57)
- ``actions``     the small immutable actions with parse/format
- ``deal``        the deal as explicit chance steps (R2)
- ``layout``      the tiles on the table: set tile, arms, open ends (R63)
- ``payments``    ledger entries and payment tables (R6, R8, R23)
- ``fair``        provably fair deals: a seed committed to before the hand, revealed after
- ``errors``      refusals of illegal actions (R70) and bad records
- ``events``      what happens in a hand as events: a word key and its parameters
- ``diagnose``    why an action is refused: the ruling and a word key (R70)
- ``hand``        one hand: set, announce, declare, doubles out of turn, turns, close, count
- ``observation`` what one player may know (R71)
- ``force``       what is in force at the table: the game's condition as it stands, whose
  turn it is and why (R4–R13, R41–R57)
- ``session``     a session of hands: who is on set, tiebreaks, settlement (R4, R5, R22, R24)
- ``record``      the versioned JSON game record
- ``notation``    the position text's syntax (docs/position-format.md), shared with the page
- ``position``    a position as a value: the rules it must obey, a hand started from it
- ``view``        the view of a hand, as a screen or a diagram draws it (R71)
- ``settings``    the app's settings and limits (the people's seats), the computer players'
                  budget in the browser
- ``table_view``  the app's whole view: session, log, legal records, coach (docs/view-format.md)
- ``players``     the simplest computer player: random legal play
- ``determinize`` deals consistent with one player's observation, for search (R71)
- ``bots``        the computer players by level: beginner, club, expert (``nos.bots``)
- ``coach``       the expert's own search, shown for one decision of the person's
- ``review``      a finished hand replayed with every tile open, each decision weighed
- ``app_save``    the app's own part of a save, read back (each damaged entry dropped)
- ``app``         the game as the web app runs it: the person and computer players at a table
- ``together``    played together: the host's checks on each device's messages (R71)
- ``arena``       bots against bots: chips per hand with a 95 % confidence interval
- ``__main__``    the command line: play, replay, position, verify
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
from nos.hand import Hand
from nos.house_rules import Options
from nos.matching import Matching
from nos.payments import Payment
from nos.phase import Phase
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
