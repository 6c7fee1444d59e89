"""embed.html: a position (?pos=TEXT) or a replay (a record in the URL's fragment, #r=…,
with ?hand=H&step=K) in any site's iframe, drawn on the main thread by MicroPython with the
engine: no Pyodide. (A playable table, ?play=1, is the app itself: web/embed.js sends it to
index.html in its embedded mode.)

The page around it talks to it by postMessage (docs/embedding.md): it posts
{type: "nos:ready"} once drawn and {type: "nos:resize", height} whenever its height changes;
it takes {type: "nos:load", position} / {type: "nos:load", record, hand, step} /
{type: "nos:load", step} and {type: "nos:lang", lang}, from window.parent alone (and from
the origin ?host= names, if given). Anything else is ignored.
"""

import asyncio
import json

import figures
import record_link
import site_main
from browser import PROXIES, Height, absent, diagrams_narrow, el, listen, post_to_parent
from pyscript import document, window
from pyscript.ffi import create_proxy
from query import printable
from safe_json import digits, too_deep

from nos.errors import BadRecord
from nos.notation import SEATS, NotationError
from nos.record import replay

LIMIT = 4000  # characters of a position text: far more than any position needs


class Embed:
    """What the embed shows: a position, or a replay of one hand at one step."""

    def __init__(self, words, seat):
        self.words = words
        self.seat = seat
        self.position = None  # a position text
        self.record = None  # a replay: the record, its session, the hand, the step
        self.session = None
        self.hand = 0
        self.step = 0
        self.error = None  # what is wrong, worded in the language shown: error(words)
        self.narrow = None  # drawn for a phone (render_diagram.NARROW_BELOW), or not
        self.height = Height(content=True)  # told to the page around (nos:resize)
        self.lang_asked = 0  # nos:lang messages so far: only the last one's words are shown
        self.host = ""  # the origin of the page around, if it names one (?host=): only its
        # messages are taken
        self.warned = False  # whether a message was ignored with a warning (one, then none)

    def steps(self):
        return len(self.record["hands"][self.hand]["actions"])


def seat_of(value, players=5):
    """A seat from ?seat= (a letter a-e or a number 0-4), else None."""
    v = str(value or "").strip().lower()
    if len(v) == 1 and v in SEATS[:players]:
        return SEATS.index(v)
    if digits(v) and int(v) < players:
        return int(v)
    return None


def host_of(value):
    """The origin ?host= names ("https://site.example"), as browsers write origins: lower
    case, no path; "" if none is given. A value that is no origin names one that no window
    has: no message is then taken."""
    v = str(value or "").strip().lower()
    while v.endswith("/"):
        v = v[:-1]
    return v


def number(value, default):
    v = str(value or "").strip()
    return int(v) if digits(v) and len(v) < 7 else default


def load_record(embed, record, hand=None, step=None):
    """A replay: the record checked and replayed by the engine (a bad one: one sentence)."""
    try:
        session = replay(record)
    except (BadRecord, ValueError) as exc:
        # The reader gets one sentence in their language; the engine's reason (English, for
        # whoever made the link) goes to the console.
        window.console.warn("Nos: the replay's record was refused:", str(exc))
        embed.error = bad_replay
        embed.record = embed.session = None  # (a step then has no replay to move)
        return
    if not session.hands:
        embed.error = bad_record
        embed.record = embed.session = None
        return
    embed.record, embed.session, embed.position = record, session, None
    count = len(session.hands)
    embed.hand = max(1, min(count, hand if hand is not None else count)) - 1
    total = embed.steps()
    embed.step = max(0, min(total, step if step is not None else total))
    embed.error = None


def bad_record(words):
    return words.word("embed.bad_record")


def bad_replay(words):
    return words.word("embed.bad_replay")


def replay_hand(embed):
    """The position of the replay: hand `embed.hand` after `embed.step` actions."""
    from nos.record import replay_to

    return replay_to(embed.record, embed.hand, embed.step, full=embed.session).hand


def draw(embed):
    """The position, or the replay and its controls, or the one sentence of what is wrong."""
    words = embed.words
    board = el("board")
    controls = el("replay-controls")
    note = el("embed-note")
    note.textContent = ""
    controls.hidden = True
    narrow = embed.narrow = diagrams_narrow()  # (an iframe as narrow as a phone, too)
    replaying = embed.record is not None
    failed = False
    if embed.error:
        board.innerHTML = ""
        note.textContent = embed.error(words)
        failed = True
    elif embed.position is not None:
        try:
            board.innerHTML = figures.position_svg(embed.position, words, embed.seat,
                                                   None, True, narrow)
        except NotationError as exc:
            board.innerHTML = ""
            note.textContent = figures.refusal(exc, words)
            failed = True
    elif embed.record is not None:
        board.innerHTML = figures.hand_svg(replay_hand(embed), None, words, embed.seat, None,
                                           True, narrow)
        controls.hidden = False
        el("replay-count").textContent = words.word("embed.move", {"n": embed.step,
                                                                   "count": embed.steps()})
        el("replay-title").textContent = words.word("embed.replay", {"hand": embed.hand + 1})
        figures.show_controls(controls, embed.step, embed.steps(), words)
        document.body.setAttribute("data-step", str(embed.step))
    else:
        board.innerHTML = ""
        note.textContent = words.word("embed.nothing")
        failed = True
    # The frame's title and its heading (read by screen readers only) say what it shows.
    title = (words.word("embed.failed_title") if failed else
             words.word("embed.replay_title", {"hand": embed.hand + 1}) if replaying else
             words.word("embed.title"))
    document.title = title
    el("embed-heading").textContent = (
        words.word("embed.replay", {"hand": embed.hand + 1}) if replaying and not failed
        else title)
    embed.height.report()


def on_control(embed, event):
    target = event.target.closest("button[data-cmd]")
    if absent(target) or embed.record is None:
        return
    embed.step = figures.step_to(str(target.getAttribute("data-cmd")), embed.step,
                                 embed.steps())
    draw(embed)


def on_key(embed, event):
    """←, →, Home and End step a replay, wherever the frame has the focus."""
    controls = el("replay-controls")
    if embed.record is None or controls.hidden:
        return

    def go(target):
        embed.step = target
        draw(embed)

    figures.on_step_key(event, controls, embed.step, embed.steps(), go)


def on_resize(embed):
    """A frame made narrower or wider than a phone's is drawn again for its new width."""
    if embed.narrow is not None and diagrams_narrow() != embed.narrow:
        draw(embed)


# The largest message read: a record as a link's text (record_link.LIMIT) and its fields.
MESSAGE_LIMIT = record_link.LIMIT + 1000


def warn_once(embed):
    """One console warning for the first message ignored as malformed or as another window's
    (a flood of 10,000 gets one), never thrown."""
    if not embed.warned:
        embed.warned = True
        window.console.warn("Nos: " + embed.words.word("embed.bad_message"))


async def on_message(embed, event):
    """nos:load and nos:lang from the page around (window.parent; from its origin alone if
    ?host= names one); anything malformed, or sent by any other window, is ignored (with
    one console warning, never thrown)."""
    # (web/embed.js, in the browser: a message of megabytes took MicroPython seconds to read
    # before it could be refused; and MicroPython cannot compare two windows.)
    text = window.nosMessage(event, MESSAGE_LIMIT, embed.host)
    if not isinstance(text, str):
        return  # someone else's message (its type does not start with "nos:")
    if text.startswith("!") or too_deep(text):  # (another window's; too long to be one
        # of ours; or nested so deep that its parse would exhaust the stack)
        warn_once(embed)
        return
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if not isinstance(data, dict) or not str(data.get("type", "")).startswith("nos:"):
        return  # someone else's message
    kind = data.get("type")
    if kind in ("nos:ready", "nos:resize", "nos:action", "nos:hand-end"):
        return  # what an embed posts, not what it is told
    if kind == "nos:lang" and isinstance(data.get("lang"), str):
        embed.lang_asked += 1
        asked = embed.lang_asked
        code, words = await site_main.read_words(site_main.choose(data["lang"][:8], False))
        if asked != embed.lang_asked:
            return  # a later nos:lang came meanwhile: only its language is shown, whichever
            # catalogue arrives last (shown here, this one would mark the page nl under pl)
        embed.words = site_main.show_words(code, words)
    elif kind == "nos:load" and isinstance(data.get("position"), str):
        embed.position = printable(data["position"][:LIMIT].strip())  # (a file's
        # text ends with a newline; one inside shows as U+FFFD)
        embed.record = embed.session = embed.error = None
    elif kind == "nos:load" and any(data.get(k) is not None and whole(data.get(k)) is None
                                    for k in ("hand", "step")):
        warn_once(embed)  # ("1", -2)
        return
    elif kind == "nos:load" and isinstance(data.get("record"), (dict, str)):
        record = data["record"]
        if isinstance(record, str):
            try:
                record = record_link.decode(record)
            except ValueError as exc:
                embed.error = link_refusal(exc)
                embed.record = embed.session = None  # (a step then has no replay to move)
                draw(embed)
                return
        load_record(embed, record, whole(data.get("hand")), whole(data.get("step")))
    elif kind == "nos:load" and embed.record is not None and whole(data.get("step")) is not None:
        embed.step = max(0, min(embed.steps(), whole(data.get("step"))))
    else:
        warn_once(embed)
        return
    draw(embed)


def link_refusal(exc):
    """The sentence for a link's record that cannot be read: too long, or damaged."""
    return too_long if isinstance(exc, record_link.TooLarge) else bad_record


def too_long(words):
    return words.word("embed.too_long")


def whole(value):
    return value if isinstance(value, int) and not isinstance(value, bool) and \
        0 <= value < 1000000 else None


def fragment_record():
    """The record of the URL's fragment (#r=…), or None; raises ValueError if damaged."""
    frag = str(window.location.hash or "")
    if not frag.startswith("#r="):
        return None
    return record_link.decode(frag[3:])


async def start(words, params):
    embed = Embed(words, seat_of(params.get("seat")))
    embed.host = host_of(params.get("host"))
    if "pos" in params:
        embed.position = params["pos"][:LIMIT]
    else:
        try:
            record = fragment_record()
        except ValueError as exc:
            record = None
            embed.error = link_refusal(exc)
        if record is not None:
            load_record(embed, record, number(params.get("hand"), None),
                        number(params.get("step"), None))
    for cmd in figures.STEP_CMDS:
        el("replay-controls").querySelector('[data-cmd="' + cmd + '"]').innerHTML = (
            figures.step_icon(cmd))
    listen(el("replay-controls"), "click", lambda event: on_control(embed, event))
    listen(document.body, "keydown", lambda event: on_key(embed, event))
    handler = create_proxy(lambda event: asyncio.create_task(on_message(embed, event)))
    # (window.addEventListener through MicroPython's proxy loses its `this`.)
    window.onmessage = handler
    resized = create_proxy(lambda event: on_resize(embed))
    window.onresize = resized
    PROXIES.extend([handler, resized])
    draw(embed)
    embed.height.watch()
    document.body.setAttribute("data-state", "ready")
    window.performance.mark("nos:embed-drawn")
    post_to_parent({"type": "nos:ready"})
