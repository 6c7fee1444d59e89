# The Pyodide worker `engine`'s API (web/worker.py exports it): holds the authoritative game
# (one nos.app.Table) and the bots. It never touches the DOM (no pyscript.document / window):
# everything it shares with the main thread goes through the functions below, which take and
# return JSON strings. Every reply is {"view": ..., "save": "<the game record as JSON text>"
# or None, "error": one sentence or None}; the main thread stores `save` in localStorage
# after every action. Nothing here raises into the main thread: a bad request, a damaged
# saved game or an engine failure comes back as one sentence, and the game in progress is
# kept. This module and the engine reach the worker as bytecode (web/worker.zip, unpacked
# into the working directory by PyScript; scripts/build_web.py).
import json
import sys

from nos.app import LEVELS, Table
from nos.errors import BadRecord
from nos.hand import Options

MAX_SEED = 2**31 - 1
_table = None  # the game in progress


class Refused(Exception):
    """A request the worker refuses, with the sentence to show."""


def hello(request_json):
    """Boot handshake: echo the request and describe this interpreter: its versions, the
    engine's bytecode files, how each module of web/worker.zip's runtime part was
    loaded ("bytecode", or "source" if Python had to compile it at this boot), and how
    Pyodide started ("snapshot" or "fresh": web/pyodide.mjs)."""
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
            "pyodide_start": str(getattr(js, "nosPyodideStart", "unknown")),
            "echo": request,
        }
    )


def _loaded_from(module):
    """"bytecode" if `module` came from a sourceless .pyc or from a hash-checked .pyc that
    matches its source; "source" if it was compiled from its source at import."""
    import importlib.util

    spec = getattr(module, "__spec__", None)
    origin = getattr(spec, "origin", None) or ""
    if origin.endswith(".pyc"):
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
    if view is not None:
        view["house_rules"] = _table.session.options.to_json()
    error = error or (view or {}).get("error")
    save = json.dumps(_table.save()) if _table is not None else None
    return json.dumps({"view": view, "save": save, "error": error})


def _guard(run):
    """Run a request; any failure becomes one sentence and keeps the game in progress."""
    try:
        return _reply(run())
    except Refused as exc:
        return _reply(_view(), str(exc))
    except Exception as exc:  # noqa: BLE001 - never a traceback on the page
        reason = str(exc).strip().rstrip(".") or type(exc).__name__
        return _reply(_view(), f"The engine could not do that: {reason}.")


def _load(request_json, what):
    try:
        data = json.loads(request_json) if request_json else {}
    except (TypeError, ValueError):
        raise Refused(f"The {what} is not readable (not JSON).") from None
    if not isinstance(data, dict):
        raise Refused(f"The {what} is not readable.")
    return data


def _number(value, low, high, sentence):
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise Refused(sentence)
    text = str(value).strip()
    if not text.isdigit() or len(text) > 10 or not low <= int(text) <= high:
        raise Refused(sentence)
    return int(text)


def _config(cfg):
    """(players, level, seed, options) of a new-game request, or Refused."""
    players = _number(cfg.get("players", 4), 3, 5,
                      "The number of players must be 3, 4 or 5.")
    level = cfg.get("level", "club")
    if level not in LEVELS:
        raise Refused(f"The level must be one of {', '.join(LEVELS)}.")
    seed = cfg.get("seed")
    if seed is not None and seed != "":
        seed = _number(seed, 0, MAX_SEED,
                       f"The seed must be a whole number from 0 to {MAX_SEED}.")
    else:
        seed = None
    options = Options(bool(cfg.get("h1", False)), bool(cfg.get("h2", False)))
    return players, level, seed, options


def new_game(cfg_json):
    """Start a new game: {"players": 3-5, "level": ..., "seed": optional, "h1", "h2"}."""

    def run():
        global _table
        players, level, seed, options = _config(_load(cfg_json, "new-game request"))
        table = Table(players, seed=seed, level=level, options=options)
        view = table.start()
        _table = table
        return view

    return _guard(run)


def _need_table():
    if _table is None:
        raise Refused("There is no game in progress; start a new game.")
    return _table


def act(request_json):
    """The person's action: {"action": "5-3@1>3"}; an illegal one is explained."""

    def run():
        table = _need_table()
        action = _load(request_json, "action").get("action")
        if not isinstance(action, str) or not action.strip():
            raise Refused("No action was given.")
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


def view(_request_json=""):
    return _guard(lambda: _need_table().view())


def restore(saved_json):
    """Rebuild the game from a saved record (the `save` text of an earlier reply).
    A damaged record is refused with one sentence and the game in progress is kept."""

    def run():
        global _table
        try:
            record = json.loads(saved_json)
        except (TypeError, ValueError):
            raise Refused("The saved game is damaged (not readable), so it was not "
                          "restored.") from None
        try:
            table = Table.restore(record)
        except BadRecord as exc:
            raise Refused(f"The saved game could not be restored ({_reason(exc)}).") from None
        except Exception as exc:  # noqa: BLE001 - a damaged record may fail anywhere
            raise Refused(f"The saved game could not be restored ({_reason(exc)}).") from None
        _table = table
        return table.view()

    return _guard(run)


def _reason(exc):
    text = str(exc).strip().rstrip(".")
    if text.startswith("record: "):
        text = text[len("record: "):]
    return text or type(exc).__name__
