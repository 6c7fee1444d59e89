"""The versioned JSON game record (see docs/record-format.md): play, write, read, replay."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from nos.actions import Action, parse_action
from nos.deal import Deal
from nos.errors import BadRecord, IllegalAction
from nos.hand import Options
from nos.observation import Observation
from nos.session import Session
from nos.tiles import Tile

FORMAT = "nos-record"
VERSION = 1

Player = Callable[[Observation, random.Random], Action]


def session_record(session: Session) -> dict[str, Any]:
    """The record of a session: players, options, each hand's deal, setter, actions, tiebreak."""
    hands = []
    for i, hand in enumerate(session.hands):
        entry: dict[str, Any] = {
            "deal": hand.deal.to_json(),
            "setter": hand.setter,
            "actions": [str(a) for _, a in hand.history],
        }
        if i < len(session.tiebreaks):
            entry["tiebreak"] = [[[s, str(t)] for s, t in rnd] for rnd in session.tiebreaks[i]]
        hands.append(entry)
    return {
        "format": FORMAT,
        "version": VERSION,
        "players": session.players,
        "names": list(session.names),
        "seed": session.seed,
        "options": session.options.to_json(),
        "hands": hands,
        "settlement": ({"pot_winner": session.settlement.pot_winner}
                       if session.settlement else None),
    }


def play_session(players: int, seed: int, hands: int, player: Player,
                 options: Options | None = None) -> Session:
    """A session of ``hands`` hands where every seat is played by ``player``."""
    session = Session(players, seed=seed, options=options)
    rng = random.Random(f"players-{seed}")
    for _ in range(hands):
        hand = session.start_hand()
        while not hand.over:
            seat = hand.current
            hand.apply(player(Observation(hand, seat), rng))
        session.finish_hand()
    session.settle()
    return session


def _fail(where: str, reason: str) -> BadRecord:
    return BadRecord(f"{where}: {reason}")


def replay(data: Any) -> Session:
    """Replay a record (already parsed JSON), checking every action. Raises ``BadRecord`` with
    one line naming the hand, the action's index and the reason."""
    if not isinstance(data, dict):
        raise _fail("record", "the file is not a JSON object")
    if data.get("format") != FORMAT:
        raise _fail("record", f"this is not a Nos record (format is {data.get('format')!r})")
    if data.get("version") != VERSION:
        raise _fail("record", f"unsupported version {data.get('version')!r}; this reads {VERSION}")
    players = data.get("players")
    if type(players) is not int or players not in (3, 4, 5):
        raise _fail("record", f"players must be 3, 4 or 5, not {players!r}")
    try:
        options = Options.from_json(data.get("options") or {})
        names = data.get("names") or None
        if names is not None and (not isinstance(names, list) or len(names) != players):
            raise ValueError("names must list one name per player")
    except (ValueError, TypeError, AttributeError) as exc:
        raise _fail("record", str(exc)) from None
    seed = data.get("seed")
    if seed is not None and type(seed) is not int:
        raise _fail("record", f"seed must be a whole number, not {seed!r}")
    session = Session(players, seed=seed, options=options,
                      names=[str(n) for n in names] if names else None)
    hands = data.get("hands")
    if not isinstance(hands, list):
        raise _fail("record", "'hands' must be a list")
    for h, entry in enumerate(hands):
        _replay_hand(session, h, entry)
    settlement = data.get("settlement")
    if settlement is not None and not isinstance(settlement, dict):
        raise _fail("settlement", "must be an object like {\"pot_winner\": 0} or null")
    if isinstance(settlement, dict):
        if session.hand is None or not session.hand.over:
            raise _fail("settlement", "a session is settled only after a hand has ended (R24)")
        winner = settlement.get("pot_winner")
        if winner not in range(players):
            raise _fail("settlement", f"pot_winner must be a seat 0–{players - 1}")
        session.settle(pot_winner=winner)
    return session


def _replay_hand(session: Session, h: int, entry: Any) -> None:
    where = f"hand {h}"
    if not isinstance(entry, dict):
        raise _fail(where, "a hand must be a JSON object")
    if "deal" not in entry:
        raise _fail(where, "the hand has no 'deal'")
    try:
        deal = Deal.from_json(entry["deal"])
        if deal.players != session.players:
            raise ValueError(f"the deal is for {deal.players} players, not {session.players}")
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise _fail(where, f"bad deal: {exc}") from None
    if session.hand is not None and not session.hand.over:
        raise _fail(where, "the previous hand did not end")
    try:
        hand = session.start_hand(deal)
    except ValueError as exc:
        raise _fail(where, str(exc)) from None
    if "setter" in entry and entry["setter"] != hand.setter:
        raise _fail(where, f"the record says seat {entry['setter']} is on set, but the rules "
                           f"put seat {hand.setter} on set (R4, R5, R22)")
    actions = entry.get("actions")
    if not isinstance(actions, list):
        raise _fail(where, "'actions' must be a list")
    for i, text in enumerate(actions):
        try:
            hand.apply(parse_action(text))
        except IllegalAction as exc:
            raise _fail(f"{where}, action {i}", f"{text!r} is illegal: {exc.rule}: "
                                                f"{exc.reason}") from None
        except ValueError as exc:
            raise _fail(f"{where}, action {i}", str(exc)) from None
    if hand.over:
        tiebreak = entry.get("tiebreak")
        try:
            rounds = None if tiebreak is None else [
                [(int(s), Tile.parse(t)) for s, t in rnd] for rnd in tiebreak]
            session.finish_hand(rounds)
        except (TypeError, ValueError) as exc:
            raise _fail(where, f"bad tiebreak: {exc}") from None


def replay_to(data: Any, hand: int | None = None, after: int | None = None,
              full: Session | None = None) -> Session:
    """Replay a record up to a position: hand ``hand`` (0-based; default the last) after its
    first ``after`` actions (default all). The whole record is checked first (``BadRecord``),
    unless ``full`` is its complete replay already; a hand or action count out of range
    raises ``ValueError`` naming the valid range."""
    full = replay(data) if full is None else full
    count = len(full.hands)
    if count == 0:
        raise ValueError("the record has no hands")
    h = count - 1 if hand is None else hand
    if not 0 <= h < count:
        raise ValueError(f"the record has {count} hand{'s' if count > 1 else ''} "
                         f"(0–{count - 1}), not hand {h}")
    actions = data["hands"][h]["actions"]
    k = len(actions) if after is None else after
    if not 0 <= k <= len(actions):
        raise ValueError(f"hand {h} has {len(actions)} actions, so a position after 0–"
                         f"{len(actions)} of them, not {k}")
    if h == count - 1 and k == len(actions):
        return full
    cut = dict(data, hands=list(data["hands"][:h]) + [
        dict(data["hands"][h], actions=list(actions[:k]))], settlement=None)
    return replay(cut)


def replay_summary(session: Session) -> dict[str, Any]:
    """The JSON printed by ``python -m nos replay``."""
    ledger = list(session.ledger)
    hand = session.hand
    if hand is not None and not hand.over:
        ledger += hand.ledger
    return {
        "players": session.players,
        "hands": len(session.hands),
        "final_chips": session.chips,
        "ledger": [p.to_json() for p in ledger],
        "settlement": session.settlement.to_json() if session.settlement else None,
    }


def load(path: str) -> Any:
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as exc:
        raise _fail("record", f"cannot read {path}: {exc.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise _fail("record", f"not valid JSON: {exc}") from None
    except RecursionError:
        raise _fail("record", "the JSON is nested too deeply to be a game record") from None
