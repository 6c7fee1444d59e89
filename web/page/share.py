"""The Share dialog (main thread): the worker says what may be shared (engine_api.share:
the position as the person sees it, the last finished hand's record), render_share.py
writes the links and snippets, this opens the dialog and copies."""

import json

import render_share
from browser import absent, el
from display import draws, redraw
from dom import open_dialog
from language import words
from pyscript import document, window


def base_url():
    """The site's address, ending in "/" (this page's, without index.html)."""
    path = str(window.location.pathname)
    return str(window.location.origin) + path[:path.rfind("/") + 1]


async def open_share(page):
    link = page.link
    if link.engine is None or not link.synced or page.tiles_hidden():
        return  # (a pass screen: the engine's viewer is the next person, their tiles hidden)
    try:
        share = json.loads(await link.engine.share(""))
    except Exception:  # noqa: BLE001
        share = {}
    page.shown.set(share=share)
    redraw(page)
    open_dialog("share-dialog")


def draw(page):
    el("share-body").innerHTML = render_share.share_html(page.shown.share or {}, base_url(),
                                                         page.shown.lang, words(page), "")


draws(("shown.share",), draw)


async def copy(page, node, body="share-body"):
    """Copy the field the button belongs to; where the browser refuses, say so once (in
    the `.share-note` of the dialog whose body is `body`)."""
    target = el(str(node.getAttribute("data-target")))
    if absent(target):
        return
    w = words(page)
    note = None
    if clipboard_allowed():
        try:
            await window.navigator.clipboard.writeText(target.value)
            note = w.word("share.copied")
        except Exception:  # noqa: BLE001 - no permission (an iframe, an old browser)
            pass
    if note is None:
        target.select()
        note = w.word("share.copy_failed")
    found = el(body).querySelector(".share-note")
    if not absent(found):
        found.textContent = note


def clipboard_allowed():
    """False where the page's permissions policy refuses the clipboard (a frame whose host
    did not allow clipboard-write): asked anyway, the browser logs a violation."""
    policy = document.featurePolicy
    if absent(policy):
        return True
    try:
        return bool(policy.allowsFeature("clipboard-write"))
    except Exception:  # noqa: BLE001 - a browser whose policy object differs
        return True


def close():
    dialog = el("share-dialog")
    if dialog.open:
        dialog.close()
