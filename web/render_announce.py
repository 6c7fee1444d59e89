"""The announcement dialog (R7, R40–R57): the 17 games, each with its parameters, and a
small diagram of the set tile whose sides or arms are clicked to name a side.

The form's state is a plain dict; `candidate(state)` writes it as announcement text in
the exact form of nos/games.py (`Announcement.__str__`: game, shape, matching, ordinary=,
here=, first=side:count, change) and the dialog only lets the person announce it when it
is among the legal announcements of the view. Pure functions (MicroPython subset).
"""

from render_svg import GOLD, INK, IVORY, MATADOR, esc, rect, split_tile, text, tile_face

GAME_NAMES = [
    "",
    "ordinary",
    "ordinary cross",
    "ordinary double cross",
    "matador",
    "matador cross",
    "matador double cross",
    "ordinary cross, then matador",
    "ordinary cross, then matador double cross",
    "matador cross, then ordinary",
    "matador cross, then ordinary double cross",
    "line with conditions",
    "volapük",
    "triangle (colonel cross)",
    "triangle double cross (general cross)",
    "triangle, then ordinary",
    "triangle, then ordinary cross",
    "matador first here then there, then ordinary cross",
]
GAME_HINTS = [
    "",
    "A line; touching ends are equal.",
    "A cross on the double: one tile on each arm first, then the arms go on, ordinary.",
    "An ordinary cross; the second tile on each arm is its equal double.",
    "A line; touching ends add up to 7 and the matadors (0-0, 6-1, 5-2, 4-3) are wild.",
    "A cross on the double, matador.",
    "A matador cross; the second tile on each arm is a sum-7 double or a matador.",
    "An ordinary cross; then the arms go on under matador matching.",
    "An ordinary cross; then each arm takes a sum-7 double or a matador, then matador.",
    "A matador cross; then the arms go on under ordinary matching.",
    "A matador cross; then each arm takes its equal double, then ordinary.",
    "A line with a condition on the order of the sides; the rule may change after it.",
    "Ordinary on one side (or two opposite arms), matador on the other.",
    "The 0-0 with 6-1, 5-2 and 4-3 on three sides; then three arms, matador.",
    "A triangle; each arm then takes its sum-7 double first, then matador.",
    "A triangle; then the three arms go on under ordinary matching.",
    "A triangle, then a blank-ended tile on the fourth side; then an ordinary cross.",
    "Two matador tiles, here and then opposite; the other two sides ordinary; then an "
    "ordinary cross (or double cross).",
]
ARM_NAMES = ["north", "east", "south", "west"]
COUNT_WORDS = ["", "one", "two", "three", "four"]
LINE_GAMES = [1, 4, 11]
CROSS_GAMES = [2, 3, 5, 6, 7, 8, 9, 10, 17]
TRIANGLE_GAMES = [13, 14, 15, 16]


def default_state():
    return {"game": 1, "matching": "ordinary", "cond": "here", "side": 0, "count": 1,
            "change": False, "shape": "line", "ordinary": 0, "cond12": "none", "fside": 0,
            "shape17": "cross", "here": 0}


def candidate(state):
    """The announcement text (after "announce ") that the form's state describes."""
    g = state.get("game", 1)
    if g == 11:
        words = ["11", state.get("matching", "ordinary")]
        side = str(state.get("side", 0))
        if state.get("cond") == "first":
            words.append("first=" + side + ":" + str(state.get("count", 1)))
        else:
            words.append("here=" + side)
        if state.get("change"):
            words.append("change")
        return " ".join(words)
    if g == 12:
        shape = state.get("shape", "line")
        words = ["12", shape.replace(" ", ""), "ordinary=" + str(state.get("ordinary", 0))]
        if shape == "line" and state.get("cond12") == "first":
            words.append("first=" + str(state.get("fside", 0)) + ":" +
                         str(state.get("count", 1)))
        return " ".join(words)
    if g == 17:
        return "17 " + state.get("shape17", "cross").replace(" ", "") + " here=" + str(
            state.get("here", 0))
    return str(g)


def games_available(legal):
    """The game numbers among the legal announcements."""
    out = []
    for words, _ in legal:
        g = int(words.split(" ")[0])
        if g not in out:
            out.append(g)
    return out


def unavailable_reason(game, set_tile):
    a, b = split_tile(set_tile)
    if game in TRIANGLE_GAMES:
        return "needs the 0-0 as set tile"
    if a == b and a == 0 and game in (5, 6, 9, 10):
        return "not with the 0-0 as set tile"
    return "needs a double as set tile"


def side_names(set_tile):
    """The names of a line's two sides (R40: side 0 shows the set tile's high end)."""
    a, b = split_tile(set_tile)
    if a == b:
        return ["the left side", "the right side"]
    return ["the " + str(a) + "-side", "the " + str(b) + "-side"]


def shape_of(state):
    g = state.get("game", 1)
    if g in LINE_GAMES or (g == 12 and state.get("shape", "line") == "line"):
        return "line"
    if g in TRIANGLE_GAMES:
        return "triangle"
    return "cross"


# ---------------------------------------------------------------- diagram
def side_roles(state):
    """Per side: (matching colour key, caption) for the diagram."""
    g = state.get("game", 1)
    shape = shape_of(state)
    n = 2 if shape == "line" else 4
    roles = [("ordinary", "")] * n
    if g in (4, 5, 6, 9, 10):
        roles = [("matador", "")] * n
    if g == 11:
        m = state.get("matching", "ordinary")
        roles = [(m, ""), (m, "")]
        s = state.get("side", 0)
        if state.get("cond") == "first":
            roles[s] = (m, str(state.get("count", 1)) + " first")
        else:
            roles[s] = (m, "2nd tile")
            roles[1 - s] = (m, "3rd tile")
    if g == 12:
        o = state.get("ordinary", 0)
        if shape == "line":
            roles = [("matador", ""), ("matador", "")]
            roles[o] = ("ordinary", "")
            if state.get("cond12") == "first":
                f = state.get("fside", 0)
                roles[f] = (roles[f][0], str(state.get("count", 1)) + " first")
        else:
            roles = [("ordinary" if i % 2 == o else "matador", "") for i in range(4)]
    if g == 17:
        h = state.get("here", 0)
        roles = [("ordinary", "") for _ in range(4)]
        roles[h] = ("matador", "1st")
        roles[(h + 2) % 4] = ("matador", "2nd")
    if shape == "triangle":
        roles = [("matador", "matador") for _ in range(3)]
        if g == 16:
            roles.append(("ordinary", "4th side"))
        else:
            roles.append(("none", ""))
    return roles


def diagram_svg(set_tile, state):
    """The set tile with its sides; sides that name a parameter are buttons (data-side)."""
    a, b = split_tile(set_tile)
    w, h = 240, 170
    cx, cy = w / 2, h / 2
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" id="announce-diagram" viewBox="0 0 ' +
             str(w) + " " + str(h) + '" role="group" aria-label="The set tile and its sides">',
             rect(0, 0, w, h, "#1e6b3c", r=12)]
    shape = shape_of(state)
    roles = side_roles(state)
    g = state.get("game", 1)
    clickable = g in (11, 12, 17)
    if shape == "line":
        parts.append(tile_face(cx - 40, cy - 20, 80, 40, a, b))
        names = side_names(set_tile)
        zones = [(10, cy - 26, 62, 52), (w - 72, cy - 26, 62, 52)]
        for i in range(2):
            parts.append(side_zone(zones[i], i, names[i], roles[i], clickable, state))
    else:
        parts.append(tile_face(cx - 17, cy - 34, 34, 68, a, b))
        zones = [(cx - 32, 4, 64, 42), (cx + 26, cy - 20, 78, 40),
                 (cx - 32, h - 46, 64, 42), (cx - 104, cy - 20, 78, 40)]
        for i in range(4):
            if roles[i][0] == "none":
                continue
            parts.append(side_zone(zones[i], i, "the " + ARM_NAMES[i] + " arm", roles[i],
                                   clickable and shape == "cross", state))
    parts.append("</svg>")
    return "".join(parts)


def chosen_side(state):
    g = state.get("game", 1)
    if g == 11:
        return state.get("side", 0)
    if g == 12:
        return state.get("ordinary", 0)
    if g == 17:
        return state.get("here", 0)
    return None


def side_zone(zone, i, name, role, clickable, state):
    x, y, w, h = zone
    kind, caption = role
    colour = MATADOR if kind == "matador" else INK
    chosen = clickable and chosen_side(state) is not None and (
        chosen_side(state) == i or (state.get("game") == 12 and shape_of(state) == "cross"
                                    and i % 2 == chosen_side(state)))
    parts = [rect(x, y, w, h, GOLD if chosen else "none", colour, 2, 8,
                  more=[("fill-opacity", "0.3"), ("stroke-dasharray", "none" if chosen else
                                                    "4 3")])]
    label = kind if kind in ("ordinary", "matador") else ""
    parts.append(text(x + w / 2, y + h / 2 - (2 if caption else -4), label, 11, colour,
                      "middle", "600"))
    if caption:
        parts.append(text(x + w / 2, y + h / 2 + 12, caption, 11, IVORY, "middle"))
    more = ' data-side="' + str(i) + '"'
    if clickable:
        more += (' role="button" tabindex="0" aria-label="' + esc("Choose " + name) +
                 '" class="side-zone clickable"')
    else:
        more += ' class="side-zone"'
    return "<g" + more + "><title>" + esc(name) + "</title>" + "".join(parts) + "</g>"


# ---------------------------------------------------------------- the form
def option_row(label, param, choices, current):
    """A row of toggle buttons: choices is [(value, words)]."""
    out = ['<div class="param-row"><span class="param-label">' + esc(label) + "</span>"
           '<span class="choices" role="radiogroup" aria-label="' + esc(label) + '">']
    for value, words in choices:
        pressed = "true" if str(value) == str(current) else "false"
        out.append('<button type="button" class="choice" data-param="' + param +
                   '" data-value="' + esc(value) + '" aria-pressed="' + pressed + '">' +
                   esc(words) + "</button>")
    out.append("</span></div>")
    return "".join(out)


def params_html(set_tile, state, legal_games, legal_texts):
    g = state.get("game", 1)
    a, b = split_tile(set_tile)
    double = a == b
    names = side_names(set_tile)
    counts = [(n, str(n)) for n in range(1, 5)]
    rows = []
    if g == 11:
        m = state.get("matching", "ordinary")
        other = "matador" if m == "ordinary" else "ordinary"
        rows.append(option_row("Start with", "matching",
                               [("ordinary", "ordinary"), ("matador", "matador")], m))
        rows.append(option_row("Condition", "cond", [("here", "first here, then there"),
                                                     ("first", "N tiles first")],
                               state.get("cond", "here")))
        label = "Here (2nd tile)" if state.get("cond") != "first" else "First on"
        rows.append(option_row(label, "side", [(0, names[0]), (1, names[1])],
                               state.get("side", 0)))
        if state.get("cond") == "first":
            rows.append(option_row("How many", "count", counts, state.get("count", 1)))
        rows.append(option_row("Then", "change", [("0", "keep " + m), ("1", "change to " +
                                                                       other)],
                               "1" if state.get("change") else "0"))
    elif g == 12:
        shapes = [("line", "line")]
        for text12 in legal_texts:
            if text12.startswith("12 cross"):
                shapes = [("line", "line"), ("cross", "cross"), ("double cross",
                                                                 "double cross")]
        rows.append(option_row("Shape", "shape", shapes, state.get("shape", "line")))
        if state.get("shape", "line") == "line":
            rows.append(option_row("Ordinary on", "ordinary",
                                   [(0, names[0]), (1, names[1])], state.get("ordinary", 0)))
            rows.append(option_row("Condition", "cond12", [("none", "none"),
                                                           ("first", "N tiles first")],
                                   state.get("cond12", "none")))
            if state.get("cond12") == "first":
                rows.append(option_row("First on", "fside", [(0, names[0]), (1, names[1])],
                                       state.get("fside", 0)))
                rows.append(option_row("How many", "count", counts, state.get("count", 1)))
        else:
            rows.append(option_row("Ordinary arms", "ordinary",
                                   [(0, "north–south"), (1, "east–west")],
                                   state.get("ordinary", 0)))
    elif g == 17:
        rows.append(option_row("Shape", "shape17", [("cross", "cross"),
                                                    ("double cross", "double cross")],
                               state.get("shape17", "cross")))
        rows.append(option_row("First tile on", "here",
                               [(i, ARM_NAMES[i]) for i in range(4)], state.get("here", 0)))
    hint = GAME_HINTS[g] if 0 < g < len(GAME_HINTS) else ""
    if g in (11, 12, 17) and double is not None:
        hint += " Click a side of the tile to name it."
    return ('<p class="game-hint">' + esc(hint) + "</p>" + "".join(rows))


def dialog_html(view, state):
    """The inside of the announcement dialog."""
    from ui_logic import announcements

    hand = (view or {}).get("hand") or {}
    set_tile = hand.get("set_tile") or "0-0"
    legal = announcements(view)
    legal_texts = [t for t, _ in legal]
    available = games_available(legal)
    g = state.get("game", 1)
    chosen = candidate(state)
    label = None
    for t, words in legal:
        if t == chosen:
            label = words
    out = ['<h2 id="announce-title">Announce the game</h2>',
           '<p class="dialog-sub">Your set tile is <strong>' + esc(set_tile) +
           "</strong>. Choose one of the 17 games (R7).</p>",
           '<div class="announce-grid"><div class="games" role="radiogroup" '
           'aria-label="Games">']
    for n in range(1, 18):
        ok = n in available
        pressed = "true" if n == g else "false"
        attrs = ' data-game="' + str(n) + '" aria-pressed="' + pressed + '"'
        if not ok:
            attrs += ' disabled title="' + esc(unavailable_reason(n, set_tile)) + '"'
        extra = "" if ok else '<span class="why">' + esc(unavailable_reason(n, set_tile)) + \
            "</span>"
        out.append('<button type="button" class="game"' + attrs + '><span class="num">' +
                   str(n) + "</span> " + esc(GAME_NAMES[n]) + extra + "</button>")
    out.append('</div><div class="params">')
    out.append(diagram_svg(set_tile, state))
    out.append(params_html(set_tile, state, available, legal_texts))
    if label is not None:
        words = label[10:] if label.startswith("announces ") else label
        out.append('<p class="preview" id="announce-preview">You announce: <strong>' +
                   esc(words) + "</strong></p>")
    else:
        out.append('<p class="preview invalid" id="announce-preview">This combination may not '
                   "be announced on " + esc(set_tile) + ".</p>")
    out.append("</div></div>")
    disabled = "" if label is not None else " disabled"
    out.append('<div class="dialog-buttons"><button type="button" data-cmd="announce-close">'
               'Back to the table</button><button type="button" class="primary" '
               'id="announce-ok" data-cmd="announce-ok" data-announce="' + esc(chosen) + '"' +
               disabled + ">Announce</button></div>")
    return "".join(out)


def update(state, param, value):
    """The form's state after a click on a choice (param, value as text)."""
    s = dict(state)
    if param == "game":
        s["game"] = int(value)
    elif param in ("side", "count", "ordinary", "fside", "here"):
        s[param] = int(value)
    elif param == "change":
        s["change"] = value == "1"
    elif param == "diagram":
        i = int(value)
        g = s.get("game", 1)
        if g == 11:
            s["side"] = i
        elif g == 12:
            s["ordinary"] = i % 2 if s.get("shape", "line") != "line" else i
        elif g == 17:
            s["here"] = i
    else:
        s[param] = value
    return s
