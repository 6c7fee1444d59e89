"""HTML around the table: the prompt and buttons of the person's decisions (at a hand's end
and the session's, render_summary.py), the game log with every payment and its reason,
"How to play"'s payments, the header's line and the new-game dialog. Pure functions of the
view, the main thread's UI state and the word catalogue `w` (web/words/say.py), returning
HTML strings (MicroPython subset, see render_svg.py). Every word comes from the catalogue;
every rule, amount and limit from the view.
"""

import contract
from legal_records import has_flag, legal_of, only_kinds, simple_actions
from render_coach import coach_html, marks
from render_html import action_button, button, option_row, prompt, rule_links, toggle
from render_summary import review_buttons, settlement_html, summary_html
from render_svg import esc


# ---------------------------------------------------------------- the decisions
def controls_html(view, ui, w):
    """The prompt and the buttons for what the person may do now."""
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
    if waiting == contract.WAITING_OTHER:  # (played together: at their own device)
        return prompt(w.word("prompt.other", {"seat": hand.get("current")}), "bot")
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
        reason = hand.get("set_reason")  # R4, R5: the view says why
        words = w.word("prompt.set_first" if reason == contract.SET_HIGHEST else
                       "prompt.set_draw" if reason == contract.SET_DRAW else "prompt.set")
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
    if (ui.get("selected") and phase == contract.PHASE_PLAY) or contract.KIND_DRAW_UNTIL in kinds:
        # (no tile picked to play by drawing; R12's draws in one go make one draw redundant)
        simple = [r for r in simple if r.get("kind") != contract.KIND_DRAW]
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
    if selected and ui.get("cramped"):  # ends too close on the felt to tap: each a button
        extra = end_choices(view, selected, ui.get("targets") or [], w) + extra
    undo = view.get("undo")
    if undo:
        buttons.append(undo_button(undo, w))
    buttons.append(toggle(w.word("toggle.coach"), "toggle-coach", ui.get("coach"),
                          w.word("toggle.coach_hint")))
    # (the chooser's buttons lead the row: no row of their own that would move the table)
    return prompt(words, "you", w) + '<div class="buttons">' + "".join(extra) + \
        "".join(buttons) + "</div>"


def end_choices(view, tile, targets, w):
    """The end chooser beside the hand: a button for each end the selected tile may go to,
    by its arm's name and what it takes ("North: 6"), where ends lie too close together on
    the felt to tap (render_table.cramped)."""
    arms = ((view.get("hand") or {}).get("layout") or {}).get("arms") or []
    out = ['<div class="chooser ends" role="group" aria-label="' +
           esc(w.word("chooser.ends", {"tile": tile})) + '">']
    for i in targets:
        if i < len(arms):
            arm = arms[i]
            out.append('<button type="button" class="end-choice" data-cmd="end" data-arm="' +
                       str(i) + '" aria-label="' + esc(w.capital(w.word("end.choice_play", {
                           "tile": tile, "side": arm.get("side", ""),
                           "label": arm.get("label")}))) + '">' +
                       esc(w.capital(w.word("btn.end_choice", {"side": arm.get("side", ""),
                                                               "label": arm.get("label")}))) +
                       "</button>")
    out.append("</div>")
    return "".join(out)


def coach_panel_html(view, ui, w):
    """The coach's panel, beside the table on a wide screen and below it on a narrow one (so
    the table keeps its size): while it is switched on and the person is to decide, each
    option a button that takes it (render_coach.pick_button); else nothing."""
    ui = ui or {}
    if (not ui.get("coach") or view is None or ui.get("loading") or ui.get("stalled") or
            view.get("waiting_for") != contract.WAITING_HUMAN):
        return ""
    return coach_html(view.get("coach"), w, pick="act", heading="h2",
                      shown=ui.get("shown"))


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


# ---------------------------------------------------------------- the log
def log_hands(view, w, cache=None):
    """The log by hand, as HTML: for each hand, [its heading, [each entry], its review
    buttons ("" until it is over)]. The page adds what is new to what it shows
    (display.draw_log), so a button or link in focus there stays. `cache`: each entry and its
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


def seats_chosen(settings, players, people, seats):
    """The people's seats the new-game dialog shows chosen, and starts a game with: this
    device's person's seat (the settings' `host_seat`), then those of `seats` that the
    players have, as many as the people chosen (fewer: the last go; more: the first free
    seats come)."""
    host = settings.get("host_seat", 0)
    chosen = [host]
    for seat in seats if isinstance(seats, list) else []:  # (a damaged preference: none)
        if type(seat) is int and 0 <= seat < (players or 0) and seat not in chosen:
            chosen.append(seat)
    chosen = chosen[:max(people or 1, 1)]
    seat = 0
    while len(chosen) < (people or 1) and seat < (players or 0):
        if seat not in chosen:
            chosen.append(seat)
        seat += 1
    return sorted(chosen)


def new_game_html(state, in_progress, settings, w):
    """The inside of the new-game dialog; state: {"players", "people", "seats", "level",
    "h1", "h2", "pace", "seed", "error"}; the choices and limits are the engine's
    `settings`."""
    out = ['<h2 id="newgame-title">' + esc(w.word("ng.title")) + "</h2>"]
    if in_progress:
        out.append('<p class="dialog-sub">' + esc(w.word("ng.in_progress")) + "</p>")
    out.append(option_row(w.word("ng.players"), "players",
                          [(n, w.number(n)) for n in settings.get("players", [])],
                          state.get("players")))
    low, high = people_limits(settings, state.get("players"))
    people = people_chosen(settings, state.get("players"), state.get("people"))
    out.append(option_row(w.word("ng.people"), "people",
                          [(n, w.number(n)) for n in range(low, high + 1)], people))
    out.append('<p class="dialog-sub">' + esc(w.word("ng.people_hint")) + "</p>")
    players = state.get("players") or 0
    if people > 1:  # (which seats: play goes round them in order)
        out.append(option_row(w.word("ng.seats"), "seats",
                              [(n, w.number(n + 1)) for n in range(players)],
                              seats_chosen(settings, players, people, state.get("seats")),
                              [settings.get("host_seat", 0)]))
        out.append('<p class="dialog-sub">' + esc(w.word("ng.seats_hint")) + "</p>")
    if people > 1:
        out.append(option_row(w.word("ng.together"), "together",
                              [("0", w.word("ng.together_one")),
                               ("1", w.word("ng.together_own"))],
                              "1" if state.get("together") else "0"))
        if state.get("together"):
            out.append('<p class="dialog-sub">' + esc(w.word("ng.together_hint")) + "</p>")
            out.append(option_row(w.word("ng.this_device"), "table_screen",
                                  [("0", w.word("ng.device_hand")),
                                   ("1", w.word("ng.device_table"))],
                                  "1" if state.get("table_screen") else "0"))
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
