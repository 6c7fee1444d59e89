"""SVG of the Nos table and of the person's hand, drawn from the worker's view.

`table_svg(view, ui, mode)` draws the felt, the opponents (names, chips, face-down tiles,
declared doubles face up, on set, whose turn, waits owed, last action), the layout with
its open ends (R63 looks; locked ends and ends that need a double marked; the ends where
the selected tile can go highlighted), the boneyard with its last two tiles (R2) and the
person's own line. `hand_svg` draws the person's tiles with their pips. Without a view
both draw the empty frame shown while the engine loads.

`mode` is "wide" (desktop, viewBox 1000 wide) or "narrow" (phone, 400 wide); either scales
with its container through the viewBox. `ui` is the main thread's selection state:
{"selected": tile or None, "targets": [arm, ...]}.

Pure functions of their arguments, in the MicroPython subset (see render_svg.py).
"""

from render_layout import fit
from render_svg import (
    FELT,
    FELT_DARK,
    FELT_LINE,
    GOLD,
    INK,
    INK_DIM,
    LAST,
    LOCK,
    MATADOR,
    PANEL,
    RIM,
    RIM_EDGE,
    chip,
    esc,
    group,
    padlock,
    pill,
    rect,
    split_tile,
    text,
    tile_back,
    tile_face,
    title,
)

SVG_NS = "http://www.w3.org/2000/svg"
WIDTH = 1000
HEIGHT = 600

# Geometry of the two designs: viewBox, opponents' band, layout area, bottom strip.
# "target": the least width and height of an end's clickable box, 24 px on the smallest
# screen of each design (narrow: 400 units shown 360 px wide; wide: 1000 units shown 674 px
# wide, in a 700 px window, the narrowest that gets the wide design).
MODES = {
    "wide": {"w": 1000, "h": 600, "band": (28, 22, 944, 112), "area": (34, 146, 932, 384),
             "strip": 548, "unit": 20, "cols": 4, "target": 36},
    "narrow": {"w": 400, "h": 580, "band": (10, 10, 380, 136), "area": (12, 156, 376, 370),
               "strip": 540, "unit": 16, "cols": 2, "target": 27},
}


def dims(mode, players=0):
    """The geometry of a design; on a phone with two opponents their band is one row."""
    if mode != "narrow":
        return MODES["wide"]
    d = MODES["narrow"]
    if 0 < players <= 3:
        d = dict(d)
        d["band"] = (10, 10, 380, 64)
        d["area"] = (12, 84, 376, 442)
    return d


def svg_open(elem_id, w, h, label):
    return ('<svg xmlns="' + SVG_NS + '" id="' + elem_id + '" viewBox="0 0 ' + str(w) + " " +
            str(h) + '" role="img" aria-labelledby="' + elem_id + '-title">' +
            '<title id="' + elem_id + '-title">' + esc(label) + "</title>")


def felt(d):
    w, h = d["w"], d["h"]
    rim = 10 if w < 600 else 16
    return (rect(1, 1, w - 2, h - 2, RIM, RIM_EDGE, 2, rim * 2.5, more=[("id", "table-rim")]) +
            rect(rim, rim, w - 2 * rim, h - 2 * rim, FELT, r=rim * 2,
                 more=[("id", "table-felt")]))


# ---------------------------------------------------------------- helpers on the view
def hand_of(view):
    return (view or {}).get("hand") or None


def last_actions(view, words):
    """The last thing each seat did in the current hand, in words ("Anna draws a tile")."""
    hand = hand_of(view) or {}
    return [words.capital(words.say(e)) if e else "" for e in hand.get("last") or []]


def last_play(hand):
    """(arm, index on the arm) of the most recent play, or None (the engine's last_play)."""
    last = (hand or {}).get("last_play")
    return (last[0], last[1]) if last else None


def text_width(words, size, bold=False):
    """An estimate of the width of a text in the page's sans-serif font."""
    wide = "mwMW@"
    narrow = "iljtfr .,:;!|'1-"
    total = 0.0
    for c in str(words):
        if c in wide:
            total += 0.86
        elif c in narrow:
            total += 0.34
        elif "A" <= c <= "Z":
            total += 0.7
        elif "0" <= c <= "9":
            total += 0.64
        else:
            total += 0.58
    return total * size * (1.06 if bold else 1.0)


def trim(words, limit):
    if len(words) <= limit:
        return words
    return words[:limit - 1] + "…"


# ---------------------------------------------------------------- seats
def seat_panel(view, seat, x, y, w, h, small, last, words):
    hand = hand_of(view)
    name = words.name(seat)
    chips = view.get("chips", [0] * (seat + 1))[seat]
    current = hand is not None and hand.get("acting") == seat
    parts = [rect(x, y, w, h, PANEL, GOLD if current else FELT_LINE, 3 if current else 1.5,
                  10, more=[("fill-opacity", "0.72")])]
    size = 14 if small else 17
    pad = 8 if small else 12
    base = y + pad + size * 0.8
    parts.append(text(x + pad, base, trim(name, 12), size, INK, None, "700"))
    px = x + pad + text_width(trim(name, 12), size, True) + 8
    psize = 9 if small else 11
    if hand is not None:
        if hand.get("setter") == seat:
            svg, pw = pill(px, base - size * 0.32, words.word("pill.on_set"), GOLD, size=psize)
            parts.append(svg)
            px += pw + 4
        if hand.get("nos") == seat:
            svg, pw = pill(px, base - size * 0.32, words.word("pill.nos"), LAST, size=psize)
            parts.append(svg)
            px += pw + 4
        elif (hand.get("out") or [False] * (seat + 1))[seat]:
            svg, pw = pill(px, base - size * 0.32, words.word("pill.out"), INK_DIM, size=psize)
            parts.append(svg)
            px += pw + 4
    csize = 13 if small else 16
    shown_chips = words.number(chips)
    parts.append(chip(x + w - pad - text_width(shown_chips, csize, True) - csize * 0.9,
                      base - csize * 0.33, csize * 0.42))
    parts.append(text(x + w - pad, base, shown_chips, csize, INK, "end", "600",
                      more=[("class", "chips"), ("data-chips", str(chips))]))
    if hand is not None:
        sizes = hand.get("hand_sizes", [])
        count = sizes[seat] if seat < len(sizes) else 0
        declared = (hand.get("declared") or [[]] * (seat + 1))[seat]
        hidden = count - len(declared)
        tw, th = (10, 20) if small else (15, 30)
        gap = 2 if small else 3
        ty = base + (8 if small else 10)
        tx = x + pad
        label = words.word("seat.tiles", {"n": count})
        lsize = 11 if small else 12
        # Room for the backs: the panel less the count label, the declared doubles and "+n".
        room = int((w - 2 * pad - text_width(label, lsize) - 30 - len(declared) * (tw + gap)
                    - (6 if declared else 0)) / (tw + gap))
        shown = min(hidden, max(room, 1))
        for _ in range(shown):
            parts.append(tile_back(tx, ty, tw, th))
            tx += tw + gap
        if hidden > shown:
            parts.append(text(tx + 1, ty + th * 0.7, "+" + str(hidden - shown), 11, INK_DIM))
            tx += 22
        if declared:
            tx += 6
            for t in declared:
                a, b = split_tile(t)
                parts.append(tile_face(tx, ty, tw, th, a, b, outline=GOLD,
                                       more=[("class", "declared")]))
                tx += tw + gap
        parts.append(text(x + w - pad, ty + th * 0.72, label, lsize, INK_DIM, "end",
                          more=[("class", "tile-count")]))
        waits = (hand.get("waits") or [[]] * (seat + 1))[seat]
        ly = y + h - (7 if small else 11)
        lx = x + pad
        if waits:
            n = len(waits)
            svg, pw = pill(lx, ly - psize * 0.35, words.word("pill.owes", {"n": n}), MATADOR,
                           size=psize)
            parts.append(svg)
            lx += pw + 6
        if last:
            limit = int((x + w - pad - lx) / ((10 if small else 12) * 0.5))
            parts.append(text(lx, ly, trim(last, limit), 10 if small else 12, INK_DIM,
                              more=[("font-style", "italic"), ("class", "last-action")]))
    label = words.word("seat.title", {"seat": seat, "chips": chips})
    if current:
        label += words.word("seat.acting")
    return group([title(label)] + parts, "seat" + (" current" if current else ""),
                 [("data-seat", str(seat))])


def seats_svg(view, d, words):
    n = view.get("players", 0)
    others = [(view.get("viewer", 0) + k) % n for k in range(1, n)] if n else []
    bx, by, bw, bh = d["band"]
    small = d["cols"] == 2
    last = last_actions(view, words)
    last += [""] * (n - len(last))
    parts = []
    if small:
        rows = [others[:2], others[2:]] if len(others) > 2 else [others]
        ph = (bh - 6) / 2 if len(rows) == 2 else bh
        for r, row in enumerate(rows):
            pw = (bw - 6) / 2
            for c, seat in enumerate(row):
                px = bx + c * (pw + 6)
                if len(row) == 1:
                    px = bx + (bw - pw) / 2
                parts.append(seat_panel(view, seat, px, by + r * (ph + 6), pw, ph, True,
                                        last[seat], words))
    else:
        count = max(len(others), 1)
        pw = min(300, (bw - (count - 1) * 12) / count)
        start = bx + (bw - count * pw - (count - 1) * 12) / 2
        for c, seat in enumerate(others):
            parts.append(seat_panel(view, seat, start + c * (pw + 12), by, pw, bh, False,
                                    last[seat], words))
    return group(parts, "seats")


# ---------------------------------------------------------------- layout
def end_title(arm, words):
    """An open end in words: which side, what it takes (R60, R61: the number, the number
    that adds up to 7 or a matador, only a matador on a blank end, R62; a double first,
    R42, R45), or the ruling that keeps it closed for now (R55–R57)."""
    side = {"side": arm.get("side", "")}
    if not arm.get("open"):
        return words.capital(words.word("end.locked", {"side": side["side"],
                                                       "rule": arm.get("locked") or ""})) + "."
    end = arm.get("end", 0)
    if arm.get("matching") == "matador":
        key = "end.takes_matador_only" if end == 0 else "end.takes_matador"
        n = 7 - end
    else:
        key, n = "end.takes", end
    text = words.word(key, {"side": side["side"], "n": n})
    if arm.get("needs_double"):
        text += words.word("end.double_first_matador" if arm.get("matching") == "matador"
                           else "end.double_first")
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


def placed_tiles(placement, px, last, words, detailed=False):
    """The set tile and every placed tile as SVG parts, each titled with who played it;
    `last` is last_play(hand). `detailed` (diagrams): the set tile has a title, tiles carry
    their arm number and the last play says so."""
    s = placement["set"]
    x, y, w, h = px(s["box"])
    face = tile_face(x, y, w, h, s["first"], s["second"], "set-tile",
                     [("data-tile", str(s["tile"]))])
    parts = [group([title(words.word("tile.set", {"tile": s["tile"]})), face]) if detailed
             else face]
    for t in placement["tiles"]:
        x, y, w, h = px(t["box"])
        is_last = last is not None and last[0] == t["arm"] and last[1] == t["index"]
        # No data-arm on the table: there it marks the ends a tile is dropped on.
        face = tile_face(x, y, w, h, t["first"], t["second"],
                         "layout-tile" + (" last" if is_last else ""),
                         [("data-tile", str(t["tile"])),
                          ("data-arm", str(t["arm"]) if detailed else None)],
                         LAST if is_last else None)
        said = words.word("tile.played", {"tile": t["tile"], "seat": t["seat"]})
        if is_last and detailed:
            said += words.word("tile.last")
        parts.append(group([title(said), face]))
    return parts


def layout_svg(view, ui, d, words):
    hand = hand_of(view)
    ax, ay, aw, ah = d["area"]
    cx, cy = ax + aw / 2, ay + ah / 2
    layout = hand.get("layout") if hand else None
    if not layout:
        return center_message(view, cx, cy, d, words)
    placement, u, px = layout_place(hand, d)
    parts = placed_tiles(placement, px, last_play(hand), words)
    arms = layout.get("arms", [])
    targets = (ui or {}).get("targets") or []
    selected = (ui or {}).get("selected")
    slots = [px(e["box"]) for e in placement["ends"]]
    hits = end_targets(slots, u, d)
    for i in range(len(arms)):
        parts.append(end_marker(arms[i], i, slots[i], u, i in targets, selected, words,
                                hits[i]))
    return group(parts, "layout", [("data-unit", str(u))])


def end_marker(arm, i, b, u, target, selected, words, hit=None):
    """An open or locked end drawn in the slot b (x, y, w, h); `hit`: an invisible box
    (x, y, w, h) that takes the clicks and drops too (see end_targets)."""
    x, y, w, h = b
    inset = u * 0.25
    x, y, w, h = x + inset, y + inset, w - 2 * inset, h - 2 * inset
    cls = "end"
    parts = [title(end_title(arm, words))]
    if hit is not None:
        parts.append(rect(hit[0], hit[1], hit[2], hit[3], INK, cls="end-hit",
                          more=[("fill-opacity", "0")]))
    mid_x, mid_y = x + w / 2, y + h / 2
    if not arm.get("open") and not target:
        cls += " locked"
        parts.append(rect(x, y, w, h, "none", LOCK, 1.5, u * 0.5,
                          more=[("stroke-dasharray", "4 3"), ("stroke-opacity", "0.7")]))
        parts.append(padlock(mid_x, mid_y, min(w, h) * 0.8))
    else:
        colour = MATADOR if arm.get("matching") == "matador" else INK
        if target:
            cls += " target"
            parts.append(rect(x - 2, y - 2, w + 4, h + 4, GOLD, GOLD, 3, u * 0.6,
                              more=[("fill-opacity", "0.35"), ("class", "target-glow")]))
        parts.append(rect(x, y, w, h, "none", colour, 2, u * 0.5,
                          more=[("stroke-dasharray", "5 4")]))
        label = str(arm.get("label", ""))
        size = min(w, h) * (0.62 if len(label) < 2 else 0.46)
        parts.append(text(mid_x, mid_y + size * 0.36, label, size, colour, "middle", "700"))
        if arm.get("needs_double"):
            cls += " needs-double"
    more = [("data-arm", str(i)), ("data-end", str(arm.get("end", "")))]
    if target:
        more += [("role", "button"), ("tabindex", "0"),
                 ("aria-label", words.capital(words.word("end.play_on", {
                     "tile": selected, "side": arm.get("side", "")})))]
    return group(parts, cls, more)


def center_message(view, cx, cy, d, words):
    hand = hand_of(view)
    if hand is None:
        main, sub = words.word("center.title"), words.word("center.sub")
    else:
        setter = hand.get("setter", 0)
        main = words.capital(words.word("center.on_set", {"seat": setter}))
        sub = words.word("center.setting" if setter == view.get("viewer") else "center.waiting")
    size = 30 if d["w"] > 600 else 22
    return group([text(cx, cy - 4, main, size, INK, "middle", "700"),
                  text(cx, cy + size * 0.9, sub, size * 0.55, INK_DIM, "middle")],
                 "center-message")


# ---------------------------------------------------------------- boneyard and you
def strip_svg(view, d, words):
    hand = hand_of(view)
    small = d["cols"] == 2
    y = d["strip"]
    x = 22 if small else 40
    parts = []
    tw, th = (9, 18) if small else (12, 24)
    if hand is not None:
        drawable = hand.get("drawable", 0)
        parts.append(text(x, y + th * 0.68, words.word("table.boneyard"), 11 if small else 14,
                          INK_DIM))
        bx = x + (56 if small else 74)
        shown = min(drawable, 12)
        for _ in range(shown):
            parts.append(tile_back(bx, y, tw, th, "bone"))
            bx += tw + 2
        if drawable > shown:
            parts.append(text(bx + 2, y + th * 0.68, "+" + str(drawable - shown), 11, INK_DIM))
            bx += 22
        bx += 6 if drawable else 0
        dead = hand.get("last_two", 0)
        dead_parts = [title(words.word("table.last_two"))]
        for _ in range(dead):
            dead_parts.append(tile_back(bx, y, tw, th, "dead", True))
            bx += tw + 2
        parts.append(group(dead_parts, "last-two"))
        said = words.number(drawable) if small else words.word("table.to_draw",
                                                                 {"n": drawable})
        parts.append(text(bx + 6, y + th * 0.68, said, 11 if small else 13, INK_DIM,
                          more=[("class", "boneyard-count"), ("data-drawable",
                                                               str(drawable))]))
    parts.append(you_svg(view, d, y + th * 0.68, words))
    return group(parts, "strip")


def you_svg(view, d, base, words):
    hand = hand_of(view)
    small = d["cols"] == 2
    me = view.get("viewer", 0)
    chips = view.get("chips", [0] * (me + 1))[me] if view.get("chips") else 0
    size = 13 if small else 16
    right = d["w"] - (22 if small else 40)
    shown = words.number(chips)
    parts = [text(right, base, shown, size, INK, "end", "700", "chips",
                  more=[("data-chips", str(chips))])]
    cx = right - text_width(shown, size, True) - size * 0.9
    parts.append(chip(cx, base - size * 0.33, size * 0.42))
    labels = []
    if hand is not None:
        if view.get("waiting_for") == "human" and not small:
            labels.append((words.word("pill.your_turn"), GOLD))
        waits = (hand.get("waits") or [[]] * (me + 1))[me]
        if waits:
            n = len(waits)
            labels.append((words.word("pill.you_owe", {"n": n}), MATADOR))
        if hand.get("setter") == me:
            labels.append((words.word("pill.on_set"), GOLD))
        if hand.get("nos") == me:
            labels.append((words.word("pill.nos"), LAST))
    psize = 9 if small else 11
    lx = cx - 14
    for label, colour in labels:
        w = 8 + len(label) * psize * 0.56
        lx -= w + 4
        svg, _ = pill(lx, base - size * 0.32, label, colour, size=psize)
        parts.append(svg)
    if not small:
        parts.append(text(lx - 8, base, words.capital(words.name(me)), size, INK, "end", "700"))
    return group(parts, "you")


def legend_svg(view, d, words):
    hand = hand_of(view)
    if d["cols"] == 2 or hand is None or not hand.get("layout"):
        return ""
    ax, ay, aw, ah = d["area"]
    y = ay + ah + 11  # below the area: the tiles may reach its edge
    return group([text(ax + aw / 2, y, words.word("table.legend"), 11, INK_DIM, "middle")],
                 "legend")


# ---------------------------------------------------------------- the whole table
def table_svg(view=None, ui=None, mode="wide", words=None):
    """The table as an SVG element string; the empty frame without a view. `words`: the
    word catalogue (web/words/say.py)."""
    d = dims(mode, (view or {}).get("players", 0))
    parts = [svg_open("table-svg", d["w"], d["h"], words.word("table.title")), felt(d)]
    if view is None:
        ax, ay, aw, ah = d["area"]
        parts.append(rect(ax, ay, aw, ah, "none", FELT_LINE, 3, 30,
                          more=[("id", "play-area"), ("stroke-dasharray", "14 10")]))
        parts.append(center_message(None, ax + aw / 2, ay + ah / 2, d, words))
    else:
        parts.append(seats_svg(view, d, words))
        parts.append(layout_svg(view, ui, d, words))
        parts.append(legend_svg(view, d, words))
        parts.append(strip_svg(view, d, words))
    parts.append("</svg>")
    return "".join(parts)


# ---------------------------------------------------------------- the person's hand
def hand_svg(view=None, ui=None, mode="wide", words=None):
    """The person's tiles, face up, as an SVG element string.

    ui: {"selected": tile, "playable": [tiles with a legal action], "active": bool (the
    person is to act and tiles not in `playable` are dimmed)}.
    """
    d = dims(mode)
    w = d["w"]
    small = d["cols"] == 2
    tw, th, gap = (36, 72, 7) if small else (44, 88, 12)
    pad = 10 if small else 20
    hand = hand_of(view)
    tiles = hand.get("tiles", []) if hand else []
    per_row = max(int((w - 2 * pad + gap) / (tw + gap)), 1)
    rows = max((len(tiles) + per_row - 1) // per_row, 1)
    top = 16
    h = top + rows * (th + 14) + 6
    ui = ui or {}
    selected = ui.get("selected")
    playable = ui.get("playable") or []
    active = ui.get("active")
    declared = []
    if hand:
        me = view.get("viewer", 0)
        declared = (hand.get("declared") or [[]] * (me + 1))[me]
    parts = [svg_open("hand-svg", w, h, words.word("hand.title")),
             rect(0, 0, w, h, FELT_DARK, r=12, more=[("id", "hand-felt")])]
    if view is None:
        parts.append(text(w / 2, h / 2 + 6, words.word("hand.loading"), 16, INK_DIM, "middle"))
    elif not tiles:
        said = words.word("hand.all_played" if hand else "prompt.no_hand")
        parts.append(text(w / 2, h / 2 + 6, said, 16, INK_DIM, "middle"))
    for k, t in enumerate(tiles):
        r, c = k // per_row, k % per_row
        in_row = min(len(tiles) - r * per_row, per_row)
        x = (w - in_row * tw - (in_row - 1) * gap) / 2 + c * (tw + gap)
        y = top + r * (th + 14)
        cls = "hand-tile"
        if t in playable:
            cls += " playable"
        elif active:
            cls += " dim"
        if t == selected:
            cls += " selected"
            y -= 10
        a, b = split_tile(t)
        label = t + (words.word("hand.declared_mark") if t in declared else "") + (
            words.word("hand.selected_mark") if t == selected else "")
        more = [("data-tile", t), ("role", "button"), ("tabindex", "0"),
                ("aria-label", label), ("aria-pressed", "true" if t == selected else "false")]
        inner = [tile_face(x, y, tw, th, a, b, None, None, GOLD if t == selected else None)]
        if t in declared:
            inner.append(text(x + tw / 2, y - 3, words.word("hand.declared"), 9, GOLD, "middle",
                              "600"))
        if cls.find("dim") >= 0:
            inner.append(rect(x, y, tw, th, FELT_DARK, r=tw * 0.14,
                              more=[("fill-opacity", "0.45")]))
        parts.append(group(inner, cls, more))
    parts.append("</svg>")
    return "".join(parts)


def unit_of(svg):
    """The grid unit a drawn layout used (tests)."""
    at = svg.find('data-unit="')
    if at < 0:
        return None
    return int(svg[at + 11:svg.find('"', at + 11)])

