"""The coach on the page (main thread, MicroPython). While it is switched on and the person is
to decide, the page asks the worker for the coach's advice (nos/coach.py: the expert's search
from the person's observation), then for more deals, a quarter of a second at a time, and
draws it in its own panel (#coach-panel) and, the dialog being modal, in the announcement
dialog (while a mouse is over a list, that list waits: it would reorder under the pointer).
It runs only on the person's turn, so it never delays the computer players; it asks nothing
while another request is under way, and an answer that arrives after the person has acted is
dropped (their action goes first in the worker's queue after at most one short step).
"""

import asyncio
import json

from browser import el, storage_get, storage_set
from display import ADVICE, COACH_DONE, redraw, store
from dom import COACH_KEY, embedded, moved, pointer_within
from pyscript.ffi import to_js
from replies import of_this_version

MOST = 16  # requests per decision: the expert's own search, then refinements
ENOUGH = 400  # deals per option: the intervals are narrow enough


def start(page):
    """Start the coach's loop for the decision now, if it is on and none runs."""
    if page.shown.coach and not page.shown.coaching and page.persons_turn() and \
            not page.link.elsewhere:
        page.shown.set(coaching=True)
        asyncio.create_task(run(page))


def remembered():
    """Whether the coach was on when this page was last left (an embed never remembers)."""
    return not embedded() and storage_get(COACH_KEY) == "1"


def taken_by(page, seat):
    """Pass-and-play: the person at `seat` has taken the device: the coach as they left it
    (off until they switch it on: nobody is coached, or counted as coached, by another's
    choice)."""
    if page.shared():  # (each person has a switch of their own)
        page.shown.set(coach=page.shown.coach_seats.get(seat, False))


def toggle(page):
    page.shown.set(coach=not page.shown.coach)
    if page.shared():
        page.shown.put("coach_seats", (page.view or {}).get("viewer"), page.shown.coach)
    elif not embedded():
        storage_set(COACH_KEY, "1" if page.shown.coach else "0")
    redraw(page)
    if page.shown.coach:
        # Beside the table, the panel is brought into view. Below it (a phone), the hand is:
        # its tiles and buttons show the coach's chips, and the table stays on the screen.
        panel, hand = el("coach-panel"), el("hand")
        below = panel.getBoundingClientRect().top >= hand.getBoundingClientRect().bottom
        (hand if below else panel).scrollIntoView(to_js({"block": "nearest"}))
    start(page)


def on_pointer(page, event):
    """pointermove/pointerout on the coach's panel: while a mouse is over its list, its
    refinements wait (the list would reorder under the pointer); leaving it draws them. A
    list drawn under a pointer standing still is not held (dom.moved)."""
    if event.type == "pointermove" and not moved(event):
        return
    page.shown.set(coach_hover=pointer_within(event, "#coach-panel .coach-options"))
    redraw(page, ("shown.coach_hover",))  # (leaving it: the advice as it is now)


def _quiet(page):
    return (page.persons_turn() and not page.link.busy and not page.link.pending and
            not page.link.elsewhere)


async def run(page):
    link = page.link
    try:
        for _ in range(MOST):
            if not page.shown.coach or not _quiet(page):
                break
            before = link.replies
            text = await link.engine.coach("")
            if not page.shown.coach or link.replies != before or not _quiet(page):
                break  # the person acted (or switched the coach off) meanwhile
            reply = of_this_version(json.loads(text))
            reply["raw"] = text
            view = reply.get("view")
            if reply.get("error") or not isinstance(view, dict):
                break  # (a view of another version: the next request says so)
            page.shown.advise(view)
            store(page, reply)  # (the hand's record counts the coach)
            redraw(page, ADVICE)  # (in place: nothing else the person does waits on it)
            coach = view.get("coach") or {}
            if not coach.get("weighed") or coach.get("deals", 0) >= ENOUGH:
                break
            await asyncio.sleep(0)  # the page's other tasks (a click) first
    finally:
        page.shown.set(coaching=False)
        redraw(page, COACH_DONE)  # (its last chips, if they waited)
