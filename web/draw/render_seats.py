"""The seats around the table and the strip below the layout, as HTML: each other player's
name, chips, labels (on set, nos, out, waits owed), tiles (face down; declared doubles face
up, R8; every seat's face up once the hand is over, R21) and last action, which wraps and is
never cut; the boneyard in one readout at every count (R2); the person's own line.

Words are the page's, at its size (never below 12 px), so they read however small the
layout is drawn. Pure functions returning HTML (MicroPython subset, see render_svg.py).
"""

from render_layout import hand_of
from render_svg import GOLD, SVG_NS, Memo, chip, esc, split_tile, tile_back, tile_face, words_key

BACK_W, BACK_H = 7, 14  # a face-down tile in a seat's row, px
FACE_W, FACE_H = 10, 20  # a declared double, face up


def last_actions(view, words, bare=False):
    """The last thing each seat did in the current hand, in words ("Anna draws a tile"; with
    `bare`, as its panel shows it under the name: "Draws a tile")."""
    hand = hand_of(view) or {}
    return [words.capital(words.say(e, bare)) if e else "" for e in hand.get("last") or []]


def at(values, seat, default):
    values = values or []
    return values[seat] if 0 <= seat < len(values) else default


def open_tiles(hand, seat):
    """The seat's tiles once the hand is over (the view's open_hands, R21), else None."""
    hands = hand.get("open_hands") if hand is not None else None
    if not hands or seat >= len(hands):
        return None
    return hands[seat]


def seat_pills(hand, seat, words):
    """The labels beside a seat's name: on set, nos or out, as (words, class)."""
    if hand is None:
        return []
    pills = []
    if hand.get("setter") == seat:
        pills.append((words.word("pill.on_set"), "gold"))
    if hand.get("nos") == seat:
        pills.append((words.word("pill.nos"), "nos"))
    elif at(hand.get("out"), seat, False):
        pills.append((words.word("pill.out"), "dim"))
    return pills


def pills_html(pills):
    return "".join('<span class="pill ' + cls + '">' + esc(label) + "</span>"
                   for label, cls in pills)


def others(view):
    """The other seats in the order they sit after the viewer (clockwise, R3)."""
    n = view.get("players", 0)
    me = view.get("viewer", 0) or 0
    return [(me + k) % n for k in range(1, n)] if n else []


def row_svg(faces):
    """Face-up tiles as a small SVG: `faces` ((tile, outline) each), with a gold outline
    where declared (R8, class "declared"), none once the hand is over (R21, "open-tile")."""
    parts = []
    x = 0
    for tile, outline in faces:
        a, b = split_tile(tile)
        parts.append(tile_face(x, 0, FACE_W, FACE_H, a, b,
                               "declared" if outline else "open-tile", [("data-tile", tile)],
                               outline))
        x += FACE_W + 2
    if not parts:
        return ""
    w = max(x - 2, 1)
    return ('<svg xmlns="' + SVG_NS + '" class="seat-row" viewBox="-2 -2 ' + str(w + 4) +
            " " + str(FACE_H + 4) + '" width="' + str(w + 4) + '" height="' +
            str(FACE_H + 4) + '" aria-hidden="true">' + "".join(parts) + "</svg>")


# The seats as drawn, by all each is drawn from: a move changes one or two of them.
_SEATS = Memo(60)


def seat_html(view, seat, words, last="", change=0):
    """One other player's panel; `last` their last action as its caption, `change` a payment
    they just got (+) or made (−), shown rising from their chips."""
    hand = hand_of(view)
    key = (words_key(words), seat, last, change, view.get("players"),
           at(view.get("chips"), seat, 0), None if hand is None else (
               hand.get("acting"), at(hand.get("hand_sizes"), seat, 0),
               tuple(at(hand.get("declared"), seat, [])),
               tuple(open_tiles(hand, seat) or ()), hand.get("setter"), hand.get("nos"),
               bool(at(hand.get("out"), seat, False)), len(at(hand.get("waits"), seat, []))))
    return _SEATS.draw(key, draw_seat, view, seat, words, last, change)


def draw_seat(view, seat, words, last, change):
    """seat_html, drawn."""
    hand = hand_of(view)
    chips = at(view.get("chips"), seat, 0)
    current = hand is not None and hand.get("acting") == seat
    out = ['<li class="seat', " current" if current else "", '" data-seat="', str(seat), '">',
           '<p class="seat-line"><span class="seat-name">', esc(words.capital(words.name(seat))),
           "</span>"]
    if current:
        out += ['<span class="visually-hidden">', esc(words.word("seat.acting")), "</span>"]
    out += ['<span class="seat-chips">', chip_svg(),
            '<span class="chips" data-chips="', str(chips), '">', esc(words.number(chips)),
            "</span>"]
    if change:
        out.append(change_html(change, words))
    out.append("</span>")
    if hand is not None:
        out.append(tiles_html(hand, seat, words))
    # Its labels and its last action on a line of their own, which wraps (never cut).
    pills = seat_pills(hand, seat, words)
    if hand is not None:
        waits = len(at(hand.get("waits"), seat, []))
        if waits:
            pills.append((words.word("pill.owes", {"n": waits}), "owes"))
    if pills or (hand is not None and last):
        out += ['</p><p class="seat-more">', pills_html(pills)]
        if hand is not None and last:
            out += ['<span class="last-action">', esc(last), "</span>"]
    out.append("</p></li>")
    return "".join(out)


def tiles_html(hand, seat, words):
    """A seat's tiles: a back and their count (its words for a screen reader, and on a
    wide screen), declared doubles face up (R8); once the hand is over, every tile face
    up (R21)."""
    count = at(hand.get("hand_sizes"), seat, 0)
    shown_open = open_tiles(hand, seat)
    faces = []
    if shown_open is not None:
        count = len(shown_open)
        for t in shown_open:
            faces.append((t, None))
        hidden = 0
        said = words.word("seat.open", {"tiles": shown_open}) if shown_open else ""
    else:
        declared = at(hand.get("declared"), seat, [])
        for t in declared:
            faces.append((t, GOLD))
        hidden = count - len(declared)
        said = words.word("seat.declared", {"tiles": declared}) if declared else ""
    out = ['<span class="seat-count">']
    if hidden:
        out.append(back_svg())
    # (a phone shows the short count, its words for a screen reader: app.css)
    out += ['<span class="count-short" aria-hidden="true">',
            esc(words.word("seat.tiles_short", {"n": count})),
            '</span><span class="tile-count">', esc(words.word("seat.tiles", {"n": count})),
            "</span></span>", row_svg(faces)]
    if said:
        out += ['<span class="visually-hidden">', esc(said), "</span>"]
    return "".join(out)


def back_svg():
    return ('<svg xmlns="' + SVG_NS + '" class="back-icon" viewBox="0 0 ' + str(BACK_W + 2) +
            " " + str(BACK_H + 2) + '" width="' + str(BACK_W + 2) + '" height="' +
            str(BACK_H + 2) + '" aria-hidden="true">' + tile_back(1, 1, BACK_W, BACK_H) +
            "</svg>")


def chip_svg():
    return ('<svg xmlns="' + SVG_NS + '" class="chip-icon" viewBox="0 0 12 12" width="12" '
            'height="12" aria-hidden="true">' + chip(6, 6, 5) + "</svg>")


def change_html(amount, words):
    """A payment just made at a seat's chips: the signed amount rises and fades (motion)."""
    return ('<span class="chip-change ' + ("plus" if amount > 0 else "minus") +
            '" aria-hidden="true">' + esc(words.signed(amount)) + "</span>")


def seats_html(view, words, ui=None):
    """The other players' panels, in the order they sit after the person."""
    seats = others(view)
    if not seats:
        return ""
    last = last_actions(view, words, True)
    changes = (ui or {}).get("chips") or []
    out = ['<ol class="seats" data-count="', str(len(seats)), '">']
    for seat in seats:
        out.append(seat_html(view, seat, words, at(last, seat, ""), at(changes, seat, 0)))
    out.append("</ol>")
    return "".join(out)


# ---------------------------------------------------------------- the strip
def you_labels(view, words):
    """The pills of the person's own line: their turn, waits owed, on set, nos."""
    hand = hand_of(view)
    viewer = view.get("viewer", 0)
    me = viewer or 0  # (the table's screen, whose viewer is None: seat 0's line)
    labels = []
    if hand is not None:
        waits = len(at(hand.get("waits"), me, []))
        if waits:
            labels.append((words.word("pill.you_owe" if viewer is not None else "pill.owes",
                                      {"n": waits}), "owes"))
        if hand.get("setter") == me:
            labels.append((words.word("pill.on_set", {"seat": me}), "gold"))
        if hand.get("nos") == me:
            labels.append((words.word("pill.nos"), "nos"))
    return labels


def boneyard_html(hand, words):
    """The boneyard in one readout at every count: how many may still be drawn and that the
    last two never are (R2), beside a stack of backs and the two crossed ones."""
    drawable = hand.get("drawable", 0)
    kept = hand.get("last_two", 0)
    parts = []
    x = 0
    for k in range(min(drawable, 3)):
        parts.append(tile_back(x + k * 3, 2 - k, BACK_W, BACK_H))
    x = 18 if drawable else 0
    for _ in range(kept):
        parts.append(tile_back(x, 2, BACK_W, BACK_H, "dead", True))
        x += BACK_W + 2
    w = max(x, 1)
    icon = ('<svg xmlns="' + SVG_NS + '" class="bone-icon" viewBox="-1 -1 ' + str(w + 2) +
            " " + str(BACK_H + 6) + '" width="' + str(w + 2) + '" height="' + str(BACK_H + 6) +
            '" aria-hidden="true">' + "".join(parts) + "</svg>") if parts else ""
    return ('<p class="boneyard">' + icon + '<span class="boneyard-count" data-drawable="' +
            str(drawable) + '">' + esc(words.word("table.boneyard_count", {
                "n": drawable, "kept": kept})) + "</span></p>")


def strip_html(view, words, ui=None):
    """The strip below the layout: the boneyard and the person's own line (name, pills,
    chips, a payment rising from them)."""
    hand = hand_of(view)
    me = view.get("viewer", 0) or 0
    out = ['<div class="strip">']
    if hand is not None:
        out.append(boneyard_html(hand, words))
    chips = at(view.get("chips"), me, 0)
    change = at((ui or {}).get("chips"), me, 0)
    out += ['<p class="you"><span class="you-name">', esc(words.capital(words.name(me))),
            "</span>", pills_html(you_labels(view, words)), '<span class="seat-chips">',
            chip_svg(), '<span class="chips" data-chips="', str(chips), '">',
            esc(words.number(chips)), "</span>"]
    if change:
        out.append(change_html(change, words))
    out.append("</span></p></div>")
    return "".join(out)
