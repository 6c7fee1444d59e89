"""The table put in the page at its felt's size (main thread, MicroPython): what it is
drawn with besides the view, the room the hand's layout is planned for (a placed tile never
moves while the screen stays the same), where each seat sits for the motion of a play or a
payment, and what moved since the last drawing."""

import legal_records as legal
import render_table
from browser import absent, el
from dom import REDUCED, attr
from language import words
from pyscript import document, window
from table_motion import table_motion


def table_ui(page, moved=None):
    """What the table is drawn with besides the view: the selection, the felt's size, the
    room the hand's plan was made for, the layout's frame drawn last and its zoom in this
    hand, and `moved` (motion()): what to show moving, from where each seat sits."""
    targets = []
    if page.move.tile and page.view:
        targets = legal.targets_for(page.view, page.move.tile)
    number = page.hand().get("hand")
    ui = {"selected": page.move.tile, "targets": targets, "felt": page.drawn.felt,
          "plan": plan_room(page)}
    kept = page.shown.zoom  # the layout's zoom in this hand (zoom.py)
    if kept is not None and kept[0] == number:
        ui["zoom"] = kept[1]
    was = page.drawn.frame
    if was is not None and was[0] == (number, page.drawn.felt) and not REDUCED.matches:
        ui["was"] = was[1]
    ui.update(moved or {})
    if moved:
        ui["anchors"] = page.drawn.anchors
    return ui


def screen_key():
    """What makes a new screen for the layout's plan: its width and orientation (not its
    height alone, which a phone's bars change as the page scrolls)."""
    w, h = int(window.innerWidth), int(window.innerHeight)
    return (w, w > h)


def plan_room(page):
    """The room (w, h) px the hand's layout is planned for: the felt's size when the hand's
    layout was first drawn on this screen (layout_geometry.plan: a placed tile never moves,
    unless the screen itself changes)."""
    key = (page.hand().get("hand"), screen_key())
    kept = page.drawn.plan
    if kept is not None and kept[0] == key:
        return kept[1]
    if page.drawn.felt is None or not page.hand().get("layout"):
        return None
    page.drawn.set(plan=(key, page.drawn.felt))
    return page.drawn.felt


def felt_size():
    """The felt's size in px now, or None before it is laid out."""
    node = document.getElementById("felt")
    if absent(node):
        return None
    box = node.getBoundingClientRect()
    if box.width < 10 or box.height < 10:
        return None
    return (int(box.width), int(box.height))


def seat_anchors(viewer):
    """Where each seat sits, in the felt's px: the middle of each other player's panel, and
    the hand below the table for the person's own seat (`viewer`)."""
    felt = document.getElementById("felt")
    if absent(felt):
        return None
    origin = felt.getBoundingClientRect()
    out = {}
    for node in document.querySelectorAll("#table .seat[data-seat]"):
        box = node.getBoundingClientRect()
        out[int(attr(node, "data-seat"))] = (box.left + box.width / 2 - origin.left,
                                             box.top + box.height / 2 - origin.top)
    if viewer is not None:
        hand = el("hand").getBoundingClientRect()
        out[viewer] = (hand.left + hand.width / 2 - origin.left, hand.top + 30 - origin.top)
    return out


def put_table(page, ui):
    """The table drawn in the page; its felt drawn again at its size if that was not the
    size it was drawn for (the first drawing, a new screen), and what the next drawing
    moves from kept: the layout's frame and where the seats sit."""
    view = None if page.pass_pending() else page.view
    w = words(page)
    el("table").innerHTML = render_table.table_html(view, ui, w)
    size = felt_size()
    if size is not None and size != page.drawn.felt:
        page.drawn.set(felt=size)
        ui = dict(ui)
        ui["felt"] = size
        ui["plan"] = plan_room(page)
        ui.pop("was", None)
        el("felt").innerHTML = render_table.felt_html(view, ui, w)
    if size is not None:
        frame = render_table.layout_px(view, ui, (0, 0, size[0], size[1]))
        page.drawn.set(frame=None if frame is None else (
            (page.hand().get("hand"), size), frame))
    page.drawn.set(anchors=seat_anchors((view or {}).get("viewer")))


def motion(page):
    """What moved since the table was last drawn from an earlier action: the last play (it
    slides in from its player's seat) and the chips each seat got or paid (the amounts rise
    from their chips). Nothing on the first drawing, a redrawing of the same action (a
    language switch, a selection) or under prefers-reduced-motion."""
    kept, moved = table_motion(page.drawn.moved, page.view or {}, REDUCED.matches)
    page.drawn.set(moved=kept)
    return moved
