"""HTML around the table: the prompt and buttons of the person's decisions, the game log
with every payment and its reason, the hand-end summary, the session standings and the
settlement (R24), and the new-game dialog. Pure functions of the view and the main
thread's UI state, returning HTML strings (MicroPython subset, see render_svg.py).
"""

from render_announce import option_row
from render_svg import esc
from ui_logic import has_flag, legal_of, simple_actions

VERBS = [("sets", "Set"), ("draws", "Draw"), ("declares", "Declare"), ("plays", "Play"),
         ("says", "Say"), ("passes", "Pass"), ("announces", "Announce")]
END_REASONS = [("R20a", "only one player still has tiles"), ("R18", "it was closed"),
               ("R20c", "everyone passed in succession")]
# R8: payment from each other player for declared doubles.
DECLARATION = [(3, "4 doubles: 200 from each, 5 doubles: 500"),
               (4, "3 doubles: 25 from each, 4 doubles: 250"),
               (5, "3 doubles: 50 from each")]


# The pause before each computer player's action (ms): slow, normal, fast.
PACES = [("1000", "slow"), ("550", "normal"), ("150", "fast")]


def imperative(label):
    """ "sets 6-6" -> "Set 6-6" (labels of legal actions are written for the log)."""
    word, _, rest = str(label).partition(" ")
    for third, command in VERBS:
        if word == third:
            return (command + " " + rest).strip()
    return str(label)


def names_of(view):
    return view.get("names") or []


def name(view, seat):
    names = names_of(view)
    if seat is None or seat < 0 or seat >= len(names):
        return "?"
    return names[seat]


def button(label, attrs, cls=""):
    return ('<button type="button"' + (' class="' + cls + '"' if cls else "") + attrs + ">" +
            esc(label) + "</button>")


def action_button(action, label, cls=""):
    return button(imperative(label), ' data-action="' + esc(action) + '"', cls)


def toggle(label, cmd, on, hint=""):
    return ('<button type="button" class="toggle" data-cmd="' + cmd + '" aria-pressed="' +
            ("true" if on else "false") + '"' + (' title="' + esc(hint) + '"' if hint else "") +
            '><span class="box" aria-hidden="true"></span>' + esc(label) + "</button>")


def prompt(words, cls=""):
    return '<p class="prompt' + (" " + cls if cls else "") + '" id="prompt">' + esc(words) + \
        "</p>"


# ---------------------------------------------------------------- the decisions
def controls_html(view, ui):
    """The prompt and the buttons for what the person may do now."""
    ui = ui or {}
    if view is None:
        if ui.get("broken"):
            return (prompt(ui["broken"], "error") + '<div class="buttons">' +
                    button("New game", ' data-cmd="new-game"', "primary") + "</div>")
        return prompt("Loading the engine…")
    if ui.get("loading"):  # the saved game drawn at boot, before the engine holds it
        return prompt("Restoring your game…")
    waiting = view.get("waiting_for")
    hand = view.get("hand") or {}
    if waiting == "next_hand":
        return summary_html(view)
    if waiting == "done":
        return settlement_html(view)
    if ui.get("stalled"):
        return (prompt("The computer players stopped: " + str(ui["stalled"]), "error") +
                '<div class="buttons">' + button("Let them go on", ' data-cmd="resume-bots"',
                                                 "primary") + "</div>")
    if waiting == "bot":
        who = name(view, hand.get("current"))
        words = who + (" is on set…" if hand.get("phase") == "set" else " is playing…")
        return prompt(words, "bot")
    if waiting != "human":
        return prompt("No hand in progress.") + '<div class="buttons">' + button(
            "New game", ' data-cmd="new-game"', "primary") + "</div>"
    phase = hand.get("phase")
    buttons = []
    extra = []
    simple = simple_actions(view)
    if phase == "set":
        words = "You are on set: set a double, or draw the set tile if you have none (R5)."
        if hand.get("hand", 0) == 0:
            words = "You hold the highest double: set it (R4)."
    elif phase == "announce":
        words = ("You set " + str(hand.get("set_tile")) + ". Announce the game for this hand "
                 "(R7).")
        buttons.append(button("Announce a game…", ' data-cmd="announce-open"', "primary"))
    elif phase == "declare":
        pay = ""
        for n, words_pay in DECLARATION:
            if n == view.get("players"):
                pay = words_pay
        words = "Declare doubles? (R8: " + pay + ")"
    elif phase == "out of turn":
        words = ("You may play a double out of turn against the set tile; the player on set "
                 "pays you its value (R9), and you wait once later (R10).")
    else:
        legal = [e.get("action") for e in legal_of(view)]
        if legal == ["wait"]:
            words = "You owe a wait for your double out of turn (R10)."
        elif legal == ["pass"]:
            words = "You cannot play and the boneyard is down to its last two: pass (R12)."
        elif legal == ["draw"]:
            words = "You have no tile that fits: draw (R12)."
        else:
            words = "Your turn: select a tile, then click a highlighted end (or drag it there)."
            if "draw" in legal:
                words += " You may also draw (R11)."
        if ui.get("choose"):
            c = ui["choose"]
            extra.append('<div class="chooser" role="group" aria-label="Outward end">'
                         '<span>Which end of ' + esc(c["tile"]) + " faces out?</span>")
            for out in c["outs"]:
                extra.append(button(str(out) + " outward", ' data-cmd="out" data-out="' +
                                    str(out) + '"', "primary"))
            extra.append(button("Cancel", ' data-cmd="cancel"') + "</div>")
        if has_flag(view, "close"):
            buttons.append(toggle("Close after this play (“I block”)", "toggle-close",
                                  ui.get("close"), "R16–R19: correct pays 20 from each, wrong "
                                  "costs 40 to each"))
        if view.get("house_rules", {}).get("H2"):
            buttons.append(toggle("Claim the double’s payment (H2)", "toggle-claim",
                                  ui.get("claim"), "H2: a double on the predecessor's tile "
                                  "is paid only when claimed"))
    for action, label in simple:
        cls = "primary" if action in ("wait", "pass") or action.startswith("set ") else ""
        if action == "draw" and phase == "play" and len(legal_of(view)) == 1:
            cls = "primary"
        buttons.append(action_button(action, label, cls))
    selected = ui.get("selected")
    if selected and not ui.get("choose") and phase in ("play", "out of turn", "set"):
        if ui.get("targets"):
            words = ("Selected " + selected + ": click a highlighted end, or the tile again to "
                     "take it back.")
        elif phase == "set":
            words = "Selected " + selected + "."
    return (prompt(words, "you") + "".join(extra) + '<div class="buttons">' +
            "".join(buttons) + "</div>")


# ---------------------------------------------------------------- end of hand
def hand_payments(view, number):
    """The payment sentences of one hand, from the log."""
    out = []
    for entry in view.get("log", []):
        if entry.get("hand") == number:
            for p in entry.get("payments", []):
                out.append(p)
    return out


def standings_rows(view, net=None, counts=None):
    names = names_of(view)
    chips = view.get("chips", [])
    order = list(range(len(names)))
    # (the seat breaks ties: MicroPython's sort is not stable)
    order.sort(key=lambda s: (-chips[s] if s < len(chips) else 0, s))
    rows = []
    for s in order:
        cells = ['<th scope="row">' + esc(names[s]) + "</th>"]
        if counts is not None:
            cells.append('<td class="num">' + str(counts[s]) + "</td>")
        if net is not None:
            n = net[s]
            cells.append('<td class="num ' + ("plus" if n > 0 else "minus" if n < 0 else "") +
                         '">' + ("+" if n > 0 else "") + str(n) + "</td>")
        cells.append('<td class="num">' + str(chips[s] if s < len(chips) else "") + "</td>")
        cells.append('<td class="num">' + signed(chips[s] - 500) + "</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return "".join(rows)


def signed(n):
    return ("+" if n > 0 else "") + str(n)


def summary_html(view):
    """The hand-end summary (R20–R22): why it ended, counts, payments, who is on set."""
    hand = view.get("hand") or {}
    number = hand.get("hand", 0)
    reason = ""
    for code, words in END_REASONS:
        if code == hand.get("end_reason"):
            reason = words
    n = len(names_of(view))
    net = [0] * n
    for p in hand.get("ledger", []):
        if 0 <= p.get("to", -1) < n and 0 <= p.get("from", -1) < n:
            net[p["to"]] += p.get("amount", 0)
            net[p["from"]] -= p.get("amount", 0)
    counts = hand.get("counts") or [0] * n
    out = ['<section class="summary" aria-labelledby="summary-title">',
           '<h2 id="summary-title">Hand ' + str(number + 1) + " is over" +
           (": " + esc(reason) if reason else "") + "</h2>",
           '<table class="standings"><thead><tr><th scope="col">Player</th>'
           '<th scope="col">Count (R21)</th><th scope="col">This hand</th>'
           '<th scope="col">Chips</th><th scope="col">vs 500</th></tr></thead><tbody>',
           standings_rows(view, net, counts), "</tbody></table>"]
    pays = hand_payments(view, number)
    if pays:
        out.append('<details class="payments"><summary>Payments this hand (' + str(len(pays)) +
                   ")</summary><ul>")
        for p in pays:
            out.append("<li>" + esc(p) + "</li>")
        out.append("</ul></details>")
    setter = view.get("next_setter")
    if setter is not None:
        who = name(view, setter)
        verb = " are" if who == "You" else " is"
        out.append('<p class="next-setter">' + esc(who) + verb + " on set next hand (R22).</p>")
    out.append('<div class="buttons">' + button("Next hand", ' data-cmd="next-hand"', "primary")
               + button("End the session and settle", ' data-cmd="end-session"') + "</div>")
    out.append("</section>")
    return "".join(out)


def settlement_html(view):
    """R24: totals rounded down to 20, the pot and its winner, each result against 500."""
    s = view.get("settlement") or {}
    names = names_of(view)
    out = ['<section class="summary settlement" aria-labelledby="settle-title">',
           '<h2 id="settle-title">The session is settled (R24)</h2>',
           '<table class="standings"><thead><tr><th scope="col">Player</th>'
           '<th scope="col">Chips</th><th scope="col">Kept (to 20)</th>'
           '<th scope="col">Final</th><th scope="col">Result</th></tr></thead><tbody>']
    for i in range(len(names)):
        res = (s.get("results") or [0] * len(names))[i]
        cls = "plus" if res > 0 else "minus" if res < 0 else ""
        out.append("<tr><th scope=\"row\">" + esc(names[i]) + "</th><td class=\"num\">" +
                   str((s.get("chips") or [0] * len(names))[i]) + "</td><td class=\"num\">" +
                   str((s.get("kept") or [0] * len(names))[i]) + "</td><td class=\"num\">" +
                   str((s.get("final") or [0] * len(names))[i]) + '</td><td class="num ' +
                   cls + '">' + signed(res) + "</td></tr>")
    out.append("</tbody></table>")
    out.append('<p class="pot">The remainders make a pot of ' + str(s.get("pot", 0)) +
               "; it goes to " + esc(name(view, s.get("pot_winner"))) + " by a seeded uniform "
               "draw, the stand-in for Billitonnen.</p>")
    out.append('<div class="buttons">' + button("New game", ' data-cmd="new-game"', "primary") +
               "</div></section>")
    return "".join(out)


# ---------------------------------------------------------------- the log
def log_html(view):
    """Every action and every payment with its reason, grouped by hand."""
    if view is None:
        return ""
    out = []
    current = None
    for entry in view.get("log", []):
        number = entry.get("hand")
        if number != current:
            if current is not None:
                out.append("</ul>")
            out.append('<h3 class="log-hand">Hand ' + str((number or 0) + 1) + "</h3><ul>")
            current = number
        seat = entry.get("seat")
        cls = "event" if seat is None else "seat-" + str(seat)
        out.append('<li class="' + cls + '">' + esc(entry.get("text", "")))
        pays = entry.get("payments") or []
        if pays:
            out.append('<ul class="pay">')
            for p in pays:
                out.append("<li>" + esc(p) + "</li>")
            out.append("</ul>")
        out.append("</li>")
    if current is not None:
        out.append("</ul>")
    return "".join(out)


# ---------------------------------------------------------------- the line above the table
def info_html(view):
    if view is None:
        return ""
    hand = view.get("hand") or {}
    parts = []
    if hand:
        parts.append('<span class="hand-no">Hand ' + str(hand.get("hand", 0) + 1) + "</span>")
        game = hand.get("announcement_name")
        number = str(hand.get("announcement") or "").split(" ")[0]
        if game:
            parts.append('<span class="game-name">Game ' + esc(number) + ": " + esc(game) +
                         "</span>")
        elif hand.get("set_tile"):
            parts.append('<span class="game-name">Set: ' + esc(hand.get("set_tile")) +
                         "</span>")
    rules = view.get("house_rules") or {}
    on = [k for k in ("H1", "H2") if rules.get(k)]
    setting = (str(view.get("players")) + " players · " + esc(view.get("level", "")) +
               " bots · seed " + str(view.get("seed")))
    if on:
        setting += " · " + " ".join(on)
    parts.append('<span class="setting">' + setting + "</span>")
    return "".join(parts)


# ---------------------------------------------------------------- new game
def new_game_html(state, in_progress):
    """The inside of the new-game dialog; state: {"players", "level", "h1", "h2"}."""
    out = ['<h2 id="newgame-title">New game</h2>']
    if in_progress:
        out.append('<p class="dialog-sub">Starting a new game ends the game in progress.</p>')
    out.append(option_row("Players", "players", [(3, "3"), (4, "4"), (5, "5")],
                          state.get("players", 4)))
    out.append(option_row("Computer players", "level",
                          [("beginner", "beginner"), ("club", "club"), ("expert", "expert")],
                          state.get("level", "club")))
    out.append(option_row("Their pace", "pace", PACES, str(state.get("pace", 550))))
    out.append(option_row("H1: Polish 0-0 on set", "h1", [("0", "off"), ("1", "on")],
                          "1" if state.get("h1") else "0"))
    out.append(option_row("H2: claim doubles' payments", "h2", [("0", "off"), ("1", "on")],
                          "1" if state.get("h2") else "0"))
    out.append('<div class="param-row"><label class="param-label" for="ng-seed">Deal number'
               '</label><input id="ng-seed" type="text" inputmode="numeric" autocomplete="off"'
               ' placeholder="random" maxlength="10" value="' + esc(state.get("seed") or "") +
               '"></div>')
    if state.get("error"):
        out.append('<p class="preview invalid" role="alert">' + esc(state["error"]) + "</p>")
    out.append('<div class="dialog-buttons"><button type="button" data-cmd="newgame-close">'
               'Cancel</button><button type="button" class="primary" id="newgame-ok" '
               'data-cmd="newgame-ok">Start</button></div>')
    return "".join(out)
