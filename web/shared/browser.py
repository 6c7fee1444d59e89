"""The browser's DOM and storage, reached through PyScript (MicroPython), for any page of
the site: the app's (web/page/) and the rules page's and the embeds' (web/site/). Small
helpers that hold no state of the game."""

import asyncio
import json

import render_diagram
from pyscript import document, window
from pyscript.ffi import create_proxy, is_none

LANG_KEY = "nos.lang"  # the language chosen (in the app's header), kept across visits

PROXIES = []  # keep the event handlers alive


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


def absent(value):
    return value is None or is_none(value)


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


def diagrams_narrow():
    """Whether diagrams are drawn for a phone (render_diagram.NARROW): on a page this narrow
    a wide drawing would shrink its words to a few pixels."""
    return window.innerWidth < render_diagram.NARROW_BELOW


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
