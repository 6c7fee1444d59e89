"""The game log on the page (main thread, MicroPython): drawn from the view's log
(render_panels.log_hands), only what changed since it was last drawn, kept where the reader
scrolled to unless they were at its newest line."""

import json

import render_panels as panels
from browser import absent, el
from language import words
from pyscript import window
from pyscript.ffi import create_proxy
from render_svg import words_key


def log_at_foot():
    """Whether the log shows its newest line (scrolled to its foot)."""
    box = el("log")
    return box.scrollTop + box.clientHeight >= box.scrollHeight - 8


_TO_FOOT = []  # the proxy of log_to_foot for requestAnimationFrame, made once


def log_to_foot(timestamp=None):
    box = el("log")
    box.scrollTop = box.scrollHeight


def draw_log(page, foot=None):
    """The game log, if it changed since it was last drawn; `foot`: whether it showed its
    newest line before the page was drawn (log_at_foot), if known."""
    view = page.view
    log = (view or {}).get("log") or []
    w = words(page)
    key = (page.shown.lang + ":" + str(w.viewer) + ":" + str(len(log)) + ":" +
           (json.dumps(log[-1]) if log else ""))
    if key != page.drawn.log_key:
        page.drawn.set(log_key=key)
        box = el("log")
        # Kept where the reader scrolled to, unless at the foot (the newest line shows).
        if foot is None:
            foot = log_at_foot()
        first = not page.drawn.log_drawn
        words_now = words_key(w)
        if words_now != page.drawn.log_words:  # (the entries' sentences change)
            page.drawn.set(log_words=words_now, log_cache={})
        hands = panels.log_hands(view, w, page.drawn.log_cache)
        patch_log(box, page.drawn.log_drawn, hands)
        page.drawn.set(log_drawn=hands)
        if foot or first:  # at the next frame: its new height now would lay the page out
            # in the middle of drawing it, and once more when it is drawn
            if not _TO_FOOT:
                _TO_FOOT.append(create_proxy(log_to_foot))
            window.requestAnimationFrame(_TO_FOOT[0])


def patch_log(box, drawn, hands):
    """The log `box`, which shows `drawn` (render_panels.log_hands), made to show `hands`:
    only what changed is written, so a link or button in focus in it (or one a dialog gives
    the focus back to when it closes) stays where it is."""
    parts = box.children
    if parts.length != len(drawn):  # (not what was drawn last: all of it anew)
        box.innerHTML = "".join(panels.log_part_html(hand) for hand in hands)
        return
    for i in range(len(drawn) - 1, len(hands) - 1, -1):
        parts.item(i).remove()
    for i, hand in enumerate(hands):
        if i >= len(drawn):
            box.insertAdjacentHTML("beforeend", panels.log_part_html(hand))
            continue
        was = drawn[i]
        if was == hand:
            continue
        part = parts.item(i)
        if was[0] != hand[0]:
            part.outerHTML = panels.log_part_html(hand)
            continue
        items = part.querySelector(":scope > ul")
        same = 0
        while same < min(len(was[1]), len(hand[1])) and was[1][same] == hand[1][same]:
            same += 1
        for k in range(len(was[1]) - 1, same - 1, -1):
            items.children.item(k).remove()
        if same < len(hand[1]):
            items.insertAdjacentHTML("beforeend", "".join(hand[1][same:]))
        if was[2] != hand[2]:
            review = part.querySelector(":scope > .log-review")
            if not absent(review):
                review.remove()
            if hand[2]:
                part.insertAdjacentHTML("beforeend", hand[2])
