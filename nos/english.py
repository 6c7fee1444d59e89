"""The engine's words in English, for CPython users: a refusal's ``str()`` (R70), a bad
position text's, a game's name, the command line's errors.

There is one English: the page's own catalogue (``web/words/en.json``), filled in by the
page's own ``web/words/say.py``, both read from beside this package on first use. The engine
itself says only word keys and their parameters (``nos.events``); where the catalogue is not
at hand (the worker and the pages word the keys themselves, MicroPython has no
``importlib.util``), a sentence is the key and its parameters.

Seats are named by their letters as capitals, as the rules text and the rules page write them
(the position text writes them small: ``nos.notation.SEATS``, which imports this module).
"""

from __future__ import annotations

from typing import Any

SEAT_NAMES = ["A", "B", "C", "D", "E"]

_LOADED: list[Any] = []  # [the catalogue's Words, or None where there is none]


def words() -> Any:
    """The English catalogue as ``say.Words`` (seats named A-E), or None where there is
    none."""
    if not _LOADED:
        _LOADED.append(_load())
    return _LOADED[0]


def _load() -> Any:
    try:
        import importlib.util
        from pathlib import Path
    except ImportError:  # (MicroPython: the page words the keys itself)
        return None
    folder = Path(__file__).resolve().parent.parent / "web" / "words"
    try:
        spec = importlib.util.spec_from_file_location("nos_english_say", folder / "say.py")
        if spec is None or spec.loader is None:
            return None
        say = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(say)
        found = say.catalogue((folder / "en.json").read_text(encoding="utf-8"))
    except OSError:  # (an engine without the web app beside it: keys and parameters)
        return None
    if found is not None:
        found.names = SEAT_NAMES
    return found


def _bare(key: str, params: dict[str, Any]) -> str:
    """A key and its parameters, where there is no catalogue to word them."""
    if not params:
        return key
    return key + " (" + ", ".join(f"{k}={params[k]!r}" for k in sorted(params)) + ")"


def sentence(key: str, params: dict[str, Any] | None = None) -> str:
    """The sentence of the word ``key`` with ``params``: a capital first, a full stop last."""
    params = params or {}
    catalogue = words()
    if catalogue is None or not catalogue.has(key):
        return _bare(key, params)
    return catalogue.sentence(catalogue.word(key, params))


def game(params: dict[str, Any]) -> str:
    """An announcement's name from its parameters (``nos.games.announcement_params``)."""
    catalogue = words()
    if catalogue is None:
        return _bare("game", params)
    return catalogue.game(params)
