"""Ordinary and matador matching (R60–R62), precomputed as a lookup table."""

from __future__ import annotations

from nos.tiles import ALL_TILES, Tile
from nos.value import by_value


class Matching:
    """The matching rule in force on an open end: ``Matching.ORDINARY`` or
    ``Matching.MATADOR``, two values compared with ``is``; ``Matching.of("matador")`` finds
    one by its ``value``. (A plain class rather than an ``Enum``: the engine also runs under
    MicroPython, which has no ``enum``.)"""

    __slots__ = ("value",)
    ORDINARY: Matching
    MATADOR: Matching

    def __init__(self, value: str) -> None:
        self.value = value

    @property
    def other(self) -> Matching:
        return Matching.MATADOR if self is Matching.ORDINARY else Matching.ORDINARY

    @staticmethod
    def of(value: str) -> Matching:
        """The matching called ``value``; raises ``ValueError`` for any other word."""
        return by_value(MATCHINGS, value, "a matching (ordinary or matador)")

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return "Matching." + self.value.upper()


Matching.ORDINARY = Matching("ordinary")
Matching.MATADOR = Matching("matador")
MATCHINGS = (Matching.ORDINARY, Matching.MATADOR)


def _outward(tile: Tile, end: int, matching: Matching) -> tuple[int, ...]:
    if matching is Matching.ORDINARY:
        # R60: the touching ends are equal; a double counts as one end's number.
        if tile.high == end:
            return (tile.low,)
        if tile.low == end:
            return (tile.high,)
        return ()
    if tile.is_matador:
        # R61: matadors are wild under matador matching; the player chooses the outward end.
        return (tile.high,) if tile.is_double else (tile.high, tile.low)
    if end == 0:
        # R62: only a matador may be played on a blank end.
        return ()
    need = 7 - end
    # R61: the touching ends add up to 7. R62's "blank faces out" follows: 0 never adds to 7.
    if tile.high == need:
        return (tile.low,)
    if tile.low == need:
        return (tile.high,)
    return ()


# OUTWARD[matching][tile.index][end] -> the possible outward ends (empty: does not fit).
OUTWARD: dict[Matching, tuple[tuple[tuple[int, ...], ...], ...]] = {
    m: tuple(tuple(_outward(t, end, m) for end in range(7)) for t in ALL_TILES) for m in MATCHINGS
}


def outward_ends(tile: Tile, end: int, matching: Matching) -> tuple[int, ...]:
    """The ends of ``tile`` that may face outward when played on ``end``; empty if it can't."""
    return OUTWARD[matching][tile.index][end]


def fits(tile: Tile, end: int, matching: Matching) -> bool:
    return bool(OUTWARD[matching][tile.index][end])
