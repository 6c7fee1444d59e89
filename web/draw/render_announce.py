"""The announcement dialog (R7, R40–R57): the 17 games, each with its parameters, and a
small diagram of the set tile whose sides or arms are clicked to name a side.

Everything it offers is the engine's announcement catalogue (view.hand.announce, made by
nos/view.py): for each game its ruling, why it is not available or its legal options, and
the rows of its form. An option is the exact action to send, its name's parameters, its
values in the rows (`choice`) and the sides of the set tile (matching, note, what a click
picks). The form's state is a dict of row values; the dialog shows, row by row, the
values the legal options still allow, so only a legal announcement can be made. With the
coach on, its advice sits in the dialog, each option a button that picks it. Pure
functions (MicroPython subset).
"""

import render_coach
from render_html import option_row
from render_svg import (
    GOLD,
    INK,
    IVORY,
    MATADOR,
    esc,
    fmt,
    rect,
    split_tile,
    text,
    text_width,
    tile_face,
)


def default_state(view):
    """The form's state the dialog opens with: the option the catalogue names (`default`)
    picked, game and rows."""
    return state_for(view, catalogue(view).get("default")) or {}


def catalogue(view):
    return ((view or {}).get("hand") or {}).get("announce") or {}


def game_entry(view, g):
    for entry in catalogue(view).get("games") or []:
        if entry.get("game") == g:
            return entry
    return None


def first_available(view):
    for entry in catalogue(view).get("games") or []:
        if entry.get("options"):
            return entry.get("game")
    return None


def matches(option, state, rows):
    choice = option.get("choice") or {}
    for r in rows:  # noqa: SIM110 - the loop reads better
        if r in state and r in choice and str(choice[r]) != str(state[r]):
            return False
    return True


def state_for(view, send):
    """The form's state that picks the legal option whose action is `send` (the coach's
    pick), or None if no game offers it."""
    for entry in catalogue(view).get("games") or []:
        for o in entry.get("options") or []:
            if o.get("send") == send:
                s = {"game": entry.get("game")}
                choice = o.get("choice") or {}
                for r in entry.get("rows") or []:
                    if r in choice:
                        s[r] = choice[r]
                return s
    return None


def resolve(view, state):
    """(state, option, rows): the form's state made consistent with the legal options, row
    by row (a value no longer allowed becomes the first allowed one), and the option chosen."""
    s = dict(state)
    entry = game_entry(view, s.get("game"))
    if entry is None or not entry.get("options"):
        s["game"] = first_available(view)
        entry = game_entry(view, s["game"])
    if entry is None:
        return s, None, []
    options = entry.get("options") or []
    rows = entry.get("rows") or []
    done = []
    for r in rows:
        values = row_values(options, s, done, r)
        if values and str(s.get(r)) not in [str(v) for v in values]:
            s[r] = values[0]
        done.append(r)
    chosen = None
    for o in options:
        if matches(o, s, rows):
            chosen = o
            break
    return s, chosen, rows


def row_values(options, state, before, row):
    """The values of `row` among the options that agree with the rows `before`."""
    values = []
    for o in options:
        if matches(o, state, before):
            v = (o.get("choice") or {}).get(row)
            if v is not None and v not in values:
                values.append(v)
    return values


def value_words(w, row, value, state):
    if row in ("side", "ordinary"):
        return w.side(value)
    if row == "count":
        return w.number(value)
    if row == "then":
        key = "ann.then_same" if value == state.get("matching") else "ann.then_other"
        return w.word(key, {"then": value})
    return w.word("ann." + row + "." + str(value))


# ---------------------------------------------------------------- diagram
ZONES_LINE = [(10, 59, 62, 52), (168, 59, 62, 52)]
ZONES_CROSS = {"n": (88, 4, 64, 42), "e": (146, 65, 78, 40), "s": (88, 124, 64, 42),
               "w": (16, 65, 78, 40)}
ZONES_TRIANGLE = [(88, 4, 64, 42), (146, 65, 78, 40), (88, 124, 64, 42), (16, 65, 78, 40)]


def diagram_svg(view, option, state, w):
    """The set tile with its sides; sides that name a parameter are buttons (data-pick)."""
    set_tile = catalogue(view).get("set_tile") or "0-0"
    a, b = split_tile(set_tile)
    width, height = 240, 170
    cx, cy = width / 2, height / 2
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" id="announce-diagram" viewBox="0 0 ' +
             str(width) + " " + str(height) + '" role="group" aria-label="' +
             esc(w.word("ann.diagram")) + '">', rect(0, 0, width, height, "#1e6b3c", r=12)]
    shape = (option or {}).get("shape", "line")
    sides = (option or {}).get("sides") or []
    if shape == "line" and (option or {}).get("set_lies") != "crosswise":
        parts.append(tile_face(cx - 40, cy - 20, 80, 40, a, b))
    else:  # a cross's centre, or a double across an ordinary line (R63, as on the table)
        parts.append(tile_face(cx - 17, cy - 34, 34, 68, a, b))
    for i in range(len(sides)):
        side = sides[i]
        if shape == "line":
            zone = ZONES_LINE[i]
        elif shape == "cross":
            zone = ZONES_CROSS.get(side.get("side"), ZONES_TRIANGLE[i])
        else:
            zone = ZONES_TRIANGLE[i]
        parts.append(side_zone(zone, side, state, w))
    parts.append("</svg>")
    return "".join(parts)


def side_zone(zone, side, state, w):
    x, y, zw, zh = zone
    kind = side.get("matching", "ordinary")
    colour = MATADOR if kind == "matador" else INK
    pick = side.get("pick") or {}
    chosen = False
    for k in pick:
        chosen = str(state.get(k)) == str(pick[k])
    parts = [rect(x, y, zw, zh, GOLD if chosen else "none", colour, 2, 8,
                  more=[("fill-opacity", "0.3"), ("stroke-dasharray", "none" if chosen else
                                                    "4 3")])]
    note = side.get("note")
    shown = [w.word("matching." + kind)]
    if note:
        shown.append(w.word(note.get("key"), note))
    # The words fit the zone: smaller type for a long word ("tradycyjnie"), never wider.
    size = min([11] + [int(10 * (zw - 8) / text_width(s, 10, True)) for s in shown if s])
    if note:
        # One text, the note a second line with a space before it: the words a browser
        # reads from the zone are "ordinary tile 2", which its name then contains.
        parts.append('<text x="' + fmt(x + zw / 2) + '" y="' + fmt(y + zh / 2 - 2) +
                     '" font-size="' + str(size) + '" fill="' + colour + '" text-anchor="middle" '
                     'font-weight="600">' + esc(shown[0]) + '<tspan x="' + fmt(x + zw / 2) +
                     '" y="' + fmt(y + zh / 2 + 12) + '" fill="' + IVORY + '" font-weight='
                     '"400"> ' + esc(shown[1]) + "</tspan></text>")
    else:
        parts.append(text(x + zw / 2, y + zh / 2 + 4, shown[0], size, colour, "middle", "600"))
    name = w.capital(w.side(side.get("side", "")))
    more = ""
    if pick:
        k = list(pick)[0]
        # The name holds the words shown on the zone (WCAG 2.5.3, label in name).
        label = (w.word("ann.choose_side", {"side": side.get("side", "")}) + ": " +
                 " ".join(shown))
        more = (' data-pick="' + esc(k) + '" data-value="' + esc(pick[k]) + '" role="button"'
                ' tabindex="0" aria-label="' + esc(label) + '" class="side-zone clickable"')
    else:
        more = ' class="side-zone"'
    return "<g" + more + "><title>" + esc(name) + "</title>" + "".join(parts) + "</g>"


# ---------------------------------------------------------------- the form
def params_html(view, state, option, rows, w):
    entry = game_entry(view, state.get("game")) or {}
    options = entry.get("options") or []
    out = []
    done = []
    for r in rows:
        values = row_values(options, state, done, r)
        done.append(r)
        if len(values) < 2:
            continue
        out.append(option_row(w.word("ann.row." + r), r,
                              [(v, value_words(w, r, v, state)) for v in values],
                              state.get(r)))
    hint = w.word("hint." + str(state.get("game")))
    picked = [k for s in (option or {}).get("sides") or [] for k in s.get("pick") or {}]
    if picked:  # (the row a click on a side of the tile sets: "Ordinary on", "Named side")
        hint += " " + w.word("ann.click_side", {"row": w.word("ann.row." + picked[0])})
    return '<p class="game-hint">' + esc(hint) + "</p>" + "".join(out)


def coach_section(view, coach_on, w, shown=None):
    """The coach's advice on the announcement, inside the dialog (it is modal: the coach's
    own panel is behind it), each option a button that picks it, in the order `shown`
    (render_coach.steady); empty while the coach is off."""
    if not coach_on:
        return ""
    coach = (view or {}).get("coach")
    html = render_coach.coach_html(coach, w, "announce-coach-title", "form", shown=shown)
    # Why its game may not be the one it advised setting with (the view says when).
    if coach and coach.get("weighed") and coach.get("after_set"):
        html += '<p class="coach-note">' + esc(w.word("coach.announce_again")) + "</p>"
    return html


def game_chips(view, coach_on, w):
    """[(game, html)] for every game's button: with the coach on, the chips it expects of
    the expert's choice on its game's button (marked), and on every other game's of that
    game's option weighed longest (the panel's order; one weighed over fewer deals in
    italics); "" for a game it does not show."""
    coach = ((view or {}).get("coach") if coach_on else None) or {}
    options = (coach.get("options") or []) if coach.get("weighed") else []
    best = coach.get("best", 0)
    firsts = {}
    ranked = render_coach.order(coach) if options else []
    for i in ([best] if best < len(options) else []) + [i for i in ranked if i != best]:
        state = state_for(view, ((options[i].get("do") or [{}])[0]).get("send"))
        if state is not None and state["game"] not in firsts:
            firsts[state["game"]] = i
    out = []
    for entry in catalogue(view).get("games") or []:
        n = entry.get("game")
        i = firsts.get(n)
        if i is None:
            out.append((n, ""))
            continue
        o = options[i]
        mean = o.get("mean", 0)
        cls = "coach-game-chips"
        if i == best:
            cls += " best"
        elif o.get("deals", 0) < coach.get("deals", 0):
            cls += " fewer"
        out.append((n, '<span class="' + cls + '"><span class="visually-hidden">' +
                    esc(w.word("coach.title")) + ": </span>" + ("+" if mean >= 0.05 else "") +
                    esc(w.decimal(mean)) + "</span>"))
    return out


def dialog_html(view, state, w, coach_on=False):
    """The inside of the announcement dialog; with `coach_on`, the coach's advice under the
    choice's preview (in #announce-coach, which the coach's refinements redraw)."""
    state, option, rows = resolve(view, state)
    set_tile = catalogue(view).get("set_tile") or ""
    out = ['<h2 id="announce-title">' + esc(w.word("ann.title")) + "</h2>",
           '<p class="dialog-sub">' + esc(w.word("ann.sub", {"tile": set_tile})) + "</p>",
           '<div class="announce-grid"><div class="games" role="group" aria-label="' +
           esc(w.word("ann.games")) + '">']
    chips = game_chips(view, coach_on, w) if coach_on else None
    games = catalogue(view).get("games") or []
    # One tab stop: the game picked, else the first available; the arrow keys move along
    # the list (web/page/access.py), so Tab goes on to the game's options.
    open_games = [e.get("game") for e in games if e.get("options")]
    stop = state.get("game") if state.get("game") in open_games else (
        open_games[0] if open_games else None)
    for k, entry in enumerate(games):
        n = entry.get("game")
        ok = bool(entry.get("options"))
        attrs = ' data-game="' + str(n) + '" aria-pressed="' + (
            "true" if n == state.get("game") else "false") + '" tabindex="' + (
            "0" if n == stop else "-1") + '"'
        extra = ""
        if not ok:
            why = w.word("unavailable." + str(entry.get("why")), {"rule": entry.get("rule")})
            attrs += ' disabled title="' + esc(why) + '"'
            extra = '<span class="why">' + esc(why) + "</span>"
        if chips is not None:  # (filled in place as the coach refines: the focus stays put)
            extra += ' <span class="coach-game" data-coach-game="' + str(n) + '">' + \
                chips[k][1] + "</span>"
        out.append('<button type="button" class="game"' + attrs + '><span class="num">' +
                   str(n) + "</span> " + esc(w.word("game." + str(n))) + extra + "</button>")
    out.append('</div><div class="params">')
    out.append(diagram_svg(view, option, state, w))
    out.append(params_html(view, state, option, rows, w))
    if option is not None:
        out.append('<p class="preview" id="announce-preview">' + esc(w.word("ann.preview")) +
                   " <strong>" + esc(w.game(option.get("game"))) + "</strong></p>")
    out.append('<div id="announce-coach">' + coach_section(view, coach_on, w) + "</div>")
    out.append("</div></div>")
    send = option.get("send") if option else ""
    out.append('<div class="dialog-buttons"><button type="button" data-cmd="announce-close">' +
               esc(w.word("ann.back")) + '</button><button type="button" class="primary" '
               'id="announce-ok" data-cmd="announce-ok" data-action="' + esc(send) + '"' +
               ("" if option else " disabled") + ">" + esc(w.word("btn.announce_ok")) +
               "</button></div>")
    return "".join(out)


def update(view, state, param, value):
    """The form's state after a click on a choice or a side (param, value as text)."""
    s = dict(state)
    if param == "game":
        s = {"game": int(value)}
    elif param == "count":
        s[param] = int(value)
    else:
        s[param] = value
    return resolve(view, s)[0]
