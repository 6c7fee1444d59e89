# Main thread (MicroPython): draws the table at once, then talks to the Pyodide worker
# `engine`, which holds the game. Only JSON strings cross between the two: a JsProxy result
# has no .to_py() in MicroPython, and dict(proxy) raises a JS error Python cannot catch.
#
# This module takes the person's input (clicks, keys, drags) and boots the page; page.py
# holds the state, draws and talks to the engine; what is drawn and offered comes from
# pure modules tested in CPython and MicroPython: table.py (SVG), render_panels.py (HTML),
# render_announce.py (the announcement dialog), ui_logic.py (legal actions, URL
# parameters).
import asyncio
import json

import render_announce as announce
import render_panels as panels
import table as drawing
import ui_logic as logic
from page import (
    LANG_KEY,
    NARROW,
    SAVE_KEY,
    SHOWN_KEY,
    S,
    absent,
    apply,
    attr,
    call,
    clear_selection,
    closest,
    command,
    controls_ui,
    draw_log,
    el,
    export_diagram,
    hand_phase,
    listen,
    load_words,
    open_announce,
    pace_of,
    persons_turn,
    prefs,
    redraw_selection,
    render,
    screen_mode,
    send,
    settings,
    show_status,
    shown_view,
    spawn,
    start_bots,
    start_game,
    storage_drop,
    storage_get,
    storage_set,
    translate_page,
    update_state,
    words,
)
from pyscript import document, window, workers


# ---------------------------------------------------------------- the person's moves
def on_tile(tile):
    view = S["view"]
    if view is None or S["busy"] or not S["synced"]:
        return
    if view.get("waiting_for") != "human":
        S["notice"] = {"key": "notice.wait_turn"} if view.get("waiting_for") == "bot" else None
        render()
        return
    phase = hand_phase()
    S["notice"] = None
    if phase == "set":
        # A tile that may not be set: the engine says why (R4, R5).
        send(logic.set_action(view, tile) or logic.attempt(tile))
        return
    if phase not in ("play", "out of turn"):
        return
    S["choose"] = None
    if S["selected"] == tile:
        S["selected"] = None
    else:
        S["selected"] = tile
        if not logic.targets_for(view, tile):
            S["selected"] = None
            S["error"] = None
            S["notice"] = {"key": "notice.no_place", "tile": tile}
            render()
            return
    S["error"] = None
    render()


def on_end(arm):
    if S["busy"] or not persons_turn():
        return
    view = S["view"]
    tile = S["selected"]
    if not tile:
        S["notice"] = {"key": "notice.select_first"}
        render()
        return
    outs = logic.outs_for(view, tile, arm)
    if not outs:
        # Not a legal place: the engine explains why in one sentence (R70).
        send(logic.attempt(tile, arm, int(tile.split("-")[0]), S["close"]))
        return
    if len(outs) == 1:
        play(tile, arm, outs[0])
        return
    S["choose"] = {"tile": tile, "arm": arm, "outs": outs}
    el("controls").innerHTML = panels.controls_html(view, controls_ui(), words())
    update_state()


def play(tile, arm, out):
    action = logic.play_action(S["view"], tile, arm, out, S["close"], S["claim"])
    # A flag the engine does not offer for this play (a claim where no double is paid):
    # the engine says why (R70).
    send(action or logic.attempt(tile, arm, out, S["close"], S["claim"]))


# ---------------------------------------------------------------- dialogs
def announce_click(event):
    node = closest(event, "[data-game],[data-param],[data-pick],[data-cmd]")
    if node is None:
        return
    cmd = attr(node, "data-cmd")
    if cmd == "announce-ok":
        action = attr(node, "data-action")
        el("announce-dialog").close()
        if action:
            send(action)
        return
    if cmd == "announce-close":
        el("announce-dialog").close()
        return
    state = S["ann"] or announce.default_state()
    if attr(node, "data-game") is not None:
        if node.disabled:
            return
        state = announce.update(S["view"], state, "game", attr(node, "data-game"))
    elif attr(node, "data-param") is not None:
        state = announce.update(S["view"], state, attr(node, "data-param"),
                                attr(node, "data-value"))
    elif attr(node, "data-pick") is not None:
        state = announce.update(S["view"], state, attr(node, "data-pick"),
                                attr(node, "data-value"))
    S["ann"] = state
    el("announce-body").innerHTML = announce.dialog_html(S["view"], state, words())


def open_new_game():
    if not S["synced"] or not settings():
        S["notice"] = {"key": "notice.engine_starting"}
        render()
        return
    ng = S["ng"]
    ng["error"] = False
    p = prefs()
    defaults = settings().get("defaults") or {}
    for key, default in (("players", defaults.get("players")), ("level", defaults.get("level")),
                         ("h1", defaults.get("H1")), ("h2", defaults.get("H2"))):
        value = p.get(key)
        ng[key] = value if value is not None else default
    ng["pace"] = pace_of(S["delay"])
    draw_new_game()
    dialog = el("newgame-dialog")
    if not dialog.open:
        dialog.showModal()


def draw_new_game():
    in_progress = S["view"] is not None and S["view"].get("waiting_for") in ("human", "bot")
    el("newgame-body").innerHTML = panels.new_game_html(S["ng"], in_progress, settings(),
                                                        words())


def new_game_click(event):
    node = closest(event, "[data-param],[data-cmd]")
    if node is None:
        return
    ng = S["ng"]
    seed_box = el("ng-seed")
    if not absent(seed_box):
        ng["seed"] = str(seed_box.value)
    cmd = attr(node, "data-cmd")
    if cmd == "newgame-close":
        el("newgame-dialog").close()
        return
    if cmd == "newgame-ok":
        seed, bad = logic.seed_from_text(ng.get("seed"), settings().get("seed") or [0, 0])
        if bad:
            ng["error"] = True
            draw_new_game()
            return
        el("newgame-dialog").close()
        S["notice"] = None
        spawn(start_game({"players": ng["players"], "level": ng["level"], "seed": seed,
                          "h1": ng["h1"], "h2": ng["h2"], "pace": ng["pace"]}))
        return
    param = attr(node, "data-param")
    value = attr(node, "data-value")
    if param in ("players", "pace"):
        ng[param] = int(value)
    elif param == "level":
        ng["level"] = value
    elif param in ("h1", "h2"):
        ng[param] = value == "1"
    ng["error"] = False
    draw_new_game()


# ---------------------------------------------------------------- events
def on_click(event):
    # A drag ends with a click (same place, same moment) on whatever lies under the
    # pointer: not a second move.
    end = S["drag_end"]
    if end is not None and event.timeStamp - end[0] < 60 and event.clientX == end[1] and \
            event.clientY == end[2]:
        return
    if closest(event, "#announce-dialog") is not None:
        announce_click(event)
        return
    if closest(event, "#newgame-dialog") is not None:
        new_game_click(event)
        return
    node = closest(event, "[data-cmd],[data-action]")
    if node is not None:
        action = attr(node, "data-action")
        if action is not None:
            clear_selection()
            send(action)
            return
        on_command(attr(node, "data-cmd"), node)
        return
    node = closest(event, "#hand [data-tile]")
    if node is not None:
        on_tile(attr(node, "data-tile"))
        return
    node = closest(event, "#table [data-arm]")
    if node is not None and "end" in str(node.getAttribute("class") or ""):
        on_end(int(attr(node, "data-arm")))


def on_command(cmd, node):
    if cmd == "new-game":
        open_new_game()
    elif cmd == "export-diagram":
        export_diagram()
    elif not S["synced"]:
        return  # the saved game is drawn, but the engine does not hold it yet
    elif cmd == "announce-open":
        open_announce()
    elif cmd == "next-hand" and not S["busy"] and not S["pending"]:
        spawn(command("next_hand"))
    elif cmd == "end-session" and not S["busy"] and not S["pending"]:
        spawn(command("end_session"))
    elif cmd == "toggle-close":
        S["close"] = not S["close"]
        el("controls").innerHTML = panels.controls_html(S["view"], controls_ui(), words())
    elif cmd == "toggle-claim":
        S["claim"] = not S["claim"]
        el("controls").innerHTML = panels.controls_html(S["view"], controls_ui(), words())
    elif cmd == "out" and S["choose"]:
        c = S["choose"]
        S["choose"] = None
        play(c["tile"], c["arm"], int(attr(node, "data-out")))
    elif cmd == "cancel":
        clear_selection()
        render()
    elif cmd == "resume-bots":
        S["stalled"] = False
        S["error"] = None
        render()
        start_bots()


def on_key(event):
    key = event.key
    if key == "Escape" and (S["selected"] or S["choose"]):
        clear_selection()
        render()
        return
    if key != "Enter" and key != " ":
        return
    active = document.activeElement
    if absent(active) or absent(getattr(active, "getAttribute", None)):
        return
    tile = attr(active, "data-tile")
    arm = attr(active, "data-arm")
    if tile is not None and not absent(active.closest("#hand")):
        event.preventDefault()
        on_tile(tile)
        focus_tile(tile)
    elif arm is not None and not absent(active.closest("#table")):
        event.preventDefault()
        on_end(int(arm))
    elif attr(active, "data-pick") is not None and \
            not absent(active.closest("#announce-dialog")):
        event.preventDefault()
        S["ann"] = announce.update(S["view"], S["ann"] or announce.default_state(),
                                   attr(active, "data-pick"), attr(active, "data-value"))
        el("announce-body").innerHTML = announce.dialog_html(S["view"], S["ann"], words())


def focus_tile(tile):
    node = document.querySelector('#hand [data-tile="' + tile + '"]')
    if not absent(node):
        node.focus()


def on_pointer_down(event):
    if event.button != 0:
        return
    node = closest(event, "#hand [data-tile]")
    if node is None:
        return
    S["drag"] = {"tile": attr(node, "data-tile"), "x": event.clientX, "y": event.clientY,
                 "moved": False}


def on_pointer_move(event):
    drag = S["drag"]
    if drag is None:
        return
    dx, dy = event.clientX - drag["x"], event.clientY - drag["y"]
    if not drag["moved"]:
        if dx * dx + dy * dy < 64:
            return
        if not persons_turn() or not logic.targets_for(S["view"], drag["tile"]):
            S["drag"] = None
            return
        drag["moved"] = True
        S["selected"] = drag["tile"]
        S["choose"] = None
        redraw_selection()
        ghost = el("drag-ghost")
        a, _, b = drag["tile"].partition("-")
        ghost.innerHTML = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 44 88" '
                           'width="44" height="88">' +
                           drawing.tile_face(0, 0, 44, 88, int(a), int(b)) + "</svg>")
        ghost.hidden = False
    ghost = el("drag-ghost")
    ghost.style.transform = ("translate(" + str(int(event.clientX) - 22) + "px," +
                             str(int(event.clientY) - 44) + "px)")


def on_pointer_up(event):
    drag = S["drag"]
    S["drag"] = None
    if drag is None or not drag["moved"]:
        return
    el("drag-ghost").hidden = True
    S["drag_end"] = (event.timeStamp, event.clientX, event.clientY)
    node = document.elementFromPoint(event.clientX, event.clientY)
    target = None if absent(node) else node.closest("#table [data-arm]")
    if absent(target):
        return
    on_end(int(attr(target, "data-arm")))


def on_pointer_cancel(event):
    if S["drag"] is not None:
        S["drag"] = None
        el("drag-ghost").hidden = True


def on_resize(event):
    mode = screen_mode()
    if mode != S["mode"]:
        S["mode"] = mode
        render()


def on_dialog_close(event):
    # Escape closes a dialog: nothing else to undo; the button reopens it.
    el("controls").innerHTML = panels.controls_html(S["view"], controls_ui(), words())


def on_change(event):
    node = closest(event, "#lang-select")
    if node is not None:
        spawn(switch_language(str(node.value)))


async def switch_language(code):
    """Show the page in another language: its catalogue is fetched, the choice is kept
    (nos.lang) and everything is drawn again, the log and the open dialogs included."""
    if code == S["lang"] or code not in logic.language_codes():
        return
    if not await load_words(code):
        S["notice"] = {"key": "error.words"}
        render()
        return
    storage_set(LANG_KEY, code)
    translate_page()
    render()
    if el("announce-dialog").open:
        open_announce()
    if el("newgame-dialog").open:
        draw_new_game()


# ---------------------------------------------------------------- boot
SLOW_START_S = 10  # after this long without the engine, say why
FIRST_VISIT_MB = 7  # what a first visit downloads (docs/performance.md)


async def connect():
    """The engine's worker, once it has started (None if it failed, said on the page)."""
    failure = boot_error()
    if failure:  # web/boot.js created no worker
        engine_failed(failure)
        return None
    try:
        engine = await workers["engine"]
    except Exception as exc:  # show any failure instead of spinning forever
        engine_failed(exc)
        return None
    window.performance.mark("nos:ready")
    window.dispatchEvent(window.Event.new("nos:ready"))
    return engine


def boot_error():
    """Why web/boot.js could not create the engine's worker ("" if it did or still may)."""
    return document.body.getAttribute("data-boot-error") or ""


async def slow_start_notice():
    """On a slow first visit (about 7 MB to download), say that the engine is still coming."""
    await asyncio.sleep(SLOW_START_S)
    if S["engine"] is not None or document.body.getAttribute("data-state") == "error":
        return
    failure = boot_error()  # found by web/boot.js after the main thread had started
    if failure:
        engine_failed(failure)
    else:
        show_status(words().word("status.slow", {"mb": FIRST_VISIT_MB}), "loading")


async def describe_engine(engine):
    """The worker's handshake (its Python, Pyodide and the engine modules it holds), asked
    once the game is shown, so that it costs the boot no round trip."""
    try:
        reply = json.loads(await engine.hello(json.dumps({"from": "main"})))
    except Exception as exc:  # noqa: BLE001
        engine_failed(exc)
        return
    el("app").setAttribute("data-engine", json.dumps(reply))
    el("app").setAttribute("data-state", "ready")


def engine_failed(exc):
    el("app").setAttribute("data-state", "error")
    show_status(words().word("status.engine_failed", {"reason": str(exc)}), "error")
    document.body.setAttribute("data-state", "error")
    window.console.error("Nos: engine failed to start: " + str(exc))


def query_pairs():
    """The URL's parameters but `lang` (the page's own): [[name, value]]."""
    return [[n, v] for n, v in logic.parse_query(window.location.search) if n != "lang"]


async def load_game():
    """Start the game the URL asks for (the engine checks its parameters: a bad one is one
    sentence and the saved game is kept), else restore the saved game, else start one."""
    pairs = query_pairs()
    asked = {"game": None, "delay": None, "error": None}
    if pairs:
        try:
            asked = json.loads(await S["engine"].check_query(json.dumps({"query": pairs})))
        except Exception as exc:  # noqa: BLE001
            asked["error"] = {"key": "error.engine_silent", "reason": str(exc)}
    if asked.get("delay") is not None:
        S["delay"] = asked["delay"]
    if asked.get("error"):
        S["notice"] = asked["error"]
    if window.location.search:
        # The parameters are a one-time order: a reload then restores the saved game.
        window.history.replaceState(None, "", window.location.pathname +
                                    logic.page_query(asked.get("delay")))
    if asked.get("game") is not None:
        await start_game(asked["game"])  # (no pace: the URL's delay or the saved one)
        return
    saved = storage_get(SAVE_KEY)
    if saved:
        reply = await call("restore", saved)
        if reply.get("view") is None:
            # The save is lost: say so once, and drop it, so that no reload meets it again.
            storage_drop(SAVE_KEY)
            storage_drop(SHOWN_KEY)
            try:  # the new-game dialog needs the settings, which no view brings now
                S["settings"] = json.loads(await S["engine"].settings(""))
            except Exception:  # noqa: BLE001 - the dialog then says the engine is starting
                S["settings"] = None
            S["broken"] = reply.get("error")
            S["error"] = None
            S["view"] = None  # (a saved game drawn at boot is not the engine's)
            S["synced"] = True
            render()
            return
        apply(reply)
        return
    await start_game(prefs(), fallback=True)


def wire():
    listen(document, "click", on_click)
    listen(document, "keydown", on_key)
    listen(el("hand"), "pointerdown", on_pointer_down)
    # `window.addEventListener` through MicroPython's proxy loses its `this` (Illegal
    # invocation): pointer events bubble to the document, and the narrow layout follows a
    # media query (an EventTarget of its own).
    listen(document, "pointermove", on_pointer_move)
    listen(document, "pointerup", on_pointer_up)
    listen(document, "pointercancel", on_pointer_cancel)
    listen(NARROW, "change", on_resize)
    listen(el("announce-dialog"), "close", on_dialog_close)
    listen(document, "change", on_change)


async def choose_words():
    """Load the catalogue of the language to show (?lang=, then the one chosen before, then
    the browser's); a bad ?lang= is a notice."""
    asked = ""
    for name, value in logic.parse_query(window.location.search):
        if name == "lang":
            asked = value
    browser = []
    languages = window.navigator.languages
    if not absent(languages):
        for i in range(languages.length):
            browser.append(str(languages[i]))
    code, bad = logic.choose_language(asked, storage_get(LANG_KEY), browser)
    if bad:
        S["notice"] = {"key": "error.lang", "value": asked[:20]}
    if not await load_words(code) and code != "en":
        await load_words("en")
        S["notice"] = {"key": "error.words"}
    elif asked and not bad:
        storage_set(LANG_KEY, code)
    translate_page()


async def boot():
    """Draw the table frame at once, then connect to the engine and load the game."""
    S["mode"] = screen_mode()
    await choose_words()
    w = words()
    el("table").innerHTML = drawing.table_svg(None, None, S["mode"], w)
    el("hand").innerHTML = drawing.hand_svg(None, None, S["mode"], w)
    el("controls").innerHTML = panels.controls_html(None, {}, w)
    show_status(w.word("status.starting"), "loading")
    el("app").setAttribute("data-state", "frame")
    window.performance.mark("nos:frame")
    wire()
    # A reload then draws the saved game as it was last shown, not playable until the
    # engine has restored it; each part in a task of its own, so that each is painted.
    # Anything wrong with it (a stored view of another shape) is dropped, never fatal.
    asked = logic.asks_for_game(logic.parse_query(window.location.search))
    shown = shown_view() if not asked else None
    if shown is not None:
        await asyncio.sleep(0)  # the empty table first
        try:
            S["view"] = shown
            render(with_log=False)
            await asyncio.sleep(0)  # then the game, then its log (a first log costs ≈ 40 ms)
            draw_log()
            el("app").setAttribute("data-state", "saved")
        except Exception as exc:  # noqa: BLE001
            window.console.warn("Nos: the game shown last could not be drawn: " + str(exc))
            storage_drop(SHOWN_KEY)
            S["view"] = None
            S["shown_raw"] = None
            S["log_key"] = None
            render()
    asyncio.create_task(slow_start_notice())
    S["engine"] = await connect()
    if S["engine"] is not None:
        await load_game()
        await describe_engine(S["engine"])
