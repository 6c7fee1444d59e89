"""Text from storage, a URL or a request, checked before it is read (MicroPython subset; both
the page and the engine's worker import it): JSON nested too deep, and numbers.

A text nested deep enough exhausts the interpreter's stack while it is parsed: CPython raises
RecursionError, but Pyodide's interpreter dies ("fatal error") and MicroPython may too. A game
record nests 6 deep, a view about 8.
"""

MAX_DEPTH = 64


def too_deep(text, limit=MAX_DEPTH):
    """Whether JSON text (str, or its UTF-8 bytes) nests lists/objects deeper than `limit`.
    Read as bytes: a loop over a str makes a new string of each letter, which MicroPython
    looks up among every name it knows (docs/architecture.md); a byte is a small int."""
    data = text
    if not isinstance(text, (bytes, bytearray)):
        try:
            data = str(text).encode()
        except UnicodeError:  # (CPython: a lone surrogate, which JSON text may hold)
            data = str(text).encode("utf-8", "surrogatepass")
    if data.count(b"[") + data.count(b"{") <= limit:
        return False  # (too few to nest deeper, wherever they stand)
    depth = 0
    quoted = False
    escaped = False
    for c in data:
        if quoted:
            if escaped:
                escaped = False
            elif c == 92:  # backslash
                escaped = True
            elif c == 34:  # "
                quoted = False
        elif c == 34:
            quoted = True
        elif c == 91 or c == 123:  # [ {
            depth += 1
            if depth > limit:
                return True
        elif c == 93 or c == 125:  # ] }
            depth -= 1
    return False


def digits(text):
    """Whether `text` is one or more of the digits 0-9 (str.isdigit also takes "²" and other
    scripts' digits, which int() then refuses)."""
    text = str(text)
    return len(text) > 0 and all(c in "0123456789" for c in text)
