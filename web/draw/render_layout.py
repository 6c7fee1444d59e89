"""The layout as SVG: the set tile, every placed tile and each open end, drawn where
layout_geometry.py places them (shared by the table, render_table.py, and the diagram,
render_diagram.py).

An open end shows the label the engine gives it (the number its next tile must show, "M"
for a matador, a double's label when a double must come first) and, as its title, the same
in words; a locked end shows a padlock and the ruling that keeps it closed (R55–R57). The
ends the selected tile can go to glow, with a box around each that takes clicks and drops.

Pure functions of their arguments, in the MicroPython subset (see render_svg.py).
"""

from layout_geometry import fit
from render_svg import (
    GOLD,
    INK,
    LAST,
    LOCK,
    MATADOR,
    Memo,
    as_text,
    focus_ring,
    group,
    line,
    padlock,
    rect,
    slide_in,
    text,
    tile_face,
    title,
    words_key,
)


def hand_of(view):
    return (view or {}).get("hand") or None


def last_play(hand):
    """(arm, index on the arm) of the most recent play, or None (the engine's last_play)."""
    last = (hand or {}).get("last_play")
    return (last[0], last[1]) if last else None


def end_state(arm):
    """"dead" (R49, R62: it can never grow, even while the game still keeps it closed),
    "locked" (closed for now, R55–R57) or "open"; the drawing, its words and the legend
    agree."""
    if arm.get("dead"):
        return "dead"
    return "open" if arm.get("open") else "locked"


def end_title(arm, words):
    """An open end in words: which side, what it takes (R60, R61: the number, the number
    that adds up to 7 or a matador, only a matador on a blank end, R62; a double first,
    R42, R45), that it is dead (R49; R62: no matador left), or the ruling that keeps it
    closed for now (R55–R57)."""
    side = {"side": arm.get("side", "")}
    state = end_state(arm)
    if state == "dead":
        if arm.get("label") == "M":  # (only a matador fits it, and none is left)
            return words.capital(words.word("end.dead_matador", side)) + "."
        return words.capital(words.word("end.dead", {"side": side["side"],
                                                     "tile": arm.get("label", "")})) + "."
    if state == "locked":
        return words.capital(words.word("end.locked", {"side": side["side"],
                                                       "rule": arm.get("locked") or ""})) + "."
    n = arm.get("takes", 0)
    wild = arm.get("matador_left", True)  # (a matador may still come)
    if arm.get("matching") == "matador":
        key = ("end.takes_matador_only" if arm.get("label") == "M" else
               "end.takes_matador" if wild else "end.takes_sum")
    else:
        key = "end.takes"
    text = words.word(key, {"side": side["side"], "n": n})
    if arm.get("needs_double") and arm.get("label") != "M":  # (M: a matador, no double)
        text += words.word("end.double_first_matador" if arm.get("matching") == "matador"
                           and wild else "end.double_first")
    return words.capital(text) + "."


def layout_place(hand, d):
    """Where the layout lies in the drawing: (placement, unit, px) where px turns a grid box
    into (x, y, w, h) in drawing units."""
    ax, ay, aw, ah = d["area"]
    placement, u = fit(hand["layout"], aw, ah, d["unit"])
    # The grid (placement["bounds"], around the set tile) is centred in the area.
    gx, gy, gx1, gy1 = placement["bounds"]
    left = ax + (aw - (gx1 - gx) * u) / 2 - gx * u
    top = ay + (ah - (gy1 - gy) * u) / 2 - gy * u

    def px(box):
        return (left + box[0] * u, top + box[1] * u, (box[2] - box[0]) * u,
                (box[3] - box[1]) * u)

    return placement, u, px


def end_targets(slots, u, d):
    """The clickable box (x, y, w, h) of each end drawn in the slots (x, y, w, h): the
    marker's glow, made at least d["target"] wide and high about its middle and kept in the
    area; where two would overlap, they meet half way between their slots."""
    least = d["target"]
    ax, ay, aw, ah = d["area"]
    boxes = []
    for b in slots:
        inset = u * 0.25 - 2
        x0, y0, x1, y1 = b[0] + inset, b[1] + inset, b[0] + b[2] - inset, b[1] + b[3] - inset
        if x1 - x0 < least:
            x0, x1 = x0 - (least - (x1 - x0)) / 2, x1 + (least - (x1 - x0)) / 2
        if y1 - y0 < least:
            y0, y1 = y0 - (least - (y1 - y0)) / 2, y1 + (least - (y1 - y0)) / 2
        shift_x = max(ax - x0, 0) - max(x1 - ax - aw, 0)
        shift_y = max(ay - y0, 0) - max(y1 - ay - ah, 0)
        boxes.append([x0 + shift_x, y0 + shift_y, x1 + shift_x, y1 + shift_y])
    for i in range(len(boxes)):
        for j in range(i + 1, len(boxes)):
            a, b = boxes[i], boxes[j]
            if not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]):
                continue
            p, q = slots[i], slots[j]
            if p[0] + p[2] <= q[0]:
                a[2] = b[0] = (p[0] + p[2] + q[0]) / 2
            elif q[0] + q[2] <= p[0]:
                b[2] = a[0] = (q[0] + q[2] + p[0]) / 2
            elif p[1] + p[3] <= q[1]:
                a[3] = b[1] = (p[1] + p[3] + q[1]) / 2
            else:
                b[3] = a[1] = (q[1] + q[3] + p[1]) / 2
    return [(b[0], b[1], b[2] - b[0], b[3] - b[1]) for b in boxes]


def layout_boxes(view, d):
    """The drawn layout as boxes (x0, y0, x1, y1) in drawing units (tests, bench): (tiles
    with the set tile first, each end's slot, each end's clickable target, placement, unit)."""
    placement, u, px = layout_place(hand_of(view), d)

    def corners(b):
        return (b[0], b[1], b[0] + b[2], b[1] + b[3])

    tiles = [corners(px(placement["set"]["box"]))] + [corners(px(t["box"]))
                                                      for t in placement["tiles"]]
    slots = [px(e["box"]) for e in placement["ends"]]
    return (tiles, [corners(b) for b in slots], [corners(b) for b in end_targets(slots, u, d)],
            placement, u)


def placed_tiles(placement, px, last, words, detailed=False, arms=None, arrive=None):
    """The set tile and every placed tile as SVG parts, each titled with who played it;
    `last` is last_play(hand). `detailed` (diagrams): the set tile has a title, tiles carry
    their arm number and the last play says so. `arms` (the table, the view's arms): each
    tile is an image named for a screen reader by its numbers, its arm, its place on the
    arm and who played it. `arrive` ({seat: (x, y)}, motion): the last play slides in from
    the place of the seat that played it."""
    s = placement["set"]
    x, y, w, h = px(s["box"])
    face = tile_face(x, y, w, h, s["first"], s["second"], "set-tile",
                     [("data-tile", as_text(s["tile"]))])
    said = words.word("tile.set", {"tile": s["tile"]})
    if arms is not None:
        parts = [group([face], None, [("role", "img"), ("aria-label", said)])]
    else:
        parts = [group([title(said), face]) if detailed else face]
    said_by = words_key(words)
    for t in placement["tiles"]:
        x, y, w, h = px(t["box"])
        is_last = last is not None and last[0] == t["arm"] and last[1] == t["index"]
        side = None
        if arms is not None:
            side = (arms[t["arm"]] if t["arm"] < len(arms) else {}).get("side", "")
        start = arrive[t["seat"]] if (is_last and arrive is not None and
                                      t["seat"] in arrive) else None
        key = (said_by, x, y, w, h, t["tile"], t["first"], t["second"], t["arm"], t["index"],
               t["seat"], is_last, detailed, side, start)
        parts.append(_TILES.draw(key, placed_tile, t, x, y, w, h, is_last, words, detailed,
                                 side, start))
    return parts


# The layout's tiles as drawn (placed_tile), by where and what they are: at each move the
# table draws one new tile, the others as before unless the layout was fitted anew.
_TILES = Memo(300)


def placed_tile(t, x, y, w, h, is_last, words, detailed, side, start):
    """One tile of `placed_tiles` in the box (x, y, w, h); `side`: its arm's side (the
    table; None: a diagram), `start`: where it slides in from (motion) or None."""
    # No data-arm on the table: there it marks the ends a tile is dropped on.
    face = tile_face(x, y, w, h, t["first"], t["second"],
                     "layout-tile" + (" last" if is_last else ""),
                     [("data-tile", as_text(t["tile"])),
                      ("data-arm", as_text(t["arm"]) if detailed else None)],
                     LAST if is_last else None)
    said = words.word("tile.played", {"tile": t["tile"], "seat": t["seat"]})
    if is_last and detailed:
        said += words.word("tile.last")
    more = None
    if side is not None:
        named = words.word("tile.on_arm", {"tile": t["tile"], "seat": t["seat"],
                                           "side": side, "n": t["index"] + 1})
        if is_last:
            named += words.word("tile.last")
        more = [("role", "img"), ("aria-label", words.capital(named))]
    inner = [title(said), face]
    if start is not None:
        inner.append(slide_in(start[0] - x - w / 2, start[1] - y - h / 2))
    return group(inner, None, more)


# The ends as drawn (end_marker), by all they are drawn from: a move changes one or two.
_ENDS = Memo(60)
END_FIELDS = ("dead", "open", "locked", "matching", "label", "takes", "needs_double", "side",
              "end", "matador_left")  # what end_marker and end_title read of an arm


def end_marker(arm, i, b, u, target, selected, words, hit=None, stop=False):
    """An open or locked end drawn in the slot b (x, y, w, h); `hit`: an invisible box
    (x, y, w, h) that takes the clicks and drops too (see end_targets). The ends the
    selected tile can go to are buttons, one tab stop: `stop` has tabindex 0, the others -1
    (the arrow keys move between them, web/page/access.py)."""
    key = (words_key(words), i, tuple(b), u, bool(target), selected,
           None if hit is None else tuple(hit), bool(stop),
           tuple([arm.get(f) for f in END_FIELDS]))
    return _ENDS.draw(key, draw_end_marker, arm, i, b, u, target, selected, words, hit, stop)


def draw_end_marker(arm, i, b, u, target, selected, words, hit=None, stop=False):
    """end_marker, drawn (it reads only the arm's END_FIELDS)."""
    x, y, w, h = b
    inset = u * 0.25
    x, y, w, h = x + inset, y + inset, w - 2 * inset, h - 2 * inset
    cls = "end"
    parts = [title(end_title(arm, words))]
    if hit is not None:
        parts.append(rect(hit[0], hit[1], hit[2], hit[3], INK, cls="end-hit",
                          more=[("fill-opacity", "0")]))
    mid_x, mid_y = x + w / 2, y + h / 2
    state = end_state(arm)
    if state != "open" and not target:  # crossed out if dead, else a padlock
        cls += " " + state
        parts.append(rect(x, y, w, h, "none", LOCK, 1.5, u * 0.5,
                          more=[("stroke-dasharray", "4 3"), ("stroke-opacity", "0.7")]))
        if state == "dead":
            d = min(w, h) * 0.3
            for dx in (-d, d):
                parts.append(line(mid_x - dx, mid_y - d, mid_x + dx, mid_y + d, LOCK, 2.5))
        else:
            parts.append(padlock(mid_x, mid_y, min(w, h) * 0.8))
    else:
        colour = MATADOR if arm.get("matching") == "matador" else INK
        if target:
            cls += " target"
            parts.append(rect(x - 2, y - 2, w + 4, h + 4, GOLD, GOLD, 3, u * 0.6,
                              more=[("fill-opacity", "0.35"), ("class", "target-glow")]))
        if target:
            parts.append(focus_ring(x, y, w, h, u * 0.6))
        parts.append(rect(x, y, w, h, "none", colour, 2, u * 0.5,
                          more=[("stroke-dasharray", "5 4")]))
        label = as_text(arm.get("label", ""))
        size = min(w, h) * (0.62 if len(label) < 2 else 0.46)
        parts.append(text(mid_x, mid_y + size * 0.36, label, size, colour, "middle", "700"))
        if arm.get("needs_double"):
            cls += " needs-double"
    more = [("data-arm", as_text(i)), ("data-end", as_text(arm.get("end", "")))]
    if target:
        more += [("role", "button"), ("tabindex", "0" if stop else "-1"),
                 ("aria-label", words.capital(words.word("end.play_on", {
                     "tile": selected, "side": arm.get("side", "")})))]
    return group(parts, cls, more)
