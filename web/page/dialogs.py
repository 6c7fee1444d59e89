"""The dialogs' input (main thread, MicroPython): the announcement (the person on set picks a
game of the view's catalogue and its parameters; render_announce.py draws it and resolves
the choice to the action the view offers) and the new game (players, level, pace, house
rules and seed, within the limits of the engine's settings)."""

import access
import render_announce as announce
import render_panels as panels
from browser import absent, el
from display import announce_foot, redraw, show_picked_game
from dom import REDUCED, attr, closest, moved, open_dialog, pointer_within
from engine_calls import pace_of, prefs, send, spawn, start_game
from pyscript import document, window
from pyscript.ffi import to_js
from query import seed_from_text


def on_announce_click(page, event):
    node = closest(event, "[data-game],[data-param],[data-pick],[data-cmd],[data-coach]")
    if node is None:
        return
    if attr(node, "data-coach") is not None:  # the coach's option: picked in the form
        state = announce.state_for(page.view, attr(node, "data-coach"))
        if state is not None:
            page.dialogs.set(announce=state)
            redraw(page)
            show_picked_game()
            access.focus("#announce-ok")
        return
    cmd = attr(node, "data-cmd")
    if cmd == "announce-ok":
        action = attr(node, "data-action")
        el("announce-dialog").close()
        if action:
            send(page, action)
        return
    if cmd == "announce-close":
        el("announce-dialog").close()
        return
    if attr(node, "data-game") is not None:
        if node.disabled:
            return
        param, value = "game", attr(node, "data-game")
    else:  # an option (a row's choice, or a side picked on the diagram)
        param, value = attr(node, "data-param") or attr(node, "data-pick"), attr(node,
                                                                             "data-value")
        if param is None:
            return
    choose(page, param, value)
    # A phone shows the games above the rest (assets/app.css), and a row an option adds may
    # push the sentence down; by a key nothing scrolls, so that its focus stays in view.
    if window.innerWidth < 760 and event.detail:
        show_details_below()


def show_details_below():
    """Scroll the dialog down so that what the game picked draws and asks (its diagram, its
    options, and the sentence of what will be announced, which names the game) shows above
    the dialog's buttons, as far as the diagram's top stays in view."""
    dialog, diagram = el("announce-dialog"), el("announce-diagram")
    if absent(diagram):
        return
    last = el("announce-preview")
    if absent(last):
        last = diagram
    box = dialog.getBoundingClientRect()
    bottom = box.bottom - announce_foot()
    want = last.getBoundingClientRect().bottom - bottom + 8
    most = diagram.getBoundingClientRect().top - box.top - 8
    step = min(want, most)
    if step > 0:
        dialog.scrollBy(to_js({"top": step, "behavior": "auto" if REDUCED.matches else
                               "smooth"}))


def on_announce_pointer(page, event):
    """pointermove/pointerout in the announcement dialog: whether a mouse (or a pen) is over
    the coach's list, which then keeps its order; leaving it draws the advice as it is now.
    A list that opens under a pointer standing still is not held (dom.moved)."""
    if event.type == "pointermove" and not moved(event):
        return
    page.dialogs.set(coach_hover=pointer_within(event, "#announce-coach .coach-options"))
    redraw(page, ("dialogs.coach_hover",))  # (leaving it: the advice as it is now)


def choose(page, param, value):
    """One choice in the announcement dialog, drawn at once."""
    state = page.dialogs.announce or announce.default_state(page.view)
    page.dialogs.set(announce=announce.update(page.view, state, param, value))
    redraw(page)


def on_key(page, event):
    """The arrow keys along a dialog's games or row of choices; Enter or Space on a side
    picked in the announcement's diagram. True if it was one of those."""
    if access.dialog_group(document.activeElement) is not None and access.on_arrow(event):
        return True
    if event.key != "Enter" and event.key != " ":
        return False
    active = document.activeElement
    if absent(active) or absent(getattr(active, "getAttribute", None)):
        return False
    if attr(active, "data-pick") is None or absent(active.closest("#announce-dialog")):
        return False
    event.preventDefault()
    choose(page, attr(active, "data-pick"), attr(active, "data-value"))
    return True


def open_new_game(page):
    """The new-game dialog, filled with the stored preferences or the engine's defaults."""
    if not page.link.synced or not page.settings():
        page.shown.set(notice={"key": "notice.engine_starting"})
        redraw(page)
        return
    stored = prefs()
    defaults = page.settings().get("defaults") or {}
    chosen = dict(page.dialogs.new_game)
    chosen["error"], chosen["pace"] = False, pace_of(page, page.shown.pace)
    for key, default in (("players", defaults.get("players")), ("level", defaults.get("level")),
                         ("h1", defaults.get("H1")), ("h2", defaults.get("H2")),
                         ("people", defaults.get("people")), ("seats", None),
                         ("together", False), ("table_screen", False)):
        value = stored.get(key)
        chosen[key] = value if value is not None else default
    page.dialogs.set(new_game=chosen)
    redraw(page)
    open_dialog("newgame-dialog")
    access.focus('#newgame-dialog [aria-pressed="true"]')  # (the players chosen, not "3")


def on_new_game_click(page, event):
    node = closest(event, "[data-param],[data-cmd]")
    if node is None:
        return
    seed_box = el("ng-seed")
    if not absent(seed_box):
        page.dialogs.put("new_game", "seed", str(seed_box.value))
    ng = page.dialogs.new_game
    cmd = attr(node, "data-cmd")
    if cmd == "newgame-close":
        el("newgame-dialog").close()
        return
    if cmd == "newgame-ok":
        seed, bad = seed_from_text(ng.get("seed"), page.settings().get("seed") or [0, 0])
        if bad:
            page.dialogs.put("new_game", "error", True)
            redraw(page)
            return
        el("newgame-dialog").close()
        page.shown.set(notice=None)
        people = panels.people_chosen(page.settings(), ng["players"], ng.get("people"))
        seats = panels.seats_chosen(page.settings(), ng["players"], people, ng.get("seats"))
        spawn(page, start_game(page, {"players": ng["players"], "level": ng["level"],
                                      "seed": seed, "h1": ng["h1"], "h2": ng["h2"],
                                      "pace": ng["pace"], "people": people,
                                      "seats": seats if people > 1 else None,
                                      "together": bool(ng.get("together")) and people > 1,
                                      "table_screen": bool(ng.get("together")) and
                                      bool(ng.get("table_screen")) and people > 1}))
        return
    param = attr(node, "data-param")
    value = attr(node, "data-value")
    if param == "seats":  # a seat toggled: a person's, or a computer player's
        settings = page.settings()
        players = ng["players"]
        people = panels.people_chosen(settings, players, ng.get("people"))
        seats = panels.seats_chosen(settings, players, people, ng.get("seats"))
        seat = int(value)
        seats = [s for s in seats if s != seat] if seat in seats else seats + [seat]
        page.dialogs.put("new_game", "seats", sorted(seats))
        page.dialogs.put("new_game", "people", len(seats))
    elif param in ("players", "pace", "people"):
        page.dialogs.put("new_game", param, int(value))
    elif param == "level":
        page.dialogs.put("new_game", "level", value)
    elif param in ("h1", "h2", "together", "table_screen"):
        page.dialogs.put("new_game", param, value == "1")
    page.dialogs.put("new_game", "error", False)
    redraw(page)
