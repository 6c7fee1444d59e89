"""Where every tile of the layout lies: a line that snakes to stay in view, a cross, a
triangle (three arms from the 0-0) and the triangle's fourth side (game 16).

Pure integer geometry in grid units: a tile is 2 units wide and 4 long, so every corner
lies on the grid, and the set tile's centre is the origin. Directions are numbered like the
arms of a cross: 0 north, 1 east, 2 south, 3 west.

Each arm grows from the set tile in its direction inside its own region of the table. The
regions of a cross turn like a pinwheel around the set tile (clockwise or counter-clockwise)
and never overlap, so neither do the arms; an arm without tiles (the triangle's missing
fourth side) lends its region to the next arm in the pinwheel's turn. In its region an arm
either runs straight out and, at the region's edge, turns for one tile and comes back the
other way like a snake ("along"), or runs straight out, then along the region's outer edge
and back and forth across toward the set tile ("edge", for the short arms of a wide
table). A line's two arms run out west and east and snake north and south.

`fit` looks for the largest grid unit (tile size) at which every tile and every end lies
inside the area and no two arms touch: tiles shrink before arms may run alongside each
other, below 0.7 of the design's unit (the legible minimum) too, and the page then lets
the person zoom in and pan. At each unit it
starts with the set tile in the middle of the area and, while an arm does not fit, moves
the set tile away from the edge of the area that arm ran into (by the room it lacked), for
both turns of the pinwheel. The regions follow the grid's shape, so where the area's whole
grid needs zoom, grids a few rows or columns smaller (centred in the area) are tried
first. The same layout always gives the same picture.

R63: doubles lie crosswise under ordinary matching and in line under matador matching
(each layout tile carries the matching it was played under); only the set double of a
cross or triangle branches. MicroPython subset (see render_svg.py).
"""

DX = [0, 1, 0, -1]
DY = [-1, 0, 1, 0]
LONG = 4
SHORT = 2
FAR = 100000  # "no limit" for a region's side before it is clipped to the area
SMALLER = 6  # fit: how many rows or columns fewer a grid that needs zoom may try
# fit's latest results: the page redraws one layout often (a tile selected, the coach, a
# resize), and one that needs zoom takes up to 0.7 s to fit in the page's MicroPython.
FITTED = {}
FITTED_MOST = 8


def is_double(tile):
    a, _, b = str(tile).partition("-")
    return a == b


def tile_size(tile, matching):
    """(length along the arm, width across it) of a tile on an arm (R63)."""
    if is_double(tile) and matching == "ordinary":
        return SHORT, LONG
    return LONG, SHORT


def end_size(arm):
    """(length, width) of an arm's end: the tile it awaits, a double crosswise where the
    view says a double must come next under ordinary matching (R42, R49, R63), else one
    lying along the arm."""
    if arm.get("needs_double") and not arm.get("dead"):
        return tile_size("0-0", arm.get("matching"))
    return LONG, SHORT


def box(x, y, d, length, width):
    """The rectangle (x0, y0, x1, y1) of a tile whose inner end's middle is at (x, y),
    lying along direction d."""
    half = width // 2
    if d == 1:
        return (x, y - half, x + length, y + half)
    if d == 3:
        return (x - length, y - half, x, y + half)
    if d == 2:
        return (x - half, y, x + half, y + length)
    return (x - half, y - length, x + half, y)


def overlaps(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(a, region):
    return a[0] >= region[0] and a[1] >= region[1] and a[2] <= region[2] and a[3] <= region[3]


def clip(a, b):
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


def turned(r, k):
    """The rectangle r around the origin turned k quarter turns clockwise."""
    for _ in range(k % 4):
        r = (-r[3], r[0], -r[1], r[2])  # (x, y) -> (-y, x)
    return r


def room(x, y, d, region):
    """How far the region reaches from (x, y) in direction d."""
    if d == 0:
        return y - region[1]
    if d == 1:
        return region[2] - x
    if d == 2:
        return region[3] - y
    return x - region[0]


def set_geometry(layout):
    """The set tile's box and each arm's start: (box, standing, starts) where starts[i] is
    (x, y, direction) of arm i's first tile."""
    shape = layout.get("shape", "line")
    arms = len(layout.get("arms", []))
    if shape == "line":
        double = is_double(layout.get("set", "0-1"))
        if double and layout.get("set_lies") == "crosswise":
            return (-1, -2, 1, 2), True, [(-1, 0, 3), (1, 0, 1)]
        return (-2, -1, 2, 1), False, [(-2, 0, 3), (2, 0, 1)]
    starts = [(0, -2, 0), (1, 0, 1), (0, 2, 2), (-1, 0, 3)]
    return (-1, -2, 1, 2), True, starts[:max(arms, 3)]


def regions(shape, bounds, turn=1, lengths=None):
    """Each arm's region (x0, y0, x1, y1) inside the bounds: disjoint apart from shared
    edges. A cross's regions turn clockwise (turn 1: the north arm owns the top right) or
    counter-clockwise (-1: the top left); an arm with no tiles (or none at all: the
    triangle's fourth side) lends the part of its region beside the next arm in the turn
    to that arm."""
    if shape == "line":
        return [clip((-FAR, -FAR, FAR, 2), bounds), clip((-FAR, -2, FAR, FAR), bounds)]
    lengths = lengths or [1, 1, 1, 1]
    empty = [k >= len(lengths) or lengths[k] == 0 for k in range(4)]
    out = []
    for k in range(4):
        lender = (k - turn) % 4
        if empty[lender] and not empty[k]:
            base = (-FAR, -FAR, FAR, -2)
        elif turn > 0:
            base = (-2, -FAR, FAR, -2)
        else:
            base = (-FAR, -FAR, 2, -2)
        out.append(clip(turned(base, k), bounds))
    return out


class Arm:
    """The growing end of one arm while tiles are placed. `turn` 1: the snake turns
    clockwise from the arm's direction (-1: counter-clockwise). Straight out first; then
    either back and forth parallel to the first row ("along"), or, with `edge`, along the
    region's outer edge and back and forth across, toward the set tile."""

    def __init__(self, x, y, d, turn=1, edge=False):
        self.x, self.y, self.d = x, y, d
        self.row = d  # the direction of the current row of the snake
        self.drift = (d + turn) % 4  # where the snake goes when a row is full
        self.drifting = False
        self.edge = edge  # the first turn starts a row (not a drift) and the rows come back
        self.prev_width = 0  # across-width of the last tile; 0: no tile yet

    def candidates(self, length=LONG):
        if self.prev_width == 0:
            return [self.d]
        if self.drifting:
            if length < LONG:
                # A crosswise double goes on straight: a row should not start with one.
                return [self.d, (self.row + 2) % 4, self.row]
            return [(self.row + 2) % 4, self.d, self.row]
        return [self.d, self.drift, (self.drift + 2) % 4]

    def spot(self, d, length, width, flush=False):
        """(box, end x, end y) of the next tile if laid in direction d."""
        if d == self.d:
            sx, sy = self.x, self.y
        else:
            # Turn a corner: the tile lies against the side of the last tile's outer half,
            # centred on it or (`flush`, for a crosswise double) flush with its end.
            back = width // 2 if flush else 1
            cx, cy = self.x - DX[self.d] * back, self.y - DY[self.d] * back
            half = self.prev_width // 2
            sx, sy = cx + DX[d] * half, cy + DY[d] * half
        b = box(sx, sy, d, length, width)
        return b, sx + DX[d] * length, sy + DY[d] * length

    def advance(self, d, ex, ey, width):
        if d != self.d and self.edge and d == self.drift:
            # The first row is full: the next runs along the edge, and the snake then
            # drifts back toward the set tile.
            self.drift = (self.row + 2) % 4
            self.row = d
            self.edge = False
        elif d != self.d:
            self.edge = False
            if self.drifting and d == (self.row + 2) % 4:
                self.row = d
                self.drifting = False
            elif self.drifting and d == self.row:
                self.drifting = False
            else:
                self.drifting = True
        self.x, self.y, self.d = ex, ey, d
        self.prev_width = width


def shortfall(b, region, bounds):
    """(direction, units): how much room the box b lacks on one side of its region, where
    that side is the area's edge (moving the set tile away from it makes room); None if
    it sticks out elsewhere too."""
    out = [region[1] - b[1], b[2] - region[2], b[3] - region[3], region[0] - b[0]]
    edge = [region[1] == bounds[1], region[2] == bounds[2], region[3] == bounds[3],
            region[0] == bounds[0]]
    found = None
    for k in range(4):
        if out[k] > 0:
            if not edge[k] or found is not None:
                return None
            found = (k, out[k])
    return found


def clear(b, placed):
    """No box in `placed` overlaps b. (A plain loop: no generator to allocate in the hot
    path under MicroPython.)"""
    for p in placed:  # noqa: SIM110
        if b[0] < p[2] and p[0] < b[2] and b[1] < p[3] and p[1] < b[3]:
            return False
    return True


def choose(arm, length, width, region, bounds, placed, first):
    """The best spot for the next tile: (box, end x, end y, direction, fits, short) where
    `short` is, when it does not fit, the smallest (direction, units) of room it lacks."""
    if first:
        region = bounds
    options = []
    for d in arm.candidates(length):
        for flush in ([False, True] if width > SHORT and d != arm.d else [False]):
            b, ex, ey = arm.spot(d, length, width, flush)
            if inside(b, region) and inside(b, bounds) and clear(b, placed):
                return b, ex, ey, d, True, None
            options.append((b, ex, ey, d))
    short = None
    chosen = None
    for b, ex, ey, d in options:
        if clear(b, placed):
            if chosen is None:
                chosen = (b, ex, ey, d)
            lack = shortfall(b, region, bounds)
            if lack is not None and (short is None or lack[1] < short[1]):
                short = lack
    b, ex, ey, d = chosen or options[0]
    return b, ex, ey, d, False, short


def play_order(layout):
    """The arm of each layout tile in the order they were played (the engine's "order");
    round robin if it does not match the arms."""
    arms = layout.get("arms", [])
    lengths = [len(a.get("tiles", [])) for a in arms]
    order = [a for a in layout.get("order") or [] if isinstance(a, int)]
    counts = [0] * len(arms)
    for arm in order:
        if not 0 <= arm < len(arms):
            counts = None
            break
        counts[arm] += 1
    if counts == lengths:
        return order
    order = []
    for k in range(max(lengths + [0])):
        for i in range(len(arms)):
            if k < lengths[i]:
                order.append(i)
    return order


def prepare(layout):
    """What the placement needs of a layout, worked out once: shape, set tile, each arm's
    start, the (length, width) of each of its tiles and then of its end, the room it wants,
    and the order in which a line's tiles were played."""
    shape = layout.get("shape", "line")
    set_box, standing, starts = set_geometry(layout)
    arms = layout.get("arms", [])
    sizes = []
    wants = []
    for i in range(len(arms)):
        row = [tile_size(e[0], e[3]) for e in arms[i].get("tiles", [])] + [end_size(arms[i])]
        sizes.append(row)
        total = 0
        for length, _ in row:
            total += length
        wants.append(total)
    order = play_order(layout) if shape == "line" else None
    return {"layout": layout, "shape": shape, "set": set_box, "standing": standing,
            "starts": [starts[i] if i < len(starts) else starts[-1] for i in range(len(arms))],
            "sizes": sizes, "lengths": [len(r) - 1 for r in sizes], "wants": wants,
            "order": order}


def lay(order, arms, sizes, regs, bounds, placed, quick):
    """Lay tiles (the arm of each in `order`; `arms`: arm number -> Arm) and then every
    arm's end. Returns (spots, bad): spots[arm] lists (box, direction) of its tiles and
    then of its end (None with `quick`); bad is None if everything fits, else (the first
    arm that does not, the room it lacks: see choose). With `quick`, stops at a misfit."""
    count = {}
    spots = {}
    for arm_no in arms:
        spots[arm_no] = []

    def put(arm_no, length, width, first):
        """Place one box on an arm; (ex, ey, direction, misfit or None)."""
        b, ex, ey, d, ok, short = choose(arms[arm_no], length, width, regs[arm_no], bounds,
                                         placed, first)
        placed.append(b)
        if not quick:
            spots[arm_no].append((b, d))
        return ex, ey, d, None if ok else (arm_no, short)

    bad = None
    for arm_no in order:
        k = count.get(arm_no, 0)
        count[arm_no] = k + 1
        length, width = sizes[arm_no][k]
        ex, ey, d, misfit = put(arm_no, length, width, k == 0)
        if misfit is not None and bad is None:
            if quick:
                return None, misfit
            bad = misfit
        arms[arm_no].advance(d, ex, ey, width)
    for arm_no in sorted(arms):
        # The end must be seen too (and clicked): it counts for the fit.
        length, width = sizes[arm_no][count.get(arm_no, 0)]
        misfit = put(arm_no, length, width, arms[arm_no].prev_width == 0)[3]
        if misfit is not None and bad is None:
            if quick:
                return None, misfit
            bad = misfit
    return (None if quick else spots), bad


def edge_first(start, region, turn):
    """Whether an arm should rather run along its region's outer edge: the region reaches
    much further to the side it turns to than straight out (a short arm on a wide table)."""
    x, y, d = start
    return room(x, y, (d + turn) % 4, region) * 2 > room(x, y, d, region) * 3


def arrange(prep, bounds, turn, quick, first=None):
    """Lay out every arm inside `bounds`: (spots, bad) as lay() gives them, for all arms
    (spots is None with `quick`)."""
    n = len(prep["sizes"])
    regs = regions(prep["shape"], bounds, turn, prep["lengths"])
    starts = prep["starts"]
    if prep["shape"] == "line":
        arms = {}
        for i in range(n):
            x, y, d = starts[i]
            arms[i] = Arm(x, y, d)
        return lay(prep["order"], arms, prep["sizes"], regs, bounds, [prep["set"]], quick)
    # The regions keep the arms apart: each arm is laid on its own, straight out or along
    # its region's edge, whichever fits first. With `quick`, the arm that did not fit last
    # time and then those that want the most room go first, so that a misfit shows soon.
    wants = prep["wants"]
    order = sorted(range(n), key=lambda i: (i != first, -wants[i], i)) if quick else range(n)
    spots = {}
    bad = None
    for i in order:
        x, y, d = starts[i]
        reg = regs[i % len(regs)]
        modes = [True, False] if edge_first(starts[i], reg, turn) else [False, True]
        short = None
        found = False
        for edge in modes:
            got, miss = lay([i] * prep["lengths"][i], {i: Arm(x, y, d, turn, edge)},
                            prep["sizes"], {i: reg}, bounds, [prep["set"]], quick)
            if miss is None:
                found = True
                break
            if miss[1] is not None and (short is None or miss[1][1] < short[1]):
                short = miss[1]
        if not found:
            if quick:
                return None, (i, short)
            if bad is None:
                bad = (i, short)
            got, _ = lay([i] * prep["lengths"][i], {i: Arm(x, y, d, turn, modes[0])},
                         prep["sizes"], {i: reg}, bounds, [prep["set"]], False)
        if not quick:
            spots[i] = got[i]
    return (None if quick else spots), bad


def place(layout, bounds, turn=1, prep=None):
    """Lay out every tile inside `bounds` (x0, y0, x1, y1: the area in grid units around the
    set tile; `turn` as in regions()). Returns a dict:

    - "set": {"box", "standing", "tile", "first", "second"}
    - "tiles": [{"tile", "first", "second", "box", "arm", "index", "seat", "matching",
      "dir"}], arm by arm in play order; `first`/`second` are the numbers on the left/top
      and right/bottom half as drawn
    - "ends": one per arm: {"box", "dir"}: where the arm's next tile would lie
    - "bounds": `bounds`
    - "fits": every tile and every end stays inside the bounds and its arm's region
    """
    prep = prep or prepare(layout)
    spots, bad = arrange(prep, bounds, turn, False)
    arms_data = layout.get("arms", [])
    tiles = []
    ends = []
    for i in range(len(arms_data)):
        entries = arms_data[i].get("tiles", [])
        laid = spots[i]
        for k in range(len(entries)):
            tile, out, seat, matching = entries[k][0], int(entries[k][1]), entries[k][2], \
                entries[k][3]
            b, d = laid[k]
            hi, lo = [int(v) for v in str(tile).split("-")]
            inner = lo if out == hi else hi
            # Lying along d, the inner end faces the previous tile.
            if d == 1 or d == 2:
                first, second = inner, out
            else:
                first, second = out, inner
            tiles.append({"tile": tile, "first": first, "second": second, "box": b,
                          "arm": i, "index": k, "seat": seat, "matching": matching, "dir": d})
        b, d = laid[len(entries)]
        ends.append({"box": b, "dir": d})
    hi, lo = [int(v) for v in str(layout.get("set", "0-0")).split("-")]
    return {"set": {"box": prep["set"], "standing": prep["standing"],
                    "tile": layout.get("set"), "first": hi, "second": lo},
            "tiles": tiles, "ends": ends, "bounds": bounds,
            "fits": bad is None and inside(prep["set"], bounds)}


def search(prep, w, h, turn, tries=12):
    """Look for a place of the set tile in a w x h grid at which everything fits: from the
    middle, moved each time by the room that the arm that did not fit lacked at the
    area's edge, or else one step away from that arm's region (room straight out and to
    the side its snake turns to). The bounds (around the set tile), or None."""
    starts = prep["starts"]
    x, y = w // 2, h // 2
    seen = []
    first = None
    for _ in range(tries):
        seen.append((x, y))
        bounds = (-x, -y, w - x, h - y)
        if not inside(prep["set"], bounds):
            return None
        _, bad = arrange(prep, bounds, turn, True, first)
        if bad is None:
            return bounds
        first, short = bad
        moves = []
        if short is not None:
            moves.append((-DX[short[0]] * short[1], -DY[short[0]] * short[1]))
        d = starts[first][2]
        side = (d + turn) % 4
        moves.append((-DX[d] - DX[side], -DY[d] - DY[side]))
        moved = False
        for dx, dy in moves:
            nx, ny = min(max(x + dx, 2), w - 2), min(max(y + dy, 2), h - 2)
            if (nx, ny) not in seen:
                x, y = nx, ny
                moved = True
                break
        if not moved:
            return None
    return None


def touching(placement):
    """Whether tiles of two different arms touch (edge or corner; the set tile is no arm's):
    arms that run alongside each other are hard to tell apart."""
    tiles = placement["tiles"]
    for i in range(len(tiles)):
        a, arm = tiles[i]["box"], tiles[i]["arm"]
        for j in range(i + 1, len(tiles)):
            if tiles[j]["arm"] != arm:
                b = tiles[j]["box"]
                if a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]:
                    return True
    return False


def fit(layout, width_px, height_px, unit, min_unit=4, shrink=0.7):
    """Place the layout with the largest grid unit (pixels, <= unit) at which it fits the
    area and no two arms touch; returns (placement, unit). Tiles shrink before arms may
    crowd: below `shrink` of `unit` (the legible minimum, `legible()`) the placement says
    "zoom": it is shown whole, smaller than legible, and the page lets the person zoom in
    and pan (web/draw/layout_zoom.py). Only where no unit down to `min_unit` lays the arms
    apart does it take the largest unit at which the layout fits at all. The placement's
    "bounds" are the grid around the set tile (centred in the area): the area's, or
    where that needs zoom, perhaps a smaller one (`smaller`). The result is remembered
    (`FITTED`) and shared: callers must not change it."""
    key = fit_key(layout, width_px, height_px, unit, min_unit, shrink)
    if key is None:
        return fit_anew(layout, width_px, height_px, unit, min_unit, shrink)
    got = FITTED.get(key)
    if got is not None:
        return got
    if len(FITTED) >= FITTED_MOST:
        FITTED.clear()
    got = FITTED[key] = fit_anew(layout, width_px, height_px, unit, min_unit, shrink)
    return got


def fit_key(layout, width_px, height_px, unit, min_unit, shrink):
    """Everything `fit` reads, as a hashable value (None if some of it is not)."""
    arms = tuple((tuple(tuple(e) for e in a.get("tiles", [])), end_size(a))
                 for a in layout.get("arms", []))
    key = (layout.get("shape", "line"), layout.get("set"), layout.get("set_lies"),
           tuple(layout.get("order") or ()), arms, width_px, height_px, unit, min_unit, shrink)
    try:
        hash(key)
    except TypeError:
        return None
    return key


def fit_anew(layout, width_px, height_px, unit, min_unit, shrink):
    """`fit`, worked out."""
    prep = prepare(layout)
    turns = [1] if prep["shape"] == "line" else [1, -1]
    least = legible(unit, min_unit, shrink)
    placement, u = whole_grid(layout, prep, turns, width_px, height_px, unit, min_unit, least)
    # (or where the arms touch at every unit down to min_unit: rare)
    if placement["zoom"] or u <= min_unit and touching(placement):
        better = smaller(layout, prep, turns, width_px, height_px, unit, least)
        if better is not None:
            return better
    return placement, u


def smaller(layout, prep, turns, width_px, height_px, unit, least):
    """A legible placement in a grid a few rows or columns smaller than the area's, or
    None. The regions, and so the arms, follow the grid's shape: a layout whose arms touch
    (or that does not fit) in the whole grid may lie apart in a smaller one, so a taller
    area drew some layouts smaller than a shorter one did (a 376x370 area needed zoom where
    376x330 was legible at the design's unit). Tried only where the whole grid needs zoom:
    it costs up to SMALLER x 4 searches a unit."""
    for u in range(unit, least - 1, -1):
        w, h = int(width_px / u), int(height_px / u)
        for k in range(1, SMALLER + 1):
            for gw, gh in ((w, h - k), (w - k, h)):
                for turn in turns:
                    bounds = search(prep, gw, gh, turn)
                    if bounds is not None:
                        placement = place(layout, bounds, turn, prep)
                        if not touching(placement):
                            placement["zoom"] = False
                            return placement, u
    return None


def whole_grid(layout, prep, turns, width_px, height_px, unit, min_unit, least):
    """`fit` in the area's whole grid at each unit."""
    best = None
    u = unit
    while True:
        w = int(width_px / u)
        h = int(height_px / u)
        for turn in turns:
            bounds = search(prep, w, h, turn)
            if bounds is not None:
                placement = place(layout, bounds, turn, prep)
                if not touching(placement):
                    placement["zoom"] = u < least
                    return placement, u
                if best is None:
                    best = (placement, u)
                    placement["zoom"] = u < least
        if u <= min_unit:
            if best is not None:
                return best
            bounds = (-(w // 2), -(h // 2), w - w // 2, h - h // 2)
            placement = place(layout, bounds, 1, prep)
            placement["zoom"] = True
            return placement, u
        u -= 1


def legible(unit, min_unit=4, shrink=0.7):
    """The smallest grid unit at which tiles of a design drawn at `unit` stay legible."""
    return max(min_unit, int(unit * shrink))
