"""The bar at the top of the table: the game in force (its name, the state of its condition:
which side is open, how many tiles the named side still needs, which matching holds now),
whose turn it is and why, and the button that opens the legend of the table's marks.

All of it is the engine's: the view's `game`, `in_force` and `turn` events (nos/force.py),
worded by the catalogue. Pure functions returning HTML (MicroPython subset, render_svg.py).
"""

from render_layout import hand_of
from render_svg import (
    GOLD,
    INK,
    LAST,
    LOCK,
    MATADOR,
    PANEL,
    SVG_NS,
    esc,
    line,
    padlock,
    rect,
    text,
    tile_back,
    tile_face,
)

LEGEND_ID = "table-legend"  # the legend's popover (index.html), opened from the bar


def force_html(view, words):
    """The bar's inside: the game and its state, the turn, the legend's button; before the
    announcement the set tile and who chooses, before a hand nothing."""
    hand = hand_of(view)
    if hand is None:
        return ""
    game = hand.get("game")
    if game:
        name = words.word("info.game", {"number": game.get("game"), "game": game})
    elif hand.get("set_tile"):
        name = words.word("info.set", {"tile": hand.get("set_tile")})
    else:
        name = words.word("info.hand", {"hand": hand.get("hand", 0) + 1})
    out = ['<p class="force-game">', esc(name), legend_button(words),
           '</p><p class="force-state">']
    turn = hand.get("turn")
    if turn:  # whose turn and why
        mine = turn.get("seat") is not None and turn.get("seat") == view.get("you",
                                                                           view.get("viewer"))
        out += ['<span class="force-turn', " mine" if mine else "", '">',
                esc(words.capital(words.say(turn))), "</span>"]
    for event in hand.get("in_force") or []:
        out += ['<span class="force-item">', esc(words.say(event)), "</span>"]
    out.append("</p>")
    return "".join(out)


def legend_button(words):
    """The button that opens the legend (a popover: one tap, no script needed)."""
    said = esc(words.word("legend.open"))
    return ('<button type="button" class="legend-button" popovertarget="' + LEGEND_ID +
            '" aria-label="' + said + '" title="' + said + '">?</button>')


# ---------------------------------------------------------------- the legend
def sample(parts, w=44, h=26):
    """A small drawing of one mark, beside its words in the legend."""
    return ('<svg xmlns="' + SVG_NS + '" class="legend-mark" viewBox="0 0 ' + str(w) + " " +
            str(h) + '" width="' + str(w) + '" height="' + str(h) + '" aria-hidden="true">' +
            rect(0, 0, w, h, "#1e6b3c", None, None, 4) + "".join(parts) + "</svg>")


def end_sample(label, colour):
    return sample([rect(4, 4, 36, 18, "none", colour, 2, 5, more=[("stroke-dasharray", "5 4")]),
                   text(22, 18, label, 13, colour, "middle", "700")])


def legend_html(words):
    """Every mark of the table with what it means (the catalogue's `legend.*`): white and
    gold ends and their numbers, M, a double's label, the padlock, the cross of a dead arm,
    the last play's outline, declared doubles, the boneyard's last two, the arms' names."""
    rows = [
        (end_sample("3", INK), "legend.ordinary"),
        (end_sample("4", MATADOR), "legend.matador"),
        (end_sample("M", MATADOR), "legend.matador_only"),
        (end_sample("3-3", INK), "legend.double"),
        (sample([rect(4, 4, 36, 18, "none", LOCK, 1.5, 5, more=[("stroke-dasharray", "4 3")]),
                 padlock(22, 13, 14)]), "legend.locked"),
        (sample([rect(4, 4, 36, 18, "none", LOCK, 1.5, 5, more=[("stroke-dasharray", "4 3")]),
                 line(16, 7, 28, 19, LOCK, 2.5), line(28, 7, 16, 19, LOCK, 2.5)]),
         "legend.dead"),
        (sample([tile_face(6, 5, 32, 16, 5, 3, None, None, LAST)]), "legend.last"),
        (sample([tile_face(14, 2, 11, 22, 4, 4, None, None, GOLD)]), "legend.declared"),
        (sample([tile_back(8, 3, 10, 20), tile_back(22, 3, 10, 20, None, True)]),
         "legend.last_two"),
        (sample([rect(2, 5, 40, 16, PANEL, None, None, 7),
                 text(22, 17, words.word("arm.n"), 11, INK, "middle", "600")]),
         "legend.arm"),
        (sample([rect(3, 3, 38, 20, "none", GOLD, 2.5, 6), tile_back(17, 5, 8, 16)]),
         "legend.turn"),
    ]
    out = ['<h2 class="legend-title">', esc(words.word("legend.title")), "</h2><ul>"]
    for mark, key in rows:
        out += ["<li>", mark, "<span>", esc(words.capital(words.word(key))), "</span></li>"]
    out += ['</ul><p class="dialog-buttons"><button type="button" popovertarget="', LEGEND_ID,
            '" popovertargetaction="hide">', esc(words.word("legend.close")), "</button></p>"]
    return "".join(out)
