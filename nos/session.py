"""A session of hands (R1, R4, R5, R22–R24): chips carried over, who is on set, settlement."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from nos.deal import Deal
from nos.hand import Hand
from nos.house_rules import Options
from nos.payments import SETTLE_STEP, START_CHIPS, Payment
from nos.tiles import ALL_TILES, Tile
from nos.value import Value, set_fields

if TYPE_CHECKING:
    Tiebreak = list[list[tuple[int, Tile]]]  # rounds of (seat, drawn tile), R22


class Settlement(Value):
    """R24: totals rounded down to 20, the pot and who won it, each result against 500."""

    FIELDS = ("chips", "kept", "pot", "pot_winner", "final", "results")
    chips: tuple[int, ...]
    kept: tuple[int, ...]
    pot: int
    pot_winner: int
    final: tuple[int, ...]
    results: tuple[int, ...]

    def __init__(self, chips: tuple[int, ...], kept: tuple[int, ...], pot: int, pot_winner: int,
                 final: tuple[int, ...], results: tuple[int, ...]) -> None:
        set_fields(self, chips=chips, kept=kept, pot=pot, pot_winner=pot_winner, final=final,
                   results=results)

    def to_json(self) -> dict:
        return {"chips": list(self.chips), "kept": list(self.kept), "pot": self.pot,
                "pot_winner": self.pot_winner, "final": list(self.final),
                "results": list(self.results),
                "pot_draw": "seeded uniform draw (stand-in for Billitonnen, R24)"}


def break_tie(tied: list[int], rng: random.Random) -> tuple[int, Tiebreak]:
    """R22: tied players each draw a tile from the freshly shuffled set; the highest (0-0 = 14)
    is the loser; those tied again draw again. Returns the loser and the rounds drawn."""
    rounds: Tiebreak = []
    while len(tied) > 1:
        tiles = rng.sample(ALL_TILES, len(tied))
        drawn = [(tied[i], tiles[i]) for i in range(len(tied))]
        rounds.append(drawn)
        tied = scripted_round(drawn)
    return tied[0], rounds


def scripted_round(drawn: list[tuple[int, Tile]]) -> list[int]:
    top = max(t.count for _, t in drawn)
    return [s for s, t in drawn if t.count == top]


class Session:
    """Hands played one after another by ``players`` seats, with a seeded chance source."""

    def __init__(
        self,
        players: int,
        seed: int | None = None,
        options: Options | None = None,
        names: list[str] | None = None,
    ) -> None:
        if players not in (3, 4, 5):
            raise ValueError(f"Nos is played by 3, 4 or 5 players, not {players} (R1).")
        self.players = players
        self.seed = seed
        self._rng: random.Random | None = None
        self.options = options or Options()
        self.names = names or [f"Seat {i}" for i in range(players)]
        self.hands: list[Hand] = []
        self.tiebreaks: list[Tiebreak] = []
        self.ledger: list[Payment] = []
        self._chips = [START_CHIPS] * players
        self.next_setter: int | None = None
        self.settlement: Settlement | None = None

    @property
    def rng(self) -> random.Random:
        """The session's chance steps (deals, R22 tiebreaks, the R24 pot), from ``seed``;
        made on first use, so that replaying a record, which holds its deals, needs no
        ``random.Random`` (MicroPython has none)."""
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    @property
    def hand(self) -> Hand | None:
        return self.hands[-1] if self.hands else None

    @property
    def chips(self) -> list[int]:
        """Every seat's chips now (R23), including the payments of a hand in progress."""
        hand = self.hand
        if hand is not None and not hand.over:
            return list(hand.chips)
        return list(self._chips)

    def deal(self) -> Deal:
        """The chance step of a deal; in the first hand redeal until someone holds a double
        (R4)."""
        while True:
            deal = Deal.shuffled(self.players, self.rng)
            if self.hands or deal.has_double():
                return deal

    def start_hand(self, deal: Deal | None = None) -> Hand:
        """Deal (or take a scripted deal) and start the next hand."""
        if self.hand is not None and not self.hand.over:
            raise ValueError("The hand in progress must end before the next one starts.")
        if self.settlement is not None:
            raise ValueError("The session is settled; start a new one.")
        deal = deal or self.deal()
        hand = Hand(deal, self.next_setter, self.options, len(self.hands), self._chips)
        self.hands.append(hand)
        return hand

    def finish_hand(self, tiebreak: Tiebreak | None = None) -> int:
        """Close the books of an ended hand and pick who is on set next (R22); returns that
        seat. ``tiebreak`` replays recorded draws instead of drawing."""
        hand = self.hand
        if hand is None or not hand.over:
            raise ValueError("There is no ended hand to finish.")
        if len(self.tiebreaks) == len(self.hands):
            raise ValueError("This hand is already finished.")
        tied = hand.losers()
        if tiebreak is None:
            loser, rounds = break_tie(tied, self.rng)
        else:
            rounds = tiebreak
            for drawn in rounds:
                if sorted(s for s, _ in drawn) != sorted(tied):
                    raise ValueError("The recorded tiebreak does not match the tied players.")
                if len({str(t) for _, t in drawn}) != len(drawn):
                    raise ValueError("The recorded tiebreak draws one tile twice in a round "
                                     "from one set (R22).")
                tied = scripted_round(drawn)
            if len(tied) != 1:
                raise ValueError("The recorded tiebreak does not decide the loser (R22).")
            loser = tied[0]
        # Only now, with the tiebreak checked: a refused call changes nothing (R70, R23).
        self._chips = list(hand.chips)
        self.ledger.extend(hand.ledger)
        self.tiebreaks.append(rounds)
        self.next_setter = loser
        return loser

    def settle(self, pot_winner: int | None = None) -> Settlement:
        """R24: round totals down to 20; the pot goes to a seeded uniform draw (a stand-in for
        Billitonnen) unless ``pot_winner`` is given."""
        hand = self.hand
        if hand is not None and not hand.over:
            raise ValueError("Finish the hand in progress before settling.")
        if len(self.tiebreaks) < len(self.hands):  # (its payments are not in the chips yet)
            raise ValueError("The hand that ended is not finished: call finish_hand() "
                             "before settle() (R22, R24).")
        if self.settlement is not None:
            raise ValueError("The session is settled already (R24).")
        chips = tuple(self._chips)
        kept = tuple(c - c % SETTLE_STEP for c in chips)
        pot = sum(chips) - sum(kept)
        if pot_winner is None:
            pot_winner = self.rng.randrange(self.players)
        final = tuple(k + (pot if s == pot_winner else 0) for s, k in enumerate(kept))
        self.settlement = Settlement(chips, kept, pot, pot_winner, final,
                                     tuple(f - START_CHIPS for f in final))
        return self.settlement
