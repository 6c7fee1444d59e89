"""A whole position of a hand as a value: ``Position.parse(text)`` / ``str(position)``, the
FEN of Nos (docs/position-format.md); ``position.hand(seed)`` starts a ``Hand`` from it.

The syntax lives in ``nos.notation`` (shared with the page); the rules a position must obey
are checked here, so that every parsed position can be played on from.

A position says where a hand stands, not how it got there: the ledger, the log and what
passes revealed (R71's public deductions) are not part of it.
"""

from __future__ import annotations

from typing import Any

from nos import notation
from nos.deal import HAND_SIZE, LAST_TWO, Deal
from nos.games import Announcement, Plan, announcement_error, plan_for
from nos.hand import Hand
from nos.house_rules import Options
from nos.layout import Layout, goes
from nos.notation import NotationError
from nos.payments import START_CHIPS
from nos.phase import Phase
from nos.tiles import ALL_TILES, Tile, hand_count

PHASES = {"set": Phase.SET, "announce": Phase.ANNOUNCE, "declare": Phase.DECLARE,
          "out": Phase.OUT_OF_TURN, "play": Phase.PLAY, "over": Phase.OVER}
PHASE_NAMES = {phase: name for name, phase in PHASES.items()}
_LAID = ("declare", "out", "play", "over")  # the phases with a game and a layout
_BEFORE_PLAY = ("announce", "declare", "out")  # set, before any tile is played in turn

# The rules a position may break, each a key with parameters (``position.<key>`` in the
# word catalogue, web/words/): its English is the catalogue's (``nos.english``).
ERRORS = ("tile_twice", "tile_total", "boneyard_shown", "last_two", "chips_total",
          "set_phase_laid", "set_phase_no_game", "set_phase_not_set", "set_phase_set",
          "not_setter", "deal_size", "first_setter", "first_no_double", "first_hidden",
          "drawn_double", "drawn_hidden", "over_how", "game_not_legal", "game_parameters",
          "arm_count", "layout", "out_of_turn", "out_phase", "declared", "declared_early",
          "empty_hand", "turn_out", "turn_setter", "wait_arm", "last_arm", "last_phase",
          "nos_in", "nos_missing", "nos_unnamed", "passes", "wait_double", "last_after_pass",
          "last_set", "last_tile", "last_seat", "boneyard_size", "game_form")


class BadPosition(NotationError):
    """A position text that is well formed but breaks a rule: ``key`` (of ``ERRORS``) and
    ``params``."""


class Position:
    """One position: immutable, equal when its texts are equal. Build it with ``parse`` or
    ``of``; ``fields`` is the JSON-safe dict of ``nos.notation`` (a copy)."""

    __slots__ = ("_fields", "_text", "_layout")

    def __init__(self, fields: dict[str, Any]) -> None:
        """Check ``fields`` (``nos.notation.parse``'s dict) against the rules."""
        self._fields = fields
        # The layout in an order of play the rules allow (None before the announcement).
        self._layout: Layout | None = _check(fields)
        self._text = notation.format(fields)

    @classmethod
    def parse(cls, text: str) -> Position:
        """Read a position text; raises ``NotationError`` (a ``ValueError``) with one sentence
        naming what is wrong, ``BadPosition`` if it breaks a rule."""
        return cls(notation.parse(text))

    @classmethod
    def of(cls, hand: Hand, seat: int | None = None, shown: str = "all") -> Position:
        """Where ``hand`` stands. ``shown``: "all" hands, "seat" (``seat``'s alone, as that
        seat sees the table: R71), "counts" (no hand), or "everything" (all hands and the
        boneyard's order, so ``hand()`` continues exactly as ``hand`` would)."""
        def hand_of(s: int) -> dict[str, Any]:
            tiles = [str(t) for t in hand.hands[s]]
            declared = [str(t) for t in hand.declared[s]]
            if shown in ("all", "everything") or (shown == "seat" and s == seat):
                return {"tiles": tiles, "declared": declared, "hidden": 0}
            return {"tiles": declared, "declared": declared,
                    "hidden": len(tiles) - len(declared)}

        layout = hand.layout
        last = hand.last_turn
        fields = {
            "chips": list(hand.chips), "setter": hand.setter,
            "set": str(hand.set_tile) if hand.set_tile else None, "drawn": hand.set_drawn,
            "game": str(hand.announcement) if hand.announcement else None,
            "arms": None if layout is None else [
                [[str(p.tile), p.out, p.seat, p.out_of_turn] for p in arm]
                for arm in layout.arms],
            "phase": PHASE_NAMES[hand.phase],
            "turn": None if hand.over else hand.current,
            "hands": [hand_of(s) for s in range(hand.players)],
            "boneyard": len(hand.stack),
            "boneyard_tiles": [str(t) for t in reversed(hand.stack)]
            if shown == "everything" else None,
            "waits": [list(w) for w in hand.waits],
            "last": None if last is None else [last[0], last[1]],
            "passes": hand.pass_streak, "nos": hand.nos, "number": hand.number + 1,
            "rules": [k for k, on in hand.options.to_json().items() if on],
            "first": hand.first_hand,
        }
        return cls(fields)

    # ---------------------------------------------------------------- reading
    @property
    def fields(self) -> dict[str, Any]:
        return notation.parse(self._text)

    def open_seats(self) -> list[int]:
        """The seats whose tiles the text shows (a hand written ``nK`` keeps K of them out
        of sight; a seat with none hidden shows all it holds)."""
        return [s for s, h in enumerate(self._fields["hands"]) if not h["hidden"]]

    @property
    def players(self) -> int:
        return len(self._fields["chips"])

    @property
    def phase(self) -> Phase:
        return PHASES[self._fields["phase"]]

    @property
    def turn(self) -> int | None:
        return self._fields["turn"]

    @property
    def announcement(self) -> Announcement | None:
        game = self._fields["game"]
        return Announcement.parse(game) if game else None

    @property
    def set_tile(self) -> Tile | None:
        tile = self._fields["set"]
        return Tile.parse(tile) if tile else None

    def seen_by(self, seat: int | None) -> Position:
        """The position as ``seat`` sees it (R71): the other hands as counts and declared
        doubles, the boneyard as a count. ``None``: every hand hidden."""
        fields = self.fields
        for s, h in enumerate(fields["hands"]):
            if s != seat:
                h["hidden"] += len(h["tiles"]) - len(h["declared"])
                h["tiles"] = list(h["declared"])
        fields["boneyard_tiles"] = None
        return Position(fields)

    # ---------------------------------------------------------------- playing on
    def hand(self, seed: int = 0) -> Hand:
        """A ``Hand`` standing here, ready for ``legal_actions`` and ``apply``. Tiles the
        position does not show (hidden hands, the boneyard's order) are dealt from ``seed``."""
        f = self._fields
        n = self.players
        unseen = _unseen(f)
        shuffle(unseen, seed)
        hands = []
        for h in f["hands"]:
            tiles = [Tile.parse(t) for t in h["tiles"]]
            tiles += [unseen.pop() for _ in range(h["hidden"])]
            hands.append(tiles)
        shown = [len(h["tiles"]) for h in f["hands"]]
        if f["first"] and (f["phase"] == "set" or f["phase"] in _BEFORE_PLAY):
            keep_r4(hands, shown, f["setter"], unseen, self.set_tile)
        elif f["drawn"] and f["phase"] in _BEFORE_PLAY:
            keep_r5(hands, shown, f["setter"], unseen)
        top_first = [Tile.parse(t) for t in f["boneyard_tiles"]] if f["boneyard_tiles"] \
            else unseen
        # Hand.__init__ makes every attribute (on a stand-in deal), then it is set from here.
        hand = Hand(Deal.from_order(n, list(ALL_TILES)), f["setter"],
                    Options("H1" in f["rules"], "H2" in f["rules"]), f["number"] - 1,
                    f["chips"])
        hand.deal = None
        hand.origin = (self._text, seed)
        hand.first_hand = f["first"]
        hand.hands = hands
        hand.stack = list(reversed(top_first))
        hand.set_tile = self.set_tile
        hand.set_drawn = f["drawn"]
        hand.announcement = self.announcement
        hand.phase = self.phase
        hand.over = hand.phase is Phase.OVER
        hand.current = f["turn"] if f["turn"] is not None else f["setter"]
        hand.declared = [[Tile.parse(t) for t in h["declared"]] for h in f["hands"]]
        hand.waits = [list(w) for w in f["waits"]]
        laid = f["phase"] in _LAID and f["phase"] != "declare"
        hand.out = [laid and not h for h in hands]
        hand.remaining = n - sum(hand.out)
        hand.nos = f["nos"]
        hand.pass_streak = f["passes"]
        if f["last"] is not None:
            seat, arm = f["last"]
            hand.last_turn = (seat, arm, hand.out[seat])
        if self._layout is not None:
            hand.layout = self._layout.copy()
        if hand.phase in (Phase.DECLARE, Phase.OUT_OF_TURN):
            order = hand.order_from_left_of_setter()
            if hand.phase is Phase.OUT_OF_TURN:
                order = [s for s in order if s != hand.setter]
            hand.queue = order[order.index(hand.current) + 1:]
        if hand.over:
            hand.counts = [hand_count(h) for h in hands]
        return hand

    # ---------------------------------------------------------------- text
    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Position.parse({self._text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and other._text == self._text

    def __hash__(self) -> int:
        return hash(self._text)


# -------------------------------------------------------------------- the rules' checks
def _check(f: dict[str, Any]) -> Layout | None:
    """Raise ``BadPosition`` for the first rule the fields break; return the layout."""
    n = len(f["chips"])
    phase = f["phase"]
    if sum(f["chips"]) != START_CHIPS * n:
        raise BadPosition("chips_total", {"n": sum(f["chips"]), "players": n,
                                          "total": START_CHIPS * n})
    _check_tiles(f)
    if f["drawn"] and phase in _BEFORE_PLAY:
        _check_drawn_setter(f)
    laid = phase in _LAID
    if not laid:
        _check_before_laid(f, n)
        return None
    if f["set"] is None or f["game"] is None or f["arms"] is None:
        raise BadPosition("set_phase_laid", {"phase": phase})
    try:
        a = Announcement.parse(f["game"])
    except ValueError as exc:
        raise NotationError("bad_game", {"text": f["game"]}) from exc  # (syntax: notation)
    if str(a) != f["game"]:  # one spelling a position: each parameter once, in order
        raise BadPosition("game_form", {"text": notation.game_to_text(f["game"]),
                                        "form": notation.game_to_text(str(a))})
    set_tile = Tile.parse(f["set"])
    err = announcement_error(a, set_tile)
    if err is not None and err[0] == "bad_parameters":
        raise BadPosition("game_parameters", {"text": notation.game_to_text(str(a)),
                                              "rule": err[1].get("rule", "R7")})
    if err is not None:
        raise BadPosition("game_not_legal", {"game": a.game, "tile": str(set_tile),
                                       "rule": err[1].get("rule", "R7")})
    plan = plan_for(a, set_tile)
    if len(f["arms"]) != plan.arms:
        raise BadPosition("arm_count", {"game": a.game, "arms": plan.arms,
                                        "n": len(f["arms"])})
    if phase in ("declare", "out") and any(not p[3] for arm in f["arms"] for p in arm):
        raise BadPosition("out_phase")
    if f["first"] and phase in ("declare", "out"):  # (before play: no tile drawn yet)
        _check_first_setter(f)
    layout = _arrange(plan, f["arms"], f["game"], f["setter"])
    _check_seats(f, n, plan)
    return layout


def _check_tiles(f: dict[str, Any]) -> None:
    tiles = [p[0] for arm in f["arms"] or [] for p in arm]
    tiles += [t for h in f["hands"] for t in h["tiles"]] + (f["boneyard_tiles"] or [])
    if f["set"]:
        tiles.append(f["set"])
    seen: set[str] = set()
    for t in tiles:
        if t in seen:
            raise BadPosition("tile_twice", {"tile": t})
        seen.add(t)
    total = len(tiles) + sum(h["hidden"] for h in f["hands"]) + f["boneyard"] - len(
        f["boneyard_tiles"] or [])
    if total != 28:
        raise BadPosition("tile_total", {"n": total})
    shown = f["boneyard_tiles"]
    if shown is not None and len(shown) != f["boneyard"]:
        raise BadPosition("boneyard_shown", {"n": f["boneyard"], "shown": len(shown)})
    if f["boneyard"] < LAST_TWO:
        raise BadPosition("last_two", {"n": f["boneyard"]})
    n = len(f["hands"])
    most = 28 - n * HAND_SIZE[n]  # (the deal leaves this many; draws only take, R2)
    if f["boneyard"] > most:
        raise BadPosition("boneyard_size", {"n": f["boneyard"], "players": n, "most": most})
    for seat, h in enumerate(f["hands"]):
        for t in h["declared"]:
            if t[0] != t[2]:
                raise BadPosition("declared", {"seat": seat, "tile": t})


def _check_before_laid(f: dict[str, Any], n: int) -> None:
    """The set and announce phases: nothing on the table yet but the set tile."""
    phase = f["phase"]
    if f["game"] is not None or f["arms"] is not None:
        raise BadPosition("set_phase_no_game", {"phase": phase})
    if (f["set"] is None) != (phase == "set"):
        raise BadPosition("set_phase_not_set" if phase == "set" else "set_phase_set",
                          {"phase": phase})
    if f["turn"] != f["setter"]:
        raise BadPosition("not_setter", {"seat": f["turn"], "setter": f["setter"]})
    if any(h["declared"] for h in f["hands"]):
        raise BadPosition("declared_early")
    if any(w for w in f["waits"]) or f["last"] is not None or f["passes"] or \
            f["nos"] is not None:
        raise BadPosition("last_phase")
    for seat, h in enumerate(f["hands"]):
        size = len(h["tiles"]) + h["hidden"] + (1 if seat == f["setter"] and f["set"]
                                                 and not f["drawn"] else 0)
        if size != HAND_SIZE[n]:
            raise BadPosition("deal_size", {"size": HAND_SIZE[n], "seat": seat, "n": size})
    if f["first"]:
        _check_first_setter(f)


def _check_drawn_setter(f: dict[str, Any]) -> None:
    """R5: a setter who drew the set tile held no double and, before play, has drawn nothing
    else: its hand shows none, and the doubles not shown fit outside its hidden places."""
    setter = f["setter"]
    h = f["hands"][setter]
    for t in h["tiles"] + h["declared"]:
        if t[0] == t[2]:
            raise BadPosition("drawn_double", {"setter": setter, "tile": t})
    unseen = _unseen(f)
    if sum(1 for t in unseen if t.is_double) > len(unseen) - h["hidden"]:
        raise BadPosition("drawn_hidden", {"setter": setter})


def _check_first_setter(f: dict[str, Any]) -> None:
    """R4: the first hand's setter holds the highest double and sets it. Before play, no
    other hand (nor a double out of turn) shows a higher one than the setter shows, could
    hold among the tiles not shown, or has set; and the tiles not shown can be dealt so
    that no other hand holds a higher one."""
    setter = f["setter"]
    hands = [[Tile.parse(t) for t in h["tiles"]] for h in f["hands"]]
    unseen = _unseen(f)
    if f["set"]:  # (set: the highest double, never a drawn tile, R4 and R5)
        best = Tile.parse(f["set"])
        if f["drawn"] or not best.is_double:
            raise BadPosition("first_no_double", {"setter": setter})
        room = 0
    else:
        mine = f["hands"][setter]["hidden"]
        best = _top(hands[setter] + (unseen if mine else []))
        room = mine
    held = [(seat, t) for seat, tiles in enumerate(hands) for t in tiles]
    held += [(p[2], Tile.parse(p[0])) for tiles in f["arms"] or [] for p in tiles]
    for seat, t in held:
        if seat != setter and t.is_double and (best is None or t.high > best.high):
            raise BadPosition("first_setter", {"seat": seat, "setter": setter})
    if best is None:  # (a first deal without a double is dealt again, R4)
        raise BadPosition("first_no_double", {"setter": setter})
    # The higher doubles not shown must fit where no other hand holds them.
    higher = sum(1 for t in unseen if t.is_double and t.high > best.high)
    room += 0 if f["boneyard_tiles"] else f["boneyard"]
    if higher > room:
        raise BadPosition("first_hidden", {"setter": setter})


def _unseen(f: dict[str, Any]) -> list[Tile]:
    """The tiles the position does not show (hidden hands, a boneyard not written out),
    in order."""
    known = {Tile.parse(t) for h in f["hands"] for t in h["tiles"]}
    known |= {Tile.parse(t) for t in f["boneyard_tiles"] or []}
    known |= {Tile.parse(p[0]) for arm in f["arms"] or [] for p in arm}
    if f["set"]:
        known.add(Tile.parse(f["set"]))
    return sorted(set(ALL_TILES) - known)


def _check_seats(f: dict[str, Any], n: int, plan: Plan) -> None:
    """Turns, hands gone out, waits, the previous turn and nos against the phase."""
    phase = f["phase"]
    game = plan.announcement.game
    empty = [s for s, h in enumerate(f["hands"]) if not h["tiles"] and not h["hidden"]]
    if phase == "declare" and empty:
        raise BadPosition("empty_hand", {"seat": empty[0]})
    turn = f["turn"]
    if turn is not None and turn in empty:
        raise BadPosition("turn_out", {"seat": turn})
    if phase == "out" and turn == f["setter"]:
        raise BadPosition("turn_setter")
    laid = f["arms"]
    for seat, arms in enumerate(f["waits"]):
        for k, arm in enumerate(arms):
            if arm >= plan.arms:
                raise BadPosition("wait_arm", {"seat": seat, "arm": arm, "game": game})
            # R10: one wait per double the seat played out of turn, which lies first there.
            if arm in arms[:k] or not laid[arm] or not laid[arm][0][3] or \
                    laid[arm][0][2] != seat:
                raise BadPosition("wait_double", {"seat": seat, "arm": arm})
    if f["last"] is not None or f["passes"]:
        if phase not in ("play", "over"):
            raise BadPosition("last_phase")
        if f["last"] is not None and f["last"][1] >= plan.arms:
            raise BadPosition("last_arm", {"arm": f["last"][1], "game": game})
    if f["last"] is not None:
        _check_last(f, n, empty)
    if phase == "over" and n - len(empty) > 1 and f["boneyard"] != LAST_TWO:
        # R20: (a) one player alone holds tiles; (b) a correct close, after which the boneyard
        # is drawn down to its last two (R18); (c) all pass, which they do only then (R12)
        raise BadPosition("over_how", {"n": f["boneyard"]})
    if f["passes"] and f["passes"] >= n - len(empty) and phase == "play":
        raise BadPosition("passes", {"n": f["passes"]})
    nos = f["nos"]
    if nos is not None and nos not in empty:
        raise BadPosition("nos_in", {"seat": nos})
    if nos is None and empty:  # (the only seat out went nos, R15: named all the same)
        raise BadPosition("nos_missing" if len(empty) > 1 else "nos_unnamed",
                          {"seat": empty[0], "text": "n" + notation.seat_letter(empty[0])})


def _check_last(f: dict[str, Any], n: int, empty: list[int]) -> None:
    """R14's previous turn (``t``): never after a pass; the tile the seat before the one to
    act played last on its arm, or the set tile while nothing has been played in turn."""
    seat, arm = f["last"]
    turn = f["turn"]
    if f["passes"]:
        raise BadPosition("last_after_pass")
    if arm == notation.SET_ARM:
        if seat != f["setter"] or any(not p[3] for tiles in f["arms"] for p in tiles):
            raise BadPosition("last_set")
    else:
        tiles = f["arms"][arm]
        if not tiles or tiles[-1][2] != seat or tiles[-1][3]:
            raise BadPosition("last_tile", {"seat": seat, "arm": arm})
    if turn is not None:  # (R3: only seats gone out sit between, and are passed over)
        between = (turn - seat) % n
        if between == 0 or any((seat + k) % n not in empty for k in range(1, between)):
            raise BadPosition("last_seat", {"seat": seat, "turn": turn})


def _orders(items: list) -> list[list]:
    """Every order of ``items`` (at most one double out of turn per arm: ≤ 24 orders)."""
    if len(items) <= 1:
        return [list(items)]
    return [[items[i]] + rest for i in range(len(items))
            for rest in _orders(items[:i] + items[i + 1:])]


def _out_of_turn(plan: Plan, order: list) -> tuple[Layout, Any]:
    """The layout with R9's doubles placed in ``order``, and the first that does not fit
    there (None if all do): the set tile's free sides, ignoring the order of the sides, with
    the matching in force when each was played (R57c may change it)."""
    layout = Layout(plan)
    for arm, k, tile, out, seat in order:
        rule = plan.accepts(layout.lengths, arm, free_order=True)
        if k or not tile.is_double or rule is None or \
                not goes(rule[0], rule[1], layout.ends[arm], tile, out):
            return layout, (arm, k, tile)
        layout.place(tile, arm, out, seat, out_of_turn=True)
    return layout, None


def _arrange(plan: Plan, arms: list[list[list]], game: str, setter: int) -> Layout:
    """The layout of ``arms`` under ``plan``, in an order of play the rules allow: doubles
    out of turn first (R9), then the first order a search finds (R60-R62, R40-R57)."""
    placed = [[(Tile.parse(t), out, seat, late) for t, out, seat, late in arm] for arm in arms]
    late = [(arm, k, tile, out, seat) for arm, tiles in enumerate(placed)
            for k, (tile, out, seat, is_late) in enumerate(tiles) if is_late]
    for arm, k, tile, _, seat in late:  # (so at most one an arm: ≤ 24 orders below)
        if seat == setter:
            raise BadPosition("turn_setter")
        if k or not tile.is_double:
            raise BadPosition("out_of_turn", {"tile": str(tile), "arm": arm})
    for order in _orders(late):  # R9's doubles went down in some order: one that fits
        layout, wrong = _out_of_turn(plan, order)
        if wrong is None:
            break
    if wrong is not None:
        raise BadPosition("out_of_turn", {"tile": str(wrong[2]), "arm": wrong[0]})
    start = [1 if tiles and tiles[0][3] else 0 for tiles in placed]
    failed: set[tuple[int, ...]] = set()
    worst: list[Any] = [-1, None]

    def search(lay: Layout, done: list[int]) -> Layout | None:
        if all(done[a] == len(placed[a]) for a in range(len(placed))):
            return lay
        key = tuple(done)
        if key in failed:
            return None
        for arm, tiles in enumerate(placed):
            k = done[arm]
            if k == len(tiles):
                continue
            tile, out, seat, _ = tiles[k]
            rule = plan.accepts(lay.lengths, arm)
            ok = rule is not None and goes(rule[0], rule[1], lay.ends[arm], tile, out)
            if not ok:
                if sum(done) > worst[0]:
                    worst[0], worst[1] = sum(done), (tile, out, arm)
                continue
            nxt = lay.copy()
            nxt.place(tile, arm, out, seat)
            done[arm] += 1
            found = search(nxt, done)
            done[arm] -= 1
            if found is not None:
                return found
        failed.add(key)
        return None

    found = search(layout, start)
    if found is None:
        tile, out, arm = worst[1]
        raise BadPosition("layout", {"tile": str(tile), "out": out, "arm": arm,
                                     "game": game.split()[0], "rule": plan.rule})
    return found


def keep_r4(hands: list[list[Tile]], shown: list[int], setter: int, rest: list[Tile],
            set_tile: Tile | None = None) -> None:
    """R4 in a session's first hand, before play: the setter holds the highest double. The
    tiles not shown (each hand's after its ``shown`` first, and the boneyard ``rest``)
    change places, in place, until it does where they can: before the set, the highest
    double not shown into one of the setter's hidden places if it beats the setter's own;
    then every hidden double above the setter's best (once set: ``set_tile``) out of the
    hands into the boneyard."""
    others = [(hands[s], i) for s in range(len(hands)) if s != setter or set_tile
              for i in range(shown[s], len(hands[s]))] + [(rest, i) for i in range(len(rest))]
    mine = [] if set_tile else list(range(shown[setter], len(hands[setter])))
    best = set_tile or _top(hands[setter])
    spare = [(row, i) for row, i in others if row[i].is_double]
    if spare and mine:
        row, i = max(spare, key=lambda p: p[0][p[1]].high)
        if best is None or row[i].high > best.high:
            j = mine[0]  # (whatever it holds is below this double: else it would be best)
            row[i], hands[setter][j] = hands[setter][j], row[i]
            best = hands[setter][j]
    if best is None:
        return  # (no double can be the setter's: a position no deal reaches)
    pool = [i for i in range(len(rest)) if not (rest[i].is_double and rest[i].high > best.high)]
    for row, i in others:
        if row is not rest and row[i].is_double and row[i].high > best.high and pool:
            j = pool.pop()
            row[i], rest[j] = rest[j], row[i]


def keep_r5(hands: list[list[Tile]], shown: list[int], setter: int, rest: list[Tile]) -> None:
    """R5 before play: a setter who drew the set tile holds no double. Its hidden doubles
    (after its ``shown`` first tiles) change places, in place, with tiles not shown that are
    not doubles: the boneyard's ``rest`` first, then the other hands' hidden ones."""
    places = [(hands[s], i) for s in range(len(hands)) if s != setter
              for i in range(shown[s], len(hands[s]))] + [(rest, i) for i in range(len(rest))]
    spare = [(row, i) for row, i in places if not row[i].is_double]
    mine = hands[setter]
    for j in range(shown[setter], len(mine)):
        if mine[j].is_double and spare:
            row, i = spare.pop()
            row[i], mine[j] = mine[j], row[i]


def _top(tiles: list[Tile]) -> Tile | None:
    """The highest double of ``tiles``, if any (by number: MicroPython's tiles have no order)."""
    doubles = [t for t in tiles if t.is_double]
    return max(doubles, key=lambda t: t.high) if doubles else None


def shuffle(items: list, seed: int) -> None:
    """Shuffles ``items`` in place from ``seed`` by Fisher–Yates on a 31-bit linear
    congruential generator: the same order in CPython and MicroPython (whose ``random``
    differs and has no ``Random``), so a position's hidden tiles are dealt alike in the
    worker and on the page."""
    state = (seed * 2654435761 + 12345) & 0x7FFFFFFF
    for i in range(len(items) - 1, 0, -1):
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        j = (state >> 8) % (i + 1)
        items[i], items[j] = items[j], items[i]
