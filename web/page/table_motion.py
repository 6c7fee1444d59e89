"""What moved on the table since the view drawn last: the last play slides in, chips rise
and fly between seats (web/page/display.py draws it). A pure function in the MicroPython
subset (see web/draw/render_svg.py)."""

from legal_records import logged


def table_motion(before, view, reduced):
    """(what the table shows of `view`, for the next call; what moved since `before`, the
    same of the view drawn last from an earlier action): the last play (it slides in),
    each seat's chips got or paid (they rise) and each payment (`pays`: [from, to, amount],
    its chips fly from the payer's seat to the payee's). None on the first drawing, a redrawing of
    the same action (a language switch, a selection), a new hand or `reduced` motion. The
    log's entries are counted by their numbers: the view holds only its last ones."""
    hand = view.get("hand") or {}
    now = [logged(view.get("log") or []), view.get("chips") or [], hand.get("last_play"),
           hand.get("hand")]
    if (before is None or reduced or now[0] <= before[0] or now[3] != before[3]
            or len(now[1]) != len(before[1])):
        return now, None
    pays = []  # (each payment of the entries new since: its chips fly from payer to payee)
    for entry in view.get("log") or []:
        if entry.get("n", -1) >= before[0]:
            for p in entry.get("payments") or []:
                if isinstance(p.get("from"), int) and isinstance(p.get("to"), int):
                    pays.append([p["from"], p["to"], p.get("amount", 0)])
    return now, {"play": now[2] is not None and now[2] != before[2],
                 "chips": [now[1][s] - before[1][s] for s in range(len(now[1]))],
                 "pays": pays}
