"""The double-six set (R1): 28 tiles, each a singleton value with parse/format."""

from __future__ import annotations

import re

_TILE_TEXT = re.compile(r"^\s*\[?\s*([0-6])\s*[-|:/ ]\s*([0-6])\s*\]?\s*$")
_SEPARATORS = re.compile(r"[\s,]+")  # (MicroPython's re has no module-level split)


class Tile:
    """One domino. ``Tile(5, 3) is Tile(3, 5)``; ``str`` gives ``"5-3"`` (high end first)."""

    __slots__ = ("high", "low", "index", "pips", "is_double", "is_matador", "count", "text")
    _table: dict[tuple[int, int], Tile] = {}

    high: int
    low: int
    index: int
    pips: int
    is_double: bool
    is_matador: bool
    count: int
    text: str

    def __new__(cls, a: int, b: int) -> Tile:
        try:
            return cls._table[(a, b)]
        except KeyError:
            raise ValueError(f"{a}-{b} is not a tile of the double-six set.") from None

    @classmethod
    def _make(cls, high: int, low: int, index: int) -> Tile:
        tile = object.__new__(cls)
        tile.high, tile.low, tile.index = high, low, index
        tile.pips = high + low
        tile.text = f"{high}-{low}"  # (kept: a new string is dear in MicroPython, on the page)
        tile.is_double = high == low
        # R61: the matadors are the tiles of seven spots and the double blank.
        tile.is_matador = tile.pips == 7 or (high == 0 and low == 0)
        # R21: the double blank counts 14 in the final count; other blanks count 0.
        tile.count = 14 if tile.pips == 0 else tile.pips
        return tile

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read ``"5-3"``, ``"3-5"``, ``"[5|3]"`` or ``"53"``."""
        if isinstance(text, str):  # the usual spelling, from a record or a position
            tile = _BY_TEXT.get(text)
            if tile is not None:
                return tile
        text = str(text)
        m = _TILE_TEXT.match(text)
        if m is None and len(text.strip()) == 2 and text.strip().isdigit():
            m = _TILE_TEXT.match(text.strip()[0] + "-" + text.strip()[1])
        if m is None:
            raise ValueError(f"{text!r} is not a tile; write it like 5-3.")
        return cls(int(m.group(1)), int(m.group(2)))

    def other(self, end: int) -> int:
        """The number at the other end from ``end``."""
        return self.low if end == self.high else self.high

    def has(self, number: int) -> bool:
        return self.high == number or self.low == number

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Tile({self.high}, {self.low})"

    def __lt__(self, other: Tile) -> bool:
        return self.index < other.index

    def __reduce__(self) -> tuple[type, tuple[int, int]]:
        return (Tile, (self.high, self.low))


def _build() -> tuple[Tile, ...]:
    tiles = []
    for high in range(7):
        for low in range(high + 1):
            tile = Tile._make(high, low, len(tiles))
            Tile._table[(high, low)] = tile
            Tile._table[(low, high)] = tile
            tiles.append(tile)
    return tuple(tiles)


ALL_TILES: tuple[Tile, ...] = _build()
DOUBLES: tuple[Tile, ...] = tuple(t for t in ALL_TILES if t.is_double)
MATADORS: tuple[Tile, ...] = tuple(t for t in ALL_TILES if t.is_matador)
DOUBLE_BLANK: Tile = Tile(0, 0)
# "5-3" and "3-5" of every tile, read without the pattern.
_BY_TEXT: dict[str, Tile] = {f"{a}-{b}": t for t in ALL_TILES
                              for a, b in ((t.high, t.low), (t.low, t.high))}


def double_value(tile: Tile) -> int:
    """The value of one end of a double for payments (R6, R9, R14): the double blank is worth 7."""
    return 7 if tile.high == 0 else tile.high


def hand_count(tiles: list[Tile] | tuple[Tile, ...]) -> int:
    """The count of spots left in a hand (R21)."""
    return sum(t.count for t in tiles)


def parse_tiles(text: str) -> list[Tile]:
    """Read tiles separated by spaces or commas: ``"6-6 5-3, 2-0"``."""
    return [Tile.parse(part) for part in _SEPARATORS.split(text.strip()) if part]


def format_tiles(tiles: list[Tile] | tuple[Tile, ...]) -> str:
    return " ".join(str(t) for t in tiles)
