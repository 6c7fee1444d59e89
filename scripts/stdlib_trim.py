"""The part of Python's standard library the engine's worker needs, found by running it.

Runs inside Pyodide (in Node: scripts/trim_stdlib.mjs), never in CPython. Pyodide ships its
whole standard library as sources (python_stdlib.zip, 2.5 MB), and a fresh start compiles
each module it imports from them. The worker needs far fewer modules, and none compiled:

- ``build``: with the full library, records what Pyodide's own start imported, imports every
  standard module the worker's code names in an ``import`` (anywhere, in functions too:
  ``imports_named``) and drives every call of the worker's API (``drive``); every standard
  module then in ``sys.modules`` goes into the zip, compiled (sourceless ``.pyc``), so that a
  fresh start compiles nothing;
- ``check``: under a trimmed library, the same imports and a larger drive; a finder last on
  ``sys.meta_path`` sees every import nothing could satisfy, and any such name the full
  library has is a module the trimmed one lacks (``tests/test_worker_stdlib.py``).
"""

import ast
import importlib
import io
import json
import os
import random
import sys
import zipfile

STDLIB = "/lib/python{}{}.zip".format(*sys.version_info[:2])


def stdlib_modules():
    """Names of the modules in sys.modules that came from the standard library's zip (not
    the frozen ones, which are built into Python although their __file__ names the zip)."""
    return {name for name, module in sys.modules.items()
            if str(getattr(module, "__file__", None) or "").startswith(STDLIB + "/")
            and getattr(getattr(module, "__spec__", None), "origin", None) != "frozen"}


def library_names(zip_path):
    """Every module name a standard-library zip holds (sources or compiled)."""
    names = set()
    for entry in zipfile.ZipFile(zip_path).namelist():
        stem, dot, ext = entry.rpartition(".")
        if dot and ext in ("py", "pyc"):
            names.add(stem.removesuffix("/__init__").replace("/", "."))
    return names


class Misses:
    """Last on sys.meta_path: every import no finder before it could satisfy."""

    def __init__(self):
        self.names = set()

    def find_spec(self, name, path=None, target=None):
        self.names.add(name)
        return None


def imports_named(sources):
    """Absolute module names in every import statement of `sources` ({file: text})."""
    names = set()
    for text in sources.values():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def import_each(names, library):
    """Import each name the standard library has."""
    for name in sorted(names):
        top = name.split(".")[0]
        if name in library or top in library:
            try:
                importlib.import_module(name)
            except ImportError:
                if name in library:  # "from pkg import function" names no module
                    raise


def _call(api, name, request=None):
    reply = json.loads(getattr(api, name)(json.dumps(request or {})))
    error = reply.get("error") if isinstance(reply, dict) else None
    if error and error.get("key") == "error.engine":
        raise RuntimeError(f"{name}: the engine failed: {error.get('reason')}")
    return reply


def drive(seed, sessions, hands, expert_decisions):
    """Play through the worker's API (web/worker/engine_api.py) as the page does: every
    call, every level and player count, random legal actions for the person (announcements
    included), refusals, undo, share and the replay of the shared hand to a position (its
    text and view), a restore from the save (a replay of the record) and the settlement.
    Returns what it did, for the check to report."""
    import engine_api as api
    import record_link

    from nos.position import Position
    from nos.record import replay_to
    from nos.view import position_view

    rng = random.Random(seed)
    done = {"hands": 0, "actions": 0, "bot_actions": 0, "replays": 0, "levels": set()}
    api.hello(json.dumps({"ping": 1}))
    api.settings("")
    api.check_query(json.dumps({"query": [["seed", "12"], ["players", "4"], ["delay", "0"]]}))
    api.check_query(json.dumps({"query": [["players", "9"]]}))
    api.check_query("[[[[[[")
    _call(api, "view")  # no game yet: refused
    api.restore("{not json")
    plans = [(players, level) for level in ("beginner", "club", "expert")
             for players in (3, 4, 5)]
    for n in range(sessions):
        players, level = plans[n % len(plans)]
        reply = _call(api, "new_game", {"players": players, "level": level,
                                        "seed": rng.randrange(10**6), "h1": n % 2 == 0,
                                        "h2": n % 3 == 0})
        done["levels"].add(level)
        played = expert_calls = 0
        while reply["view"]:
            view = reply["view"]
            waiting = view["waiting_for"]
            if waiting == "human":
                legal = view["hand"]["legal"]
                pick = rng.choice(legal)["send"]
                if done["actions"] % 7 == 0:
                    _call(api, "act", {"attempt": {"kind": "play", "tile": "6-6", "arm": 0}})
                if rng.random() < 0.1:  # the coach's advice first, and a refinement
                    _call(api, "coach")
                    _call(api, "coach")
                reply = _call(api, "act", {"action": pick})
                done["actions"] += 1
                if reply["view"].get("undo") and rng.random() < 0.2:
                    reply = _call(api, "act", {"action": reply["view"]["undo"]["send"]})
            elif waiting == "bot":
                if level == "expert":
                    expert_calls += 1
                    if expert_calls > expert_decisions:
                        break
                reply = _call(api, "bot_act")
                done["bot_actions"] += 1
            elif waiting == "next_hand":
                done["hands"] += 1
                played += 1
                _call(api, "verify")  # the hand dealt again from its revealed seed
                json.loads(api.review(""))  # the hand reviewed by the expert's search
                shared = json.loads(api.share(""))
                if shared["record"]:  # the replay of a shared hand, to a position in it
                    record = record_link.decode(shared["record"])
                    session = replay_to(record, shared["hand"] - 1, rng.randrange(8))
                    json.dumps(position_view(session))
                    Position.parse(str(Position.of(session.hands[-1]))).hand()
                    done["replays"] += 1
                if played >= hands:
                    reply = _call(api, "restore", json.loads(reply["save"]))
                    reply = _call(api, "end_session")
                else:
                    reply = _call(api, "next_hand")
            else:  # settled
                _call(api, "view")
                break
    done["levels"] = sorted(done["levels"])
    return done


# Pyodide's own packages read their docstrings (their JavaScript-facing documentation).
KEEP_DOCSTRINGS = ("_pyodide/", "pyodide/")


def compiled_zip(names, stamp):
    """The standard library's modules `names` as sourceless bytecode in one zip (fixed
    timestamps, sorted), its comment `stamp`. A traceback shows the file's path, no line.
    Compiled as `python -OO` would (without docstrings and asserts: 12 % smaller), but for
    Pyodide's own packages."""
    import py_compile  # not before the drive: the worker itself never imports it

    library = zipfile.ZipFile(STDLIB)
    files = {}
    for name in names:
        module = sys.modules[name]
        files[module.__file__[len(STDLIB) + 1:]] = module.__file__
    os.makedirs("/trim", exist_ok=True)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for rel in sorted(files):
            source = "/trim/source.py"
            with open(source, "wb") as f:
                f.write(library.read(rel))
            py_compile.compile(source, cfile="/trim/out.pyc", dfile=files[rel], doraise=True,
                               optimize=0 if rel.startswith(KEEP_DOCSTRINGS) else 2,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            entry = zipfile.ZipInfo(rel + "c", date_time=(1980, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            with open("/trim/out.pyc", "rb") as f:
                out.writestr(entry, f.read())
        out.comment = stamp.encode()
    return buffer.getvalue()
