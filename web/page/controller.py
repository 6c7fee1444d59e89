"""The page's game (main thread, MicroPython), imported once the table frame is drawn
(main.py): the events wired, the game shown last drawn from storage, the Pyodide worker
`engine`, which holds the game, connected, and the game the URL asks for, or the saved one,
or a new one, loaded. Every event handler gets the one `Page` (state.py) made at boot. Only
JSON strings cross between the threads: a JsProxy result has no .to_py() in MicroPython, and
dict(proxy) raises a JS error Python cannot catch.

What is where: state.py (the page's state), display.py (drawing), engine_calls.py (the
requests to the engine), commands.py (the buttons' commands), moves.py (the person's
moves), dialogs.py (the announcement and new-game dialogs), language.py (the language
shown), dom.py (the page's DOM and storage helpers; those of every page of the site:
web/shared/browser.py).
"""

import asyncio
import json

import access
import coaching
import commands
import dialogs
import embedding
import moves
import reviewing
import zoom
from browser import LANG_KEY, PROXIES, absent, el, listen, observe_size, storage_drop, storage_get
from contract import PHASE_ANNOUNCE
from display import keep, redraw, render
from dom import (
    NARROW,
    PREFS_KEY,
    SAVE_KEY,
    SHOWN_KEY,
    attr,
    closest,
    embedded,
    screen_mode,
    show_status,
)
from engine_calls import (
    prefs,
    restore_saved,
    send,
    shown_view,
    start_game,
)
from felt_room import felt_size
from game_log import draw_log
from language import read_words, translate_page, use_words, words
from languages import language_codes
from pyscript import document, window, workers
from pyscript.ffi import create_proxy
from query import EMBED_PARAMS, asks_for_game, page_query, parse_query


# ---------------------------------------------------------------- events
def on_click(page, event):
    if moves.after_drop(page, event):
        return
    if closest(event, "#announce-dialog") is not None:
        dialogs.on_announce_click(page, event)
        return
    if closest(event, "#newgame-dialog") is not None:
        dialogs.on_new_game_click(page, event)
        return
    node = closest(event, "[data-cmd],[data-action]")
    if node is not None:
        action = attr(node, "data-action")
        if action is not None:
            page.move.clear()
            # A coach's set: the game it would announce, picked when the dialog opens (R7).
            then = attr(node, "data-then")
            page.dialogs.set(then=None if then is None else (page.hand().get("hand"), then))
            send(page, action)
            return
        commands.run(page, attr(node, "data-cmd"), node)
        return
    node = closest(event, "#hand [data-tile]")
    if node is not None:
        moves.on_tile(page, attr(node, "data-tile"))
        return
    node = closest(event, "#table [data-arm]")
    if node is not None and "end" in str(node.getAttribute("class") or ""):
        moves.on_end(page, int(attr(node, "data-arm")))


ARROWS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight")


def on_key(page, event):
    if event.key in ARROWS and attr(event.target, "id") == "lang-select":
        page.shown.set(lang_arrow=window.performance.now())  # (on_change waits for the last)
    if reviewing.on_key(page, event):
        return
    if not dialogs.on_key(page, event):
        moves.on_key(page, event)


def announce_closed(page, event):
    page.dialogs.set(announcing=False)
    redraw(page, ("dialogs.announcing",))  # (a play it sent is drawn with its reply)
    if page.persons_turn() and page.phase() == PHASE_ANNOUNCE:
        access.focus('#controls [data-cmd="announce-open"]')


def on_storage(page, event):
    """Another tab or window of this page changed the saved game (a move, a new game): this
    one stops, so that neither writes over the other's game unseen, and offers to go on
    here from the newest save (a reload restores it)."""
    key = event.key
    if embedded() or page.link.elsewhere or page.together.role == "guest" or \
            (not absent(key) and str(key) != SAVE_KEY):
        return
    page.link.set(elsewhere=True)
    page.link.count("gen")  # (the computer players' loop ends at its next step)
    page.move.clear()
    opened = document.querySelectorAll("dialog[open]")
    for i in range(opened.length):
        opened.item(i).close()
    redraw(page)
    access.focus('#controls [data-cmd="take-over"]')


def on_resize(page, event):
    """The page follows the screen's design (a phone's, or a wide one), and the layout its
    felt's size (the hand's plan is made anew only for a new screen: felt_room.plan_room)."""
    mode = screen_mode()
    if mode != page.shown.mode:
        page.shown.set(mode=mode)
        redraw(page)
    elif page.view is not None and felt_size() != page.drawn.felt:
        page.shown.set(size=felt_size())
        redraw(page)


def on_change(page, event):
    field = closest(event, "#together-dialog input")
    if field is not None:
        import together  # (open only in a game played together)

        together.on_change(page, field)
        return
    node = closest(event, "#lang-select")
    if node is not None:
        page.shown.count("lang_gen")
        # An arrow key on the closed list changes it at once (Chromium): each language it
        # passes would redraw the page in it. The switch waits until the keys rest.
        by_key = window.performance.now() - page.shown.lang_arrow < 300
        page.shown.set(lang_loading=True)
        redraw(page)
        asyncio.create_task(switch_language_later(page, str(node.value), page.shown.lang_gen,
                                                  0.8 if by_key else 0))


async def switch_language_later(page, code, gen, seconds):
    """The page "waits" until the language chosen last is shown; a choice made since lets
    the page go, whatever becomes of this one's catalogue (on a slow line it may come late,
    or never: a game is not held up for it)."""
    try:
        if seconds:
            await asyncio.sleep(seconds)
        if gen == page.shown.lang_gen:  # (no later change of the list since)
            await switch_language(page, code, gen)
    finally:
        if gen == page.shown.lang_gen:
            page.shown.set(lang_loading=False)
            redraw(page)


async def switch_language(page, code, gen):
    """Show the page in another language: its catalogue is fetched, the choice is kept
    (nos.lang) and everything is drawn again, the log and the open dialogs included.
    `gen`: the list's change asking it; a later change's language wins, whichever
    catalogue arrives last."""
    if code == page.shown.lang or code not in language_codes():
        return
    catalogue = await read_words(code)
    if gen != page.shown.lang_gen:
        return
    if catalogue is None:
        page.shown.set(notice={"key": "error.words"})
        redraw(page)
        return
    use_words(page, code, catalogue)
    keep(page, LANG_KEY, code)
    translate_page(page)
    el("announcer").textContent = ""  # (what it said last was in the other language)
    redraw(page)  # (everything, the open dialogs too)


def wire(page):
    def on(node, name, handler):
        listen(node, name, lambda event: handler(page, event))

    on(document, "click", on_click)
    on(el("announce-dialog"), "pointermove", dialogs.on_announce_pointer)
    on(el("announce-dialog"), "pointerout", dialogs.on_announce_pointer)
    on(el("coach-panel"), "pointermove", coaching.on_pointer)
    on(el("coach-panel"), "pointerout", coaching.on_pointer)
    on(document, "keydown", on_key)
    on(el("hand"), "pointerdown", moves.on_pointer_down)
    # `window.addEventListener` through MicroPython's proxy loses its `this` (Illegal
    # invocation): pointer events bubble to the document, and the narrow layout follows a
    # media query (an EventTarget of its own).
    on(document, "pointermove", moves.on_pointer_move)
    on(document, "pointerup", moves.on_pointer_up)
    on(document, "pointercancel", moves.on_pointer_cancel)
    on(el("table"), "pointerdown", zoom.on_pointer_down)
    on(document, "pointermove", zoom.on_pointer_move)
    on(document, "pointerup", zoom.on_pointer_up)
    on(document, "pointercancel", zoom.on_pointer_cancel)
    on(el("table"), "wheel", zoom.on_wheel)
    on(NARROW, "change", on_resize)
    observe_size(el("table"), lambda: on_resize(page, None))  # (a short phone's table)
    # Escape closes a dialog: nothing else to undo; the button reopens it, and has the focus.
    on(el("announce-dialog"), "close", announce_closed)
    on(document, "change", on_change)
    # (only the other tabs of this page hear a change of storage)
    stored = create_proxy(lambda event: on_storage(page, event))
    PROXIES.append(stored)
    window.onstorage = stored


# ---------------------------------------------------------------- boot
SLOW_START_S = 10  # after this long without the engine, say why
FIRST_VISIT_MB = 7  # what a first visit downloads (docs/performance.md)


async def connect(page):
    """The engine's worker, once it has started (None if it failed, said on the page)."""
    failure = boot_error()
    if failure:  # web/boot.js created no worker
        boot_failed(page, failure)
        return None
    try:
        engine = await workers["engine"]
    except Exception as exc:  # show any failure instead of spinning forever
        engine_failed(page, exc)
        return None
    window.performance.mark("nos:ready")
    window.dispatchEvent(window.Event.new("nos:ready"))
    return engine


# web/boot.js's codes for why it created no worker: the sentence each is said in.
BOOT_ERRORS = {"settings": "status.engine_no_settings"}


def boot_failed(page, failure):
    """web/boot.js created no worker, for the reason of BOOT_ERRORS `failure`: say why."""
    engine_failed(page, "web/boot.js: " + failure, BOOT_ERRORS.get(failure))


def boot_error():
    """Why web/boot.js could not create the engine's worker, a code of BOOT_ERRORS ("" if it
    did or still may)."""
    return document.body.getAttribute("data-boot-error") or ""


async def slow_start_notice(page):
    """On a slow first visit (about 7 MB to download), say that the engine is still coming."""
    await asyncio.sleep(SLOW_START_S)
    if page.link.engine is not None or document.body.getAttribute("data-state") == "error":
        return
    failure = boot_error()  # found by web/boot.js after the main thread had started
    if failure:
        boot_failed(page, failure)
    else:
        show_status(words(page).word("status.slow", {"mb": FIRST_VISIT_MB}), "loading")


async def describe_engine(page):
    """The worker's handshake (its Python, Pyodide and the engine modules it holds), asked
    once the game is shown, so that it costs the boot no round trip."""
    try:
        reply = json.loads(await page.link.engine.hello(json.dumps({"from": "main"})))
    except Exception as exc:  # noqa: BLE001
        engine_failed(page, exc)
        return
    el("app").setAttribute("data-engine", json.dumps(reply))
    el("app").setAttribute("data-state", "ready")


def engine_failed(page, exc, key=None):
    """Say in the reader's language that the engine did not start (`key`: why, if known);
    the technical reason, `exc`, goes to the console."""
    el("app").setAttribute("data-state", "error")
    show_status(words(page).word(key or "status.engine_failed"), "error")
    document.body.setAttribute("data-state", "error")
    window.console.error("Nos: engine failed to start: " + str(exc))


def query_pairs():
    """The URL's parameters but the page's own (`lang`, and an embed's): [[name, value]]."""
    return [[n, v] for n, v in parse_query(window.location.search)
            if n != "lang" and n not in EMBED_PARAMS]


async def load_game(page):
    """Start the game the URL asks for (the engine checks its parameters: a bad one is one
    sentence and the saved game is kept; over a saved game in progress the person is asked
    first), else restore the saved game, else start one."""
    engine = page.link.engine
    pairs = query_pairs()
    asked = {"game": None, "delay": None, "error": None}
    if pairs:
        try:
            asked = json.loads(await engine.check_query(json.dumps({"query": pairs})))
        except Exception as exc:  # noqa: BLE001
            asked["error"] = {"key": "error.engine_silent", "reason": str(exc)}
    if asked.get("delay") is not None:
        page.shown.set(pace=asked["delay"])
    if asked.get("error"):
        page.shown.set(notice=asked["error"])
    if embedded():  # no saved game: the URL's table, or a new one (embedding.py)
        await start_game(page, asked["game"] if asked.get("game") is not None else prefs())
        return
    if window.location.search:
        # The parameters are a one-time order: a reload then restores the saved game.
        # (from the whole address: a path such as "//" alone would name another host)
        here = str(window.location.href).split("#")[0].split("?")[0]
        window.history.replaceState(None, "", here + page_query(asked.get("delay")))
    if asked.get("game") is not None:
        if saved_in_progress(page):  # a link never replaces a game in progress unasked
            page.shown.set(offer=asked["game"])
            redraw(page)
            access.focus('#controls [data-cmd="offer-no"]')  # (the safe answer)
            access.tell(words(page).word("confirm.url_game"))
            return
        await start_game(page, asked["game"])  # (no pace: the URL's delay or the saved one)
        return
    await restore_saved(page)


def saved_in_progress(page):
    """Whether a saved game is there that is not over (its view drawn at boot says; a save
    whose view could not be drawn counts as in progress)."""
    if not storage_get(SAVE_KEY):
        return False
    view = page.shown.view
    return view is None or view.get("waiting_for") != "done"


async def draw_saved(page):
    """A reload draws the saved game as it was last shown, not playable until the engine
    has restored it; each part in a task of its own, so that each is painted. Anything
    wrong with it (a stored view of another shape) is dropped, never fatal."""
    view = shown_view(page)
    if view is None:
        return
    await asyncio.sleep(0)  # the empty table first
    try:
        page.shown.set(view=view)
        render(page, with_log=False)
        await asyncio.sleep(0)  # then the game, then its log (a first log costs ≈ 40 ms)
        draw_log(page)
        el("app").setAttribute("data-state", "saved")
    except Exception as exc:  # noqa: BLE001
        window.console.warn("Nos: the game shown last could not be drawn: " + str(exc))
        storage_drop(SHOWN_KEY)
        page.shown.set(view=None)
        page.link.set(shown_raw=None)
        page.drawn.set(log_key=None)
        redraw(page)


async def start(page):
    """After the frame: wire the events, draw the game shown last, connect to the engine and
    load the game."""
    wire(page)
    if page.together.answering is not None:  # joining a table (main.boot): the host holds
        import together  # its game (docs/together.md)

        await together.join(page)
        return
    page.shown.set(coach=coaching.remembered())
    if not embedded() and not storage_get(SAVE_KEY) and not storage_get(PREFS_KEY):
        el("help").open = True  # a first visit: how a hand goes, beside the first one
    if embedded():
        embedding.start()
    elif not asks_for_game(parse_query(window.location.search)) or \
            storage_get(SAVE_KEY):  # (behind the question whether a link may replace it)
        await draw_saved(page)
    asyncio.create_task(slow_start_notice(page))
    page.link.set(engine=await connect(page))
    if page.link.engine is not None:
        await load_game(page)
        await describe_engine(page)
