"""Positions and replays drawn as diagrams, on the rules page and in the embeds: the engine
(nos/, under MicroPython) reads the position and says what is shown (nos.view.diagram_view),
the app's renderer (web/draw/render_diagram.py) draws it. No rule is decided here."""

import render_diagram

from nos.events import payment_event
from nos.notation import SEATS, NotationError
from nos.position import Position
from nos.view import diagram_view


def seat_names(players):
    """Seats go by their letters, as capitals as the rules text writes them (A, B, C, …;
    the position text writes them small)."""
    return [SEATS[i].upper() for i in range(players)]


def open_seats(position):
    """The seats whose tiles `position` shows (None: every seat's, as in a replay)."""
    if position is None:
        return None
    return position.open_seats()


def shown_hands(hand, shown, seat=None):
    """Per seat, its tiles now (highest first) face up if it is one of `shown` (None: all)
    and `seat` is None or that seat, else None (face down)."""
    out = []
    for s in range(hand.players):
        visible = (shown is None or s in shown) and (seat is None or s == seat)
        out.append([t.text for t in sorted(hand.hands[s], reverse=True)] if visible else None)
    return out


def position_svg(text, words, seat=None, caption=None, legend=False, narrow=False):
    """The diagram of a position text (a string of SVG), as `seat` sees it (None: all that
    the text shows); `narrow`: drawn for a phone. Raises NotationError (one sentence:
    str(exc)) for a bad text."""
    position = Position.parse(text)
    return hand_svg(position.hand(), open_seats(position), words, seat, caption, legend,
                    narrow)


def hand_svg(hand, shown, words, seat=None, caption=None, legend=False, narrow=False):
    """The diagram of `hand`, the tiles of the seats `shown` (None: all) face up, as `seat`
    sees it (a seat the hand does not have: as a bystander)."""
    if seat is not None and not 0 <= seat < hand.players:
        seat = None
    words.viewer = seat
    words.names = seat_names(hand.players)
    view = diagram_view(hand, words.names, seat, known=shown)
    return render_diagram.diagram_svg(view, words, shown_hands(hand, shown, seat), None,
                                      caption, legend, narrow, True)  # (assets/site.css)


def payments(words, ledger):
    """The sentences of ledger entries (nos.payments.Payment), in order."""
    return [words.say(payment_event(p)) for p in ledger]


def refusal(exc, words):
    """A bad position's one sentence, in the reader's language where the catalogue has it."""
    if isinstance(exc, NotationError):
        key = "position." + str(exc.key)
        if words.has(key):
            return words.word(key, exc.params)
    return words.word("embed.bad_position", {"reason": str(exc)})


STEP_CMDS = ("start", "back", "next", "end")
# The step buttons' icons, drawn: the media symbols ⏮ and ⏭ are missing from many fonts.
_ICON_SHAPES = {"start": '<rect x="2" y="3" width="2" height="10"/><path d="M14 3v10L5 8z"/>',
                "back": '<path d="M12 3v10L3 8z"/>',
                "next": '<path d="M4 3v10l9-5z"/>',
                "end": '<path d="M2 3v10l9-5z"/><rect x="12" y="3" width="2" height="10"/>'}


def step_icon(cmd):
    """The icon of a Start/Back/Next/End button (SVG, hidden from screen readers)."""
    return ('<svg class="step-icon" viewBox="0 0 16 16" width="16" height="16" '
            'aria-hidden="true" focusable="false" fill="currentColor">' +
            _ICON_SHAPES[cmd] + "</svg>")


def step_to(cmd, step, count):
    """The step a Start/Back/Next/End button leads to, from `step` of `count`."""
    target = {"start": 0, "back": step - 1, "next": step + 1, "end": count}.get(cmd, step)
    return max(0, min(count, target))


# Where the focus goes when the step button that held it leads nowhere now.
FOCUS_INSTEAD = {"next": ("back", "start"), "end": ("back", "start"),
                 "back": ("next", "end"), "start": ("next", "end")}


# The keys that step a replay or a worked example, as in the app's review (reviewing.py).
STEP_KEYS = {"ArrowLeft": "back", "ArrowRight": "next", "Home": "start", "End": "end"}


def key_step(event):
    """The step button a key stands for (←, →, Home, End, with no modifier), or None."""
    if event.altKey or event.ctrlKey or event.metaKey or event.shiftKey:
        return None
    return STEP_KEYS.get(str(event.key))


def on_step_key(event, node, step, count, go):
    """A key pressed for the step buttons under `node`, at `step` of `count`: ←, →, Home or
    End call `go(target)` where it leads elsewhere (at either end a key held changes
    nothing), then put the focus on that key's button, or, disabled there, on one that
    leads back."""
    cmd = key_step(event)
    if cmd is None:
        return
    event.preventDefault()
    target = step_to(cmd, step, count)
    if target != step:
        go(target)
    for each in (cmd,) + FOCUS_INSTEAD.get(cmd, ()):
        button = node.querySelector('[data-cmd="' + each + '"]')
        if not button.disabled:
            button.focus()
            return


def show_controls(node, step, count, words):
    """Enable the step buttons under `node` that lead somewhere and name them. A button
    that had the focus and leads nowhere now (Next at the last step) hands it on to one that
    leads back: disabled, it would drop the keyboard's place to the page's start."""
    focused = node.ownerDocument.activeElement
    held = None
    if focused is not None and node.contains(focused):
        held = focused.getAttribute("data-cmd")
    for cmd in STEP_CMDS:
        button = node.querySelector('[data-cmd="' + cmd + '"]')
        button.disabled = step_to(cmd, step, count) == step
        button.setAttribute("aria-label", words.word("example." + cmd))
    if held in FOCUS_INSTEAD and step_to(held, step, count) == step:
        for cmd in FOCUS_INSTEAD[held]:
            button = node.querySelector('[data-cmd="' + cmd + '"]')
            if not button.disabled:
                button.focus()
                return
