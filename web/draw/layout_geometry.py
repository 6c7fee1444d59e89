"""Where every tile of the layout lies: a line that snakes to stay in view, a cross, a
triangle (three arms from the 0-0) and the triangle's fourth side (game 16).

Pure integer geometry in grid units: a tile is 2 units wide and 4 long, so every corner
lies on the grid, and the set tile's centre is the origin. Directions are numbered like the
arms of a cross: 0 north, 1 east, 2 south, 3 west.

**A placed tile never moves.** Like tiles on a real table, once a tile lies, its place
relative to every other tile stays until the hand ends. So the path of each arm is planned
once, when the hand's geometry is known (`plan`: the shape, the number of arms, how the set
tile lies, and the room of the screen), never from the tiles on the table: each tile is then
laid from the plan and the tiles laid before it (`place`), and no later play can force an
earlier tile to move. The picture as a whole is scaled and moved to show what lies
(render_layout.frame); it is planned anew only for another screen.

Each arm grows from the set tile in its direction inside its own region of the table. The
regions of a cross turn like a pinwheel around the set tile and never overlap, so neither do
the arms, which keep a grid unit (half a tile's short side) apart; the region of an arm the
game never has (the triangle's missing fourth side) goes to the next arm in the pinwheel's
turn. In its region an arm runs straight out and only at the region's edge turns for one
tile and comes back the other way like a snake. A line's two arms run out west and east and
snake north and south.

The plan takes the largest grid unit (in px) at which the longest arm the game can have
(the view's `most`: every tile that can be laid but those the other arms must hold) still
fits its region, down to the least legible unit: the regions are as large as the screen
allows, so an arm turns only where it must, and a whole hand always fits.

How each tile lies (R63: a double crosswise under ordinary matching, in line under matador)
is the view's to say, never worked out here: each layout tile carries it (the last of its
entry), the layout how the set tile lies (`set_lies`) and each arm how the tile its end
awaits lies (`end_lies`); only the set double of a cross or triangle branches. MicroPython
subset (see render_svg.py).
"""

from contract import CROSSWISE
from render_svg import split_tile

DX = [0, 1, 0, -1]
DY = [-1, 0, 1, 0]
LONG = 4
SHORT = 2
FAR = 100000  # "no limit" for a region's side before it is clipped to the area
GAP = 1  # grid units kept free between two arms' regions: half a tile's short side
# plan's latest results, by everything a plan depends on.
PLANS = {}
PLANS_MOST = 8


def tile_size(lies):
    """(length along the arm, width across it) of a tile that lies as the view says (R63:
    "crosswise" or "inline")."""
    if lies == CROSSWISE:
        return SHORT, LONG
    return LONG, SHORT


def entry_size(entry):
    """(length, width) of a layout tile, from its entry [tile, out, seat, matching, lies]."""
    return tile_size(entry[4])


def end_size(arm):
    """(length, width) of an arm's end: the tile it awaits, lying as the view says
    (`end_lies`: crosswise where a double must come next under ordinary matching, R42,
    R63)."""
    return tile_size(arm.get("end_lies"))


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


def set_geometry(layout):
    """The set tile's box and each arm's start: (box, standing, starts) where starts[i] is
    (x, y, direction) of arm i's first tile."""
    shape = layout.get("shape", "line")
    arms = len(layout.get("arms", []))
    if shape == "line":
        if layout.get("set_lies") == CROSSWISE:
            return (-1, -2, 1, 2), True, [(-1, 0, 3), (1, 0, 1)]
        return (-2, -1, 2, 1), False, [(-2, 0, 3), (2, 0, 1)]
    starts = [(0, -2, 0), (1, 0, 1), (0, 2, 2), (-1, 0, 3)]
    return (-1, -2, 1, 2), True, starts[:max(arms, 3)]


def regions(shape, bounds, arms):
    """Each arm's region (x0, y0, x1, y1) inside the bounds, GAP apart. A cross's regions
    turn clockwise like a pinwheel (the north arm owns the top right, the east arm the
    bottom right...); an arm the game does not have (`arms` < 4: the triangle's fourth
    side) lends its region to the next arm. Only the game's shape and arms decide this,
    never the tiles: the plan is the hand's."""
    if shape == "line":
        return [clip((-FAR, -FAR, FAR, 2), bounds), clip((-FAR, -2, FAR, FAR), bounds)]
    out = []
    for k in range(4):
        base = (-FAR, -FAR, FAR, -2) if (k - 1) % 4 >= arms > k else (-2, -FAR, FAR, -2)
        out.append(shrunk(clip(turned(base, k), bounds), k))
    return out


def shrunk(r, k):
    """Region r of arm k kept GAP from the next arm's: the side along which it borders
    that region (the north arm's south side, the east arm's west side...) gives up GAP, so
    that even a double lying across the next arm's first row stays clear of it."""
    x0, y0, x1, y1 = r
    side = (k + 2) % 4
    if side == 0:
        y0 += GAP
    elif side == 1:
        x1 -= GAP
    elif side == 2:
        y1 -= GAP
    else:
        x0 += GAP
    return (x0, y0, x1, y1)


class Arm:
    """The growing end of one arm while tiles are placed: the snake turns clockwise from
    the arm's direction (into its region of the pinwheel). Straight out to the region's
    edge first; then either one tile to the side and back, parallel to the first row, or
    (`edge`: a region wider than it is deep) along the edge and back and forth across it,
    toward the set tile."""

    def __init__(self, x, y, d, edge=False):
        self.x, self.y, self.d = x, y, d
        self.row = d  # the direction of the current row of the snake
        self.drift = (d + 1) % 4  # where the snake goes when a row is full
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


def clear(b, placed):
    """No box in `placed` overlaps b. (A plain loop: no generator to allocate in the hot
    path under MicroPython.)"""
    for p in placed:  # noqa: SIM110
        if b[0] < p[2] and p[0] < b[2] and b[1] < p[3] and p[1] < b[3]:
            return False
    return True


def outward(region, bounds):
    """The region with its sides on the edge of the bounds pushed out of sight: where an arm
    that filled the room goes on (beyond it)."""
    return (-FAR if region[0] <= bounds[0] else region[0],
            -FAR if region[1] <= bounds[1] else region[1],
            FAR if region[2] >= bounds[2] else region[2],
            FAR if region[3] >= bounds[3] else region[3])


def apart(b, others):
    """b keeps GAP from every box in `others` (another arm's tiles and ends)."""
    return clear((b[0] - GAP, b[1] - GAP, b[2] + GAP, b[3] + GAP), others)


def choose(arm, length, width, region, bounds, own, others, first):
    """The best spot for the next tile: (box, end x, end y, direction, fits). In the arm's
    region if it can, else anywhere in the room (a long arm goes on into the room the others
    left it), always GAP from the other arms' tiles; else beyond the room (it does not fit).
    `own`: this arm's boxes and the set tile; `others`: every other arm's. An arm's first
    tile lies against the set tile wherever it must."""
    options = []
    for d in arm.candidates(length):
        for flush in ([False, True] if width > SHORT and d != arm.d else [False]):
            b, ex, ey = arm.spot(d, length, width, flush)
            if first:
                return b, ex, ey, d, inside(b, bounds)
            if inside(b, region) and inside(b, bounds) and clear(b, own) and apart(b, others):
                return b, ex, ey, d, True
            options.append((b, ex, ey, d))
    beyond = outward(region, bounds)
    for b, ex, ey, d in options:
        if inside(b, beyond) and clear(b, own) and apart(b, others):
            return b, ex, ey, d, False
    for b, ex, ey, d in options:
        if clear(b, own) and clear(b, others):
            return b, ex, ey, d, False
    b, ex, ey, d = options[0]
    return b, ex, ey, d, False


def lay(order, arms, sizes, regs, bounds, set_box, quick=False, counted=None):
    """Lay tiles in the order they were played (`order`: the arm of each; `arms`: arm
    number -> Arm) and then every arm's end. Returns (spots, fits): spots[arm] lists
    (box, direction) of its tiles and then of its end; fits: everything lies in the room.
    With `quick`, it stops at the first misfit and returns instead how many tiles of arm
    `counted` fit before it (all of them and its end: their number). Each tile's spot
    depends only on the plan and the tiles played before it: what comes later never moves
    it."""
    count = {}
    spots = {}
    boxes = {}
    for arm_no in arms:
        spots[arm_no] = []
        boxes[arm_no] = [set_box]
    fits = True

    def put(arm_no, length, width, first):
        others = []
        for other in boxes:
            if other != arm_no:
                others += boxes[other][1:]
        b, ex, ey, d, ok = choose(arms[arm_no], length, width, regs[arm_no], bounds,
                                  boxes[arm_no], others, first)
        boxes[arm_no].append(b)
        spots[arm_no].append((b, d))
        return ex, ey, d, ok

    for arm_no in order:
        k = count.get(arm_no, 0)
        count[arm_no] = k + 1
        length, width = sizes[arm_no][k]
        ex, ey, d, ok = put(arm_no, length, width, k == 0)
        if not ok:
            if quick:
                return max(count.get(counted, 0) - 1, 0)
            fits = False
        arms[arm_no].advance(d, ex, ey, width)
    for arm_no in sorted(arms):
        # The end must be seen too (and clicked): it counts for the fit.
        length, width = sizes[arm_no][count.get(arm_no, 0)]
        ok = put(arm_no, length, width, arms[arm_no].prev_width == 0)[3]
        if not ok:
            if quick:
                return max(count.get(counted, 0) - 1, 0)
            fits = False
    if quick:
        return count.get(counted, 0)
    return spots, fits


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


# ---------------------------------------------------------------- the plan
def plan_key(layout, width_px, height_px, least, most):
    """Everything a plan depends on: the game's shape, its arms, how the set tile lies, the
    most tiles one arm can hold, the room. Not the tiles on the table."""
    shape = layout.get("shape", "line")
    standing = set_geometry(layout)[1]
    return (shape, len(layout.get("arms", [])), standing, most_tiles(layout), int(width_px),
            int(height_px), least, most)


def most_tiles(layout):
    """The most tiles one arm of the game can hold, as the view says (`most`: R2, R20 and
    the game's opening); the plan makes room for such an arm."""
    return int(layout["most"])


def plan(layout, width_px, height_px, least=8, most=14):
    """The hand's plan for a room of width_px x height_px: {"unit": px per grid unit at
    which the longest arm the game can have fits, "bounds": the room in grid units around
    the set tile, "regions": each arm's region, "fits": False where even the least unit
    holds no such arm}. Remembered (PLANS) and shared:
    callers must not change it."""
    key = plan_key(layout, width_px, height_px, least, most)
    got = PLANS.get(key)
    if got is None:
        if len(PLANS) >= PLANS_MOST:
            PLANS.clear()
        got = PLANS[key] = plan_anew(layout, width_px, height_px, least, most)
    return got


def bounds_at(unit, width_px, height_px):
    """The room as a grid of `unit` px, the set tile in its middle: (x0, y0, x1, y1)."""
    w, h = int(width_px / unit), int(height_px / unit)
    return (-(w // 2), -(h // 2), w - w // 2, h - h // 2)


def plan_anew(layout, width_px, height_px, least, most):
    """`plan`, worked out: from the largest unit down, the first at which the longest arm
    the game can have fits the room, each arm in turn (choose_edges); else the least."""
    shape = layout.get("shape", "line")
    set_box, standing, starts = set_geometry(layout)
    arms = len(layout.get("arms", [])) or len(starts)
    best = None
    for u in range(max(most, least), least - 1, -1):
        bounds = bounds_at(u, width_px, height_px)
        if not inside(set_box, bounds) and u > least:
            continue
        regs = regions(shape, bounds, arms)
        edges, ok = choose_edges(starts, arms, regs, bounds, set_box, most_tiles(layout))
        best = {"unit": u, "bounds": bounds, "regions": regs, "edges": edges, "fits": True}
        if ok:
            return best
    best["fits"] = False
    return best


def longest(starts, edges, regs, bounds, set_box, long_arm, count, doubles):
    """How many tiles (up to `count`) fit the room on arm `long_arm`, played after every
    other arm's first (the opening), all lying along it or (`doubles`) every fourth a
    double lying across (R63); one laying, stopped at the first that does not fit."""
    n = len(edges)
    sizes = {}
    for i in range(n):
        k = count if i == long_arm else 1
        sizes[i] = [(SHORT, LONG) if doubles and j % 4 == 3 else (LONG, SHORT)
                    for j in range(k)] + [(LONG, SHORT)]
    made = {}
    for i in range(n):
        made[i] = Arm(starts[i][0], starts[i][1], starts[i][2], edges[i])
    order = [i for i in range(n)] + [long_arm] * (count - 1)
    return lay(order, made, sizes, regs, bounds, set_box, True, long_arm)


def choose_edges(starts, arms, regs, bounds, set_box, count):
    """Each arm's way of snaking (`Arm.edge`), the one that holds more tiles (parallel to
    its first row where both hold `count`), and whether every arm holds `count`: the plan's
    choice, made once."""
    n = min(arms, len(starts))
    edges = [False] * n
    ok = True
    for i in range(n):
        held = []
        for edge in (False, True):
            edges[i] = edge
            held.append(min(longest(starts, edges, regs, bounds, set_box, i, count, False),
                            longest(starts, edges, regs, bounds, set_box, i, count, True)))
            if held[0] >= count:  # (parallel holds them all: no need to look further)
                break
        edges[i] = len(held) > 1 and held[1] > held[0]
        ok = ok and max(held) >= count
    return edges, ok


def place(layout, the_plan):
    """Lay out every tile by the plan. Returns a dict in grid units:

    - "set": {"box", "standing", "tile", "first", "second"}
    - "tiles": [{"tile", "first", "second", "box", "arm", "index", "seat", "matching",
      "lies", "dir"}], arm by arm in play order; `first`/`second` are the numbers on the
      left/top and right/bottom half as drawn
    - "ends": one per arm: {"box", "dir"}: where the arm's next tile would lie
    - "bounds": the plan's room
    - "fits": every tile and every end stays inside its arm's region
    """
    set_box, standing, starts = set_geometry(layout)
    arms_data = layout.get("arms", [])
    n = len(arms_data)
    sizes = []
    for i in range(n):
        sizes.append([entry_size(e) for e in arms_data[i].get("tiles", [])] +
                     [end_size(arms_data[i])])
    bounds, regs = the_plan["bounds"], the_plan["regions"]
    starts = [starts[i] if i < len(starts) else starts[-1] for i in range(n)]
    arms = {}
    edges = the_plan.get("edges") or []
    for i in range(n):
        x, y, d = starts[i]
        arms[i] = Arm(x, y, d, i < len(edges) and edges[i])
    spots, fits = lay(play_order(layout), arms, sizes, [regs[i % len(regs)] for i in range(n)],
                      bounds, set_box)
    tiles = []
    ends = []
    for i in range(n):
        entries = arms_data[i].get("tiles", [])
        laid = spots[i]
        for k in range(len(entries)):
            entry = entries[k]
            tile, out, seat, matching = entry[0], int(entry[1]), entry[2], entry[3]
            b, d = laid[k]
            hi, lo = split_tile(tile)
            inner = lo if out == hi else hi
            # Lying along d, the inner end faces the previous tile.
            if d == 1 or d == 2:
                first, second = inner, out
            else:
                first, second = out, inner
            tiles.append({"tile": tile, "first": first, "second": second, "box": b,
                          "arm": i, "index": k, "seat": seat, "matching": matching,
                          "dir": d})
        b, d = laid[len(entries)]
        ends.append({"box": b, "dir": d})
    hi, lo = split_tile(layout.get("set", "0-0"))
    return {"set": {"box": set_box, "standing": standing, "tile": layout.get("set"),
                    "first": hi, "second": lo},
            "tiles": tiles, "ends": ends, "bounds": bounds, "fits": fits}


def extent(placement):
    """(x0, y0, x1, y1) in grid units around the set tile, the tiles and the ends."""
    boxes = [placement["set"]["box"]] + [t["box"] for t in placement["tiles"]] + [
        e["box"] for e in placement["ends"]]
    x0, y0, x1, y1 = boxes[0]
    for b in boxes:
        x0, y0, x1, y1 = min(x0, b[0]), min(y0, b[1]), max(x1, b[2]), max(y1, b[3])
    return x0, y0, x1, y1


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
