"""SVG building blocks: number formatting, escaping, shapes and domino tiles.

Runs on the main thread under MicroPython and in CPython tests, and must give the same
string in both (tests/test_render.py compares them). So: integer arithmetic for rounding
(MicroPython's float formatting differs), no dict iteration where order shows, no step
slices, and only the common subset of the language (see the shared runtime notes).
Colours are SVG presentation attributes: the page's CSP forbids `style=""`.
"""

# Colours of the table and the tiles.
SVG_NS = "http://www.w3.org/2000/svg"
FELT = "#1e6b3c"
FELT_DARK = "#175a31"
FELT_LINE = "#2e8550"
RIM = "#5b3a1e"
RIM_EDGE = "#3d2714"
INK = "#eef6ef"  # text on the felt
INK_DIM = "#a9cdb3"
IVORY = "#fbf6e9"
IVORY_EDGE = "#8c7b5a"
PIP = "#1f1f1f"
BACK = "#7b2d35"
BACK_EDGE = "#4d1a20"
BACK_LINE = "#a9505b"
DEAD = "#6b6b6b"
DEAD_EDGE = "#3d3d3d"
GOLD = "#ffd54a"
MATADOR = "#f0a030"
LAST = "#5ec8f2"
PANEL = "#0f3d22"
LOCK = "#c9d6cc"
FOCUS = "#ffffff"  # the keyboard focus ring (unlike GOLD: playable, LAST: last play)
FOCUS_EDGE = "#08170e"  # its edges: it shows on the ivory of a tile and on a gold glow

# Pip positions in a square half on a 3x3 grid (column, row) of a tile standing upright;
# a lying tile uses them transposed, so the six runs along the tile.
PIPS = [
    [],
    [(1, 1)],
    [(0, 0), (2, 2)],
    [(0, 0), (1, 1), (2, 2)],
    [(0, 0), (2, 0), (0, 2), (2, 2)],
    [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)],
]


def fmt(value):
    """A coordinate with at most one decimal, the same string in CPython and MicroPython.
    (Called for every number of every drawing, and kept: a new string costs MicroPython a
    search of every name it knows, docs/performance.md. Ints apart: a huge one may equal a
    float that writes otherwise.)"""
    if type(value) is int:  # (not a bool)
        out = _INTS.get(value)
        if out is None:
            if len(_INTS) >= KEPT:
                _INTS.clear()
            out = _INTS[value] = str(value)
        return out
    out = _NUMBERS.get(value)
    if out is not None:
        return out
    n = int(value * 10 + (0.5 if value >= 0 else -0.5))  # halves away from zero
    if n < 0:
        n = -n
        sign = "-"
    else:
        sign = ""
    tenth = n % 10
    if tenth:
        out = sign + str(n // 10) + "." + str(tenth)
    else:
        out = sign + str(n // 10) if n else "0"
    if len(_NUMBERS) >= KEPT:
        _NUMBERS.clear()
    _NUMBERS[value] = out
    return out


def fixed(value, places):
    """A number with `places` decimals (a scale factor: one decimal would change a layout's
    size), the same string in CPython and MicroPython (integer arithmetic, no float
    formatting)."""
    unit = 10 ** places
    n = int(value * unit + (0.5 if value >= 0 else -0.5))
    sign = "-" if n < 0 else ""
    n = abs(n)
    tail = str(n % unit)
    return sign + str(n // unit) + "." + "0" * (places - len(tail)) + tail


def as_text(value):
    """str(value) without a new string where there is one: a str as it is, an int as fmt
    keeps it (a new string costs MicroPython a search of all the names it knows)."""
    kind = type(value)
    if kind is str:
        return value
    return fmt(value) if kind is int else str(value)


# Ints and floats as fmt writes them, texts as esc writes them, their widths (text_width,
# per unit of size) and attribute lists as attrs writes them, by value: the same few
# hundred recur in every drawing. Bounded: each is cleared when full.
_INTS = {}
_NUMBERS = {}
_ESCAPED = {}
_WIDTHS = {}
_ATTRS = {}
KEPT = 2000


def esc(text):
    """Escape text for HTML/SVG content and attribute values (kept, like fmt's numbers:
    the colours, classes and names of a drawing recur)."""
    if type(text) is not str:  # (a number, say; nothing unhashable reaches the dict)
        text = str(text)
    out = _ESCAPED.get(text)
    if out is not None:
        return out
    out = text
    if "&" in out or "<" in out or ">" in out or '"' in out or "'" in out:
        out = out.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        out = out.replace('"', "&quot;").replace("'", "&#39;")
    if len(_ESCAPED) >= KEPT:
        _ESCAPED.clear()
    _ESCAPED[text] = out
    return out


def attrs(pairs):
    """' name="value"' for each (name, value) pair whose value is not None (kept by the
    pairs when their values are texts: 1, 1.0 and True are one key, and a huge int may write
    otherwise than the float it equals)."""
    try:
        key = tuple(pairs)
        out = _ATTRS.get(key)
    except TypeError:  # (a value that is no key: drawn each time)
        key = out = None
    if out is not None:
        return out
    out = []
    for name, value in pairs:
        if value is not None:
            kind = type(value)  # (numbers, bools too, are digits: nothing to escape)
            number = kind is float or kind is int or kind is bool
            if number:
                key = None
            out.append(" ")
            out.append(name)
            out.append('="')
            out.append(fmt(value) if number else esc(value))
            out.append('"')
    out = "".join(out)
    if key is not None:
        if len(_ATTRS) >= KEPT:
            _ATTRS.clear()
        _ATTRS[key] = out
    return out


# The shapes below fill one template chosen by the attributes given, so that a shape is one
# new string: MicroPython looks each new string up among all the names it knows (thousands
# on a page), which made the `+` of each attribute the drawing's main cost
# (docs/performance.md). Coordinates and sizes are numbers (`fmt`), the rest text (`esc`);
# None leaves an attribute out.
def _forms(head, optional, tail):
    """The templates of a tag: form k has optional[i] where bit i of k is set."""
    out = []
    for k in range(1 << len(optional)):
        form = head
        for i in range(len(optional)):
            if k & (1 << i):
                form += optional[i]
        out.append(form + tail)
    return out


_PAINT = [' fill="%s"', ' stroke="%s"', ' stroke-width="%s"', ' class="%s"']
_RECT = _forms('<rect x="%s" y="%s" width="%s" height="%s"', [' rx="%s" ry="%s"'] + _PAINT,
               "%s/>")
_CIRCLE = _forms('<circle cx="%s" cy="%s" r="%s"', _PAINT, "/>")
_LINE = _forms('<line x1="%s" y1="%s" x2="%s" y2="%s"', _PAINT, "%s/>")
_TEXT = _forms('<text x="%s" y="%s" font-size="%s"', [' fill="%s"', ' text-anchor="%s"',
                                                      ' font-weight="%s"', ' class="%s"'],
               "%s>%s</text>")
_GROUP = _forms("<g", [' class="%s"', ' transform="%s"'], "%s>%s</g>")


def _paint(values, bit, fill, stroke, width, cls):
    """Adds the fill, stroke, stroke width and class given to `values`; their bits in a
    form's number from `bit` on."""
    k = 0
    if fill is not None:
        values.append(esc(fill))
        k += bit
    if stroke is not None:
        values.append(esc(stroke))
        k += bit * 2
    if width is not None:
        values.append(fmt(width))
        k += bit * 4
    if cls is not None:
        values.append(esc(cls))
        k += bit * 8
    return k


def rect(x, y, w, h, fill, stroke=None, width=None, r=None, cls=None, more=None):
    values = [fmt(x), fmt(y), fmt(w), fmt(h)]
    k = 0
    if r is not None:
        r = fmt(r)
        values.append(r)
        values.append(r)
        k = 1
    k += _paint(values, 2, fill, stroke, width, cls)
    values.append(attrs(more) if more else "")
    return _RECT[k] % tuple(values)


def circle(x, y, r, fill, stroke=None, width=None, cls=None):
    values = [fmt(x), fmt(y), fmt(r)]
    return _CIRCLE[_paint(values, 1, fill, stroke, width, cls)] % tuple(values)


def line(x1, y1, x2, y2, stroke, width=1, cls=None, more=None):
    values = [fmt(x1), fmt(y1), fmt(x2), fmt(y2)]
    k = _paint(values, 1, None, stroke, width, cls)
    values.append(attrs(more) if more else "")
    return _LINE[k] % tuple(values)


def text(x, y, content, size, fill=INK, anchor=None, weight=None, cls=None, more=None):
    values = [fmt(x), fmt(y), fmt(size)]
    k = 0
    if fill is not None:
        values.append(esc(fill))
        k = 1
    if anchor is not None:
        values.append(esc(anchor))
        k += 2
    if weight is not None:
        values.append(esc(weight))
        k += 4
    if cls is not None:
        values.append(esc(cls))
        k += 8
    values.append(attrs(more) if more else "")
    values.append(esc(content))
    return _TEXT[k] % tuple(values)


def group(children, cls=None, more=None, transform=None):
    values = []
    k = 0
    if cls is not None:
        values.append(esc(cls))
        k = 1
    if transform is not None:
        values.append(esc(transform))
        k += 2
    values.append(attrs(more) if more else "")
    values.append(children[0] if len(children) == 1 else "".join(children))
    return _GROUP[k] % tuple(values)


def title(content):
    return f"<title>{esc(content)}</title>"


def pill_width(label, size=11):
    """The width of a pill (below) with these words."""
    return 8 + len(label) * size * 0.6  # (0.56 left "nog 1 wachtbeurt" wider than its pill)


def pill(x, y, label, fill, ink="#10301c", size=11):
    """A small rounded label with its left edge at x, vertically centred on y; returns
    (svg, width)."""
    w = pill_width(label, size)
    h = size + 6
    svg = rect(x, y - h / 2, w, h, fill, r=h / 2) + text(
        x + w / 2, y + size * 0.36, label, size, ink, "middle", "600")
    return svg, w


# ---------------------------------------------------------------- tiles
def split_tile(tile):
    """(high, low) of a tile written "5-3" (kept, as fmt's numbers)."""
    out = _SPLIT.get(tile)
    if out is None:
        a, _, b = str(tile).partition("-")
        out = int(a), int(b)
        if len(_SPLIT) >= KEPT:
            _SPLIT.clear()
        _SPLIT[tile] = out
    return out


_SPLIT = {}


def pips(x, y, side, n, upright):
    """The pips of number n in the square half at (x, y) of the given side length (kept:
    a tile's two halves recur in every other tile of its size, and a rules page's first
    diagram draws some 20 tiles it has not drawn before)."""
    key = (x, y, side, n, upright)
    out = _PIPS.get(key)
    if out is None:
        if len(_PIPS) >= SHAPES_KEPT:
            _PIPS.clear()
        r = fmt(side * 0.095)
        out = []
        for col, row in PIPS[n]:
            if not upright:
                col, row = row, col
            out.append('<circle cx="' + fmt(x + side * (0.25 + 0.25 * col)) + '" cy="' +
                       fmt(y + side * (0.25 + 0.25 * row)) + '" r="' + r + '" fill="' + PIP +
                       '"/>')
        out = _PIPS[key] = "".join(out)
    return out


# Drawn tiles by size and numbers, drawn at (0, 0): a tile is its cached shape moved into
# place, so a diagram of 60 tiles formats ~60 translations instead of ~1,500 numbers (the
# rules page draws 34 diagrams under MicroPython: docs/performance.md). Bounded: a new
# table size adds a new set, and the old ones go when there are too many.
_SHAPES = {}
_PIPS = {}
SHAPES_KEPT = 600


def _shape(key):
    """The tile `key`, ("face", w, h, first, second, outline) or ("back", w, h, dead), as
    drawn at (0, 0): from the cache, or drawn now and kept."""
    shape = _SHAPES.get(key)
    if shape is None:
        if len(_SHAPES) >= SHAPES_KEPT:
            _SHAPES.clear()
        shape = (_face if key[0] == "face" else _back)(*key[1:])
        _SHAPES[key] = shape
    return shape


class Memo:
    """Drawings kept by a key that holds everything they are drawn from (a tuple of
    strings, numbers, booleans, None and tuples), at most `size` of them. The table is
    drawn anew at every move, and most of it (the seats that did not act, the tiles already
    down, the person's hand while the others play) is what it was before: a lookup then,
    not a drawing (docs/performance.md)."""

    def __init__(self, size=200):
        self.size = size
        self.kept = {}

    def get(self, key):
        return self.kept.get(key)

    def put(self, key, svg):
        if len(self.kept) >= self.size:
            self.kept = {}
        self.kept[key] = svg
        return svg

    def draw(self, key, drawing, *args):
        """The drawing kept under `key`, else drawing(*args), kept."""
        drawn = self.get(key)
        return self.put(key, drawing(*args)) if drawn is None else drawn


def words_key(words):
    """What a drawing's words depend on besides their keys: the language, the seat called
    "you" and the seats' names (part of every Memo key of a drawing with words); and the
    catalogue's size, for the empty stand-in a page draws with when no catalogue came."""
    return (words.lang, len(words.words), words.viewer, tuple(words.names or ()))


def translate(x, y):
    """The transform that moves a shape drawn at (0, 0) to (x, y)."""
    return f"translate({fmt(x)} {fmt(y)})"


def tile_face(x, y, w, h, first, second, cls=None, more=None, outline=None):
    """A face-up tile in the box (x, y, w, h): lying (w >= h) shows `first` left and
    `second` right; standing shows `first` on top."""
    return group([_shape(("face", w, h, first, second, outline))], cls, more, translate(x, y))


def _face(w, h, first, second, outline):
    lying = w >= h
    side = h if lying else w
    inset = side * 0.04
    parts = [rect(inset, inset, w - 2 * inset, h - 2 * inset, IVORY, IVORY_EDGE,
                  side * 0.05, side * 0.14)]
    if outline:
        parts.append(rect(-1.5, -1.5, w + 3, h + 3, "none", outline, 3, side * 0.18,
                          cls="tile-outline"))
    if lying:
        parts.append(line(side, side * 0.16, side, h - side * 0.16, IVORY_EDGE, side * 0.04))
        parts.append(pips(0, 0, side, first, False))
        parts.append(pips(side, 0, side, second, False))
    else:
        parts.append(line(side * 0.16, side, w - side * 0.16, side, IVORY_EDGE, side * 0.04))
        parts.append(pips(0, 0, side, first, True))
        parts.append(pips(0, side, side, second, True))
    return "".join(parts)


def tile_back(x, y, w, h, cls=None, dead=False, more=None):
    """A face-down tile; `dead` marks one of the boneyard's last two (never drawn, R2)."""
    return group([_shape(("back", w, h, dead))], cls, more, translate(x, y))


def _back(w, h, dead):
    side = min(w, h)
    inset = side * 0.05
    fill, edge = (DEAD, DEAD_EDGE) if dead else (BACK, BACK_EDGE)
    parts = [rect(inset, inset, w - 2 * inset, h - 2 * inset, fill, edge, side * 0.06,
                  side * 0.16)]
    if dead:
        parts.append(line(side * 0.25, side * 0.25, w - side * 0.25, h - side * 0.25,
                          "#9a9a9a", side * 0.08))
        parts.append(line(w - side * 0.25, side * 0.25, side * 0.25, h - side * 0.25,
                          "#9a9a9a", side * 0.08))
    else:
        parts.append(rect(side * 0.2, side * 0.2, w - side * 0.4, h - side * 0.4, "none",
                          BACK_LINE, side * 0.05, side * 0.08))
    return "".join(parts)


def slide_in(dx, dy, seconds=0.45):
    """SMIL, inside a group: it arrives from (dx, dy) away, once (motion that informs: a
    tile from the seat that played it). Drawn only when motion is wanted (the page leaves
    it out under prefers-reduced-motion); it never holds up input: while it moves, a click
    on it goes to what lies below (an end it passes over)."""
    return ('<animateTransform attributeName="transform" type="translate" from="' + fmt(dx) +
            " " + fmt(dy) + '" to="0 0" dur="' + fmt(seconds) + 's" fill="freeze" '
            'calcMode="spline" keyTimes="0;1" keySplines="0.2 0.7 0.3 1"/>'
            '<set attributeName="pointer-events" to="none" dur="' + fmt(seconds) + 's"/>')


def chip_change(x, y, amount, size, words, rise=None):
    """A payment at a seat's chips: the signed amount rises from (x, y) by `rise` (1.6 of its
    size if not given) and fades, once."""
    colour = "#9be7a6" if amount > 0 else "#ff8a80"
    label = text(x, y, words.signed(amount), size, colour, "end", "700", "chip-change",
                 [("aria-hidden", "true")])
    return group([label,
                  '<animateTransform attributeName="transform" type="translate" from="0 0" '
                  'to="0 ' + fmt(-(size * 1.6 if rise is None else rise)) + '" dur="1.6s" '
                  'fill="freeze"/>',
                  '<animate attributeName="opacity" values="1;1;0" keyTimes="0;0.6;1" '
                  'dur="1.6s" fill="freeze"/>'])


def focus_ring(x, y, w, h, r):
    """The keyboard focus of a tile or an end: a solid white ring edged in black, unlike
    the gold glow of what is playable and the dashed outline of an open end (on the felt and
    on a lit end alike); shown only while its group has :focus-visible (assets/app.css)."""
    return (rect(x - 4, y - 4, w + 8, h + 8, "none", FOCUS_EDGE, 6, r, cls="focus-ring") +
            rect(x - 4, y - 4, w + 8, h + 8, "none", FOCUS, 3, r, cls="focus-ring"))


def padlock(x, y, size, colour=LOCK):
    """A small padlock centred on (x, y): an end closed by the announced conditions."""
    s = size
    body = rect(x - s * 0.4, y - s * 0.05, s * 0.8, s * 0.6, colour, r=s * 0.1)
    shackle = ('<path d="M' + fmt(x - s * 0.25) + " " + fmt(y - s * 0.05) + " V" +
               fmt(y - s * 0.3) + " A" + fmt(s * 0.25) + " " + fmt(s * 0.25) + " 0 0 1 " +
               fmt(x + s * 0.25) + " " + fmt(y - s * 0.3) + " V" + fmt(y - s * 0.05) +
               '" fill="none" stroke="' + colour + '" stroke-width="' + fmt(s * 0.12) + '"/>')
    return shackle + body


def chip(x, y, r):
    """A chip icon centred on (x, y)."""
    return (circle(x, y, r, "#d9443b", "#f3efe4", r * 0.3) +
            circle(x, y, r * 0.45, "none", "#f3efe4", r * 0.15))


def svg_open(elem_id, w, h, label):
    """The table's or the hand's <svg>: a named group (not an image: it holds buttons)."""
    return ('<svg xmlns="' + SVG_NS + '" id="' + elem_id + '" viewBox="0 0 ' + str(w) + " " +
            str(h) + '" role="group" aria-labelledby="' + elem_id + '-title">' +
            '<title id="' + elem_id + '-title">' + esc(label) + "</title>")


def _unit(c):
    """The width of the ASCII character c per unit of size (text_width's estimate)."""
    if c in "mwMW@":
        return 0.86
    if c in "iljtfr .,:;!|'-":
        return 0.34
    if "A" <= c <= "Z":
        return 0.7
    if "0" <= c <= "9":
        return 0.64
    return 0.58


# By byte: ASCII by its letter, a character's first byte beyond it as any other letter (0.58),
# the bytes that continue it as nothing. (Bytes, because a one-letter string is a new string
# each, dear in MicroPython.)
_UNITS = [_unit(chr(b)) for b in range(128)] + [0.0] * 64 + [0.58] * 64


def text_width(words, size, bold=False):
    """An estimate of the width of a text in the page's sans-serif font (its digits are all
    alike wide: a chip count with a 1 in it is no narrower)."""
    words = as_text(words)
    total = _WIDTHS.get(words)
    if total is None:  # (a loop over its letters: kept, as MicroPython's turns are dear)
        total = 0.0
        for b in words.encode("utf-8", "surrogatepass"):  # (a name may hold anything)
            total += _UNITS[b]
        if len(_WIDTHS) >= KEPT:
            _WIDTHS.clear()
        _WIDTHS[words] = total
    return total * size * (1.06 if bold else 1.0)


def name_and_pills(name, pills, size, psize, room, shrink=2):
    """A seat's name and pills that fit in `room` before its chips: the pills `shrink`
    units smaller, then the name cut short, then the last pills left out (a screen reader
    still hears them all, from the seat's title)."""
    def width(name, pills, psize):
        return text_width(name, size, True) + 8 + sum(4 + pill_width(p[0], psize)
                                                      for p in pills)

    if width(name, pills, psize) <= room:
        return name, pills, psize
    psize -= shrink
    while len(name) > 2 and width(name, pills, psize) > room:
        name = trim(name, len(name) - 1)
    while pills and width(name, pills, psize) > room:
        pills = pills[:-1]
    return name, pills, psize


def trim(words, limit):
    if len(words) <= limit:
        return words
    return words[:limit - 1] + "…"
