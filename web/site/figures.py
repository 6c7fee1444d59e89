"""Positions and replays drawn as diagrams, on the rules page and in the embeds: the engine
(nos/, under MicroPython) reads the position and says what is shown (nos.view.diagram_view),
the app's renderer (web/draw/render_diagram.py) draws it. No rule is decided here."""

import render_diagram

from nos.events import payment_event
from nos.notation import SEATS, NotationError
from nos.position import Position
from nos.view import diagram_view


def seat_names(players):
    """Seats go by their letters, as in the position text and the rules (a, b, c, …)."""
    return [SEATS[i] for i in range(players)]


def shown_hands(position, seat=None):
    """Per seat, its tiles face up where the position shows them all (and `seat` is None or
    that seat), else None (face down)."""
    out = []
    for s, h in enumerate(position.fields["hands"]):
        visible = not h["hidden"] and (seat is None or s == seat)
        out.append(list(h["tiles"]) if visible else None)
    return out


def position_svg(text, words, seat=None, caption=None, legend=False):
    """The diagram of a position text (a string of SVG), as `seat` sees it (None: all that
    the text shows). Raises NotationError (one sentence: str(exc)) for a bad text."""
    position = Position.parse(text)
    return hand_svg(position.hand(), position, words, seat, caption, legend)


def hand_svg(hand, position, words, seat=None, caption=None, legend=False):
    """The diagram of `hand` (standing at `position`), as `seat` sees it (a seat the hand
    does not have: as a bystander)."""
    if seat is not None and not 0 <= seat < hand.players:
        seat = None
    words.viewer = seat
    words.names = seat_names(hand.players)
    view = diagram_view(hand, words.names, seat)
    svg = render_diagram.diagram_svg(view, words, shown_hands(position, seat), None, caption,
                                     legend)
    # Inline in a page, its <style> is the page's business (assets/site.css sets the font)
    # and a CSP without 'unsafe-inline' (ours, a host site's) would refuse it, loudly.
    return svg.replace(render_diagram.STYLE, "")


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
