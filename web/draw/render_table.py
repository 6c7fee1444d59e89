"""The Nos table, drawn from the worker's view: HTML around an SVG layout.

`table_html(view, ui, words)` is the whole table: the bar with the game in force and whose
turn it is (render_force.py), the other players' seats (render_seats.py), the felt with the
layout (`layout_svg`) and the strip with the boneyard and the person's own line. Without a
view it draws the empty frame shown while the engine loads.

The layout's SVG is drawn at the felt's own size in px (`ui["felt"]`, measured by the page),
so its words and targets have real sizes: every word at least 12 px, every end a selected
tile may go to at least 44 px where the ends lie apart. The tiles lie where the hand's plan
puts them (layout_geometry.py: a placed tile never moves); the group that holds them is
scaled and moved to show them all (render_layout.frame), as motion from where it was
(`ui["was"]`). A layout shown with tiles below 24 px may be zoomed into and panned
(layout_zoom.py).

`ui`: {"selected": tile or None, "targets": [arm, ...], "felt": (w, h) px, "plan": (w, h)
px the hand's plan was made for, "zoom": (z, tx, ty) or None, "was": (s, tx, ty) the frame
drawn last in this hand, "anchors": {seat: (x, y)} px where each seat sits around the felt,
"play": the last play slides in from its seat, "chips": payments just made}.

Pure functions of their arguments, in the MicroPython subset (see render_svg.py).
"""

import contract
import layout_zoom
from render_force import force_html
from render_layout import (
    CLOSE,
    LEGIBLE,
    TARGET,
    TEXT,
    G,
    arm_names,
    end_marker,
    end_targets,
    grid_box,
    hand_of,
    last_play,
    layout_place,
    most_unit,
    placed_tiles,
    to_px,
)
from render_seats import seats_html, strip_html
from render_svg import (
    INK,
    INK_DIM,
    SVG_NS,
    chip_flight,
    esc,
    fixed,
    fmt,
    group,
    split_tile,
    text,
    tile_face,
)

FELT_SIZE = (360, 300)  # the felt's size before the page measured it (px)


def table_html(view=None, ui=None, words=None):
    """The table as an HTML string; the empty frame without a view."""
    ui = ui or {}
    hand = hand_of(view)
    out = ['<div class="tbl" data-players="', str((view or {}).get("players", 0)), '">']
    if hand is not None:
        out += ['<div class="force">', force_html(view, words), "</div>"]
    if view is not None:
        out.append(seats_html(view, words, ui))
    out += ['<div class="felt" id="felt">', felt_html(view, ui, words), "</div>"]
    if view is not None:
        out.append(strip_html(view, words, ui))
    out.append("</div>")
    return "".join(out)


def felt_html(view, ui, words):
    """The felt's inside: the layout's SVG and, where it may be zoomed, the zoom buttons
    over its corner."""
    return layout_svg(view, ui, words) + zoom_buttons(view, ui, words)


def svg_open(w, h, label):
    """The layout's <svg>: a named group (not an image: its ends are buttons)."""
    return ('<svg xmlns="' + SVG_NS + '" id="table-svg" viewBox="0 0 ' + fmt(w) + " " +
            fmt(h) + '" width="' + fmt(w) + '" height="' + fmt(h) +
            '" role="group" aria-labelledby="table-svg-title"><title id="table-svg-title">' +
            esc(label) + "</title>")


def layout_svg(view, ui, words):
    """The felt's SVG at its size: the layout, or a message before it is laid."""
    w, h = ui.get("felt") or FELT_SIZE
    parts = [svg_open(w, h, words.word("table.title"))]
    hand = hand_of(view)
    layout = hand.get("layout") if hand else None
    if layout:
        parts.append(layout_group(view, ui, (0, 0, w, h), words))
    else:
        parts.append(center_message(view, w / 2, h / 2, w, words))
    parts.append(flying_chips(ui))
    parts.append("</svg>")
    return "".join(parts)


MOST_FLYING = 8  # payments shown flying at once: more read as noise (the log has them all)


def flying_chips(ui):
    """Each payment just made (`ui["pays"]`, motion): a chip with its amount flies from the
    payer's seat to the payee's (`ui["anchors"]`, px about the felt), one after another."""
    anchors = ui.get("anchors") or {}
    pays = ui.get("pays") or []
    parts = []
    for k, (payer, payee, amount) in enumerate(pays[:MOST_FLYING]):
        a, b = anchors.get(payer), anchors.get(payee)
        if a is None or b is None or not amount:
            continue
        parts.append(chip_flight(a, b, amount, 0.12 * k))
    return group(parts, "flying-chips", [("aria-hidden", "true")]) if parts else ""


def layout_frame(hand, ui, room):
    """(placement, s, tx, ty) of the hand's layout in the room, by its plan."""
    return layout_place(hand, room, ui.get("plan"))


def layout_group(view, ui, room, words):
    hand = hand_of(view)
    layout = hand["layout"]
    placement, s, tx, ty = layout_frame(hand, ui, room)
    k = s / G  # px per drawing unit
    zmax = zoom_most(s, most_unit(room[2], room[3]))
    zoom = layout_zoom.clamp(room, ui.get("zoom") or layout_zoom.NONE, zmax)
    arms = layout.get("arms", [])
    last = last_play(hand)
    arrive = None
    anchors = ui.get("anchors")
    if last is not None and ui.get("play") and anchors:  # motion: from the seat that played
        arrive = {}
        for seat in anchors:
            x, y = layout_zoom.inverse(zoom, anchors[seat][0], anchors[seat][1])
            arrive[seat] = ((x - tx) / k, (y - ty) / k)
    parts = placed_tiles(placement, grid_box, last, words, arms=arms, arrive=arrive)
    targets = ui.get("targets") or []
    selected = ui.get("selected")
    slots = [to_px(e["box"], s, tx, ty) for e in placement["ends"]]
    hits = end_targets([zoomed(zoom, b) for b in slots], TARGET, room)
    stop = min(targets) if targets else None
    # (words never below TEXT px: rounded up, as the drawing writes tenths)
    least = int(TEXT / (k * zoom[0]) * 10 + 0.999) / 10
    for i in range(len(arms)):
        hit = unzoomed(zoom, hits[i])
        hit = ((hit[0] - tx) / k, (hit[1] - ty) / k, hit[2] / k, hit[3] / k)
        parts.append(end_marker(arms[i], i, grid_box(placement["ends"][i]["box"]), G,
                                i in targets, selected, words, hit, i == stop, least))
    ends = []
    for e in placement["ends"]:
        x, y, bw, bh = grid_box(e["box"])
        ends.append((x, y, bw, bh, e["dir"]))
    boxes = [(t["box"][0] * G, t["box"][1] * G, t["box"][2] * G, t["box"][3] * G)
             for t in placement["tiles"]] + [tuple(v * G for v in placement["set"]["box"])]
    x0, y0 = layout_zoom.inverse(zoom, room[0], room[1])
    x1, y1 = layout_zoom.inverse(zoom, room[0] + room[2], room[1] + room[3])
    parts += arm_names(arms, ends, boxes, least, words,
                       ((x0 - tx) / k, (y0 - ty) / k, (x1 - tx) / k, (y1 - ty) / k))
    inner = moving_group(parts, s, tx, ty, ui.get("was"))
    more = [("data-unit", fmt(s))]
    if zmax <= 1:
        return group([inner], "layout", more)
    # Tiles below 24 px (render_layout.LEGIBLE): the person may zoom in and pan
    # (web/page/zoom.py).
    more += [("id", "layout-zoom"), ("data-zoom-max", fmt(zmax)),
             ("data-zoom", fmt(zoom[0]) + " " + fmt(zoom[1]) + " " + fmt(zoom[2]))]
    # (in a viewport of the felt's size: zoomed in, the layout is cut at the felt's edge,
    # never drawn over the seats or the hand; so a tile played into such a layout slides in
    # from the felt's edge, not from its player's seat; the chips fly over it all the same)
    return ('<svg x="' + fmt(room[0]) + '" y="' + fmt(room[1]) + '" width="' + fmt(room[2]) +
            '" height="' + fmt(room[3]) + '" viewBox="' + fmt(room[0]) + " " + fmt(room[1]) +
            " " + fmt(room[2]) + " " + fmt(room[3]) + '" overflow="hidden">' +
            group([inner], "layout", more, layout_zoom.transform(zoom)) + "</svg>")


def cramped(view, ui):
    """The ends the selected tile may go to (`ui["targets"]`) whose clickable box on the
    felt is below TARGET px (two ends close together meet half way): the end chooser beside
    the hand offers them (render_panels)."""
    hand = hand_of(view)
    targets = ui.get("targets") or []
    if hand is None or not hand.get("layout") or not targets:
        return []
    w, h = ui.get("felt") or FELT_SIZE
    room = (0, 0, w, h)
    placement, s, tx, ty = layout_frame(hand, ui, room)
    zoom = layout_zoom.clamp(room, ui.get("zoom") or layout_zoom.NONE,
                             zoom_most(s, most_unit(w, h)))
    slots = [zoomed(zoom, to_px(e["box"], s, tx, ty)) for e in placement["ends"]]
    hits = end_targets(slots, TARGET, room)
    return [i for i in targets if i < len(hits) and min(hits[i][2], hits[i][3]) < TARGET - 0.5]


def zoom_of(view, ui):
    """(zoom, largest zoom) of the layout as the felt shows it, or None where it needs
    none (no layout, or tiles of 24 px and more)."""
    hand = hand_of(view)
    if hand is None or not hand.get("layout"):
        return None
    w, h = ui.get("felt") or FELT_SIZE
    room = (0, 0, w, h)
    _, s, _, _ = layout_frame(hand, ui, room)
    zmax = zoom_most(s, most_unit(w, h))
    if zmax <= 1:
        return None
    return layout_zoom.clamp(room, ui.get("zoom") or layout_zoom.NONE, zmax), zmax


def zoom_most(s, most):
    """How far a layout drawn at s px per grid unit may be zoomed into: to the design's
    size, at least to CLOSE (a tile's short side 48 px, a pinch's worth on a phone); 1 where
    its tiles are legible (LEGIBLE) as drawn."""
    if s >= LEGIBLE:
        return 1.0
    return max(CLOSE, most) / s


def zoomed(zoom, b):
    z, zx, zy = zoom
    return (zx + b[0] * z, zy + b[1] * z, b[2] * z, b[3] * z)


def unzoomed(zoom, b):
    z, zx, zy = zoom
    return ((b[0] - zx) / z, (b[1] - zy) / z, b[2] / z, b[3] / z)


def moving_group(parts, s, tx, ty, was):
    """The layout's parts in drawing units, scaled by s / G and moved to (tx, ty): from the
    frame drawn before (`was`), as motion, where it differs."""
    k = s / G
    scale = fixed(k, 4)
    move = fmt(tx) + " " + fmt(ty)
    inner_motion = outer_motion = ""
    if was is not None and (was[0] != s or was[1] != tx or was[2] != ty):
        inner_motion = ('<animateTransform attributeName="transform" type="scale" from="' +
                        fixed(was[0] / G, 4) + '" to="' + scale + '" dur="0.4s" fill="freeze" '
                        'calcMode="spline" keyTimes="0;1" keySplines="0.3 0 0.2 1"/>')
        outer_motion = ('<animateTransform attributeName="transform" type="translate" from="' +
                        fmt(was[1]) + " " + fmt(was[2]) + '" to="' + move + '" dur="0.4s" '
                        'fill="freeze" calcMode="spline" keyTimes="0;1" '
                        'keySplines="0.3 0 0.2 1"/>')
    return ('<g transform="translate(' + move + ')">' + outer_motion +
            '<g class="layout-tiles" transform="scale(' + scale + ')">' + inner_motion +
            "".join(parts) + "</g></g>")


def zoom_buttons(view, ui, words):
    """Zoom in and out (HTML buttons in the strip, where they cover no tile), where the
    layout is shown with tiles below 24 px; the one that can do nothing more says so by
    aria-disabled (not `disabled`, which would drop the keyboard's focus from it)."""
    got = zoom_of(view, ui)
    if got is None:
        return ""
    zoom, zmax = got
    out = ['<span class="zoom-buttons">']
    for cmd, key, sign, can in (("zoom-out", "table.zoom_out", "\u2212", zoom[0] > 1),
                                ("zoom-in", "table.zoom_in", "+", zoom[0] < zmax)):
        said = esc(words.word(key))
        off = "" if can else ' aria-disabled="true"'
        out += ['<button type="button" class="zoom-button" data-cmd="', cmd, '" aria-label="',
                said, '" title="', said, '"', off, ">", sign, "</button>"]
    out.append("</span>")
    return "".join(out)


def center_message(view, cx, cy, w, words):
    """Before the layout: who is on set and what they do, or the set tile and who is
    choosing the game (R4, R5, R7); the game's name before a view."""
    hand = hand_of(view)
    size = 26 if w > 500 else 20
    if hand is not None and hand.get("set_tile") and hand.get("phase") == contract.PHASE_ANNOUNCE:
        return set_tile_message(hand, cx, cy, size, words)
    if hand is None:
        main, sub = words.word("center.title"), words.word("center.sub")
    else:
        setter = hand.get("setter", 0)
        main = words.capital(words.word("center.on_set", {"seat": setter}))
        # Why the person on set sets what they may, as the view says (set_reason).
        reason = hand.get("set_reason")
        if setter != view.get("viewer"):
            sub = words.word("center.waiting")
        elif reason == contract.SET_DRAW:
            sub = words.word("center.setting_draw")  # R5: no double in hand
        elif reason == contract.SET_HIGHEST:
            sub = words.word("center.setting_first")  # R4: the highest double, no other
        else:
            sub = words.word("center.setting")  # R5: one of their doubles
    return group([text(cx, cy - 4, main, size, INK, "middle", "700"),
                  text(cx, cy + size * 1.1, sub, max(size * 0.62, 13), INK_DIM, "middle")],
                 "center-message")


def set_tile_message(hand, cx, cy, size, words):
    """Set, the game not yet announced (R7): the set tile in the middle, who set it and who
    chooses the game (the layout is drawn once its game is known)."""
    setter = hand.get("setter", 0)
    tile = hand.get("set_tile")
    w = size * 1.4
    first, second = split_tile(tile)
    face = tile_face(cx - w / 2, cy - w * 2 - size * 0.6, w, w * 2, first, second, "set-tile",
                     [("data-tile", str(tile))])
    main = words.capital(words.word("center.set", {"seat": setter, "tile": tile}))
    sub = words.capital(words.word("center.announcing", {"seat": setter}))
    return group([face, text(cx, cy + size * 0.5, main, size, INK, "middle", "700"),
                  text(cx, cy + size * 1.5, sub, max(size * 0.62, 13), INK_DIM, "middle")],
                 "center-message")


def layout_px(view, ui, room):
    """The drawn layout's frame (s, tx, ty) in px, for the page (its motion from here)."""
    hand = hand_of(view)
    if hand is None or not hand.get("layout"):
        return None
    _, s, tx, ty = layout_frame(hand, ui or {}, room)
    return (s, tx, ty)
