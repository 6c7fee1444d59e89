"""The tiles on the table: the set tile and its arms, with their open ends (R63 for looks)."""

from __future__ import annotations

from collections import namedtuple
from typing import TYPE_CHECKING

from nos.actions import Play
from nos.contract import CROSSWISE, INLINE, SHAPE_CROSS, SHAPE_LINE, SHAPE_TRIANGLE
from nos.deal import LAST_TWO
from nos.games import Plan, side_key
from nos.matching import OUTWARD, Matching
from nos.tiles import ALL_TILES, MATADORS, Tile
from nos.value import new_tuple

# Indexed by tile.index: that tile's plays on one open end, each followed by its closing
# variant (R16): (play, play.closing, play2, play2.closing, ...).
if TYPE_CHECKING:
    PlayTable = tuple[tuple[Play, ...], ...]
_PLAY_TABLES: dict[tuple[bool, bool, int, int], PlayTable] = {}
_MAT, _ORD = Matching.MATADOR, Matching.ORDINARY
# The most tiles that can lie around the set tile: every other tile but the boneyard's last
# two (R2) and the one the last player in the hand keeps (R20a): 24.
MOST_LAID = len(ALL_TILES) - 1 - LAST_TWO - 1
# The other arms that take a tile before one arm grows, by shape: in a cross or triangle
# game every opening tile comes first (R40-R56; a triangle's fourth side later, R55).
OPENING_OTHERS = {SHAPE_LINE: 0, SHAPE_CROSS: 3, SHAPE_TRIANGLE: 2}


def lies(tile: Tile, matching: Matching) -> str:
    """How a tile placed on an arm lies, "inline" or "crosswise" (R63): a double played under
    ordinary matching lies crosswise, every other tile (a double under matador) in line."""
    return CROSSWISE if tile.is_double and matching is _ORD else INLINE


def set_lies(plan: Plan) -> str:
    """How the set tile lies, "inline" or "crosswise" (R63): a double lies crosswise under
    ordinary matching and in line under matador; the set double of a cross or triangle is
    the centre the arms branch from; a tile that is no double lies in line."""
    double = plan.set_tile.is_double
    inline = not double or (plan.arms == 2 and all(m is _MAT for m in plan.opening))
    return INLINE if inline else CROSSWISE


def play_table(matching: Matching, need_double: bool, end: int, arm: int) -> PlayTable:
    """For an open end: each tile's plays there (R60–R62; R42/R45 when a double is needed)."""
    key = (matching is Matching.MATADOR, need_double, end, arm)
    table = _PLAY_TABLES.get(key)
    if table is None:
        rows = []
        for tile in ALL_TILES:
            if need_double and not (
                tile.is_double or (matching is Matching.MATADOR and tile.is_matador)
            ):
                rows.append(())  # R42, R45: the second tile on a double-cross arm
            else:
                plays = [Play(tile, arm, out) for out in OUTWARD[matching][tile.index][end]]
                rows.append(tuple(x for p in plays for x in (p, p.closing)))
        table = _PLAY_TABLES[key] = tuple(rows)
        _FITTING[id(table)] = frozenset(t for t in ALL_TILES if rows[t.index])
        # Each row without its closing variants (``row[::2]``, which MicroPython cannot slice).
        _PLAIN[id(table)] = tuple(tuple(row[i] for i in range(0, len(row), 2)) for row in rows)
    return table


def goes(matching: Matching, need_double: bool, end: int, tile: Tile, out: int) -> bool:
    """Is ``Play(tile, arm, out)`` one of ``play_table(matching, need_double, end, arm)``'s
    plays? Read from the rules themselves (R60–R62; R42/R45), so that a position's check
    builds no table: a page that reads positions builds each one in MicroPython."""
    if need_double and not (tile.is_double or (matching is Matching.MATADOR and
                                               tile.is_matador)):
        return False
    return out in OUTWARD[matching][tile.index][end]


def plain_plays(table: PlayTable) -> PlayTable:
    """``table`` without the closing variants: each tile's plays there, unflagged."""
    return _PLAIN[id(table)]


_FITTING: dict[int, frozenset[Tile]] = {}  # id(play table) -> the tiles that fit there
_NO_TILES: frozenset[Tile] = frozenset()
_PLAIN: dict[int, PlayTable] = {}  # id(play table) -> its rows without closing variants


class Placed(namedtuple("Placed", ("tile", "out", "seat", "out_of_turn", "seq"))):
    """A tile on an arm, with the end that faces outward and the seat that played it, whether
    out of turn (R9); ``seq`` counts the tiles that were on the arms before it."""

    __slots__ = ()

    @property
    def inner(self) -> int:
        return self.tile.other(self.out) if not self.tile.is_double else self.out

    def __repr__(self) -> str:
        return f"Placed({self.tile}>{self.out} by {self.seat})"




def tile_entry(placed: Placed, matching: Matching) -> list:
    """A placed tile as the view's arm lists it: [tile, outward end, seat, the matching it
    was played under, how it lies (R63)]."""
    tile = placed.tile
    return [str(tile), placed.out, placed.seat, matching.value, lies(tile, matching)]


class Layout:
    """The layout of one hand under its announced ``Plan``.

    ``arms[i]`` lists the tiles on arm i from the set tile outward; ``ends[i]`` is the number an
    arm's next tile must meet; ``lengths[i]`` counts its tiles.
    """

    __slots__ = ("plan", "arms", "ends", "lengths", "_open", "_tables")

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.arms: list[list[Placed]] = [[] for _ in range(plan.arms)]
        self.ends: list[int] = list(plan.set_ends)
        self.lengths: list[int] = [0] * plan.arms
        self._open: list[tuple[int, Matching, bool, int]] | None = None
        self._tables: list[PlayTable] | None = None

    @property
    def set_tile(self) -> Tile:
        return self.plan.set_tile

    def copy(self) -> Layout:
        other = object.__new__(Layout)
        other.plan = self.plan
        other.arms = [list(arm) for arm in self.arms]
        other.ends = list(self.ends)
        other.lengths = list(self.lengths)
        other._open = self._open
        other._tables = self._tables
        return other

    def place(self, tile: Tile, arm: int, out: int, seat: int, out_of_turn: bool = False) -> None:
        lengths = self.lengths
        self.arms[arm].append(new_tuple(Placed, (tile, out, seat, out_of_turn, sum(lengths))))
        self.ends[arm] = out
        lengths[arm] += 1
        self._open = self._tables = None

    def play_tables(self) -> list[PlayTable]:
        """One ``PlayTable`` per open arm: ``tables[k][tile.index]`` lists that tile's plays
        there, each followed by its closing variant."""
        tables = self._tables
        if tables is None:
            get = _PLAY_TABLES.get
            plan = self.plan
            if plan.simple:  # the common case, without building open_arms()
                lengths, ends, dc = self.lengths, self.ends, plan.double_cross
                gate = plan.cross_gate and not all(lengths)
                opening, then = plan.opening_matador, plan.then_matador
                tables = []
                for arm, k in enumerate(lengths):
                    if k and gate:
                        continue
                    key = (then[arm] if k else opening[arm], dc and k == 1, ends[arm], arm)
                    table = get(key)
                    if table is None:
                        table = play_table(_MAT if key[0] else _ORD, key[1], key[2], arm)
                    tables.append(table)
            else:
                tables = [get((m is _MAT, d, end, arm)) or play_table(m, d, end, arm)
                          for arm, m, d, end in self.open_arms()]
            self._tables = tables
        return tables

    def fitting(self) -> frozenset[Tile]:
        """Every tile that could be played somewhere on the layout now."""
        tables = self.play_tables()
        if len(tables) == 1:
            return _FITTING[id(tables[0])]
        out = _NO_TILES
        for table in tables:  # (MicroPython's union takes one set at a time)
            out = out | _FITTING[id(table)]
        return out

    def open_arms(self, free_order: bool = False) -> list[tuple[int, Matching, bool, int]]:
        """(arm, matching, must_be_double, end) for every arm that takes a tile now."""
        if not free_order:
            if self._open is None:
                self._open = self._open_arms(False)
            return self._open
        return self._open_arms(True)

    def _open_arms(self, free_order: bool) -> list[tuple[int, Matching, bool, int]]:
        plan = self.plan
        if plan.simple:
            lengths, ends, dc = self.lengths, self.ends, plan.double_cross
            gate = plan.cross_gate and not free_order and not all(lengths)
            return [
                (arm, plan.then[arm] if k else plan.opening[arm], dc and k == 1, ends[arm])
                for arm, k in enumerate(lengths) if not (k and gate)
            ]
        lengths, ends = self.lengths, self.ends
        arms = range(plan.arms) if free_order else plan.open_arms(lengths)
        flip = plan.change and plan.condition_met(lengths)
        out = []
        for arm in arms:
            k = lengths[arm]
            m = plan.then[arm] if k else plan.opening[arm]
            if flip:
                m = m.other
            out.append((arm, m, plan.double_cross and k == 1, ends[arm]))
        return out

    def is_open(self, arm: int) -> bool:
        """The arm is open for play under the announced conditions (used by R10)."""
        return self.plan.blocked(self.lengths, arm) is None

    def tiles(self) -> list[Tile]:
        """Every tile on the table, the set tile first."""
        return [self.set_tile] + [p.tile for arm in self.arms for p in arm]

    def matching_of(self, placed: Placed, arm: int) -> Matching:
        """The matching a placed tile was played under (R63: doubles lie crosswise under
        ordinary matching, in line under matador)."""
        lengths = [sum(1 for p in a if p.seq < placed.seq) for a in self.arms]
        rule = self.plan.accepts(lengths, arm, free_order=True)
        return rule[0] if rule else Matching.ORDINARY

    def to_json(self) -> dict:
        """JSON-safe layout for drawing: how the set tile lies, and per arm its side (a token
        of ``nos.games.side_key``), its tiles as [tile, outward end, seat, matching, how it
        lies] (``tile_entry``, R63), how the tile its end awaits lies (``end_lies``), its
        open end, the matching for its next tile, the number that tile must show (``takes``:
        the end's own under ordinary matching, 7 minus it under matador, R60–R62), its
        ``label`` ("M" where only a matador fits, "5-5" where a double must come first), the
        ruling that keeps it closed for now (``locked``), if any, whether a matador may still
        come (``matador_left``: not all four are on the table) and whether it is ``dead``, can
        never grow: the double it must take next under ordinary matching is already on the
        table (R49: an arm begun with a double), or only a matador fits it and none is left
        (R62: a blank end; R45, R53: its double gone; every triangle game lays all four),
        unless a change of matching may still come (R57c)."""
        plan = self.plan
        lengths = self.lengths
        g = plan.announcement.game
        shape = SHAPE_LINE if plan.arms == 2 else SHAPE_TRIANGLE if g in (13, 14, 15) else \
            SHAPE_CROSS
        arms = []
        laid = {p.tile for placed in self.arms for p in placed}
        laid.add(plan.set_tile)
        matador_left = any(t not in laid for t in MATADORS)
        for i in range(plan.arms):
            matching = (plan.accepts(lengths, i, True) or (_ORD,))[0]
            end = self.ends[i]
            need_double = bool(plan.double_cross and lengths[i] == 1)
            need = end if matching is _ORD else 7 - end
            label = "M" if matching is _MAT and end == 0 else str(need)
            if need_double and label != "M":
                # The double that adds up to 7 laid already (the set tile, say): under the
                # matador rule only a matador can come first then (R45, R61).
                gone = matching is _MAT and Tile(need, need) in laid
                label = "M" if gone else f"{label}-{label}"
            blocked = plan.blocked(lengths, i)
            arms.append({
                "side": side_key(plan, i),
                "tiles": [tile_entry(p, self.matching_of(p, i)) for p in self.arms[i]],
                "end": end,
                "open": blocked is None,
                "locked": blocked[0] if blocked else None,
                "matching": matching.value,
                "needs_double": need_double,
                "matador_left": matador_left,
                "dead": need_double and matching is _ORD and Tile(need, need) in laid,
                "takes": need,
                "label": label,
            })
        # Only a matador fits, and none is left (R62; R45, R53). Dead, unless a change of
        # matching may still come (R57c): the arms its condition still waits for can grow.
        stuck = [a["label"] == "M" and not matador_left for a in arms]
        if plan.change and not plan.condition_met(lengths):
            needed = [s for s in plan.sequence if not lengths[s]]
            if plan.first is not None and lengths[plan.first] < plan.count:
                needed.append(plan.first)
            if not any(stuck[s] for s in needed):
                stuck = [False] * len(arms)
        for i in range(len(arms)):
            arm = arms[i]
            arm["dead"] = arm["dead"] or stuck[i]
            # R42, R63: an end that must take a double under ordinary matching awaits one
            # lying crosswise; any other (a dead one awaits nothing) a tile in line.
            arm["end_lies"] = CROSSWISE if arm["needs_double"] and not arm["dead"] and \
                arm["matching"] == _ORD.value else INLINE
        return {
            "set": str(plan.set_tile),
            "game": str(plan.announcement),
            "shape": shape,
            "set_lies": set_lies(plan),
            # The most tiles one arm can hold: the drawing plans room for such an arm.
            "most": MOST_LAID - OPENING_OTHERS[shape],
            "arms": arms,
            # The arm of each placed tile in the order they were played.
            "order": [arm for _, arm in sorted((p.seq, i) for i, placed in
                                               enumerate(self.arms) for p in placed)],
        }
