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
    NARROW,
    SAVE_KEY,
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
    open_announce,
    persons_turn,
    prefs,
    redraw_selection,
    render,
    screen_mode,
    send,
    show_status,
    shown_view,
    spawn,
    start_bots,
    start_game,
    storage_get,
    update_state,
)
from pyscript import document, window, workers


# ---------------------------------------------------------------- the person's moves
def on_tile(tile):
    view = S["view"]
    if view is None or S["busy"] or not S["synced"]:
        return
    if view.get("waiting_for") != "human":
        S["notice"] = "Wait for your turn." if view.get("waiting_for") == "bot" else None
        render()
        return
    phase = hand_phase()
    S["notice"] = None
    if phase == "set":
        action = "set " + tile
        for entry in logic.legal_of(view):
            if entry.get("action") == action:
                send(action)
                return
        send(action)  # the engine says why not (R4, R5)
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
            S["notice"] = tile + " cannot be played anywhere now."
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
        S["notice"] = "Select a tile from your hand first."
        render()
        return
    outs = logic.outs_for(view, tile, arm)
    if not outs:
        # Not a legal place: let the engine explain why in one sentence (R70).
        high = tile.split("-")[0]
        send(tile + "@" + str(arm) + ">" + high + (" close" if S["close"] else ""))
        return
    if len(outs) == 1:
        play(tile, arm, outs[0])
        return
    S["choose"] = {"tile": tile, "arm": arm, "outs": outs}
    el("controls").innerHTML = panels.controls_html(view, controls_ui())
    update_state()


def play(tile, arm, out):
    action = logic.play_action(S["view"], tile, arm, out, S["close"], S["claim"])
    if action is None:
        S["notice"] = "That play is not possible now."
        render()
        return
    send(action)


# ---------------------------------------------------------------- dialogs
def announce_click(event):
    node = closest(event, "[data-game],[data-param],[data-side],[data-cmd]")
    if node is None:
        return
    cmd = attr(node, "data-cmd")
    if cmd == "announce-ok":
        text = attr(node, "data-announce")
        el("announce-dialog").close()
        send("announce " + str(text))
        return
    if cmd == "announce-close":
        el("announce-dialog").close()
        return
    state = S["ann"] or announce.default_state()
    if attr(node, "data-game") is not None:
        if node.disabled:
            return
        state = announce.update(state, "game", attr(node, "data-game"))
    elif attr(node, "data-param") is not None:
        state = announce.update(state, attr(node, "data-param"), attr(node, "data-value"))
    elif attr(node, "data-side") is not None:
        if "clickable" not in str(node.getAttribute("class") or ""):
            return
        state = announce.update(state, "diagram", attr(node, "data-side"))
    S["ann"] = state
    el("announce-body").innerHTML = announce.dialog_html(S["view"], state)


def open_new_game():
    if not S["synced"]:
        S["notice"] = "The engine is still starting: try again in a moment."
        render()
        return
    ng = S["ng"]
    ng["error"] = None
    p = prefs()
    ng["players"], ng["level"], ng["h1"], ng["h2"] = (p["players"], p["level"], p["h1"],
                                                      p["h2"])
    ng["pace"] = S["delay"] if S["delay"] in (1000, 550, 150) else p["pace"]
    draw_new_game()
    dialog = el("newgame-dialog")
    if not dialog.open:
        dialog.showModal()


def draw_new_game():
    in_progress = S["view"] is not None and S["view"].get("waiting_for") in ("human", "bot")
    el("newgame-body").innerHTML = panels.new_game_html(S["ng"], in_progress)


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
        seed, error = logic.seed_from_text(ng.get("seed"))
        if error:
            ng["error"] = error
            draw_new_game()
            return
        el("newgame-dialog").close()
        S["notice"] = None
        spawn(start_game({"players": ng["players"], "level": ng["level"], "seed": seed,
                          "h1": ng["h1"], "h2": ng["h2"], "pace": ng["pace"]}))
        return
    param = attr(node, "data-param")
    value = attr(node, "data-value")
    if param == "players":
        ng["players"] = int(value)
    elif param == "level":
        ng["level"] = value
    elif param in ("h1", "h2"):
        ng[param] = value == "1"
    elif param == "pace":
        ng["pace"] = int(value)
    ng["error"] = None
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
        el("controls").innerHTML = panels.controls_html(S["view"], controls_ui())
    elif cmd == "toggle-claim":
        S["claim"] = not S["claim"]
        el("controls").innerHTML = panels.controls_html(S["view"], controls_ui())
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
    elif attr(active, "data-side") is not None and not absent(active.closest("#announce-dialog")):
        event.preventDefault()
        S["ann"] = announce.update(S["ann"] or announce.default_state(), "diagram",
                                   attr(active, "data-side"))
        el("announce-body").innerHTML = announce.dialog_html(S["view"], S["ann"])


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
    el("controls").innerHTML = panels.controls_html(S["view"], controls_ui())


# ---------------------------------------------------------------- boot
SLOW_START_S = 10  # after this long without the engine, say why


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
        show_status("Still starting the engine: the first visit downloads about 7 MB, "
                    "later visits start from the browser's copy.", "loading")


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
    show_status("The engine did not start: " + str(exc), "error")
    document.body.setAttribute("data-state", "error")
    window.console.error("Nos: engine failed to start: " + str(exc))


async def load_game():
    params = logic.parse_params(window.location.search)
    S["delay"] = prefs()["pace"]
    if params["delay"] is not None:
        S["delay"] = params["delay"]
    if params["error"]:
        S["notice"] = params["error"]
    if window.location.search:
        # The parameters are a one-time order: a reload then restores the saved game.
        window.history.replaceState(None, "", window.location.pathname +
                                    logic.page_query(S["delay"] if params["delay"] is not None
                                                     else None))
    if params["game"] is not None:
        await start_game(params["game"])  # (no pace: the URL's delay or the saved one)
        return
    saved = storage_get(SAVE_KEY)
    if saved:
        reply = await call("restore", saved)
        if reply.get("view") is None:
            S["broken"] = str(reply.get("error")) + " Start a new game?"
            S["error"] = None
            S["view"] = None  # (a saved game drawn at boot is not the engine's)
            S["synced"] = True
            render()
            return
        apply(reply)
        return
    await start_game(prefs())


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


async def boot():
    """Draw the table frame at once, then connect to the engine and load the game."""
    S["mode"] = screen_mode()
    el("table").innerHTML = drawing.table_svg(None, None, S["mode"])
    el("hand").innerHTML = drawing.hand_svg(None, None, S["mode"])
    el("controls").innerHTML = panels.controls_html(None, {})
    show_status("Starting the engine…", "loading")
    el("app").setAttribute("data-state", "frame")
    window.performance.mark("nos:frame")
    wire()
    # A reload then draws the saved game as it was last shown, not playable until the
    # engine has restored it; each part in a task of its own, so that each is painted.
    shown = shown_view() if logic.parse_params(window.location.search)["game"] is None else None
    if shown is not None:
        await asyncio.sleep(0)  # the empty table first
        S["view"] = shown
        render(with_log=False)
        await asyncio.sleep(0)  # then the game, then its log (a first log costs ≈ 40 ms)
        draw_log()
        el("app").setAttribute("data-state", "saved")
    asyncio.create_task(slow_start_notice())
    S["engine"] = await connect()
    if S["engine"] is not None:
        await load_game()
        await describe_engine(S["engine"])
