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

# The engine's English, for CPython users; the page packs this module alone (web/page.pack),
# where it says keys.
try:
    from nos import english
except ImportError:
    english = None

SEATS = "abcde"
PHASES = ["set", "announce", "declare", "out", "play", "over"]
SET_ARM = -1  # "the arm" of the set tile, in the previous turn's field (R14)

# The errors of the syntax, each a key with parameters (``position.<key>`` in the word
# catalogue, web/words/): its English is the catalogue's (``nos.english``).
ERRORS = ("empty", "bad_character", "space", "too_few_fields", "bad_chips", "bad_set",
          "bad_game", "bad_layout", "bad_turn", "bad_hand", "bad_boneyard", "bad_option",
          "bad_waits", "bad_last", "bad_passes", "bad_nos", "bad_number", "bad_rules",
          "bad_first", "twice", "seat_count", "no_seat", "form_chips", "form_set",
          "form_hand", "form_boneyard", "form_option", "form_left_out", "form_order")


class NotationError(ValueError):
    """Bad position text: ``key`` (``position.<key>`` in the catalogue, where the page words
    it) and ``params``. Its ``str()`` is the catalogue's English sentence where the engine's
    package is at hand (``nos.english``), else the key and its parameters."""

    def __init__(self, key, params=None):
        self.key = key
        self.params = short(params or {})
        super().__init__(key)

    def __str__(self):
        if english is None:
            return self.key
        return english.sentence("position." + self.key, self.params)


def short(params):
    """``params`` with each long text cut to its start: a sentence quotes at most that."""
    out = {}
    for name in params:
        value = params[name]
        out[name] = value[:39] + "…" if isinstance(value, str) and len(value) > 40 else value
    return out


def seat_letter(seat):
    return _LETTERS[seat]


# Read and written by character codes and tables rather than one-letter strings: each new
# string costs MicroPython (the page reads positions too) a search of all the names it knows
# (docs/performance.md).
_LETTERS = list(SEATS)
_DIGITS = [str(d) for d in range(10)]
_ZERO, _SIX, _A = ord("0"), ord("6"), ord("a")
_ALLOWED = set(b"abcdefghijklmnopqrstuvwxyz0123456789._-!*")
# Characters beyond ASCII that a refusal writes as themselves: letters and the usual signs
# of the world's scripts (a typed "ą", "–" or "５"). Any other is named by its code: controls,
# invisible and combining ones, those that turn the line's direction, private use,
# noncharacters and lone surrogates (which no output can encode).
_SHOWN = ((0xA1, 0xAC), (0xAE, 0x2FF), (0x370, 0x52F), (0x2010, 0x2027), (0x2030, 0x205E),
          (0x20A0, 0x20CF), (0x2100, 0x2BFF), (0x3001, 0x9FFF), (0xAC00, 0xD7A3),
          (0xFF01, 0xFF5E), (0x1F300, 0x1FAFF))
# The whitespace a text may carry at either end, the same in CPython and MicroPython (whose
# strip() knows only ASCII's).
_SPACE = " \t\n\r\f\v"
# "5-3" by its two numbers, either way round; its two digits as a position writes it, "53".
_TILES = [[_DIGITS[max(a, b)] + "-" + _DIGITS[min(a, b)] for b in range(7)] for a in range(7)]
_TILE_DIGITS = {_TILES[a][b]: _DIGITS[a] + _DIGITS[b] for a in range(7) for b in range(a + 1)}
_HIGH = {_TILES[a][b]: _DIGITS[a] for a in range(7) for b in range(a + 1)}
_LOW = {_TILES[a][b]: _DIGITS[b] for a in range(7) for b in range(a + 1)}


def _seat(code, n, text, key="bad_set"):
    """The seat of a letter's code (97 for a), or NotationError(key) naming `text`."""
    at = code - _A if _A <= code < _A + len(SEATS) else -1
    if at < 0:
        raise NotationError(key, {"text": text})
    if n and at >= n:
        raise NotationError("no_seat", {"text": SEATS[at], "n": n})
    return at


def _int(text, key):
    body = text[1:] if text.startswith("-") else text
    if not body or not body.isdigit() or len(body) > 6:
        raise NotationError(key, {"text": text})
    return int(text)


def _is_number(code):
    """Is a character's code that of 0-6?"""
    return _ZERO <= code <= _SIX


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
            b = arm.encode()
            k = 0
            while k < len(b):
                if k + 3 > len(b) or not (_is_number(b[k]) and _is_number(b[k + 1])):
                    raise NotationError("bad_layout", {"text": arm})
                seat = _seat(b[k + 2], n, arm, "bad_layout")
                late = k + 3 < len(b) and b[k + 3] == 42  # "*"
                tiles.append([_TILES[b[k] - _ZERO][b[k + 1] - _ZERO], b[k + 1] - _ZERO, seat,
                              late])
                k += 4 if late else 3
        arms.append(tiles)
    return arms


def _hand(text):
    if text == "-":
        return {"tiles": [], "declared": [], "hidden": 0}
    tiles, declared, hidden, k = [], [], 0, 0
    b = text.encode()
    while k < len(b):
        if b[k] == 110:  # "n"
            digits = text[k + 1:]
            if not digits.isdigit() or len(digits) > 2:
                raise NotationError("bad_hand", {"text": text})
            hidden = int(digits)
            break
        if k + 2 > len(b) or not (_is_number(b[k]) and _is_number(b[k + 1])):
            raise NotationError("bad_hand", {"text": text})
        tile = _TILES[b[k] - _ZERO][b[k + 1] - _ZERO]
        k += 2
        if k < len(b) and b[k] == 33:  # "!"
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
        b = tiles.encode()
        if len(b) % 2 or not all(_is_number(c) for c in b):
            raise NotationError("bad_boneyard", {"text": text})
        shown = [_TILES[b[i] - _ZERO][b[i + 1] - _ZERO] for i in range(0, len(b), 2)]
    return int(count), shown


def parse(text):
    """The fields of a position text as a dict (see the module's docstring); raises
    ``NotationError`` naming the first thing wrong. No rule is checked here."""
    if not isinstance(text, str) or not text.strip(_SPACE):
        raise NotationError("empty")
    text = text.strip(_SPACE)
    for code in text.encode("utf-8", "surrogatepass"):  # (a lone surrogate: refused)
        if code not in _ALLOWED:
            _bad_character(text)
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
    b = s.encode()
    if len(b) not in (1, 3, 4) or (len(b) == 4 and b[3] != 100) or (
            len(b) >= 3 and not (_is_number(b[1]) and _is_number(b[2]))):  # (100: "d")
        raise NotationError("bad_set", {"text": s})
    pos["setter"] = _seat(b[0], n, s)
    if len(b) >= 3:
        pos["set"] = _TILES[b[1] - _ZERO][b[2] - _ZERO]
        pos["drawn"] = len(b) == 4
    pos["game"] = None if fields[2] == "-" else game_from_text(fields[2])
    pos["arms"] = _layout(fields[3], n)
    phase, _, seat = fields[4].partition("-")
    if phase not in PHASES or (phase == "over") != (seat == "") or len(seat) > 1:
        raise NotationError("bad_turn", {"text": fields[4]})
    pos["phase"] = phase
    pos["turn"] = _seat(ord(seat), n, fields[4], "bad_turn") if seat else None
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
    _one_spelling(fields, format(pos).split("_"))
    return pos


# The sentence for a field written otherwise than ``format`` writes it, by the field's
# place (the game's own is checked with its rules: nos.position's "game_form").
_FORM_KEYS = {0: "form_chips", 1: "form_set", 6: "form_boneyard"}
_OPTIONS = "wtpnhrf"  # the optional fields in the order they are written


def _one_spelling(given, written):
    """A position has one text, the one ``format`` writes (as a FEN has): raises
    NotationError naming the first field written otherwise, and how to write it. (Texts
    ``str(position)`` made, as in every link the app wrote, are written so already.)"""
    for i in range(7):
        if given[i] == written[i] or i == 2:
            continue
        if i == 5:
            have, want = given[5].split("."), written[5].split(".")  # (as many: checked)
            for k in range(len(have)):
                if have[k] != want[k]:
                    raise NotationError("form_hand", {"text": have[k], "form": want[k]})
        raise NotationError(_FORM_KEYS.get(i, "form_option"),
                            {"text": given[i], "form": written[i]})
    options = given[7:]
    wanted = written[7:]
    if options == wanted:
        return
    for field in options:
        same = [w for w in wanted if w[:1] == field[:1]]
        if not same:
            raise NotationError("form_left_out", {"text": field})
        if same[0] != field:
            raise NotationError("form_option", {"text": field, "form": same[0]})
    for k in range(len(options) - 1):
        if _OPTIONS.find(options[k][:1]) > _OPTIONS.find(options[k + 1][:1]):
            raise NotationError("form_order", {"text": options[k + 1], "form": options[k]})


def _bad_character(text):
    """Raises NotationError naming the first character of `text` positions never use: as
    itself if it is printable ASCII or in `_SHOWN`, else by its code (U+0085, U+202E,
    U+E0041), so that the sentence stays one line that reads as it is written."""
    for ch in text:
        if not ("a" <= ch <= "z" or "0" <= ch <= "9" or ch in "._-!*"):
            if ch in _SPACE:  # (a text pasted in two pieces, or typed with spaces)
                raise NotationError("space")
            code = ord(ch)
            if " " < ch <= "~" or any(low <= code <= high for low, high in _SHOWN):
                raise NotationError("bad_character", {"text": ch})
            digits = hex(code)[2:].upper()
            raise NotationError("bad_character",
                                {"text": "U+" + "0" * (4 - len(digits)) + digits})


# The sentence of a known field written wrongly (an unknown one is "bad_option").
_FIELD_KEYS = {"w": "bad_waits", "t": "bad_last", "p": "bad_passes", "n": "bad_nos",
               "h": "bad_number", "r": "bad_rules", "f": "bad_first"}


def _option(pos, key, value, field, n):
    bad = _FIELD_KEYS.get(key, "bad_option")
    if key == "w" and value and len(value) % 2 == 0:
        for k in range(0, len(value), 2):
            if not value[k + 1].isdigit():
                raise NotationError(bad, {"text": field})
            pos["waits"][_seat(ord(value[k]), n, field, bad)].append(int(value[k + 1]))
    elif key == "t" and len(value) == 2 and (value[1].isdigit() or value[1] == "s"):
        pos["last"] = [_seat(ord(value[0]), n, field, bad),
                       SET_ARM if value[1] == "s" else int(value[1])]
    elif key == "p" and value.isdigit() and len(value) == 1:
        pos["passes"] = int(value)
    elif key == "n" and len(value) == 1:
        pos["nos"] = _seat(ord(value), n, field, bad)
    elif key == "h" and value.isdigit() and 0 < len(value) < 4 and int(value) > 0:
        pos["number"] = int(value)
    elif key == "r" and value in ("1", "2", "12"):
        pos["rules"] = ["H" + c for c in value]
    elif key == "f" and not value:
        pos["first"] = True
    else:
        raise NotationError(bad, {"text": field})


# ------------------------------------------------------------------------ formatting
def _tile_text(tile):
    """``"5-3"`` as ``"53"``."""
    return _TILE_DIGITS[tile]


def format(pos):
    """The text of a fields dict (``parse`` reversed; canonical: hands high tile first)."""
    n = len(pos["chips"])
    fields = [".".join([str(c) for c in pos["chips"]])]
    s = [seat_letter(pos["setter"])]
    if pos.get("set"):
        s.append(_tile_text(pos["set"]))
        if pos.get("drawn"):
            s.append("d")
    fields.append("".join(s))
    fields.append(game_to_text(pos["game"]) if pos.get("game") else "-")
    if pos.get("arms") is None:
        fields.append("-")
    else:
        arms = []
        for arm in pos["arms"]:
            text = []
            for tile, out, seat, late in arm:  # (the inner number first, then the outer)
                text.append(_HIGH[tile] if _DIGITS[out] == _LOW[tile] else _LOW[tile])
                text.append(_DIGITS[out])
                text.append(seat_letter(seat))
                if late:
                    text.append("*")
            arms.append("".join(text) if text else "-")
        fields.append(".".join(arms))
    turn = pos["phase"]
    if pos.get("turn") is not None:
        turn += "-" + seat_letter(pos["turn"])
    fields.append(turn)
    hands = []
    for h in pos["hands"]:
        text = []
        for tile in sorted(h["tiles"], key=_order):
            text.append(_tile_text(tile))
            if tile in h["declared"]:
                text.append("!")
        if h.get("hidden"):
            text.append("n")
            text.append(str(h["hidden"]))
        hands.append("".join(text) if text else "-")
    fields.append(".".join(hands))
    bone = "b" + str(pos["boneyard"])
    if pos.get("boneyard_tiles"):
        bone += "." + "".join([_tile_text(t) for t in pos["boneyard_tiles"]])
    fields.append(bone)
    waits = []
    for seat in range(n):
        for arm in pos["waits"][seat] if pos.get("waits") else []:
            waits.append(seat_letter(seat))
            waits.append(str(arm))
    if waits:
        fields.append("w" + "".join(waits))
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


_ORDER = {_TILES[a][b]: -(a * 7 + b) for a in range(7) for b in range(a + 1)}


def _order(tile):
    """Hands are written high tile first: 6-6, 6-5, ..., 0-0."""
    return _ORDER[tile]
