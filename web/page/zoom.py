"""Zooming into and panning a layout drawn smaller than legible (main thread, MicroPython).

The table draws such a layout whole, zoomable (render_table.layout_svg, layout_zoom.py): its
buttons zoom in and out, the mouse wheel and a pinch zoom about the pointer, a drag on the
felt pans. The zoom lasts for the hand (page.shown.zoom) and goes with every drawing of the
table; while a finger or the mouse moves it, only the layout's transform changes. A drag
that panned is no click: the end under the pointer is not played.
"""

import layout_zoom
import render_table
from browser import absent, el
from display import redraw
from dom import closest
from pyscript import document

MOVED = 36  # squared px a pointer moves before a press becomes a pan


def _layout():
    node = document.getElementById("layout-zoom")
    return None if absent(node) else node


def _state(page, node):
    """(area, zoom now, largest zoom) of the layout drawn in `node`: the area is the felt."""
    w, h = page.drawn.felt or render_table.FELT_SIZE
    area = (0, 0, w, h)
    z, tx, ty = [float(v) for v in str(node.getAttribute("data-zoom")).split()]
    return area, (z, tx, ty), float(str(node.getAttribute("data-zoom-max")))


def _keep(page, node, zoom):
    """Keep the zoom for this hand and show it at once (the layout's transform only)."""
    page.shown.set(zoom=(page.hand().get("hand"), zoom))
    node.setAttribute("transform", layout_zoom.transform(zoom))
    node.setAttribute("data-zoom", " ".join(str(v) for v in zoom))


def _point(event):
    """The pointer in the table's drawing units."""
    ctm = el("table-svg").getScreenCTM()
    return (event.clientX - ctm.e) / ctm.a, (event.clientY - ctm.f) / ctm.d


def command(page, cmd):
    """The zoom buttons: in or out by one step about the layout area's middle."""
    node = _layout()
    if node is None:
        return
    area, zoom, zmax = _state(page, node)
    step = layout_zoom.STEP if cmd == "zoom-in" else 1 / layout_zoom.STEP
    _keep(page, node, layout_zoom.about(area, zoom, step, None, None, zmax))
    redraw(page)  # the buttons: one may now be disabled


def on_wheel(page, event):
    node = _layout()
    if node is None or event.ctrlKey:
        return
    event.preventDefault()
    area, zoom, zmax = _state(page, node)
    x, y = _point(event)
    factor = 1.25 if event.deltaY < 0 else 0.8
    _keep(page, node, layout_zoom.about(area, zoom, factor, x, y, zmax))


def on_pointer_down(page, event):
    """A press on the felt of a zoomable layout (not on a button): a pan or, with a second
    finger, a pinch may follow."""
    node = _layout()
    if node is None or (event.pointerType == "mouse" and event.button != 0):
        return
    if closest(event, "#table-svg") is None or closest(event, "[data-cmd]") is not None:
        return
    pan = page.move.pan or {"pointers": {}, "moved": False}
    pointers = dict(pan["pointers"])
    pointers[event.pointerId] = _point(event)
    page.move.set(pan={"pointers": pointers, "moved": pan["moved"],
                       "start": _state(page, node)[1], "from": dict(pointers)})


def on_pointer_move(page, event):
    pan = page.move.pan
    node = _layout()
    if pan is None or node is None or event.pointerId not in pan["pointers"]:
        return
    pointers = dict(pan["pointers"])
    pointers[event.pointerId] = _point(event)
    page.move.put("pan", "pointers", pointers)
    area, _, zmax = _state(page, node)
    ids = list(pan["from"])
    if len(ids) >= 2:  # a pinch: the distance between two fingers, about their middle
        a0, b0 = pan["from"][ids[0]], pan["from"][ids[1]]
        a1, b1 = pan["pointers"][ids[0]], pan["pointers"][ids[1]]
        d0 = ((a0[0] - b0[0]) ** 2 + (a0[1] - b0[1]) ** 2) ** 0.5
        d1 = ((a1[0] - b1[0]) ** 2 + (a1[1] - b1[1]) ** 2) ** 0.5
        if d0 > 0:
            page.move.put("pan", "moved", True)
            zoom = layout_zoom.about(area, pan["start"], d1 / d0, (a0[0] + b0[0]) / 2,
                                     (a0[1] + b0[1]) / 2, zmax)
            _keep(page, node, layout_zoom.pan(area, zoom, (a1[0] + b1[0] - a0[0] - b0[0]) / 2,
                                              (a1[1] + b1[1] - a0[1] - b0[1]) / 2, zmax))
        return
    x0, y0 = pan["from"][ids[0]]
    x1, y1 = pan["pointers"][ids[0]]
    ctm = el("table-svg").getScreenCTM()
    if not pan["moved"] and ((x1 - x0) ** 2 + (y1 - y0) ** 2) * ctm.a * ctm.a < MOVED:
        return
    page.move.put("pan", "moved", True)
    _keep(page, node, layout_zoom.pan(area, pan["start"], x1 - x0, y1 - y0, zmax))


def on_pointer_up(page, event):
    """The pointer lifted: a pan's click is no move (moves.after_drop)."""
    pan = page.move.pan
    if pan is None or event.pointerId not in pan["pointers"]:
        return
    pointers = dict(pan["pointers"])
    pointers.pop(event.pointerId)
    page.move.put("pan", "pointers", pointers)
    if pan["moved"]:
        page.move.set(drag_end=(event.timeStamp, event.clientX, event.clientY))
    if not pointers:
        page.move.set(pan=None)
        return
    node = _layout()  # one finger of a pinch is left: it pans from here
    if node is not None:
        page.move.put("pan", "start", _state(page, node)[1])
        page.move.put("pan", "from", dict(pointers))


def on_pointer_cancel(page, event):
    page.move.set(pan=None)
