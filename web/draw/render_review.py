"""The hand review's dialog (HTML with the diagram's SVG inline): one step of a finished hand
with every tile open, the action that led to it with its payments, and where the person
decided, the options the expert weighed with their chips, the one taken, the best and what
the choice cost (nos/review.py; the worker's review()).

Pure functions of their arguments, in the MicroPython subset (see render_svg.py).
"""

import render_diagram
from render_coach import chips_words, option_words
from render_svg import esc


def decision_steps(review):
    """The steps at which the person decided something the expert weighed."""
    steps = review.get("steps") or []
    return [k for k in range(len(steps)) if steps[k].get("decision")]


def step_button(label, to, current, count, key=None):
    off = to < 0 or to > count or to == current
    return ('<button type="button" data-cmd="review-step" data-to="' + str(max(0, to)) + '"' +
            (' aria-keyshortcuts="' + key + '"' if key else "") + (" disabled" if off else "") +
            ">" + esc(label) + "</button>")


def verdict_html(decision, w):
    """The person's decision at this step and the verdict on it: above the board on a
    phone, beside it on a wide screen, so both are in view together."""
    options = decision.get("options") or []
    chosen, best = decision.get("chosen", 0), decision.get("best", 0)
    out = ['<div class="review-verdict" id="review-decision"><h3>' + esc(w.word(
        "review.decision", {"option": option_words(options[chosen], w) if options else ""})) +
           "</h3>"]
    cost, half = decision.get("cost", 0), decision.get("cost_half", 0)
    said = {"chips": w.decimal(cost), "half": w.decimal(half),
            "best": option_words(options[best], w), "n": decision.get("deals", 0)}
    if chosen == best:
        out.append('<p class="review-cost good">' + esc(w.word("review.best_taken")) + "</p>")
    elif cost <= half:  # the deals cannot tell the two apart
        out.append('<p class="review-cost close">' + esc(w.word("review.close_call", said)) +
                   "</p>")
    else:
        out.append('<p class="review-cost">' + esc(w.word("review.cost", said)) + "</p>")
    out.append("</div>")
    return "".join(out)


def options_html(decision, w):
    """Every option the expert weighed at the decision, best first, with its chips, the
    one taken and the best marked."""
    options = decision.get("options") or []
    chosen, best = decision.get("chosen", 0), decision.get("best", 0)
    out = ['<ol class="coach-list review-options">']
    order = sorted(range(len(options)), key=lambda i: (-options[i].get("mean", 0), i))
    for i in order:
        marks = []
        if i == chosen:
            marks.append('<strong class="review-taken">' + esc(w.word("review.taken")) +
                         "</strong>")
        if i == best:
            marks.append('<strong class="coach-best">' + esc(w.word("review.best")) +
                         "</strong>")
        out.append('<li><span class="coach-do">' + esc(w.capital(option_words(options[i], w))) +
                   '</span> <span class="coach-chips">' + esc(chips_words(options[i], w)) +
                   "</span> " + " ".join(marks) + "</li>")
    out.append("</ol>")
    return "".join(out)


def notice_html(text, w, working=False):
    """The dialog before its review: it opens at once, `working` (the worker takes a second
    or so to weigh the hand), or saying why no review came; with its Close."""
    return ('<h2 id="review-title">' + esc(text) + "</h2>" +
            ('<p class="review-working" aria-hidden="true"></p>' if working else "") +
            '<div class="dialog-buttons review-controls"><button type="button" class="primary" '
            'data-cmd="review-close">' + esc(w.word("review.close")) + "</button></div>")


def total_words(review, w):
    """What the person's decisions cost: only those that cost more than the deals can tell
    apart from nothing (a close call is not a cost)."""
    n, clear = len(decision_steps(review)), review.get("clear", 0)
    said = {"n": n, "k": clear, "chips": w.decimal(review.get("clear_cost", 0))}
    total = w.word("review.total", said) if clear else w.word("review.total_none", said)
    return w.word("review.weighed", said) + " " + total


def review_html(review, step, w, narrow=False):
    """The dialog's content at `step` (0: as dealt) of `review`; `narrow`: its diagram drawn
    for a phone."""
    steps = review.get("steps") or []
    count = len(steps) - 1
    step = max(0, min(count, step))
    s = steps[step] if steps else {}
    number = review.get("hand", 0) + 1
    title = w.word("review.title", {"hand": number})
    seat, names = review.get("seat"), w.names or []
    if review.get("named") and isinstance(seat, int) and 0 <= seat < len(names):
        title = w.word("review.title_for", {"hand": number, "name": names[seat]})  # (whose)
    out = ['<h2 id="review-title">' + esc(title) + "</h2>",
           '<p class="dialog-sub">' + esc(total_words(review, w)) + "</p>",
           '<div class="review-body">']
    if s.get("decision"):
        out.append(verdict_html(s["decision"], w))
    event = s.get("event")
    moves = review.get("moves", count)
    if step <= moves:  # numbered as a replay of the hand numbers its moves
        said = w.word("review.step", {"k": step, "n": moves}) + ": " + (
            w.say(event) if event else w.word("review.dealt"))
    else:  # the count, paid once the last move has ended the hand (R21): no move
        said = w.say(event) if event else ""
    caption = w.capital(said)
    if s.get("view"):
        svg = render_diagram.diagram_svg(s["view"], w, s.get("hands"), s.get("boneyard"),
                                         caption, False, narrow, True)
        out.append('<div class="review-figure">' + svg + "</div>")
        # The open hands in words too: the image names each seat's count alone.
        held = [w.word("review.seat_tiles", {"seat": k, "tiles": tiles}) if tiles else
                w.word("review.seat_none", {"seat": k})
                for k, tiles in enumerate(s.get("hands") or [])]
        if held:
            out.append('<p class="visually-hidden">' + esc(w.sentence("; ".join(held))) +
                       "</p>")
    decided = ""
    if s.get("decision"):  # (said with the step: "Next decision" lands here)
        options = s["decision"].get("options") or []
        chosen = s["decision"].get("chosen", 0)
        if 0 <= chosen < len(options):
            decided = ('<span class="visually-hidden">. ' + esc(w.word(
                "review.decision", {"option": option_words(options[chosen], w)})) + "</span>")
    out.append('<div class="review-side"><p class="review-step" role="status">' +
               esc(caption) + decided + "</p>")
    pays = s.get("payments") or []
    if pays:
        out.append('<ul class="pay">' + "".join("<li>" + esc(w.capital(w.say(p))) + "</li>"
                                                 for p in pays) + "</ul>")
    if s.get("decision"):
        out.append(options_html(s["decision"], w))
    out.append("</div></div>")
    later = [k for k in decision_steps(review) if k > step]
    earlier = [k for k in decision_steps(review) if k < step]
    out.append('<div class="dialog-buttons review-controls">' +
               step_button(w.word("review.first"), 0, step, count, "Home") +
               step_button(w.word("review.back"), step - 1, step, count, "ArrowLeft") +
               step_button(w.word("review.next"), step + 1, step, count, "ArrowRight") +
               step_button(w.word("review.last"), count, step, count, "End") +
               step_button(w.word("review.prev_decision"), earlier[-1] if earlier else -1,
                           step, count) +
               step_button(w.word("review.next_decision"), later[0] if later else -1, step,
                           count) +
               '<button type="button" class="primary" data-cmd="review-close">' +
               esc(w.word("review.close")) + "</button></div>")
    return "".join(out)
