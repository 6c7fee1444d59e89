"""The 17 games that may be announced (R40–R57) and the placement plan each one fixes.

An ``Announcement`` is the game with its parameters; ``plan_for`` turns it and the set tile into
a ``Plan``: how many arms, which matching on each arm at each stage, and which arms are open.
Sides and arms are numbered from 0: on a line, side 0 shows the set tile's high end and side 1
its low end; on a cross, arms 0–3 are north, east, south, west (0/2 and 1/3 are opposite).
"""

from __future__ import annotations

from nos import english
from nos.matching import Matching
from nos.tiles import Tile
from nos.value import Value, set_fields

ORD, MAT = Matching.ORDINARY, Matching.MATADOR

# The ruling that defines each game, for error messages and docs.
GAME_RULES = {1: "R40", 2: "R41", 3: "R42", 4: "R43", 5: "R44", 6: "R45", 7: "R46", 8: "R47",
              9: "R48", 10: "R49", 11: "R50", 12: "R51", 13: "R52", 14: "R53", 15: "R54",
              16: "R55", 17: "R56"}
GAMES = tuple(sorted(GAME_RULES))  # 1-17: each named in the catalogue (game.<n>)


class Announcement(Value):
    """A game with its parameters.

    - ``matching``: game 11's starting rule.
    - ``here``: game 11 condition (a) "first here, then there" (R57a) — the side of the second
      tile; game 17: the side of the first matador tile (R56).
    - ``first``/``count``: condition (b) "N first" (R57b), games 11 and 12 (line).
    - ``change``: condition (c), game 11: the rule changes once (a) or (b) is met (R57c).
    - ``ordinary``: game 12: the ordinary side of a line, or the ordinary axis of a cross
      (0: arms 0 and 2; 1: arms 1 and 3) (R51).
    - ``shape``: game 12: "line", "cross" or "double cross"; game 17: "cross" or "double cross".
    """

    FIELDS = ("game", "matching", "here", "first", "count", "change", "ordinary", "shape")
    game: int
    matching: Matching | None
    here: int | None
    first: int | None
    count: int
    change: bool
    ordinary: int | None
    shape: str | None

    def __init__(self, game: int, matching: Matching | None = None, here: int | None = None,
                 first: int | None = None, count: int = 0, change: bool = False,
                 ordinary: int | None = None, shape: str | None = None) -> None:
        set_fields(self, game=game, matching=matching, here=here, first=first, count=count,
                   change=change, ordinary=ordinary, shape=shape)

    def __str__(self) -> str:
        parts = [str(self.game)]
        if self.shape is not None:
            parts.append(self.shape.replace(" ", ""))
        if self.matching is not None:
            parts.append(self.matching.value)
        if self.ordinary is not None:
            parts.append(f"ordinary={self.ordinary}")
        if self.here is not None:
            parts.append(f"here={self.here}")
        if self.first is not None:
            parts.append(f"first={self.first}:{self.count}")
        if self.change:
            parts.append("change")
        return " ".join(parts)

    @classmethod
    def parse(cls, text: str) -> Announcement:
        """Read the form written by ``str``, e.g. ``"11 ordinary first=1:3 change"``."""
        words = str(text).split()
        try:
            game = int(words[0])
        except (IndexError, ValueError):
            raise ValueError(f"{text!r} is not a game; start with its number 1–17.") from None
        fields: dict = {}
        for word in words[1:]:
            key, _, value = word.partition("=")
            try:
                if word in ("line", "cross", "doublecross"):
                    fields["shape"] = "double cross" if word == "doublecross" else word
                elif word in ("ordinary", "matador"):
                    fields["matching"] = Matching.of(word)
                elif word == "change":
                    fields["change"] = True
                elif key in ("ordinary", "here") and value:
                    fields[key] = int(value)
                elif key == "first" and value:
                    side, _, count = value.partition(":")
                    fields["first"], fields["count"] = int(side), int(count)
                else:
                    raise ValueError
            except ValueError:
                raise ValueError(f"{word!r} is not a parameter of a game.") from None
        return cls(game, **fields)

    def name(self, set_tile: Tile) -> str:
        """The announcement in English on ``set_tile``, e.g. "volapük, 3 first on the
        6-side, ordinary there" (the catalogue's ``game.*``: ``nos.english``)."""
        return english.game(announcement_params(self, set_tile))


# Condition (b) of R57 allows 1–4 tiles first on the named side.
_COUNTS = (1, 2, 3, 4)


def legal_announcements(set_tile: Tile) -> list[Announcement]:
    """Every announcement allowed for this set tile (R40–R57), in game order."""
    return list(_legal(set_tile))


_legal_cache: dict[int, tuple[Announcement, ...]] = {}
# The same, as the announcements' field values: a check asks one set, not 80 comparisons.
_legal_values: dict[int, frozenset[tuple]] = {}


def _legal(set_tile: Tile) -> tuple[Announcement, ...]:
    """The legal announcements of ``set_tile``, built once per tile and kept."""
    cached = _legal_cache.get(set_tile.index)
    if cached is not None:
        return cached
    double = set_tile.is_double
    blank = double and set_tile.high == 0
    out: list[Announcement] = [Announcement(1)]
    if double:
        out += [Announcement(2), Announcement(3)]
    out.append(Announcement(4))
    if double and not blank:  # R44, R45, R48, R49: a double, not the double blank
        out += [Announcement(5), Announcement(6)]
    if double:
        out += [Announcement(7), Announcement(8)]
    if double and not blank:
        out += [Announcement(9), Announcement(10)]
    for m in (ORD, MAT):
        for change in (False, True):
            out += [Announcement(11, matching=m, here=h, change=change) for h in (0, 1)]
            out += [Announcement(11, matching=m, first=s, count=n, change=change)
                    for s in (0, 1) for n in _COUNTS]
    for o in (0, 1):
        out.append(Announcement(12, shape="line", ordinary=o))
        out += [Announcement(12, shape="line", ordinary=o, first=s, count=n)
                for s in (0, 1) for n in _COUNTS]
    if double:
        out += [Announcement(12, shape=sh, ordinary=o)
                for sh in ("cross", "double cross") for o in (0, 1)]
    if blank:  # R52–R55: the triangle games need the double blank as set tile
        out += [Announcement(g) for g in (13, 14, 15, 16)]
    if double:
        out += [Announcement(17, shape=sh, here=h) for sh in ("cross", "double cross")
                for h in range(4)]
    _legal_cache[set_tile.index] = tuple(out)
    _legal_values[set_tile.index] = frozenset(a.values() for a in out)
    return tuple(out)


def game_unavailable(game: int, set_tile: Tile, shape: str | None = None) -> str | None:
    """Why no announcement of ``game`` (of this ``shape``, for game 12) suits ``set_tile``, as
    a word key: "needs_double_blank" (R52–R55), "not_double_blank" (R44, R45, R48, R49),
    "needs_double"; None if some does."""
    if game in (13, 14, 15, 16) and set_tile != Tile(0, 0):
        return "needs_double_blank"
    if game in (5, 6, 9, 10) and set_tile == Tile(0, 0):
        return "not_double_blank"
    needs_double = game in (2, 3, 5, 6, 7, 8, 9, 10, 17) or (game == 12 and shape not in
                                                               (None, "line"))
    if needs_double and not set_tile.is_double:
        return "needs_double"
    return None


def announcement_error(a: Announcement, set_tile: Tile) -> tuple[str, dict] | None:
    """Why ``a`` may not be announced on ``set_tile`` as (word key, parameters), or None if
    it may. The parameters hold the game and its ruling."""
    if a.game not in GAME_RULES:
        return "no_such_game", {"game": a.game}
    _legal(set_tile)
    if a.values() in _legal_values[set_tile.index]:
        return None
    params = {"game": a.game, "rule": GAME_RULES[a.game], "tile": str(set_tile)}
    return game_unavailable(a.game, set_tile, a.shape) or "bad_parameters", params


class Plan(Value):
    """Where tiles may go in one hand's game, as a function of the number of tiles on each arm.

    ``opening[i]`` is the matching for the first tile on arm i, ``then[i]`` for later tiles;
    ``double_cross``: the second tile on an arm must be a double (matador: or a matador);
    ``cross_gate``: no arm is extended before every arm has its first tile;
    ``sequence``: arms that must get their first tile in this order (R56, R57a);
    ``late_arms``: arms opened only once all other arms have a tile (R55);
    ``first``/``count``: R57b; ``change``: R57c.
    """

    FIELDS = ("announcement", "set_tile", "arms", "set_ends", "opening", "then",
              "double_cross", "cross_gate", "sequence", "late_arms", "first", "count", "change")
    announcement: Announcement
    set_tile: Tile
    arms: int
    set_ends: tuple[int, ...]
    opening: tuple[Matching, ...]
    then: tuple[Matching, ...]
    double_cross: bool
    cross_gate: bool
    sequence: tuple[int, ...]
    late_arms: tuple[int, ...]
    first: int | None
    count: int
    change: bool
    simple: bool
    opening_matador: tuple[bool, ...]
    then_matador: tuple[bool, ...]

    def __init__(self, announcement: Announcement, set_tile: Tile, arms: int,
                 set_ends: tuple[int, ...], opening: tuple[Matching, ...],
                 then: tuple[Matching, ...], double_cross: bool = False,
                 cross_gate: bool = False, sequence: tuple[int, ...] = (),
                 late_arms: tuple[int, ...] = (), first: int | None = None, count: int = 0,
                 change: bool = False) -> None:
        set_fields(self, announcement=announcement, set_tile=set_tile, arms=arms,
                   set_ends=set_ends, opening=opening, then=then, double_cross=double_cross,
                   cross_gate=cross_gate, sequence=sequence, late_arms=late_arms, first=first,
                   count=count, change=change,
                   # No side-order condition: only the cross gate can close an arm (fast path).
                   simple=not (sequence or late_arms or first is not None or change),
                   # Per arm: is the matching matador? (the layout's play tables' keys)
                   opening_matador=tuple(m is MAT for m in opening),
                   then_matador=tuple(m is MAT for m in then))

    @property
    def rule(self) -> str:
        return GAME_RULES[self.announcement.game]

    def condition_met(self, lengths: list[int]) -> bool:
        """R57: condition (a) or (b) is fulfilled (always true without a condition)."""
        if self.first is not None and lengths[self.first] < self.count:
            return False
        return all(lengths[s] for s in self.sequence)

    def blocked(self, lengths: list[int], arm: int) -> tuple[str, str] | None:
        """(ruling, reason key) if the announced order keeps ``arm`` closed now, else None.
        The keys are refusals' (``refuse.<key>`` in the catalogue, ``nos.diagnose``)."""
        for s in self.sequence:
            if not lengths[s]:
                if arm != s:
                    return "R56" if self.announcement.game == 17 else "R57", "next_on"
                break
        if self.first is not None and arm != self.first and lengths[self.first] < self.count:
            return "R57", "first_on"
        if self.late_arms and arm in self.late_arms and not all(
            lengths[i] for i in range(self.arms) if i not in self.late_arms
        ):
            return "R55", "matadors_first"
        if self.cross_gate and lengths[arm] and not all(lengths):
            return self.rule, "cross_first"
        return None

    def open_arms(self, lengths: list[int]) -> list[int]:
        """The arms that take a tile now (the same as ``blocked`` being None, all at once)."""
        arms: list[int] | range = range(self.arms)
        for s in self.sequence:
            if not lengths[s]:
                arms = [s]
                break
        if self.first is not None and lengths[self.first] < self.count:
            arms = [a for a in arms if a == self.first]
        late = self.late_arms
        if late and not all(lengths[i] for i in range(self.arms) if i not in late):
            arms = [a for a in arms if a not in late]
        if self.cross_gate and not all(lengths):
            arms = [a for a in arms if not lengths[a]]
        return list(arms)

    def accepts(
        self, lengths: list[int], arm: int, free_order: bool = False
    ) -> tuple[Matching, bool] | None:
        """(matching, must_be_double) for the next tile on ``arm``, or None if it is closed.
        ``free_order`` ignores side-order conditions, for doubles out of turn (R9)."""
        if not free_order and self.blocked(lengths, arm) is not None:
            return None
        k = lengths[arm]
        m = self.then[arm] if k else self.opening[arm]
        if self.change and self.condition_met(lengths):
            m = m.other
        return m, self.double_cross and k == 1


TRIANGLE_GAMES = (13, 14, 15, 16)
CROSS_ARMS = ("n", "e", "s", "w")


def side_key(plan: Plan, arm: int) -> str:
    """A side as a token: ``n e s w`` (the arms of a cross), ``arm1 arm2 arm3 fourth``
    (a triangle and its fourth side, R52–R55), ``left right`` (a line on a double) or
    ``end:5`` (a line on a non-double: the side that shows its 5). The catalogue words it
    (``side.<token>``)."""
    if plan.announcement.game in TRIANGLE_GAMES:
        return ("arm1", "arm2", "arm3", "fourth")[arm]
    if plan.arms == 4:
        return CROSS_ARMS[arm]
    if plan.set_tile.is_double:
        return ("left", "right")[arm]
    return f"end:{plan.set_ends[arm]}"


def announcement_params(a: Announcement, set_tile: Tile, plan: Plan | None = None) -> dict:
    """An announcement as parameters for its name (``game.*`` in the catalogue): the game
    and, where it has them, its matching, sides (as ``side_key`` tokens), counts and shape.
    ``plan``: its plan on ``set_tile``, where the caller has it already."""
    plan = plan or plan_for(a, set_tile)
    out: dict = {"game": a.game}
    if a.game == 11:
        out["matching"] = a.matching.value if a.matching else "ordinary"
        if a.change and a.matching is not None:
            out["then"] = a.matching.other.value
    if a.here is not None:
        out["here"] = side_key(plan, a.here)
    if a.first is not None:
        out["first"] = side_key(plan, a.first)
        out["count"] = a.count
        if a.game == 12:
            out["matching"] = "ordinary" if a.first == a.ordinary else "matador"
    if a.shape is not None:
        out["shape"] = a.shape
    if a.game == 12:
        if a.shape == "line":
            out["ordinary"] = side_key(plan, a.ordinary or 0)
        else:
            out["axis"] = "ns" if (a.ordinary or 0) == 0 else "ew"
    return out


def plan_for(a: Announcement, set_tile: Tile) -> Plan:
    """The plan of game ``a`` on ``set_tile`` (assumed legal: see ``legal_announcements``)."""
    g = a.game
    d = set_tile.high
    if g in (1, 4, 11) or (g == 12 and a.shape == "line"):
        ends = (set_tile.high, set_tile.low)
        if g == 12:
            o = a.ordinary or 0
            rules = (ORD, MAT) if o == 0 else (MAT, ORD)
        else:
            rules = (ORD, ORD) if g == 1 else (MAT, MAT) if g == 4 else (a.matching,) * 2
        seq = (a.here, 1 - a.here) if a.here is not None else ()
        return Plan(a, set_tile, 2, ends, rules, rules, sequence=seq, first=a.first,
                    count=a.count, change=a.change)
    if g in (13, 14, 15):
        then = (ORD,) * 3 if g == 15 else (MAT,) * 3
        return Plan(a, set_tile, 3, (0, 0, 0), (MAT,) * 3, then, double_cross=g == 14,
                    cross_gate=True)
    if g == 16:
        return Plan(a, set_tile, 4, (0,) * 4, (MAT, MAT, MAT, ORD), (ORD,) * 4,
                    cross_gate=True, late_arms=(3,))
    ends4 = (d,) * 4
    if g == 12:
        axis = a.ordinary or 0
        rules = tuple(ORD if i % 2 == axis else MAT for i in range(4))
        return Plan(a, set_tile, 4, ends4, rules, rules, double_cross=a.shape == "double cross",
                    cross_gate=True)
    if g == 17:
        here = a.here or 0
        there = (here + 2) % 4
        opening = tuple(MAT if i in (here, there) else ORD for i in range(4))
        return Plan(a, set_tile, 4, ends4, opening, (ORD,) * 4,
                    double_cross=a.shape == "double cross", cross_gate=True,
                    sequence=(here, there))
    opening_rule, then_rule, dc = {
        2: (ORD, ORD, False), 3: (ORD, ORD, True), 5: (MAT, MAT, False), 6: (MAT, MAT, True),
        7: (ORD, MAT, False), 8: (ORD, MAT, True), 9: (MAT, ORD, False), 10: (MAT, ORD, True),
    }[g]
    return Plan(a, set_tile, 4, ends4, (opening_rule,) * 4, (then_rule,) * 4, double_cross=dc,
                cross_gate=True)
