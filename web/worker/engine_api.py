# The Pyodide worker `engine`'s API (web/worker/worker.py exports it): holds the authoritative
# game (one nos.app.Table) and the bots. It never touches the DOM (no pyscript.document / window):
# everything it shares with the main thread goes through the functions below, which take and
# return JSON strings. Every reply is {"view": ..., "save": "<the game record as JSON text>"
# or None, "error": an event or None}; the main thread stores `save` in localStorage after
# every action. Nothing here raises into the main thread: a bad request, a damaged saved
# game or an engine failure comes back as an event (a word key and its parameters, worded
# by the page's catalogue, web/words/), and the game in progress is kept. This module and
# the engine reach the worker as bytecode (web/worker.zip, unpacked into the working
# directory by PyScript; scripts/build_web.py).
import json
import sys

import record_link
from safe_json import digits, too_deep

from nos import together
from nos.actions import attempted
from nos.app import Table
from nos.errors import BadRecord
from nos.house_rules import Options
from nos.position import Position
from nos.record import session_record
from nos.settings import SETTINGS, people_seats
from nos.together import MAX_MESSAGE, Door

_table = None  # the game in progress
_door = None  # played together: the host's checks on the other devices' messages
# URL parameters that start a game, and those that only set the page up (delay: the pause
# before each computer player's action, in ms).
GAME_PARAMS = ("seed", "players", "level", "h1", "h2", "people")
PAGE_PARAMS = ("delay",)


class Refused(Exception):
    """A request the worker refuses, with the event that says why."""

    def __init__(self, key, **params):
        super().__init__(key)
        self.event = {"key": key, **params}


def hello(request_json):
    """Boot handshake: echo the request and describe this interpreter: its versions, the
    engine's bytecode files, how each module of web/worker.zip's runtime part was
    loaded ("bytecode", or "source" if Python had to compile it at this boot), every module
    Python had to compile at this boot (none: web/python_stdlib.zip holds the standard
    library compiled), and how Pyodide started ("snapshot" or "fresh": web/pyodide.mjs)."""
    from pathlib import Path

    import js
    import pyodide

    request = json.loads(request_json)
    nos_files = sorted(p.as_posix() for p in Path("nos").rglob("*.pyc"))
    runtime = {name: _loaded_from(module) for name, module in sorted(sys.modules.items())
               if (name == "html" or name.startswith(("html.", "pyscript.")))
               and getattr(module, "__file__", None)}  # not the JS modules PyScript adds
    return json.dumps(
        {
            "python": sys.version.split()[0],
            "implementation": sys.implementation.name,
            "pyodide": pyodide.__version__,
            "platform": sys.platform,
            "executable": sys.executable,
            "nos_files": nos_files,
            "runtime_modules": runtime,
            "compiled_at_boot": sorted(
                name for name, module in list(sys.modules.items())
                if getattr(module, "__file__", None) and _loaded_from(module) == "source"),
            "pyodide_start": str(getattr(js, "nosPyodideStart", "unknown")),
            "echo": request,
        }
    )


def _loaded_from(module):
    """"bytecode" if `module` came from a sourceless .pyc, from a hash-checked .pyc that
    matches its source, or is frozen into Python; "source" if it was compiled from its
    source at import."""
    import importlib.util

    spec = getattr(module, "__spec__", None)
    origin = getattr(spec, "origin", None) or ""
    if origin.endswith(".pyc") or origin == "frozen":
        return "bytecode"
    cached = getattr(spec, "cached", None)
    try:
        with open(cached, "rb") as f:
            head = f.read(16)
        with open(origin, "rb") as f:
            source = f.read()
    except (OSError, TypeError):
        return "source"
    hash_based = int.from_bytes(head[4:8], "little") & 1
    return "bytecode" if hash_based and head[8:16] == importlib.util.source_hash(source) \
        else "source"


def _view(error=None):
    if _table is None:
        return None
    return _table.view(error=error)


def _reply(view, error=None):
    error = error or (view or {}).get("error")
    save = json.dumps(_table.save()) if _table is not None else None
    return json.dumps({"view": view, "save": save, "error": error})


def _guard(run):
    """Run a request; any failure becomes an event and keeps the game in progress."""
    try:
        return _reply(run())
    except Refused as exc:
        return _reply(_view(), exc.event)
    except Exception as exc:  # noqa: BLE001 - never a traceback on the page
        reason = str(exc).strip().rstrip(".")[:200] or type(exc).__name__
        print("Nos engine failure:", repr(exc), file=sys.stderr)
        return _reply(_view(), {"key": "error.engine", "reason": reason})


def _parse(text, big_int=False):
    """JSON text that is not too deep, parsed; ValueError otherwise. `big_int`: a number
    of more digits than Python converts (4,300) reads as None, not as a refusal of the
    whole text (a save's damaged setting then loses no game)."""
    if not isinstance(text, str) or too_deep(text):
        raise ValueError("not a readable JSON text")
    return json.loads(text, parse_int=_int_or_none) if big_int else json.loads(text)


def _int_or_none(digits_text):
    return int(digits_text) if len(digits_text) <= 4300 else None


def _load(request_json):
    try:
        data = _parse(request_json) if request_json else {}
    except (TypeError, ValueError, RecursionError):
        raise Refused("error.unreadable") from None
    if not isinstance(data, dict):
        raise Refused("error.unreadable")
    return data


def _short(value, most=20):
    """A refused value as its sentence quotes it: cut at `most` characters, and then said
    to be cut (…)."""
    text = str(value)
    return text if len(text) <= most else text[:most - 1] + "…"


def _number(value, low, high, key):
    """A whole number from low to high (an int, or its digits as text), else Refused(key)."""
    text = str(value).strip() if isinstance(value, int | str) and \
        not isinstance(value, bool) else ""
    if not digits(text) or len(text) > 10 or not low <= int(text) <= high:
        raise Refused(key, value=_short(value), low=low, high=high)
    return int(text)


def _switch(value, name):
    """A house rule's switch: true/false, or "1"/"0"/"" (on) from a URL."""
    if isinstance(value, bool):
        return value
    if value in ("1", "0", ""):
        return value != "0"
    raise Refused("error.house_rule", rule=name.upper(), value=_short(value))


def _config(cfg):
    """(players, level, seed, options, people, seats) of a new-game request, or Refused;
    `people` at one device (pass-and-play), 1 to the number of players, at `seats` (None:
    the first ones)."""
    choices = SETTINGS["players"]
    players = _number(cfg.get("players", SETTINGS["defaults"]["players"]), choices[0],
                      choices[-1], "error.players")
    level = str(cfg.get("level", SETTINGS["defaults"]["level"])).lower()
    if level not in SETTINGS["levels"]:
        raise Refused("error.level", value=_short(cfg.get("level")))
    seed = cfg.get("seed")
    low, high = SETTINGS["seed"]
    seed = None if seed is None or seed == "" else _number(seed, low, high, "error.seed")
    options = Options(_switch(cfg.get("h1", False), "h1"), _switch(cfg.get("h2", False), "h2"))
    low, high = SETTINGS["people"][str(players)]
    people = _number(cfg.get("people", 1), low, high, "error.people")
    if cfg.get("together") is True and people < (1 if cfg.get("table_screen") is True else 2):
        raise Refused("error.together_people")
    seats = cfg.get("seats")  # (which seats the people take: the first ones if not said)
    if seats is not None and not people_seats(seats, players, people):
        raise Refused("error.seats", value=_short(", ".join(  # (numbered from 1, as shown)
            str(s + 1) if type(s) is int else str(s) for s in seats)
            if isinstance(seats, list) else seats))
    return players, level, seed, options, people, seats


def check_query(request_json):
    """The page's URL parameters ({"query": [[name, value], ...]}, as text), checked:
    {"game": a new-game request or None, "delay": ms or None, "error": event or None}. A bad
    parameter is an error and no game, so that the saved game is kept."""
    out = {"game": None, "delay": None, "error": None}
    try:
        pairs = _load(request_json).get("query") or []
        pairs = [(str(p[0]).lower(), str(p[1])) for p in pairs] if isinstance(pairs, list) \
            else []
        # The people's limit is the players given, wherever in the query they stand.
        given = {n: v for n, v in pairs if n == "players"}
        game = {}
        for name, value in pairs:
            if name == "delay":
                low, high = SETTINGS["delay"]
                out["delay"] = _number(value, low, high, "error.delay")
            elif name in GAME_PARAMS:
                game[name] = value  # each parameter checked in the order given
                _config({**given, **game} if name == "people" else game)
            else:
                raise Refused("error.param", name=_short(name),
                              names=", ".join(GAME_PARAMS + PAGE_PARAMS))
        if game:
            players, level, seed, options, people, _ = _config(game)
            out["game"] = {"players": players, "level": level, "seed": seed,
                           "h1": options.polish_double_blank, "h2": options.claim_doubles,
                           "people": people}
    except Refused as exc:
        out = {"game": None, "delay": None, "error": exc.event}
    except Exception:  # noqa: BLE001 - a malformed request is one event
        out = {"game": None, "delay": None, "error": {"key": "error.unreadable"}}
    return json.dumps(out)


def settings(_request_json=""):
    """The session settings and their limits (also in every view)."""
    return json.dumps(SETTINGS)


def new_game(cfg_json):
    """Start a new game: {"players": 3-5, "level": ..., "seed": optional, "h1", "h2",
    "people": within SETTINGS["people"] for the players (pass-and-play), "seats": optional,
    theirs (SETTINGS["host_seat"] among them)}."""

    def run():
        global _table, _door
        cfg = _load(cfg_json)
        players, level, seed, options, people, seats = _config(cfg)
        table = Table(players, seed=seed, level=level, options=options, people=people,
                      seats=seats,
                      devices=cfg.get("together") is True,
                      table_screen=cfg.get("table_screen") is True)
        view = table.start()
        _table, _door = table, Door(table)
        return view

    return _guard(run)


def _need_table():
    if _table is None:
        raise Refused("error.no_game")
    return _table


def act(request_json):
    """The person's action: {"action": "5-3@1>3"}; an illegal one is explained."""

    def run():
        table = _need_table()
        request = _load(request_json)
        action = request.get("action")
        if "attempt" in request:
            action = attempted(request["attempt"])
        if not isinstance(action, str) or not action.strip():
            raise Refused("error.no_action")
        return table.act(action)

    return _guard(run)


def bot_act(_request_json=""):
    """One action of the computer player to act (nothing if it is not a bot's turn)."""
    return _guard(lambda: _need_table().bot_act())


def next_hand(_request_json=""):
    return _guard(lambda: _need_table().next_hand())


def end_session(_request_json=""):
    """R24: settle the session (between hands)."""
    return _guard(lambda: _need_table().end_session())


def review(request_json=""):
    """The review of a finished hand (nos/review.py): {"review": ..., "error": event or
    None}; the request may name the hand ({"hand": index}, default the last one over) and
    the person ({"seat": s}, pass-and-play; default whose screen it is)."""
    out = {"review": None, "error": None}
    try:
        request = _load(request_json) if request_json else {}
        number, seat = request.get("hand"), request.get("seat")
        if any(v is not None and (type(v) is not int or v < 0) for v in (number, seat)):
            raise Refused("error.review_hand")
        try:
            out["review"] = _need_table().review(number, seat)
        except ValueError:
            raise Refused("error.review_hand") from None
    except Refused as exc:
        out["error"] = exc.event
    except Exception as exc:  # noqa: BLE001 - never a traceback on the page
        print("Nos engine failure:", repr(exc), file=sys.stderr)
        out["error"] = {"key": "error.engine", "reason": str(exc)[:200]}
    return json.dumps(out)


def coach(_request_json=""):
    """The coach's advice on the person's decision (nos/coach.py): the expert's search the
    first time, a quarter of a second more of it each time after; in the view's "coach"."""
    return _guard(lambda: _need_table().coach())


def verify(request_json=""):
    """Deal the hand just over again from its revealed seed and compare it with the seal the
    page showed before the hand, {"seal": hex digits} if the page kept it (nos.fair)."""

    def run():
        seal = _load(request_json).get("seal")
        return _need_table().verify(seal if isinstance(seal, str) else None)

    return _guard(run)


def view(_request_json=""):
    return _guard(lambda: _need_table().view())


def joined(request_json):
    """Played together: a device has (re)joined for {"seat"}; its messages are numbered
    anew. The reply is that seat's (docs/together.md)."""
    try:
        seat = _load(request_json).get("seat")
        if _door is None or type(seat) is not int:
            raise Refused("together.no_seat")
        _door.joined(seat)
        return json.dumps({"view": _table.view(seat=seat), "save": None, "error": None})
    except Refused as exc:
        return json.dumps({"view": None, "save": None, "error": exc.event})


def away(request_json):
    """Played together: {"seat", "playing"}: a computer player plays that person's seat
    for now (their device lost the connection), or gives it back (nos.together.away)."""

    def run():
        request = _load(request_json)
        seat, playing = request.get("seat"), request.get("playing")
        try:
            together.away(_need_table(), seat, playing is True)
        except ValueError:
            raise Refused("together.no_seat") from None
        return _table.view()

    return _guard(run)


def named(request_json):
    """Played together: {"name"}, the name the host's person gives themselves (a guest's
    comes in its hello). Not on the table's screen: it holds no seat."""

    def run():
        table = _need_table()
        try:
            if table.table_screen:
                raise ValueError("the table's screen holds no seat")
            together.name_seat(table, table.human, _load(request_json).get("name"))
        except ValueError:
            raise Refused("together.no_seat") from None
        return table.view()

    return _guard(run)


def guest(request_json):
    """Played together: {"seat", "message"}, a message of the device that joined for that
    seat, checked by nos.together.Door. {"reply": what that device is sent, "changed":
    whether every device must be sent its new view}."""
    number = None
    try:
        request = json.loads(request_json)
        seat, text = request.get("seat"), request.get("message")
        if _door is None or type(seat) is not int:
            raise Refused("together.no_seat")
        answer, changed = _door.receive(seat, text)
        number = _number_of(text)
    except Refused as exc:
        answer, changed = {"view": None, "save": None, "error": exc.event}, False
    except Exception as exc:  # noqa: BLE001 - the game goes on
        print("Nos engine failure:", repr(exc), file=sys.stderr)
        answer = {"view": None, "save": None, "error": {"key": "error.engine",
                                                        "reason": str(exc)[:200]}}
        changed = False
    return json.dumps({"reply": answer, "changed": changed, "n": number})


def _number_of(text):
    """The number of a guest's message, if it can be read (its reply carries it back)."""
    if not isinstance(text, str) or len(text) > MAX_MESSAGE:
        return None
    try:
        n = json.loads(text).get("n")
    except (ValueError, RecursionError, AttributeError):
        return None
    return n if type(n) is int else None


def views(request_json):
    """Played together: each of {"seats"}'s view, as its device is sent it unasked
    ({"replies": {seat: reply}}), and the host's own reply, whose save the host keeps."""
    table = _table
    try:
        seats = [s for s in _load(request_json).get("seats") or [] if type(s) is int]
    except Refused:  # (no seats named: no views)
        seats = []
    replies = {}
    if table is not None:
        for seat in seats:
            if seat in table.humans:
                replies[str(seat)] = {"view": table.view(seat=seat), "save": None,
                                      "error": None}
    return json.dumps({"replies": replies})


def restore(saved_json):
    """Rebuild the game from a saved record (the `save` text of an earlier reply), as far
    as it replays by the rules, with the default settings where they cannot be read: the
    view's `kept` then says what was not kept. A save none of whose hands can be replayed is
    refused with one sentence that says why, and the game in progress is kept."""

    def run():
        global _table
        try:
            record = _parse(saved_json, big_int=True)
        except (TypeError, ValueError, RecursionError):
            raise Refused("error.save_damaged") from None
        try:
            table = Table.restore(record)
        except (BadRecord, RecursionError) as exc:
            print("Nos: the saved game was not restored:", _reason(exc))
            raise Refused("error.save_unrestorable" if getattr(exc, "rules", False)
                          else "error.save_unreadable") from None
        except Exception as exc:  # noqa: BLE001 - a damaged record may fail anywhere
            print("Nos: the saved game was not restored:", repr(exc))
            raise Refused("error.save_unreadable") from None
        global _door
        _table, _door = table, Door(table)
        view = table.view()
        if table.kept is not None:
            print("Nos: the saved game was restored with changes:", table.kept)
            view["kept"] = table.kept
        return view

    return _guard(run)


def share(_request_json=""):
    """What the Share dialog offers (JSON): the position as the person sees it (R71:
    their own tiles only, every hand once the hand is over, R21), and a replay link's record
    of the last hand that is over, with
    its number from 1 (a hand in progress is not offered: its record holds every hidden
    tile). {"position": text or None, "record": link text or None, "hand": n or None}."""
    out = {"position": None, "record": None, "hand": None, "error": None}
    try:
        table = _need_table()
        # (the table's screen, played together, is everyone's: no seat's tiles, R71)
        if table.hand is not None and (table.hand.over or not table.table_screen):
            shown = "all" if table.hand.over else "seat"  # (as the table shows it)
            out["position"] = str(Position.of(table.hand, table.human, shown))
        over = [i for i, h in enumerate(table.session.hands) if h.over]
        if over:
            data = session_record(table.session)
            data["hands"] = data["hands"][:over[-1] + 1]
            data.pop("settlement", None)
            if not table.chosen:  # a secret seed would foretell the session's later draws
                data.pop("seed", None)  # (R22, R24); the hands over hold their tiebreaks
            out["record"] = record_link.encode(data)
            out["hand"] = over[-1] + 1
    except Refused as exc:
        out["error"] = exc.event
    except Exception as exc:  # noqa: BLE001 - never a traceback on the page
        out["error"] = {"key": "error.engine", "reason": str(exc)[:200]}
    return json.dumps(out)


def _reason(exc):
    text = str(exc).strip().rstrip(".")
    if text.startswith("record: "):
        text = text[len("record: "):]
    return text or type(exc).__name__
