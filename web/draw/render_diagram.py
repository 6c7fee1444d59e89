"""A diagram of a position as a standalone SVG document, for rules pages and exports.

`diagram_svg(view, words, hands, boneyard)` draws the layout with its open ends (R63 looks, as on
the table), the boneyard with its last two tiles (R2), and one row per seat: name, on set,
to play, chips, tiles (face down, or face up where `hands` reveals them) and declared
doubles. `view` is the engine's view (nos/view.py: the app's, or `position_view`); only its
"players", "names", "viewer", "chips" and "hand" are read. `words` is the word catalogue
of the language wanted (web/words/say.py): every text of the diagram comes from it.

The document is self-contained: `xmlns`, width/height, every colour and the font as
presentation attributes, and an embedded <style> (the page font from assets/app.css) scoped
to the class `nos-diagram`, so it looks the same as a file, in an <img> and inline in a
page with other CSS (where an inline <style> is blocked by a CSP, the attributes suffice).

Pure functions, in the MicroPython subset (see render_svg.py): the app builds its
"Export diagram" download with them on the main thread.
"""

from contract import PHASE_OVER
from layout_geometry import extent, place, plan
from render_layout import end_marker, end_state, end_title, hand_of, last_play, placed_tiles
from render_svg import (
    FELT,
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
    SVG_NS,
    as_text,
    attrs,
    chip,
    esc,
    group,
    name_and_pills,
    pill,
    rect,
    split_tile,
    text,
    text_width,
    tile_back,
    tile_face,
    title,
    trim,
)

WIDTH = 960
AREA_W, AREA_H, UNIT = 900, 420, 20  # the layout's room, as on the wide table
ROW_H, ROW_GAP = 58, 6
TILE_W, TILE_H, TILE_GAP = 22, 44, 4
TILES_X = 210  # where the tiles of a row start
# Two drawings of one position. "wide" (a page, a file): each row one line, its tiles beside
# its name. "narrow" (a phone, where a wide drawing would shrink its words to ≈ 5 px): half
# as wide, the layout in a taller room, each row a line of name, pills and chips over a
# line of tiles, and larger type.
# tiles_dy: a row's tiles below its top; tiles_room: kept right of them for their words.
CAPTION_LINES = 3
WIDE = {"w": WIDTH, "area": (AREA_W, AREA_H), "unit": UNIT, "row_h": ROW_H,
        "tiles_x": TILES_X, "tiles_dy": (ROW_H - TILE_H) / 2, "tiles_room": 200,
        "name": 16, "small": 13, "pill": 10, "caption": 20, "caption_x": 36,
        "caption_lines": CAPTION_LINES, "legend": 12, "margin": 24, "text_x": 40,
        "bone_h": ROW_H}
NARROW = {"w": 456, "area": (416, 520), "unit": UNIT, "row_h": 100, "tiles_x": 30,
          "tiles_dy": 100 - TILE_H - 10, "tiles_room": 150, "name": 20, "small": 16,
          "pill": 13, "caption": 22, "caption_x": 30, "caption_lines": 5, "legend": 15,
          "margin": 14, "text_x": 30, "bone_h": 126}
# The page font of assets/app.css (:root), for texts outside the app.
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
LEAST_TEXT = 13  # the least size of a word in either drawing (9 px at 328 px wide: narrow)
NARROW_BELOW = 720  # CSS px: a page narrower than this draws its diagrams narrow (a phone)
STYLE = ('<style>.nos-diagram text{font-family:system-ui,-apple-system,"Segoe UI",Roboto,'
         "sans-serif}</style>")


# ---------------------------------------------------------------- helpers on the view

def seat_hands(view):
    """`hands` that reveal only the viewing seat's tiles (the person's, in the app)."""
    hand = hand_of(view)
    if hand is None:
        return None
    out = [None] * int(view.get("players", 0))
    seat = hand.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(out):  # (a bystander's view: no seat)
        out[seat] = list(hand.get("tiles") or [])
    return out


def caption_of(view, words):
    """ "Hand 2 · Game 2: ordinary cross · Anna to play" """
    hand = hand_of(view)
    if hand is None:
        return words.word("diagram.no_hand")
    parts = [words.word("info.hand", {"hand": hand.get("hand", 0) + 1})]
    game = hand.get("game")
    if game:
        parts.append(words.word("info.game", {"number": game.get("game"), "game": game}))
    elif hand.get("set_tile"):
        parts.append(words.word("info.set", {"tile": hand.get("set_tile")}))
    phase = hand.get("phase")
    if phase == PHASE_OVER:
        parts.append(words.word("diagram.over"))
    else:
        key = "diagram.to." + str(phase).replace(" ", "_")
        parts.append(words.capital(words.word(key, {"seat": hand.get("current")})))
    return " · ".join(parts)


def diagram_filename(view):
    """A file name for a download: nos-hand-2-move-14.svg."""
    hand = hand_of(view)
    if hand is None:
        return "nos-diagram.svg"
    return ("nos-hand-" + str(hand.get("hand", 0) + 1) + "-move-" +
            str(len(hand.get("history") or [])) + ".svg")


def at(values, seat, default):
    values = values or []
    return values[seat] if 0 <= seat < len(values) else default


# ---------------------------------------------------------------- the layout
def layout_part(view, top, words, g=WIDE):
    """(svg, height) of the layout cropped to its tiles and ends, or a short message."""
    hand = hand_of(view)
    layout = hand.get("layout") if hand else None
    if not layout:
        parts = []
        y = top + 40
        tile = hand.get("set_tile") if hand else None
        if hand is None:
            said = words.word("diagram.no_tiles")
        elif tile:  # set, the game not yet announced (R7): the tile, and who chooses
            first, second = split_tile(tile)
            parts.append(tile_face(g["w"] / 2 - TILE_H, y - 12, TILE_H * 2, TILE_H, first,
                                   second, "set-tile", [("data-tile", as_text(tile))]))
            y += TILE_H + 20
            said = words.capital(words.word("diagram.to.announce", {"seat": hand.get("setter")}))
        else:
            said = words.capital(words.word("diagram.not_set", {"seat": hand.get("setter")}))
        size = g["name"] + 2
        for line in wrap_words(said, g["w"] - 60, size):  # (a phone's drawing is narrow)
            parts.append(text(g["w"] / 2, y, line, size, INK_DIM, "middle"))
            y += size + 6
        return group(parts, "layout"), y - size - 6 - top + 30  # (the last line's foot)
    aw, ah = g["area"]
    placement = place(layout, plan(layout, aw, ah, 8, g["unit"]))
    x0, y0, x1, y1 = extent(placement)
    # (as large as the area holds, up to the design's unit: what lies, not the plan's room)
    u = int(min(g["unit"], aw / max(x1 - x0, 1), ah / max(y1 - y0, 1)) * 10) / 10
    pad = 18
    left = g["w"] / 2 - (x1 - x0) * u / 2

    def px(b):
        return (left + (b[0] - x0) * u, top + pad + (b[1] - y0) * u, (b[2] - b[0]) * u,
                (b[3] - b[1]) * u)

    parts = placed_tiles(placement, px, last_play(hand), words, True)
    arms = layout.get("arms") or []
    for i in range(len(arms)):
        parts.append(end_marker(arms[i], i, px(placement["ends"][i]["box"]), u, False, None,
                                words, least=LEAST_TEXT))
    return group(parts, "layout", [("data-unit", as_text(u))]), (y1 - y0) * u + 2 * pad


# ---------------------------------------------------------------- rows
def row_panel(y, current=False, g=WIDE, height=None):
    m = g["margin"]
    height = g["row_h"] if height is None else height
    return rect(m, y, g["w"] - 2 * m, height, PANEL, GOLD if current else FELT_LINE,
                2.5 if current else 1.5, 10, more=[("fill-opacity", "0.72")])


def kept(count, room, tail):
    """Which of a row's `count` tiles fit its `room`: the indexes shown and before which of
    them (its place in that list) a "+N" stands for those left out (None: all shown). The
    last `tail` always show: the boneyard's last two (R2), which the legend explains."""
    if count <= room:
        return list(range(count)), None
    tail = min(tail, room - 2)
    first = room - 1 - tail
    return list(range(first)) + list(range(count - tail, count)), first


def row_of(count, room, tail, x, y, g, draw):
    """A row's tiles from x: those `kept` in its `room`, a "+N" for the others; `draw(k,
    x)` is tile k's SVG at x. Returns (svg parts, x after them)."""
    parts = []
    shown, gap = kept(count, room, tail)
    for i in range(len(shown) + 1):
        if i == gap:
            parts.append(text(x + 2, y + TILE_H * 0.62, "+" + str(count - len(shown)),
                              g["small"], INK_DIM))
            x += 30
        if i < len(shown):
            parts.append(draw(shown[i], x))
            x += TILE_W + TILE_GAP
    return parts, x


def tiles_row(tiles, y, cls, outlined=None, dead_from=None, x=None, g=WIDE, right=None):
    """Face-up tiles from x (the row's tiles_x) up to `right` from the drawing's right edge
    (None: the row's tiles_room); those in `outlined` get a gold outline, those from index
    `dead_from` on are the boneyard's last two. Returns (svg parts, x after them)."""
    x = g["tiles_x"] if x is None else x
    right = g["tiles_room"] if right is None else right
    room = max(int((g["w"] - right - x) / (TILE_W + TILE_GAP)), 2)

    dead_cls = cls + " dead"

    def face(k, x):
        t = tiles[k]
        a, b = split_tile(t)
        dead = dead_from is not None and k >= dead_from
        outline = GOLD if outlined and t in outlined else None
        svg = tile_face(x, y, TILE_W, TILE_H, a, b, dead_cls if dead else cls,
                        [("data-tile", as_text(t))], outline)
        if dead:
            svg += rect(x - 2, y - 2, TILE_W + 4, TILE_H + 4, "none", LOCK, 1.5, 5,
                        more=[("stroke-dasharray", "3 2")])
        return svg

    tail = 0 if dead_from is None else len(tiles) - dead_from
    return row_of(len(tiles), room, tail, x, y, g, face)


def backs_row(count, y, dead=0, cls="back", g=WIDE, right=None):
    """Face-down tiles from the row's tiles_x (up to `right`, as in tiles_row), the last
    `dead` of them crossed (R2)."""
    x = g["tiles_x"]
    right = g["tiles_room"] if right is None else right
    room = int((g["w"] - right - x) / (TILE_W + TILE_GAP))

    dead_cls = cls + " dead"

    def back(k, x):
        is_dead = k >= count - dead
        return tile_back(x, y, TILE_W, TILE_H, dead_cls if is_dead else cls, is_dead)

    return row_of(count, room, dead, x, y, g, back)


def boneyard_row(view, y, boneyard, words, g=WIDE):
    hand = hand_of(view)
    count = int(hand.get("boneyard", 0))
    drawable = int(hand.get("drawable", 0))
    ty = y + g["tiles_dy"]
    label = words.word("table.boneyard")
    said = words.word("seat.tiles", {"n": count})
    tx = g["text_x"]
    if g is WIDE:
        heading = [text(tx, y + 25, label, 16, INK, None, "700"),
                   text(tx, y + 45, said, 12, INK_DIM)]
    else:  # the count beside the word, the tiles under them
        heading = [text(tx, y + 28, label, g["name"], INK, None, "700"),
                   text(tx + text_width(label, g["name"], True) * 1.1 + 12, y + 28, said,
                        g["small"], INK_DIM)]
    parts = [row_panel(y, False, g, g["bone_h"])] + heading
    # Narrow, nothing stands right of the boneyard's tiles (no chips, its words under them):
    # they take the row's whole width, so that a boneyard shown open shows every tile.
    right = None if g is WIDE else g["margin"] + TILE_GAP
    if boneyard is not None:
        tiles, x = tiles_row(list(boneyard), ty, "bone", None, drawable, None, g, right)
    else:
        tiles, x = backs_row(count, ty, int(hand.get("last_two", 0)), "bone", g, right)
    parts.append(group([title(words.word("diagram.boneyard"))] + tiles, "boneyard-tiles"))
    # Wide: the words after the tiles; narrow: on a line of their own under them.
    sx, sy = (x + 8, ty + TILE_H * 0.62) if g is WIDE else (tx, ty + TILE_H + 22)
    parts.append(text(sx, sy, words.word("table.to_draw", {"n": drawable}), g["small"],
                      INK_DIM, more=[("class", "boneyard-count")]))
    return group(parts, "boneyard", [("data-count", as_text(count))])


def seat_row(view, seat, y, tiles, words, g=WIDE):
    hand = hand_of(view)
    name = words.capital(words.name(seat))
    phase = hand.get("phase")
    current = phase != PHASE_OVER and hand.get("current") == seat
    count = int(at(hand.get("hand_sizes"), seat, 0))
    declared = list(at(hand.get("declared"), seat, []))
    labels = []
    if current:
        labels.append((words.word("pill.to_act"), GOLD))
    if hand.get("setter") == seat:
        labels.append((words.word("pill.on_set", {"seat": seat}), LOCK))
    if hand.get("nos") == seat:
        labels.append((words.word("pill.nos"), LAST))
    elif at(hand.get("out"), seat, False):
        labels.append((words.word("pill.out"), INK_DIM))
    waits = at(hand.get("waits"), seat, [])
    if waits:
        labels.append((words.word("pill.owes", {"n": len(waits)}), MATADOR))
    # Wide: the name over its pills, the chips at the right, all beside the tiles.
    # Narrow: the name, its pills and the chips on one line over the tiles.
    tx, size, wide = g["text_x"], g["name"], g is WIDE
    base = y + (35 if wide else 28)
    parts = [row_panel(y, current, g)]
    chips = at(view.get("chips"), seat, None)
    right = g["w"] - tx
    if chips is not None:
        shown = words.number(chips)
        parts.append(text(right, base, shown, size, INK, "end", "700",
                          more=[("class", "chips"), ("data-chips", as_text(chips))]))
        right -= len(shown) * size * 0.7 + 14  # digits are of equal width
        parts.append(chip(right, base - size * 0.31, size * 0.44))
        right -= 14
    counts = hand.get("counts")
    if counts and seat < len(counts) and counts[seat] is not None:  # (None: not known)
        said_count = words.word("diagram.count", {"n": counts[seat]})
        parts.append(text(right, base, said_count, g["small"], INK_DIM, "end",
                          more=[("class", "count")]))
        right -= text_width(said_count, g["small"]) + 10
    psize = g["pill"]
    if wide:
        name = trim(name, 14)
        parts.append(text(tx, y + 25, name, size, INK, None, "700"))
        px, py = tx, y + 43
    else:
        name, labels, psize = name_and_pills(trim(name, 14), labels, size, psize,
                                             right - tx - 6)
        parts.append(text(tx, base, name, size, INK, None, "700"))
        px, py = tx + text_width(name, size, True) + 8, base - size * 0.32
    for label, colour in labels:
        svg, w = pill(px, py, label, colour, size=psize)
        parts.append(svg)
        px += w + 4
    ty = y + g["tiles_dy"]
    if tiles is not None:
        faces, x = tiles_row(list(tiles), ty, "seat-tile", declared, None, None, g)
        count = len(tiles)
    else:
        faces, x = backs_row(count - len(declared), ty, 0, "back", g)
        if declared:
            more, x = tiles_row(declared, ty, "seat-tile declared", declared, None,
                                x + (TILE_GAP if count > len(declared) else 0), g)
            faces += more
    parts += faces
    said = words.word("seat.tiles", {"n": count})
    if declared:
        said += " · " + words.word("diagram.declared", {"tiles": declared})
    parts.append(text(x + 8, ty + TILE_H * 0.62, said, g["small"], INK_DIM,
                      more=[("class", "tile-count")]))
    label = words.capital(words.name(seat)) + ": " + said
    if chips is not None:
        label += ", " + words.word("diagram.chips", {"n": chips})
    return group([title(label)] + parts, "seat" + (" current" if current else ""),
                 [("data-seat", as_text(seat))])


# ---------------------------------------------------------------- legend
def legend_items(view, revealed_bone, words):
    hand = hand_of(view)
    arms = ((hand.get("layout") or {}).get("arms") or []) if hand else []
    keys = []
    states = [end_state(a) for a in arms]
    live = [a for a in arms if end_state(a) == "open"]
    kinds = [a.get("matching") for a in live]
    if "ordinary" in kinds:
        keys.append("legend.ordinary")
    if "matador" in kinds:
        keys.append("legend.matador")
    if [a for a in live if a.get("needs_double")]:
        keys.append("legend.double")
    if "dead" in states:
        keys.append("legend.dead")
    if "locked" in states:
        keys.append("legend.locked")
    if hand and last_play(hand) is not None:
        keys.append("legend.last")
    if hand and [d for d in (hand.get("declared") or []) if d]:
        keys.append("legend.declared")
    if hand:
        keys.append("legend.last_two_open" if revealed_bone else "legend.last_two")
    return [words.word(k) for k in keys]


def caption_lines(caption, g=WIDE):
    """The caption in lines that fit the diagram's width (bold), broken at spaces; at most
    the drawing's caption_lines (the last cut short with an ellipsis)."""
    most = g["caption_lines"]
    # A tenth kept spare: text_width is an estimate, and a long bold line in the browser's
    # sans-serif ran up to a tenth wider than it (past the felt's edge).
    out = wrap_words(caption, (g["w"] - 72) * 0.9, g["caption"], True)
    if len(out) > most:
        out = out[:most]
        out[-1] = out[-1] + "…"
    return out


def wrap_words(said, width, size, bold=False):
    """`said` in lines no wider than `width`, broken at spaces. (A line's width is the sum
    of its words' and spaces': no line is joined to be measured, as each new string is dear
    in MicroPython, docs/performance.md.)"""
    out = []
    line = []  # its words; none while it would be empty
    units = 0.0  # its width per unit of size (text_width's)
    space = text_width(" ", 1)
    scale = 1.06 if bold else 1.0
    for word in as_text(said).split(" "):
        w = text_width(word, 1)
        if line and (units + space + w) * size * scale > width:
            out.append(" ".join(line))
            line, units = [word] if word else [], w
        elif line:
            line.append(word)
            units += space + w
        elif word:
            line, units = [word], w
    out.append(" ".join(line))
    return out


def wrap(items, width, size, apart=False):
    """The legend's items in lines: joined with " · " (wide), or `apart`, each on lines of
    its own (narrow)."""
    if apart:
        lines = []
        for item in items:
            lines += wrap_words(item[:1].upper() + item[1:] + ".", width, size)
        return lines
    lines = []
    line = ""
    for item in items:
        item = item[:1].upper() + item[1:]
        joined = line + " · " + item if line else item
        if line and text_width(joined, size) > width:
            lines.append(line + ".")
            line = item
        else:
            line = joined
    if line:
        lines.append(line + ".")
    return lines


# ---------------------------------------------------------------- the document
def diagram_svg(view, words, hands=None, boneyard=None, caption=None, legend=True,
                narrow=False, inline=False):
    """The position as a standalone SVG document (a string).

    hands: one entry per seat, a list of tiles ("5-3") to show face up or None for face
    down (seat_hands(view) reveals the viewing seat's); boneyard: its tiles from the top
    (drawn first) to the bottom, to show it open, or None; caption: the heading (default:
    hand, game, who is to act); legend: explain the marks used; narrow: the drawing for a
    phone (NARROW), else the wide one; inline: to go inside a page, without its <style>
    (there the font is the page's business, and a CSP without 'unsafe-inline', ours or a
    host site's, would refuse it, loudly).
    """
    g = NARROW if narrow else WIDE
    width = g["w"]
    hand = hand_of(view)
    caption = caption_of(view, words) if caption is None else as_text(caption)
    players = int((view or {}).get("players", 0)) if hand else 0
    parts = []
    top = 44
    size = g["caption"]
    for line in caption_lines(caption, g):
        parts.append(text(g["caption_x"], top, line, size, INK, None, "700",
                          more=[("class", "caption")]))
        top += size + 5
    layout, lh = layout_part(view, top - 11, words, g)
    parts.append(layout)
    y = top - 11 + lh + 8
    if hand is not None:
        parts.append(boneyard_row(view, y, boneyard, words, g))
        y += g["bone_h"] + ROW_GAP
        for seat in range(players):
            tiles = at(hands, seat, None)
            parts.append(seat_row(view, seat, y, tiles, words, g))
            y += g["row_h"] + ROW_GAP
    if legend:
        size = g["legend"]
        lines = wrap(legend_items(view, boneyard is not None, words), width - 80, size,
                     narrow)
        for line in lines:
            y += size + 5
            parts.append(text(g["text_x"], y, line, size, INK_DIM, more=[("class", "legend")]))
        y += 6 if lines else 0
    height = int(y + 18)
    return "".join([
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        "<svg" + attrs([("xmlns", SVG_NS), ("class", "nos-diagram" + (" narrow" if narrow
                                                                     else "")), ("width", width),
                        ("height", height), ("viewBox", "0 0 " + str(width) + " " +
                                             str(height)),
                        ("role", "img"), ("font-family", FONT)]) + ">",
        title("Nos: " + caption),
        "<desc>" + esc(description(view, caption, words)) + "</desc>",
        "" if inline else STYLE,
        rect(1, 1, width - 2, height - 2, RIM, RIM_EDGE, 2, 24),
        rect(10, 10, width - 20, height - 20, FELT, r=18),
        "".join(parts),
        "</svg>\n",
    ])


def description(view, caption, words):
    """The position in words, for screen readers and search."""
    hand = hand_of(view)
    said = [caption + "."]
    layout = hand.get("layout") if hand else None
    if layout:
        played = []
        for arm in layout.get("arms") or []:
            played += [as_text(t[0]) for t in arm.get("tiles") or []]
        said.append(words.word("diagram.desc_set" if not played else "diagram.desc_played",
                               {"tile": layout.get("set"), "tiles": played}))
        for arm in layout.get("arms") or []:
            said.append(end_title(arm, words))
    if hand:
        said.append(words.word("diagram.desc_boneyard", {"n": hand.get("boneyard", 0)}))
    return " ".join(said)
