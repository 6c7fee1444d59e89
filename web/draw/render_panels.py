"""HTML around the table: the prompt and buttons of the person's decisions, the game log
with every payment and its reason, the hand-end summary, the session standings and the
settlement (R24), and the new-game dialog. Pure functions of the view, the main thread's UI
state and the word catalogue `w` (web/words/say.py), returning HTML strings (MicroPython
subset, see render_svg.py). Every word comes from the catalogue; every rule, amount and
limit from the view.
"""

import contract
from render_coach import coach_html, mark_class, marks
from render_svg import esc


def button(label, attrs, cls=""):
    return ('<button type="button"' + (' class="' + cls + '"' if cls else "") + attrs + ">" +
            esc(label) + "</button>")


def action_button(w, record, cls="", sends=None):
    """A button that sends a legal action; its words are the catalogue's `do.<kind>`. With
    `sends` (the coach on: render_coach.marks), a place for the coach's chips of the action,
    filled now and as the coach refines (show.draw_coach_marks)."""
    send = esc(record.get("send", ""))
    said = esc(w.word("do." + str(record.get("kind")), record))
    if sends is not None:
        mark = sends.get(record.get("send"))
        said += (' <span class="' + (mark_class(mark) if mark else "coach-mark") +
                 '" data-coach-send="' + send + '">' + (esc(mark[0]) if mark else "") +
                 "</span>")
    return ('<button type="button"' + (' class="' + cls + '"' if cls else "") +
            ' data-action="' + send + '">' + said + "</button>")


def toggle(label, cmd, on, hint=""):
    return ('<button type="button" class="toggle" data-cmd="' + cmd + '" aria-pressed="' +
            ("true" if on else "false") + '"' + (' title="' + esc(hint) + '"' if hint else "") +
            '><span class="box" aria-hidden="true"></span>' + esc(label) + "</button>")


def is_word_char(ch):
    return ch.isalpha() or ch.isdigit()


def rule_links(html, w):
    """`html` (escaped text) with every ruling it names (R14, R51a, H2) a link to that
    ruling on the rules page, in the language shown (rules.html has an anchor for each)."""
    out = []
    i, n = 0, len(html)
    while i < n:
        ch = html[i]
        if ch in "RH" and (i == 0 or not is_word_char(html[i - 1])):
            j = i + 1
            while j < n and j - i <= 2 and html[j].isdigit():
                j += 1
            if j > i + 1 and j < n and html[j] in "ab" and (j + 1 == n or not is_word_char(
                    html[j + 1])):
                j += 1
            if j > i + 1 and (j == n or not is_word_char(html[j])) and (
                    ch == "R" or html[i:j] in ("H1", "H2")):
                rule = html[i:j]
                out.append('<a class="rule" href="./rules.html?lang=' + esc(w.lang) + "#" +
                           rule + '" target="_blank" title="' +
                           esc(w.word("log.ruling_title", {"rule": rule})) + '">' + rule +
                           "</a>")
                i = j
                continue
        out.append(ch)
        i += 1
    return "".join(out)


def prompt(words, cls="", w=None):
    text = esc(words) if w is None else rule_links(esc(words), w)
    return '<p class="prompt' + (" " + cls if cls else "") + '" id="prompt">' + text + \
        "</p>"


def option_row(label, param, choices, current):
    """A row of toggle buttons: choices is [(value, words)]. The row is one tab stop (the
    button pressed, else the first); the arrow keys move along it (web/page/access.py)."""
    out = ['<div class="param-row"><span class="param-label">' + esc(label) + "</span>"
           '<span class="choices" role="group" aria-label="' + esc(label) + '">']
    values = [str(value) for value, _ in choices]
    stop = str(current) if str(current) in values else (values[0] if values else None)
    for value, words in choices:
        pressed = "true" if str(value) == str(current) else "false"
        out.append('<button type="button" class="choice" data-param="' + esc(param) +
                   '" data-value="' + esc(value) + '" aria-pressed="' + pressed +
                   '" tabindex="' + ("0" if str(value) == stop else "-1") + '">' +
                   esc(words) + "</button>")
    out.append("</span></div>")
    return "".join(out)


# ---------------------------------------------------------------- the decisions
def controls_html(view, ui, w):
    """The prompt and the buttons for what the person may do now."""
    from ui_logic import has_flag, legal_of, only_kinds, simple_actions

    ui = ui or {}
    if ui.get("elsewhere"):  # the game went on in another tab: this one stopped
        return (prompt(w.word("prompt.elsewhere"), "warn") + '<div class="buttons">' +
                button(w.word("btn.take_over"), ' data-cmd="take-over"', "primary") +
                "</div>")
    if ui.get("offer"):  # a link asks for a new game over the saved one
        return (prompt(w.word("confirm.url_game"), "warn") + '<div class="buttons">' +
                button(w.word("confirm.url_game_yes"), ' data-cmd="offer-yes"', "primary") +
                button(w.word("confirm.url_game_no"), ' data-cmd="offer-no"') + "</div>")
    if view is None:
        if ui.get("broken"):
            return (prompt(ui["broken"], "error") + '<div class="buttons">' +
                    button(w.word("btn.new_game"), ' data-cmd="new-game"', "primary") +
                    "</div>")
        return prompt(w.word("prompt.loading_engine"))
    if ui.get("loading"):  # the saved game drawn at boot, before the engine holds it
        return prompt(w.word("prompt.restoring"))
    waiting = view.get("waiting_for")
    hand = view.get("hand") or {}
    if waiting == contract.WAITING_NEXT_HAND:
        return summary_html(view, w, ui)
    if waiting == contract.WAITING_DONE:
        return settlement_html(view, w)
    if ui.get("stalled"):
        return (prompt(w.word("prompt.stalled", {"reason": ui["stalled"]}), "error") +
                '<div class="buttons">' + button(w.word("btn.resume"),
                                                 ' data-cmd="resume-bots"', "primary") +
                "</div>")
    if waiting == contract.WAITING_BOT:
        seat = hand.get("current")
        phase = hand.get("phase")
        key = "prompt.bot_set" if phase == contract.PHASE_SET else "prompt.bot_step" if phase in (
            contract.PHASE_DECLARE, contract.PHASE_OUT_OF_TURN) else "prompt.bot_play"
        if view.get("undo"):  # (the next player waits while the person may take it back)
            key = "prompt.undo_hold"
        return prompt(w.word(key, {"seat": seat}), "bot") + undo_html(view, w)
    if waiting != contract.WAITING_HUMAN:
        return prompt(w.word("prompt.no_hand")) + '<div class="buttons">' + button(
            w.word("btn.new_game"), ' data-cmd="new-game"', "primary") + "</div>"
    phase = hand.get("phase")
    buttons = []
    extra = []
    kinds = only_kinds(view)
    if phase == contract.PHASE_SET:
        words = w.word("prompt.set_first" if hand.get("first_hand") else  # R4, R5
                       "prompt.set_draw" if contract.KIND_DRAW_SET in kinds else "prompt.set")
    elif phase == contract.PHASE_ANNOUNCE:
        words = w.word("prompt.announce", {"tile": hand.get("set_tile")})
        buttons.append(button(w.word("btn.announce"), ' data-cmd="announce-open"', "primary"))
    elif phase in (contract.PHASE_DECLARE, contract.PHASE_OUT_OF_TURN) and len(legal_of(view)) == 1:
        # Nothing to decide: a step every seat gets all the same (R71; in pass-and-play
        # the device comes to the person for it as for a choice)
        words = w.word("prompt.declare_none" if phase == contract.PHASE_DECLARE else
                       "prompt.out_of_turn_none")
        if len(view.get("people") or []) > 1:  # (why the device came for no choice)
            words += " " + w.word("prompt.step_for_all")
    elif phase == contract.PHASE_DECLARE:
        pays = [w.word("prompt.declare_pay", {"n": n, "amount": a})
                for n, a in hand.get("declare_pays") or []]
        words = w.word("prompt.declare", {"pays": ", ".join(pays)})
    elif phase == contract.PHASE_OUT_OF_TURN:
        words = w.word("prompt.out_of_turn")
    else:
        if kinds == [contract.KIND_WAIT]:
            words = w.word("prompt.wait")
        elif kinds == [contract.KIND_PASS]:
            words = w.word("prompt.pass")
        elif contract.KIND_DRAW_UNTIL in kinds:  # R12: no tile fits
            words = w.word("prompt.draw")
        else:
            words = w.word("prompt.turn")
            if contract.KIND_DRAW in kinds:
                words += " " + w.word("prompt.may_draw")
        for side in hand.get("waits_later") or []:  # (R10: owed, but its side is locked)
            words += " " + w.word("prompt.wait_later", {"side": side})
        if ui.get("choose"):  # the question is the prompt (it takes the prompt's room,
            # so the table and the hand stay where they are under the finger)
            c = ui["choose"]
            words = w.word("chooser.which", {"tile": c["tile"]})
            extra.append('<div class="chooser" role="group" aria-label="' +
                         esc(w.word("chooser.label")) + '">')
            for out in c["outs"]:
                extra.append(button(w.word("btn.outward", {"out": out}),
                                    ' data-cmd="out" data-out="' + str(out) + '"', "primary"))
            extra.append(button(w.word("btn.cancel"), ' data-cmd="cancel"') + "</div>")
        right, wrong = (hand.get("close_pays") or [0, 0])[:2]
        if ui.get("confirm"):  # a play with a close: what it pays or costs (R18, R19)
            c = ui["confirm"]
            return (prompt(w.word("confirm.close", {"tile": c["tile"], "right": right,
                                                    "wrong": wrong}), "warn") +
                    '<div class="buttons">' +
                    button(w.word("confirm.close_yes"), ' data-cmd="close-yes"', "primary") +
                    button(w.word("confirm.close_no"), ' data-cmd="close-no"') +
                    button(w.word("btn.cancel"), ' data-cmd="cancel"') + "</div>")
        # A play's flags with its tile picked (or already on): the row stays one row on a
        # phone, where drawing is not what a picked tile is for.
        picked = ui.get("selected")
        if has_flag(view, "close") and (picked or ui.get("close")):
            buttons.append(toggle(w.word("toggle.close"), "toggle-close", ui.get("close"),
                                  w.word("toggle.close_hint", {"right": right,
                                                               "wrong": wrong})))
        if (view.get("house_rules") or {}).get("H2") and (picked or ui.get("claim")):
            buttons.append(toggle(w.word("toggle.claim"), "toggle-claim", ui.get("claim"),
                                  w.word("toggle.claim_hint")))
    simple = simple_actions(view)
    if ui.get("selected") and phase == "play":
        simple = [r for r in simple if r.get("kind") != "draw"]
    sends = marks(view.get("coach"), w)["sends"] if ui.get("coach") else None
    for record in simple:
        kind = record.get("kind")
        # (draw_until is offered only when drawing is all the person may do, R12)
        cls = "primary" if kind in (contract.KIND_WAIT, contract.KIND_PASS, contract.KIND_SET,
                                    contract.KIND_DRAW_UNTIL) or len(legal_of(view)) == 1 else ""
        buttons.append(action_button(w, record, cls, sends))
    selected = ui.get("selected")
    selecting = (contract.PHASE_PLAY, contract.PHASE_OUT_OF_TURN, contract.PHASE_SET)
    if selected and not ui.get("choose") and phase in selecting:
        if ui.get("targets"):
            words = w.word("prompt.selected", {"tile": selected})
        elif phase == contract.PHASE_SET:
            words = w.word("prompt.selected_set", {"tile": selected})
    undo = view.get("undo")
    if undo:
        buttons.append(undo_button(undo, w))
    buttons.append(toggle(w.word("toggle.coach"), "toggle-coach", ui.get("coach"),
                          w.word("toggle.coach_hint")))
    # (the chooser's buttons lead the row: no row of their own that would move the table)
    return prompt(words, "you", w) + '<div class="buttons">' + "".join(extra) + \
        "".join(buttons) + "</div>"


def coach_panel_html(view, ui, w):
    """The coach's panel, beside the table on a wide screen and below it on a narrow one (so
    the table keeps its size): while it is switched on and the person is to decide, each
    option a button that takes it (render_coach.pick_button); else nothing."""
    ui = ui or {}
    if (not ui.get("coach") or view is None or ui.get("loading") or ui.get("stalled") or
            view.get("waiting_for") != contract.WAITING_HUMAN):
        return ""
    return coach_html(view.get("coach"), w, pick="act", heading="h2")


def undo_button(undo, w):
    """Take back the last play or set (the view's `undo`: its action to send)."""
    return button(w.word("btn.undo"), ' data-cmd="undo" aria-keyshortcuts="U" data-send="' +
                  esc(undo.get("send", "")) + '"')


def undo_html(view, w):
    """The undo button in a row of its own while the next player's action is not shown,
    and "Play on", which lets the next player go at once."""
    undo = view.get("undo")
    if not undo:
        return ""
    return ('<div class="buttons">' + undo_button(undo, w) +
            button(w.word("btn.play_on"), ' data-cmd="play-on"') + "</div>")


# ---------------------------------------------------------------- end of hand
def standings_rows(view, w, net=None, counts=None):
    chips = view.get("chips", [])
    start = view.get("start_chips", 0)
    order = list(range(len(chips)))
    # (the seat breaks ties: MicroPython's sort is not stable)
    order.sort(key=lambda s: (-chips[s], s))
    rows = []
    for s in order:
        cells = ['<th scope="row">' + esc(w.capital(w.name(s))) + "</th>"]
        if counts is not None:
            cells.append('<td class="num">' + w.number(counts[s]) + "</td>")
        if net is not None:
            n = net[s]
            cells.append('<td class="num ' + ("plus" if n > 0 else "minus" if n < 0 else "") +
                         '">' + w.signed(n) + "</td>")
        cells.append('<td class="num">' + w.number(chips[s]) + "</td>")
        cells.append('<td class="num">' + w.signed(chips[s] - start) + "</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return "".join(rows)


def summary_html(view, w, ui=None):
    """The hand-end summary (R20–R22): why it ended, counts, payments, who is on set; with
    `ui` "settle", the question whether to end the session (R24) in place of its buttons."""
    hand = view.get("hand") or {}
    number = hand.get("hand", 0)
    n = len(view.get("chips") or [])
    net = [0] * n
    for p in hand.get("ledger", []):
        if 0 <= p.get("to", -1) < n and 0 <= p.get("from", -1) < n:
            net[p["to"]] += p.get("amount", 0)
            net[p["from"]] -= p.get("amount", 0)
    counts = hand.get("counts") or [0] * n
    start = view.get("start_chips", 0)
    out = ['<section class="summary" aria-labelledby="summary-title">',
           '<h2 id="summary-title">' + esc(w.word("sum.title", {
               "hand": number + 1, "reason": hand.get("end_reason")})) + "</h2>",
           '<div class="table-box"><table class="standings"><thead><tr><th scope="col">' +
           esc(w.word("th.player")) +
           '</th><th scope="col">' + esc(w.word("th.count")) + '</th><th scope="col">' +
           esc(w.word("th.this_hand")) + '</th><th scope="col">' + esc(w.word("th.chips")) +
           '</th><th scope="col">' + esc(w.word("th.vs", {"chips": start})) +
           "</th></tr></thead><tbody>",
           standings_rows(view, w, net, counts), "</tbody></table></div>"]
    pays = []
    tie = None
    for entry in view.get("log", []):
        if entry.get("hand") == number:
            pays += entry.get("payments") or []
            if (entry.get("event") or {}).get("key") == "log.tiebreak":
                tie = entry["event"]
    if pays:
        out.append('<details class="payments"><summary>' +
                   esc(w.word("sum.payments", {"n": len(pays)})) + "</summary><ul>")
        for p in pays:
            out.append("<li>" + esc(w.capital(w.say(p))) + "</li>")
        out.append("</ul></details>")
    if tie:  # (R22: who drew what, and why that one is on set)
        out.append('<p class="tiebreak">' + esc(w.capital(w.say(tie))) + "</p>")
    setter = view.get("next_setter")
    if setter is not None:
        out.append('<p class="next-setter">' + esc(w.capital(w.word(
            "log.next_setter", {"seat": setter}))) + "</p>")
    out.append(coached_html(view, w))
    fair = view.get("fair") or {}
    verify = ""
    if fair.get("seed"):
        verify = button(w.word("btn.verify"), ' data-cmd="verify"')
    review = review_buttons(view, number, w)
    if (ui or {}).get("settle"):
        out.append(prompt(w.word("confirm.settle"), "warn") + '<div class="buttons">' +
                   button(w.word("confirm.settle_yes"), ' data-cmd="settle-yes"', "primary") +
                   button(w.word("btn.cancel"), ' data-cmd="cancel"') + "</div>")
    else:
        out.append('<div class="buttons">' + button(w.word("btn.next_hand"),
                                                    ' data-cmd="next-hand"', "primary") +
                   button(w.word("btn.end_session"), ' data-cmd="end-session"') + review +
                   verify + "</div>")
    out.append(fair_html(fair, w))
    out.append("</section>")
    return "".join(out)


def review_buttons(view, number, w):
    """The button that reviews hand `number` (an index), or in pass-and-play one for each
    person, who reviews their own decisions."""
    people = view.get("people") or []
    hand = ' data-cmd="review" data-hand="' + str(number) + '"'
    if len(people) <= 1:
        return button(w.word("btn.review"), hand)
    return "".join(button(w.word("btn.review_seat", {"seat": s}), hand + ' data-seat="' +
                          str(s) + '"') for s in people)


def coached_html(view, w):
    """How many decisions the coach weighed in the hand: the person's, or in pass-and-play
    each person's by name."""
    counts = view.get("coached") or []
    people = view.get("people") or []
    if len(people) <= 1:
        me = view.get("viewer", 0)
        n = counts[me] if isinstance(me, int) and 0 <= me < len(counts) else 0
        return '<p class="coached">' + esc(w.word("sum.coached", {"n": n})) + "</p>" if n else ""
    out = []
    for seat in people:
        n = counts[seat] if 0 <= seat < len(counts) else 0
        if n:
            out.append('<p class="coached">' + esc(w.word("sum.coached_seat", {
                "seat": seat, "n": n})) + "</p>")
    return "".join(out)


def fair_html(fair, w):
    """The revealed seed of the hand's deal and its seal (nos.fair), and what "Verify the
    deal" found."""
    if fair.get("sealed") is False:  # a save from before fair deals, or edited
        return '<p class="fair">' + esc(w.word("sum.fair_unsealed")) + "</p>"
    if not fair.get("seed"):
        return ""
    seed, seal = esc(fair["seed"]), esc(fair.get("commitment", ""))
    html = esc(w.word("sum.fair", {"seed": seed, "commitment": seal}))
    html = html.replace(seed, "<code>" + seed + "</code>").replace(
        seal, "<code>" + seal + "</code>")
    out = '<p class="fair">' + html + "</p>"
    if fair.get("chosen") is not None:  # begun from a deal number: its keys follow from it
        out += '<p class="fair">' + esc(w.word("sum.fair_chosen", {"seed": fair["chosen"]})) + \
            "</p>"
    found = fair.get("verified")
    if found:
        if found == "ok":
            said = w.word("sum.fair_ok")
        elif found == "unseen":  # the screen kept no seal: the deal alone was checked
            said = w.word("sum.fair_unseen")
        elif found == "commitment":
            said = w.word("sum.fair_commitment")
        else:
            said = w.word("sum.fair_deal")
        kind = found if found in ("ok", "unseen") else "bad"
        out += ('<p class="fair-verified ' + kind + '" role="status">' + esc(said) + "</p>")
    return out


def pass_html(view, w):
    """Pass-and-play: the screen between two people's turns, with nothing of either's
    tiles: who takes the device now, and the button that shows their tiles."""
    viewer = view.get("viewer")
    names = view.get("names") or []
    name = names[viewer] if isinstance(viewer, int) and 0 <= viewer < len(names) else ""
    return ('<section class="pass" aria-labelledby="pass-title"><h2 id="pass-title">' +
            esc(w.word("pass.title", {"name": name})) + '</h2><p class="prompt">' +
            esc(w.word("pass.sub", {"name": name})) + '</p><div class="buttons">' +
            button(w.word("btn.pass_ready", {"name": name}), ' data-cmd="pass-ready"',
                   "primary") + "</div></section>")


def settlement_html(view, w):
    """R24: totals rounded down to 20, the pot and its winner, each result against the
    starting chips."""
    s = view.get("settlement") or {}
    n = len(view.get("chips") or [])
    out = ['<section class="summary settlement" aria-labelledby="settle-title">',
           '<h2 id="settle-title">' + esc(w.word("set.title")) + "</h2>",
           '<div class="table-box"><table class="standings"><thead><tr>']
    for key in ("th.player", "th.chips", "th.kept", "th.final", "th.result"):
        out.append('<th scope="col">' + esc(w.word(key)) + "</th>")
    out.append("</tr></thead><tbody>")
    for i in range(n):
        res = (s.get("results") or [0] * n)[i]
        cls = "plus" if res > 0 else "minus" if res < 0 else ""
        out.append("<tr><th scope=\"row\">" + esc(w.capital(w.name(i))) +
                   "</th><td class=\"num\">" + w.number((s.get("chips") or [0] * n)[i]) +
                   "</td><td class=\"num\">" + w.number((s.get("kept") or [0] * n)[i]) +
                   "</td><td class=\"num\">" + w.number((s.get("final") or [0] * n)[i]) +
                   '</td><td class="num ' + cls + '">' + w.signed(res) + "</td></tr>")
    out.append("</tbody></table></div>")
    out.append('<p class="pot">' + esc(w.word("set.pot", {
        "pot": s.get("pot", 0), "winner": s.get("pot_winner")}, s.get("pot_winner"))) + "</p>")
    out.append('<div class="buttons">' + button(w.word("btn.new_game"), ' data-cmd="new-game"',
                                                "primary") + "</div></section>")
    return "".join(out)


# ---------------------------------------------------------------- the log
def log_hands(view, w, cache=None):
    """The log by hand, as HTML: for each hand, [its heading, [each entry], its review
    buttons ("" until it is over)]. The page adds what is new to what it shows
    (show.draw_log), so a button or link in focus there stays. `cache`: each entry and its
    HTML by its number (`n`), from the last call with the same words, kept for the next (an
    entry is worded once, not at every move: 200 took ~100 ms in the page's MicroPython)."""
    if view is None:
        return []
    hands = []
    kept = {}
    # A hand that is over (its next setter named) can be reviewed: a button after its list.
    over = [e.get("hand") for e in view.get("log", [])
            if (e.get("event") or {}).get("key") == "log.next_setter"]
    current = None
    for entry in view.get("log", []):
        number = entry.get("hand")
        if number != current or not hands:
            current = number
            review = ""
            if number in over:
                review = '<p class="log-review">' + review_buttons(view, number, w) + "</p>"
            hands.append(['<h3 class="log-hand">' + esc(w.word("log.hand", {
                "hand": (number or 0) + 1})) + "</h3>", [], review])
        if cache is None:
            hands[-1][1].append(log_entry_html(entry, w))
            continue
        n = entry.get("n")
        had = cache.get(n)  # (the same number after an undo or in a new game: another entry)
        item = had[1] if had is not None and had[0] == entry else log_entry_html(entry, w)
        kept[n] = (entry, item)
        hands[-1][1].append(item)
    if cache is not None:  # (only the entries shown now: it never grows past the log)
        cache.clear()
        cache.update(kept)
    return hands


def log_entry_html(entry, w):
    """One entry of the log: the action and the payments it caused, each with its ruling."""
    event = entry.get("event") or {}
    seat = event.get("seat") if str(event.get("key", "")).startswith("act.") else None
    cls = "event" if seat is None else "seat-" + str(seat)
    item = ['<li class="' + cls + '">' + rule_links(esc(w.capital(w.say(event))), w)]
    pays = entry.get("payments") or []
    if pays:
        item.append('<ul class="pay">')
        for p in pays:
            item.append("<li>" + rule_links(esc(w.capital(w.say(p))), w) + "</li>")
        item.append("</ul>")
    item.append("</li>")
    return "".join(item)


def log_part_html(hand):
    """One hand of log_hands in its box."""
    return ('<div class="log-part">' + hand[0] + "<ul>" + "".join(hand[1]) + "</ul>" +
            hand[2] + "</div>")


def log_html(view, w):
    """Every action and every payment with its reason, grouped by hand."""
    return "".join(log_part_html(hand) for hand in log_hands(view, w))


# ---------------------------------------------------------------- how to play
def payments_help_html(view, w):
    """The table of payments in "How to play": each row of the view's `payments` (the
    engine's amounts for this table and its house rules), when, who pays and its ruling."""
    rows = (view or {}).get("payments") or []
    if not rows:
        return ""
    out = ['<table class="pay-table"><thead><tr><th scope="col">' + esc(w.word("help.when")) +
           '</th><th scope="col">' + esc(w.word("help.who")) + '</th><th scope="col">' +
           esc(w.word("help.rule")) + "</th></tr></thead><tbody>"]
    for row in rows:
        key = str(row.get("key", ""))
        out.append("<tr><td>" + esc(w.word(key, row)) + "</td><td>" +
                   esc(w.word(key + ".who", row)) + "</td><td>" +
                   rule_links(esc(str(row.get("rule", ""))), w) + "</td></tr>")
    out.append("</tbody></table>")
    return "".join(out)


# ---------------------------------------------------------------- the line above the table
def info_html(view, w):
    if view is None:
        return ""
    hand = view.get("hand") or {}
    parts = []
    if hand:  # (the game in force is the table's own: render_force.py)
        parts.append('<span class="hand-no">' + esc(w.word("info.hand", {
            "hand": hand.get("hand", 0) + 1})) + "</span>")
    fair = view.get("fair") or {}
    if fair.get("commitment") and not fair.get("seed"):  # the deal's seal (nos.fair)
        code = fair["commitment"][:12]
        parts.append('<span class="fair" title="' + esc(w.word("info.fair_title")) + '">' +
                     esc(w.word("info.fair", {"code": code[:6] + " " + code[6:] + "…"})) +
                     "</span>")
    rules = view.get("house_rules") or {}
    on = [k for k in ("H1", "H2") if rules.get(k)]
    people = len(view.get("people") or [])  # pass-and-play: the people at this device
    if people > 1 and people >= (view.get("players") or 0):  # (no computer player at all)
        setting = w.word("info.setting_people", {"players": view.get("players")})
    else:
        setting = w.word("info.setting", {"players": view.get("players"),
                                          "level": view.get("level")})
    if people > 1:
        setting += " · " + w.word("info.people", {"n": people})
    if view.get("seed") is not None:  # a chosen deal number (nos.app: else keys are secret)
        setting += " · " + w.word("info.deal_number", {"seed": view["seed"]})
    if on:
        setting += " · " + " ".join(on)
    parts.append('<span class="setting">' + esc(setting) + "</span>")
    return "".join(parts)


# ---------------------------------------------------------------- new game
def people_limits(settings, players):
    """[least, most] people at one device with `players` players, as the engine's settings
    say ([1, 1] before the players are known)."""
    return ((settings.get("people") or {}).get(str(players)) or [1, 1])[:2]


def people_chosen(settings, players, people):
    """The people at one device the new-game dialog shows chosen, and starts a game with:
    `people` within the limits for `players` (a choice made for more players is cut)."""
    low, high = people_limits(settings, players)
    return max(low, min(people or 1, high))


def new_game_html(state, in_progress, settings, w):
    """The inside of the new-game dialog; state: {"players", "people", "level", "h1", "h2",
    "pace", "seed", "error"}; the choices and limits are the engine's `settings`."""
    out = ['<h2 id="newgame-title">' + esc(w.word("ng.title")) + "</h2>"]
    if in_progress:
        out.append('<p class="dialog-sub">' + esc(w.word("ng.in_progress")) + "</p>")
    out.append(option_row(w.word("ng.players"), "players",
                          [(n, w.number(n)) for n in settings.get("players", [])],
                          state.get("players")))
    low, high = people_limits(settings, state.get("players"))
    out.append(option_row(w.word("ng.people"), "people",
                          [(n, w.number(n)) for n in range(low, high + 1)],
                          people_chosen(settings, state.get("players"), state.get("people"))))
    out.append('<p class="dialog-sub">' + esc(w.word("ng.people_hint")) + "</p>")
    out.append(option_row(w.word("ng.level"), "level",
                          [(lv, w.word("level." + lv)) for lv in settings.get("levels", [])],
                          state.get("level")))
    paces = [(ms, w.word("pace." + name)) for name, ms in settings.get("paces", [])]
    pace = state.get("pace")
    if pace is not None and pace not in [ms for ms, _ in paces]:  # e.g. ?delay=0: shown, chosen
        paces.append((pace, w.word("pace.other", {"ms": pace})))
    out.append(option_row(w.word("ng.pace"), "pace", paces, pace))
    off_on = [("0", w.word("ng.off")), ("1", w.word("ng.on"))]
    out.append(option_row(w.word("ng.h1"), "h1", off_on, "1" if state.get("h1") else "0"))
    out.append(option_row(w.word("ng.h2"), "h2", off_on, "1" if state.get("h2") else "0"))
    out.append('<div class="param-row"><label class="param-label" for="ng-seed">' +
               esc(w.word("ng.seed")) + '</label><input id="ng-seed" type="text" '
               'inputmode="numeric" autocomplete="off" placeholder="' +
               esc(w.word("ng.random")) + '" maxlength="40" value="' +
               esc(state.get("seed") or "") + '"></div>')
    if state.get("error"):
        low, high = (settings.get("seed") or [0, 0])[:2]
        out.append('<p class="preview invalid" role="alert">' + esc(w.word(
            "error.seed", {"low": low, "high": high, "value": state.get("seed") or ""})) +
            "</p>")
    out.append('<div class="dialog-buttons"><button type="button" data-cmd="newgame-close">' +
               esc(w.word("btn.cancel")) + '</button><button type="button" class="primary" '
               'id="newgame-ok" data-cmd="newgame-ok">' + esc(w.word("btn.start")) +
               "</button></div>")
    return "".join(out)
