"""The layout as SVG: the set tile, every placed tile and each open end, drawn where
layout_geometry.py places them (shared by the table, render_table.py, and the diagram,
render_diagram.py), and each arm's name beside its open end.

The table draws the layout in drawing units (G per grid unit) inside a group that `frame`
scales and moves to show what lies: placed tiles keep their drawing from move to move (a
tile never moves, layout_geometry.py), and only the group's transform changes as the layout
grows, as motion.

An open end shows the label the engine gives it (the number its next tile must show, "M"
for a matador, a double's label when a double must come first) and, as its title, the same
in words; a locked end shows a padlock and the ruling that keeps it closed (R55–R57), a dead
one a cross (R49, R62). The ends the selected tile can go to glow, with a box around each
that takes clicks and drops, at least TARGET px wide and high where the ends lie apart.

Pure functions of their arguments, in the MicroPython subset (see render_svg.py).
"""

from layout_geometry import extent, place, plan
from render_svg import (
    GOLD,
    INK,
    LAST,
    LOCK,
    MATADOR,
    PANEL,
    Memo,
    as_text,
    fmt,
    focus_ring,
    group,
    line,
    padlock,
    rect,
    slide_in,
    text,
    text_width,
    tile_face,
    title,
    words_key,
)

G = 10  # drawing units per grid unit in the table's layout group
LEAST = 8  # px per grid unit at the least: a tile's short side 16 px with the whole layout
MOST = 28  # px per grid unit at the most (a tile 56 x 112 px, on a large screen)
LEGIBLE = 12  # px per grid unit below which the layout is zoomable: a short side of 24 px
CLOSE = 24  # px per grid unit a zoom reaches at most on a phone: a tile 48 px wide
TEXT = 12  # px: the least size of a word or number on the table
TARGET = 44  # px: the least width and height of an end's clickable box
MARGIN = 6  # px kept around the layout (the arms' names stay inside the felt)


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
    said = words.word(key, {"side": side["side"], "n": n})
    if arm.get("needs_double") and arm.get("label") != "M":  # (M: a matador, no double)
        said += words.word("end.double_first_matador" if arm.get("matching") == "matador"
                           and wild else "end.double_first")
    return words.capital(said) + "."


# ---------------------------------------------------------------- where it lies
def most_unit(width, height):
    """The largest px per grid unit of a room (by its width: a phone's tiles stay smaller
    than a desk's, however tall its room)."""
    return max(LEAST, min(MOST, int(width / 24)))


def room_plan(layout, plan_room):
    """The hand's plan for a room of (width, height) px (layout_geometry.plan): the room
    less the margin kept for the arms' names."""
    w, h = plan_room
    return plan(layout, w - 2 * MARGIN, h - 2 * MARGIN, LEAST, most_unit(w, h))


def frame(placement, room, most):
    """(s, tx, ty): px per grid unit and where the set tile's centre lies in the room
    (x, y, w, h), so that the layout's extent shows whole in the middle of the room, as
    large as `most` allows."""
    x, y, w, h = room
    x0, y0, x1, y1 = extent(placement)
    s = min(most, (w - 2 * MARGIN) / max(x1 - x0, 1), (h - 2 * MARGIN) / max(y1 - y0, 1))
    s = int(s * 100) / 100  # (a few values only: the memo of each drawn end keeps)
    return s, x + w / 2 - s * (x0 + x1) / 2, y + h / 2 - s * (y0 + y1) / 2


def layout_place(hand, room, plan_room=None):
    """Where the layout lies in a room (x, y, w, h) of px: (placement, s, tx, ty), the
    placement in grid units (layout_geometry.place) by the hand's plan for `plan_room`
    ((w, h) px: the room the hand began in; the room itself if None)."""
    layout = hand["layout"]
    the_plan = room_plan(layout, plan_room or (room[2], room[3]))
    placement = placed(layout, the_plan)
    s, tx, ty = frame(placement, room, most_unit(room[2], room[3]))
    return placement, s, tx, ty


# The latest placements, by layout and plan: the page draws one layout often (a selection,
# the coach, a language).
_PLACED = {}


def placed(layout, the_plan):
    arms = layout.get("arms", [])
    key = (id(the_plan), layout.get("set"), tuple(layout.get("order") or ()),
           tuple((tuple(tuple(e) for e in a.get("tiles", [])), a.get("end_lies"))
                 for a in arms))
    got = _PLACED.get(key)
    if got is None:
        if len(_PLACED) >= 8:
            _PLACED.clear()
        got = _PLACED[key] = place(layout, the_plan)
    return got


def grid_box(b):
    """A grid box (x0, y0, x1, y1) as (x, y, w, h) in the table's drawing units."""
    return (b[0] * G, b[1] * G, (b[2] - b[0]) * G, (b[3] - b[1]) * G)


def end_targets(slots, least, room):
    """The clickable box (x, y, w, h) of each end drawn in the slots (x, y, w, h, px): the
    marker, made at least `least` wide and high about its middle and kept in the room;
    where two would overlap, they meet half way between their slots."""
    ax, ay, aw, ah = room
    boxes = []
    for b in slots:
        x0, y0, x1, y1 = b[0], b[1], b[0] + b[2], b[1] + b[3]
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


def to_px(b, s, tx, ty):
    """A grid box (x0, y0, x1, y1) as (x, y, w, h) in px."""
    return (tx + b[0] * s, ty + b[1] * s, (b[2] - b[0]) * s, (b[3] - b[1]) * s)


def layout_boxes(view, room, plan_room=None):
    """The drawn layout as boxes (x0, y0, x1, y1) in px (tests, bench): (tiles with the set
    tile first, each end's slot, each end's clickable target, placement, s)."""
    placement, s, tx, ty = layout_place(hand_of(view), room, plan_room)

    def corners(b):
        return (b[0], b[1], b[0] + b[2], b[1] + b[3])

    tiles = [corners(to_px(placement["set"]["box"], s, tx, ty))] + [
        corners(to_px(t["box"], s, tx, ty)) for t in placement["tiles"]]
    slots = [to_px(e["box"], s, tx, ty) for e in placement["ends"]]
    hits = end_targets(slots, TARGET, room)
    return tiles, [corners(b) for b in slots], [corners(b) for b in hits], placement, s


# ---------------------------------------------------------------- drawing
def placed_tiles(placement, px, last, words, detailed=False, arms=None, arrive=None):
    """The set tile and every placed tile as SVG parts, each titled with who played it;
    `px` turns a grid box into (x, y, w, h) in the drawing's units, `last` is
    last_play(hand). `detailed` (diagrams): the set tile has a title, tiles carry their arm
    number and the last play says so. `arms` (the table, the view's arms): each tile is an
    image named for a screen reader by its numbers, its arm, its place on the arm and who
    played it. `arrive` ({seat: (x, y)} in the drawing's units, motion): the last play
    slides in from the place of the seat that played it."""
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
# table draws one new tile, the others as before (a tile never moves).
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


def end_marker(arm, i, b, u, target, selected, words, hit=None, stop=False, least=0):
    """An open or locked end drawn in the slot b (x, y, w, h); `hit`: an invisible box
    (x, y, w, h) that takes the clicks and drops too (see end_targets); `least`: the least
    size of its label in the drawing's units (TEXT px on the table). The ends the selected
    tile can go to are buttons, one tab stop: `stop` has tabindex 0, the others -1 (the
    arrow keys move between them, web/page/access.py)."""
    key = (words_key(words), i, tuple(b), u, bool(target), selected,
           None if hit is None else tuple(hit), bool(stop), least,
           tuple([arm.get(f) for f in END_FIELDS]))
    return _ENDS.draw(key, draw_end_marker, arm, i, b, u, target, selected, words, hit, stop,
                      least)


def draw_end_marker(arm, i, b, u, target, selected, words, hit=None, stop=False, least=0):
    """end_marker, drawn (it reads only the arm's END_FIELDS)."""
    x, y, w, h = b
    inset = u * 0.25
    x, y, w, h = x + inset, y + inset, w - 2 * inset, h - 2 * inset
    cls = "end"
    # (a target's name says it all: a title too would be read as its text, not in its name)
    parts = [] if target else [title(end_title(arm, words))]
    if hit is not None:
        parts.append(rect(hit[0], hit[1], hit[2], hit[3], INK, cls="end-hit",
                          more=[("fill-opacity", "0")]))
    mid_x, mid_y = x + w / 2, y + h / 2
    label = as_text(arm.get("label", ""))  # (a target's name begins with it)
    state = end_state(arm)
    if state != "open" and not target:  # crossed out if dead, else a padlock
        cls += " " + state
        parts.append(rect(x, y, w, h, "none", LOCK, u * 0.15, u * 0.5,
                          more=[("stroke-dasharray", fmt(u * 0.4) + " " + fmt(u * 0.3)),
                                ("stroke-opacity", "0.7")]))
        if state == "dead":
            d = min(w, h) * 0.3
            for dx in (-d, d):
                parts.append(line(mid_x - dx, mid_y - d, mid_x + dx, mid_y + d, LOCK, u * 0.25))
        else:
            parts.append(padlock(mid_x, mid_y, max(min(w, h) * 0.8, least)))
    else:
        colour = MATADOR if arm.get("matching") == "matador" else INK
        if target:
            cls += " target"
            parts.append(rect(x - u * 0.2, y - u * 0.2, w + u * 0.4, h + u * 0.4, GOLD, GOLD,
                              u * 0.3, u * 0.6,
                              more=[("fill-opacity", "0.35"), ("class", "target-glow")]))
            parts.append(focus_ring(x, y, w, h, u * 0.6))
        parts.append(rect(x, y, w, h, "none", colour, u * 0.2, u * 0.5,
                          more=[("stroke-dasharray", fmt(u * 0.5) + " " + fmt(u * 0.4))]))
        size = max(min(w, h) * (0.62 if len(label) < 2 else 0.46), least)
        wide = text_width(label, size, True)
        if wide > w - u * 0.2 or size > h:  # (a label wider than its end: on a plate)
            parts.append(rect(mid_x - wide / 2 - size * 0.2, mid_y - size * 0.6,
                              wide + size * 0.4, size * 1.2, PANEL, colour, u * 0.1,
                              size * 0.3))
        parts.append(text(mid_x, mid_y + size * 0.36, label, size, colour, "middle", "700"))
        if arm.get("needs_double"):
            cls += " needs-double"
    more = [("data-arm", as_text(i)), ("data-end", as_text(arm.get("end", "")))]
    if target:  # (its name begins with the label it shows: WCAG 2.5.3)
        more += [("role", "button"), ("tabindex", "0" if stop else "-1"),
                 ("aria-label", words.capital(words.word("end.play_on", {
                     "tile": selected, "side": arm.get("side", ""), "label": label})))]
    return group(parts, cls, more)


def arm_names(arms, ends, boxes, size, words, room):
    """Each arm's name (the catalogue's `arm.<side>`: "north", "the 5-side"…) beside its
    open end, in the drawing's units: `ends` the ends' (x, y, w, h, direction), `boxes` the
    tiles' (x0, y0, x1, y1) it must not cover, `size` the words' size, `room` (x0, y0, x1,
    y1) the drawing it stays in. Beyond the end where that is clear, else beside it; over
    no end while any spot by it leaves the ends clear (at the room's edge the spot beyond is
    pushed back onto its end)."""
    parts = []
    keep = [(e[0], e[1], e[0] + e[2], e[1] + e[3]) for e in ends]  # ends, then names
    tiles = list(boxes)
    for i in range(len(arms)):
        x, y, w, h, d = ends[i]
        name = words.capital(words.word("arm." + side_word(arms[i].get("side", ""))[0],
                                        side_word(arms[i].get("side", ""))[1]))
        tw, th = text_width(name, size, True) + size * 0.8, size * 1.5
        spots = []
        for sx, sy in name_spots(x, y, w, h, d, tw, th, size * 0.3):
            sx = min(max(sx, room[0]), room[2] - tw)
            sy = min(max(sy, room[1]), room[3] - th)
            spots.append((sx, sy, sx + tw, sy + th))
        # Clear of everything; else over a tile's edge but clear of every end and name;
        # else clear of the ends at least; else the first spot, inside the room all the same.
        chosen = (first_clear(spots, keep + tiles) or first_clear(spots, keep) or
                  first_clear(spots, keep[:len(ends)]) or spots[0])
        keep.append(chosen)
        parts.append(group([rect(chosen[0], chosen[1], tw, th, PANEL, None, None, th * 0.45,
                                 more=[("fill-opacity", "0.85")]),
                            text(chosen[0] + tw / 2, chosen[1] + th * 0.72, name, size, INK,
                                 "middle", "600")],
                           "arm-name", [("aria-hidden", "true"), ("data-arm", str(i))]))
    return parts


def first_clear(spots, taken):
    """The first box of `spots` that overlaps none of `taken`, or None."""
    for b in spots:
        if all(not (b[0] < t[2] and t[0] < b[2] and b[1] < t[3] and t[1] < b[3])
               for t in taken):
            return b
    return None


def side_word(side):
    """(key, parameters) of an arm's short name: `arm.n`, or `arm.end` with its number."""
    side = as_text(side)
    if side.startswith("end:"):
        return "end", {"n": side[4:]}
    return side, {}


def name_spots(x, y, w, h, d, tw, th, gap):
    """Where a name (tw x th) may stand by an end (x, y, w, h) growing in direction d: past
    the end first, then beside it on either hand."""
    cx, cy = x + w / 2, y + h / 2
    ahead = [(cx - tw / 2, y - gap - th), (x + w + gap, cy - th / 2),
             (cx - tw / 2, y + h + gap), (x - gap - tw, cy - th / 2)]
    return [ahead[d], ahead[(d + 1) % 4], ahead[(d + 3) % 4], ahead[(d + 2) % 4]]
