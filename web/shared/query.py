"""The URL parameters of the pages (index.html, rules.html, embed.html), read as the
browser wrote them, whatever their length or bytes; and the numbers typed or written in
them. Pure functions in the MicroPython subset (see web/draw/render_svg.py): the app's
page and the site's pages import them, CPython's tests too."""

from safe_json import digits

# The URL parameters that are the page's own (the computer players' pause, the language, an
# embed's: embedding.py, embed.html's); any other asks the engine for a new game, which
# checks it.
EMBED_PARAMS = ["embed", "bg", "seat", "play", "host"]
PAGE_PARAMS = ["delay", "lang"] + EMBED_PARAMS


def asks_for_game(pairs):
    """Whether URL parameters ([(name, value)]) ask for a new game."""
    return any(name not in PAGE_PARAMS for name, _ in pairs)


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
