"""What the person may do now, read from the view's legal actions (view.hand.legal), and
the URL parameters of the page. Pure functions (MicroPython subset, see render_svg.py).

Action texts are those of nos/actions.py: "set 6-6", "draw", "announce 11 ordinary
first=1:3 change", "declare 6-6 5-5 4-4", "decline", "5-3@1>3" with " claim" and/or
" close", "wait", "pass". The UI never invents an action: it offers the legal ones and
picks among them.
"""

LEVELS = ["beginner", "club", "expert"]
MAX_SEED = 2147483647
MAX_DELAY = 5000
DEFAULT_DELAY = 550
# URL parameters that start a game, and those that only set the page up.
GAME_PARAMS = ["seed", "players", "level", "h1", "h2"]
PAGE_PARAMS = ["delay"]


def parse_play(text):
    """{"tile", "arm", "out", "close", "claim", "text"} of a play, or None."""
    words = str(text).split()
    if not words:
        return None
    head = words[0]
    at = head.find("@")
    gt = head.find(">")
    if at <= 0 or gt <= at + 1 or gt + 1 >= len(head):
        return None
    arm, out = head[at + 1:gt], head[gt + 1:]
    if not arm.isdigit() or not out.isdigit():
        return None
    flags = words[1:]
    return {"tile": head[:at], "arm": int(arm), "out": int(out), "close": "close" in flags,
            "claim": "claim" in flags, "text": str(text)}


def legal_of(view):
    """[{"action", "label"}] of the person's legal actions."""
    hand = (view or {}).get("hand") or {}
    if (view or {}).get("waiting_for") != "human":
        return []
    return hand.get("legal") or []


def plays_of(view):
    """Every legal play, parsed."""
    out = []
    for entry in legal_of(view):
        p = parse_play(entry.get("action", ""))
        if p is not None:
            p["label"] = entry.get("label", "")
            out.append(p)
    return out


def tile_actions(view):
    """The tiles of the hand that take part in some legal action now (sets and plays)."""
    tiles = []
    for entry in legal_of(view):
        action = str(entry.get("action", ""))
        tile = None
        if action.startswith("set "):
            tile = action[4:].strip()
        else:
            p = parse_play(action)
            if p is not None:
                tile = p["tile"]
        if tile is not None and tile not in tiles:
            tiles.append(tile)
    return tiles


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
    """The legal action text of this play with these flags, or None.

    A flag the engine does not offer for this play (a claim where no double is paid) is
    still sent, so that the engine explains in one sentence why it is refused (R70)."""
    base = None
    for p in plays_of(view):
        if p["tile"] == tile and p["arm"] == arm and p["out"] == out:
            if p["close"] == bool(close) and p["claim"] == bool(claim):
                return p["text"]
            if not p["close"] and not p["claim"]:
                base = p["text"]
    if base is None:
        return None
    return base + (" claim" if claim else "") + (" close" if close else "")


def has_flag(view, flag):
    """Whether some legal play carries this flag ("close" or "claim")."""
    return any(p[flag] for p in plays_of(view))


def claim_for(view, tile, arm):
    """Whether playing `tile` on `arm` may claim the double's payment (H2)."""
    return any(p["tile"] == tile and p["arm"] == arm and p["claim"] for p in plays_of(view))


def simple_actions(view):
    """The legal actions that are buttons, in a fixed order: [(action, label)]."""
    order = ["set", "draw", "declare", "decline", "wait", "pass"]
    found = []
    for entry in legal_of(view):
        action = str(entry.get("action", ""))
        word = action.split(" ")[0]
        if word in order:
            found.append((order.index(word), action, entry.get("label", action)))
    found.sort()
    return [(a, label) for _, a, label in found]


def announcements(view):
    """The legal announcements: [(text after "announce ", label)]."""
    out = []
    for entry in legal_of(view):
        action = str(entry.get("action", ""))
        if action.startswith("announce "):
            out.append((action[9:], entry.get("label", action)))
    return out


# ---------------------------------------------------------------- URL parameters
def url_decode(text):
    """Percent-decoding of a query component ('+' is a space)."""
    s = str(text).replace("+", " ")
    out = []
    i = 0
    while i < len(s):
        c = s[i]
        if c == "%" and i + 2 < len(s) and is_hex(s[i + 1:i + 3]):
            out.append(chr(int(s[i + 1:i + 3], 16)))
            i += 3
        else:
            out.append(c)
            i += 1
    return "".join(out)


def is_hex(two):
    if len(two) != 2:
        return False
    return all(c in "0123456789abcdefABCDEF" for c in two)


def parse_query(search):
    """[(name, value)] of a location.search string ("?a=1&b=2")."""
    s = str(search or "")
    if s.startswith("?"):
        s = s[1:]
    pairs = []
    for part in s.split("&"):
        if not part:
            continue
        name, _, value = part.partition("=")
        pairs.append((url_decode(name).strip().lower(), url_decode(value).strip()))
    return pairs


def whole_number(value, low, high):
    v = str(value)
    if not v or not v.isdigit() or len(v) > 10:
        return None
    n = int(v)
    if n < low or n > high:
        return None
    return n


def parse_params(search):
    """Read the page's URL parameters.

    Returns {"game": config or None, "delay": ms or None, "error": sentence or None}.
    The game config is {"players", "level", "seed", "h1", "h2"} (only with a game
    parameter). Any bad parameter gives one sentence and no game (a saved game is kept).
    """
    result = {"game": None, "delay": None, "error": None}
    game = {}
    for name, value in parse_query(search):
        if name == "players":
            n = whole_number(value, 3, 5)
            if n is None:
                result["error"] = ("The number of players must be 3, 4 or 5, not '" +
                                   value + "'.")
                break
            game["players"] = n
        elif name == "level":
            if value.lower() not in LEVELS:
                result["error"] = ("The level must be beginner, club or expert, not '" +
                                   value + "'.")
                break
            game["level"] = value.lower()
        elif name == "seed":
            n = whole_number(value, 0, MAX_SEED)
            if n is None:
                result["error"] = ("The seed must be a whole number from 0 to " +
                                   str(MAX_SEED) + ", not '" + value + "'.")
                break
            game["seed"] = n
        elif name == "h1" or name == "h2":
            if value not in ("0", "1", ""):
                result["error"] = ("The house rule " + name.upper() +
                                   " is switched with 1 or 0, not '" + value + "'.")
                break
            game[name] = value != "0"
        elif name == "delay":
            n = whole_number(value, 0, MAX_DELAY)
            if n is None:
                result["error"] = ("The bot delay must be a whole number of milliseconds "
                                   "from 0 to " + str(MAX_DELAY) + ", not '" + value + "'.")
                break
            result["delay"] = n
        else:
            result["error"] = ("'" + name + "' is not a setting of this page; use players, "
                               "level, seed, h1, h2 or delay.")
            break
    if result["error"] is None and game:
        result["game"] = {"players": game.get("players", 4), "level": game.get("level", "club"),
                          "seed": game.get("seed"), "h1": game.get("h1", False),
                          "h2": game.get("h2", False)}
    return result


def page_query(delay):
    """The query string kept in the address bar once a game has started from it."""
    return "" if delay is None else "?delay=" + str(delay)


def seed_from_text(text):
    """A seed typed in the new-game dialog: (seed or None, error sentence or None)."""
    s = str(text or "").strip()
    if not s:
        return None, None
    n = whole_number(s, 0, MAX_SEED)
    if n is None:
        return None, "The seed must be a whole number from 0 to " + str(MAX_SEED) + "."
    return n, None


# ---------------------------------------------------------------- the state of the page
def page_state(view, busy):
    """The body's data-state: "loading", "waiting" (a request is under way), "bot" (the
    computer players are acting) or "playable" (the person can act)."""
    if view is None:
        return "loading"
    if busy:
        return "waiting"
    if view.get("waiting_for") == "bot":
        return "bot"
    return "playable"
