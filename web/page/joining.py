"""A device joining a table (index.html#join=…, docs/together.md): its answer to the host's
offer, begun as the page boots, before the table frame is drawn, so that the answer is
ready as soon as the page is; together.join shows it. Imported only by a joining page."""

import asyncio

import connection_text
from pyscript import window

HOST = "host"  # a guest's one connection


def join_text():
    """The connection text of the link this page was opened with (`#join=…`), or ""."""
    fragment = str(window.location.hash or "")
    return fragment[len("#join="):] if fragment.startswith("#join=") else ""


def begin():
    """The answer under way, an asyncio task whose result is its connection text, or the
    exception that stopped it: connection_text.BadConnectionText for a damaged link,
    anything else where the browser has no WebRTC (returned, not raised: a task that
    raises before anyone awaits it is reported on the console as never retrieved). The
    browser starts on it at once: a task would start only at the boot's first await, after
    the frame."""
    sdp = None
    try:
        sdp = connection_text.unpack(join_text(), "offer")
        under_way = window.nosRtc.answer(HOST, sdp)  # (web/boot.js loads it for a joiner)
    except Exception:  # noqa: BLE001 - said by the task: the text, or no transport yet
        under_way = None
    return asyncio.create_task(answer(sdp, under_way))


async def answer(sdp, under_way):
    try:
        if under_way is None:
            await window.nosTogether()
            sdp = connection_text.unpack(join_text(), "offer")
            under_way = window.nosRtc.answer(HOST, sdp)
        return connection_text.pack(str(await under_way))
    except Exception as exc:  # noqa: BLE001 - together.join says it
        return exc
