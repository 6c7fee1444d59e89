"""What one player may know (R71): their tiles, declared doubles, the layout, counts of tiles
in hands and boneyard, chips, and the public history — never another hand or the boneyard."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nos.actions import Action, Decline
from nos.deal import LAST_TWO
from nos.games import Announcement
from nos.layout import Layout
from nos.payments import Payment
from nos.tiles import Tile

if TYPE_CHECKING:
    from nos.hand import Hand


class Observation:
    """A read-only view of a hand for ``seat``. Holds copies: changing it changes no state."""

    __slots__ = (
        "seat", "players", "number", "phase", "current", "setter", "set_tile", "set_drawn",
        "announcement", "layout", "tiles", "hand_sizes", "declared", "boneyard_count", "waits",
        "out", "nos", "chips", "ledger", "history", "legal", "counts", "end_reason", "options",
        "close_draw", "first_hand", "pass_streak", "last_turn", "voids",
    )

    def __init__(self, hand: Hand, seat: int, legal: bool = True) -> None:
        """What ``seat`` sees of ``hand``; ``legal`` False leaves its legal actions out (a
        view that says its own, nos.view)."""
        self.seat = seat
        self.players = hand.players
        self.number = hand.number
        self.options = hand.options
        self.phase = hand.phase.value
        self.current = hand.current
        self.setter = hand.setter
        self.set_tile: Tile | None = hand.set_tile
        self.set_drawn = hand.set_drawn
        self.announcement: Announcement | None = hand.announcement
        self.layout: Layout | None = hand.layout.copy() if hand.layout else None
        self.tiles: tuple[Tile, ...] = tuple(sorted(hand.hands[seat], reverse=True))
        self.hand_sizes: tuple[int, ...] = tuple(len(h) for h in hand.hands)
        self.declared: tuple[tuple[Tile, ...], ...] = tuple(tuple(d) for d in hand.declared)
        self.boneyard_count = len(hand.stack)
        self.waits: tuple[tuple[int, ...], ...] = tuple(tuple(w) for w in hand.waits)
        self.out: tuple[bool, ...] = tuple(hand.out)
        self.nos = hand.nos
        self.chips: tuple[int, ...] = tuple(hand.chips)
        self.ledger: tuple[Payment, ...] = tuple(hand.ledger)
        # Declines are left out: every seat gets the steps (R71), so they say nothing.
        self.history: tuple[tuple[int, Action], ...] = tuple(
            (s, a) for s, a in hand.history if not isinstance(a, Decline))
        self.legal: tuple[Action, ...] = tuple(hand.legal_actions()) if (
            legal and hand.current == seat and not hand.over) else ()
        self.counts = tuple(hand.counts) if hand.counts is not None else None
        self.end_reason = hand.end_reason
        self.close_draw = hand.close_draw
        self.first_hand = hand.first_hand
        self.pass_streak = hand.pass_streak
        self.last_turn = hand.last_turn
        self.voids: tuple[frozenset[Tile], ...] = tuple(frozenset(v) for v in hand.voids)

    @property
    def drawable(self) -> int:
        return max(0, self.boneyard_count - LAST_TWO)

    def to_json(self) -> dict:
        """JSON-safe form, for the web worker boundary and saved games."""
        return {
            "seat": self.seat,
            "players": self.players,
            "hand": self.number,
            "phase": self.phase,
            "current": self.current,
            "setter": self.setter,
            "set_tile": str(self.set_tile) if self.set_tile else None,
            "set_drawn": self.set_drawn,
            "announcement": str(self.announcement) if self.announcement else None,
            "layout": self.layout.to_json() if self.layout else None,
            "tiles": [str(t) for t in self.tiles],
            "hand_sizes": list(self.hand_sizes),
            "declared": [[str(t) for t in d] for d in self.declared],
            "boneyard": self.boneyard_count,
            "waits": [list(w) for w in self.waits],
            "out": list(self.out),
            "nos": self.nos,
            "chips": list(self.chips),
            "ledger": [p.to_json() for p in self.ledger],
            "history": [[s, str(a)] for s, a in self.history],
            "legal": [str(a) for a in self.legal],
            "counts": list(self.counts) if self.counts is not None else None,
            "end_reason": self.end_reason,
            "close_draw": list(self.close_draw) if self.close_draw else None,
            "pass_streak": self.pass_streak,
            "voids": [sorted(str(t) for t in v) for v in self.voids],
        }
