"""What a screen reader is told, beyond what the page shows: the news of the log (the other
players' actions and every payment) for the page's polite live region, and the read-out of
the open ends and the person's playable tiles (the R key, web/page/access.py).

Pure functions of their arguments, in the MicroPython subset (see render_svg.py).
"""

from legal_records import logged
from render_layout import end_title, hand_of

# Log entries shown but not said: a seal's 64 digits read aloud help nobody (the log has it).
UNSAID = ("log.sealed",)
# The person's own action said all the same: the game the hand is played as, composed in a
# dialog that has closed (R7).
SAID_OWN = ("act.announce",)


def unheard(log, heard):
    """(the entries of the view's `log` from the game's entry number `heard` on, how many the
    game's log holds). Two alike, such as a seat's draws one after another, are two."""
    total = logged(log)
    return log[max(0, len(log) - (total - heard)):], total


def news(view, heard, words):
    """(the sentences to announce, how many log entries are heard now): every entry of the
    log after the first `heard`, the person's own actions left out (they know them) but not
    their announcement, the payments they caused, and the tiles they drew (the view's hand
    says which). `heard`
    None (the page's first view) or more than the log holds (a new game): nothing is
    announced."""
    log = (view or {}).get("log") or []
    total = logged(log)
    if heard is None or heard > total:
        return "", total
    me = (view or {}).get("viewer", 0)
    said = []
    drew = False
    for entry in unheard(log, heard)[0]:
        event = entry.get("event") or {}
        if event.get("key") in UNSAID:
            continue
        key = str(event.get("key", ""))
        if not (key.startswith("act.") and event.get("seat") == me) or key in SAID_OWN:
            said.append(words.sentence(words.say(event)))
        drew = drew or (event.get("key") == "act.draw" and event.get("seat") == me)
        for pay in entry.get("payments") or []:
            said.append(words.sentence(words.say(pay)))
    drawn = ((view or {}).get("hand") or {}).get("drawn")
    if drew and drawn:  # their own draws: which tiles (the log, everyone's, cannot say)
        said.append(words.sentence(words.word("read.drawn", {"tiles": drawn})))
    return " ".join(said), total


def read_out(view, playable, words, tiles=None):
    """Whose turn it is, the open ends (what each takes, or why it is closed for now), the
    person's playable tiles and, given, all their `tiles`, in words."""
    hand = hand_of(view)
    layout = (hand or {}).get("layout")
    said = []
    acting = (hand or {}).get("acting")
    if acting is not None:  # (none once the hand is over)
        said.append(words.sentence(words.word("read.turn", {"seat": acting})))
    if layout:
        said.append(words.word("read.ends"))
        said += [end_title(arm, words) for arm in layout.get("arms", [])]
    else:
        said.append(words.sentence(words.word("read.no_layout")))
    if playable:
        said.append(words.sentence(words.word("read.playable", {"tiles": playable})))
    else:
        said.append(words.sentence(words.word("read.none_playable")))
    if tiles:
        said.append(words.sentence(words.word("read.hand", {"tiles": tiles})))
    return " ".join(said)
