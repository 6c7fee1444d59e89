"""Text from storage, a URL or a request, checked before it is read (MicroPython subset; both
the page and the engine's worker import it): JSON nested too deep, and numbers.

A text nested deep enough exhausts the interpreter's stack while it is parsed: CPython raises
RecursionError, but Pyodide's interpreter dies ("fatal error") and MicroPython may too. A game
record nests 6 deep, a view about 8.
"""

MAX_DEPTH = 64


def too_deep(text, limit=MAX_DEPTH):
    """Whether JSON text nests lists/objects deeper than `limit`."""
    depth = 0
    quoted = False
    escaped = False
    for c in str(text):
        if quoted:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
        elif c == "[" or c == "{":
            depth += 1
            if depth > limit:
                return True
        elif c == "]" or c == "}":
            depth -= 1
    return False


def digits(text):
    """Whether `text` is one or more of the digits 0-9 (str.isdigit also takes "²" and other
    scripts' digits, which int() then refuses)."""
    text = str(text)
    return len(text) > 0 and all(c in "0123456789" for c in text)
