"""What the page makes of the worker's replies (docs/view-format.md): a view of another
version, a saved game the engine refused, the body's data-state. Pure functions in the
MicroPython subset (see web/draw/render_svg.py)."""

from contract import VERSION, WAITING_BOT, WAITING_OTHER


def save_refused(reply):
    """Whether the engine refused a saved game it was asked to restore (damaged, or not a
    game it can replay): only then is the save dropped. A failure of the engine itself (it
    did not answer, or failed) keeps the save for the next load to try again."""
    error = reply.get("error") or {}
    return error.get("key") in ("error.save_damaged", "error.save_unreadable",
                                "error.save_unrestorable")


def of_this_version(reply):
    """`reply` (the worker's answer) if its view is of the version this page draws
    (docs/view-format.md), else one that draws nothing, keeps nothing and says why in one
    sentence: the game on the page and in storage stays as it was."""
    view = reply.get("view") if isinstance(reply, dict) else None
    if not isinstance(view, dict) or view.get("version") == VERSION:
        return reply
    return {"view": None, "save": None, "error": {"key": "error.view_version"}}


def page_state(view, busy):
    """The body's data-state: "loading", "waiting" (a request, or the language chosen, is
    under way), "bot" (the computer players are acting) or "playable" (the person can
    act)."""
    if view is None:
        return "loading"
    if busy:
        return "waiting"
    if view.get("waiting_for") in (WAITING_BOT, WAITING_OTHER):
        return "bot"
    return "playable"
