"""The view's legal records as the page offers them (docs/view-format.md): which decisions
the person may take now, the tiles and ends of each play, the buttons in their order, and how
many entries the game's log holds. Pure functions of the view: the drawing and the page both
read them (MicroPython subset)."""

from contract import (
    KIND_DECLARE,
    KIND_DECLINE,
    KIND_DRAW,
    KIND_DRAW_SET,
    KIND_DRAW_UNTIL,
    KIND_NO_DOUBLE,
    KIND_PASS,
    KIND_PLAY,
    KIND_SET,
    KIND_WAIT,
    WAITING_HUMAN,
)

# The order of the decisions that are buttons.
BUTTONS = [KIND_SET, KIND_DRAW_SET, KIND_DRAW_UNTIL, KIND_DRAW, KIND_DECLARE, KIND_DECLINE,
           KIND_NO_DOUBLE, KIND_WAIT, KIND_PASS]


def legal_of(view):
    """The person's legal actions (records)."""
    hand = (view or {}).get("hand") or {}
    if (view or {}).get("waiting_for") != WAITING_HUMAN:
        return []
    return hand.get("legal") or []


def plays_of(view):
    """Every legal play."""
    return [r for r in legal_of(view) if r.get("kind") == KIND_PLAY]


def tile_actions(view):
    """The tiles of the hand that take part in some legal action now (sets and plays)."""
    tiles = []
    for r in legal_of(view):
        tile = r.get("tile") if r.get("kind") in (KIND_SET, KIND_PLAY) else None
        if tile is not None and tile not in tiles:
            tiles.append(tile)
    return tiles


def set_action(view, tile):
    """The legal action that sets `tile`, or None."""
    for r in legal_of(view):
        if r.get("kind") == KIND_SET and r.get("tile") == tile:
            return r["send"]
    return None


def targets_for(view, tile):
    """The arms where `tile` may be played now."""
    arms = []
    for p in plays_of(view):
        if p["tile"] == tile and p["arm"] not in arms:
            arms.append(p["arm"])
    return sorted(arms)


def outs_for(view, tile, arm):
    """The outward ends `tile` may show on `arm` (two for a matador on a matador end)."""
    outs = []
    for p in plays_of(view):
        if p["tile"] == tile and p["arm"] == arm and p["out"] not in outs:
            outs.append(p["out"])
    return outs


def play_action(view, tile, arm, out, close=False, claim=False):
    """The legal action of this play with these flags, or None."""
    for p in plays_of(view):
        if p["tile"] == tile and p["arm"] == arm and p["out"] == out and \
                bool(p.get("close")) == bool(close) and bool(p.get("claim")) == bool(claim):
            return p["send"]
    return None


def has_flag(view, flag):
    """Whether some legal play carries this flag ("close" or "claim")."""
    return any(p.get(flag) for p in plays_of(view))


def simple_actions(view):
    """The legal actions that are buttons, in a fixed order: [record]."""
    found = []
    for r in legal_of(view):
        kind = r.get("kind")
        if kind in BUTTONS:
            found.append((BUTTONS.index(kind), len(found), r))
    found.sort()
    return [r for _, _, r in found]


def only_kinds(view):
    """The kinds of the legal actions (e.g. ["draw"] when drawing is all there is)."""
    kinds = []
    for r in legal_of(view):
        if r.get("kind") not in kinds:
            kinds.append(r.get("kind"))
    return kinds


def logged(log):
    """How many entries the game's log holds: the view has only its last ones, each
    numbered in the game (`n`)."""
    return log[-1].get("n", len(log) - 1) + 1 if log else 0


def attempt(tile, arm=None, out=None, close=False, claim=False):
    """A move that is not among the legal actions, for the engine to build and refuse with its
    reason (R70): {"kind", "tile", "arm", "out", "close", "claim"}."""
    if arm is None:
        return {"kind": "set", "tile": tile}
    return {"kind": "play", "tile": tile, "arm": arm, "out": out, "close": bool(close),
            "claim": bool(claim)}
