"""The hand review (main thread): the worker replays a finished hand and weighs the person's
decisions with the expert's search (nos/review.py); render_review.py draws a step; this opens
the dialog, steps it (buttons, the arrow keys, Home and End) and closes it."""

import json

import render_review
from access import focus, tell
from browser import absent, diagrams_narrow, el
from display import STATE, draws, redraw
from dom import attr, open_dialog
from engine_calls import call
from language import say, words
from pyscript import document

KEYS = {"ArrowLeft": -1, "ArrowRight": 1}


async def open_review(page, hand=None, seat=None):
    """Ask the worker for the review of `hand` (an index; None: the last one over) for the
    person at `seat` (None: whose screen it is). The dialog opens at once, saying that the
    expert is at work; closed before the review comes, it stays closed."""
    if page.link.engine is None or not page.link.synced:
        return
    page.shown.set(review=None, review_notice={"key": "review.working"}, review_busy=True)
    page.shown.count("review_asked")
    asked = page.shown.review_asked
    redraw(page)
    open_dialog("review-dialog")
    focus('#review-body [data-cmd="review-close"]')
    request = {k: v for k, v in (("hand", hand), ("seat", seat)) if v is not None}
    reply = await call(page, "review", json.dumps(request))
    redraw(page, STATE)  # (no view follows, as after other requests: the page is idle again)
    if asked != page.shown.review_asked or not el("review-dialog").open:
        return  # closed meanwhile, or another review asked for since
    if reply.get("error") or not reply.get("review"):
        page.shown.set(review_notice=reply.get("error") or {"key": "error.review_hand"},
                       review_busy=False)
        redraw(page)
        focus('#review-body [data-cmd="review-close"]')
        tell(say(page, page.shown.review_notice))  # (the dialog's new heading may go unsaid)
        return
    page.shown.set(review=reply["review"], review_step=0, review_notice=None, review_busy=False)
    redraw(page)
    focus('#review-body [data-cmd="review-step"]:not([disabled])')


def draw(page):
    """The review's step, else its notice (the expert at work, or why there is none)."""
    review, body, w = page.shown.review, el("review-body"), words(page)
    if review is None:
        notice, busy = page.shown.review_notice, page.shown.review_busy
        if notice is not None:
            body.innerHTML = render_review.notice_html(
                w.word(notice["key"]) if busy else say(page, notice), w, busy)
        if busy:
            body.setAttribute("aria-busy", "true")
        else:
            body.removeAttribute("aria-busy")
        return
    body.removeAttribute("aria-busy")
    where = page.shown.review_step
    w = page.shown.seen_from(review.get("seat", w.viewer), w.names)  # "you": the person
    # whose decisions these are
    body.innerHTML = render_review.review_html(review, where, w, diagrams_narrow())


draws(("shown.review", "shown.review_step", "shown.review_notice", "shown.review_busy"), draw)


def step(page, node):
    """A step button: to its step, the focus kept on the same button where it is enabled."""
    go(page, int(attr(node, "data-to") or 0), [str(node.textContent)])


def go(page, to, labels):
    """Draw step `to`, focus the first of the step buttons `labels` that is enabled (else
    the first enabled one: the dialog's buttons were drawn anew) and bring the step's
    decision, if any, into view above the buttons."""
    page.shown.set(review_step=to)
    redraw(page)
    buttons = el("review-body").querySelectorAll('[data-cmd="review-step"]:not([disabled])')
    found = None
    for label in labels:
        for i in range(buttons.length):
            if found is None and str(buttons.item(i).textContent) == label:
                found = buttons.item(i)
    if found is None and buttons.length:
        found = buttons.item(0)
    if found is None:
        focus('#review-body [data-cmd="review-close"]')
    else:
        found.focus()
    show_decision()


def show_decision():
    """The verdict of the step's decision in view with the board: on a phone the verdict
    stands above the board, so the dialog scrolls it to its top (the board below it), on a
    wide screen beside it; never under the dialog's row of buttons (at its foot)."""
    node = el("review-decision")
    bar = document.querySelector("#review-body .review-controls")
    if absent(node) or absent(bar):
        return
    box = el("review-dialog")
    top = node.getBoundingClientRect().top - box.getBoundingClientRect().top
    over = node.getBoundingClientRect().bottom - bar.getBoundingClientRect().top + 8
    if top < 0 or over > 0:
        box.scrollTop = box.scrollTop + top - 8


def on_key(page, event):
    """The arrow keys step, Home and End go to the start and the end. True if handled."""
    if page.shown.review is None or not el("review-dialog").open:
        return False
    if event.altKey or event.ctrlKey or event.metaKey or event.shiftKey:
        return False  # (Alt+Left is the browser's Back)
    count = len(page.shown.review.get("steps") or []) - 1
    key = str(event.key)
    target = {"Home": 0, "End": count}.get(key)
    if key in KEYS:
        target = page.shown.review_step + KEYS[key]
    if target is None:
        return False
    event.preventDefault()
    names = {"Home": "review.first", "End": "review.last", "ArrowLeft": "review.back",
             "ArrowRight": "review.next"}  # (the key's button, else the one in focus)
    active = document.activeElement
    held = [] if absent(active) else [str(active.textContent)]
    go(page, max(0, min(count, target)), [words(page).word(names[key])] + held)
    return True


def close(page):
    dialog = el("review-dialog")
    if dialog.open:
        dialog.close()
    page.shown.set(review=None)
    page.shown.count("review_asked")  # (a review still on its way is not shown)
