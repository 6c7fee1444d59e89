"""The view format as data (docs/view-format.md): each field of the view and of the worker's
replies with its type, when it is there, and the ruling it carries, and ``problems(value,
kind)`` that checks a value against it. tests/test_view_format.py checks every view of
random hands against it, and every key the page and the drawing read.

A type is one of the atoms below (``INT``, ``TILE``, ``SEAT``, …), ``opt(t)`` (t or None),
``list_of(t)``, ``row(t1, t2, …)`` (a list of fixed length), ``one_of(values)``, ``map_of(t)``
(any text keys), ``record({name: field(...)})`` or ``EVENT`` (a word key and its parameters,
each parameter typed by its name: ``PARAMS``). A field is always there unless it says
``when``.
"""

from __future__ import annotations

import re
from typing import Any

from nos import contract

INT, NUMBER, STR, BOOL = "int", "number", "str", "bool"
TILE = "tile"  # "5-3": high end first (R1)
SEAT = "seat"  # 0 … players − 1
SIDE = "side"  # a side token: n e s w, left right, arm1 arm2 arm3 fourth, end:5
RULE = "rule"  # a ruling, "R14", or a house rule, "H2"
EVENT = "event"
ATOMS = (INT, NUMBER, STR, BOOL, TILE, SEAT, SIDE, RULE, EVENT)


def opt(t: Any) -> tuple:
    return ("opt", t)


def list_of(t: Any) -> tuple:
    return ("list", t)


def row(*ts: Any) -> tuple:
    return ("row", ts)


def one_of(values: tuple) -> tuple:
    return ("enum", tuple(values))


def map_of(t: Any) -> tuple:
    return ("map", t)


def field(t: Any, about: str, rule: str = "", when: str = "") -> dict:
    """A field: its type, what it says, the ruling it carries, and when it is there (empty:
    always)."""
    return {"type": t, "about": about, "rule": rule, "when": when}


def record(fields: dict) -> tuple:
    return ("record", fields)


PHASE = one_of(contract.PHASES)
KIND = one_of(contract.KINDS)
MATCHING = one_of(contract.MATCHINGS)
SHAPE = one_of(contract.SHAPES)
LIES = one_of(contract.LIES)

# An announcement's parameters for its name (nos.games.announcement_params): the catalogue
# words it (``game.*``).
GAME = record({
    "game": field(INT, "the game, 1-17", "R40-R56"),
    "matching": field(MATCHING, "game 11's matching; game 12: the named side's", "R50, R51",
                      "games 11 and 12 with a side named first"),
    "then": field(MATCHING, "the matching after the change", "R57c", "game 11 with a change"),
    "here": field(SIDE, "the side of the second tile (11), of the first matador (17)",
                  "R57a, R56", "condition (a), game 17"),
    "first": field(SIDE, "the side that takes `count` tiles first", "R57b", "condition (b)"),
    "count": field(INT, "how many tiles go first on `first`", "R57b", "condition (b)"),
    "shape": field(STR, "line, cross or double cross", "R51, R56", "games 12 and 17"),
    "ordinary": field(SIDE, "the ordinary side of a volapük line", "R51", "game 12, a line"),
    "axis": field(one_of(("ns", "ew")), "the ordinary axis of a volapük cross", "R51",
                  "game 12, a cross"),
})

# Every parameter an event may carry, by name (nos/events.py; say.py words each by its kind).
PARAMS = {
    "seat": opt(SEAT), "from": SEAT, "to": SEAT, "winner": opt(SEAT), "setter": SEAT,
    "tile": opt(TILE), "tiles": list_of(TILE), "side": SIDE, "game": ("game",),
    "amount": INT, "n": INT, "count": INT, "end": INT, "out": INT, "blank": INT,
    "chips": INT, "pot": INT, "hand": INT, "arm": INT, "players": INT, "low": INT,
    "high": INT, "rule": RULE, "reason": STR, "commitment": STR, "text": STR, "value": STR,
    "name": STR, "names": STR, "close": BOOL, "claim": BOOL, "out_of_turn": BOOL,
    "counts": list_of(INT), "draws": list_of(list_of(row(SEAT, TILE, INT))),
    "seats": list_of(SEAT),
    "matching": one_of(contract.MATCHINGS), "then": one_of(contract.MATCHINGS),
}

# A legal action as a record (nos.view.legal_record): its kind, its parameters and `send`,
# the exact text to send back.
LEGAL = record({
    "kind": field(KIND, "what the action is (contract.KIND_*)"),
    "send": field(STR, "the action to send back, exactly"),
    "tile": field(TILE, "the tile played or set", "R4, R11", "play, set"),
    "arm": field(INT, "the arm it goes on", "R63", "play"),
    "out": field(INT, "the end it shows outward", "R60-R62", "play"),
    "side": field(SIDE, "the arm as a side token", "", "play"),
    "close": field(BOOL, "the play closes the game", "R16", "play"),
    "claim": field(BOOL, "the play claims its double's payment", "H2", "play"),
    "game": field(GAME, "the game announced", "R7", "announce"),
    "tiles": field(list_of(TILE), "the doubles declared", "R8", "declare"),
    "amount": field(INT, "what each other player pays for them", "R8", "declare"),
})

ARM = record({
    "side": field(SIDE, "the arm as a side token"),
    "tiles": field(list_of(row(TILE, INT, SEAT, MATCHING, LIES)),
                   "its tiles from the set tile out: tile, outward end, who played it, the "
                   "matching it was played under, how it lies", "R60-R63"),
    "end": field(INT, "the open end's number", "R60"),
    "open": field(BOOL, "a tile may go on it now", "R56, R57, R55"),
    "locked": field(opt(RULE), "the ruling that keeps it closed for now"),
    "matching": field(MATCHING, "the matching of its next tile", "R60-R62"),
    "needs_double": field(BOOL, "its next tile must be a double", "R42, R45"),
    "matador_left": field(BOOL, "a matador is still off the table", "R61"),
    "dead": field(BOOL, "it can never grow", "R49, R62, R45, R53"),
    "takes": field(INT, "the number its next tile must show", "R60-R62"),
    "label": field(STR, "what the end shows: a number, M, or a double like 5-5",
                   "R61, R42"),
    "end_lies": field(LIES, "how the tile its end awaits lies: crosswise where a double "
                      "must come next under ordinary matching", "R42, R63"),
})

LAYOUT = record({
    "set": field(TILE, "the set tile", "R4, R5"),
    "game": field(STR, "the announcement as an action's text"),
    "shape": field(SHAPE, "line, cross or triangle", "R40-R56"),
    "set_lies": field(LIES, "how the set tile lies", "R63"),
    "most": field(INT, "the most tiles one arm can hold (the drawing plans room for it)",
                  "R2, R20, R40-R56"),
    "arms": field(list_of(ARM), "each arm"),
    "order": field(list_of(INT), "the arm of each tile in the order they were played"),
})

SIDE_CHOICE = record({
    "side": field(SIDE, "a side of the set tile"),
    "matching": field(MATCHING, "its matching at the start", "R60-R62"),
    "note": field(EVENT, "the order it takes in a condition (note.*)", "R56, R57",
                  "a side with an order"),
    "pick": field(map_of(STR), "the form's value a click on it picks", "",
                  "a game with a side to name"),
})

OPTION = record({
    "send": field(STR, "the announcement to send back"),
    "game": field(GAME, "its name's parameters", "R7"),
    "choice": field(map_of((INT, STR)), "its values in the form's rows (nos.view.ROWS)"),
    "sides": field(list_of(SIDE_CHOICE), "each side of the set tile"),
    "shape": field(SHAPE, "the layout's shape", "R40-R56"),
    "set_lies": field(LIES, "how the set tile lies", "R63"),
})

ANNOUNCE = record({
    "set_tile": field(TILE, "the set tile", "R7"),
    "games": field(list_of(record({
        "game": field(INT, "the game, 1-17"),
        "rule": field(RULE, "the ruling that defines it", "R40-R56"),
        "rows": field(list_of(STR), "the rows of its form"),
        "options": field(list_of(OPTION), "each legal announcement of it"),
        "why": field(opt(STR), "why it is not available (unavailable.<key>)", "R7"),
    })), "the 17 games"),
    "default": field(STR, "the option the dialog opens with picked (its send)"),
})

HAND = record({
    # The observation (nos.observation): what the seat may know (R71).
    "seat": field(opt(SEAT), "whose view it is (None: a bystander's diagram)", "R71"),
    "players": field(INT, "the players", "R1"),
    "hand": field(INT, "the hand's number, from 0"),
    "phase": field(PHASE, "the step the hand is in (contract.PHASE_*)", "R4-R20"),
    "current": field(SEAT, "the seat to act", "R3"),
    "setter": field(SEAT, "the player on set", "R4, R22"),
    "set_tile": field(opt(TILE), "the set tile, once set", "R4, R5"),
    "set_drawn": field(BOOL, "the set tile was drawn", "R5"),
    "announcement": field(opt(STR), "the game announced, as an action's text", "R7"),
    "layout": field(opt(LAYOUT), "the tiles on the table, once announced", "R63"),
    "tiles": field(list_of(TILE), "the seat's own tiles (none for a bystander)", "R71"),
    "hand_sizes": field(list_of(INT), "each seat's number of tiles", "R71"),
    "declared": field(list_of(list_of(TILE)), "each seat's declared doubles", "R8"),
    "boneyard": field(INT, "the tiles in the boneyard", "R2"),
    "waits": field(list_of(list_of(INT)), "each seat's owed waits, by arm", "R10"),
    "out": field(list_of(BOOL), "each seat has gone out", "R15"),
    "nos": field(opt(SEAT), "the seat that went out first", "R15"),
    "chips": field(list_of(INT), "each seat's chips", "R23"),
    "ledger": field(list_of(record({
        "hand": field(INT, "the hand, from 0"), "from": field(SEAT, "who pays"),
        "to": field(SEAT, "who is paid"), "amount": field(INT, "how many chips"),
        "rule": field(RULE, "under which ruling"),
    })), "the hand's payments", "R23"),
    "history": field(list_of(row(SEAT, STR)), "the public actions: seat and action text",
                     "R71"),
    "legal": field(list_of(LEGAL), "the person's legal actions (empty unless it is their "
                   "decision)", "R70"),
    "counts": field(opt(list_of(opt(INT))), "each seat's count, once over (None: a seat a "
                    "diagram does not know)", "R21"),
    "end_reason": field(opt(one_of(contract.END_REASONS)), "why the hand ended", "R20"),
    "close_draw": field(opt(row(SEAT, INT)), "who drew after a right close, how many",
                        "R18"),
    "pass_streak": field(INT, "passes in a row", "R20c"),
    "voids": field(list_of(list_of(TILE)), "tiles each seat is known not to hold", "R71"),
    # What the page draws of it (nos.view.hand_view).
    "game": field(opt(GAME), "the game's name parameters", "R7"),
    "acting": field(opt(SEAT), "who acts (None once over)", "R3"),
    "in_force": field(list_of(EVENT), "the announced game's condition as it stands: the "
                      "side that takes the next tile, the tiles the named side still needs, "
                      "the opening, the matching now (force.*; nos/force.py)", "R41-R57, R60"),
    "turn": field(EVENT, "whose turn it is and why (turn.*; nos/force.py)", "R4-R13"),
    "quick_step": field(BOOL, "a step that goes round every seat: a short pause", "R71"),
    "first_hand": field(BOOL, "the session's first hand", "R4"),
    "set_reason": field(opt(one_of(contract.SET_REASONS)), "why the player on set sets what "
                        "they may, on their own screen (None: another's, or once set)",
                        "R4, R5"),
    "drawable": field(INT, "the tiles that may still be drawn", "R2, R11"),
    "last_two": field(INT, "the boneyard's last two (fewer at the end)", "R2"),
    "last": field(list_of(opt(EVENT)), "each seat's last action in the hand (act.*)"),
    "last_play": field(opt(row(INT, INT)), "[arm, index] of the tile placed last"),
    "waits_later": field(list_of(SIDE), "the seat's owed waits whose side is not open yet",
                         "R10"),
    "declare_pays": field(list_of(row(INT, INT)), "[doubles, chips] each declaration pays",
                          "R8"),
    "close_pays": field(row(INT, INT), "what a right close is paid, a wrong one costs",
                        "R18, R19"),
    "open_hands": field(opt(list_of(opt(list_of(TILE)))), "every seat's tiles, once over",
                        "R21"),
    "announce": field(ANNOUNCE, "the announcement's catalogue", "R7",
                      "the person is to announce"),
    "drawn": field(list_of(TILE), "the tiles the person's last request drew", "R71",
                   "the person drew"),
})

COACH = record({
    "options": field(list_of(record({
        "do": field(list_of(LEGAL), "its actions (a set with the game it would announce)"),
        "mean": field(NUMBER, "the chips it is expected to win to the hand's end"),
        "half": field(opt(NUMBER), "the 95 % half width (None: one deal)"),
        "deals": field(INT, "the deals it was weighed in"),
    })), "each option the expert weighs", "R71"),
    "best": field(INT, "the expert's choice, an index of options"),
    "deals": field(opt(INT), "the deals the options competing for the choice were weighed in"),
    "weighed": field(BOOL, "there was a choice to weigh"),
    "order": field(list_of(INT), "the options as the panel lists them"),
    "tiles": field(map_of(INT), "for each tile, the option shown on it"),
    "after_set": field(BOOL, "announcing after a set the coach weighed", "R7"),
})

FAIR = record({
    "hand": field(INT, "the hand's number, from 1"),
    "sealed": field(BOOL, "the hand has a shuffle seed"),
    "chosen": field(INT, "the deal number the game was begun with", "", "a chosen deal"),
    "commitment": field(STR, "the seed's SHA-256 (the seal)", "", "sealed"),
    "seed": field(STR, "the seed, revealed", "", "sealed, the hand over"),
    "verified": field(one_of(contract.VERDICTS), "what Verify found", "", "verified"),
})

SETTLEMENT = record({
    "chips": field(list_of(INT), "chips at the end", "R24"),
    "kept": field(list_of(INT), "chips kept after the pot", "R24"),
    "pot": field(INT, "the pot", "R24"),
    "pot_winner": field(opt(SEAT), "who won the pot", "R24"),
    "final": field(list_of(INT), "final chips", "R24"),
    "results": field(list_of(INT), "each seat's result", "R24"),
    "pot_draw": field(STR, "how the pot was drawn (a note for records, not shown)", "R24"),
})

SETTINGS = record({
    "players": field(list_of(INT), "the numbers of players", "R1"),
    "levels": field(list_of(STR), "the computer players' levels"),
    "seed": field(row(INT, INT), "the deal number's range"),
    "paces": field(list_of(row(STR, INT)), "the named paces, ms"),
    "pace": field(INT, "the default pace, ms"),
    "delay": field(row(INT, INT), "the pause's range, ms"),
    "undo_hold": field(INT, "how long the next computer player waits while the person's "
                       "play may be taken back, ms (at most 6 of its pauses)"),
    "house_rules": field(list_of(STR), "the house rules", "H1, H2"),
    "people": field(map_of(row(INT, INT)), "[least, most] people at one device, by players"),
    "host_seat": field(INT, "the seat of this device's person, always one of the people's "
                       "(a new game's `seats` name the others)"),
    "defaults": field(record({
        "players": field(INT, "the players"), "level": field(STR, "the level"),
        "H1": field(BOOL, "house rule H1"), "H2": field(BOOL, "house rule H2"),
        "people": field(INT, "the people at the device"),
    }), "the new-game dialog's defaults"),
})

LOG_ENTRY = record({
    "n": field(INT, "its number in the game"),
    "hand": field(INT, "the hand, from 0"),
    "event": field(EVENT, "what happened (act.*, log.*)"),
    "payments": field(list_of(EVENT), "the payments it caused (pay)", "R23"),
})

# The view of a hand for a diagram (nos.view.diagram_view): the rules page, the embeds,
# the review's steps, the app's export.
DIAGRAM_VIEW = record({
    "version": field(one_of((contract.VERSION,)), "the format's version (contract.VERSION)"),
    "players": field(INT, "the players", "R1"),
    "names": field(list_of(STR), "each seat's name"),
    "viewer": field(opt(SEAT), "whose view (None: a bystander's)", "R71"),
    "chips": field(list_of(INT), "each seat's chips", "R23"),
    "start_chips": field(INT, "the chips each seat starts with", "R23"),
    "log": field(list_of(LOG_ENTRY), "none in a diagram"),
    "hand": field(HAND, "the hand", "", "a hand to show"),
})

# The app's view (nos.table_view.table_view): a diagram's and the session around it.
VIEW = record({
    **DIAGRAM_VIEW[1],
    "you": field(opt(SEAT), "the seat the words call you (None: a screen that is everyone's)",
                 "R71"),
    "people": field(list_of(SEAT), "the seats of the people at this device"),
    "together": field(opt(list_of(SEAT)), "played together: the seats of the people at their "
                      "own devices, the host's first (docs/together.md)", "R71"),
    "away": field(opt(list_of(SEAT)), "played together: the people's seats a computer player "
                  "plays for now"),
    "level": field(one_of(("beginner", "club", "expert")), "the computer players' level"),
    "seed": field(opt(INT), "the deal number of a chosen game"),
    "house_rules": field(record({
        "H1": field(BOOL, "the Polish double blank on set is on", "H1"),
        "H2": field(BOOL, "payments for doubles are claimed", "H2"),
    }), "the house rules on", "H1, H2"),
    "payments": field(list_of(EVENT), "every kind of payment and its amounts (pays.*)",
                      "R6-R24"),
    "hands_played": field(INT, "the hands over"),
    "chips_by_hand": field(list_of(list_of(INT)), "every seat's chips at the start, then "
                           "after each hand that is over (the summary's chart)", "R23"),
    "log": field(list_of(LOG_ENTRY), "the last 200 entries of the log"),
    "error": field(opt(EVENT), "why the last request was refused (refuse.*, error.*)",
                   "R70"),
    "settlement": field(opt(SETTLEMENT), "the settlement, once settled", "R24"),
    "settings": field(SETTINGS, "the settings and their limits"),
    "waiting_for": field(one_of(contract.WAITING), "what the table waits for "
                         "(contract.WAITING_*)"),
    "next_setter": field(SEAT, "who is on set next", "R22", "waiting for the next hand"),
    "bot_least_ms": field(INT, "the least pause of this step, ms", "R71",
                          "a hand in progress"),
    "undo": field(opt(LEGAL), "the action that takes back the person's last play or set",
                  "", "a hand dealt"),
    "fair": field(opt(FAIR), "the deal's seal, then its seed", "", "a hand dealt"),
    "coach": field(opt(COACH), "the coach's advice on the person's decision", "R71",
                   "a hand dealt"),
    "coached": field(list_of(INT), "per seat, the decisions the coach weighed this hand", "",
                     "a hand dealt"),
    "taken_back": field(EVENT, "what an undo took back (notice.taken_back)", "",
                        "the reply to an undo"),
    "hand": field(HAND, "the hand in progress or the last one", "", "a hand dealt"),
})

REVIEW = record({
    "steps": field(list_of(record({
        "view": field(DIAGRAM_VIEW, "the position after the step's moves"),
        "hands": field(list_of(list_of(TILE)), "every hand, open"),
        "boneyard": field(list_of(TILE), "the boneyard, top first"),
        "event": field(opt(EVENT), "the action that led here"),
        "payments": field(list_of(EVENT), "what it paid", "R23"),
        "decision": field(opt(record({
            "options": field(list_of(record({
                "do": field(list_of(LEGAL), "its actions"),
                "mean": field(NUMBER, "expected chips"),
                "half": field(opt(NUMBER), "95 % half width"),
                "deals": field(INT, "deals"),
            })), "each option weighed"),
            "chosen": field(INT, "the option taken"), "best": field(INT, "the best option"),
            "cost": field(NUMBER, "what the choice cost against the best"),
            "cost_half": field(NUMBER, "its 95 % half width"),
            "deals": field(INT, "the deals every option was played in"),
        })), "the person's decision made here, weighed", "R71"),
    })), "each step of the hand"),
    "moves": field(INT, "the hand's actions"),
    "cost": field(NUMBER, "what the person's choices cost in all"),
    "clear": field(INT, "the choices that cost more than their half width"),
    "clear_cost": field(NUMBER, "what those cost"),
    "seat": field(SEAT, "whose decisions"),
    "hand": field(INT, "the hand, from 0"),
    "named": field(BOOL, "the review names whose decisions (pass-and-play)"),
})

# The worker's replies (web/worker/engine_api.py).
REPLY = record({
    "view": field(opt(VIEW), "the view (None: no game)"),
    "save": field(opt(STR), "the game record as JSON text, to store"),
    "error": field(opt(EVENT), "why the request was refused"),
})
REVIEW_REPLY = record({"review": field(opt(REVIEW), "the review"),
                       "error": field(opt(EVENT), "why there is none")})
SHARE_REPLY = record({
    "position": field(opt(STR), "the position as the person sees it", "R71"),
    "record": field(opt(STR), "a replay link's record of the last hand over"),
    "hand": field(opt(INT), "that hand's number, from 1"),
    "error": field(opt(EVENT), "why there is nothing to share"),
})
QUERY_REPLY = record({
    "game": field(opt(record({
        "players": field(INT, "the players"), "level": field(STR, "the level"),
        "seed": field(opt(INT), "the deal number"), "h1": field(BOOL, "house rule H1"),
        "h2": field(BOOL, "house rule H2"), "people": field(INT, "the people at the device"),
    })), "the new game the URL asks for (a new-game request)"),
    "delay": field(opt(INT), "the pause the URL asks for, ms"),
    "error": field(opt(EVENT), "the first bad parameter"),
})

# Played together (docs/together.md): a guest's message to the host, the host's to a guest,
# and what the host's worker answers its page about them (engine_api.guest, views).
# A move the page offers no legal action for (legal_records.attempt; nos.actions.attempted builds
# its action, which the engine refuses with its reason: R70), in an act instead of `action`.
ATTEMPT = record({
    "kind": field(one_of(("set", "play")), "set the tile, or play it"),
    "tile": field(TILE, "the tile"),
    "arm": field(INT, "the arm it was dropped on", "", "a play"),
    "out": field(INT, "the number it would leave open", "", "a play"),
    "close": field(BOOL, "with a close", "R18", "a play"),
    "claim": field(BOOL, "with a claim", "", "a play"),
})
GUEST_MESSAGE = record({
    "nos": field(one_of((contract.VERSION,)), "the format's version"),
    "n": field(INT, "the message's number on its connection, from 1"),
    "ask": field(one_of(("hello", "view", "act", "next_hand", "end_session", "verify",
                         "coach", "review")),
                 "the request"),
    "body": field(opt(record({
        "action": field(STR, "the legal record's send text", "", "an act"),
        "attempt": field(ATTEMPT, "a move no legal record offers", "R70", "an act"),
        "name": field(STR, "the person's name at this device", "", "a hello"),
        "seal": field(STR, "the seal this device was shown", "", "a verify"),
        "hand": field(INT, "the hand to review, from 0", "", "a review"),
    })), "the request's details"),
    "seen": field(INT, "the log's length in the view acted on", "", "an act"),
})
HOST_MESSAGE = record({
    "nos": field(one_of((contract.VERSION,)), "the format's version"),
    "n": field(opt(INT), "the message answered (None: a view sent unasked)"),
    "reply": field(opt(REPLY), "the reply, the view of the device's own seat", "R71",
                   "not a review"),
    "review": field(opt(REVIEW_REPLY), "the review of a hand over, the device's seat's", "",
                    "a review"),
})
GUEST_REPLY = record({
    "reply": field(REPLY, "what the device is sent"),
    "changed": field(BOOL, "the game changed: every device is sent its view"),
    "n": field(opt(INT), "the number of the message answered"),
})
VIEWS_REPLY = record({"replies": field(map_of(REPLY), "each seat's reply, by seat")})

FORMATS = {"view": VIEW, "diagram": DIAGRAM_VIEW, "reply": REPLY, "review": REVIEW_REPLY,
           "share": SHARE_REPLY, "query": QUERY_REPLY, "settings": SETTINGS,
           "guest_message": GUEST_MESSAGE, "host_message": HOST_MESSAGE,
           "guest_reply": GUEST_REPLY, "views_reply": VIEWS_REPLY}

_TILE = re.compile(r"^[0-6]-[0-6]$")
_SIDE = re.compile(r"^(n|e|s|w|left|right|arm1|arm2|arm3|fourth|end:[0-6])$")
_RULE = re.compile(r"^(R\d+[a-c]?|H[12])$")


def problems(value: Any, kind: str) -> list[str]:
    """What in ``value`` breaks the format ``FORMATS[kind]``: one line per problem."""
    out: list[str] = []
    _check(value, FORMATS[kind], kind, out)
    return out


def _check(value: Any, t: Any, path: str, out: list[str]) -> None:
    if isinstance(t, str):
        _atom(value, t, path, out)
    elif t == ("game",):  # an event's game: its parameters, or a refusal's number
        if not isinstance(value, int):
            _check(value, GAME, path, out)
    elif t[0] == "opt":
        if value is not None:
            _check(value, t[1], path, out)
    elif t[0] == "list":
        if not isinstance(value, list):
            out.append(f"{path}: not a list")
        else:
            for i, v in enumerate(value):
                _check(v, t[1], f"{path}[{i}]", out)
    elif t[0] == "row":
        if not isinstance(value, list) or len(value) != len(t[1]):
            out.append(f"{path}: not a list of {len(t[1])}")
        else:
            for i, (v, tt) in enumerate(zip(value, t[1], strict=True)):
                _check(v, tt, f"{path}[{i}]", out)
    elif t[0] == "enum":
        if value not in t[1]:
            out.append(f"{path}: {value!r} is not one of {t[1]}")
    elif t[0] == "map":
        if not isinstance(value, dict):
            out.append(f"{path}: not an object")
        else:
            for k, v in value.items():
                _check(v, t[1], f"{path}.{k}", out)
    elif t[0] == "record":
        _record(value, t[1], path, out)
    elif not any(_atom(value, a, path, []) for a in t):  # one of several atoms
        out.append(f"{path}: {value!r} is none of {t}")


def _record(value: Any, fields: dict, path: str, out: list[str]) -> None:
    if not isinstance(value, dict):
        out.append(f"{path}: not an object")
        return
    for name in value:
        if name not in fields:
            out.append(f"{path}.{name}: not in the format")
    for name, f in fields.items():
        if name in value:
            _check(value[name], f["type"], f"{path}.{name}", out)
        elif not f["when"]:
            out.append(f"{path}.{name}: missing")


def _atom(value: Any, t: str, path: str, out: list[str]) -> bool:
    """Check an atom; True if it is one."""
    ok = {
        INT: type(value) is int,
        NUMBER: type(value) in (int, float),
        STR: isinstance(value, str),
        BOOL: type(value) is bool,
        TILE: isinstance(value, str) and bool(_TILE.match(value)) and value[0] >= value[2],
        SEAT: type(value) is int and 0 <= value < 5,
        SIDE: isinstance(value, str) and bool(_SIDE.match(value)),
        RULE: isinstance(value, str) and bool(_RULE.match(value)),
        EVENT: isinstance(value, dict) and isinstance(value.get("key"), str),
    }[t]
    if not ok:
        out.append(f"{path}: {value!r} is not a {t}")
    elif t == EVENT:
        for name, v in value.items():
            if name == "key":
                continue
            if name not in PARAMS:
                out.append(f"{path}.{name}: not a parameter of the format")
            else:
                _check(v, PARAMS[name], f"{path}.{name}", out)
    return ok


def fields_of(t: Any, path: str = "") -> dict[str, dict]:
    """Every field of a type, by its dotted path (lists as ``[]``): for the docs' test."""
    out: dict[str, dict] = {}
    if isinstance(t, tuple) and t and t[0] == "record":
        for name, f in t[1].items():
            here = f"{path}.{name}" if path else name
            out[here] = f
            out.update(fields_of(f["type"], here))
    elif isinstance(t, tuple) and t and t[0] in ("opt", "list", "map"):
        out.update(fields_of(t[1], path + ("[]" if t[0] == "list" else "")))
    return out


def names() -> set[str]:
    """Every name the format gives a field or an event's parameter."""
    names = set(PARAMS) | {"key"}
    for t in FORMATS.values():
        names |= {p.split(".")[-1].replace("[]", "") for p in fields_of(t)}
    return names
