"""The coach's panel (HTML): the options the expert weighs for the person's decision, each
with the chips it expects from now to the end of the hand and a 95 % interval, best first,
the expert's choice marked, and after them those the search set aside early, each saying
over how many deals (nos/coach.py; the view's "coach").

Pure functions of their arguments, in the MicroPython subset (see render_svg.py).
"""

from contract import KIND_ANNOUNCE
from render_svg import esc


def option_words(option, w):
    """An option in words: its actions (a set with the game it announces), a close said."""
    parts = []
    for record in option.get("do") or []:
        said = w.word("do." + str(record.get("kind")), record)
        if record.get("close"):
            said += w.word("coach.and_close")
        parts.append(said)
    return " · ".join(parts)


def chips_words(option, w):
    """"+17.3 chips (± 4.1)"; without an interval where the view has none (one deal)."""
    mean, half = option.get("mean", 0), option.get("half")
    sign = "+" if mean >= 0.05 else ""
    if half is None:
        return w.word("coach.chips_one", {"mean": sign + w.decimal(mean)})
    return w.word("coach.chips", {"mean": sign + w.decimal(mean), "half": w.decimal(half)})


def short_chips(option, w):
    """An option's chips as a short signed number ("+17.3"): on its tile or button."""
    mean = option.get("mean", 0)
    return ("+" if mean >= 0.05 else "") + w.decimal(mean)


def marks(coach, w):
    """Where the coach's numbers go beside the panel, on a phone the one place they show
    without scrolling: {"tiles": {tile: mark}, "sends": {action: mark}}, each mark
    (chips, the expert's choice, set aside early). A tile shows the option the view names
    for it (the view's "tiles"); a button its one action's option. Empty while the coach
    thinks or has only one option."""
    out = {"tiles": {}, "sends": {}}
    if not coach or not coach.get("weighed"):
        return out
    options = coach.get("options") or []
    best, deals = coach.get("best"), coach.get("deals", 0)

    def mark(i):
        o = options[i]
        return (short_chips(o, w), i == best, o.get("deals", 0) < deals)

    for tile, i in (coach.get("tiles") or {}).items():
        if 0 <= i < len(options):
            out["tiles"][tile] = mark(i)
    for i, o in enumerate(options):
        do = o.get("do") or []
        if len(do) == 1 and do[0].get("send") and do[0].get("tile") is None:
            out["sends"][do[0]["send"]] = mark(i)
    return out


def mark_class(mark):
    """The class of a mark's words: "coach-mark", with "best" or "fewer"."""
    return "coach-mark" + (" best" if mark[1] else "") + (" fewer" if mark[2] else "")


def not_first(coach):
    """Whether an option weighed as long as the expert's choice averages more: the expert
    keeps its first choice unless another is surely better (nos.bots.expert.Expert.pick),
    which the page then says."""
    options = (coach or {}).get("options") or []
    if not (coach or {}).get("weighed") or not options:
        return False
    deals, best = coach.get("deals", 0), coach.get("best", 0)
    top = max([o.get("mean", 0) for o in options if o.get("deals", 0) >= deals])
    return 0 <= best < len(options) and options[best].get("mean", 0) < top


def order(coach):
    """The indexes of the coach's options in the panel's order, as the view says
    (nos.view.coach_order: the longest weighed first, each group best first)."""
    return coach.get("order") or list(range(len(coach.get("options") or [])))


def pick_button(option, said, pick, stop=True):
    """An option as a button: "form" (the announcement dialog) picks it in the form (its
    action in data-coach); "act" (the coach's own panel) takes it: its action in data-action,
    a set's announcement in data-then (preselected in the dialog that follows, R7), and an
    announcement opens the dialog with it picked. The words alone if it has no action."""
    do = option.get("do") or [{}]
    send = do[0].get("send")
    if not send or not pick:
        return said
    if pick == "form":  # (in the dialog the list is one tab stop: `stop`, the first;
        # the arrow keys move along it, web/page/access.py)
        data = ' data-coach="' + esc(send) + '" tabindex="' + ("0" if stop else "-1") + '"'
    elif do[0].get("kind") == KIND_ANNOUNCE:
        data = ' data-cmd="announce-open" data-coach="' + esc(send) + '"'
    else:
        data = ' data-action="' + esc(send) + '"'
        if len(do) > 1 and do[1].get("send"):
            data += ' data-then="' + esc(do[1]["send"]) + '"'
    return '<button type="button" class="coach-pick"' + data + ">" + said + "</button>"


def coach_html(coach, w, title_id="coach-title", pick=None, heading="h3"):
    """The panel: `coach` is the view's advice, or None while the coach is thinking. With
    `pick` ("form" or "act", pick_button) each option is a button. Its title is a `heading`
    (h2 in its own panel, h3 in the dialog, under the dialog's title)."""
    out = ['<section class="coach" aria-labelledby="' + title_id + '"><' + heading + ' id="' +
           title_id + '">' + esc(w.word("coach.title")) + "</" + heading + ">"]
    if not coach:
        out.append('<p class="coach-note thinking">' + esc(w.word("coach.thinking")) +
                   "</p></section>")
        return "".join(out)
    options = coach.get("options") or []
    if not coach.get("weighed"):
        out.append('<p class="coach-note">' + esc(w.word("coach.only", {
            "option": option_words(options[0], w) if options else ""})) + "</p></section>")
        return "".join(out)
    best = coach.get("best", 0)
    deals = coach.get("deals", 0)
    # Two lists, numbered on: those weighed over every deal (the expert chooses among them),
    # then, under a heading of their own, those set aside early, whose chips are less sure
    # (the base's mean plus their paired difference to it over the deals both were played
    # in, nos/coach.py) and may be higher than the choice's.
    full, aside = [], []
    for i in order(coach):
        o = options[i]
        mark = (' <strong class="coach-best">' + esc(w.word("coach.best")) + "</strong>"
                if i == best else "")
        early = o.get("deals", 0) < deals
        if early:
            mark += (' <span class="coach-fewer">' + esc(w.word("coach.fewer", {
                "n": o.get("deals", 0)})) + "</span>")
        said = pick_button(o, esc(w.capital(option_words(o, w))), pick,
                           not full and not aside)
        (aside if early else full).append(
            '<li><span class="coach-do">' + said + '</span> <span class="coach-chips">' +
            esc(chips_words(o, w)) + "</span>" + mark + "</li>")
    out.append('<div class="coach-options">')
    if full:
        out.append('<ol class="coach-list">' + "".join(full) + "</ol>")
        if not_first(coach):
            out.append('<p class="coach-note">' + esc(w.word("coach.not_first")) + "</p>")
    if aside:
        sub = "h3" if heading == "h2" else "h4"
        out.append("<" + sub + ' class="coach-aside">' + esc(w.word("coach.aside")) + "</" +
                   sub + '><ol class="coach-list" start="' + str(len(full) + 1) + '">' +
                   "".join(aside) + "</ol>")
    out.append('</div><p class="coach-note">' + esc(w.word("coach.deals", {
        "n": coach.get("deals", 0)})) + "</p></section>")
    return "".join(out)
