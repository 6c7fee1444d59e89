"""The table's view: everything the person's screen shows of a game the app runs
(``nos.app.Table``), JSON-safe (docs/view-format.md). The hand in it is ``nos.view``'s, as a
diagram draws it; this adds the session, the log, the legal actions as records, the undo, the
fair deal's seal, the coach's advice and the settings (R71: one person's view)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nos.actions import Announce, Set
from nos.contract import (
    KIND_ANNOUNCE,
    KIND_DRAW,
    KIND_DRAW_UNTIL,
    KIND_UNDO,
    VERSION,
    WAITING_BOT,
    WAITING_DONE,
    WAITING_HUMAN,
    WAITING_NEXT_HAND,
    WAITING_OTHER,
    WAITING_START,
)
from nos.events import Event
from nos.games import announcement_params
from nos.hand import Hand
from nos.payments import START_CHIPS, payment_table
from nos.phase import Phase
from nos.settings import DRAW_UNTIL, SETTINGS, UNDO, bot_least_ms
from nos.view import announce_catalogue, hand_view, legal_record

if TYPE_CHECKING:
    from nos.app import Table


def table_view(table: Table, error: Event | None = None, seat: int | None = None,
               public: bool = False) -> dict[str, Any]:
    """Everything the person's screen may show (R71), JSON-safe (docs/view-format.md);
    ``seat``: the screen of that seat's person when each plays at their own device;
    ``public``: the table's screen, which everyone sees (no one's tiles)."""
    session = table.session
    hand = table.hand
    me = None if public else table.human if seat is None else seat
    view: dict[str, Any] = {
        "version": VERSION,
        "players": session.players,
        "names": list(session.names),
        "viewer": me,
        "you": me,  # the seat the words call "you" (None: a screen that is everyone's)
        # The seats whose people share this device (pass-and-play: more than one).
        "people": ([] if me is None else [me]) if table.devices else list(table.humans),
        # Played together: the seats of the people at their own devices, the host's first.
        "together": list(table.humans) if table.devices else None,
        # Played together: the people's seats a computer player plays for now.
        "away": list(table.away) if table.devices else None,
        "level": table.level,
        "seed": table.seed if table.chosen else None,  # (a secret game's would mislead)
        "chips": session.chips,
        "start_chips": START_CHIPS,
        "house_rules": session.options.to_json(),
        "payments": payment_table(session.players, session.options),  # "How to play"
        "hands_played": sum(1 for h in session.hands if h.over),
        # Every seat's chips at the start and after each hand that is over (the chart).
        "chips_by_hand": [[START_CHIPS] * session.players] + [
            list(h.chips) for h in session.hands if h.over],
        "log": table.log[-200:],
        "error": error,
        "settlement": session.settlement.to_json() if session.settlement else None,
        "settings": SETTINGS,
    }
    if hand is None:
        view["waiting_for"] = WAITING_START
        return view
    h = hand_view(hand, 0 if me is None else me, table.log)
    if me is None:  # the table's screen: a bystander's, no one's tiles (R71)
        h.update(tiles=[], seat=None, set_reason=None, waits_later=[])
    if session.settlement is not None:
        view["waiting_for"] = WAITING_DONE
    elif hand.over:
        view["waiting_for"] = WAITING_NEXT_HAND
        view["next_setter"] = session.next_setter
    else:
        person = hand.current == me and not table.passes_for_person()
        other = table.devices and hand.current in table.humans and not person and \
            hand.current not in table.away and not table.passes_for_person()
        view["waiting_for"] = WAITING_HUMAN if person else WAITING_OTHER if other else \
            WAITING_BOT
        # R71: the least time the page gives this computer player's step (nos.settings).
        view["bot_least_ms"] = 0 if person else bot_least_ms(table.level, hand.phase)
    h["legal"] = [legal_record(hand, a) for a in hand.legal_actions()] \
        if view["waiting_for"] == WAITING_HUMAN else []
    if view["waiting_for"] == WAITING_HUMAN and table.must_draw():  # R12: all draws in one go
        h["legal"].append({"kind": KIND_DRAW_UNTIL, "send": DRAW_UNTIL})
    # The person's last play or set may be taken back until the next action is shown.
    view["undo"] = {"kind": KIND_UNDO, "send": UNDO} if table.can_undo() else None
    if view["waiting_for"] == WAITING_HUMAN and hand.phase is Phase.ANNOUNCE:
        h["announce"] = announce_catalogue(hand.set_tile)  # type: ignore[arg-type]
    if table.drawn is not None and table.drawn[0] == me:  # (theirs alone: R71)
        h["drawn"] = table.drawn[1]
    view["hand"] = h
    view["fair"] = table.fair_view()  # the commitment, then the seed (nos.fair)
    # The coach's advice is on the decision of the seat to act: only its screen shows it
    # (played together, another device's person may have asked for it, R71).
    view["coach"] = coach_view(table, me) if me is not None and hand.current == me else None
    k = len(session.hands) - 1
    # Per seat: the decisions the coach weighed in this hand for the person there.
    view["coached"] = list(table.coached[k]) if 0 <= k < len(table.coached) else \
        [0] * session.players
    if len(table.humans) > 1 and not table.devices and \
            view["waiting_for"] in (WAITING_NEXT_HAND, WAITING_DONE):
        view["you"] = None  # pass-and-play: the summary is everyone's, so "you" is no one
    return view


def coach_view(table: Table, seat: int | None = None) -> dict[str, Any] | None:
    """The coach's advice on the person's decision now (``nos.coach``): each option's
    actions as legal records (a set with the game it would announce), its expected chips to
    the end of the hand with a 95 % half width and its deals, and the expert's choice.
    ``deals``: those the options competing for the expert's choice were each weighed in
    (the search sets the others aside after fewer deals, each option says how many; the
    one weighed longest has more, ``Coach.deals``); ``order``: the options as the panel
    lists them (``coach_order``); ``tiles``: the option shown on each tile."""
    advice = table.advice()
    if advice is None:
        return None
    options = [option_record(table.hand, o) for o in advice.options()]
    if table.must_draw():  # (R12: the page offers the draws in one go, so the coach does)
        for o in options:
            if o["do"][0]["kind"] == KIND_DRAW:
                o["do"][0] = {"kind": KIND_DRAW_UNTIL, "send": DRAW_UNTIL}
    # Announcing after a set it weighed (a few games a double): now every game, new deals.
    after_set = table.hand.phase is Phase.ANNOUNCE and \
        table.set_weighed == (len(table.session.hands) - 1,
                              table.human if seat is None else seat)
    deals = advice.deals()
    order = coach_order(options, deals)
    return {"options": options, "best": advice.best_shown(), "deals": deals,
            "weighed": advice.weighed, "order": order, "tiles": tile_options(options, order),
            "after_set": after_set}


def coach_order(options: list[dict[str, Any]], deals: int | None = None) -> list[int]:
    """The indexes of ``options`` in the order the coach's panel lists them: the longest
    weighed first (the expert chooses among those; up to ``deals``, the view's: the base's
    extra deals do not count, ``Coach.base``), each group best first by its chips."""
    def weighed(o: dict[str, Any]) -> int:
        return o["deals"] if deals is None else min(o["deals"], deals)

    return sorted(range(len(options)), key=lambda i: (-weighed(options[i]),
                                                      -options[i]["mean"], i))


def tile_options(options: list[dict[str, Any]], order: list[int]) -> dict[str, int]:
    """For each tile an option plays or sets first, the index of the option the page shows
    on that tile in the hand: the first of that tile's options in ``order`` (the panel's,
    ``coach_order``)."""
    out: dict[str, int] = {}
    for i in order:
        tile = options[i]["do"][0].get("tile")
        if tile is not None and tile not in out:
            out[tile] = i
    return out


def option_record(hand: Hand, option: dict[str, Any]) -> dict[str, Any]:
    """One option the expert weighs (``nos.coach``), JSON-safe: its actions as legal records
    at ``hand`` (a set with the game it would announce), its chips rounded to tenths."""
    first, *rest = option["actions"]
    records = [legal_record(hand, first)]
    for a in rest:  # a set's announcement, on the tile it sets (R7)
        if isinstance(a, Announce) and isinstance(first, Set):
            records.append({"kind": KIND_ANNOUNCE, "send": str(a),
                            "game": announcement_params(a.game, first.tile)})
    half = option["half"]  # (None: weighed in one deal, no interval)
    return {"do": records, "mean": tenths(option["mean"]),
            "half": None if half is None else tenths(half),
            "deals": option["deals"]}


def tenths(x: float) -> float:
    """``x`` to one decimal (what the page shows of the coach's chips)."""
    return int(x * 10 + (0.5 if x >= 0 else -0.5)) / 10
