"""The view of a hand: everything a screen or a diagram shows of it, decided here and drawn by
the page (docs/view-format.md; the app's whole table view is ``nos.table_view``'s).

Like ``chess.svg.board(board, lastmove=…)``, which asks the board and restates no rule, the
page draws this JSON and re-derives nothing: every label is an event or a word key
(``nos.events``; the catalogue words them), every legal action is a record with the exact
action to send back, every limit is a setting. Only the person's own tiles are in it (R71).
"""

from __future__ import annotations

from typing import Any

from nos.actions import Action, Announce, Declare, Decline, Draw, Pass, Play, Set, Wait
from nos.contract import (
    KIND_ANNOUNCE,
    KIND_DECLARE,
    KIND_DECLINE,
    KIND_DRAW,
    KIND_DRAW_SET,
    KIND_NO_DOUBLE,
    KIND_PASS,
    KIND_PLAY,
    KIND_SET,
    KIND_WAIT,
    SET_CHOOSE,
    SET_DRAW,
    SET_HIGHEST,
    SHAPE_CROSS,
    SHAPE_LINE,
    SHAPE_TRIANGLE,
    VERSION,
)
from nos.deal import LAST_TWO
from nos.events import Event
from nos.force import in_force, turn
from nos.games import (
    GAME_RULES,
    GAMES,
    TRIANGLE_GAMES,
    Announcement,
    announcement_params,
    game_unavailable,
    legal_announcements,
    plan_for,
    side_key,
)
from nos.hand import Hand
from nos.layout import set_lies
from nos.observation import Observation
from nos.payments import (
    CLOSE_PAYMENT,
    DECLARATION_PAYMENTS,
    START_CHIPS,
    WRONG_CLOSE_PAYMENT,
)
from nos.phase import Phase
from nos.session import Session
from nos.tiles import Tile

# The rows of the announcement form, in the order the dialog shows them (R40–R57).
ROWS = ("shape", "ordinary", "axis", "matching", "condition", "side", "count", "then")


def legal_record(hand: Hand, action: Action) -> dict[str, Any]:
    """A legal action as a record: its kind and parameters, and ``send``, the exact text to
    send back (``nos.actions``)."""
    rec: dict[str, Any] = {"send": str(action)}
    if isinstance(action, Play):
        rec.update(kind=KIND_PLAY, tile=str(action.tile), arm=action.arm, out=action.out,
                   close=action.close, claim=action.claim,
                   side=side_key(hand.layout.plan, action.arm))
    elif isinstance(action, Set):
        rec.update(kind=KIND_SET, tile=str(action.tile))
    elif isinstance(action, Draw):
        rec["kind"] = KIND_DRAW_SET if hand.phase is Phase.SET else KIND_DRAW
    elif isinstance(action, Announce):
        rec.update(kind=KIND_ANNOUNCE, game=announcement_params(action.game, hand.set_tile))
    elif isinstance(action, Declare):
        rec.update(kind=KIND_DECLARE, tiles=[str(t) for t in action.tiles],
                   amount=DECLARATION_PAYMENTS[hand.players][len(action.tiles)])
    elif isinstance(action, Decline):
        rec["kind"] = KIND_DECLINE if hand.phase is Phase.DECLARE else KIND_NO_DOUBLE
    elif isinstance(action, Wait):
        rec["kind"] = KIND_WAIT
    elif isinstance(action, Pass):
        rec["kind"] = KIND_PASS
    return rec


# ---------------------------------------------------------------- the announcement (R7)
_CATALOGUES: dict[int, dict[str, Any]] = {}  # by set tile: the same for every hand


def announce_catalogue(set_tile: Tile) -> dict[str, Any]:
    """The 17 games for this set tile: each with its ruling, the reason it is not available
    (a word key: ``unavailable.<key>``) or its options, and the rows of its form. Made once
    per set tile; not to be changed by the caller."""
    cached = _CATALOGUES.get(set_tile.index)
    if cached is None:
        cached = _CATALOGUES[set_tile.index] = _catalogue(set_tile)
    return cached


def _catalogue(set_tile: Tile) -> dict[str, Any]:
    legal = legal_announcements(set_tile)
    games = []
    for g in GAMES:
        options = [announce_option(a, set_tile) for a in legal if a.game == g]
        rows = [r for r in ROWS if any(r in o["choice"] for o in options)]
        games.append({"game": g, "rule": GAME_RULES[g], "rows": rows, "options": options,
                      "why": None if options else game_unavailable(g, set_tile)})
    # The dialog opens with game 1's first option picked, or the first game's that has one.
    default = next(o["send"] for g in games for o in g["options"])
    return {"set_tile": str(set_tile), "games": games, "default": default}


def announce_option(a: Announcement, set_tile: Tile) -> dict[str, Any]:
    """One legal announcement: ``send``, its name's parameters (``game``), its values in the
    form's rows (``choice``) and each side of the set tile with its matching, its note (the
    order of a condition, R56, R57) and the form value a click on it picks."""
    plan = plan_for(a, set_tile)
    choice: dict[str, Any] = {}
    g = a.game
    if a.shape is not None:
        choice["shape"] = a.shape
    if g == 11:
        choice["matching"] = a.matching.value if a.matching else "ordinary"
        choice["condition"] = "here" if a.here is not None else "first"
        choice["then"] = (a.matching.other if a.change else a.matching).value  # type: ignore[union-attr]
    if g == 12 and a.shape == "line":
        choice["ordinary"] = side_key(plan, a.ordinary or 0)
        choice["condition"] = "none" if a.first is None else "first"
    if g == 12 and a.shape != "line":
        choice["axis"] = "ns" if (a.ordinary or 0) == 0 else "ew"
    named = a.here if a.here is not None else a.first
    if named is not None:
        choice["side"] = side_key(plan, named)
    if a.first is not None:
        choice["count"] = a.count
    sides = []
    for i in range(plan.arms):
        token = side_key(plan, i)
        side: dict[str, Any] = {"side": token, "matching": plan.opening[i].value}
        if i in plan.sequence:  # R57a counts the set tile as the first tile; R56 does not
            k = plan.sequence.index(i) + (2 if g == 11 else 1)
            side["note"] = {"key": "note.nth", "n": k}
        elif a.first is not None and i == a.first:
            side["note"] = {"key": "note.first", "n": a.count}
        elif i in plan.late_arms:
            side["note"] = {"key": "note.fourth"}
        if "axis" in choice:
            side["pick"] = {"axis": "ns" if i % 2 == 0 else "ew"}
        elif g == 12:
            side["pick"] = {"ordinary": token}
        elif "side" in choice:
            side["pick"] = {"side": token}
        sides.append(side)
    shape = SHAPE_LINE if plan.arms == 2 else SHAPE_TRIANGLE if g in TRIANGLE_GAMES else \
        SHAPE_CROSS
    return {"send": f"announce {a}", "game": announcement_params(a, set_tile, plan),
            "choice": choice, "sides": sides, "shape": shape, "set_lies": set_lies(plan)}


# ---------------------------------------------------------------- a hand
def hand_view(hand: Hand, seat: int, log: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A hand as ``seat`` may see it (R71): the observation and what the page draws of it
    (the game's name parameters, who acts, the boneyard's drawable and last two tiles, each
    seat's last action from ``log``, the last play, the amounts of R8 and R18/R19)."""
    obs = Observation(hand, seat, legal=False)  # (the legal actions are the table view's to say)
    h = obs.to_json()
    h["game"] = (announcement_params(hand.announcement, hand.set_tile, hand.layout.plan)
                 if hand.announcement and hand.set_tile and hand.layout else None)
    h["acting"] = None if hand.over else hand.current
    h["in_force"] = in_force(hand)  # the game's condition as it stands (the table's bar)
    h["turn"] = turn(hand)  # whose turn and why
    # The declaration and out-of-turn steps (R8, R9) go round every seat (R71): a short
    # pause each, the same for every seat, so a hand does not start slowly.
    h["quick_step"] = hand.phase in (Phase.DECLARE, Phase.OUT_OF_TURN)
    h["first_hand"] = hand.first_hand
    h["set_reason"] = set_reason(hand, seat)
    h["drawable"] = obs.drawable
    h["last_two"] = min(obs.boneyard_count, LAST_TWO)
    h["last"] = last_events(log or [], hand.number, hand.players)
    h["last_play"] = last_play(hand)
    # R10: the seat's owed waits whose side is not open yet (owed, but not this turn).
    h["waits_later"] = [side_key(hand.layout.plan, arm) for arm in hand.waits[seat]
                        if not hand.layout.is_open(arm)] if hand.layout else []
    pays = DECLARATION_PAYMENTS[hand.players]
    h["declare_pays"] = [[n, pays[n]] for n in sorted(pays)]
    h["close_pays"] = [CLOSE_PAYMENT, WRONG_CLOSE_PAYMENT]
    # R21: the spots left in each hand are counted in the open, so a hand that is over
    # shows every seat's tiles (until then each seat sees only its own, R71).
    h["open_hands"] = [[str(t) for t in sorted(tiles, reverse=True)] for tiles in hand.hands] \
        if hand.over else None
    h["legal"] = []
    return h


def set_reason(hand: Hand, seat: int) -> str | None:
    """Why the player on set sets what they may, on their own screen only (R71: whether
    they hold a double is theirs to know): the first hand's highest double (R4), one of
    their doubles, or, holding none, the set tile drawn (R5). None for any other seat, or
    once set."""
    if hand.phase is not Phase.SET or seat != hand.setter:
        return None
    if hand.first_hand:
        return SET_HIGHEST
    return SET_CHOOSE if any(t.is_double for t in hand.hands[seat]) else SET_DRAW


def position_view(session: Session, seat: int | None = None) -> dict[str, Any]:
    """The view of a session's current hand for a diagram, as ``seat`` sees it (its own
    tiles; None: a bystander's, no tiles and nobody is "you")."""
    return diagram_view(session.hand, session.names, seat, session.players, session.chips)


def diagram_view(hand: Hand | None, names: list[str] | None = None, seat: int | None = None,
                 players: int | None = None, chips: list[int] | None = None,
                 known: list[int] | None = None) -> dict[str, Any]:
    """The view of ``hand`` for a diagram (web/draw/render_diagram.py), as ``seat`` sees it:
    the rules page's and the embeds' (a position or a replay, drawn without the worker).
    ``known``: the seats whose tiles are known (None: all); a hand started from a position
    deals the others' from a seed, so their counts (R21) are not shown."""
    n = players if hand is None else hand.players
    view: dict[str, Any] = {"version": VERSION, "players": n, "names": list(names or []),
                            "viewer": seat,
                            "chips": list(chips if hand is None else hand.chips),
                            "start_chips": START_CHIPS, "log": []}
    if hand is not None:
        h = hand_view(hand, 0 if seat is None else seat)
        if seat is None:
            h["tiles"] = []
            h["seat"] = None
            h["set_reason"] = None  # (seat 0's, from its tiles: a bystander knows none)
        if known is not None:
            for key in ("counts", "open_hands"):
                if h.get(key) is not None:
                    h[key] = [v if s in known else None for s, v in enumerate(h[key])]
        view["hand"] = h
    return view


def last_events(log: list[dict[str, Any]], number: int, players: int) -> list[Event | None]:
    """The last thing each seat did in hand ``number`` (an event), or None."""
    out: list[Event | None] = [None] * players
    for entry in log:
        event = entry.get("event") or {}
        seat = event.get("seat")
        if entry.get("hand") == number and isinstance(seat, int) and 0 <= seat < players \
                and event.get("key", "").startswith("act."):
            out[seat] = event
    return out


def last_play(hand: Hand) -> list[int] | None:
    """[arm, index on the arm] of the tile placed last, or None. A hand started from a
    position knows only what the position says: its previous turn's tile (``t``), if any,
    until a tile is played (the order in which its layout was laid out is not history)."""
    layout = hand.layout
    best = None
    if layout is None:
        return None
    if hand.origin is not None and not any(isinstance(a, Play) for _, a in hand.history):
        last = hand.last_turn
        if last is None or not 0 <= last[1] < len(layout.arms) or not layout.arms[last[1]]:
            return None
        return [last[1], len(layout.arms[last[1]]) - 1]
    for arm, placed in enumerate(layout.arms):
        for k, p in enumerate(placed):
            if best is None or p.seq > best[0]:
                best = (p.seq, arm, k)
    return None if best is None else [best[1], best[2]]
