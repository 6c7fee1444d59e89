"""Where every tile of the layout lies: a line that snakes to stay in view, a cross, a
triangle (three arms from the 0-0) and the triangle's fourth side (game 16).

Pure integer geometry in grid units: a tile is 2 units wide and 4 long, so every corner
lies on the grid. Directions are numbered like the arms of a cross: 0 north, 1 east,
2 south, 3 west. Each arm grows from the set tile in its direction and, at the edge of its
own region of the table, turns clockwise ("drift") for one tile and comes back the other
way, like a snake; the regions of the arms never overlap, so neither do the arms.

R63: doubles lie crosswise under ordinary matching and in line under matador matching
(each layout tile carries the matching it was played under); only the set double of a
cross or triangle branches. MicroPython subset (see render_svg.py).
"""

DX = [0, 1, 0, -1]
DY = [-1, 0, 1, 0]
LONG = 4
SHORT = 2


def is_double(tile):
    a, _, b = str(tile).partition("-")
    return a == b


def tile_size(tile, matching):
    """(length along the arm, width across it) of a tile on an arm (R63)."""
    if is_double(tile) and matching == "ordinary":
        return SHORT, LONG
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


def set_matching(layout):
    """The matching the set tile itself was set under, for its look (R63)."""
    words = str(layout.get("game", "")).split()
    if not words:
        return "ordinary"
    if words[0] == "4" or (words[0] == "11" and "matador" in words):
        return "matador"
    return "ordinary"


def set_geometry(layout):
    """The set tile's box and each arm's start: (box, standing, starts) where starts[i] is
    (x, y, direction) of arm i's first tile."""
    shape = layout.get("shape", "line")
    arms = len(layout.get("arms", []))
    if shape == "line":
        double = is_double(layout.get("set", "0-1"))
        if double and set_matching(layout) == "ordinary":
            return (-1, -2, 1, 2), True, [(-1, 0, 3), (1, 0, 1)]
        return (-2, -1, 2, 1), False, [(-2, 0, 3), (2, 0, 1)]
    starts = [(0, -2, 0), (1, 0, 1), (0, 2, 2), (-1, 0, 3)]
    return (-1, -2, 1, 2), True, starts[:max(arms, 3)]


def regions(shape, half_w, half_h):
    """Each arm's region (x0, y0, x1, y1): disjoint apart from shared edges."""
    X, Y = half_w, half_h
    if shape == "line":
        return [(-X, -Y, X, 2), (-X, -2, X, Y)]
    return [(-2, -Y, X, -2), (2, -2, X, Y), (-X, 2, 2, Y), (-X, -Y, -2, 2)]


class Arm:
    """The growing end of one arm while tiles are placed."""

    def __init__(self, x, y, d):
        self.x, self.y, self.d = x, y, d
        self.row = d  # the direction of the current row of the snake
        self.drift = (d + 1) % 4  # where the snake goes when a row is full
        self.drifting = False
        self.prev_width = 0  # across-width of the last tile; 0: no tile yet

    def candidates(self):
        if self.prev_width == 0:
            return [self.d]
        if self.drifting:
            return [(self.row + 2) % 4, self.d, self.row]
        return [self.d, self.drift, (self.drift + 2) % 4]

    def spot(self, d, length, width):
        """(box, end x, end y) of the next tile if laid in direction d."""
        if d == self.d:
            sx, sy = self.x, self.y
            b = box(sx, sy, d, length, width)
        else:
            # Turn a corner: the tile lies against the side of the last tile's outer half.
            cx, cy = self.x - DX[self.d], self.y - DY[self.d]
            half = self.prev_width // 2
            sx, sy = cx + DX[d] * half, cy + DY[d] * half
            b = box(sx, sy, d, length, width)
        return b, sx + DX[d] * length, sy + DY[d] * length

    def advance(self, d, ex, ey, width):
        if d != self.d:
            if self.drifting and d == (self.row + 2) % 4:
                self.row = d
                self.drifting = False
            elif self.drifting and d == self.row:
                self.drifting = False
            else:
                self.drifting = True
        self.x, self.y, self.d = ex, ey, d
        self.prev_width = width


def choose(arm, length, width, region, bounds, placed, first):
    """The best spot for the next tile: (box, end x, end y, direction, fits)."""
    options = []
    for d in arm.candidates():
        b, ex, ey = arm.spot(d, length, width)
        options.append((b, ex, ey, d))
    for b, ex, ey, d in options:
        if inside(b, bounds) and (first or inside(b, region)) and not any(
                overlaps(b, p) for p in placed):
            return b, ex, ey, d, True
    for b, ex, ey, d in options:
        if not any(overlaps(b, p) for p in placed):
            return b, ex, ey, d, False
    b, ex, ey, d = options[0]
    return b, ex, ey, d, False


def play_order(layout, history):
    """The arm of each layout tile in the order they were played, from the hand's history
    (plays are written "tile@arm>out"); round robin if the history does not match."""
    arms = layout.get("arms", [])
    lengths = [len(a.get("tiles", [])) for a in arms]
    order = []
    for entry in history or []:
        action = str(entry[1])
        at = action.find("@")
        if at > 0 and at + 1 < len(action) and action[at + 1].isdigit():
            order.append(int(action[at + 1]))
    counts = [0] * len(arms)
    for arm in order:
        if arm >= len(arms):
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


def place(layout, history, half_w, half_h):
    """Lay out every tile. Returns a dict:

    - "set": {"box", "standing", "tile"}
    - "tiles": [{"tile", "first", "second", "box", "arm", "index", "seat", "matching",
      "dir"}] in play order; `first`/`second` are the numbers on the left/top and
      right/bottom half as drawn
    - "ends": one per arm: {"box", "dir"}: where the arm's next tile would lie
    - "fits": every tile stays inside the bounds and its arm's region, every end inside
      the bounds
    """
    shape = layout.get("shape", "line")
    set_box, standing, starts = set_geometry(layout)
    arms_data = layout.get("arms", [])
    bounds = (-half_w, -half_h, half_w, half_h)
    regs = regions(shape, half_w, half_h)
    arms = []
    for i in range(len(arms_data)):
        x, y, d = starts[i] if i < len(starts) else starts[-1]
        arms.append(Arm(x, y, d))
    placed = [set_box]
    tiles = []
    fits = inside(set_box, bounds)
    next_index = [0] * len(arms_data)
    for arm_no in play_order(layout, history):
        k = next_index[arm_no]
        next_index[arm_no] = k + 1
        entry = arms_data[arm_no]["tiles"][k]
        tile, out, seat, matching = entry[0], int(entry[1]), entry[2], entry[3]
        length, width = tile_size(tile, matching)
        arm = arms[arm_no]
        b, ex, ey, d, ok = choose(arm, length, width, regs[arm_no % len(regs)], bounds,
                                  placed, k == 0)
        fits = fits and ok
        hi, lo = [int(v) for v in str(tile).split("-")]
        inner = lo if out == hi else hi
        # Lying along d, the inner end faces the previous tile.
        if d == 1 or d == 2:
            first, second = inner, out
        else:
            first, second = out, inner
        tiles.append({"tile": tile, "first": first, "second": second, "box": b,
                      "arm": arm_no, "index": k, "seat": seat, "matching": matching, "dir": d})
        placed.append(b)
        arm.advance(d, ex, ey, width)
    ends = []
    for i in range(len(arms_data)):
        arm = arms[i]
        b, ex, ey, d, ok = choose(arm, LONG, SHORT, regs[i % len(regs)], bounds, placed,
                                  arm.prev_width == 0)
        # The end must be seen too (and clicked): it counts for the fit.
        fits = fits and inside(b, bounds) and not any(overlaps(b, e["box"]) for e in ends)
        ends.append({"box": b, "dir": d})
    hi, lo = [int(v) for v in str(layout.get("set", "0-0")).split("-")]
    return {"set": {"box": set_box, "standing": standing, "tile": layout.get("set"),
                    "first": hi, "second": lo},
            "tiles": tiles, "ends": ends, "fits": fits}


def fit(layout, history, width_px, height_px, unit, min_unit=4):
    """Place the layout with the largest grid unit (pixels, <= unit) at which it fits the
    area; returns (placement, unit)."""
    u = unit
    while True:
        half_w = int(width_px / (2 * u))
        half_h = int(height_px / (2 * u))
        result = place(layout, history, half_w, half_h)
        if result["fits"] or u <= min_unit:
            return result, u
        u -= 1
