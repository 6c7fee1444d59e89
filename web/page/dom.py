"""The page's DOM and storage, reached through PyScript (main thread, MicroPython): small
helpers that hold no state of the game."""

import asyncio
import json

import render_diagram
from pyscript import document, window
from pyscript.ffi import create_proxy, is_none
from query import parse_query

SAVE_KEY = "nos.game.v1"
# The engine's last reply as received (its view and the save it went with): drawn at the
# next boot before the engine is up, if it belongs to the saved game.
SHOWN_KEY = "nos.shown.v1"
PREFS_KEY = "nos.prefs.v1"
COACH_KEY = "nos.coach"  # "1": the coach is switched on (coaching.py), kept across visits
SEALS_KEY = "nos.seals.v1"  # the seals of the deals shown before their hands (seals.py)
NAME_KEY = "nos.name"  # played together: the name a guest's device gives its person
LANG_KEY = "nos.lang"  # the language chosen in the header, kept across visits
LANG_SHOWN_KEY = "nos.lang.shown"  # the language shown last: web/boot.js fetches its words early

PROXIES = []  # keep the event handlers alive
# Phones, portrait and landscape: the narrow design of the table, and the play column fills
# the screen with the header scrolled away during a hand (assets/app.css, show.py).
NARROW = window.matchMedia("(max-width: 699px), "
                           "(orientation: landscape) and (max-height: 520px)")
REDUCED = window.matchMedia("(prefers-reduced-motion: reduce)")  # then no motion (show.py)


async def give_way():
    """A turn to the browser (input, rendering) within a long piece of work:
    scheduler.yield() where the browser has it (this work then goes on before other tasks,
    without a nested timer's 4 ms floor: some 3 ms a turn on the rules page), else a timer."""
    scheduler = getattr(window, "scheduler", None)
    turn = None if is_none(scheduler) else getattr(scheduler, "yield", None)
    if is_none(turn):
        await asyncio.sleep(0)
    else:
        await turn()


def el(elem_id):
    return document.getElementById(elem_id)


def diagrams_narrow():
    """Whether diagrams are drawn for a phone (render_diagram.NARROW): on a page this narrow
    a wide drawing would shrink its words to a few pixels."""
    return window.innerWidth < render_diagram.NARROW_BELOW


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


def absent(value):
    return value is None or is_none(value)


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


def listen(node, name, handler):
    proxy = create_proxy(handler)
    PROXIES.append(proxy)
    node.addEventListener(name, proxy)


def observe_size(node, handler):
    """Call `handler()` whenever `node`'s box changes size (and once at the start)."""
    proxy = create_proxy(lambda entries, observer: handler())
    PROXIES.append(proxy)
    observer = window.ResizeObserver.new(proxy)
    observer.observe(node)
    PROXIES.append(observer)


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


def _storage():
    """The page's localStorage, or None where the browser refuses it: web/storage_guard.js
    reads it in JavaScript first (`nosStorage`), since MicroPython cannot survive the
    SecurityError that reading `window.localStorage` throws in a page framed by another
    site while third-party storage is blocked."""
    store = getattr(window, "nosStorage", None)
    return None if absent(store) else store


def storage_get(key):
    store = _storage()
    if store is None:
        return None
    try:
        value = store.getItem(key)
    except Exception:  # noqa: BLE001 - storage may be unavailable (private mode)
        return None
    return None if absent(value) else str(value)


def storage_set(key, value):
    """Keep `value`; False if the browser would not (full, or no storage)."""
    store = _storage()
    if store is None:
        return False
    try:
        store.setItem(key, value)
    except Exception:  # noqa: BLE001
        return False
    return True


def storage_drop(key):
    store = _storage()
    if store is None:
        return
    try:  # noqa: SIM105 - MicroPython has no contextlib
        store.removeItem(key)
    except Exception:  # noqa: BLE001 - nothing to drop where there is no storage
        pass


def fill_words(words):
    """Every [data-word] element's text from the catalogue `words` (web/words/say.py)."""
    nodes = document.querySelectorAll("[data-word]")
    for i in range(nodes.length):
        node = nodes.item(i)
        node.textContent = words.word(str(node.getAttribute("data-word")))


# ---------------------------------------------------------------- inside another site
def embedded():
    """The app runs as an embed (?embed=1, web/page/embedding.py): it keeps no save and
    no choice of the person's."""
    for name, value in parse_query(window.location.search):
        if name == "embed" and value == "1":
            return True
    return False


def post_to_parent(message):
    """A message (JSON-safe) to the page around this one, if any (any origin: what an
    embed posts is public; docs/embedding.md)."""
    parent = window.parent
    # (Proxies of one JS object need not be equal in MicroPython: JS compares them.)
    if absent(parent) or getattr(window.Object, "is")(parent, window):  # noqa: B009
        return
    parent.postMessage(window.JSON.parse(json.dumps(message)), "*")


class Height:
    """Tells the page around this one the document's height (nos:resize) when it changes,
    once `watch()` is called: on every resize of the body, and on `report()`.

    With `content`, the height of what the page holds (the root element's box), which can
    shrink: a position or a replay, whose height follows its width alone. Otherwise the
    scroll height, which never falls below the frame's own: the table, parts of which are
    sized by the frame's height and would shrink with it, again and again."""

    def __init__(self, content=False):
        self.last = 0
        self.content = content

    def report(self, *_):
        root = document.documentElement
        if self.content:
            height = int(root.getBoundingClientRect().height + 0.999)
        else:
            height = int(root.scrollHeight)
        if height != self.last:
            self.last = height
            post_to_parent({"type": "nos:resize", "height": height})

    def watch(self):
        proxy = create_proxy(self.report)
        PROXIES.append(proxy)
        observer = window.ResizeObserver.new(proxy)
        observer.observe(document.body)
        PROXIES.append(observer)
        self.report()
