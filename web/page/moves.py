"""The person's moves (main thread, MicroPython): a tile picked in the hand, then an open end
on the table (by click, touch, drag or keyboard), then an outward end if the tile could lie
either way. Every action sent is one the view offers (its exact "send" text); a move the
view does not offer goes to the engine as an attempt, which it refuses with its reason
(R70), so the page never judges a move itself.
"""

import access
import legal_records as legal
import render_svg
import zoom
from access import focus, tell
from browser import absent, el
from contract import (
    PHASE_OUT_OF_TURN,
    PHASE_PLAY,
    PHASE_SET,
    WAITING_BOT,
    WAITING_HUMAN,
    WAITING_OTHER,
)
from display import COACH_DONE, redraw
from dom import attr, closest
from engine_calls import send
from language import words
from pyscript import document, window


def on_tile(page, tile):
    view = page.view
    if view is None or page.link.busy or not page.link.synced:
        return
    if view.get("waiting_for") != WAITING_HUMAN:
        bots = view.get("waiting_for") in (WAITING_BOT, WAITING_OTHER)
        page.shown.set(notice={"key": "notice.wait_turn"} if bots else None)
        redraw(page)
        return
    phase = page.phase()
    page.shown.set(notice=None)
    if phase == PHASE_SET:
        # A tile that may not be set: the engine says why (R4, R5).
        send(page, legal.set_action(view, tile) or legal.attempt(tile))
        return
    if phase not in (PHASE_PLAY, PHASE_OUT_OF_TURN):
        return
    move = page.move
    move.set(choice=None)
    if move.tile == tile:
        move.set(tile=None)
    else:
        move.set(tile=tile)
        if not legal.targets_for(view, tile):
            move.set(tile=None)
            page.shown.set(error=None, notice={"key": "notice.no_place", "tile": tile})
            redraw(page)
            return
    page.shown.set(error=None)
    redraw(page)


def on_end(page, arm):
    if page.link.busy or not page.persons_turn():
        return
    view = page.view
    tile = page.move.tile
    if not tile:
        page.shown.set(notice={"key": "notice.select_first"})
        redraw(page)
        return
    outs = legal.outs_for(view, tile, arm)
    if not outs:
        # Not a legal place: the engine explains why in one sentence (R70).
        first, _ = render_svg.split_tile(tile)
        send(page, legal.attempt(tile, arm, first, page.move.close))
        return
    if len(outs) == 1:
        play(page, tile, arm, outs[0])
        return
    page.move.set(choice={"tile": tile, "arm": arm, "outs": outs})
    redraw(page)
    focus("#controls [data-cmd=out]")  # the question, said, and its first answer in focus
    tell(words(page).word("chooser.which", {"tile": tile}))


def play(page, tile, arm, out, confirmed=False):
    """Send the play; one with a close first asks the person to confirm it, saying what a
    right close pays and a wrong one costs (R18, R19)."""
    move = page.move
    if move.close and not confirmed:
        move.set(confirm={"tile": tile, "arm": arm, "out": out}, choice=None)
        redraw(page)
        # What a right close pays and a wrong one costs, said; the focus on going back
        focus("#controls [data-cmd=cancel]")
        tell(str(document.querySelector("#controls .prompt").textContent))
        return
    move.set(confirm=None)
    action = legal.play_action(page.view, tile, arm, out, move.close, move.claim)
    # A flag the engine does not offer for this play (a claim where no double is paid):
    # the engine says why (R70).
    send(page, action or legal.attempt(tile, arm, out, move.close, move.claim))


def on_key(page, event):
    """Escape drops the tile picked (focus back on it); Enter or Space on a tile picks it
    and takes the focus to the first end it can go to, on an end plays it there; the arrow
    keys move within the hand or the ends (access.py); R reads out the open ends, U takes
    back the last play while Undo is offered."""
    key = event.key
    if key == "Escape" and (page.move.tile or page.move.choice):
        tile = page.move.tile
        page.move.clear()
        redraw(page)
        if tile:
            focus('#hand [data-tile="' + tile + '"]')
        return
    if access.on_arrow(event):
        return
    plain = not (event.ctrlKey or event.metaKey or event.altKey)
    if (key == "r" or key == "R") and plain:
        if absent(document.activeElement) or not _typing(document.activeElement):
            access.read_out(page)
        return
    if (key == "u" or key == "U") and plain:  # undo while its button is offered: it may
        # be there for less time than a Tab to reach it takes (the next player's pause)
        undo = document.querySelector("#controls [data-cmd=undo]")
        if not absent(undo) and not _typing(document.activeElement):
            undo.click()
        return
    if key != "Enter" and key != " ":
        return
    active = document.activeElement
    if absent(active) or absent(getattr(active, "getAttribute", None)):
        return
    tile = attr(active, "data-tile")
    arm = attr(active, "data-arm")
    cmd = attr(active, "data-cmd")
    if cmd is not None and not absent(active.closest("#table")):  # zoom.py's buttons
        event.preventDefault()
        zoom.command(page, cmd)
        return
    if tile is not None and not absent(active.closest("#hand")):
        event.preventDefault()
        on_tile(page, tile)
        if page.move.tile == tile:
            focus('#table .end.target[tabindex="0"]')
    elif arm is not None and not absent(active.closest("#table")):
        event.preventDefault()
        on_end(page, int(arm))


def _typing(node):
    """A text field or a list has the focus: its keys are its own."""
    return str(node.tagName).lower() in ("input", "select", "textarea")


# ---------------------------------------------------------------- dragging a tile
def on_pointer_down(page, event):
    if event.button != 0:
        return
    node = closest(event, "#hand [data-tile]")
    touch = str(event.pointerType) == "touch"
    if node is None and not touch:
        return
    if touch and page.move.drag is not None and page.move.drag["touch"]:
        return  # (a second finger changes nothing: the first one's press goes on)
    # (a finger on the hand may also mean to scroll: see on_pointer_move)
    page.move.set(drag={"tile": None if node is None else attr(node, "data-tile"),
                      "x": event.clientX, "y": event.clientY, "moved": False,
                      "touch": touch, "scroll": None, "pointer": event.pointerId})


def _held(page, event):
    """The press under way, if `event` is of its pointer."""
    drag = page.move.drag
    return drag if drag is not None and drag["pointer"] == event.pointerId else None


def on_pointer_move(page, event):
    drag = _held(page, event)
    if drag is None:
        return
    dx, dy = event.clientX - drag["x"], event.clientY - drag["y"]
    if drag["scroll"] is not None:
        # The hand takes touches as drags (touch-action: none, app.css), so a finger that
        # drags no tile scrolls the page itself, as it would anywhere else.
        window.scrollBy(0, drag["scroll"] - event.clientY)
        page.move.put("drag", "scroll", event.clientY)
        return
    ghost = el("drag-ghost")
    if not drag["moved"]:
        if dx * dx + dy * dy < 64:
            return
        tile = drag["tile"]
        if tile is None or not page.persons_turn() or not legal.targets_for(page.view, tile):
            if drag["touch"]:
                window.scrollBy(0, -dy)
                page.move.put("drag", "scroll", event.clientY)
            else:
                page.move.set(drag=None)
                if tile is not None:
                    refused_drag(page, tile)
            return
        page.move.put("drag", "moved", True)
        page.move.set(tile=drag["tile"], choice=None)
        redraw(page)
        a, b = render_svg.split_tile(drag["tile"])
        ghost.innerHTML = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 44 88" '
                           'width="44" height="88">' +
                           render_svg.tile_face(0, 0, 44, 88, a, b) + "</svg>")
        ghost.hidden = False
    ghost.style.transform = ("translate(" + str(int(event.clientX) - 22) + "px," +
                             str(int(event.clientY) - 44) + "px)")


def refused_drag(page, tile):
    """A tile dragged by a mouse that cannot go anywhere now: said as a click on it says it
    (on_tile; a finger dragging it scrolls the page instead)."""
    if page.view is not None and page.phase() in (PHASE_PLAY, PHASE_OUT_OF_TURN):
        on_tile(page, tile)


def on_pointer_up(page, event):
    drag = _held(page, event)
    if drag is None:
        return
    page.move.set(drag=None)
    if drag["scroll"] is not None:  # (its click, if any, is not a tap on a tile)
        page.move.set(drag_end=(event.timeStamp, event.clientX, event.clientY))
    redraw(page, COACH_DONE)  # (the coach's last chips, if they waited for the finger)
    if not drag["moved"]:
        return
    el("drag-ghost").hidden = True
    page.move.set(drag_end=(event.timeStamp, event.clientX, event.clientY))
    node = document.elementFromPoint(event.clientX, event.clientY)
    target = None if absent(node) else node.closest("#table [data-arm]")
    if not absent(target):
        on_end(page, int(attr(target, "data-arm")))


def on_pointer_cancel(page, event):
    if _held(page, event) is not None:
        page.move.set(drag=None)
        el("drag-ghost").hidden = True


def after_drop(page, event):
    """A drag ends with a click (same place, same moment) on whatever lies under the
    pointer: not a second move."""
    end = page.move.drag_end
    return (end is not None and event.timeStamp - end[0] < 60 and event.clientX == end[1]
            and event.clientY == end[2])

