"""The app embedded in another site's iframe (embed.html?play=1 sends it here, as
index.html?embed=1): it keeps no saved game (the person's own game on this site stays as it
is), leaves its URL as it is (a reload starts the same table) and tells the page around it
what happens, by postMessage (docs/embedding.md): nos:ready once playable, nos:resize when
its height changes, nos:action for every move (the event, its payments and its sentence)
and nos:hand-end when a hand is over."""

import json

import ui_logic as logic
from dom import absent
from language import embedded as language_embedded
from pyscript import document, window
from pyscript.ffi import create_proxy

# The URL's parameters the embedded page itself reads (not the engine's).
EMBED_PARAMS = ("embed", "bg", "seat", "play")
KEEP = []


def embedded():
    """Whether the page runs as an embed (?embed=1)."""
    return language_embedded()


def post(message):
    parent = window.parent
    # (Proxies of one JS object need not be equal in MicroPython: JS compares them.)
    if absent(parent) or getattr(window.Object, "is")(parent, window):  # noqa: B009
        return
    parent.postMessage(window.JSON.parse(json.dumps(message)), "*")


class Watch:
    """What has been told to the page around: the last log entry and whether it was told
    of the hand's end."""

    def __init__(self):
        self.last = None
        self.ended = None
        self.height = 0
        self.ready = False


WATCH = Watch()


def start():
    """Mark the page as embedded (CSS) and report its height whenever it changes."""
    document.documentElement.setAttribute("data-embed", "1")
    bg = ""
    for name, value in logic.parse_query(window.location.search):
        if name == "bg" and value in ("light", "dark", "system"):
            bg = value
    if bg:
        document.documentElement.setAttribute("data-bg", bg)
    observer = window.ResizeObserver.new(create_proxy(lambda *_: resized()))
    observer.observe(document.body)
    KEEP.append(observer)


def resized():
    height = int(document.documentElement.scrollHeight)
    if height != WATCH.height:
        WATCH.height = height
        post({"type": "nos:resize", "height": height})


def told(view, words):
    """After a view is shown: nos:ready the first time, nos:action for each new move of the
    log, nos:hand-end once per hand that is over."""
    if view is None:
        return
    if not WATCH.ready:
        WATCH.ready = True
        post({"type": "nos:ready"})
        resized()
    log = view.get("log") or []
    keys = [json.dumps(entry) for entry in log]
    first = _after(keys, WATCH.last) if WATCH.last is not None else 0
    for entry in log[first:]:
        event = entry.get("event") or {}
        if str(event.get("key", "")).startswith("act."):
            post({"type": "nos:action", "hand": whole(entry.get("hand")) + 1, "event": event,
                  "payments": entry.get("payments") or [], "text": words.capital(words.say(event)),
                  "paid": [words.capital(words.say(p)) for p in entry.get("payments") or []]})
    if keys:
        WATCH.last = keys[-1]
    hand = view.get("hand") or {}
    over = view.get("waiting_for") in ("next_hand", "done")
    if over and WATCH.ended != hand.get("hand"):
        WATCH.ended = hand.get("hand")
        post({"type": "nos:hand-end", "hand": whole(hand.get("hand")) + 1,
              "chips": view.get("chips"),
              "counts": hand.get("counts"), "reason": hand.get("end_reason")})


def whole(value):
    """A hand's index from the view (0 if it has none); messages count hands from 1, as the
    app and `?hand=` do."""
    return value if isinstance(value, int) else 0


def _after(keys, last):
    """The index after the last occurrence of `last` in `keys`."""
    for i in range(len(keys) - 1, -1, -1):
        if keys[i] == last:
            return i + 1
    return 0
