"""Actions: small immutable values with paired parse/format (``parse_action(str(a)) == a``).

Text forms::

    set 6-6            Set: the player on set sets a double from the hand (R4, R5)
    draw               Draw: draw one tile (the set tile when on set without a double, R5; R11)
    announce 2         Announce: the game for this hand (R7, see ``games.Announcement``)
    declare 6-6 5-5 4-4  Declare: show doubles for payment (R8)
    decline            Decline: no declaration / no (more) doubles out of turn (R8, R9)
    5-3@1>3            Play: 5-3 on arm 1 with 3 facing out; `` close`` (R16), `` claim`` (H2)
    wait               Wait: "I wait" for a double played out of turn (R10)
    pass               Pass (R12)
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from nos.contract import KIND_SET
from nos.games import Announcement
from nos.tiles import Tile, format_tiles, parse_tiles


class _Singleton:
    """Base of the actions without parameters: one instance per class, equal by identity."""

    __slots__ = ()
    text = ""
    _instance: _Singleton | None = None

    def __new__(cls) -> _Singleton:
        inst = cls.__dict__.get("_instance")
        if inst is None:
            inst = object.__new__(cls)
            cls._instance = inst
        return inst

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def __reduce__(self) -> tuple[type, tuple]:
        return (type(self), ())


class Draw(_Singleton):
    """Draw the top tile of the boneyard (R5 on set, R11–R12 in a turn)."""

    __slots__ = ()
    text = "draw"


class Pass(_Singleton):
    """Pass: no legal tile and only the last two tiles left in the boneyard (R12)."""

    __slots__ = ()
    text = "pass"


class Wait(_Singleton):
    """"I wait": a turn given up for a double played out of turn (R10)."""

    __slots__ = ()
    text = "wait"


class Decline(_Singleton):
    """Decline to declare doubles (R8) or to play (more) doubles out of turn (R9)."""

    __slots__ = ()
    text = "decline"


DRAW, PASS, WAIT, DECLINE = Draw(), Pass(), Wait(), Decline()


class Set:
    """Set a double from the hand as the first tile of the hand (R4, R5). Interned per tile."""

    __slots__ = ("tile",)
    _cache: dict[int, Set] = {}

    def __new__(cls, tile: Tile) -> Set:
        inst = cls._cache.get(tile.index)
        if inst is None:
            inst = object.__new__(cls)
            inst.tile = tile
            cls._cache[tile.index] = inst
        return inst

    def __reduce__(self) -> tuple[type, tuple]:
        return (Set, (self.tile,))

    def __str__(self) -> str:
        return f"set {self.tile}"

    def __repr__(self) -> str:
        return f"Set(Tile({self.tile.high}, {self.tile.low}))"


class Announce:
    """Announce the game of this hand (R7). Interned per announcement."""

    __slots__ = ("game",)
    _cache: dict[Announcement, Announce] = {}

    def __new__(cls, game: Announcement) -> Announce:
        inst = cls._cache.get(game)
        if inst is None:
            inst = object.__new__(cls)
            inst.game = game
            cls._cache[game] = inst
        return inst

    def __reduce__(self) -> tuple[type, tuple]:
        return (Announce, (self.game,))

    def __str__(self) -> str:
        return f"announce {self.game}"

    def __repr__(self) -> str:
        return f"Announce({self.game!r})"


class Declare:
    """Declare doubles held in hand (R8); they then lie face up until played."""

    __slots__ = ("tiles",)

    def __init__(self, tiles: tuple[Tile, ...] | list[Tile]) -> None:
        self.tiles = tuple(sorted(tiles, reverse=True))

    def __eq__(self, other: object) -> bool:
        return type(other) is Declare and other.tiles == self.tiles

    def __hash__(self) -> int:
        return hash(("declare", self.tiles))

    def __str__(self) -> str:
        return f"declare {format_tiles(self.tiles)}"

    def __repr__(self) -> str:
        return f"Declare({list(self.tiles)!r})"


class Play:
    """Play ``tile`` on arm ``arm`` with ``out`` facing outward; optionally close (R16) or claim
    the double's payment (H2). Instances are interned, so equal plays are the same object."""

    __slots__ = ("tile", "arm", "out", "close", "claim", "closing")
    _cache: dict[tuple[int, int, int, bool, bool], Play] = {}

    tile: Tile
    arm: int
    out: int
    close: bool
    claim: bool
    closing: Play  # the same play with a close announced (R16)

    def __new__(
        cls, tile: Tile, arm: int, out: int, close: bool = False, claim: bool = False
    ) -> Play:
        key = (tile.index, arm, out, bool(close), bool(claim))
        inst = cls._cache.get(key)
        if inst is None:
            inst = object.__new__(cls)
            inst.tile, inst.arm, inst.out = tile, arm, out
            inst.close, inst.claim = bool(close), bool(claim)
            cls._cache[key] = inst
            inst.closing = inst if close else cls(tile, arm, out, True, claim)
        return inst

    @classmethod
    def of(cls, tile: Tile, arm: int, out: int, close: bool = False, claim: bool = False) -> Play:
        return cls(tile, arm, out, close, claim)

    def __reduce__(self) -> tuple[type, tuple]:
        return (Play, (self.tile, self.arm, self.out, self.close, self.claim))

    def __str__(self) -> str:
        text = f"{self.tile}@{self.arm}>{self.out}"
        if self.claim:
            text += " claim"
        if self.close:
            text += " close"
        return text

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"


if TYPE_CHECKING:
    Action = Set | Draw | Announce | Declare | Decline | Play | Wait | Pass
else:  # a name for annotations only (MicroPython cannot make the union)
    Action = object

_PLAY = re.compile(r"^(?:play\s+)?(\S+?)@(\d)>([0-6])((?:\s+(?:close|claim))*)$")


def parse_action(text: str) -> Action:
    """Read the text form of any action; raises ``ValueError`` with one clear sentence."""
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not an action; actions are written as text.")
    s = " ".join(text.strip().split())
    word, _, rest = s.partition(" ")
    low = word.lower()
    if low in ("draw", "pass", "wait", "decline") and not rest:
        return {"draw": DRAW, "pass": PASS, "wait": WAIT, "decline": DECLINE}[low]
    if low == "set":
        return Set(Tile.parse(rest))
    if low == "announce":
        return Announce(Announcement.parse(rest))
    if low == "declare":
        tiles = parse_tiles(rest)
        if not tiles:
            raise ValueError("A declaration names the doubles declared, like: declare 6-6 5-5 4-4.")
        return Declare(tiles)
    m = _PLAY.match(s)
    if m:
        flags = m.group(4).split()
        return Play.of(
            Tile.parse(m.group(1)), int(m.group(2)), int(m.group(3)),
            close="close" in flags, claim="claim" in flags,
        )
    raise ValueError(f"{text!r} is not an action; try e.g. 'draw', 'pass' or '5-3@1>3'.")


def attempted(move: object) -> str | None:
    """The action text of a move the page offers no legal action for (a tile dropped where
    it may not go): ``{"kind": "set" | "play", "tile", "arm", "out", "close", "claim"}``,
    so that the engine says why it is refused (R70). None if it is not such a move."""
    if not isinstance(move, dict):
        return None
    try:
        tile = Tile.parse(str(move["tile"]))
        if move.get("kind") == KIND_SET:
            return str(Set(tile))
        arm, out = move["arm"], move.get("out", tile.high)
        if not (type(arm) is int and type(out) is int and 0 <= arm < 8 and 0 <= out <= 6):
            return None
        return str(Play.of(tile, arm, out, bool(move.get("close")), bool(move.get("claim"))))
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
