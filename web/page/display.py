"""Drawing the page from its state (main thread, MicroPython): the table, the hand, the
controls, the standings and the log, the dialogs, the status line and the body's data
attributes the tests and the benchmark read. What is drawn comes from the pure modules of
web/draw/ (tested in CPython and MicroPython); what is offered, from the view's records.

The body's data-state is "loading", "waiting" (a request is under way), "bot" (computer
players act), "playable" or "error".
"""

import json

import access
import legal_records as legal
import render_announce as announce
import render_coach
import render_diagram as diagram
import render_force
import render_hand
import render_panels as panels
import render_summary
import render_table
from browser import absent, el, storage_set
from contract import PHASE_ANNOUNCE, PHASE_OUT_OF_TURN, PHASE_PLAY, PHASE_SET
from dom import NARROW, SAVE_KEY, SHOWN_KEY, bring_into, embedded, open_dialog, show_status
from felt_room import motion, put_table, table_ui
from game_log import draw_log, log_at_foot
from language import say, words
from pyscript import document, window
from pyscript.ffi import to_js
from render_html import rule_links
from render_svg import esc
from replies import page_state


def keep(page, key, value):
    """Store `value`; if the browser will not, say so."""
    if not storage_set(key, value):
        show_status(words(page).word("error.storage"), "error")


def store(page, reply):
    """Keep the reply's save, and the reply itself (its text, `raw`) for the next boot's
    first drawing."""
    save = reply.get("save")
    # (an embed keeps the person's own game as it is; a tab whose game went on in another
    # writes nothing over it)
    if save and not embedded() and not page.link.elsewhere:
        keep(page, SAVE_KEY, save)
        keep(page, SHOWN_KEY, reply.get("raw") or "")


def hand_ui(page):
    view = page.view
    active = page.persons_turn() and page.phase() in (PHASE_PLAY, PHASE_OUT_OF_TURN, PHASE_SET)
    return {"selected": page.move.tile,
            "playable": legal.tile_actions(view) if view and page.link.synced else [],
            "active": active, "coach": page.shown.coach and page.link.synced,
            "hidden": page.tiles_hidden(), "loading": not page.link.synced}


def controls_ui(page):
    ui = table_ui(page)
    targets = ui["targets"]
    broken = None
    if page.shown.broken is not None:
        broken = words(page).word("notice.new_game_prompt",
                                  {"reason": say(page, page.shown.broken)})
    move = page.move
    return {"selected": move.tile, "choose": move.choice, "close": move.close,
            "confirm": move.confirm, "settle": move.settle, "coach": page.shown.coach,
            "claim": move.claim, "broken": broken, "offer": page.shown.offer is not None,
            "elsewhere": page.link.elsewhere,
            "loading": not page.link.synced,
            "stalled": say(page, page.shown.error) if page.link.stalled else None,
            "targets": targets, "cramped": render_table.cramped(page.view, ui)}


def draw_controls(page):
    where = access.held_focus()
    el("controls").innerHTML = panels.controls_html(page.view, controls_ui(page), words(page))
    if where is not None and where[0] == "controls-button":
        access.give_focus(where)
    draw_coach(page)


def draw_coach(page):
    """The coach's panel (its advice, or nothing while it is off or the person waits)."""
    page.shown.set(coach_hover=False)  # (the list under the mouse is drawn anew: no hold)
    page.changes(("shown.coach_hover",))  # (that is this drawing)
    where = access.held_focus()
    # (pass-and-play: nothing of the next person's decision before they hold the device)
    ui = {"coach": page.shown.coach, "loading": not page.link.synced,
          "stalled": page.link.stalled, "shown": steady_order(page)}
    el("coach-panel").innerHTML = "" if page.tiles_hidden() else panels.coach_panel_html(
        page.view, ui, words(page))
    if where is not None and where[0] == "coach-panel-button":
        access.give_focus(where)


def steady_order(page):
    """The coach's options in the order shown before, while it holds (render_coach.steady:
    numbers refine in place), kept for the next refinement."""
    shown, kept = render_coach.steady((page.view or {}).get("coach"), page.drawn.coach_kept)
    page.drawn.set(coach_kept=kept)
    return shown


def draw_hand(page):
    """The person's hand (hidden while pass-and-play waits for the next person), the
    keyboard focus kept on its tile."""
    put_hand(page, hand_markup(page))


def hand_markup(page):
    """The person's hand as drawn now (the SVG's markup), at the width of its box."""
    box = el("hand").getBoundingClientRect()
    if box.width >= 100:
        page.drawn.set(hand_w=int(box.width))
    return render_hand.hand_svg(None if page.tiles_hidden() else page.view, hand_ui(page),
                                page.drawn.hand_w, words(page))


def put_hand(page, html):
    """The hand drawn as `html` in the page, the keyboard focus kept on its tile."""
    where = access.held_focus()
    box = el("hand")
    # Unchanged (the others' turns), it stays as it is: a tile drawn anew and focused again
    # would be said again by a screen reader at every step.
    if html != page.drawn.hand_html or absent(box.firstElementChild):
        page.drawn.set(hand_html=html)
        box.innerHTML = html
    access.give_focus(where)


def draw_coach_marks(page, last=False):
    """The coach's chips on the hand's tiles and on the buttons, as it refines, changed in
    place: a press or a drag keeps its node, and a screen reader does not say the focused
    tile again at every refinement: its chips wait for the `last` refinement (the hand is
    drawn anew only where more than the chips changed, and not while a tile is held)."""
    if page.move.drag is None:
        html = hand_markup(page)
        if html != page.drawn.hand_html and not patch_hand_marks(page, html, last):
            put_hand(page, html)
    sends = render_coach.marks((page.view or {}).get("coach"), words(page))["sends"]
    for node in el("controls").querySelectorAll("[data-coach-send]"):
        mark = sends.get(node.getAttribute("data-coach-send"))
        node.textContent = mark[0] if mark else ""
        node.setAttribute("class", render_coach.mark_class(mark) if mark else "coach-mark")


def patch_hand_marks(page, html, focused_too=False):
    """Write the coach's chips of the hand drawn as `html` into the hand as it is: each
    tile's mark and read-out, and the line on why the gold. The focused tile's (its words
    and read-out alike, which must match) only if `focused_too`: a new read-out of the
    focused tile is said at once. False, changing nothing, where the tiles or the drawing's
    size differ."""
    box = el("hand")
    old = box.firstElementChild
    fresh = document.createElement("div")
    fresh.innerHTML = html
    new = fresh.firstElementChild
    if absent(old) or absent(new) or old.getAttribute("viewBox") != new.getAttribute("viewBox"):
        return False
    olds, news = box.querySelectorAll("[data-tile]"), fresh.querySelectorAll("[data-tile]")
    if olds.length != news.length:
        return False
    # (a coach's reply carries the view of the same decision, so only its chips differ;
    # any other difference found draws the hand anew)
    for k in range(news.length):
        for name in ("data-tile", "class", "tabindex", "aria-pressed", "aria-disabled"):
            if olds.item(k).getAttribute(name) != news.item(k).getAttribute(name):
                return False
    focused = document.activeElement
    kept = False
    for k in range(news.length):
        a, b = olds.item(k), news.item(k)
        label = b.getAttribute("aria-label")
        if a.getAttribute("aria-label") != label:
            if not focused_too and not absent(focused) and a.isSameNode(focused):
                kept = True
                continue
            a.setAttribute("aria-label", label)
        swap(a, b, ".coach-mark")
    swap(old, new, ".coach-why")
    page.drawn.set(hand_html=None if kept else html)
    return True


def swap(old_root, new_root, selector):
    """The node of `selector` under `old_root` replaced by the one under `new_root` (added
    or removed where only one has it)."""
    a, b = old_root.querySelector(selector), new_root.querySelector(selector)
    if absent(b):
        if not absent(a):
            a.remove()
    elif absent(a):
        old_root.appendChild(b)
    else:
        a.replaceWith(b)


def update_state(page):
    link = page.link
    view = page.view
    state = page_state(view, not page.idle())
    if view is None and page.shown.broken and page.idle():
        state = "playable"
    if view is not None and not link.synced:
        state = "loading"  # the saved game, drawn before the engine holds it
    if link.stalled:
        state = "error"
    if page.shown.offer is not None:
        state = "asking"  # whether a link's new game may replace the saved one
    if link.elsewhere:
        state = "elsewhere"  # the game went on in another tab (controller.on_storage)
    body = document.body
    body.setAttribute("data-state", state)
    body.setAttribute("data-waiting-for", str((view or {}).get("waiting_for") or "none"))
    body.setAttribute("data-viewer", str((view or {}).get("viewer")))
    body.setAttribute("data-pass", "1" if page.pass_pending() else "0")
    body.setAttribute("data-phase", str(page.phase() or "none"))
    body.setAttribute("data-replies", str(link.replies))
    if state == "playable" and view is not None and not page.drawn.playable:
        page.drawn.set(playable=True)
        # The computer players' deliberate pauses before this moment (their pace, not load
        # time): the benchmark reports the boot with and without them.
        body.setAttribute("data-paused-ms", str(link.paused))
        window.performance.mark("nos:playable")
        window.dispatchEvent(window.Event.new("nos:playable"))


# What each change to the page's state (state.py, page.changes()) draws anew: the table
# (a selection, the zoom, the felt's size), the hand, the prompt and its buttons, the
# coach's advice refined in place, a dialog; the page's state attributes (a request under
# way, a language on its way) always. Nothing for the UNDRAWN (the computer players' loop,
# a press or a pan under way). The dialogs of other modules add theirs (draws()). Any
# change none of them names draws the whole page (render()).
SELECTION = ("move.tile", "move.choice", "shown.zoom")
SIZE = ("shown.size",)
CONTROLS = ("move.close", "move.claim", "move.settle", "move.confirm", "dialogs.announcing")
COACH = ("shown.coach",)
ADVICE = ("shown.refined",)  # (the coach's refinements: drawn in place)
COACH_DONE = ("shown.coaching", "move.drag")  # (its last chips, which waited)
ANNOUNCE = ("dialogs.announce",)
NEW_GAME = ("dialogs.new_game",)
STATE = ("link.busy", "link.pending", "shown.lang_loading", "shown.lang_gen",
         "shown.lang_arrow")
UNDRAWN = ("link.gen", "link.bots", "link.play_on", "link.paused", "link.engine",
           "move.drag_end", "move.pan", "shown.coach_seats", "shown.seals",
           "shown.review_asked", "dialogs.announce_hand", "dialogs.then",
           "together.answering")
KNOWN = list(SELECTION + SIZE + CONTROLS + COACH + ADVICE + COACH_DONE + ANNOUNCE + NEW_GAME +
             STATE + UNDRAWN + ("shown.coach_hover", "dialogs.coach_hover"))
DRAWINGS = []  # (names, drawing(page)): the other modules' dialogs (draws())


def draws(names, drawing=None):
    """A module's dialog is drawn by `drawing` when one of `names` changed (None: names
    whose change draws nothing)."""
    KNOWN.extend(names)
    if drawing is not None:
        DRAWINGS.append((names, drawing))


def touches(changed, names):
    for name in changed:  # noqa: SIM110 - (no generator: MicroPython's hot path)
        if name in names:
            return True
    return False


def redraw(page, among=None):
    """Draw what the changes to the page's state since it was last drawn touch (only those
    `among` these names, if given: the rest wait), else the whole page for a change no
    drawing names; then the page's state attributes."""
    changed = page.changes(among)
    if not changed:
        return
    whole = False
    for name in changed:
        if name not in KNOWN:
            whole = True  # (a change no drawing names: the whole page)
    if whole:
        render(page)
        if "shown.lang" in changed:  # (a dialog open is in the other language too)
            redraw_dialogs(page)
    else:
        draw_play(page, changed)
    if touches(changed, ANNOUNCE) and el("announce-dialog").open:
        draw_announce(page)
    if touches(changed, ("dialogs.coach_hover",)) and not page.dialogs.coach_hover:
        draw_announce_coach(page)
    if touches(changed, NEW_GAME):
        draw_new_game(page)
    for names, drawing in DRAWINGS:
        if touches(changed, names):
            drawing(page)
    if not whole:
        update_state(page)


def draw_play(page, changed):
    """What the `changed` names touch of the table, the hand, the prompt and the coach."""
    table = touches(changed, SELECTION + SIZE)
    if table:
        where = access.held_focus()
        put_table(page, table_ui(page))
        access.give_focus(where)
    if table or touches(changed, COACH):
        draw_hand(page)  # (a row for the coach's chips under the tiles, or none)
    if touches(changed, SELECTION + CONTROLS + COACH):
        draw_controls(page)
    elif touches(changed, ("shown.coach_hover",)) and not page.shown.coach_hover:
        draw_coach(page)  # (the mouse left its list: the advice as it is now)
    if touches(changed, ADVICE):
        refine_coach(page)
    if touches(changed, COACH_DONE) and page.drawn.hand_html is None and \
            page.move.drag is None and not page.shown.coaching and page.shown.coach and \
            page.persons_turn() and page.idle():
        draw_coach_marks(page, True)  # the focused tile's chips too, said once


def redraw_dialogs(page):
    """The open dialogs drawn anew (another language)."""
    if el("announce-dialog").open:
        open_announce(page)
    if el("newgame-dialog").open:
        draw_new_game(page)


def refine_coach(page):
    """The coach's refined advice, in place: its panel (unless a mouse is over its list),
    the announcement dialog's, and the chips on the hand and the buttons."""
    if not page.shown.coach_hover:
        draw_coach(page)
    draw_announce_coach(page)
    draw_coach_marks(page)


def render(page, with_log=True):
    """Draw everything from the last view (the game log only if `with_log`; the table not
    when it shows that view already: Drawn.table_ahead)."""
    page.changes()  # (all drawn now)
    table = not page.drawn.table_ahead
    page.drawn.set(table_ahead=False)
    start = window.performance.now()
    # Read before anything is written: read after, it would lay the page out mid-drawing.
    foot = log_at_foot() if with_log else None
    view = page.view
    w = words(page)
    where = access.held_focus()
    hidden = page.pass_pending()  # pass-and-play: the next person has not taken the device
    if table or hidden:
        put_table(page, table_ui(page, motion(page)))
    access.give_focus(where)
    draw_hand(page)
    # (a link's question comes first, controller.py; and a game gone on in another tab)
    if hidden and page.shown.offer is None and not page.link.elsewhere:
        el("controls").innerHTML = render_summary.pass_html(view, w)
        draw_coach(page)
        access.focus("[data-cmd=pass-ready]")
    else:
        draw_controls(page)
        if page.persons_turn() and absent(document.querySelector("dialog[open]")):
            # (what the turn asks for first: the answer it offers, else the hand)
            access.focus_if_nowhere(["#controls button.primary", '#hand [tabindex="0"]',
                                     "#controls .buttons button"])
    el("info").innerHTML = panels.info_html(view, w)
    # Both show the viewer's tiles: on a pass screen those are the next person's (their
    # seat is the engine's viewer already), so neither is offered until they take it.
    el("export-diagram").disabled = (view is None or not view.get("hand") or
                                     page.tiles_hidden())
    el("share-button").disabled = page.tiles_hidden()
    if with_log:
        draw_log(page, foot)
    draw_help(page)
    draw_legend(page)
    if page.shown.error:  # a refusal links its ruling (R70)
        show_status(say(page, page.shown.error), "error",
                    rule_links(esc(say(page, page.shown.error)), w))
    elif page.shown.notice:
        show_status(say(page, page.shown.notice), "notice")
    elif not page.link.synced and page.shown.offer is None:  # (not while asking)
        show_status(w.word("status.starting"), "loading")
    else:
        show_status("")
    update_state(page)
    access.off_a_dead_tile(page)
    access.tell_news(page)
    bring_into_view(page)
    # How long drawing took on this thread (MicroPython), for the tests' timing report.
    document.body.setAttribute("data-render-ms", str(int(window.performance.now() - start)))


def bring_into_view(page):
    """The hand-end summary and the settlement come into view by themselves, and a new hand
    brings the table back (once each: the person may scroll away); on a phone the play
    column is scrolled to the top of the screen from the first hand on."""
    view = page.view or {}
    waiting = view.get("waiting_for")
    number = (view.get("hand") or {}).get("hand")
    ended = waiting in ("next_hand", "done")
    key = str(number) + (":" + str(waiting) if ended else "")
    if page.pass_pending():  # the next person's button, on the screen (it has the focus)
        el("controls").scrollIntoView(to_js({"block": "nearest"}))
        return
    phone = NARROW.matches and not embedded()  # (an embed never scrolls the site around it)
    if view and page.link.synced and key != page.drawn.scrolled_key:
        first = page.drawn.scrolled_key is None
        page.drawn.set(scrolled_key=key)
        if ended:
            # What happened and the way on, at the screen's foot: the table above stays
            # in view until the person goes on (the details are further down).
            head = document.querySelector("#controls .summary-head")
            head = el("controls") if absent(head) else head
            below = head.getBoundingClientRect().bottom - window.innerHeight + 8
            if below > 0:
                window.scrollBy(0, below)
            access.focus_if_lost("#controls button.primary, #controls button")
        elif phone:  # a phone: the play column fills the screen, the header above
            el("table").scrollIntoView(to_js({"block": "start"}))
        elif not first:
            el("table").scrollIntoView(to_js({"block": "nearest"}))
    elif phone and view and not ended:
        # The header above grew or shrank since (its words, a new seal): the play column
        # back to the screen's top where it was brought there and has slid a little.
        top = el("table").getBoundingClientRect().top
        if 0 < abs(top) < 120:
            window.scrollBy(0, top)


def draw_legend(page):
    """The legend of the table's marks (its popover), in the language shown."""
    if page.drawn.legend_lang != page.shown.lang:
        page.drawn.set(legend_lang=page.shown.lang)
        el("table-legend").innerHTML = render_force.legend_html(words(page))


def draw_help(page):
    """The payments of "How to play" (the view's, for this table), if they changed."""
    rows = (page.view or {}).get("payments") or []
    key = page.shown.lang + ":" + json.dumps(rows)
    if rows and key != page.drawn.help_key:
        page.drawn.set(help_key=key)
        el("help-payments").innerHTML = panels.payments_help_html(page.view, words(page))


def export_diagram(page):
    """Download the table as a standalone SVG diagram (render_diagram.py): a Blob behind
    an <a download>. The previous download's object URL is released now."""
    view = page.view
    if view is None or not view.get("hand") or page.tiles_hidden():
        return
    svg = diagram.diagram_svg(view, words(page), diagram.seat_hands(view))
    # Plain JS values: MicroPython's proxies of a list or dict are not a JS array/object.
    parts = window.Array.new()
    parts.push(svg)
    options = window.Object.new()
    options.type = "image/svg+xml"
    if page.drawn.diagram_url:
        window.URL.revokeObjectURL(page.drawn.diagram_url)
    page.drawn.set(diagram_url=window.URL.createObjectURL(window.Blob.new(parts, options)))
    anchor = document.createElement("a")
    anchor.href = page.drawn.diagram_url
    anchor.download = diagram.diagram_filename(view)
    document.body.appendChild(anchor)
    anchor.click()
    anchor.remove()


# ---------------------------------------------------------------- dialogs
def maybe_open_announce(page):
    """Open the announcement dialog when the person is to announce (a new set tile starts
    from the first game)."""
    if not page.persons_turn() or page.phase() != PHASE_ANNOUNCE:
        return
    number = page.hand().get("hand")
    if page.dialogs.announce_hand != number:
        page.dialogs.set(announce_hand=number, announce=None)
        then = page.dialogs.then
        page.dialogs.set(then=None)
        open_announce(page, then[1] if then is not None and then[0] == number else None)


GAMES = "#announce-dialog .games"  # the announcement's list of games


def open_announce(page, pick=None):
    """Open the announcement dialog; `pick`, an announcement the coach chose (its action),
    is picked in the form and focus goes to "Announce", ready to be confirmed."""
    page.dialogs.set(coach_hover=False)  # (a mouse left with the last dialog: no pointerout)
    state = None if pick is None else announce.state_for(page.view, pick)
    if state is not None:
        page.dialogs.set(announce=state)
    elif page.dialogs.announce is None:
        page.dialogs.set(announce=announce.default_state(page.view))
    page.dialogs.set(announcing=True)
    draw_announce(page)
    page.changes(ANNOUNCE + ("dialogs.coach_hover", "dialogs.announcing"))  # (drawn)
    open_dialog("announce-dialog")
    show_picked_game()
    if state is not None:
        access.focus("#announce-ok")
    else:  # (the game picked, not the group around the games)
        access.focus(GAMES + ' [aria-pressed="true"]')


def show_picked_game():
    """The game picked is brought into view (on opening, and when the coach's option picks
    another): into the games' own box beside the rest, or on a phone, where the dialog
    scrolls as one, into the dialog above its buttons."""
    games = document.querySelector(GAMES)
    picked = document.querySelector(GAMES + ' [aria-pressed="true"]')
    if absent(games) or games.scrollHeight > games.clientHeight + 1:
        bring_into(games, picked)
    else:
        bring_into(el("announce-dialog"), picked, 8, announce_foot())


def announce_foot():
    """How far (px) the announcement dialog's buttons cover the foot of what it scrolls."""
    foot = document.querySelector("#announce-dialog .dialog-buttons")
    return 0 if absent(foot) else foot.offsetHeight


def draw_announce(page):
    """The dialog's inside, drawn again; its list of games keeps its scroll (a phone's
    list would otherwise jump back to game 1 under the finger that picked game 11)."""
    games = document.querySelector(GAMES)
    kept = 0 if absent(games) else games.scrollTop
    held = access.held_in("announce-body")  # (a keyboard's pick keeps its focus)
    el("announce-body").innerHTML = announce.dialog_html(page.view, page.dialogs.announce,
                                                         words(page), page.shown.coach)
    games = document.querySelector(GAMES)
    if kept and not absent(games):
        games.scrollTop = kept
    access.refocus(held)


def draw_announce_coach(page):
    """The coach's advice in the open announcement dialog, alone: the form keeps its focus.
    The chips on the games' buttons change in place; the list, which may reorder, waits
    while a mouse is over it (dialogs.on_announce_pointer draws it when the mouse leaves)."""
    box = el("announce-coach")
    if absent(box) or not el("announce-dialog").open:
        return
    w = words(page)
    for game, chips in announce.game_chips(page.view, page.shown.coach, w):
        spot = document.querySelector('#announce-body [data-coach-game="' + str(game) + '"]')
        if not absent(spot):
            spot.innerHTML = chips
    if page.dialogs.coach_hover:
        return
    where = access.held_focus()
    box.innerHTML = announce.coach_section(page.view, page.shown.coach, w, steady_order(page))
    if where is not None and where[0] == "announce-coach-button":
        access.give_focus(where)


def draw_new_game(page):
    view = page.view
    in_progress = view is not None and view.get("waiting_for") in ("human", "bot")
    held = access.held_in("newgame-body")
    el("newgame-body").innerHTML = panels.new_game_html(page.dialogs.new_game, in_progress,
                                                        page.settings(), words(page))
    access.refocus(held)
    if held is not None and absent(document.activeElement.closest("#newgame-body")):
        # (its row is gone: a seat given back left one person) the people's number
        access.focus('#newgame-body [data-param="people"][aria-pressed="true"]')
