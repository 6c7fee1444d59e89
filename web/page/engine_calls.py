"""The page's requests to the worker `engine` (main thread, MicroPython).

Only JSON strings cross between the two (see docs/architecture.md): `call()` sends one
request and never raises; `apply()` shows a reply and keeps its save in localStorage, with
the reply itself, so that the next boot draws the game before the engine is up
(`shown_view()`). The computer players act in `bot_loop`, one step at a time, at the pace
the person chose. A saved game is restored (`restore_saved`) and a hand's deal verified
(`verify`) through it too.
"""

import asyncio
import json

import access
import coaching
import embedding
import seals
from browser import absent, storage_drop, storage_get
from display import STATE, keep, maybe_open_announce, redraw, store
from dom import PREFS_KEY, SAVE_KEY, SHOWN_KEY, embedded
from language import words
from pyscript import document, window
from pyscript.ffi import to_js
from replies import of_this_version, save_refused
from safe_json import too_deep

QUICK_STEP = 0.3  # the share of the pace a step that goes round every seat takes


async def call(page, name, payload=""):
    """One request to the worker; never raises (a failure is one sentence)."""
    link = page.link
    if link.elsewhere:  # (another tab holds the game now: game.on_storage)
        return {"view": None, "save": None, "error": {"key": "error.elsewhere"}}
    async with link.lock:  # one at a time, in the order asked
        link.set(busy=True)
        redraw(page, STATE)  # (the rest is drawn with the reply)
        try:
            text = await getattr(link.engine, name)(payload)
            reply = of_this_version(json.loads(text))
            reply["raw"] = text
        except Exception as exc:  # noqa: BLE001
            reply = {"view": None, "save": None, "error": {"key": "error.engine_silent",
                                                           "reason": str(exc)}}
        link.set(busy=False)
    return reply


def shown_view(page):
    """The view last shown, if it belongs to the saved game (its save is the saved game's,
    character for character), else None. Drawn at boot before the engine is up: a reload
    shows the game at once, not playable until the engine has restored it. The reply's text
    is kept (Link.shown_raw): an engine reply that is the same text need not be drawn again."""
    save = storage_get(SAVE_KEY)
    raw = storage_get(SHOWN_KEY)
    if not save or not raw or too_deep(raw):
        return None
    try:
        reply = json.loads(raw)
    except Exception:  # noqa: BLE001 - damaged: MicroPython may raise more than ValueError
        return None
    if not isinstance(reply, dict) or reply.get("save") != save:
        return None
    view = reply.get("view")
    if not isinstance(view, dict) or not isinstance(view.get("hand"), dict) or \
            of_this_version(reply) is not reply:  # (saved by another version of the app)
        return None
    page.link.set(shown_raw=raw)
    return view


def apply(page, reply, skip=None):
    """Show a reply: its view, its error sentence; store its save. Played together, the
    host then sends each device its view (but `skip`'s, which has it)."""
    link = page.link
    link.count("replies")
    link.set(synced=True)  # the engine holds the game it answers about
    # The restored game's reply, word for word the one drawn at boot (shown_view()): its
    # table is on the page already and its save in storage (the table is the largest part
    # of a render, ≈ 10 ms on the boot's critical path). The hand and the controls change
    # from the loading state, so they are drawn.
    shown = reply.get("raw") is not None and reply.get("raw") == link.shown_raw
    link.set(shown_raw=None)
    view = reply.get("view")
    if view is not None:
        page.shown.set(view=view)
        if "you" in view and view["you"] is None:  # a screen that is everyone's: the
            page.shown.set(seen=None)  # next person to act takes the device anew (pass screen)
        seals.remember(page, view)
        page.shown.set(broken=None)
        pace = page.shown.pace
        page.shown.set(pace=pace_of(page, pace if pace is not None else prefs().get("pace")))
    if not shown:
        store(page, reply)
    page.shown.set(error=reply.get("error"))
    if view is not None and view.get("taken_back"):  # (an undo: what it took back, said)
        page.shown.set(notice=view["taken_back"])
    if view is not None and view.get("kept"):  # (a save restored but in part: what it left)
        page.shown.set(notice=view["kept"])
    if shown:
        page.drawn.set(table_ahead=True)
    redraw(page)  # (a reply, counted: the whole page)
    maybe_open_announce(page)
    coaching.start(page)
    if embedded():
        embedding.told(page.view, words(page))
    follow_together(page, skip)
    if page.view is not None and page.view.get("waiting_for") == "bot":
        start_bots(page)


def follow_together(page, skip=None):
    """Played together (docs/together.md): the host sends every device its view. Imported
    only then: a game at this device alone does not load it."""
    if page.together.role is not None or (page.view or {}).get("together"):
        import together

        together.follow(page, skip)


def start_bots(page):
    # One loop per game: a loop of an abandoned game ends at its next step.
    link = page.link
    if page.together.role == "guest":
        return  # (the host's page runs the computer players)
    if link.bots != link.gen and not link.elsewhere:
        link.set(bots=link.gen)
        asyncio.create_task(bot_loop(page, link.gen))


def undo_hold(page):
    """How long (ms) the next computer player waits while the person's play may be taken
    back: the engine's `undo_hold`, at most 6 of the pace's pauses (none at pace 0)."""
    pace = page.shown.pace or 0
    return min(page.settings().get("undo_hold") or 0, 6 * pace)


async def bot_loop(page, gen):
    """The computer players, one action at a time with a pause a person can follow; the
    first waits while the person's play may be taken back (Undo), unless they play on."""
    link = page.link
    try:
        while page.view is not None and page.view.get("waiting_for") == "bot":
            # The pause starts before the request, so that the time a computer player
            # thinks is hidden in it: every step looks alike (R71).
            if gen != link.gen:
                break
            start = window.performance.now()
            held = bool(page.view.get("undo"))
            reply = await call(page, "bot_act")
            # A step that goes round every seat (R8, R9) is quick: the view says which,
            # and how long a step must last at least (a double out of turn weighed, R71).
            pause = max(page.shown.pace * (QUICK_STEP if page.hand().get("quick_step") else 1),
                        (page.view or {}).get("bot_least_ms") or 0)
            if held:
                pause = max(pause, undo_hold(page))
                link.set(play_on=asyncio.Event())
            rest = pause - (window.performance.now() - start)
            if rest > 0:
                if held:
                    try:  # noqa: SIM105 (cut short when the person plays on)
                        await asyncio.wait_for(link.play_on.wait(), rest / 1000)
                    except asyncio.TimeoutError:  # noqa: UP041 - MicroPython's own class
                        pass
                else:
                    await asyncio.sleep(rest / 1000)
            link.set(play_on=None)
            if not page.drawn.playable:
                link.count("paused", int(pause))
            if gen != link.gen:
                break
            if reply.get("error"):
                link.set(stalled=True)
                page.shown.set(error=reply["error"])
                redraw(page)
                break
            apply_quiet(page, reply)
    finally:
        if link.bots == gen:
            link.set(bots=None)


def apply_quiet(page, reply):
    """A bot's move: keep the person's notice, drop an old error."""
    page.link.count("replies")
    page.shown.set(view=reply.get("view") or page.view)
    store(page, reply)
    page.shown.set(error=None)
    redraw(page)  # (a reply, counted: the whole page)
    maybe_open_announce(page)
    coaching.start(page)
    if embedded():  # (the page around hears each computer player's move as it is shown)
        embedding.told(page.view, words(page))
    follow_together(page)


async def act(page, action):
    """Send a legal action (its "send" text), or an attempt (a dict, legal_records.attempt) that
    the engine builds and refuses with its reason."""
    request = {"attempt": action} if isinstance(action, dict) else {"action": action}
    reply = await call(page, "act", json.dumps(request))
    # (the move stays drawn as it was sent until its reply is drawn: a redraw meanwhile,
    # a pointer's or a dialog's, draws no half of it)
    page.shown.set(notice=None)
    page.move.clear()
    if not reply.get("error"):  # after a refusal the toggles stay, for a second try
        page.move.set(close=False, claim=False)
    apply(page, reply)


def spawn(page, coro):
    """Run a request as a task; the page says "waiting" from this very moment (before the
    task starts), so nothing looks playable while the request is under way."""
    page.link.count("pending")
    redraw(page, STATE)
    asyncio.create_task(finish(page, coro))


async def finish(page, coro):
    try:
        await coro
    finally:
        page.link.count("pending", -1)
        redraw(page, STATE)


def send(page, action):
    """The person's action, if the page may send one now."""
    if not page.idle() or not page.persons_turn():
        return
    spawn(page, act(page, action))


def take_back(page, action):
    """Undo the person's last play or set (the view's `undo` action). The computer player's
    reply the page holds through its pause is dropped (a new generation of the bot loop):
    the engine takes it back too, or refuses and its view shows where the game is."""
    if not action or page.link.pending:
        return
    page.link.count("gen")
    page.dialogs.set(announce_hand=None)  # (a set taken back: the announcement comes again)
    spawn(page, act(page, action))


async def command(page, name, payload=""):
    """Next hand, end of the session, verifying the deal: between hands."""
    reply = await call(page, name, payload)
    page.shown.set(notice=None)
    page.move.clear()
    apply(page, reply)


async def start_game(page, cfg, fallback=False):
    """A new game of `cfg` ({"players", "level", "seed", "h1", "h2", "pace"}, each optional:
    the engine has the defaults and checks the limits). With `fallback` (the stored
    preferences), a refused setting is dropped and the game starts with the defaults."""
    if cfg.get("pace") is not None:
        page.shown.set(pace=cfg["pace"])
    cfg = {k: cfg[k] for k in ("players", "level", "seed", "h1", "h2", "people", "seats",
                                "together", "table_screen")
           if cfg.get(k) is not None}
    page.link.count("gen")
    page.link.set(stalled=False)
    page.shown.set(offer=None)
    page.drawn.set(heard_turn=None)  # (a new game's first turn is said, the person's again)
    page.move.clear()
    page.move.set(close=False, claim=False)
    page.dialogs.set(announce=None, announce_hand=None)
    reply = await call(page, "new_game", json.dumps(cfg))
    if fallback and reply.get("error") and cfg:
        reply = await call(page, "new_game", "{}")
    apply(page, reply)
    if not reply.get("error") and not embedded():  # (an embed's are the site's)
        keep(page, PREFS_KEY, json.dumps({"players": cfg.get("players"),
                                          "level": cfg.get("level"),
                                          "h1": cfg.get("h1"), "h2": cfg.get("h2"),
                                          "people": cfg.get("people"),
                                          "seats": cfg.get("seats"),
                                          "together": cfg.get("together"),
                                          "table_screen": cfg.get("table_screen"),
                                          "pace": page.shown.pace}))


def prefs():
    """The stored new-game preferences, as stored (the engine checks them)."""
    text = storage_get(PREFS_KEY) or "{}"
    try:
        data = json.loads(text) if not too_deep(text) else {}
    except Exception:  # noqa: BLE001 - damaged storage is no preference
        data = {}
    return data if isinstance(data, dict) else {}


def pace_of(page, value):
    """`value` if it is a pause the engine's settings allow, else their normal pace."""
    settings = page.settings()
    low, high = (settings.get("delay") or [0, 0])[:2]
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return value
    return settings.get("pace") or 0


async def restore_saved(page):
    """Restore the saved game, else start one with the stored preferences."""
    engine = page.link.engine
    saved = storage_get(SAVE_KEY)
    if not saved:
        await start_game(page, prefs(), fallback=True)
        return
    reply = await call(page, "restore", saved)
    if reply.get("view") is not None:
        apply(page, reply)
        return
    if save_refused(reply):
        # The save is lost: say so once, and drop it, so that no reload meets it again.
        storage_drop(SAVE_KEY)
        storage_drop(SHOWN_KEY)
    # (else the engine failed, not the save: it is kept, for a reload to try again)
    try:  # the new-game dialog needs the settings, which no view brings now
        page.shown.set(settings=json.loads(await engine.settings("")))
    except Exception:  # noqa: BLE001 - the dialog then says the engine is starting
        page.shown.set(settings=None)
    page.shown.set(broken=reply.get("error"), error=None)
    page.shown.set(view=None)  # (a saved game drawn at boot is not the engine's)
    page.link.set(synced=True)
    redraw(page)


async def verify(page):
    """The hand dealt again from its seed (nos.fair), and the verdict brought into view and
    said: it is written at the summary's end, often below the screen."""
    await command(page, "verify", json.dumps({"seal": seals.shown(page)}))
    verdict = document.querySelector(".summary .fair-verified")
    if not absent(verdict):
        verdict.scrollIntoView(to_js({"block": "nearest"}))
        access.tell(str(verdict.textContent))
