"""The app embedded in another site's iframe (embed.html?play=1 sends it here, as
index.html?embed=1): it keeps no saved game (the person's own game on this site stays as it
is), leaves its URL as it is (a reload starts the same table) and tells the page around it
what happens, by postMessage (docs/embedding.md): nos:ready once playable, nos:resize when
its height changes, nos:action for every move (the event, its payments and its sentence)
and nos:hand-end when a hand is over."""

from browser import Height, absent, post_to_parent
from legal_records import logged
from pyscript import document
from render_spoken import unheard


class Watch:
    """What has been told to the page around: the last log entry and whether it was told
    of the hand's end."""

    def __init__(self):
        self.told = 0  # how many of the game's log entries are told
        self.ended = None
        self.height = Height()
        self.ready = False


WATCH = Watch()


def start():
    """Mark the page as embedded (CSS) and report its height whenever it changes. (The
    host's ?bg= is the colour theme: web/boot.js.)"""
    document.documentElement.setAttribute("data-embed", "1")
    rules = document.querySelector(".rules-link")
    if not absent(rules):  # in a tab of its own: in the frame it would end the game there
        rules.setAttribute("target", "_blank")
        rules.setAttribute("rel", "noopener")
    WATCH.height.watch()


def told(view, words):
    """After a view is shown: nos:ready the first time, nos:action for each new move of the
    log, nos:hand-end once per hand that is over."""
    if view is None:
        return
    if not WATCH.ready:
        WATCH.ready = True
        post_to_parent({"type": "nos:ready"})
        WATCH.height.report()
    for entry in new_entries(view.get("log") or []):
        event = entry.get("event") or {}
        if str(event.get("key", "")).startswith("act."):
            pays = entry.get("payments") or []
            post_to_parent({"type": "nos:action", "hand": whole(entry.get("hand")) + 1,
                            "event": event, "payments": pays,
                            "text": words.capital(words.say(event)),
                            "paid": [words.capital(words.say(p)) for p in pays]})
    hand = view.get("hand") or {}
    over = view.get("waiting_for") in ("next_hand", "done")
    if over and WATCH.ended != hand.get("hand"):
        WATCH.ended = hand.get("hand")
        # The count (R21) is paid at the hand's end: its payments come with it.
        pays = []
        for entry in view.get("log") or []:
            if entry.get("hand") == hand.get("hand") and \
                    (entry.get("event") or {}).get("key") == "log.hand_end":
                pays = entry.get("payments") or []
        post_to_parent({"type": "nos:hand-end", "hand": whole(hand.get("hand")) + 1,
                        "chips": view.get("chips"), "counts": hand.get("counts"),
                        "reason": hand.get("end_reason"), "payments": pays,
                        "paid": [words.capital(words.say(p)) for p in pays]})


def whole(value):
    """A hand's index from the view (0 if it has none); messages count hands from 1, as the
    app and `?hand=` do."""
    return value if isinstance(value, int) else 0


def new_entries(log):
    """The entries of `log` not told yet, by their numbers in the game (a new game, whose
    log is shorter than what was told: all of it). Two alike, such as a seat's draws one
    after another, are two entries."""
    if logged(log) < WATCH.told:
        WATCH.told = 0
    fresh, WATCH.told = unheard(log, WATCH.told)
    return fresh
