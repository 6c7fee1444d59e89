"""The page for the keyboard and the screen reader (main thread, MicroPython).

- Focus survives drawing: the hand, the table and the controls are drawn anew after every
  change, so the tile, end or button in focus is found again afterwards, and when it is
  gone (a tile played, an end no longer open to the selection, a button no longer offered)
  focus returns to the hand.
- The hand and the ends the selected tile can go to are one tab stop each (the drawing
  gives one of them tabindex 0): the arrow keys, Home and End move between them.
- A polite live region (#announcer) says the other players' actions and every payment as
  they come (render_spoken.news), and the prompt when it becomes the person's turn.
- The R key reads out the open ends and the person's playable tiles.
"""

import legal_records as legal
import render_spoken as spoken
from browser import absent, el
from dom import attr
from language import words
from pyscript import document
from pyscript.ffi import to_js

GROUPS = {"hand": "#hand [data-tile]", "table": "#table .end.target"}


def held_focus():
    """Where the focus is before the hand and the table are drawn again: ("hand", tile),
    ("table", arm), ("controls-button", "table-button" or "announce-coach-button", its
    selector) or None."""
    active = document.activeElement
    if absent(active) or absent(getattr(active, "closest", None)):
        return None
    if not absent(active.closest("#hand")) and attr(active, "data-tile") is not None:
        return ("hand", attr(active, "data-tile"))
    if not absent(active.closest("#table")) and attr(active, "data-arm") is not None:
        return ("table", attr(active, "data-arm"))
    # A button: the controls', the coach's, the table's zoom or the coach's in the
    # announcement dialog.
    for box in ("controls", "coach-panel", "table", "announce-coach"):
        if not absent(active.closest("#" + box)):
            for name in ("data-coach", "data-action", "data-cmd"):
                value = attr(active, name)
                if value is not None:
                    return (box + "-button", "[" + name + '="' + value + '"]')
    return None


def give_focus(where):
    """Focus again what held it (held_focus), or the hand's tab stop if it is gone."""
    if where is None:
        return
    kind, key = where
    node = None
    if kind == "hand":  # (a tile that cannot be played now gives way to one that can)
        node = document.querySelector('#hand [data-tile="' + key + '"]:not([aria-disabled])')
    elif kind == "table":
        node = document.querySelector('#table .end.target[data-arm="' + key + '"]')
    else:  # the same button of its box, if it is still offered
        node = document.querySelector("#" + kind[: -len("-button")] + " " + key)
    if absent(node):
        node = document.querySelector('#hand [tabindex="0"]')
    focus_node(node)


def off_a_dead_tile(page):
    """The focus on a hand tile that cannot be played, on the person's turn when no tile
    can (they must draw, wait or pass), goes to the move's button: Enter makes the move."""
    active = document.activeElement
    if (absent(active) or absent(getattr(active, "closest", None)) or
            absent(active.closest("#hand")) or attr(active, "aria-disabled") is None):
        return
    if page.persons_turn() and absent(document.querySelector(
            "#hand [data-tile]:not([aria-disabled])")):
        focus("#controls button.primary")


def focus_node(node):
    # (on the node that has it already, focus() does nothing, but only after the browser
    # has brought its styles up to date: at every step, for the hand's tile in focus)
    if not absent(node) and not node.isSameNode(document.activeElement):
        node.focus(to_js({"preventScroll": True}))


def focus(selector):
    focus_node(document.querySelector(selector))


def focus_if_lost(selector):
    """Focus `selector` if the focus is nowhere (the page's body) or on the game, whose
    tiles and buttons were just drawn anew (the end of a hand): a keyboard goes on from
    there, not from the top of the page. Focus elsewhere (the log, the header) stays."""
    active = document.activeElement
    if (absent(active) or str(active.tagName) == "BODY" or
            not absent(active.closest("#hand, #table, #controls"))):
        focus(selector)


def focus_if_nowhere(selectors):
    """Focus the first of `selectors` there is, if the focus is nowhere (the page's body: a
    dialog closed, or the node in focus drawn away), so that a keyboard goes on from the
    game, not from the top of the page."""
    active = document.activeElement
    if not (absent(active) or str(active.tagName) == "BODY"):
        return
    for selector in selectors:
        node = document.querySelector(selector)
        if not absent(node):
            focus_node(node)
            return


def on_arrow(event):
    """Arrow keys, Home and End inside the hand or among the playable ends: the next one
    takes the tab stop and the focus. True if the key was one of those."""
    key = event.key
    steps = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}
    if key not in steps and key != "Home" and key != "End":
        return False
    where = held_focus()
    if where is not None and where[0] in GROUPS:
        nodes = document.querySelectorAll(GROUPS[where[0]])
    else:  # a dialog's row of choices or list of games (else a button's arrows are the
        # browser's)
        nodes = dialog_group(document.activeElement)
        if nodes is None:
            return False
    count = nodes.length
    if not count:
        return False
    at = 0
    for i in range(count):
        if nodes.item(i).matches(":focus"):
            at = i
    if key == "Home":
        to = 0
    elif key == "End":
        to = count - 1
    else:
        to = (at + steps[key]) % count
    event.preventDefault()
    for i in range(count):
        nodes.item(i).setAttribute("tabindex", "0" if i == to else "-1")
    focus_node(nodes.item(to))
    return True


def dialog_group(active):
    """The buttons the arrow keys move among from the dialog button `active`: the games of
    the announcement, its coach's options or a row of choices (one tab stop each,
    render_panels.option_row)."""
    if absent(active) or absent(getattr(active, "closest", None)):
        return None
    box = active.closest("dialog .games, dialog .choices, dialog .coach-options")
    if absent(box):
        return None
    return box.querySelectorAll("button:not([disabled])")


def held_in(box):
    """The selector of the button in focus inside `box` (its game, its choice, its
    command or its id), to focus it again after `box` is drawn anew; None if none."""
    active = document.activeElement
    if absent(active) or absent(getattr(active, "closest", None)) or absent(
            active.closest("#" + box)):
        return None
    for name in ("data-game", "data-param", "data-pick", "data-coach", "data-cmd"):
        value = attr(active, name)
        if value is not None:
            sel = "#" + box + " [" + name + '="' + value + '"]'
            other = attr(active, "data-value")
            return sel + ('[data-value="' + other + '"]' if other is not None else "")
    ident = str(active.id or "")
    return "#" + ident if ident else None


def refocus(selector):
    """Focus `selector` again (held_in), if it is still there and enabled."""
    if selector is not None:
        focus(selector + ":not([disabled])")


def tell(text):
    """Say `text` in the polite live region (replaced, so that it is said again)."""
    if text:
        el("announcer").textContent = text


def tell_news(page):
    """After drawing: the log's news, and the prompt when the person's turn begins."""
    view = page.view
    if view is None or not page.link.synced:
        return
    w = words(page)
    text, heard = spoken.news(view, page.drawn.heard, w)
    page.drawn.set(heard=heard)
    # Whose turn, and whether the device is still to be handed to them (pass-and-play):
    # each new one is said, also from one person straight to the next.
    turn = None
    if view.get("waiting_for") == "human":
        turn = str(view.get("viewer")) + (" pass" if page.pass_pending() else "")
    if turn is not None and turn != page.drawn.heard_turn:
        prompt = document.querySelector("#controls .prompt")
        if not absent(prompt):
            text = (text + " " + str(prompt.textContent)).strip()
    page.drawn.set(heard_turn=turn)
    tell(text)


def read_out(page):
    """The R key: the open ends and the playable tiles, said."""
    view = page.view
    if view is None:
        return
    playable = legal.tile_actions(view) if page.persons_turn() else []
    # (not the tiles of a person who has not taken the device: pass-and-play)
    tiles = [] if page.tiles_hidden() else (view.get("hand") or {}).get("tiles") or []
    tell(spoken.read_out(view, playable, words(page), tiles))
