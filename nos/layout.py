"""The tiles on the table: the set tile and its arms, with their open ends (R63 for looks)."""

from __future__ import annotations

from nos.games import Plan
from nos.matching import OUTWARD, Matching
from nos.tiles import Tile


class Placed:
    """A tile on an arm, with the end that faces outward and the seat that played it."""

    __slots__ = ("tile", "out", "seat", "out_of_turn")

    def __init__(self, tile: Tile, out: int, seat: int, out_of_turn: bool = False) -> None:
        self.tile, self.out, self.seat, self.out_of_turn = tile, out, seat, out_of_turn

    @property
    def inner(self) -> int:
        return self.tile.other(self.out) if not self.tile.is_double else self.out

    def __repr__(self) -> str:
        return f"Placed({self.tile}>{self.out} by {self.seat})"


class Layout:
    """The layout of one hand under its announced ``Plan``.

    ``arms[i]`` lists the tiles on arm i from the set tile outward; ``ends[i]`` is the number an
    arm's next tile must meet; ``lengths[i]`` counts its tiles.
    """

    __slots__ = ("plan", "arms", "ends", "lengths")

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.arms: list[list[Placed]] = [[] for _ in range(plan.arms)]
        self.ends: list[int] = list(plan.set_ends)
        self.lengths: list[int] = [0] * plan.arms

    @property
    def set_tile(self) -> Tile:
        return self.plan.set_tile

    def copy(self) -> Layout:
        other = Layout.__new__(Layout)
        other.plan = self.plan
        other.arms = [list(arm) for arm in self.arms]
        other.ends = list(self.ends)
        other.lengths = list(self.lengths)
        return other

    def place(self, tile: Tile, arm: int, out: int, seat: int, out_of_turn: bool = False) -> None:
        self.arms[arm].append(Placed(tile, out, seat, out_of_turn))
        self.ends[arm] = out
        self.lengths[arm] += 1

    def open_arms(self, free_order: bool = False) -> list[tuple[int, Matching, bool, int]]:
        """(arm, matching, must_be_double, end) for every arm that takes a tile now."""
        out = []
        lengths = self.lengths
        for arm in range(self.plan.arms):
            rule = self.plan.accepts(lengths, arm, free_order)
            if rule is not None:
                out.append((arm, rule[0], rule[1], self.ends[arm]))
        return out

    def is_open(self, arm: int) -> bool:
        """The arm is open for play under the announced conditions (used by R10)."""
        return self.plan.blocked(self.lengths, arm) is None

    @staticmethod
    def outs(
        tile: Tile, open_arms: list[tuple[int, Matching, bool, int]]
    ) -> list[tuple[int, int]]:
        """(arm, outward end) for each way ``tile`` can be played on the given open arms."""
        result = []
        for arm, matching, need_double, end in open_arms:
            if need_double and not (
                tile.is_double or (matching is Matching.MATADOR and tile.is_matador)
            ):
                continue  # R42, R45: the second tile on a double-cross arm
            for out in OUTWARD[matching][tile.index][end]:
                result.append((arm, out))
        return result

    def can_take(self, tile: Tile, open_arms: list[tuple[int, Matching, bool, int]]) -> bool:
        for _arm, matching, need_double, end in open_arms:
            if need_double and not (
                tile.is_double or (matching is Matching.MATADOR and tile.is_matador)
            ):
                continue
            if OUTWARD[matching][tile.index][end]:
                return True
        return False

    def tiles(self) -> list[Tile]:
        """Every tile on the table, the set tile first."""
        return [self.set_tile] + [p.tile for arm in self.arms for p in arm]

    def last_on(self, arm: int) -> Placed | None:
        return self.arms[arm][-1] if self.arms[arm] else None

    def to_json(self) -> dict:
        plan = self.plan
        open_now = {a for a, *_ in self.open_arms()}
        return {
            "set": str(plan.set_tile),
            "game": str(plan.announcement),
            "arms": [
                {
                    "name": plan.side_name(i),
                    "tiles": [[str(p.tile), p.out, p.seat] for p in self.arms[i]],
                    "end": self.ends[i],
                    "open": i in open_now,
                    "matching": (plan.accepts(self.lengths, i, True) or (None,))[0].value,
                    "needs_double": bool(plan.double_cross and self.lengths[i] == 1),
                }
                for i in range(plan.arms)
            ],
        }
