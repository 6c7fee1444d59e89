"""The Nos table as SVG, drawn from the worker's view.

`table_svg(view, ui, mode, words)` draws the felt, the opponents (names, chips, face-down
tiles, declared doubles face up, on set, whose turn, waits owed, last action), the layout
(render_layout.py), the boneyard with its last two tiles (R2) and the person's own line.
Without a view it draws the empty frame shown while the engine loads.

`mode` is "wide" (desktop, viewBox 1000 wide) or "narrow" (phone, 400 wide); either scales
with its container through the viewBox. `ui` is the main thread's selection state:
{"selected": tile or None, "targets": [arm, ...], "zoom": (z, tx, ty) or None}; a layout
smaller than legible is drawn zoomable (layout_zoom.py).

Pure functions of their arguments, in the MicroPython subset (see render_svg.py).
"""

import layout_zoom
from render_layout import (
    end_marker,
    end_targets,
    hand_of,
    last_play,
    layout_place,
    placed_tiles,
)
from render_svg import (
    FELT,
    FELT_LINE,
    GOLD,
    INK,
    INK_DIM,
    LAST,
    MATADOR,
    PANEL,
    RIM,
    RIM_EDGE,
    Memo,
    chip,
    chip_change,
    fmt,
    focus_ring,
    group,
    name_and_pills,
    pill,
    pill_width,
    rect,
    split_tile,
    svg_open,
    text,
    text_width,
    tile_back,
    tile_face,
    title,
    trim,
    words_key,
)

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


SHORTEST = 440  # the narrow design's least height: its layout area keeps 230 units
TALLEST = MODES["narrow"]["h"]


def narrow_height(box_w, box_h):
    """The narrow design's height in a box of `box_w` × `box_h` px: the box's proportions,
    from SHORTEST to TALLEST (a TALLEST-unit design shrunk to a short box's height used a bit
    over half of its width, its words 6-8 px)."""
    width = MODES["narrow"]["w"]
    return max(SHORTEST, min(TALLEST, int(width * box_h / box_w)))


def dims(mode, players=0, height=None):
    """The geometry of a design; on a phone with two opponents their band is one row. The
    narrow one may be drawn less tall (`height`, from SHORTEST to TALLEST: a short phone's
    table box), so that it fills the box's width instead of shrinking to its height; only
    the layout area gives up the room."""
    if mode != "narrow":
        return MODES["wide"]
    d = MODES["narrow"]
    if 0 < players <= 3:
        d = dict(d)
        d["band"] = (10, 10, 380, 64)
        d["area"] = (12, 84, 376, 442)
    if height is not None and SHORTEST <= height < d["h"]:
        d = dict(d)
        less = d["h"] - height
        ax, ay, aw, ah = d["area"]
        d["h"], d["strip"], d["area"] = height, d["strip"] - less, (ax, ay, aw, ah - less)
    return d


def felt(d):
    w, h = d["w"], d["h"]
    rim = 10 if w < 600 else 16
    return (rect(1, 1, w - 2, h - 2, RIM, RIM_EDGE, 2, rim * 2.5, more=[("id", "table-rim")]) +
            rect(rim, rim, w - 2 * rim, h - 2 * rim, FELT, r=rim * 2,
                 more=[("id", "table-felt")]))


def last_actions(view, words, bare=False):
    """The last thing each seat did in the current hand, in words ("Anna draws a tile"; with
    `bare`, as its panel shows it under the name: "Draws a tile")."""
    hand = hand_of(view) or {}
    return [words.capital(words.say(e, bare)) if e else "" for e in hand.get("last") or []]


# The opponents' panels as drawn, by everything each is drawn from (seat_key): a move
# changes one or two of them.
_SEATS = Memo(60)


def seat_key(view, seat):
    """What a seat's panel shows of the view: its chips and, in a hand, whether it acts,
    its tile count, declared doubles, open tiles, on set, nos, out and waits owed."""
    chips = view.get("chips", [0] * (seat + 1))[seat]
    hand = hand_of(view)
    if hand is None:
        return (chips,)
    sizes = hand.get("hand_sizes", [])
    shown_open = open_tiles(hand, seat)
    return (chips, hand.get("acting") == seat, sizes[seat] if seat < len(sizes) else 0,
            tuple((hand.get("declared") or [[]] * (seat + 1))[seat]),
            None if shown_open is None else tuple(shown_open), hand.get("setter") == seat,
            hand.get("nos") == seat, bool((hand.get("out") or [False] * (seat + 1))[seat]),
            len((hand.get("waits") or [[]] * (seat + 1))[seat]))


def seat_panel(view, seat, x, y, w, h, small, last, words, change=0, shown_last=None):
    """A seat's panel; `last` its last action as a sentence (read out), `shown_last` as the
    panel shows it under the seat's name (without the name: last_actions)."""
    key = (words_key(words), seat, x, y, w, h, small, last, change, shown_last,
           seat_key(view, seat))
    return _SEATS.draw(key, draw_seat_panel, view, seat, x, y, w, h, small, last, words,
                       change, shown_last)


def draw_seat_panel(view, seat, x, y, w, h, small, last, words, change=0, shown_last=None):
    """seat_panel, drawn (it reads only what seat_key holds of the view)."""
    hand = hand_of(view)
    name = words.name(seat)
    chips = view.get("chips", [0] * (seat + 1))[seat]
    current = hand is not None and hand.get("acting") == seat
    parts = [rect(x, y, w, h, PANEL, GOLD if current else FELT_LINE, 3 if current else 1.5,
                  10, more=[("fill-opacity", "0.72")])]
    size = 14 if small else 17
    pad = 8 if small else 12
    base = y + pad + size * 0.8
    csize = 13 if small else 16
    shown_chips = words.number(chips)
    chip_x = x + w - pad - text_width(shown_chips, csize, True) - csize * 0.9
    name, pills, psize = name_and_pills(trim(name, 12), seat_pills(hand, seat, words), size,
                                        12 if small else 11, chip_x - csize * 0.5 - x - pad,
                                        1 if small else 2)  # (a phone's pills stay legible)
    parts.append(text(x + pad, base, name, size, INK, None, "700"))
    px = x + pad + text_width(name, size, True) + 8
    for label, colour in pills:
        svg, pw = pill(px, base - size * 0.32, label, colour, size=psize)
        parts.append(svg)
        px += pw + 4
    parts.append(chip(chip_x, base - csize * 0.33, csize * 0.42))
    parts.append(text(x + w - pad, base, shown_chips, csize, INK, "end", "600",
                      more=[("class", "chips"), ("data-chips", str(chips))]))
    tw, th = (10, 20) if small else (15, 30)  # the row of tiles, its count at the right
    ty = base + (8 if small else 10)
    lsize = 12
    if change:  # a payment just made: its amount rises towards the chips (motion), in the
        # room between them and the tile count below, covering neither
        s = csize * 0.8
        low = ty + th * 0.72 - lsize * 0.72 - 1
        high = base + s * 0.72 + 1
        parts.append(chip_change(x + w - pad, low, change, s, words, low - high))
    if hand is not None:
        sizes = hand.get("hand_sizes", [])
        count = sizes[seat] if seat < len(sizes) else 0
        declared = (hand.get("declared") or [[]] * (seat + 1))[seat]
        shown_open = open_tiles(hand, seat)
        if shown_open is not None:  # the hand is over: its tiles face up (R21)
            declared, count = [], len(shown_open)
        hidden = count - len(declared)
        gap = 2 if small else 3
        tx = x + pad
        label = words.word("seat.tiles", {"n": count})
        # Room for the backs: the panel less the count label, the declared doubles and "+n".
        room = int((w - 2 * pad - text_width(label, lsize) - 30 - len(declared) * (tw + gap)
                    - (6 if declared else 0)) / (tw + gap))
        shown = min(hidden, max(room, 1))
        for k in range(shown):
            if shown_open is None:
                parts.append(tile_back(tx, ty, tw, th))
            else:
                a, b = split_tile(shown_open[k])
                parts.append(tile_face(tx, ty, tw, th, a, b, "open-tile",
                                       [("data-tile", shown_open[k])]))
            tx += tw + gap
        if hidden > shown:
            parts.append(text(tx + 1, ty + th * 0.7, "+" + str(hidden - shown), 12, INK_DIM))
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
        line = last if shown_last is None else shown_last
        if line:
            room = x + w - pad - lx
            limit = int(room / (12 * 0.5))
            said = trim(line, limit)
            while limit > 2 and text_width(said, 12) > room:  # (wide letters: fewer)
                limit -= 1
                said = trim(line, limit)
            parts.append(text(lx, ly, said, 12, INK_DIM,
                              more=[("font-style", "italic"), ("class", "last-action")]))
    label = words.word("seat.title", {"seat": seat, "chips": chips})
    if current:
        label += words.word("seat.acting")
    return group([title(label)] + parts, "seat" + (" current" if current else ""),
                 [("data-seat", str(seat)), ("role", "img"),
                  ("aria-label", seat_said(view, seat, label, last, words))])


def open_tiles(hand, seat):
    """The seat's tiles once the hand is over (the view's open_hands, R21), else None."""
    hands = hand.get("open_hands") if hand is not None else None
    if not hands or seat >= len(hands):
        return None
    return hands[seat]


def seat_pills(hand, seat, words):
    """The labels beside a seat's name: on set, nos or out, as (words, colour)."""
    if hand is None:
        return []
    pills = []
    if hand.get("setter") == seat:
        pills.append((words.word("pill.on_set"), GOLD))
    if hand.get("nos") == seat:
        pills.append((words.word("pill.nos"), LAST))
    elif (hand.get("out") or [False] * (seat + 1))[seat]:
        pills.append((words.word("pill.out"), INK_DIM))
    return pills


def seat_said(view, seat, label, last, words):
    """A seat for a screen reader, in one go: name, chips, whether it acts, its tiles, its
    labels (on set, nos, out, waits owed), its declared doubles and its last action."""
    hand = hand_of(view)
    said = [words.capital(label)]
    if hand is not None:
        sizes = hand.get("hand_sizes", [])
        said.append(words.word("seat.tiles", {"n": sizes[seat] if seat < len(sizes) else 0}))
        said += [label for label, _colour in seat_pills(hand, seat, words)]
        waits = (hand.get("waits") or [[]] * (seat + 1))[seat]
        if waits:
            said.append(words.word("pill.owes", {"n": len(waits)}))
        declared = (hand.get("declared") or [[]] * (seat + 1))[seat]
        shown_open = open_tiles(hand, seat)
        if shown_open:
            said.append(words.word("seat.open", {"tiles": shown_open}))
        elif declared:
            said.append(words.word("seat.declared", {"tiles": declared}))
    return ", ".join(said) + (". " + last if last else "")


def seat_boxes(view, d):
    """Where each opponent's panel lies: [(seat, x, y, w, h)], in the band's order."""
    n = view.get("players", 0)
    others = [(view.get("viewer", 0) + k) % n for k in range(1, n)] if n else []
    bx, by, bw, bh = d["band"]
    boxes = []
    if d["cols"] == 2:
        rows = [others[:2], others[2:]] if len(others) > 2 else [others]
        ph = (bh - 6) / 2 if len(rows) == 2 else bh
        for r, row in enumerate(rows):
            pw = (bw - 6) / 2
            for c, seat in enumerate(row):
                px = bx + c * (pw + 6)
                if len(row) == 1:
                    px = bx + (bw - pw) / 2
                boxes.append((seat, px, by + r * (ph + 6), pw, ph))
    else:
        count = max(len(others), 1)
        pw = min(300, (bw - (count - 1) * 12) / count)
        start = bx + (bw - count * pw - (count - 1) * 12) / 2
        for c, seat in enumerate(others):
            boxes.append((seat, start + c * (pw + 12), by, pw, bh))
    return boxes


def seat_anchor(view, d, seat):
    """The middle of a seat's place on the table: its panel, or the viewer's strip."""
    for s, x, y, w, h in seat_boxes(view, d):
        if s == seat:
            return x + w / 2, y + h / 2
    return d["w"] / 2, d["h"]


def seats_svg(view, d, words, ui=None):
    n = view.get("players", 0)
    small = d["cols"] == 2
    last = last_actions(view, words)
    last += [""] * (n - len(last))
    shown = last_actions(view, words, True)
    shown += [""] * (n - len(shown))
    changes = (ui or {}).get("chips") or []
    parts = []
    for seat, x, y, w, h in seat_boxes(view, d):
        change = changes[seat] if seat < len(changes) else 0
        parts.append(seat_panel(view, seat, x, y, w, h, small, last[seat], words, change,
                                shown[seat]))
    return group(parts, "seats")


def layout_svg(view, ui, d, words):
    hand = hand_of(view)
    ax, ay, aw, ah = d["area"]
    cx, cy = ax + aw / 2, ay + ah / 2
    layout = hand.get("layout") if hand else None
    if not layout:
        return center_message(view, cx, cy, d, words)
    placement, u, px = layout_place(hand, d)
    zmax = layout_zoom.most(d["unit"], u) if placement.get("zoom") else 1.0
    zoom = layout_zoom.clamp(d["area"], (ui or {}).get("zoom") or layout_zoom.NONE, zmax)
    arms = layout.get("arms", [])
    last = last_play(hand)
    arrive = None
    if last is not None and (ui or {}).get("play"):  # motion: from the seat that played it
        arrive = {}
        for seat in range(view.get("players", 0)):
            x, y = seat_anchor(view, d, seat)
            arrive[seat] = layout_zoom.inverse(zoom, x, y)
    parts = placed_tiles(placement, px, last, words, arms=arms, arrive=arrive)
    targets = (ui or {}).get("targets") or []
    selected = (ui or {}).get("selected")
    slots = [px(e["box"]) for e in placement["ends"]]
    hits = end_targets(slots, u, d)
    stop = min(targets) if targets else None
    for i in range(len(arms)):
        parts.append(end_marker(arms[i], i, slots[i], u, i in targets, selected, words,
                                hits[i], i == stop))
    more = [("data-unit", str(u))]
    if zmax <= 1:
        return group(parts, "layout", more)
    # Smaller than legible (layout_geometry.fit): the whole layout, clipped to its area,
    # which the person may zoom into and pan (web/page/zoom.py).
    more += [("id", "layout-zoom"), ("data-zoom-max", fmt(zmax)),
             ("data-zoom", fmt(zoom[0]) + " " + fmt(zoom[1]) + " " + fmt(zoom[2]))]
    clip = ('<clipPath id="layout-clip">' + rect(ax, ay, aw, ah, INK) + "</clipPath>")
    return (clip + group([group(parts, "layout", more, layout_zoom.transform(zoom))], None,
                         [("clip-path", "url(#layout-clip)")]) +
            zoom_buttons(d, zoom, zmax, words))


def zoom_buttons(d, zoom, zmax, words):
    """Zoom in and out, in the layout area's top right corner; the one that can do nothing
    more is disabled. A third larger than an end's least box: a phone held sideways draws
    the table smaller than the 24 px that box is made for (an audit measured 23)."""
    ax, ay, aw, _ = d["area"]
    size = d["target"] * 4 / 3
    parts = []
    for k, (cmd, key, sign, can) in enumerate((
            ("zoom-in", "table.zoom_in", "+", zoom[0] < zmax),
            ("zoom-out", "table.zoom_out", "\u2212", zoom[0] > 1))):
        x, y = ax + aw - size * (2 - k) - 4 * (1 - k), ay
        said = words.word(key)
        more = [("role", "button"), ("data-cmd", cmd), ("tabindex", "0"), ("aria-label", said)]
        if not can:
            more.append(("aria-disabled", "true"))
        parts.append(group([title(said),
                            rect(x, y, size, size, PANEL, RIM_EDGE, 1.5, size * 0.25),
                            text(x + size / 2, y + size * 0.72, sign, size * 0.7,
                                 INK if can else INK_DIM, "middle", "700"),
                            focus_ring(x, y, size, size, size * 0.3)],
                           "zoom-button", more))
    return group(parts, "zoom-buttons")


def center_message(view, cx, cy, d, words):
    hand = hand_of(view)
    if hand is not None and hand.get("set_tile") and hand.get("phase") == "announce":
        return set_tile_message(hand, cx, cy, d, words)
    if hand is None:
        main, sub = words.word("center.title"), words.word("center.sub")
    else:
        setter = hand.get("setter", 0)
        main = words.capital(words.word("center.on_set", {"seat": setter}))
        if setter != view.get("viewer"):
            sub = words.word("center.waiting")
        elif any(r.get("kind") == "draw_set" for r in hand.get("legal") or []):
            sub = words.word("center.setting_draw")  # R5: no double in hand
        elif hand.get("first_hand"):
            sub = words.word("center.setting_first")  # R4: the highest double, no other
        else:
            sub = words.word("center.setting")
    size = 30 if d["w"] > 600 else 22
    return group([text(cx, cy - 4, main, size, INK, "middle", "700"),
                  text(cx, cy + size * 0.9, sub, size * 0.55, INK_DIM, "middle")],
                 "center-message")


def set_tile_message(hand, cx, cy, d, words):
    """Set, the game not yet announced (R7): the set tile in the middle, who set it and who
    chooses the game (the layout is drawn once its game is known)."""
    setter = hand.get("setter", 0)
    tile = hand.get("set_tile")
    size = 30 if d["w"] > 600 else 22
    w = size * 1.2
    first, second = split_tile(tile)
    face = tile_face(cx - w / 2, cy - w * 2 - size * 0.6, w, w * 2, first, second, "set-tile",
                     [("data-tile", str(tile))])
    main = words.capital(words.word("center.set", {"seat": setter, "tile": tile}))
    sub = words.capital(words.word("center.announcing", {"seat": setter}))
    return group([face, text(cx, cy + size * 0.5, main, size, INK, "middle", "700"),
                  text(cx, cy + size * 1.4, sub, size * 0.55, INK_DIM, "middle")],
                 "center-message")


# The bottom strip as drawn (the boneyard, the person's own line), by strip_key.
_STRIPS = Memo(8)


def strip_key(view, d, ui):
    """What the strip shows: the boneyard's counts and the person's chips, payment and
    pills (their turn, waits owed, on set, nos), in the design `d`."""
    hand = hand_of(view)
    me = view.get("viewer", 0)
    changes = (ui or {}).get("chips") or []
    facts = None
    if hand is not None:
        facts = (hand.get("drawable", 0), hand.get("last_two", 0),
                 view.get("waiting_for") == "human",
                 len((hand.get("waits") or [[]] * (me + 1))[me]), hand.get("setter") == me,
                 hand.get("nos") == me)
    return (d["w"], d["strip"], d["cols"], me,
            view.get("chips", [0] * (me + 1))[me] if view.get("chips") else 0,
            changes[me] if me < len(changes) else 0, facts)


def strip_svg(view, d, words, ui=None):
    """The bottom strip: the boneyard with its last two tiles (R2) and the person's line."""
    return _STRIPS.draw((words_key(words), strip_key(view, d, ui)), draw_strip, view, d,
                        words, ui)


def draw_strip(view, d, words, ui=None):
    """strip_svg, drawn (it reads only what strip_key holds of the view)."""
    hand = hand_of(view)
    small = d["cols"] == 2
    y = d["strip"]
    x = 22 if small else 40
    parts = []
    tw, th = (9, 18) if small else (12, 24)
    left = x  # where the boneyard's row ends
    if hand is not None:
        drawable = hand.get("drawable", 0)
        named = words.word("table.boneyard")
        parts.append(text(x, y + th * 0.68, named, 12 if small else 14, INK_DIM))
        bx = x + (max(56, text_width(named, 12) + 6) if small else 74)
        shown = min(drawable, 12)
        more = drawable > shown
        said = words.number(drawable) if small else words.word("table.to_draw",
                                                                 {"n": drawable})
        if small:  # (as many backs as leave room for the person's name and pills, the
            # others said by "+n"; none where none fit, the count saying them all)
            room = (d["w"] - 22 - you_width(view, d, words) - 8 - bx - 6 -
                    hand.get("last_two", 0) * (tw + 2) - 6 - text_width(said, 12))
            if int(room / (tw + 2)) < shown:
                shown = max(0, int((room - 22) / (tw + 2)))
            more = 0 < shown < drawable
        for _ in range(shown):
            parts.append(tile_back(bx, y, tw, th, "bone"))
            bx += tw + 2
        if more:
            parts.append(text(bx + 2, y + th * 0.68, "+" + str(drawable - shown), 12, INK_DIM))
            bx += 22
        # No back fits (a phone): the count stands where they would (after the crossed
        # last two it read as theirs: an audit).
        first = small and drawable and not shown
        at = bx
        if first:
            bx += text_width(said, 12) + 2
        bx += 6 if drawable else 0
        dead = hand.get("last_two", 0)
        dead_parts = [title(words.word("table.last_two"))]
        for _ in range(dead):
            dead_parts.append(tile_back(bx, y, tw, th, "dead", True))
            bx += tw + 2
        parts.append(group(dead_parts, "last-two"))
        if not first:
            at = bx + 6
            bx = at + text_width(said, 12 if small else 13)
        parts.append(text(at, y + th * 0.68, said, 12 if small else 13, INK_DIM,
                          more=[("class", "boneyard-count"), ("data-drawable", str(drawable))]))
        left = bx
        named = words.word("table.boneyard") + ": " + words.word("table.to_draw", {"n": drawable})
        parts = [group(parts, "boneyard", [("role", "img"), ("aria-label", named)])]
    parts.append(you_svg(view, d, y + th * 0.68, words, ui, left))
    return group(parts, "strip")


def you_labels(view, words):
    """The pills of the person's own line: their turn, waits owed, on set, nos."""
    hand = hand_of(view)
    me = view.get("viewer", 0)
    labels = []
    if hand is not None:
        if view.get("waiting_for") == "human":
            labels.append((words.word("pill.your_turn"), GOLD))
        waits = (hand.get("waits") or [[]] * (me + 1))[me]
        if waits:
            n = len(waits)
            labels.append((words.word("pill.you_owe", {"n": n}), MATADOR))
        if hand.get("setter") == me:
            labels.append((words.word("pill.on_set", {"seat": me}), GOLD))
        if hand.get("nos") == me:
            labels.append((words.word("pill.nos"), LAST))
    return labels


def you_width(view, d, words):
    """The width of the person's own line: name, pills, chip and chips."""
    small = d["cols"] == 2
    me = view.get("viewer", 0)
    size, psize = (13, 12) if small else (16, 11)
    chips = view.get("chips", [0] * (me + 1))[me] if view.get("chips") else 0
    return (text_width(words.capital(words.name(me)), size, True) + 8 +
            _pills_width(you_labels(view, words), psize) +
            14 + text_width(words.number(chips), size, True) + size * 0.9)


def _pills_width(labels, psize):
    return sum(pill_width(label, psize) + 4 for label, _ in labels)


def you_svg(view, d, base, words, ui=None, left=0):
    """The person's own line, right-aligned: their name (where it clears the boneyard's row,
    which ends at `left`), their pills and chips."""
    small = d["cols"] == 2
    me = view.get("viewer", 0)
    chips = view.get("chips", [0] * (me + 1))[me] if view.get("chips") else 0
    size = 13 if small else 16
    right = d["w"] - (22 if small else 40)
    shown = words.number(chips)
    parts = [text(right, base, shown, size, INK, "end", "700", "chips",
                  more=[("data-chips", str(chips))])]
    changes = (ui or {}).get("chips") or []
    if me < len(changes) and changes[me]:  # a payment just made (motion)
        parts.append(chip_change(right, base - size * 1.1, changes[me], size * 0.8, words))
    cx = right - text_width(shown, size, True) - size * 0.9
    parts.append(chip(cx, base - size * 0.33, size * 0.42))
    labels = every = you_labels(view, words)
    psize = 12 if small else 11
    lx = cx - 14
    # Pills that would cover the boneyard's row: one unit smaller, then the last left out
    # (all are still said, below).
    if _pills_width(labels, psize) > lx - left - 6:
        psize -= 1
        while labels and _pills_width(labels, psize) > lx - left - 6:
            labels = labels[:-1]
    for label, colour in labels:
        w = pill_width(label, psize)
        lx -= w + 4
        svg, _ = pill(lx, base - size * 0.32, label, colour, size=psize)
        parts.append(svg)
    name = words.capital(words.name(me))
    if lx - 8 - text_width(name, size, True) > left + 6:
        parts.append(text(lx - 8, base, name, size, INK, "end", "700"))
    said = [words.capital(words.word("seat.title", {"seat": me, "chips": chips}))]
    said += [label for label, _colour in every]
    return group(parts, "you", [("role", "img"), ("aria-label", ", ".join(said))])


def legend_text(view, mode, words):
    """What the colours and the padlock of the layout's open ends mean, for the line under
    the table: words in the page, not the SVG, so they read at the page's size however
    small the table is drawn. "" on a phone (its room goes to the tiles) and before any
    tile lies."""
    hand = hand_of(view)
    if mode == "narrow" or hand is None or not hand.get("layout"):
        return ""
    return words.word("table.legend")


def table_svg(view=None, ui=None, mode="wide", words=None):
    """The table as an SVG element string; the empty frame without a view. `words`: the
    word catalogue (web/words/say.py)."""
    d = dims(mode, (view or {}).get("players", 0), (ui or {}).get("height"))
    parts = [svg_open("table-svg", d["w"], d["h"], words.word("table.title")), felt(d)]
    if view is None:
        ax, ay, aw, ah = d["area"]
        parts.append(rect(ax, ay, aw, ah, "none", FELT_LINE, 3, 30,
                          more=[("id", "play-area"), ("stroke-dasharray", "14 10")]))
        parts.append(center_message(None, ax + aw / 2, ay + ah / 2, d, words))
    else:
        parts.append(seats_svg(view, d, words, ui))
        parts.append(layout_svg(view, ui, d, words))
        parts.append(strip_svg(view, d, words, ui))
    parts.append("</svg>")
    return "".join(parts)
