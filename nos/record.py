"""The versioned JSON game record (see docs/record-format.md): play, write, read, replay."""

from __future__ import annotations

import json
import random
import sys
from typing import TYPE_CHECKING, Any

from nos.actions import DECLINE, Action, parse_action
from nos.deal import Deal
from nos.errors import BadRecord, IllegalAction
from nos.hand import Hand
from nos.house_rules import Options
from nos.observation import Observation
from nos.session import Session
from nos.tiles import Tile

if TYPE_CHECKING:
    from collections.abc import Callable

    from nos.session import Tiebreak

    Player = Callable[[Observation, random.Random], Action]

FORMAT = "nos-record"
# Version 3: a seat that has played a double out of turn keeps the step (R9), a "decline"
# recorded when it holds no other (R71). Version 2 records every seat's declaration (R8) and
# out-of-turn step, a "decline" for a seat with nothing to decide too; version 1 left those
# out. Older versions are read by passing the steps they leave out (``left_out``).
VERSION = 3
VERSIONS = (1, 2, 3)
try:  # what a stack exhausted raises: MicroPython (the rules page, embeds) has no such name
    TOO_DEEP: type[Exception] = RecursionError
except NameError:
    TOO_DEEP = RuntimeError


def left_out(hand: Hand, version: int) -> bool:
    """Whether the hand is at an empty step (``Hand.empty_step``) that a record of `version`
    does not write: it is passed with a decline as the record is read."""
    if version == 1:
        return hand.empty_step()
    return version == 2 and hand.empty_step_after_double()


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
                 options: Options | None = None,
                 played: Callable[[Session], None] | None = None) -> Session:
    """A session of ``hands`` hands where every seat is played by ``player``; ``played`` is
    called with the session after each hand (the command line's progress)."""
    session = Session(players, seed=seed, options=options)
    rng = random.Random(f"players-{seed}")
    for _ in range(hands):
        hand = session.start_hand()
        while not hand.over:
            seat = hand.current
            hand.apply(player(Observation(hand, seat), rng))
        session.finish_hand()
        if played is not None:
            played(session)
    session.settle()
    return session


def _fail(where: str, reason: str, at: tuple[int, int | None] | None = None,
          rules: bool = False) -> BadRecord:
    return BadRecord(f"{where}: {reason}", at, rules)


def _show(value: Any) -> str:
    """A JSON value in a few words for a message: JSON's ``true`` and ``null`` rather than
    Python's, and never a whole list or a 4,000-digit number."""
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:40] + "…")
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, int):
        text = str(value)
        return text if len(text) <= 20 else f"a number of {len(text)} digits"
    if isinstance(value, float):
        return json.dumps(value)
    try:
        text = json.dumps(value)  # ASCII: no lone surrogate reaches stderr
    except (TOO_DEEP, ValueError):
        text = ""
    if text and len(text) <= 40:
        return text
    return "a list" if isinstance(value, list) else "an object"


def _is_int(value: Any) -> bool:
    return type(value) is int  # JSON true and 1.0 are not whole numbers here


def _text_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _options(value: Any) -> Options:
    """The house rules; each must be a JSON boolean (``Options.from_json`` takes anything)."""
    if value is None:
        return Options()
    if not isinstance(value, dict):
        raise _fail("record", f"'options' must be an object like {{\"H1\": false, \"H2\": "
                              f"false}}, not {_show(value)}")
    for key in Options().to_json():
        if key in value and type(value[key]) is not bool:
            raise _fail("record", f"option {key} must be true or false, not "
                                  f"{_show(value[key])}")
    return Options.from_json(value)


def _unshowable(c: str) -> bool:
    """A control character (Unicode's category Cc), a lone surrogate (Cs) or a noncharacter
    U+FFFE/U+FFFF (without ``unicodedata``, which MicroPython lacks)."""
    o = ord(c)
    return o < 32 or 127 <= o < 160 or 0xD800 <= o <= 0xDFFF or o in (0xFFFE, 0xFFFF)


def _names(value: Any, players: int) -> list[str] | None:
    """The display names, one text per seat, or ``None`` for the default ones."""
    if value is None:
        return None
    if not _text_list(value) or len(value) != players:
        raise _fail("record", f"'names' must list one name (text) for each of the {players} "
                              f"players")
    for seat, name in enumerate(value):
        # Such characters cannot be written out (UTF-8, SVG) where the names are shown.
        if any(_unshowable(c) for c in name):
            raise _fail("record", f"the name of seat {seat} holds a control character or a "
                                  f"lone surrogate, which cannot be shown")
    return list(value)


def replay(data: Any) -> Session:
    """Replay a record (already parsed JSON), checking every field and action. Raises
    ``BadRecord`` with one sentence naming the hand, the action's index and the reason."""
    if not isinstance(data, dict):
        raise _fail("record", "the file is not a JSON object")
    if data.get("format") != FORMAT:
        raise _fail("record", f"this is not a Nos record (format is {_show(data.get('format'))})")
    version = data.get("version")
    if not _is_int(version) or version not in VERSIONS:
        raise _fail("record", f"unsupported version {_show(version)}; this reads "
                              f"{' and '.join(map(str, VERSIONS))}")
    players = data.get("players")
    if not _is_int(players) or players not in (3, 4, 5):
        raise _fail("record", f"players must be 3, 4 or 5, not {_show(players)}")
    names = _names(data.get("names"), players)
    options = _options(data.get("options"))
    seed = data.get("seed")
    if seed is not None and not _is_int(seed):
        raise _fail("record", f"seed must be a whole number, not {_show(seed)}")
    session = Session(players, seed=seed, options=options, names=names)
    hands = data.get("hands")
    if not isinstance(hands, list):
        raise _fail("record", "'hands' must be a list")
    for h, entry in enumerate(hands):
        _replay_hand(session, h, entry, version)
    settlement = data.get("settlement")
    if settlement is not None and not isinstance(settlement, dict):
        raise _fail("settlement", "must be an object like {\"pot_winner\": 0} or null")
    if isinstance(settlement, dict):
        if session.hand is None or not session.hand.over:
            raise _fail("settlement", "a session is settled only after a hand has ended (R24)")
        winner = settlement.get("pot_winner")
        if not _is_int(winner) or winner not in range(players):
            raise _fail("settlement", f"pot_winner must be a seat 0–{players - 1}, not "
                                      f"{_show(winner)}")
        try:
            session.settle(pot_winner=winner)
        except ValueError as exc:
            raise _fail("settlement", str(exc)) from None
    return session


def _deal(value: Any, players: int) -> Deal:
    """The deal of a hand entry; raises ``ValueError`` with the reason."""
    if not isinstance(value, dict):
        raise ValueError(f"a deal is an object with 'hands' and 'boneyard', not {_show(value)}")
    hands, boneyard = value.get("hands"), value.get("boneyard")
    if not isinstance(hands, list) or not all(_text_list(h) for h in hands):
        raise ValueError("'hands' must list each seat's tiles as text like \"5-3\"")
    if not _text_list(boneyard):
        raise ValueError("'boneyard' must list tiles as text like \"5-3\"")
    deal = Deal.from_json(value)
    if deal.players != players:
        raise ValueError(f"the deal is for {deal.players} players, not {players}")
    return deal


def _tiebreak(value: Any) -> Tiebreak:
    """Recorded R22 draws: rounds of ``[seat, tile]``; raises ``ValueError``."""
    if not isinstance(value, list):
        raise ValueError(f"it must be a list of rounds, not {_show(value)}")
    rounds: Tiebreak = []
    for rnd in value:
        if not isinstance(rnd, list):
            raise ValueError(f"each round is a list of [seat, tile] draws, not {_show(rnd)}")
        drawn = []
        for pair in rnd:
            if not (isinstance(pair, list) and len(pair) == 2 and _is_int(pair[0])
                    and isinstance(pair[1], str)):
                raise ValueError(f"each draw is [seat, tile] like [1, \"5-4\"], not "
                                 f"{_show(pair)}")
            drawn.append((pair[0], Tile.parse(pair[1])))
        rounds.append(drawn)
    return rounds


def _replay_hand(session: Session, h: int, entry: Any, version: int) -> None:
    where = f"hand {h + 1}"  # (counted from 1, as in the app and the command line)
    if not isinstance(entry, dict):
        raise _fail(where, "a hand must be a JSON object", (h, None))
    if "deal" not in entry:
        raise _fail(where, "the hand has no 'deal'", (h, None))
    try:
        deal = _deal(entry["deal"], session.players)
    except ValueError as exc:
        raise _fail(where, f"bad deal: {exc}", (h, None)) from None
    if session.hand is not None and not session.hand.over:
        raise _fail(where, "the previous hand did not end", (h, None), True)
    try:
        hand = session.start_hand(deal)
    except ValueError as exc:
        raise _fail(where, str(exc), (h, None), True) from None
    if "setter" in entry and not (_is_int(entry["setter"]) and entry["setter"] == hand.setter):
        raise _fail(where, f"the record says seat {_show(entry['setter'])} is on set, but the "
                           f"rules put seat {hand.setter} on set (R4, R5, R22)", (h, None), True)
    actions = entry.get("actions")
    if not isinstance(actions, list):
        raise _fail(where, "'actions' must be a list", (h, None))
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            raise _fail(f"{where}, action {i + 1}", f"an action is text like 'draw' or '5-3@1>3', "
                                                f"not {_show(text)}", (h, i))
        try:
            while left_out(hand, version):
                hand.apply(DECLINE)
            hand.apply(parse_action(text))
        except IllegalAction as exc:
            raise _fail(f"{where}, action {i + 1}", f"{text!r} is illegal: {exc.reason}",
                        (h, i), True) from None
        except ValueError as exc:
            raise _fail(f"{where}, action {i + 1}", str(exc), (h, i)) from None
    while left_out(hand, version):
        hand.apply(DECLINE)
    if hand.over:
        tiebreak = entry.get("tiebreak")
        try:
            rounds = None if tiebreak is None else _tiebreak(tiebreak)
        except ValueError as exc:  # (kept, the hand stops before its last action)
            raise _fail(where, f"bad tiebreak: {exc}", (h, len(actions) - 1)) from None
        # Drawing without a seed would give another setter on every replay (R22).
        if rounds is None and session.seed is None and len(hand.losers()) > 1:
            raise _fail(where, "the hand ended in a tie for the highest count (R22) but the "
                               "record has no tiebreak and no seed to draw it from",
                        (h, len(actions) - 1))
        try:
            session.finish_hand(rounds)
        except ValueError as exc:
            raise _fail(where, f"bad tiebreak: {exc}", (h, len(actions) - 1), True) from None


def replay_legal(data: Any) -> tuple[Session, Any, tuple[int, int] | None]:
    """Replay a record as far as it is legal: ``(session, the record replayed, cut)``, where
    ``cut`` is ``(hand, actions kept)`` if the record was cut before the first action, hand
    or tiebreak refused (whatever follows it, and the settlement, left out), else None; a
    refused settlement alone is left out. ``BadRecord`` only if not even the first hand
    can be replayed (its ``rules`` says why)."""
    cut = None
    while True:
        try:
            return replay(data), data, cut
        except BadRecord as exc:
            if exc.at is None:
                if isinstance(data, dict) and data.get("settlement") is not None and \
                        str(exc).startswith("settlement"):
                    data = dict(data, settlement=None)
                    continue
                raise
            h, kept = exc.at
            hands = data["hands"]
            if kept is None:  # the hand itself: kept are the hands before it, if any
                if h == 0:
                    raise
                h -= 1
                kept = len(hands[h]["actions"])
                entry = hands[h]
            else:
                entry = {k: v for k, v in hands[h].items() if k != "tiebreak"}
                entry["actions"] = list(hands[h]["actions"][:kept])
            data = dict(data, hands=list(hands[:h]) + [entry], settlement=None)
            cut = (h, kept)


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


def replay_position(data: Any, full: Session, hand: int | None, after: int | None,
                    name: str = "the record") -> Session:
    """A command line's position of a record: hand ``hand`` counted from 1 as in the app
    (default the last) after ``after`` actions (default all), ``full`` being the record's
    complete replay. Raises ``ValueError`` with one sentence naming ``--hand``/``--after``."""
    count = len(full.hands)
    if count == 0:
        raise ValueError(f"{name} has no hands.")
    number = count if hand is None else hand
    if not 1 <= number <= count:
        raise ValueError(f"--hand must be 1–{count}: the record has {count} "
                         f"hand{'s' if count > 1 else ''}, not {hand}.")
    total = len(data["hands"][number - 1]["actions"])
    if after is not None and not 0 <= after <= total:
        raise ValueError(f"--after must be 0–{total}: hand {number} has {total} actions, "
                         f"not {after}.")
    return replay_to(data, number - 1, after, full=full)


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
    """The parsed JSON of the file at ``path``; raises ``BadRecord`` with one sentence."""
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as exc:
        raise _fail("record", f"cannot read {path}: {exc.strerror or exc}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise _fail("record", f"not valid JSON: {exc}") from None
    except ValueError:
        # Python refuses to convert an integer of more than 4,300 digits (CVE-2020-10735).
        raise _fail("record", f"a number in the file has more than "
                              f"{sys.get_int_max_str_digits():,} digits, far too long for a "
                              f"game record") from None
    except TOO_DEEP:
        raise _fail("record", "the JSON is nested too deeply to be a game record") from None
