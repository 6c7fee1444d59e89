"""One hand of Nos: the set, the announcement, declarations, doubles out of turn, the turns,
closing, and the count (R4–R21). The checked ``apply`` refuses illegal actions (R70)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nos import diagnose
from nos.actions import (
    DECLINE,
    DRAW,
    PASS,
    WAIT,
    Action,
    Announce,
    Declare,
    Play,
    Set,
    parse_action,
)
from nos.deal import LAST_TWO, Deal
from nos.english import SEAT_NAMES
from nos.games import Announcement, legal_announcements, plan_for
from nos.house_rules import Options
from nos.layout import Layout, plain_plays, play_table
from nos.payments import (
    CLOSE_PAYMENT,
    DECLARATION_PAYMENTS,
    NOS_PAYMENT,
    START_CHIPS,
    WRONG_CLOSE_PAYMENT,
    Payment,
    set_value,
)
from nos.phase import Phase
from nos.tiles import DOUBLES, Tile, double_value, hand_count
from nos.value import new_tuple

if TYPE_CHECKING:
    from collections.abc import Iterable

SET_TILE = -1  # the "arm" of the set tile, for R14 on the first turn
_PLAY = Phase.PLAY

_ANNOUNCE_ACTIONS: dict[int, tuple[Announce, ...]] = {}


def _announce_actions(set_tile: Tile) -> tuple[Announce, ...]:
    """R7: the announcements legal on ``set_tile`` as actions (cached per tile)."""
    actions = _ANNOUNCE_ACTIONS.get(set_tile.index)
    if actions is None:
        actions = _ANNOUNCE_ACTIONS[set_tile.index] = tuple(
            Announce(a) for a in legal_announcements(set_tile))
    return actions


def subsets(items: list[Tile], k: int) -> list[tuple[Tile, ...]]:
    """The ``k``-tile subsets of ``items``, in the order of ``itertools.combinations``
    (which MicroPython lacks)."""
    if k == 0:
        return [()]
    return [(items[i],) + rest for i in range(len(items) - k + 1)
            for rest in subsets(items[i + 1:], k - 1)]


def next_seat(out: list[bool] | tuple[bool, ...], seat: int) -> int:
    """R3: the next seat clockwise after ``seat`` that is still in the hand."""
    n = len(out)
    for step in range(1, n + 1):
        s = (seat + step) % n
        if not out[s]:
            return s
    return seat


def double_payer(
    last_turn: tuple[int, int, bool] | None, lengths: list[int], arm: int
) -> int | None:
    """R14: who pays for a double played now on ``arm``: the player of the tile placed in the
    immediately preceding turn, if the double lies against it and it was not their last tile.
    ``last_turn`` is (seat, arm or SET_TILE, went out), None after a pass or a wait."""
    if last_turn is None or last_turn[2]:
        return None
    if last_turn[1] == arm or (last_turn[1] == SET_TILE and lengths[arm] == 0):
        return last_turn[0]
    return None


def highest_double_holder(hands: Iterable[Iterable[Tile]]) -> int | None:
    """R4: the seat holding the highest double (0-0 lowest), or None if nobody holds one."""
    best: tuple[int, int] | None = None
    for seat, tiles in enumerate(hands):
        for t in tiles:
            if t.is_double and (best is None or t.high > best[0]):
                best = (t.high, seat)
    return None if best is None else best[1]


class Hand:
    """The full state of one hand. ``legal_actions()`` are for ``current``, the one seat that
    may act now; ``apply`` checks and applies one of them."""

    def __init__(
        self,
        deal: Deal,
        setter: int | None = None,
        options: Options | None = None,
        number: int = 0,
        chips: list[int] | None = None,
    ) -> None:
        n = deal.players
        self.players = n
        self.deal = deal
        self.options = options or Options()
        self.number = number
        self.first_hand = setter is None
        if setter is None:
            setter = highest_double_holder(deal.hands)
            if setter is None:
                raise ValueError("Nobody holds a double in the first hand: redeal (R4).")
        self.setter: int = setter
        self.hands: list[list[Tile]] = [list(h) for h in deal.hands]
        self.stack: list[Tile] = list(reversed(deal.boneyard))  # pop() draws the top tile
        self.set_tile: Tile | None = None
        self.set_drawn = False
        self.announcement: Announcement | None = None
        self.layout: Layout | None = None
        self.phase = Phase.SET
        self.over = False  # the hand has ended (R20)
        self.current: int = setter
        self.declared: list[list[Tile]] = [[] for _ in range(n)]
        self.waits: list[list[int]] = [[] for _ in range(n)]
        self.out: list[bool] = [False] * n
        self.remaining = n  # seats still in the hand
        self.nos: int | None = None
        self.ledger: list[Payment] = []
        self.chips: list[int] = list(chips) if chips is not None else [START_CHIPS] * n
        self.history: list[tuple[int, Action]] = []
        self.pass_streak = 0
        self.last_turn: tuple[int, int, bool] | None = None  # (seat, arm, went out) for R14
        self.queue: list[int] = []  # seats still to decide in DECLARE / OUT_OF_TURN
        self.counts: list[int] | None = None
        self.end_reason: str | None = None
        self.closer: int | None = None
        # Public deductions (R71): tiles a seat is known not to hold (what a pass revealed).
        self.voids: list[set[Tile]] = [set() for _ in range(n)]
        self.close_draw: tuple[int, int] | None = None  # (seat, tiles drawn) after R18
        # (position text, seed) of a hand started from a position (nos.position), else None.
        self.origin: tuple[str, int] | None = None
        self._legal: list[Action] | None = None

    # ----------------------------------------------------------------- queries

    @property
    def boneyard_count(self) -> int:
        return len(self.stack)

    def next_in_hand(self, seat: int) -> int:
        """R3: the next seat clockwise still in the hand."""
        return next_seat(self.out, seat)

    def order_from_left_of_setter(self) -> list[int]:
        return [(self.setter + i) % self.players for i in range(1, self.players + 1)]

    def due_wait(self, seat: int) -> int | None:
        """R10: the arm of an owed wait whose side is now open for play, if any."""
        if not self.waits[seat]:
            return None
        for arm in self.waits[seat]:
            if self.layout.is_open(arm):  # type: ignore[union-attr]
                return arm
        return None

    def declarable(self, seat: int) -> list[tuple[Tile, ...]]:
        """R8: the sets of doubles this seat may declare (only numbers that are paid)."""
        doubles = sorted((t for t in self.hands[seat] if t.is_double), reverse=True)
        sizes = DECLARATION_PAYMENTS[self.players]
        return [c for k in sorted(sizes) if k <= len(doubles) for c in subsets(doubles, k)]

    def out_of_turn_doubles(self, seat: int) -> list[Play]:
        """R9: doubles this seat may play now against a free side of the set tile."""
        layout = self.layout
        tables = [play_table(m, d, end, arm) for arm, m, d, end in layout.open_arms(True)
                  if layout.lengths[arm] == 0]
        plains = [plain_plays(table) for table in tables]
        return [p for t in self.hands[seat] if t.is_double for plain in plains
                for p in plain[t.index]]

    def double_is_paid(self, arm: int) -> int | None:
        """R14: the seat that pays for a double played now on ``arm``, or None."""
        return double_payer(self.last_turn, self.layout.lengths, arm)

    def playable(self, seat: int) -> list[Play]:
        """Every (tile, arm, outward end) this seat could play now, without flags."""
        plains = [plain_plays(table) for table in self.layout.play_tables()]
        return [p for t in self.hands[seat] for plain in plains for p in plain[t.index]]

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act (``current``); empty when the hand is over."""
        if self._legal is None:
            self._legal = self._generate()
        return self._legal

    def _generate(self) -> list[Action]:
        phase = self.phase
        seat = self.current
        if phase is _PLAY:
            if self.waits[seat] and self.due_wait(seat) is not None:
                return [WAIT]
            actions: list[Action] = []
            extend = actions.extend
            tables = self.layout._tables or self.layout.play_tables()
            for t in self.hands[seat]:
                i = t.index
                for table in tables:
                    row = table[i]
                    if row:
                        extend(row)
            if self.options.claim_doubles:  # H2: a paid double may be played with a claim
                extend([Play(p.tile, p.arm, p.out, close, claim=True)
                        for p in actions if type(p) is Play and not p.close and p.tile.is_double
                        and self.double_is_paid(p.arm) is not None for close in (False, True)])
            if len(self.stack) > LAST_TWO:
                actions.append(DRAW)
            elif not actions:
                actions.append(PASS)
            return actions
        if phase is Phase.SET:
            hand = self.hands[seat]
            doubles = [t for t in hand if t.is_double]
            if self.first_hand:
                return [Set(max(doubles, key=lambda t: t.high))]
            if doubles:
                return [Set(t) for t in sorted(doubles, reverse=True)]
            return [DRAW]
        if phase is Phase.ANNOUNCE:
            return list(_announce_actions(self.set_tile))
        if phase is Phase.DECLARE:
            return [Declare(c) for c in self.declarable(seat)] + [DECLINE]
        if phase is Phase.OUT_OF_TURN:
            return self.out_of_turn_doubles(seat) + [DECLINE]
        return []

    # ----------------------------------------------------------------- applying
    def apply(self, action: Action) -> None:
        """Apply a legal action of the seat to act; refuse anything else with an
        ``IllegalAction`` naming the ruling, changing nothing (R70)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        if action not in legal:
            raise diagnose.refusal(self, action)
        if self.phase is _PLAY and type(action) is Play:  # the hot path of _do, inlined
            self._legal = None
            seat = self.current
            self.history.append((seat, action))
            self._play(seat, action)
            return
        self._do(action)

    def empty_step(self) -> bool:
        """The seat to act is at a declaration (R8) or out-of-turn (R9) step with nothing to
        declare or play there: every seat gets these steps (R71), and such a seat declines."""
        return self.phase in (Phase.DECLARE, Phase.OUT_OF_TURN) and \
            self.legal_actions() == [DECLINE]

    def empty_step_after_double(self) -> bool:
        """An ``empty_step`` of the seat that has just played a double out of turn (R9).
        Records before version 3 moved on without it; they are read by passing it."""
        return (self.phase is Phase.OUT_OF_TURN and bool(self.history)
                and self.history[-1][0] == self.current
                and isinstance(self.history[-1][1], Play) and self.empty_step())

    def pass_empty_steps(self) -> int:
        """Decline every ``empty_step`` until a seat has a choice or the turns begin; returns
        how many. Scripts written before every seat got these steps (R71) leave them out;
        records are read by ``nos.record.left_out``, which knows what each version left out."""
        passed = 0
        while self.empty_step():
            self.apply(DECLINE)
            passed += 1
        return passed

    def apply_legal(self, action: Action) -> None:
        """Apply an action known to come from ``legal_actions()`` (no check; for search)."""
        self._do(action)

    def _do(self, action: Action) -> None:
        self._legal = None
        seat = self.current
        self.history.append((seat, action))
        phase = self.phase
        if phase is _PLAY:
            if type(action) is Play:
                self._play(seat, action)
            elif action is DRAW:
                self.hands[seat].append(self.stack.pop())
                if self.voids[seat]:
                    self.voids[seat].clear()  # a drawn tile may be anything
            elif action is PASS:
                self._pass(seat)
            else:
                self._wait(seat)
        elif phase is Phase.SET:
            self._set(seat, action)
        elif phase is Phase.ANNOUNCE:
            self._announce(action)  # type: ignore[arg-type]
        elif phase is Phase.DECLARE:
            if type(action) is Declare:
                self._declare(seat, action.tiles)
            self._next_declarer()
        elif phase is Phase.OUT_OF_TURN:
            if type(action) is Play:
                self._double_out_of_turn(seat, action)
            else:
                self._next_out_of_turn()

    def pay(self, payer: int, payee: int, amount: int, rule: str) -> None:
        """R23: move chips from ``payer`` to ``payee`` and write the ledger entry."""
        if amount <= 0 or payer == payee:
            return
        self.chips[payer] -= amount
        self.chips[payee] += amount
        self.ledger.append(new_tuple(Payment, (self.number, payer, payee, amount, rule)))

    def _set(self, seat: int, action: Action) -> None:
        others = [s for s in range(self.players) if s != seat]
        if type(action) is Set:
            tile = action.tile
            self.hands[seat].remove(tile)
        else:
            tile = self.stack.pop()
            self.set_drawn = True
            self.voids[seat].update(DOUBLES)  # R5: drawing the set tile shows no double
        if tile.is_double:
            # R6: one end's value from each opponent (H1: the double blank 14), twice if drawn.
            value = set_value(tile, self.set_drawn, self.options.polish_double_blank)
            for o in others:
                self.pay(o, seat, value, "R6")
        else:  # R6: a drawn non-double: the player on set pays its spots
            for o in others:
                self.pay(seat, o, tile.pips, "R6")
        self.set_tile = tile
        self.phase = Phase.ANNOUNCE

    def _announce(self, action: Announce) -> None:
        self.announcement = action.game
        self.layout = Layout(plan_for(action.game, self.set_tile))  # type: ignore[arg-type]
        self.phase = Phase.DECLARE
        # R71: every seat gets the step, whether or not it holds doubles to declare, so
        # whose turn it is tells nobody who holds them (docs/interpretations.md).
        self.queue = self.order_from_left_of_setter()
        self._next_declarer()

    def _declare(self, seat: int, tiles: tuple[Tile, ...]) -> None:
        self.declared[seat] = list(tiles)
        amount = DECLARATION_PAYMENTS[self.players][len(tiles)]
        for o in range(self.players):  # R8: paid by each other player
            if o != seat:
                self.pay(o, seat, amount, "R8")

    def _next_declarer(self) -> None:
        if self.queue:
            self.current = self.queue.pop(0)
            return
        self.phase = Phase.OUT_OF_TURN
        self.queue = [s for s in self.order_from_left_of_setter() if s != self.setter]
        self._next_out_of_turn()

    def _double_out_of_turn(self, seat: int, play: Play) -> None:
        tile = play.tile
        self._take(seat, tile)
        self.layout.place(tile, play.arm, play.out, seat, out_of_turn=True)
        self.pay(self.setter, seat, double_value(tile), "R9")
        self.waits[seat].append(play.arm)  # R10: one wait owed per double
        if not self.hands[seat]:
            self._went_out(seat)
        if not self.out[seat]:
            # The same player may play another double on another free side. They keep the
            # step whether or not they hold one, or whose turn it is would tell (R71).
            return
        self._next_out_of_turn()

    def _next_out_of_turn(self) -> None:
        while self.queue:
            seat = self.queue.pop(0)
            # R71: every seat still in the hand gets the step, fitting double or not.
            if not self.out[seat]:
                self.current = seat
                return
        # R13: play starts from the left of the player on set; the set counts as their turn.
        self.phase = Phase.PLAY
        self.last_turn = (self.setter, SET_TILE, False)
        if self.remaining <= 1:
            self._end("R20a")
            return
        self.current = self.next_in_hand(self.setter)

    def _take(self, seat: int, tile: Tile) -> None:
        self.hands[seat].remove(tile)
        if self.declared[seat] and tile in self.declared[seat]:
            self.declared[seat].remove(tile)

    def _went_out(self, seat: int) -> None:
        self.out[seat] = True
        self.remaining -= 1
        if self.nos is None:  # R15: the first to go out receives 5 from each other player
            self.nos = seat
            for o in range(self.players):
                if o != seat:
                    self.pay(o, seat, NOS_PAYMENT, "R15")

    def _play(self, seat: int, play: Play) -> None:
        tile = play.tile
        if tile.is_double:
            payer = self.double_is_paid(play.arm)
            if payer is not None and (play.claim or not self.options.claim_doubles):
                self.pay(payer, seat, double_value(tile), "R14")
        self._take(seat, tile)
        self.layout.place(tile, play.arm, play.out, seat)
        went_out = not self.hands[seat]
        if went_out:
            self._went_out(seat)
        self.pass_streak = 0
        self.last_turn = (seat, play.arm, went_out)
        if play.close and self._close(seat):
            return
        if self.remaining <= 1:
            self._end("R20a")
        else:
            nxt = seat + 1 if seat + 1 < self.players else 0
            self.current = nxt if not self.out[nxt] else self.next_in_hand(seat)

    def _pass(self, seat: int) -> None:
        # The passer holds no tile that fits now, and will never draw again (R12).
        self.voids[seat].update(self.layout.fitting())
        self.pass_streak += 1
        self.last_turn = None  # R14: no payment after a pass
        if self.pass_streak >= self.remaining:
            self._end("R20c")
        else:
            self.current = self.next_in_hand(seat)

    def _wait(self, seat: int) -> None:
        arm = self.due_wait(seat)
        self.waits[seat].remove(arm)  # type: ignore[arg-type]
        self.pass_streak = 0
        self.last_turn = None  # R14: a wait is a turn between
        self.current = self.next_in_hand(seat)

    def nothing_playable(self) -> bool:
        """R17: no tile in a hand still in play, nor in the boneyard above the last two, can be
        played anywhere on the layout as it stands."""
        fit = self.layout.fitting()
        if not fit:
            return True
        for tiles in self.hands:
            if not fit.isdisjoint(tiles):
                return False
        return fit.isdisjoint(self.stack[LAST_TWO:])

    def _close(self, seat: int) -> bool:
        """R16–R19: judge a close at once; True if the hand ended."""
        others = [s for s in range(self.players) if s != seat]
        if not self.nothing_playable():
            for o in others:  # R19: a wrong close pays 40 to each opponent; play goes on
                self.pay(seat, o, WRONG_CLOSE_PAYMENT, "R19")
            return False
        staying = [o for o in others if not self.out[o]]
        for o in staying:  # R18: each other player still in the hand pays 20
            self.pay(o, seat, CLOSE_PAYMENT, "R18")
        self.closer = seat
        if staying and not (self.out[seat] and len(staying) == 1):
            drawer = self.next_in_hand(seat)
            k = len(self.stack) - LAST_TWO
            for _ in range(k):
                self.hands[drawer].append(self.stack.pop())
            if k:
                self.voids[drawer].clear()  # R71: the drawn tiles may be anything
            self.close_draw = (drawer, k)
        self._end("R18")
        return True

    def _end(self, reason: str) -> None:
        """R20 ends the hand; R21 counts and settles the differences."""
        self.phase = Phase.OVER
        self.over = True
        self.end_reason = reason
        self._legal = None
        counts = [hand_count(h) for h in self.hands]
        self.counts = counts
        n = self.players
        for i in range(n):
            for j in range(n):
                if counts[i] > counts[j]:
                    self.pay(i, j, counts[i] - counts[j], "R21")

    def losers(self) -> list[int]:
        """R22: the seats with the highest count (ties are broken by the session)."""
        counts = self.counts or []
        top = max(counts)
        return [s for s, c in enumerate(counts) if c == top]

    # ----------------------------------------------------------------- copies and text
    def copy(self) -> Hand:
        """An independent copy (for search), sharing only immutable parts."""
        other = object.__new__(Hand)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.stack = list(self.stack)
        other.layout = self.layout.copy() if self.layout is not None else None
        other.declared = [list(d) for d in self.declared]
        other.waits = [list(w) for w in self.waits]
        other.out = list(self.out)
        other.ledger = list(self.ledger)
        other.chips = list(self.chips)
        other.history = list(self.history)
        other.queue = list(self.queue)
        other.voids = [set(v) for v in self.voids]
        other._legal = None
        return other

    @classmethod
    def replay(
        cls,
        deal: Deal,
        actions: str | list,
        setter: int | None = None,
        options: Options | None = None,
        number: int = 0,
        chips: list[int] | None = None,
    ) -> Hand:
        """A hand from its deal and its actions (text separated by ';', or a list)."""
        return cls(deal, setter, options, number, chips).replay_on(actions)

    def replay_on(self, actions: str | list) -> Hand:
        """Apply ``actions`` (text separated by ';', or a list), each checked; returns self."""
        items = [a for a in actions.split(";") if a.strip()] if isinstance(actions, str) \
            else actions
        for item in items:
            self.apply(parse_action(item) if isinstance(item, str) else item)
        return self

    def actions_text(self) -> str:
        return "; ".join(str(a) for _, a in self.history)

    def __repr__(self) -> str:
        if self.origin is not None:
            text, seed = self.origin
            return (f"Position.parse({text!r}).hand(seed={seed}).replay_on("
                    f"{self.actions_text()!r})")
        setter = "None" if self.first_hand else str(self.setter)
        extra = ""
        if self.options != Options():
            extra += f", options={self.options!r}"
        if self.number:
            extra += f", number={self.number}"
        return (f"Hand.replay({self.deal!r}, {self.actions_text()!r}, setter={setter}{extra})")

    def position(self) -> str:
        """Where the hand stands, for a refusal's English (seats named as ``nos.english``
        names them)."""
        return (f"hand {self.number}, action {len(self.history)}, {self.phase.value}, "
                f"{SEAT_NAMES[self.current]} to act")

