"""The page's commands: what each button's `data-cmd` does, in one table (COMMANDS), not a
chain of tests. controller.on_click hands a click on [data-cmd] to `run`. A command that
needs the engine to hold the game shown is not run before it does (a saved game drawn at
boot); a guard in a handler says when else a command does nothing."""

import asyncio

import access
import coaching
import dialogs
import moves
import reviewing
import share
import zoom
from display import export_diagram, maybe_open_announce, open_announce, redraw
from dom import attr
from engine_calls import (
    command,
    restore_saved,
    spawn,
    start_bots,
    start_game,
    take_back,
    verify,
)
from language import words
from pyscript import window


def run(page, cmd, node):
    """Do command `cmd` of the element `node`."""
    if cmd.startswith("together-"):  # played together: the seats, the invitations
        import together  # (only a game played together needs it: not at boot)

        together.on_command(page, cmd, node)
        return
    entry = COMMANDS.get(cmd)
    if entry is None:
        return
    handler, needs_engine = entry
    if needs_engine and not page.link.synced:
        return  # the saved game is drawn, but the engine does not hold it yet
    handler(page, cmd, node)


# ---------------------------------------------------------------- at any time
def new_game(page, _cmd, _node):
    dialogs.open_new_game(page)


def export(page, _cmd, _node):
    export_diagram(page)


def share_open(page, _cmd, _node):
    spawn(page, share.open_share(page))


def share_copy(page, _cmd, node):
    asyncio.create_task(share.copy(page, node))


def share_close(_page, _cmd, _node):
    share.close()


def review(page, _cmd, node):
    """The hand review (nos/review.py), from the summary or the log."""
    number, seat = attr(node, "data-hand"), attr(node, "data-seat")
    asyncio.create_task(reviewing.open_review(page, None if number is None else int(number),
                                              None if seat is None else int(seat)))


def review_step(page, _cmd, node):
    reviewing.step(page, node)


def review_close(page, _cmd, _node):
    reviewing.close(page)


def zoom_step(page, cmd, _node):
    zoom.command(page, cmd)


def offer(page, cmd, _node):
    """A link's new game, or the saved one kept (controller.load_game)."""
    asked = page.shown.offer
    if asked is None:
        return
    page.shown.set(offer=None)
    spawn(page, start_game(page, asked) if cmd == "offer-yes" else restore_saved(page))


# ---------------------------------------------------------------- with the engine's game
def end(page, _cmd, node):
    """The end chooser beside the hand (ends too close to tap)."""
    moves.on_end(page, int(attr(node, "data-arm")))


def play_on(page, _cmd, _node):
    """Undo declined: the next computer player goes now."""
    if page.link.play_on is not None:
        page.link.play_on.set()


def undo(page, _cmd, node):
    take_back(page, attr(node, "data-send"))


def announce_open(page, _cmd, node):
    open_announce(page, attr(node, "data-coach"))  # (the coach's pick, if any)


def next_hand(page, _cmd, _node):
    if page.idle():
        spawn(page, command(page, "next_hand"))


def pass_ready(page, _cmd, _node):
    """Pass-and-play: the next person has the device."""
    page.shown.set(seen=(page.view or {}).get("viewer"))
    coaching.taken_by(page, page.shown.seen)
    redraw(page)
    maybe_open_announce(page)
    coaching.start(page)


def toggle_coach(page, _cmd, _node):
    coaching.toggle(page)


def take_over(_page, _cmd, _node):
    """The game as the other tab left it (controller.on_storage)."""
    window.location.reload()


def verify_deal(page, _cmd, _node):
    """The hand dealt again from its seed (nos.fair)."""
    if page.idle():
        spawn(page, verify(page))


def end_session(page, _cmd, _node):
    """Asked first: a settled session cannot go on (R24)."""
    page.move.set(settle=True)
    redraw(page)
    access.focus('#controls [data-cmd="cancel"]')  # (the question said, the safe answer
    access.tell(words(page).word("confirm.settle"))  # in focus)


def settle(page, _cmd, _node):
    if page.move.settle and page.idle():
        page.move.set(settle=False)
        spawn(page, command(page, "end_session"))


def toggle_close(page, _cmd, _node):
    page.move.set(close=not page.move.close)
    redraw(page)


def toggle_claim(page, _cmd, _node):
    page.move.set(claim=not page.move.claim)
    redraw(page)


def out(page, _cmd, node):
    """The outward end of a play whose tile could go either way round."""
    choice = page.move.choice
    if choice:
        page.move.set(choice=None)
        moves.play(page, choice["tile"], choice["arm"], int(attr(node, "data-out")))


def close_answer(page, cmd, _node):
    """A play that would close the game, confirmed with or without the close (R18/R19)."""
    confirm = page.move.confirm
    if confirm:
        page.move.set(close=cmd == "close-yes")
        moves.play(page, confirm["tile"], confirm["arm"], confirm["out"], confirmed=True)


def cancel(page, _cmd, _node):
    page.move.clear()
    redraw(page)


def resume_bots(page, _cmd, _node):
    page.link.set(stalled=False)
    page.shown.set(error=None)
    redraw(page)
    start_bots(page)


# data-cmd -> (handler(page, cmd, node), whether the engine must hold the game shown)
COMMANDS = {
    "new-game": (new_game, False),
    "export-diagram": (export, False),
    "share": (share_open, False),
    "share-copy": (share_copy, False),
    "share-close": (share_close, False),
    "review": (review, False),
    "review-step": (review_step, False),
    "review-close": (review_close, False),
    "zoom-in": (zoom_step, False),
    "zoom-out": (zoom_step, False),
    "offer-yes": (offer, False),
    "offer-no": (offer, False),
    "end": (end, True),
    "play-on": (play_on, True),
    "undo": (undo, True),
    "announce-open": (announce_open, True),
    "next-hand": (next_hand, True),
    "pass-ready": (pass_ready, True),
    "toggle-coach": (toggle_coach, True),
    "take-over": (take_over, True),
    "verify": (verify_deal, True),
    "end-session": (end_session, True),
    "settle-yes": (settle, True),
    "toggle-close": (toggle_close, True),
    "toggle-claim": (toggle_claim, True),
    "out": (out, True),
    "close-yes": (close_answer, True),
    "close-no": (close_answer, True),
    "cancel": (cancel, True),
    "resume-bots": (resume_bots, True),
}
