"""The deal (R2) as an explicit chance step: each hand and the boneyard order, scriptable."""

from __future__ import annotations

import random

from nos.tiles import ALL_TILES, Tile, format_tiles, parse_tiles
from nos.value import Value, set_fields

HAND_SIZE = {3: 5, 4: 4, 5: 3}  # R2: 8 − n tiles each
LAST_TWO = 2  # R2: the two bottom tiles of the boneyard are never drawn


class Deal(Value):
    """Each seat's tiles, and the boneyard from top (drawn first) to bottom (the last two)."""

    FIELDS = ("hands", "boneyard")
    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]

    def __init__(self, hands: tuple[tuple[Tile, ...], ...], boneyard: tuple[Tile, ...]) -> None:
        set_fields(self, hands=hands, boneyard=boneyard)
        n = len(self.hands)
        if n not in HAND_SIZE:
            raise ValueError(f"Nos is played by 3, 4 or 5 players, not {n} (R1).")
        size = HAND_SIZE[n]
        for seat, hand in enumerate(self.hands):
            if len(hand) != size:
                raise ValueError(f"Seat {seat} has {len(hand)} tiles; with {n} players each "
                                 f"gets {size} (R2).")
        tiles = [t for h in self.hands for t in h] + list(self.boneyard)
        if len(tiles) != 28 or len(set(tiles)) != 28:
            raise ValueError("A deal must use each of the 28 tiles exactly once (R1).")

    @property
    def players(self) -> int:
        return len(self.hands)

    @classmethod
    def shuffled(cls, players: int, rng: random.Random) -> Deal:
        """The chance step: shuffle the set and deal 8 − n tiles to each seat (R2)."""
        tiles = list(ALL_TILES)
        rng.shuffle(tiles)
        return cls.from_order(players, tiles)

    @classmethod
    def from_order(cls, players: int, tiles: list[Tile]) -> Deal:
        size = HAND_SIZE.get(players, 0)
        hands = tuple(tuple(tiles[i * size:(i + 1) * size]) for i in range(players))
        return cls(hands, tuple(tiles[players * size:]))

    @classmethod
    def build(
        cls, hands: list[str] | list[list[Tile]], boneyard: str | list[Tile] = ""
    ) -> Deal:
        """A scripted deal for tests: the hands, and the top of the boneyard; the tiles not named
        follow in set order (highest first) at the bottom of the boneyard."""
        hs = tuple(tuple(parse_tiles(h) if isinstance(h, str) else h) for h in hands)
        top = parse_tiles(boneyard) if isinstance(boneyard, str) else list(boneyard)
        used = {t for h in hs for t in h} | set(top)
        rest = [t for t in reversed(ALL_TILES) if t not in used]
        return cls(hs, tuple(top + rest))

    def has_double(self) -> bool:
        return any(t.is_double for h in self.hands for t in h)

    def __str__(self) -> str:
        return " / ".join(format_tiles(h) for h in self.hands) + " // " + format_tiles(
            self.boneyard)

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read ``str(deal)``: hands separated by ``/``, then ``//`` and the boneyard."""
        hands_text, sep, bone_text = str(text).partition("//")
        if not sep:
            raise ValueError("A deal is written as hands separated by '/', then '//' and the "
                             "boneyard.")
        return cls(tuple(tuple(parse_tiles(h)) for h in hands_text.split("/")),
                   tuple(parse_tiles(bone_text)))

    def __repr__(self) -> str:
        return f"Deal.parse({str(self)!r})"

    def to_json(self) -> dict:
        return {"hands": [[str(t) for t in h] for h in self.hands],
                "boneyard": [str(t) for t in self.boneyard]}

    @classmethod
    def from_json(cls, data: dict) -> Deal:
        return cls(tuple(tuple(Tile.parse(t) for t in h) for h in data["hands"]),
                   tuple(Tile.parse(t) for t in data["boneyard"]))
