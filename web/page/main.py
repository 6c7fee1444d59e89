"""The page's boot (main thread, MicroPython): the table frame first, then the game.

`boot()` makes the one `Page` (state.py), loads the words of the language shown, draws the
empty table, hand and controls (`nos:frame`), and only then imports the rest of the page
(controller.py: events, requests, dialogs, the diagram), whose import the frame need not wait for:
it overlaps the worker's start, which takes longer.
"""

import render_hand
import render_panels
import render_table
from browser import el
from dom import screen_mode, show_status
from language import choose_words, words
from pyscript import window
from state import Page


def draw_frame(page):
    """The empty table, hand and controls shown while the engine loads."""
    w = words(page)
    el("table").innerHTML = render_table.table_html(None, None, w)
    el("hand").innerHTML = render_hand.hand_svg(None, None, page.drawn.hand_w, w)
    el("controls").innerHTML = render_panels.controls_html(None, {}, w)
    show_status(w.word("status.starting"), "loading")


async def boot(early=None):
    """Draw the table frame at once, then start the game. `early`: the catalogue's fetch
    begun by start.py (language.start_fetch)."""
    page = Page()
    if str(window.location.hash or "").startswith("#join="):  # (its answer first)
        import joining  # (a joining page's alone: controller.start then joins)

        page.together.set(answering=joining.begin())
    page.shown.set(mode=screen_mode())
    await choose_words(page, early)
    draw_frame(page)
    el("app").setAttribute("data-state", "frame")
    window.performance.mark("nos:frame")
    import controller  # (once the frame is drawn)

    await controller.start(page)
