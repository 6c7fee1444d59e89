# PyScript named worker `engine` (the page's worker script): Pyodide holds the game and the
# bots; it never touches the DOM. Its functions are in engine_api (web/worker/engine_api.py), which
# arrives with the engine as bytecode in web/worker.zip, unpacked into the working directory
# by PyScript (pyscript.toml [files]): this script stays two statements, because PyScript
# compiles it from source at every page load.
# ruff: noqa: F401 - the names are exported by name, in __export__
from engine_api import (
    act,
    away,
    bot_act,
    check_query,
    coach,
    end_session,
    guest,
    hello,
    joined,
    named,
    new_game,
    next_hand,
    restore,
    review,
    settings,
    share,
    verify,
    view,
    views,
)

__export__ = ["hello", "new_game", "act", "bot_act", "next_hand", "end_session", "view",
              "restore", "check_query", "settings", "share", "verify",
              "coach", "review", "guest", "joined", "views",
              "away", "named"]
