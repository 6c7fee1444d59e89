"""The page's state, its drawing and its requests to the engine (main thread, MicroPython).

Split from main.py (events and boot): `S` holds the page's state; `render()` draws it all
from the last view with the pure modules (table.py, render_panels.py, ...); `call()` sends
one request to the worker `engine` (JSON strings both ways, see docs/architecture.md) and
`apply()` shows its reply and stores its save in localStorage. The body's data-state is
"loading", "waiting" (a request is under way), "bot" (computer players act) or "playable".
"""

import asyncio
import json

import render_announce as announce
import render_diagram as diagram
import render_panels as panels
import table as drawing
import ui_logic as logic
from pyscript import document, window
from pyscript.ffi import create_proxy, is_none
from safe_json import too_deep
from say import Words

SAVE_KEY = "nos.game.v1"
# The engine's last reply as received (its view and the save it went with): drawn at the
# next boot before the engine is up, if it belongs to the saved game (shown_view()).
SHOWN_KEY = "nos.shown.v1"
PREFS_KEY = "nos.prefs.v1"
LANG_KEY = "nos.lang"  # the language chosen in the header, kept across visits

S = {
    "engine": None, "view": None, "busy": False, "gen": 0, "bots": None,
    "selected": None, "choose": None, "close": False, "claim": False,
    "mode": "wide", "delay": None, "ann": None, "ann_hand": None,
    "ng": {"players": None, "level": None, "h1": False, "h2": False, "seed": "", "pace": None},
    "words": Words({"lang": "en", "words": {}}), "lang": "en", "settings": None,
    "broken": None, "notice": None, "error": None, "playable": False, "log_key": None,
    "drag": None, "drag_end": None, "stalled": False, "pending": 0, "replies": 0,
    "diagram_url": None, "synced": False, "paused": 0, "shown_raw": None,
}
PROXIES = []  # keep the event handlers alive


def el(elem_id):
    return document.getElementById(elem_id)


def absent(value):
    return value is None or is_none(value)


def attr(node, name):
    value = node.getAttribute(name)
    return None if absent(value) else str(value)


def closest(event, selector):
    target = event.target
    if absent(target) or absent(getattr(target, "closest", None)):
        return None
    node = target.closest(selector)
    return None if absent(node) else node


def listen(node, name, handler):
    proxy = create_proxy(handler)
    PROXIES.append(proxy)
    node.addEventListener(name, proxy)


def storage_get(key):
    try:
        value = window.localStorage.getItem(key)
    except Exception:  # noqa: BLE001 - storage may be unavailable (private mode)
        return None
    return None if absent(value) else str(value)


def storage_set(key, value):
    try:
        window.localStorage.setItem(key, value)
    except Exception:  # noqa: BLE001
        show_status(words().word("error.storage"), "error")


def storage_drop(key):
    try:  # noqa: SIM105 - MicroPython has no contextlib
        window.localStorage.removeItem(key)
    except Exception:  # noqa: BLE001 - nothing to drop where there is no storage
        pass


# ---------------------------------------------------------------- words
def words():
    """The word catalogue of the language shown, seen from the view's viewer ("you")."""
    w = S["words"]
    view = S["view"] or {}
    w.viewer = view.get("viewer")
    w.names = view.get("names") or []
    return w


def say(event):
    """An event (a reply's error, a notice) as a sentence; a sentence as it is."""
    if event is None:
        return ""
    if isinstance(event, dict):
        return words().sentence(words().say(event))
    return str(event)


async def load_words(lang):
    """Fetch the catalogue of `lang` (web/words/<lang>.json) and use it; False if it could
    not be had (the page keeps the language it has)."""
    try:
        response = await window.fetch("./web/words/" + lang + ".json")
        if not response.ok:
            return False
        data = json.loads(await response.text())
        if not isinstance(data, dict) or not isinstance(data.get("words"), dict):
            return False
    except Exception:  # noqa: BLE001 - offline without the file, or damaged
        return False
    S["words"] = Words(data)
    S["lang"] = lang
    document.documentElement.setAttribute("lang", lang)
    return True


def translate_page():
    """The static words of index.html in the language shown: [data-word] elements get their
    text, [data-word-title] their title; the language switch shows the language."""
    w = words()
    nodes = document.querySelectorAll("[data-word]")
    for i in range(nodes.length):
        node = nodes.item(i)
        node.textContent = w.word(str(node.getAttribute("data-word")))
    nodes = document.querySelectorAll("[data-word-title]")
    for i in range(nodes.length):
        node = nodes.item(i)
        node.setAttribute("title", w.word(str(node.getAttribute("data-word-title"))))
    setattr(document, "title", w.word("page.title"))  # noqa: B010 - `.title` reads as str.title
    select = el("lang-select")
    if not absent(select):
        if not select.options.length:  # each language named in itself (ui_logic.LANGUAGES)
            for code, name in logic.LANGUAGES:
                option = document.createElement("option")
                option.value = code
                option.lang = code
                option.textContent = name
                select.appendChild(option)
        select.value = S["lang"]


# ---------------------------------------------------------------- drawing
NARROW = window.matchMedia("(max-width: 699px)")


def screen_mode():
    return "narrow" if NARROW.matches else "wide"


def hand_phase():
    view = S["view"] or {}
    return (view.get("hand") or {}).get("phase")


def settings():
    """The engine's session settings and their limits (from the last view)."""
    return (S["view"] or {}).get("settings") or S.get("settings") or {}


def table_ui():
    targets = []
    if S["selected"] and S["view"]:
        targets = logic.targets_for(S["view"], S["selected"])
    return {"selected": S["selected"], "targets": targets}


def persons_turn():
    """The person may act on the view shown: it is theirs to move, and the engine holds
    the game (not yet while a saved game drawn at boot is being restored)."""
    view = S["view"]
    return S["synced"] and view is not None and view.get("waiting_for") == "human"


def hand_ui():
    view = S["view"]
    active = persons_turn() and hand_phase() in ("play", "out of turn", "set")
    return {"selected": S["selected"],
            "playable": logic.tile_actions(view) if view and S["synced"] else [],
            "active": active}


def controls_ui():
    broken = None
    if S["broken"] is not None:
        broken = words().word("notice.new_game_prompt", {"reason": say(S["broken"])})
    return {"selected": S["selected"], "choose": S["choose"], "close": S["close"],
            "claim": S["claim"], "broken": broken, "loading": not S["synced"],
            "stalled": say(S["error"]) if S["stalled"] else None,
            "targets": table_ui()["targets"]}


def show_status(words, kind=""):
    node = el("status")
    node.textContent = words or ""
    node.className = "status " + kind if kind else "status"


def update_state():
    state = logic.page_state(S["view"], S["busy"] or S["pending"] > 0)
    if S["view"] is None and S["broken"] and not S["busy"] and not S["pending"]:
        state = "playable"
    if S["view"] is not None and not S["synced"]:
        state = "loading"  # the saved game, drawn before the engine holds it
    if S["stalled"]:
        state = "error"
    body = document.body
    body.setAttribute("data-state", state)
    view = S["view"] or {}
    body.setAttribute("data-waiting-for", str(view.get("waiting_for") or "none"))
    body.setAttribute("data-phase", str(hand_phase() or "none"))
    body.setAttribute("data-replies", str(S["replies"]))
    if state == "playable" and S["view"] is not None and not S["playable"]:
        S["playable"] = True
        # The computer players' deliberate pauses before this moment (their pace, not load
        # time): the benchmark reports the boot with and without them.
        body.setAttribute("data-paused-ms", str(S["paused"]))
        window.performance.mark("nos:playable")
        window.dispatchEvent(window.Event.new("nos:playable"))


def render(with_log=True, table=True):
    """Draw everything from the last view (the game log only if `with_log`, the table only
    if `table`: not when it shows that view already)."""
    start = window.performance.now()
    view = S["view"]
    mode = S["mode"]
    w = words()
    if table:
        el("table").innerHTML = drawing.table_svg(view, table_ui(), mode, w)
    el("hand").innerHTML = drawing.hand_svg(view, hand_ui(), mode, w)
    el("controls").innerHTML = panels.controls_html(view, controls_ui(), w)
    el("info").innerHTML = panels.info_html(view, w)
    el("export-diagram").disabled = view is None or not view.get("hand")
    if with_log:
        draw_log()
    if S["error"]:
        show_status(say(S["error"]), "error")
    elif S["notice"]:
        show_status(say(S["notice"]), "notice")
    elif not S["synced"]:
        show_status(w.word("status.starting"), "loading")
    else:
        show_status("")
    update_state()
    # How long drawing took on this thread (MicroPython), for the tests' timing report.
    document.body.setAttribute("data-render-ms", str(int(window.performance.now() - start)))


def draw_log():
    """The game log, if it changed since it was last drawn."""
    view = S["view"]
    log = (view or {}).get("log") or []
    key = S["lang"] + ":" + str(len(log)) + ":" + (json.dumps(log[-1]) if log else "")
    if key != S["log_key"]:
        S["log_key"] = key
        box = el("log")
        box.innerHTML = panels.log_html(view, words())
        box.scrollTop = box.scrollHeight


def redraw_selection():
    """Only what a selection changes: the table's ends, the hand and the prompt."""
    view = S["view"]
    w = words()
    el("table").innerHTML = drawing.table_svg(view, table_ui(), S["mode"], w)
    el("hand").innerHTML = drawing.hand_svg(view, hand_ui(), S["mode"], w)
    el("controls").innerHTML = panels.controls_html(view, controls_ui(), w)


def export_diagram():
    """Download the table as a standalone SVG diagram (render_diagram.py): a Blob behind
    an <a download>. The previous download's object URL is released now."""
    view = S["view"]
    if view is None or not view.get("hand"):
        return
    svg = diagram.diagram_svg(view, words(), diagram.seat_hands(view))
    # Plain JS values: MicroPython's proxies of a list or dict are not a JS array/object.
    parts = window.Array.new()
    parts.push(svg)
    options = window.Object.new()
    options.type = "image/svg+xml"
    if S["diagram_url"]:
        window.URL.revokeObjectURL(S["diagram_url"])
    S["diagram_url"] = window.URL.createObjectURL(window.Blob.new(parts, options))
    link = document.createElement("a")
    link.href = S["diagram_url"]
    link.download = diagram.diagram_filename(view)
    document.body.appendChild(link)
    link.click()
    link.remove()


def clear_selection():
    S["selected"] = None
    S["choose"] = None


# ---------------------------------------------------------------- the engine
async def call(name, payload=""):
    """One request to the worker; never raises (a failure is one sentence)."""
    while S["busy"]:
        await asyncio.sleep(0.02)
    S["busy"] = True
    update_state()
    try:
        fn = getattr(S["engine"], name)
        text = await fn(payload)
        reply = json.loads(text)
        reply["raw"] = text
    except Exception as exc:  # noqa: BLE001
        reply = {"view": None, "save": None, "error": {"key": "error.engine_silent",
                                                       "reason": str(exc)}}
    S["busy"] = False
    return reply


def store(reply):
    """Keep the reply's save, and the reply itself for the next boot's first drawing."""
    save = reply.get("save")
    if save:
        storage_set(SAVE_KEY, save)
        storage_set(SHOWN_KEY, reply.get("raw") or "")


def shown_view():
    """The view last shown, if it belongs to the saved game (its save is the saved game's,
    character for character), else None. Drawn at boot before the engine is up: a reload
    shows the game at once, not playable until the engine has restored it. The reply's text
    is kept in S["shown_raw"]: an engine reply that is the same text need not be drawn again."""
    save = storage_get(SAVE_KEY)
    raw = storage_get(SHOWN_KEY)
    if not save or not raw:
        return None
    if too_deep(raw):
        return None
    try:
        reply = json.loads(raw)
    except Exception:  # noqa: BLE001 - damaged: MicroPython may raise more than ValueError
        return None
    if not isinstance(reply, dict) or reply.get("save") != save:
        return None
    view = reply.get("view")
    if not isinstance(view, dict) or not isinstance(view.get("hand"), dict):
        return None
    S["shown_raw"] = raw
    return view


def apply(reply):
    """Show a reply: its view, its error sentence; store its save."""
    S["replies"] += 1
    S["synced"] = True  # the engine holds the game it answers about
    # The restored game's reply, word for word the one drawn at boot (shown_view()): its
    # table is on the page already and its save in storage (the table is the largest part
    # of a render, ≈ 10 ms on the boot's critical path). The hand and the controls change
    # from the loading state, so they are drawn.
    shown = reply.get("raw") is not None and reply.get("raw") == S["shown_raw"]
    S["shown_raw"] = None
    view = reply.get("view")
    if view is not None:
        S["view"] = view
        S["broken"] = None
        S["delay"] = pace_of(S["delay"] if S["delay"] is not None else prefs().get("pace"))
    if not shown:
        store(reply)
    S["error"] = reply.get("error")
    render(table=not shown)
    maybe_open_announce()
    if S["view"] is not None and S["view"].get("waiting_for") == "bot":
        start_bots()


def start_bots():
    # One loop per game: a loop of an abandoned game ends at its next step.
    if S["bots"] != S["gen"]:
        S["bots"] = S["gen"]
        asyncio.create_task(bot_loop(S["gen"]))


QUICK_STEP = 0.3  # the share of the pace a step that goes round every seat takes


def quick_step():
    """Whether the step under way goes round every seat (the view says so: R8, R9)."""
    return bool(((S["view"] or {}).get("hand") or {}).get("quick_step"))


async def bot_loop(gen):
    """The computer players, one action at a time with a pause a person can follow."""
    try:
        while S["view"] is not None and S["view"].get("waiting_for") == "bot":
            # The pause starts before the request, so that the time a computer player
            # thinks is hidden in it: every step looks alike (R71).
            if gen != S["gen"]:
                break
            start = window.performance.now()
            reply = await call("bot_act")
            pause = S["delay"] * (QUICK_STEP if quick_step() else 1)
            rest = pause - (window.performance.now() - start)
            if rest > 0:
                await asyncio.sleep(rest / 1000)
            if not S["playable"]:
                S["paused"] += int(pause)
            if gen != S["gen"]:
                break
            if reply.get("error"):
                S["stalled"] = True
                S["error"] = reply["error"]
                render()
                break
            apply_quiet(reply)
    finally:
        if S["bots"] == gen:
            S["bots"] = None


def apply_quiet(reply):
    """A bot's move: keep the person's notice, drop an old error."""
    S["replies"] += 1
    S["view"] = reply.get("view") or S["view"]
    store(reply)
    S["error"] = None
    render()
    maybe_open_announce()


async def act(action):
    """Send a legal action (its "send" text), or an attempt (a dict, logic.attempt) that the
    engine builds and refuses with its reason."""
    S["notice"] = None
    clear_selection()
    request = {"attempt": action} if isinstance(action, dict) else {"action": action}
    reply = await call("act", json.dumps(request))
    if not reply.get("error"):  # after a refusal the toggles stay, for a second try
        S["close"] = False
        S["claim"] = False
    apply(reply)


def spawn(coro):
    """Run a request as a task; the page says "waiting" from this very moment (before the
    task starts), so nothing looks playable while the request is under way."""
    S["pending"] += 1
    update_state()
    asyncio.create_task(finish(coro))


async def finish(coro):
    try:
        await coro
    finally:
        S["pending"] -= 1
        update_state()


def send(action):
    if S["busy"] or S["pending"] or not persons_turn():
        return
    spawn(act(action))


async def command(name):
    """Next hand, end of the session: between hands."""
    S["notice"] = None
    clear_selection()
    apply(await call(name))


async def start_game(cfg, fallback=False):
    """A new game of `cfg` ({"players", "level", "seed", "h1", "h2", "pace"}, each optional:
    the engine has the defaults and checks the limits). With `fallback` (the stored
    preferences), a refused setting is dropped and the game starts with the defaults."""
    if cfg.get("pace") is not None:
        S["delay"] = cfg["pace"]
    cfg = {k: cfg[k] for k in ("players", "level", "seed", "h1", "h2")
           if cfg.get(k) is not None}
    S["gen"] += 1
    S["stalled"] = False
    clear_selection()
    S["close"] = S["claim"] = False
    S["ann"] = None
    S["ann_hand"] = None
    reply = await call("new_game", json.dumps(cfg))
    if fallback and reply.get("error") and cfg:
        reply = await call("new_game", "{}")
    apply(reply)
    if not reply.get("error"):
        storage_set(PREFS_KEY, json.dumps({"players": cfg.get("players"),
                                           "level": cfg.get("level"),
                                           "h1": cfg.get("h1"), "h2": cfg.get("h2"),
                                           "pace": S["delay"]}))


def prefs():
    """The stored new-game preferences, as stored (the engine checks them)."""
    text = storage_get(PREFS_KEY) or "{}"
    try:
        data = json.loads(text) if not too_deep(text) else {}
    except Exception:  # noqa: BLE001 - damaged storage is no preference
        data = {}
    return data if isinstance(data, dict) else {}


def pace_of(value):
    """`value` if it is a pause the engine's settings allow, else their normal pace."""
    low, high = (settings().get("delay") or [0, 0])[:2]
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return value
    return settings().get("pace") or 0


# ---------------------------------------------------------------- dialogs
def maybe_open_announce():
    if not persons_turn() or hand_phase() != "announce":
        return
    number = (S["view"].get("hand") or {}).get("hand")
    if S["ann_hand"] != number:
        S["ann_hand"] = number
        S["ann"] = None  # a new set tile: start from the first game
        open_announce()


def open_announce():
    if S["ann"] is None:
        S["ann"] = announce.default_state()
    el("announce-body").innerHTML = announce.dialog_html(S["view"], S["ann"], words())
    dialog = el("announce-dialog")
    if not dialog.open:
        dialog.showModal()
