"""Played together (docs/together.md), the page's side: the host relays each joined
device's messages to its engine and sends every device its own view; a guest's engine is
the host, reached over the data channel (`Remote`). WebRTC is web/together/rtc.js, the QR
codes web/together/qr.js, the connection texts web/shared/connection_text.py."""

import asyncio
import json

import connection_text
import deal_check
import render_together
import seals
import share
from browser import PROXIES, absent, el, storage_get, storage_set
from contract import VERIFIED_OK, VERIFIED_UNSEEN, VERSION
from display import draws, redraw
from dom import NAME_KEY, open_dialog
from joining import HOST
from language import words
from legal_records import logged
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

TIMEOUT_S = 15  # a guest's request the host has not answered by then is lost


def seat_id(seat):
    return "seat-" + str(seat)


async def load():
    """The transport and the QR codes (loaded when a table is opened or joined)."""
    await window.nosTogether()


def qr_svg(text):
    try:
        return str(window.nosQr.svg(text))
    except Exception:  # noqa: BLE001 - no code drawn: the text and the link remain
        return ""


def listen(conn, handler):
    def heard(kind, text):
        asyncio.create_task(handler(str(kind), str(text) if text is not None else ""))

    proxy = create_proxy(heard)
    PROXIES.append(proxy)
    window.nosRtc.listen(conn, proxy)


# ---------------------------------------------------------------- the host
def is_host(page):
    view = page.view or {}
    return page.together.role != "guest" and bool(view.get("together"))


def follow(page, skip=None):
    """After a view is shown: a game played together makes this device its host (a
    restored one too: its seats wait for their devices to join again)."""
    tg = page.together
    button = el("together-open")
    if not absent(button):
        button.hidden = tg.role is None and not is_host(page)
    if tg.role == "guest":
        return
    if not is_host(page):  # (a game of this device alone now)
        tg.set(role=None)
        document.body.setAttribute("data-table-screen", "0")
        return
    if tg.role != "host":
        tg.set(role="host")
        tg.set(seats={seat: "free" for seat in page.view["together"]
                      if seat != page.view.get("viewer")})
        asyncio.create_task(open_host(page))
    document.body.setAttribute("data-table-screen", "1" if page.view.get("viewer") is None
                               else "0")
    push(page, skip)


async def open_host(page):
    await load()
    name = own_name()
    if name and name != host_name(page):  # (the name this device gave its person before)
        await give_name(page, name)
    draw(page)
    open_dialog("together-dialog")


async def give_name(page, name):
    """The host's person's name, kept for next time and shown to every device."""
    import engine_calls  # (engine_calls imports this module)

    storage_set(NAME_KEY, name)
    if (page.view or {}).get("viewer") is None:
        return  # (the table's screen: no one's seat)
    reply = await engine_calls.call(page, "named", json.dumps({"name": name}))
    if reply.get("view") is not None:
        engine_calls.apply(page, reply)


def on_change(page, node):
    """A field of the dialog changed (controller.on_change hands it on): the host's name."""
    if page.together.role == "host" and node.id == "together-name":
        name = str(node.value).strip()
        if name:
            asyncio.create_task(give_name(page, name))


async def invite(page, seat):
    """A new invitation for `seat`: an offer, its link and code (an earlier one of that
    seat's, unanswered, is dropped)."""
    tg = page.together
    tg.set(error=None)
    window.nosRtc.close(seat_id(seat))
    tg.set(inviting=seat, offer=None)
    tg.put("seats", seat, "inviting")
    tg.drop("ready", seat)
    redraw(page)
    try:
        sdp = await window.nosRtc.offer(seat_id(seat))
        tg.set(offer=connection_text.pack(str(sdp)))
    except Exception as exc:  # noqa: BLE001
        window.console.error("Nos: no offer: " + str(exc))
        tg.set(error={"key": getattr(exc, "key", None) or "together.no_connection"})
        tg.put("seats", seat, "free")
        tg.set(inviting=None)
    if tg.inviting == seat:
        listen(seat_id(seat), lambda kind, text: on_guest(page, seat, kind, text))
    redraw(page)
    focus, head = el("together-link"), el("together-invite-h")
    if not absent(head):  # (on a phone: the code and what follows it, in view from the top)
        head.scrollIntoView(to_js({"block": "start"}))
    if not absent(focus):
        focus.focus(to_js({"preventScroll": True}))
    if tg.inviting == seat:
        await prefetch(page, seat)


async def prefetch(page, seat):
    """The invited seat's first view, asked for ahead (at the invitation, and anew with each
    change while it waits: push), so that it goes the moment the seat's channel opens."""
    out = await ask_engine(page, "views", {"seats": [seat]})
    keep_first_view(page.together, seat, (out.get("replies") or {}).get(str(seat)))


def waiting_seat(tg):
    """The invited seat, while its device has not answered yet, else None."""
    return tg.inviting if tg.seats.get(tg.inviting) == "inviting" else None


def keep_first_view(tg, seat, view):
    """Keep `view` to send the moment `seat`'s channel opens, if the seat still waits."""
    if seat == waiting_seat(tg):
        tg.put("ready", seat, view)


def invite_link(page):
    path = str(window.location.pathname)
    return str(window.location.origin) + path + "#join=" + page.together.offer


async def accept(page, text):
    """The invited device's answer (pasted, or read from its code)."""
    tg = page.together
    seat = tg.inviting
    if seat is None:
        return
    window.performance.mark("nos:host-accept")  # (bench/together.py)
    try:
        sdp = connection_text.unpack(str(text).strip(), "answer")
        await window.nosRtc.accept(seat_id(seat), sdp)
        tg.set(error=None)
    except Exception as exc:  # noqa: BLE001 - a damaged or foreign text
        tg.set(error={"key": getattr(exc, "key", None) or "together.bad_text"})
    redraw(page)
    if tg.error is None and tg.ready.get(seat) is None:  # (else asked for at the invitation)
        await prefetch(page, seat)


async def on_guest(page, seat, kind, text):
    """What the channel of `seat`'s device brings: it opened, a message, it closed."""
    tg = page.together
    if kind == "open":
        tg.put("seats", seat, "joined")
        if tg.inviting == seat:
            tg.set(inviting=None, offer=None)
        first = tg.drop("ready", seat)
        if first is not None:  # (drawn on the device while the host's engine takes it in)
            send(seat_id(seat), None, first)
        reply = await ask_engine(page, "joined", {"seat": seat})
        if reply != first:
            send(seat_id(seat), None, reply)
        redraw(page)
        words_said(page, "together.joined", {"seat": seat})
    elif kind == "message":
        start = window.performance.now()
        answer = await ask_engine(page, "guest", {"seat": seat, "message": text})
        measure("nos:host-engine", start)  # (the host's share of a guest's round trip)
        reply = answer.get("reply")
        send(seat_id(seat), answer.get("n"), reply,
             "review" if isinstance(reply, dict) and "review" in reply else "reply")
        if answer.get("changed"):
            await refresh(page, skip=seat)
    elif kind in ("close", "failed") and tg.seats.get(seat) in ("joined", "inviting"):
        was = tg.seats[seat]
        tg.put("seats", seat, "lost" if was == "joined" else "free")
        if tg.inviting == seat and kind == "failed":
            tg.set(error={"key": "together.no_connection"})
        redraw(page)
        if was == "joined":
            words_said(page, "together.left", {"seat": seat})


async def ask_engine(page, name, request):
    """A request of the host's engine for the devices, in turn with the page's own."""
    async with page.link.lock:
        try:
            return json.loads(await getattr(page.link.engine, name)(json.dumps(request)))
        except Exception as exc:  # noqa: BLE001
            window.console.error("Nos: together: " + str(exc))
            return {}


def send(conn, n, reply, field="reply"):
    """The host's message to a device: a reply (or a review) answering its message `n`, or
    a view sent unasked (`n` None)."""
    if reply is not None:
        window.nosRtc.send(conn, json.dumps({"nos": VERSION, "n": n, field: reply}))


async def set_away(page, seat, playing):
    """A computer player plays `seat` for its person for now, or gives it back."""
    import engine_calls  # (engine_calls imports this module)

    reply = await engine_calls.call(page, "away", json.dumps({"seat": seat, "playing": playing}))
    engine_calls.apply(page, reply)
    draw(page)


async def refresh(page, skip=None):
    """A device changed the game: the host's own view anew (its computer players go on
    from it), and every other device's."""
    import engine_calls  # (engine_calls imports this module)

    reply = await engine_calls.call(page, "view")
    engine_calls.apply(page, reply, skip=skip)


def push(page, skip=None):
    """Send every joined device its view (after any change the host's page shows)."""
    tg = page.together
    if tg.role != "host" or not any(s in ("joined", "inviting") for s in tg.seats.values()):
        return
    if tg.pushing:
        tg.set(again=True)
        return
    tg.set(pushing=True)
    asyncio.create_task(pushing(page, skip))


async def pushing(page, skip):
    tg = page.together
    try:
        while True:
            tg.set(again=False)
            seats = [s for s, state in tg.seats.items() if state == "joined" and s != skip]
            waits = waiting_seat(tg)
            if not seats and waits is None:
                break  # (the invitation was answered or dropped meanwhile)
            out = await ask_engine(page, "views", {"seats": seats + (
                [] if waits is None else [waits])})
            for seat, reply in (out.get("replies") or {}).items():
                if int(seat) == waits:
                    keep_first_view(tg, waits, reply)  # (kept up to date while it waits)
                elif tg.seats.get(int(seat)) == "joined":
                    send(seat_id(int(seat)), None, reply)
            if not tg.again:
                break
            skip = None
    finally:
        tg.set(pushing=False)


# ---------------------------------------------------------------- a guest
class Remote:
    """A guest's engine: each request goes to the host as a message, and its reply comes
    back as the worker's would (JSON text), or says the host cannot be reached."""

    def __init__(self, page):
        self.page = page
        self.n = 0
        self.waiting = {}  # n -> [asyncio.Event, reply text]

    async def ask(self, ask, body=None):
        self.n += 1
        n = self.n
        message = {"nos": VERSION, "n": n, "ask": ask, "body": body}
        if ask == "act":  # (the view acted on: the host refuses it if the game moved on)
            message["seen"] = logged((self.page.view or {}).get("log") or [])
        done = asyncio.Event()
        self.waiting[n] = [done, None]
        start = window.performance.now()
        if not window.nosRtc.send(HOST, json.dumps(message)):
            self.waiting.pop(n, None)
            return lost()
        try:
            await asyncio.wait_for(done.wait(), TIMEOUT_S)
        except asyncio.TimeoutError:  # noqa: UP041 - MicroPython's own class
            self.waiting.pop(n, None)
            return lost()
        measure("nos:guest-" + ask, start)  # (a request's round trip: bench/together.py)
        return self.waiting.pop(n)[1]

    def heard(self, n, reply):
        """The host's answer to message `n`; False if it answers none (a view sent unasked)."""
        entry = self.waiting.get(n) if n is not None else None
        if entry is None:
            return False
        entry[1] = json.dumps(reply)
        entry[0].set()
        return True

    async def act(self, payload):
        return await self.ask("act", json.loads(payload) if payload else {})

    async def next_hand(self, _payload=""):
        return await self.ask("next_hand")

    async def end_session(self, _payload=""):
        return await self.ask("end_session")

    async def verify(self, payload):
        return await self.ask("verify", json.loads(payload) if payload else {})

    async def view(self, _payload=""):
        return await self.ask("view")

    async def bot_act(self, _payload=""):
        return refusal("together.host_only")

    async def coach(self, _payload=""):  # (the host's engine weighs it for this seat)
        return await self.ask("coach")

    async def share(self, _payload=""):
        return json.dumps({"position": None, "record": None, "hand": None, "error": None})

    async def review(self, payload=""):
        body = json.loads(payload) if payload else {}
        hand = body.get("hand")
        text = await self.ask("review", {"hand": hand} if type(hand) is int else {})
        reply = json.loads(text)
        if "review" not in reply:  # (the host did not answer: said as a review's refusal)
            reply = {"review": None, "error": reply.get("error")}
        return json.dumps(reply)

    async def settings(self, _payload=""):
        return json.dumps((self.page.view or {}).get("settings") or {})


def refusal(key):
    return json.dumps({"view": None, "save": None, "error": {"key": key}})


def lost():
    return refusal("together.host_lost")


async def join(page):
    """Answer the host's invitation this page was opened with, and wait for the channel."""
    tg = page.together
    tg.set(role="guest", state="answering", remote=Remote(page))
    el("together-open").hidden = False
    page.link.set(engine=tg.remote)
    redraw(page)
    open_dialog("together-dialog")
    answer = await tg.answering  # (joining.begin: its text, or why there is none)
    if isinstance(answer, dict):
        tg.set(error=answer, state="failed")
    else:
        tg.set(answer=answer, state="answer")
        listen(HOST, lambda kind, text: on_host(page, kind, text))  # (its events wait)
        window.performance.mark("nos:guest-answer")
    redraw(page)


async def on_host(page, kind, text):
    import engine_calls  # (engine_calls imports this module)

    tg = page.together
    if kind == "open":
        window.performance.mark("nos:guest-open")
        tg.set(state="joined", error=None)
        dialog = el("together-dialog")
        if dialog.open:
            dialog.close()
        page.link.set(synced=True)
        name = own_name()
        if name:
            storage_set(NAME_KEY, name)
            await tg.remote.ask("hello", {"name": name})
    elif kind == "message":
        if not tg.drawn:
            window.performance.mark("nos:guest-heard")  # (bench/together.py)
        try:
            message = json.loads(text)
        except Exception:  # noqa: BLE001
            return
        if not isinstance(message, dict) or message.get("nos") != VERSION:
            tg.set(error={"key": "together.version"})
            redraw(page)
            open_dialog("together-dialog")
            return
        if isinstance(message.get("review"), dict):  # (the review asked for)
            tg.remote.heard(message.get("n"), message["review"])
            return
        reply = message.get("reply")
        if isinstance(reply, dict):
            check_deal(page, reply.get("view"))
            if not tg.remote.heard(message.get("n"), reply):
                engine_calls.apply(page, reply)
                if not tg.drawn:  # (its first view: bench/together.py)
                    tg.set(drawn=True)
                    window.performance.mark("nos:guest-view")
    elif kind in ("close", "failed"):
        if tg.state == "joined":
            tg.set(state="lost")
        elif kind == "failed":
            tg.set(error={"key": "together.no_connection"})
        page.link.set(synced=False)
        redraw(page)
        open_dialog("together-dialog")


def check_deal(page, view):
    """A guest checks each hand's deal itself (nos/fair.py; web/shared/deal_check.py): it
    keeps the tiles it was dealt and the seal it was shown, and once the host reveals the
    hand's seed, the seed must hash to that seal and deal exactly those tiles. Its verdict,
    not the host's, is the one its summary shows: a host that changed a deal is caught."""
    if not isinstance(view, dict):
        return
    tg, fair, hand = page.together, view.get("fair") or {}, view.get("hand") or {}
    number, me = fair.get("hand"), view.get("viewer")
    if type(number) is not int or type(me) is not int:
        return
    mine = [step for step in hand.get("history") or [] if step[0] == me]
    if not fair.get("seed") and not mine and number not in tg.dealt:  # (as dealt: R2)
        tg.put("dealt", number, list(hand.get("tiles") or []))
    seed = fair.get("seed")
    if seed and number not in tg.verified:
        seal = seals.shown(page, number)
        found = deal_check.check(seed, seal or deal_check.commitment(seed), me,
                                 tg.dealt.get(number), view.get("players"),
                                 bool(hand.get("first_hand")))
        tg.put("verified", number, VERIFIED_UNSEEN if found == VERIFIED_OK and not seal else found)
    if seed and number in tg.verified:
        fair["verified"] = tg.verified[number]


# ---------------------------------------------------------------- the dialog
def draw(page):
    tg = page.together
    w = words(page)
    body = el("together-body")
    if absent(body):
        return
    if tg.role == "guest":
        name = own_name()
        body.innerHTML = render_together.guest_html(tg.state, tg.answer, qr_svg(tg.answer)
                                                    if tg.answer else "", tg.error, w, name)
        return
    link = invite_link(page) if tg.offer else ""
    nav = window.navigator
    body.innerHTML = render_together.host_html(
        page.view or {}, tg.seats, tg.inviting, link, qr_svg(link) if link else "", tg.error,
        w, can_scan=bool(getattr(window, "nosQr", None)) and bool(window.nosQr.canScan()),
        can_share=not absent(getattr(nav, "share", None)), scanning=bool(tg.scanning),
        name=own_name() or host_name(page))


# The dialog is drawn anew when what it shows changes (display.redraw); the rest is the
# connections' bookkeeping.
draws(("together.role", "together.seats", "together.inviting", "together.offer",
       "together.state", "together.answer", "together.error", "together.scanning"), draw)
draws(("together.ready", "together.pushing", "together.again", "together.remote",
       "together.dealt", "together.verified", "together.drawn"))


def host_name(page):
    """The host's person's name in the game."""
    view = page.view or {}
    names, seat = view.get("names") or [], view.get("viewer")
    return names[seat] if type(seat) is int and seat < len(names) else ""


def own_name():
    """The name this device gives its person: as typed in the dialog, else the one it gave
    last time (a guest keeps only this of its own)."""
    box = el("together-name")
    typed = "" if absent(box) else str(box.value).strip()
    return typed or (storage_get(NAME_KEY) or "").strip()[:16]


def measure(name, start):
    """A performance measure from `start` (ms) to now, for the bench (bench/together.py)."""
    window.performance.measure(name, to_js({"start": start,
                                            "end": window.performance.now()}))


def words_said(page, key, params):
    import access

    access.tell(words(page).word(key, params))


async def share_link(page):
    try:  # noqa: SIM105 - MicroPython has no contextlib.suppress
        await window.navigator.share(to_js({"title": words(page).word("together.title"),
                                            "url": invite_link(page)}))
    except Exception:  # noqa: BLE001 - dismissed
        pass


async def scan(page):
    """The host's camera reads the invited device's code (web/together/qr.js)."""
    tg = page.together
    if tg.scanning:
        window.nosQr.stopScan()
        tg.set(scanning=False)
        redraw(page)
        return
    tg.set(scanning=True)
    redraw(page)

    def read(text):
        window.nosQr.stopScan()
        tg.set(scanning=False)
        asyncio.create_task(accept(page, str(text)))

    proxy = create_proxy(read)
    PROXIES.append(proxy)
    reason = str(await window.nosQr.startScan(el("together-video"), proxy) or "")
    if reason:
        tg.set(scanning=False, error={"key": "together.camera." + reason.replace("-", "_")})
        redraw(page)


def on_command(page, cmd, node):
    """The dialog's buttons (commands.run hands them on): COMMANDS below."""
    handler = COMMANDS.get(cmd)
    if handler is not None:
        handler(page, node)


def reopen(page, _node):
    if page.together.role is not None:
        draw(page)
        open_dialog("together-dialog")


def accept_pasted(page, _node):
    box = el("together-answer")
    if not absent(box):
        asyncio.create_task(accept(page, box.value))


def close(page, _node):
    tg = page.together
    if tg.scanning:
        window.nosQr.stopScan()
        tg.set(scanning=False)
    el("together-dialog").close()


COMMANDS = {
    "together-open": reopen,
    "together-invite": lambda page, node: asyncio.create_task(
        invite(page, int(node.getAttribute("data-seat")))),
    "together-accept": accept_pasted,
    "together-copy": lambda page, node: asyncio.create_task(
        share.copy(page, node, "together-body")),
    "together-share": lambda page, _node: asyncio.create_task(share_link(page)),
    "together-scan": lambda page, _node: asyncio.create_task(scan(page)),
    "together-away": lambda page, node: asyncio.create_task(set_away(
        page, int(node.getAttribute("data-seat")), node.getAttribute("data-playing") == "1")),
    "together-close": close,
}
