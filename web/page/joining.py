"""A device joining a table (index.html#join=…, docs/together.md): its answer to the host's
offer, begun as the page boots, before the table frame is drawn, so that the answer is
ready as soon as the page is; together.join shows it. Imported only by a joining page."""

import asyncio

import connection_text
from pyscript import window

HOST = "host"  # a guest's one connection


def begin():
    """The answer under way, an asyncio task whose result is its connection text, or the
    event that says why there is none (returned, not raised: a task that raises before
    anyone awaits it is reported on the console as never retrieved). The browser starts on
    it at once: a task would start only at the boot's first await, after the frame."""
    try:
        under_way = start()  # (web/boot.js loads the transport for a joining page)
    except Exception:  # noqa: BLE001 - said by the task: the link, or no transport yet
        under_way = None
    return asyncio.create_task(answer(under_way))


def start():
    """The browser's answer to the link's offer, a JS promise (raises for a damaged link)."""
    text = str(window.location.hash)[len("#join="):]
    return window.nosRtc.answer(HOST, connection_text.unpack(text, "offer"))


async def answer(under_way):
    try:
        if under_way is None:
            await window.nosTogether()
            under_way = start()
        return connection_text.pack(str(await under_way))
    except Exception as exc:  # noqa: BLE001 - the page says why, in one sentence
        key = getattr(exc, "key", None)  # (connection_text's: what the link holds)
        if key is None:  # (the browser's WebRTC failed: logged for whoever looks)
            window.console.error("Nos: no answer: " + str(exc))
            return {"key": "together.bad_sdp"}
        # (a damaged text here is the host's link, not an answer)
        return {"key": "together.bad_link" if key == "together.bad_text" else key}
