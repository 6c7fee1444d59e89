"""The syntax of the position text, the FEN of Nos (docs/position-format.md).

Only the syntax: text to a plain, JSON-safe dict of fields and back, with no rule checked
(``nos.position`` checks the rules and makes a ``Hand``). Shared by the engine (CPython, the
worker) and the page (MicroPython), so it keeps to MicroPython's subset: no dataclasses,
typing, enum or f-string format specs, and no dict order relied on.

The fields, separated by ``_`` (every character is left alone by ``encodeURIComponent``)::

    500.492.511.497  the chips of each seat, seat a first (3-5 seats)
    a66              the seat on set (a-e) and the set tile, high end first; ``d`` after it if
                     drawn from the boneyard (R5); the seat alone before anything is set
    2                the game announced, as ``2`` or ``12.line.ordinary0.3on1``; ``-`` before
    65b54c.63c.-.-   the layout: per arm from the set tile outward, each tile as its inner and
                     outward number and the seat that played it, ``*`` if out of turn (R9);
                     ``-`` an empty arm; ``-`` alone before the announcement
    play-a           the phase (set, announce, declare, out, play, over) and the seat to act
    6655!41.n3.-.n4  each seat's hand: tiles, ``!`` after a declared double (R8), ``nK`` for K
                     tiles not shown, ``-`` for none
    b9               the boneyard's count, then ``.`` and its tiles top first if they are shown

then optional fields, each a letter and its value: ``wd3`` waits owed (seat d, arm 3; R10),
``tc0`` the tile played in the previous turn (seat c on arm 0, ``s`` the set tile; R14),
``p2`` passes in a row (R20c), ``nb`` the seat that went nos (R15), ``h3`` the hand's number
(from 1), ``r12`` house rules H1 and H2, ``f`` the session's first hand (R4).
"""

SEATS = "abcde"
PHASES = ["set", "announce", "declare", "out", "play", "over"]
SET_ARM = -1  # "the arm" of the set tile, in the previous turn's field (R14)

MESSAGES = {
    "empty": "The position is empty; it starts with each seat's chips, like 500.500.500.500.",
    "bad_character": "The position holds {text!}, a character positions never use.",
    "too_few_fields": "The position has too few fields separated by _ ({n}); it needs at "
                      "least 7 (chips, set, game, layout, turn, hands, boneyard).",
    "bad_chips": "The chips {text!} are not 3 to 5 whole numbers separated by dots.",
    "bad_set": "The set field {text!} is not a seat (a-e), then perhaps the set tile like "
               "66, and d if it was drawn.",
    "bad_game": "The game {text!} is not a game's number 1-17 with its parameters, like "
                "12.line.ordinary0.3on1.",
    "bad_layout": "The layout's arm {text!} is not tiles written as two numbers 0-6 and the "
                  "seat that played them, like 65b54c, or - for an empty arm.",
    "bad_turn": "The turn {text!} is not a phase (set, announce, declare, out, play, over) "
                "and the seat to act, like play-b.",
    "bad_hand": "The hand {text!} is not tiles like 6655!41 (! after a declared double), "
                "nK for K tiles not shown, or - for none.",
    "bad_boneyard": "The boneyard {text!} is not b and its count, like b9, perhaps with its "
                    "tiles after a dot.",
    "bad_option": "The field {text!} is not one a position has (w, t, p, n, h, r or f).",
    "twice": "The field {text!} is given twice.",
    "seat_count": "The position has chips for {n} seats but {text} hands.",
    "no_seat": "Seat {text} does not sit at a table of {n}.",
}


class NotationError(ValueError):
    """Bad position text: ``key`` (of ``MESSAGES``) and ``params``; the message is the
    English sentence (a page words it from its own catalogue, ``position.<key>``)."""

    def __init__(self, key, params=None, text=None):
        self.key = key
        self.params = short(params or {})
        super().__init__(text or message(key, self.params))


def short(params):
    """``params`` with each long text cut to its start: a sentence quotes at most that."""
    out = {}
    for name in params:
        value = params[name]
        out[name] = value[:39] + "…" if isinstance(value, str) and len(value) > 40 else value
    return out


def message(key, params):
    """The English sentence of an error ``key``."""
    text = MESSAGES.get(key, key)
    for name in params:
        value = str(params[name])
        text = text.replace("{" + name + "!}", '"' + value + '"').replace(
            "{" + name + "}", value)
    return text


def seat_letter(seat):
    return SEATS[seat]


def _seat(ch, n, text, key="bad_set"):
    at = SEATS.find(ch) if len(ch) == 1 else -1
    if at < 0:
        raise NotationError(key, {"text": text})
    if n and at >= n:
        raise NotationError("no_seat", {"text": ch, "n": n})
    return at


def _int(text, key):
    body = text[1:] if text.startswith("-") else text
    if not body or not body.isdigit() or len(body) > 6:
        raise NotationError(key, {"text": text})
    return int(text)


def _tile(a, b):
    """``"5-3"`` from two digit characters, high end first."""
    hi, lo = (a, b) if a >= b else (b, a)
    return hi + "-" + lo


def _is_number(ch):
    return len(ch) == 1 and "0" <= ch <= "6"


# ------------------------------------------------------------------------ the game field
def game_from_text(text):
    """``"12.line.ordinary0.3on1"`` to the engine's announcement text
    ``"12 line ordinary=0 first=1:3"`` (``nos.games.Announcement.parse``)."""
    parts = text.split(".")
    if not parts[0].isdigit() or parts[0][0] == "0" or len(parts[0]) > 2 or \
            not 1 <= int(parts[0]) <= 17:
        raise NotationError("bad_game", {"text": text})
    out = [str(int(parts[0]))]
    for word in parts[1:]:
        if word in ("line", "cross", "doublecross", "ordinary", "matador", "change"):
            out.append(word)
        elif word.startswith("ordinary") and word[8:].isdigit():
            out.append("ordinary=" + word[8:])
        elif word.startswith("here") and word[4:].isdigit():
            out.append("here=" + word[4:])
        elif word.partition("on")[0].isdigit() and word.partition("on")[2].isdigit():
            count, _, side = word.partition("on")
            out.append("first=" + side + ":" + count)
        else:
            raise NotationError("bad_game", {"text": text})
    return " ".join(out)


def game_to_text(announcement):
    """The engine's announcement text to the position's form (``game_from_text`` reversed)."""
    out = []
    for word in announcement.split():
        key, _, value = word.partition("=")
        if key == "first":
            side, _, count = value.partition(":")
            out.append(count + "on" + side)
        else:
            out.append(key + value)
    return ".".join(out)


# ------------------------------------------------------------------------ parsing
def _layout(text, n):
    if text == "-":
        return None
    arms = []
    for arm in text.split("."):
        tiles = []
        if arm != "-":
            k = 0
            while k < len(arm):
                if k + 3 > len(arm) or not (_is_number(arm[k]) and _is_number(arm[k + 1])):
                    raise NotationError("bad_layout", {"text": arm})
                seat = _seat(arm[k + 2], n, arm, "bad_layout")
                late = k + 3 < len(arm) and arm[k + 3] == "*"
                tiles.append([_tile(arm[k], arm[k + 1]), int(arm[k + 1]), seat, late])
                k += 4 if late else 3
        arms.append(tiles)
    return arms


def _hand(text):
    if text == "-":
        return {"tiles": [], "declared": [], "hidden": 0}
    tiles, declared, hidden, k = [], [], 0, 0
    while k < len(text):
        if text[k] == "n":
            digits = text[k + 1:]
            if not digits.isdigit() or len(digits) > 2:
                raise NotationError("bad_hand", {"text": text})
            hidden = int(digits)
            break
        if k + 2 > len(text) or not (_is_number(text[k]) and _is_number(text[k + 1])):
            raise NotationError("bad_hand", {"text": text})
        tile = _tile(text[k], text[k + 1])
        k += 2
        if k < len(text) and text[k] == "!":
            declared.append(tile)
            k += 1
        tiles.append(tile)
    if not tiles and not hidden:
        raise NotationError("bad_hand", {"text": text})
    return {"tiles": tiles, "declared": declared, "hidden": hidden}


def _boneyard(text):
    count, _, tiles = text[1:].partition(".")
    if not text.startswith("b") or not count.isdigit() or len(count) > 2:
        raise NotationError("bad_boneyard", {"text": text})
    shown = None
    if tiles:
        if len(tiles) % 2 or not all(_is_number(c) for c in tiles):
            raise NotationError("bad_boneyard", {"text": text})
        shown = [_tile(tiles[i], tiles[i + 1]) for i in range(0, len(tiles), 2)]
    return int(count), shown


def parse(text):
    """The fields of a position text as a dict (see the module's docstring); raises
    ``NotationError`` naming the first thing wrong. No rule is checked here."""
    if not isinstance(text, str) or not text.strip():
        raise NotationError("empty")
    text = text.strip()
    for ch in text:
        if not ("a" <= ch <= "z" or "0" <= ch <= "9" or ch in "._-!*"):
            # (one that does not print is named by its code: the sentence stays one line)
            shown = ch if " " < ch <= "~" or ord(ch) > 160 else \
                "U+" + ("000" + hex(ord(ch))[2:].upper())[-4:]
            raise NotationError("bad_character", {"text": shown})
    fields = text.split("_")
    if len(fields) < 7:
        raise NotationError("too_few_fields", {"n": len(fields)})
    chips = [_int(c, "bad_chips") for c in fields[0].split(".")] if fields[0] else []
    if not 3 <= len(chips) <= 5:
        raise NotationError("bad_chips", {"text": fields[0]})
    n = len(chips)
    pos = {"chips": chips, "setter": 0, "set": None, "drawn": False, "game": None,
           "arms": None, "phase": "set", "turn": None, "hands": [], "boneyard": 0,
           "boneyard_tiles": None, "waits": [[] for _ in range(n)], "last": None,
           "passes": 0, "nos": None, "number": 1, "rules": [], "first": False}
    s = fields[1]
    if not s or (len(s) not in (1, 3, 4)) or (len(s) == 4 and s[3] != "d") or (
            len(s) >= 3 and not (_is_number(s[1]) and _is_number(s[2]))):
        raise NotationError("bad_set", {"text": s})
    pos["setter"] = _seat(s[0], n, s)
    if len(s) >= 3:
        pos["set"] = _tile(s[1], s[2])
        pos["drawn"] = len(s) == 4
    pos["game"] = None if fields[2] == "-" else game_from_text(fields[2])
    pos["arms"] = _layout(fields[3], n)
    phase, _, seat = fields[4].partition("-")
    if phase not in PHASES or (phase == "over") != (seat == "") or len(seat) > 1:
        raise NotationError("bad_turn", {"text": fields[4]})
    pos["phase"] = phase
    pos["turn"] = _seat(seat, n, fields[4], "bad_turn") if seat else None
    hands = fields[5].split(".")
    if len(hands) != n:
        raise NotationError("seat_count", {"n": n, "text": len(hands)})
    pos["hands"] = [_hand(h) for h in hands]
    pos["boneyard"], pos["boneyard_tiles"] = _boneyard(fields[6])
    seen = []
    for field in fields[7:]:
        key, value = field[:1], field[1:]
        if key in seen:
            raise NotationError("twice", {"text": field})
        seen.append(key)
        _option(pos, key, value, field, n)
    return pos


def _option(pos, key, value, field, n):
    if key == "w" and value and len(value) % 2 == 0:
        for k in range(0, len(value), 2):
            if not value[k + 1].isdigit():
                raise NotationError("bad_option", {"text": field})
            pos["waits"][_seat(value[k], n, field, "bad_option")].append(int(value[k + 1]))
    elif key == "t" and len(value) == 2 and (value[1].isdigit() or value[1] == "s"):
        pos["last"] = [_seat(value[0], n, field, "bad_option"),
                       SET_ARM if value[1] == "s" else int(value[1])]
    elif key == "p" and value.isdigit() and len(value) == 1:
        pos["passes"] = int(value)
    elif key == "n" and len(value) == 1:
        pos["nos"] = _seat(value, n, field, "bad_option")
    elif key == "h" and value.isdigit() and 0 < len(value) < 4 and int(value) > 0:
        pos["number"] = int(value)
    elif key == "r" and value in ("1", "2", "12"):
        pos["rules"] = ["H" + c for c in value]
    elif key == "f" and not value:
        pos["first"] = True
    else:
        raise NotationError("bad_option", {"text": field})


# ------------------------------------------------------------------------ formatting
def _tile_text(tile):
    """``"5-3"`` as ``"53"``."""
    return tile[0] + tile[2]


def format(pos):
    """The text of a fields dict (``parse`` reversed; canonical: hands high tile first)."""
    n = len(pos["chips"])
    fields = [".".join([str(c) for c in pos["chips"]])]
    s = seat_letter(pos["setter"])
    if pos.get("set"):
        s += _tile_text(pos["set"]) + ("d" if pos.get("drawn") else "")
    fields.append(s)
    fields.append(game_to_text(pos["game"]) if pos.get("game") else "-")
    if pos.get("arms") is None:
        fields.append("-")
    else:
        arms = []
        for arm in pos["arms"]:
            text = ""
            for tile, out, seat, late in arm:
                inner = tile[0] if str(out) == tile[2] else tile[2]
                text += inner + str(out) + seat_letter(seat) + ("*" if late else "")
            arms.append(text or "-")
        fields.append(".".join(arms))
    turn = pos["phase"]
    if pos.get("turn") is not None:
        turn += "-" + seat_letter(pos["turn"])
    fields.append(turn)
    hands = []
    for h in pos["hands"]:
        text = ""
        for tile in sorted(h["tiles"], key=_order):
            text += _tile_text(tile) + ("!" if tile in h["declared"] else "")
        if h.get("hidden"):
            text += "n" + str(h["hidden"])
        hands.append(text or "-")
    fields.append(".".join(hands))
    bone = "b" + str(pos["boneyard"])
    if pos.get("boneyard_tiles"):
        bone += "." + "".join([_tile_text(t) for t in pos["boneyard_tiles"]])
    fields.append(bone)
    waits = ""
    for seat in range(n):
        for arm in pos["waits"][seat] if pos.get("waits") else []:
            waits += seat_letter(seat) + str(arm)
    if waits:
        fields.append("w" + waits)
    if pos.get("last") is not None:
        seat, arm = pos["last"]
        fields.append("t" + seat_letter(seat) + ("s" if arm == SET_ARM else str(arm)))
    if pos.get("passes"):
        fields.append("p" + str(pos["passes"]))
    if pos.get("nos") is not None:
        fields.append("n" + seat_letter(pos["nos"]))
    if pos.get("number", 1) != 1:
        fields.append("h" + str(pos["number"]))
    if pos.get("rules"):
        fields.append("r" + "".join([r[1:] for r in sorted(pos["rules"])]))
    if pos.get("first"):
        fields.append("f")
    return "_".join(fields)


def _order(tile):
    """Hands are written high tile first: 6-6, 6-5, ..., 0-0."""
    return -(int(tile[0]) * 7 + int(tile[2]))
