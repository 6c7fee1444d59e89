"""The person's hand as SVG: their tiles face up, the playable ones lit and the others
dimmed (and marked disabled) when it is their turn, the selected one raised, declared
doubles marked (R8); with the coach on, each tile it weighs has its chips under it (on a
phone the one place they show beside the table). The hand is one tab stop: one tile has
tabindex 0 (the selected one, else the first playable, else the first), the others -1, and
the arrow keys move between them (web/page/access.py).

Pure functions of their arguments, in the MicroPython subset (see render_svg.py).
"""

import json

from render_coach import mark_class, marks, not_first
from render_layout import hand_of
from render_svg import (
    FELT_DARK,
    GOLD,
    INK,
    INK_DIM,
    Memo,
    focus_ring,
    group,
    rect,
    split_tile,
    svg_open,
    text,
    text_width,
    tile_face,
    words_key,
)

HAND_MIN_W = 32  # px: a tile of the hand is never narrower (nor shorter than 64)
HAND_MAX_W = 44  # (36 in a hand narrower than WIDE: a phone's room goes to the table)
WIDE = 600
HAND_GAP = 5
HAND_PAD = 8
ONE_ROW = 9  # tiles that always fit one row (at HAND_MIN_W on a 360 px phone)
WIDTH = 360  # the hand's width before the page measured it (px)


def hand_grid(count, width):
    """(tile width, tiles per row, rows) of a hand of `count` tiles in `width` px: one row
    while its tiles are at least HAND_MIN_W wide, else as many rows as it takes."""
    room = width - 2 * HAND_PAD + HAND_GAP
    n = max(count, 1)
    most = HAND_MAX_W if width >= WIDE else HAND_MIN_W + 2
    tw = min(most, int(room / n) - HAND_GAP)
    if tw >= HAND_MIN_W:
        return tw, n, 1
    per_row = max(int(room / (HAND_MIN_W + HAND_GAP)), 1)
    rows = (count + per_row - 1) // per_row
    per_row = (count + rows - 1) // rows  # (rows as even as they go)
    tw = min(most, int(room / per_row) - HAND_GAP)
    return tw, per_row, rows

# The hand as drawn, by all it is drawn from (hand_key): it stays as it is while the
# others play. And each tile as drawn, by all it is drawn from: a selection redraws two.
_HANDS = Memo(8)
_TILES = Memo(60)


def hand_key(view, ui, width, words):
    """Everything hand_svg draws from: the language and seats, the design, the viewer's
    tiles and declared doubles, the selection, what is playable, the coach's marks."""
    hand = hand_of(view)
    coach = bool(ui.get("coach") and view is not None)
    declared = ()
    if hand:
        me = view.get("viewer") or 0  # (the table's screen: no one's, viewer None)
        declared = tuple((hand.get("declared") or [[]] * (me + 1))[me])
    return (words_key(words), width, view is None, hand is None,
            tuple(hand.get("tiles", []) if hand else ()), ui.get("selected"),
            tuple(ui.get("playable") or ()), bool(ui.get("active")), bool(ui.get("hidden")),
            bool(ui.get("loading", True)), coach,
            json.dumps(view.get("coach")) if coach else None, declared)


def hand_svg(view=None, ui=None, width=WIDTH, words=None):
    """The person's tiles, face up, as an SVG element string `width` px wide (drawn at 1 px
    per unit: its tiles are as large on the screen as hand_grid says).

    ui: {"selected": tile, "playable": [tiles with a legal action], "active": bool (the
    person is to act and tiles not in `playable` are dimmed), "coach": bool (a row under
    the tiles for the coach's chips, filled from the view's "coach"), "hidden": bool (no
    view: pass-and-play hides the hand, it is not loading), "loading": bool (no view yet
    because the engine is starting; false: it holds no game), default true}.
    """
    ui = ui or {}
    width = int(width)
    return _HANDS.draw(hand_key(view, ui, width, words), draw_hand_svg, view, ui, width,
                       words)


def draw_hand_svg(view, ui, width, words):
    """hand_svg, drawn (it reads only what hand_key holds)."""
    w = width
    pad = HAND_PAD
    gap = HAND_GAP
    hand = hand_of(view)
    tiles = hand.get("tiles", []) if hand else []
    tw, per_row, rows = hand_grid(len(tiles), w)
    th = tw * 2
    coach = ui.get("coach") and view is not None
    below = 16 if coach else 0  # (the coach's chips under each tile)
    top = 13  # (room above a raised tile for the bar that marks a declared double)
    step = th + 6 + below
    h = top + max(rows, 1) * step + (15 if coach else 0)  # (and a line on why its gold)
    if view is not None and hand and not tiles:  # (all played: a line says so, no more)
        h = 44
    tile_marks = marks(view.get("coach"), words)["tiles"] if coach else {}
    selected = ui.get("selected")
    playable = ui.get("playable") or []
    active = ui.get("active")
    declared = []
    if hand:
        me = view.get("viewer") or 0  # (the table's screen: no one's, viewer None)
        declared = (hand.get("declared") or [[]] * (me + 1))[me]
    stop = roving_tile(tiles, selected, playable if active else [])
    parts = [svg_open("hand-svg", w, h, words.word("hand.title")),
             rect(0, 0, w, h, FELT_DARK, r=12, more=[("id", "hand-felt")])]
    if view is None:  # (pass-and-play hides the hand between two people's turns)
        # (hidden: pass-and-play; "loading" false: the engine is up and holds no game, as
        # after a damaged save it refused, so "loading" would never end)
        said = words.word("hand.hidden" if ui.get("hidden") else
                          "hand.loading" if ui.get("loading", True) else "prompt.no_hand")
        parts.append(text(w / 2, h / 2 + 6, said, 15, INK_DIM, "middle"))
    elif not tiles:
        said = words.word("hand.all_played" if hand else "prompt.no_hand")
        parts.append(text(w / 2, h / 2 + 6, said, 15, INK_DIM, "middle"))
    known = words_key(words)
    for k, t in enumerate(tiles):
        r, c = k // per_row, k % per_row
        in_row = min(len(tiles) - r * per_row, per_row)
        x = (w - in_row * tw - (in_row - 1) * gap) / 2 + c * (tw + gap)
        y = top + r * step - (7 if t == selected else 0)  # (the selected tile raised)
        lit = t in playable
        mark = tile_marks.get(t) if coach else None
        chips_y = top + r * step + th + 13 if coach else None
        drawn_from = (t, x, y, tw, th, gap, lit, bool(active) and not lit, t == stop,
                      t == selected, t in declared, chips_y, mark)
        parts.append(_TILES.draw((known,) + drawn_from, hand_tile, *drawn_from, words))
    why = not_first(view.get("coach")) if coach else None
    if why:  # (its panel may be off the screen)
        said = words.word("coach.why_gold") if why == "weighed" else words.word(
            "coach.why_gold_aside")
        size = min(12, 12 * (w - 2 * pad) / text_width(said, 12))
        parts.append(text(w / 2, h - 9, said, int(size * 10) / 10, INK_DIM, "middle",
                          cls="coach-why"))
    parts.append("</svg>")
    return "".join(parts)


def hand_tile(t, x, y, tw, th, gap, lit, dim, stop, selected, declared, chips_y, mark,
              words):
    """One tile of the hand at (x, y), its group with its state and words: `lit` playable,
    `dim` not playable on the person's turn; `chips_y`: the y of the coach's chips under it
    (None: the coach is off), `mark` the chips (None: none)."""
    cls = "hand-tile" + (" playable" if lit else " dim" if dim else "") + (
        " selected" if selected else "")
    a, b = split_tile(t)
    label = t + (words.word("hand.declared_mark") if declared else "") + (
        words.word("hand.selected_mark") if selected else "")
    if mark:  # (a screen reader hears the coach's chips with the tile)
        label += words.word("coach.on_tile", {"chips": mark[0]}) + (
            words.word("coach.on_tile_best") if mark[1] else "")
    more = [("data-tile", t), ("role", "button"), ("tabindex", "0" if stop else "-1"),
            ("aria-label", label), ("aria-pressed", "true" if selected else "false"),
            ("aria-disabled", "true" if dim else None)]
    # (the whole slot takes a tap, not only the face drawn inset in it: HAND_MIN_W wide)
    inner = [rect(x, y, tw, th, FELT_DARK, cls="tile-hit", more=[("fill-opacity", "0")]),
             focus_ring(x, y, tw, th, tw * 0.2),
             tile_face(x, y, tw, th, a, b, None, None, GOLD if selected else None)]
    if declared:
        # (a gold bar over it: a word there ran into its neighbour's, the legend says it)
        inner.append(rect(x + 3, y - 7, tw - 6, 4, GOLD, r=2, cls="declared-mark"))
    if dim:
        inner.append(rect(x, y, tw, th, FELT_DARK, r=tw * 0.14,
                          more=[("fill-opacity", "0.45")]))
    if chips_y is not None:
        said = mark[0] if mark else ""
        size = 12  # (smaller where it would reach the next tile's chips)
        if said and text_width(said, size, True) > tw + gap - 4:
            size = int(size * (tw + gap - 4) / text_width(said, size, True) * 10) / 10
        inner.append(text(x + tw / 2, chips_y, said, size, GOLD if mark and mark[1] else INK,
                          "middle", "700" if mark and mark[1] else None,
                          mark_class(mark) if mark else "coach-mark"))
    return group(inner, cls, more)


def roving_tile(tiles, selected, playable):
    """The hand's one tab stop: the selected tile, else the first playable, else the first."""
    if selected in tiles:
        return selected
    for t in tiles:
        if t in playable:
            return t
    return tiles[0] if tiles else None
