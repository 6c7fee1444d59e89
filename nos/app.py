"""The game as the web app runs it: one person and computer players at a table, in JSON-safe
form. Pure Python (no browser imports): the web worker wraps it, tests drive it in CPython.

Every method returns a JSON-safe ``view`` for the person's seat (R71): never another hand or
the boneyard. The whole table is saved as a game record (docs/record-format.md) plus the app's
settings, and restored exactly by replaying it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nos import fair
from nos.actions import DECLINE, DRAW, Action, Play, Set, parse_action
from nos.app_save import rng_from, rng_state, saved_coached, saved_shuffle, saved_verdicts
from nos.bots import get_bot
from nos.diagnose import refusal
from nos.errors import IllegalAction
from nos.events import Event, action_event, hand_end_event, payment_event
from nos.hand import Hand
from nos.house_rules import Options
from nos.observation import Observation
from nos.payments import Payment
from nos.phase import Phase
from nos.record import left_out, replay_legal, session_record
from nos.session import Session
from nos.settings import (
    BROWSER_BOT_PARAMS,
    DRAW_UNTIL,
    LEVELS,
    MAX_SEED,
    UNDO,
    coach_params,
    people_seats,
)
from nos.table_view import table_view

if TYPE_CHECKING:  # (imported when the coach is first asked: not at the worker's start)
    from nos.coach import Coach

# The person's seat is named too (records, the CLI), but the page never shows that name:
# it says "you" for the viewer's seat.
DEFAULT_NAMES = ("You", "Anna", "Bram", "Cor", "Dirk")
# Pass-and-play: the seats of the people at one device are named too ("you" on each screen
# is the seat whose screen it is; the pass screen names the next person).
PEOPLE_NAMES = ("Eva", "Anna", "Bram", "Cor", "Dirk")


# Deals per option in a hand review (nos.review): every option of each of the person's
# decisions is played in each (well under a second for a hand in CPython, docs/bots.md).
REVIEW_DEALS = 64
# The options a review weighs on set and announcing: each double with its best game, and the
# 12 games that score best (nos.bots.announce), not every game as the expert's halving does:
# each option gets every deal, and the list stays one a person reads.
REVIEW_EXPERT = {"prune": 0, "set_top_k": 12, "set_games": 1}
REVIEWS_KEPT = 4  # the reviews Table.review keeps (about 100 KB of JSON each)


def bot_for(level: str) -> Callable[[Observation, random.Random], Action]:
    """The computer player of a level (``nos.bots``)."""
    return get_bot(level, **BROWSER_BOT_PARAMS.get(level, {}))


class Table:
    """A session with the person at seat 0 and bots at the other seats; with ``people`` > 1,
    pass-and-play: people at ``seats`` (seat 0 among them; by default 0 … people − 1) of one
    device, bots at the rest. ``human`` is the seat whose screen the view is: the person to
    act, else the one who acted last."""

    kept: dict[str, Any] | None = None  # what restore() could not keep of a save (an event)

    def __init__(
        self,
        players: int = 4,
        seed: int | None = None,
        level: str = "club",
        names: list[str] | None = None,
        options: Options | None = None,
        people: int = 1,
        devices: bool = False,
        table_screen: bool = False,
        seats: list[int] | None = None,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"Unknown level {level!r}; choose one of {', '.join(LEVELS)}.")
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self.level = level
        if not 1 <= people <= players:
            raise ValueError(f"{people} people cannot play at a table of {players}.")
        self.people = people
        if seats is not None and not people_seats(seats, players, people):
            raise ValueError(f"People cannot sit at seats {seats} of a table of {players}.")
        self.humans = list(range(people)) if seats is None else list(seats)
        # Play together (docs/together.md): each person at their own device, the person of
        # seat 0 at this one (the host); else they all share this device (pass-and-play).
        self.devices = devices and (people > 1 or table_screen)
        # Played together with this device as the table (a screen everyone sees, no hand):
        # every person is at a device of their own, seat 0 too.
        self.table_screen = self.devices and table_screen
        self.away: list[int] = []  # people's seats a computer player plays for now
        names = list(names or (DEFAULT_NAMES if people == 1 else PEOPLE_NAMES)[:players])
        self.session = Session(players, seed=self.seed, options=options, names=names)
        self.human = 0
        self.bot_rng = random.Random(f"bots-{self.seed}")
        # Each hand's shuffle seed (nos.fair), None for a hand dealt otherwise. A game begun
        # from a chosen deal number deals the same every time, so its keys follow from that
        # number (the view says so); any other game's come from a secret of this device, as
        # the deal number it shows would otherwise give every hand away.
        self.chosen = seed is not None
        self.deal_rng = random.Random(f"deals-{self.seed}" if self.chosen else _secret())
        self.shuffles: list[str | None] = []
        self.verified: dict[int, str] = {}  # hand index -> what "Verify" found (fair_view)
        # The coach (nos.coach): the advice on the person's decision now, and for each hand
        # and seat how many decisions it weighed for the person there (the record and the
        # summary say; pass-and-play seats several people).
        self._coach: tuple[tuple[int, int, int], Coach] | None = None
        self.coached: list[list[int]] = []
        self.set_weighed: tuple[int, int] | None = None  # (hand, seat): a set it weighed
        # The tiles the person's last request drew (seat, tiles): a screen reader says them.
        self.drawn: tuple[int, list[str]] | None = None
        self.log: list[dict[str, Any]] = []
        self._bot = bot_for(level)
        self._undo: dict[str, Any] | None = None  # the save before the person's last play
        self._since = 0  # the actions of others since it (see ``act(UNDO)``)
        # The last reviews made, as ((hand index, seat), hand, review), the latest last: a
        # hand over never changes, and its review weighs every decision anew (about a
        # second), so a second opening is free.
        self._reviews: list[tuple[tuple[int, int], Any, dict[str, Any]]] = []

    # ------------------------------------------------------------------ flow
    @property
    def hand(self):  # noqa: ANN201
        return self.session.hand

    def start(self) -> dict[str, Any]:
        """Deal the next hand (the first one too) from a new secret shuffle seed, which the
        view commits to now and reveals when the hand is over (nos.fair)."""
        # A secret game's seeds come from the device's randomness each hand: revealed one
        # by one, outputs of one generator would let its later seeds be worked out (156
        # hands' seeds give a Mersenne Twister's whole state). A chosen deal number's
        # session is dealt from it, by design.
        seed = fair.new_seed(self.deal_rng if self.chosen else random.SystemRandom())
        first = not self.session.hands
        hand = self.session.start_hand(fair.deal_from(seed, self.session.players, first))
        self.shuffles.append(seed)
        self._follow()
        self._log_start(hand)
        return self.view()

    def _log_start(self, hand: Hand) -> None:
        """The log's first lines of a hand: who is on set, and the seal of its deal in full
        (the table's header shows only its start)."""
        self._log({"key": "log.hand_start", "hand": hand.number + 1, "seat": hand.setter})
        seed = self.shuffles[hand.number] if hand.number < len(self.shuffles) else None
        if seed is not None:
            self._log({"key": "log.sealed", "commitment": fair.commitment(seed)})

    def act(self, text: str) -> dict[str, Any]:
        """The person's action, as text; an illegal one is explained in one sentence.
        ``DRAW_UNTIL``: when drawing is all the person may do (R12), draw until a tile fits
        or the boneyard is down to its last two, each draw an action of its own."""
        hand = self.hand
        if hand is None or hand.over:
            return self.view(error={"key": "error.no_hand"})
        if text == UNDO:
            return self.undo()
        if hand.current != self.human or self.passes_for_person():
            return self.view(error={"key": "error.not_your_turn", "seat": hand.current})
        undo, self._undo = None, None
        seat, held = self.human, set(hand.hands[self.human])
        self.drawn = None
        if text == DRAW_UNTIL:
            if not self.must_draw():
                return self.view(error={"key": "refuse.draw_until", "rule": "R12"})
            while self.must_draw():
                self._apply(DRAW)
            self._drew(seat, held)
            return self.view()
        try:
            action = parse_action(text)
        except ValueError:
            return self.view(error={"key": "error.bad_action", "text": str(text)[:40]})
        if isinstance(action, Set) or (isinstance(action, Play) and not action.close):
            undo = self.save()
        try:
            self._apply(action)
        except IllegalAction as exc:
            return self.view(error=refusal_event(exc))
        if undo is not None and not hand.over:
            self._undo, self._since = undo, 0
        if action == DRAW:
            self._drew(seat, held)
        return self.view()

    def _drew(self, seat: int, held: set) -> None:
        self.drawn = (seat, sorted((str(t) for t in set(self.hand.hands[seat]) - held),
                                   reverse=True))

    def can_undo(self) -> bool:
        """The person may take back their last play or set: nobody has acted since."""
        return self._undo is not None and self._since == 0 and self._undone_by_maker() \
            and not self.devices  # (played together, every device has seen it at once)

    def _undone_by_maker(self) -> bool:
        """Pass-and-play: only the person who made the play, before the device passes."""
        return self._undo is not None and self._undo["app"]["human"] == self.human

    def undo(self) -> dict[str, Any]:
        """Take back the person's last play or set (and their turn comes back). Accepted
        until the next player's action is shown: the page asks for that action at once and
        shows it after the computer players' pause, so one action of another seat, not yet
        shown, is taken back with it; after that, or after anything that revealed a tile
        (a draw, a close, the hand's end), it is refused."""
        if self._undo is None or self._since > 1 or not self._undone_by_maker() or self.devices:
            return self.view(error={"key": "refuse.undo"})
        restored = Table.restore(self._undo)
        undone = self.log[len(restored.log)]["event"]  # the person's set or play
        self.session, self.log, self.bot_rng = restored.session, restored.log, restored.bot_rng
        self.deal_rng, self.shuffles = restored.deal_rng, restored.shuffles
        self.coached = restored.coached
        self.human = restored.human
        self._undo, self._since = None, 0
        view = self.view()
        # Said and shown once: the log, back as it was, no longer holds what was taken back.
        view["taken_back"] = {"key": "notice.taken_back", "tile": undone.get("tile")}
        return view

    def bot_act(self) -> dict[str, Any]:
        """One action by the computer player to act, if it is a bot's turn; or the person's
        step with nothing to decide (``passes_for_person``), taken at the bots' pace."""
        hand = self.hand
        if hand is None or hand.over:
            return self.view()
        if hand.current not in self.humans or hand.current in self.away:
            obs = Observation(hand, hand.current)
            self._apply(self._bot(obs, self.bot_rng))
        elif self.passes_for_person():
            self._apply(DECLINE)
        else:
            return self.view()
        self._since += 1
        if self._since > 1:  # the first one is shown now: no undo any more
            self._undo = None
        return self.view()

    def must_draw(self) -> bool:
        """R12: the person's turn, with no tile that fits and a tile to draw."""
        hand = self.hand
        return (hand is not None and not hand.over and hand.phase is Phase.PLAY
                and hand.current == self.human and hand.legal_actions() == [DRAW])

    def passes_for_person(self) -> bool:
        """R71: the person's declaration or out-of-turn step when they hold nothing to
        declare or play there. Every seat gets these steps (``Hand``), and one with nothing
        to decide passes it like a computer player, at the same pace, so that neither the
        pause nor the log tells the others anything. In pass-and-play the device goes to
        each person at each of their steps all the same (``_follow``): handed over only when
        there is a choice, it would tell the table who holds doubles."""
        hand = self.hand
        return ((len(self.humans) == 1 or self.devices) and hand is not None
                and hand.current in self.humans and hand.current not in self.away
                and hand.empty_step())

    def _follow(self) -> None:
        """Pass-and-play: the screen becomes the next person's at each of their steps, one
        with nothing to decide too (R71, ``passes_for_person``)."""
        hand = self.hand
        if hand is not None and not hand.over and hand.current in self.humans \
                and not self.devices:  # (played together, each device keeps its seat)
            self.human = hand.current

    def next_hand(self) -> dict[str, Any]:
        hand = self.hand
        if hand is not None and not hand.over:
            return self.view(error={"key": "error.hand_not_over"})
        self._undo = None
        return self.start()

    def end_session(self) -> dict[str, Any]:
        """R24: settle the session (only between hands)."""
        hand = self.hand
        if hand is not None and not hand.over:
            return self.view(error={"key": "error.finish_hand_first"})
        if self.session.settlement is None:
            self._settle(None)
        return self.view()

    def _settle(self, pot_winner: int | None) -> None:
        s = self.session.settle(pot_winner)
        self._log({"key": "log.settled", "pot": s.pot, "winner": s.pot_winner})

    def _apply(self, action: Action, tiebreak: list | None = None) -> None:
        hand = self.hand
        if action not in hand.legal_actions():  # refused before it is worded (R70)
            raise refusal(hand, action)
        event = action_event(hand, action)
        before = len(hand.ledger)
        hand.apply(action)
        paid = hand.ledger[before:]
        # The count (R21) is paid at the hand's end, after what made the counts (R18's draw).
        count = [p for p in paid if p.rule == "R21"]
        if action is not DECLINE:  # every seat gets the steps: a decline says nothing (R71)
            self._log(event, [p for p in paid if p.rule != "R21"])
        if hand.over:
            self._hand_over(tiebreak, count)
        self._follow()

    def _hand_over(self, tiebreak: list | None, count: list[Payment]) -> None:
        hand = self.hand
        # R18: the next player drew the boneyard but its last two (counted below too).
        if hand.close_draw and hand.close_draw[1]:
            drawer, n = hand.close_draw
            self._log({"key": "log.close_draw", "seat": drawer, "n": n, "rule": "R18"})
        self._log(hand_end_event(hand), count)
        loser = self.session.finish_hand(tiebreak)
        draws = self.session.tiebreaks[-1]
        if draws:  # each tile with its value, 0-0 counting 14 (R22)
            self._log({"key": "log.tiebreak", "count": max(hand.counts), "rule": "R22",
                       "draws": [[[s, str(t), t.count] for s, t in rnd] for rnd in draws]})
        self._log({"key": "log.next_setter", "seat": loser})

    def _log(self, event: Event, payments: list[Payment] | tuple = ()) -> None:
        """A log entry: the event and the payments it caused, for the hand in progress; ``n``
        numbers it in the game (a view holds only the last 200, ``nos.view``)."""
        self.log.append({"n": len(self.log), "hand": len(self.session.hands) - 1, "event": event,
                         "payments": [payment_event(p) for p in payments]})

    # ------------------------------------------------------------------ views
    def view(self, error: Event | None = None, seat: int | None = None) -> dict[str, Any]:
        """Everything the person's screen may show (R71), JSON-safe (``nos.table_view``);
        ``seat``: the screen of that seat's person instead (played together); the table's
        screen shows no one's tiles."""
        return table_view(self, error, seat, public=seat is None and self.table_screen)

    def act_as(self, seat: int, text: str) -> dict[str, Any]:
        """Played together: the action of the person at ``seat``'s device, and their view.
        The seat is the one their device joined for (``nos.together``), never one the
        message names."""
        if not self.devices or seat not in self.humans or seat in self.away:
            return self.view(error={"key": "error.not_your_seat"}, seat=seat)
        return self.view(error=self.as_seat(seat, lambda: self.act(text)).get("error"),
                         seat=seat)

    def as_seat(self, seat: int, run: Callable[[], Any]) -> Any:
        """``run()`` as the person at ``seat``'s device would have it (played together: the
        person of the table's ``human`` seat is the host's)."""
        host, self.human = self.human, seat
        try:
            return run()
        finally:
            self.human = host

    # ------------------------------------------------------------------ saving
    def save(self) -> dict[str, Any]:
        """The game record plus the app's settings (``app``), JSON-safe."""
        record = session_record(self.session)
        record["app"] = {"level": self.level, "human": self.human, "people": self.people,
                         "seats": list(self.humans),
                         "devices": self.devices, "table_screen": self.table_screen,
                         "away": list(self.away),
                         "seed": self.seed, "chosen": self.chosen,
                         "rng": [rng_state(self.session.rng), rng_state(self.bot_rng),
                                 rng_state(self.deal_rng)],
                         "shuffles": list(self.shuffles), "coached": list(self.coached),
                         "verified": [[k, v] for k, v in sorted(self.verified.items())]}
        return record

    @classmethod
    def restore(cls, data: Any) -> Table:
        """Rebuild a table from ``save()`` as far as it is legal (``replay_legal``), with the
        defaults for settings it cannot read (``kept`` says so); ``BadRecord`` only if not
        even its first hand replays."""
        checked, data, cut = replay_legal(data)
        app = data.get("app") if isinstance(data.get("app"), dict) else {}
        level, people = app.get("level", "club"), app.get("people", 1)
        defaults = app == {} or not isinstance(level, str) or level not in LEVELS or \
            type(people) is not int or not 1 <= people <= checked.players
        if defaults:
            level, people = "club", 1
        seats = app.get("seats")  # (older saves: none, the first seats)
        seats = seats if not defaults and people_seats(seats, checked.players, people) else None
        seed = app.get("seed")
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:
            seed = None  # damaged (or none): the game goes on, its deals secret from now on
        table = cls(checked.players, seed=seed, level=level,
                    names=checked.names, options=checked.options, people=people, seats=seats,
                    devices=app.get("devices") is True and not defaults,
                    table_screen=app.get("table_screen") is True and not defaults)
        away = app.get("away")
        if isinstance(away, list) and table.devices:
            table.away = sorted({s for s in away if type(s) is int and s in table.humans})
        table.kept = {"key": "notice.save_cut_defaults" if defaults else "notice.save_cut",
                      "hand": cut[0] + 1} if cut else {"key": "notice.save_defaults"} \
            if defaults else None
        if app.get("chosen") is False:  # (older saves: all from the number)
            table.chosen = False
            table.deal_rng = random.Random(_secret())
        # Replay through the table so that the log comes back too.
        version = data.get("version")  # (older ones leave out some empty steps: left_out)
        for h, entry in enumerate(data.get("hands", [])):
            hand = table.session.start_hand(checked.hands[h].deal)
            table.shuffles.append(saved_shuffle(app.get("shuffles"), hand))
            table._log_start(hand)
            tiebreak = checked.tiebreaks[h] if h < len(checked.tiebreaks) else None
            for text in [*entry["actions"], None]:
                while left_out(hand, version):
                    table._apply(DECLINE, tiebreak)
                if text is not None:
                    table._apply(parse_action(text), tiebreak)
        settlement = data.get("settlement")
        if isinstance(settlement, dict):
            table._settle(checked.settlement.pot_winner if checked.settlement else None)
        states = app.get("rng")
        try:
            if states:
                table.session.rng.setstate(rng_from(states[0]))
                table.bot_rng.setstate(rng_from(states[1]))
                if len(states) > 2:
                    table.deal_rng.setstate(rng_from(states[2]))
        except (TypeError, ValueError, IndexError, KeyError, AttributeError, OverflowError):
            # A damaged random state loses no game: the generators start afresh from a
            # secret, so later deals no longer follow from the deal number.
            for rng in (table.session.rng, table.bot_rng, table.deal_rng):
                rng.seed(_secret())
            table.chosen = False
        table.coached = saved_coached(app.get("coached"), len(table.session.hands),
                                 checked.players)
        table.verified = saved_verdicts(app.get("verified"), table.shuffles)
        if app.get("human") in table.humans and type(app.get("human")) is int:
            table.human = app["human"]  # whose screen it was (pass-and-play)
        return table

    # ------------------------------------------------------------------ the coach
    def coach(self, seconds: float = 0.25) -> dict[str, Any]:
        """The coach's advice on the person's decision now (``nos.coach``, from their
        observation only): the expert's search the first time, more deals after that. The
        view then carries it (``coach``); asked at any other time, it is refused."""
        hand = self.hand
        if hand is None or hand.over or hand.current != self.human or self.passes_for_person():
            return self.view(error={"key": "error.coach_not_now"})
        key = self.decision_key()
        if self._coach is None or self._coach[0] != key:
            rng = random.Random(f"coach-{self.seed}-{key}")
            expert = get_bot("expert", **coach_params())
            from nos.coach import Coach  # (the expert's search: not at the worker's start)

            self._coach = (key, Coach(Observation(hand, self.human), rng, expert))
            if self._coach[1].weighed:  # (a forced move has nothing to weigh)
                while len(self.coached) < key[0] + 1:
                    self.coached.append([0] * self.session.players)
                self.coached[key[0]][self.human] += 1
                if hand.phase is Phase.SET:  # (its announcement then weighs every game)
                    self.set_weighed = (key[0], self.human)
        else:
            self._coach[1].refine(seconds)
        return self.view()

    def decision_key(self) -> tuple[int, int, int]:
        """(hand index, actions so far in it, seat to act): one decision of the game."""
        hand = self.hand
        return (len(self.session.hands) - 1, len(hand.history) if hand else 0,
                hand.current if hand else 0)

    def advice(self) -> Coach | None:
        """The coach's advice, if it is about the decision now."""
        hand = self.hand
        if self._coach is None or hand is None or hand.over or self._coach[0] != \
                self.decision_key():
            return None
        return self._coach[1]

    def review(self, number: int | None = None, seat: int | None = None) -> dict[str, Any]:
        """The review of a finished hand (``nos.review``; the last one by default) for the
        person at `seat` (default: whose screen it is): every step with all tiles open,
        their decisions weighed by the expert's search. Raises ``ValueError`` for a hand in
        progress or none, or a seat that is no person's."""
        from nos.review import review  # (the expert's search: not at the worker's start)

        over = [i for i, h in enumerate(self.session.hands) if h.over]
        k = over[-1] if number is None and over else number
        if k not in over:
            raise ValueError("only a hand that is over can be reviewed")
        seat = self.human if seat is None else seat
        if seat not in self.humans:  # (pass-and-play: any person's, never a bot's)
            raise ValueError("only a person's decisions are reviewed")
        hand = self.session.hands[k]
        for key, weighed, kept in self._reviews:
            if key == (k, seat) and weighed is hand:
                return kept
        expert = get_bot("expert", **REVIEW_EXPERT, **coach_params())
        out = review(hand, seat, list(self.session.names), expert, REVIEW_DEALS,
                     seed=self.seed)
        # Pass-and-play: the review names whose decisions they are.
        out["hand"], out["seat"] = k, seat
        out["named"] = len(self.humans) > 1 and not self.devices
        others = [r for r in self._reviews if r[0] != (k, seat)]  # (the oldest made go)
        self._reviews = others[max(0, len(others) - REVIEWS_KEPT + 1):] + [((k, seat), hand, out)]
        return out

    # ------------------------------------------------------------------ fair deals
    def verify(self, seal: str | None = None) -> dict[str, Any]:
        """Deal the hand just over again from its revealed seed and compare it with `seal`,
        the commitment the person's screen showed before the hand, and with the tiles dealt
        (nos.fair); the answer is in the view (``fair``): "ok", what failed, or "unseen"
        when the screen kept no seal (the deal alone was checked). Refused while the hand
        is in progress: its seed is secret."""
        hand = self.hand
        k = len(self.session.hands) - 1
        if hand is None or not hand.over:
            return self.view(error={"key": "error.hand_not_over"})
        seed = self.shuffles[k] if k < len(self.shuffles) else None
        if seed is None:
            return self.view(error={"key": "error.no_seed"})
        shown = seal if isinstance(seal, str) else None
        found = fair.verify(seed, shown or fair.commitment(seed), hand.deal, hand.first_hand)
        self.verified[k] = found or ("ok" if shown else "unseen")
        return self.view()

    def fair_view(self) -> dict[str, Any] | None:
        """The hand's number and the commitment to its shuffle seed; once the hand is over,
        the seed and what "Verify" found (absent: not asked yet). ``chosen``: the deal number
        the game was begun with, from which its deals follow (so they were never secret).
        ``sealed`` False: the hand has no seed (a save from before fair deals, or edited)."""
        hand = self.hand
        if hand is None:
            return None
        k = len(self.session.hands) - 1
        seed = self.shuffles[k] if 0 <= k < len(self.shuffles) else None
        out: dict[str, Any] = {"hand": k + 1, "sealed": seed is not None}
        if self.chosen:
            out["chosen"] = self.seed
        if seed is None:
            return out
        out["commitment"] = fair.commitment(seed)
        if hand.over:
            out["seed"] = seed
            if k in self.verified:
                out["verified"] = self.verified[k]
        return out


def _secret() -> int:
    """A seed nobody can work out from what the app shows (the device's own randomness)."""
    return random.SystemRandom().getrandbits(128)


def refusal_event(exc: IllegalAction) -> Event:
    """A refusal as an event: ``refuse.<key>`` with its parameters and ruling (R70)."""
    return {**exc.params, "key": f"refuse.{exc.key or 'not_legal_now'}", "rule": exc.rule}
