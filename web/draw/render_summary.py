"""The end of a hand and of the session, as HTML: first what happened (why the hand ended,
who went nos, who is on set next and why: R15, R20–R22; the session's winner: R24) and what
comes next (the buttons), so that both show with the table still in view; then the
standings, every player's chips after each hand (render_chart.py), the payments, the
coach's count and the fair deal. And the screen between two people's turns (pass-and-play).
Pure functions (MicroPython subset, see render_svg.py).
"""

from render_chart import chips_chart
from render_html import button, prompt
from render_svg import esc


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
    """The hand-end summary (R20–R22): why it ended, who went nos, who is on set next and
    why, then the buttons; below, the counts and chips, the chart, the payments. With `ui`
    "settle", the question whether to end the session (R24) in place of its buttons."""
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
    pays = []
    tie = None
    for entry in view.get("log", []):
        if entry.get("hand") == number:
            pays += entry.get("payments") or []
            if (entry.get("event") or {}).get("key") == "log.tiebreak":
                tie = entry["event"]
    out = ['<section class="summary" aria-labelledby="summary-title">',
           '<div class="summary-head"><h2 id="summary-title">' + esc(w.word("sum.title", {
               "hand": number + 1, "reason": hand.get("end_reason")})) + "</h2>"]
    said = []
    if hand.get("nos") is not None:
        said.append(w.capital(w.word("sum.nos", {"seat": hand["nos"]})))
    setter = view.get("next_setter")
    if tie:  # (R22: who drew what, and why that one is on set)
        said.append(w.capital(w.say(tie)))
    if setter is not None:
        params = {"seat": setter, "count": at(counts, setter)}
        said.append(w.capital(w.word("sum.next_setter_tie", params) if tie else
                              w.word("sum.next_setter", params)))
    if said:
        out.append('<p class="verdict">' + esc(" ".join(said)) + "</p>")
    fair = view.get("fair") or {}
    verify = ""
    if fair.get("seed"):
        verify = button(w.word("btn.verify"), ' data-cmd="verify"')
    if (ui or {}).get("settle"):
        out.append(prompt(w.word("confirm.settle"), "warn") + '<div class="buttons">' +
                   button(w.word("confirm.settle_yes"), ' data-cmd="settle-yes"', "primary") +
                   button(w.word("btn.cancel"), ' data-cmd="cancel"') + "</div>")
    else:
        out.append('<div class="buttons">' + button(w.word("btn.next_hand"),
                                                    ' data-cmd="next-hand"', "primary") +
                   button(w.word("btn.end_session"), ' data-cmd="end-session"') +
                   review_buttons(view, number, w) + verify + "</div>")
    out += ["</div>",
            '<div class="table-box"><table class="standings"><thead><tr><th scope="col">' +
            esc(w.word("th.player")) +
            '</th><th scope="col">' + esc(w.word("th.count")) + '</th><th scope="col">' +
            esc(w.word("th.this_hand")) + '</th><th scope="col">' + esc(w.word("th.chips")) +
            '</th><th scope="col">' + esc(w.word("th.vs", {"chips": start})) +
            "</th></tr></thead><tbody>",
            standings_rows(view, w, net, counts), "</tbody></table></div>",
            chips_chart(view, w)]
    if pays:
        out.append('<details class="payments"><summary>' +
                   esc(w.word("sum.payments", {"n": len(pays)})) + "</summary><ul>")
        for p in pays:
            out.append("<li>" + esc(w.capital(w.say(p))) + "</li>")
        out.append("</ul></details>")
    out.append(coached_html(view, w))
    out.append(fair_html(fair, w))
    out.append("</section>")
    return "".join(out)


def at(values, seat, default=0):
    values = values or []
    return values[seat] if isinstance(seat, int) and 0 <= seat < len(values) else default


def winners(final):
    """The seats with the most chips at the end (R24): the session's winner, or a tie."""
    if not final:
        return []
    best = max(final)
    return [s for s in range(len(final)) if final[s] == best]


def settlement_html(view, w):
    """R24: who won; totals rounded down to 20, the pot and its winner, each result against
    the starting chips; every player's chips after each hand."""
    s = view.get("settlement") or {}
    n = len(view.get("chips") or [])
    final = s.get("final") or [0] * n
    top = winners(final)
    if len(top) == 1:
        verdict = w.word("set.winner", {"seat": top[0], "chips": final[top[0]]})
    else:
        verdict = w.word("set.winners", {"seats": top, "chips": final[top[0]] if top else 0})
    out = ['<section class="summary settlement" aria-labelledby="settle-title">',
           '<div class="summary-head"><h2 id="settle-title">' + esc(w.word("set.title")) +
           '</h2><p class="verdict">' + esc(w.capital(verdict)) + "</p>",
           '<div class="buttons">' + button(w.word("btn.new_game"), ' data-cmd="new-game"',
                                             "primary") + "</div></div>",
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
                   "</td><td class=\"num\">" + w.number(final[i]) +
                   '</td><td class="num ' + cls + '">' + w.signed(res) + "</td></tr>")
    out.append("</tbody></table></div>")
    out.append('<p class="pot">' + esc(w.word("set.pot", {
        "pot": s.get("pot", 0), "winner": s.get("pot_winner")}, s.get("pot_winner"))) + "</p>")
    out.append(chips_chart(view, w))
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
