"""Fair deals on the page (nos/fair.py): the seal each hand's view shows before the hand is
kept on this device, so that "Verify the deal" compares the key revealed after the hand with
the seal the person saw, not with one worked out again from that key."""

import json

from browser import storage_get, storage_set
from dom import SEALS_KEY, embedded
from safe_json import too_deep

KEPT = 40  # hands: a session's worth


def _kept(page):
    """{hand number as text: seal}, from storage the first time (an embed keeps its own)."""
    if page.shown.seals is None:
        page.shown.set(seals={})
        # (an embed's, and a guest's at another's table, are not this device's own game's)
        text = None if embedded() or page.together.role == "guest" else \
            storage_get(SEALS_KEY)
        try:
            data = json.loads(text) if text and len(text) < 8000 and not too_deep(text) else {}
        except Exception:  # noqa: BLE001 - damaged: MicroPython may raise more than ValueError
            data = {}
        if isinstance(data, dict):
            page.shown.set(seals={k: v for k, v in data.items()
                                if isinstance(k, str) and isinstance(v, str)})
    return page.shown.seals


def remember(page, view):
    """Keep the seal `view` shows for its hand in progress (a first hand starts afresh)."""
    fair = view.get("fair") or {}
    seal, number = fair.get("commitment"), fair.get("hand")
    if not seal or fair.get("seed") or type(number) is not int:
        return
    kept = _kept(page)
    key = str(number)
    if kept.get(key) == seal:
        return
    if number == 1 or len(kept) >= KEPT:
        page.shown.set(seals={})
    page.shown.put("seals", key, seal)
    if not embedded() and page.together.role != "guest":
        storage_set(SEALS_KEY, json.dumps(page.shown.seals))


def shown(page, number=None):
    """The seal shown before hand `number` (default: the view's now), or None if this device
    kept none."""
    if number is None:
        number = ((page.shown.view or {}).get("fair") or {}).get("hand")
    return _kept(page).get(str(number))
