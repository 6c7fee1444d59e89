"""What the person may do now, read from the view's legal actions (view.hand.legal), and
the URL parameters of the page. Pure functions (MicroPython subset, see render_svg.py).

Each legal action is a record the engine made (nos/view.py): its "kind" (set, draw_set,
draw, announce, declare, decline, no_double, wait, pass, play), its parameters (tile, arm,
out, close, claim, tiles, …) and "send", the exact action to send back. The page never
writes or parses an action: it offers the legal ones and picks among them.
"""

from contract import (
    VERSION,
    WAITING_BOT,
    WAITING_OTHER,
)
from legal_records import logged
from safe_json import digits


def attempt(tile, arm=None, out=None, close=False, claim=False):
    """A move that is not among the legal actions, for the engine to build and refuse with its
    reason (R70): {"kind", "tile", "arm", "out", "close", "claim"}."""
    if arm is None:
        return {"kind": "set", "tile": tile}
    return {"kind": "play", "tile": tile, "arm": arm, "out": out, "close": bool(close),
            "claim": bool(claim)}


# The URL parameters that are the page's own (the computer players' pause, the language, an
# embed's: embedding.py, embed.html's); any other asks the engine for a new game, which
# checks it.
EMBED_PARAMS = ["embed", "bg", "seat", "play", "host"]
PAGE_PARAMS = ["delay", "lang"] + EMBED_PARAMS


def asks_for_game(pairs):
    """Whether URL parameters ([(name, value)]) ask for a new game."""
    return any(name not in PAGE_PARAMS for name, _ in pairs)


# ---------------------------------------------------------------- languages
# The languages of the page (web/words/<code>.json), each named in itself.
LANGUAGES = [("en", "English"), ("nl", "Nederlands"), ("pl", "Polski")]


def language_codes():
    return [code for code, _ in LANGUAGES]


def catalogue_url(code):
    """Where language `code`'s catalogue is, from the page (index.html, rules.html, embed.html)."""
    return "./web/words/" + code + ".json"


def choose_language(asked, stored, browser):
    """The language to show: the URL's `?lang=` (asked), else the one chosen before
    (stored), else the first of the browser's languages the page has, else English.
    Returns (code, whether `asked` was given but is not a language of the page)."""
    codes = language_codes()
    if asked:
        code = str(asked).strip().lower()
        if code in codes:
            return code, False
    for code in [stored] + list(browser or []):
        code = str(code or "").strip().lower().replace("_", "-").split("-")[0]
        if code in codes:
            return code, bool(asked)
    return "en", bool(asked)


# ---------------------------------------------------------------- URL parameters
# A URL may be of any length (the service worker answers every one), and MicroPython's
# strings cost: a letter found by its index is counted from the start (s[i] of a long text
# made reading it quadratic), and every new string is looked up among all the names it
# knows. So a query is read as bytes, parameter by parameter, each name and value cut to
# what any of them needs before it is decoded (`cut`), in linear time.
QUERY_LIMIT = 65536  # bytes of a query read at all
PARAMS_LIMIT = 64  # parameters read (the pages know 14 names)
NAME_LIMIT = 32  # bytes of a name as written in the URL
VALUE_LIMIT = 64  # bytes of a value as written (a seed has 10 digits)
# pos=: a position text (up to 4,000 characters, web/site/embed_page.LIMIT), each written
# as %XX at worst; host=: an origin (a host name has up to 253 characters).
VALUE_LIMITS = {"pos": 12000, "host": 300}
CUT = "\u2026"  # ends a name or value that was cut: no name or value of a page's has it


def parse_query(search):
    """[(name, value)] of a location.search string ("?a=1&b=2"), control characters shown as
    U+FFFD (`printable`); at most PARAMS_LIMIT of them, each name and value cut to
    NAME_LIMIT bytes and its VALUE_LIMITS before it is decoded (and then ending in CUT)."""
    data = _utf8(str(search or ""))
    if len(data) > QUERY_LIMIT:
        data = data[:QUERY_LIMIT]
    n = len(data)
    start = 1 if data[:1] == b"?" else 0
    pairs = []
    while start < n and len(pairs) < PARAMS_LIMIT:
        end = data.find(b"&", start)
        if end < 0:
            end = n
        if end > start:
            equals = data.find(b"=", start, end)
            if equals < 0:
                equals = end
            name = printable(_cut_decoded(data, start, equals, NAME_LIMIT).strip().lower())
            value = _cut_decoded(data, equals + 1, end, VALUE_LIMITS.get(name, VALUE_LIMIT)) \
                if equals < end else ""
            pairs.append((name, printable(value.strip())))
        start = end + 1
    return pairs


def _cut_decoded(data, start, end, most):
    """data[start:end] percent-decoded, cut to `most` bytes first (at a letter's start)
    and then marked with CUT."""
    if end - start <= most:
        return _url_decode(data[start:end])
    end = start + most
    while end > start and data[end] & 0xC0 == 0x80:  # (inside a letter's UTF-8)
        end -= 1
    return _url_decode(data[start:end]) + CUT


def url_decode(text):
    """Percent-decoding of a query component ('+' is a space), its bytes read as UTF-8, as
    the browser writes them (bytes that are not UTF-8: each one character)."""
    return _url_decode(_utf8(str(text)))


def _utf8(text):
    try:
        return text.encode()
    except UnicodeError:  # (CPython: a lone surrogate, carried through and kept)
        return text.encode("utf-8", "surrogatepass")


def _url_decode(data):
    """`url_decode` of bytes: split at the %s, never read byte by byte."""
    if b"+" in data:
        data = data.replace(b"+", b" ")
    if b"%" in data:
        parts = data.split(b"%")
        raw = bytearray(parts[0])
        for part in parts[1:]:
            byte = _hex_byte(part)
            if byte < 0:
                raw.append(37)  # "%", as it was
                raw.extend(part)
            else:
                raw.append(byte)
                raw.extend(part[2:])
        try:
            return bytes(raw).decode("utf-8")
        except Exception:  # noqa: BLE001 - not UTF-8 (MicroPython raises its UnicodeError)
            pass
    try:
        text = data.decode("utf-8")
    except UnicodeError:  # (CPython: a lone surrogate in the text itself)
        text = data.decode("utf-8", "surrogatepass")
    return _decode_each(text) if b"%" in data else text


def _hex_byte(part):
    """The byte that the two hexadecimal digits starting `part` (bytes) write, else -1."""
    if len(part) < 2:
        return -1
    high = _hex_digit(part[0])
    low = _hex_digit(part[1])
    return -1 if high < 0 or low < 0 else high * 16 + low


def _hex_digit(c):
    if 48 <= c <= 57:  # 0-9
        return c - 48
    c = c | 32  # (A-F as a-f)
    return c - 87 if 97 <= c <= 102 else -1


def _decode_each(s):
    """`s` percent-decoded with each byte one character (text that is not UTF-8)."""
    parts = s.split("%")
    out = [parts[0]]
    for part in parts[1:]:
        if is_hex(part[:2]):
            out.append(chr(int(part[:2], 16)))
            out.append(part[2:])
        else:
            out.append("%")
            out.append(part)
    return "".join(out)


def is_hex(two):
    if len(two) != 2:
        return False
    return all(c in "0123456789abcdefABCDEF" for c in two)


def printable(text):
    """`text` with each C0 control character (a NUL, a newline, ...) and DEL as U+FFFD: a value
    echoed in a sentence is then shown whole (a NUL ended MicroPython's string in the page).
    Checked by its bytes (small ints), not letter by letter."""
    if all(c >= 32 and c != 127 for c in _utf8(text)):
        return text
    return "".join(c if c >= " " and c != "\x7f" else "\ufffd" for c in text)


def save_refused(reply):
    """Whether the engine refused a saved game it was asked to restore (damaged, or not a
    game it can replay): only then is the save dropped. A failure of the engine itself (it
    did not answer, or failed) keeps the save for the next load to try again."""
    error = reply.get("error") or {}
    return error.get("key") in ("error.save_damaged", "error.save_unreadable",
                                "error.save_unrestorable")


def of_this_version(reply):
    """`reply` (the worker's answer) if its view is of the version this page draws
    (docs/view-format.md), else one that draws nothing, keeps nothing and says why in one
    sentence: the game on the page and in storage stays as it was."""
    view = reply.get("view") if isinstance(reply, dict) else None
    if not isinstance(view, dict) or view.get("version") == VERSION:
        return reply
    return {"view": None, "save": None, "error": {"key": "error.view_version"}}


def whole_number(value, low, high):
    v = str(value)
    if not digits(v) or len(v) > 10:
        return None
    n = int(v)
    if n < low or n > high:
        return None
    return n


def page_query(delay):
    """The query string kept in the address bar once a game has started from it."""
    return "" if delay is None else "?delay=" + str(delay)


def seed_from_text(text, limits):
    """A seed typed in the new-game dialog, within the engine's `limits` [low, high]:
    (seed or None, whether it is bad)."""
    s = str(text or "").strip()
    if not s:
        return None, False
    n = whole_number(s, limits[0], limits[1])
    return n, n is None


# ---------------------------------------------------------------- the state of the page
def page_state(view, busy):
    """The body's data-state: "loading", "waiting" (a request, or the language chosen, is
    under way), "bot" (the computer players are acting) or "playable" (the person can
    act)."""
    if view is None:
        return "loading"
    if busy:
        return "waiting"
    if view.get("waiting_for") in (WAITING_BOT, WAITING_OTHER):
        return "bot"
    return "playable"


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
