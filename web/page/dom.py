"""The app page's own part of the DOM and storage (web/shared/browser.py holds what every
page of the site uses): the keys of its storage, its screen's design, its dialogs and status
line, pointers over its elements. Small helpers that hold no state of the game."""

from browser import absent, el
from pyscript import window
from query import parse_query

SAVE_KEY = "nos.game.v1"
# The engine's last reply as received (its view and the save it went with): drawn at the
# next boot before the engine is up, if it belongs to the saved game.
SHOWN_KEY = "nos.shown.v1"
PREFS_KEY = "nos.prefs.v1"
COACH_KEY = "nos.coach"  # "1": the coach is switched on (coaching.py), kept across visits
SEALS_KEY = "nos.seals.v1"  # the seals of the deals shown before their hands (seals.py)
NAME_KEY = "nos.name"  # played together: the name a guest's device gives its person
LANG_SHOWN_KEY = "nos.lang.shown"  # the language shown last: web/boot.js fetches its words early

# Phones, portrait and landscape: the narrow design of the table, and the play column fills
# the screen with the header scrolled away during a hand (assets/app.css, display.py).
NARROW = window.matchMedia("(max-width: 699px), "
                           "(orientation: landscape) and (max-height: 520px)")
REDUCED = window.matchMedia("(prefers-reduced-motion: reduce)")  # then no motion (display.py)


def open_dialog(elem_id):
    """Show the dialog `elem_id` (modal) from its top, unless it is open already: a dialog
    keeps its scroll between openings, and the next hand's announcement must not open
    where the last one was left on a phone."""
    dialog = el(elem_id)
    if not dialog.open:
        dialog.showModal()
        dialog.scrollTop = 0


def bring_into(box, node, margin=8, foot=0):
    """Scroll `box` (only it, not the page) just enough that `node` inside it shows whole,
    above the `foot` px that its sticky foot covers."""
    if absent(box) or absent(node):
        return
    outer, inner = box.getBoundingClientRect(), node.getBoundingClientRect()
    if inner.top < outer.top:
        box.scrollTop += inner.top - outer.top - margin
    elif inner.bottom > outer.bottom - foot:
        box.scrollTop += inner.bottom - outer.bottom + foot + margin


def attr(node, name):
    value = node.getAttribute(name)
    return None if absent(value) else str(value)


def closest(event, selector):
    target = event.target
    if absent(target) or absent(getattr(target, "closest", None)):
        return None
    node = target.closest(selector)
    return None if absent(node) else node


def moved(event):
    """Whether a pointermove moved the pointer: Chrome also sends one, and a pointerover,
    when the page changes under a pointer standing still (a dialog opening under it)."""
    return bool(event.movementX or event.movementY)


def pointer_within(event, selector):
    """After a pointermove or pointerout: whether a mouse or a pen is now over `selector`
    (a touch does not hover)."""
    if event.pointerType == "touch":
        return False
    if event.type != "pointerout":
        return closest(event, selector) is not None
    to = event.relatedTarget
    return (not absent(to) and not absent(getattr(to, "closest", None)) and
            not absent(to.closest(selector)))




def screen_mode():
    return "narrow" if NARROW.matches else "wide"


def show_status(words, kind="", html=None):
    """The status line: `words`, or `html` (the same words with links) if given."""
    node = el("status")
    if html:
        node.innerHTML = html
    else:
        node.textContent = words or ""
    node.className = "status " + kind if kind else "status"


# ---------------------------------------------------------------- inside another site
def embedded():
    """The app runs as an embed (?embed=1, web/page/embedding.py): it keeps no save and
    no choice of the person's."""
    for name, value in parse_query(window.location.search):
        if name == "embed" and value == "1":
            return True
    return False
