"""Played together (docs/together.md): the host's door, through which every message of a
person at another device reaches the game, and the replies each device gets.

One authority: the host's ``Table`` (``devices=True``) holds the game, and each device is
sent only the view of its own seat (R71). A message acts for the seat its device joined for
(the host's page knows which connection it came on), never for a seat it names; one that is
too long, unreadable, of another version, replayed, stale or forged is refused with a
reason (a word key) and changes nothing.
"""

from __future__ import annotations

import json
from typing import Any

from nos.actions import attempted
from nos.app import Table
from nos.contract import VERSION
from nos.events import Event

# A person's message is a request of a few hundred characters; anything longer is refused
# unread (a view, host to guest, is larger and never checked here).
MAX_MESSAGE = 4096
MAX_NAME = 16  # the characters of a name a device gives its person
# What a device may ask the host: the requests its page would ask its own engine.
ASKS = ("hello", "view", "act", "next_hand", "end_session", "verify", "coach", "review")
KEYS = {"nos", "n", "ask", "body", "seen"}


class Door:
    """The host's checks on the messages of the devices that joined, seat by seat."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.last: dict[int, int] = {}  # seat -> the number of its last message taken

    def seats(self) -> list[int]:
        """The seats whose people play at devices of their own (the host's own is not one,
        unless this device is the table's screen)."""
        table = self.table
        if not table.devices:
            return []
        return list(table.humans) if table.table_screen else list(table.humans[1:])

    def joined(self, seat: int) -> None:
        """A device has (re)joined for ``seat``: its messages are numbered from 1 again."""
        self.last[seat] = 0

    def receive(self, seat: int, text: Any) -> tuple[dict[str, Any], bool]:
        """The reply to the device of ``seat`` for its message ``text``, and whether the
        game changed (so that every device is sent its new view)."""
        table = self.table
        if seat not in self.seats() or seat not in self.last:
            return reply(table, seat, {"key": "together.no_seat"}), False
        message, refusal = self._read(seat, text)
        if refusal is not None:
            return reply(table, seat, refusal), False
        self.last[seat] = message["n"]
        ask, body = message["ask"], message.get("body") or {}
        before = len(table.log), table.session.names[seat]
        if ask == "hello":
            name_seat(table, seat, body.get("name"))
            view = table.view(seat=seat)
        elif ask == "act":
            view = self._act(seat, message, body)
        elif ask == "next_hand":
            view = table.view(error=table.next_hand().get("error"), seat=seat)
        elif ask == "end_session":
            view = table.view(error=table.end_session().get("error"), seat=seat)
        elif ask == "verify":
            seal = body.get("seal")
            view = table.view(error=table.verify(seal if isinstance(seal, str) else None)
                              .get("error"), seat=seat)
        elif ask == "coach":  # (the coach's search runs on the host's engine)
            view = table.view(error=table.as_seat(seat, table.coach).get("error"), seat=seat)
        elif ask == "review":
            number = body.get("hand")
            try:
                review = table.review(number if type(number) is int else None, seat)
            except ValueError:
                return {"review": None, "error": {"key": "error.review_hand"}}, False
            return {"review": review, "error": None}, False
        else:  # "view"
            view = table.view(seat=seat)
        changed = (len(table.log), table.session.names[seat]) != before or \
            (ask in ("end_session", "verify") and not view.get("error"))
        return {"view": view, "save": None, "error": view.get("error")}, changed

    def _act(self, seat: int, message: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
        table = self.table
        action = body.get("action")
        if "attempt" in body:  # (a tile dropped where it may not go: the engine says why)
            action = attempted(body["attempt"])
        if not isinstance(action, str) or not action.strip() or len(action) > 40:
            return table.view(error={"key": "error.no_action"}, seat=seat)
        # The view the person acted on: the log's length then. Anything since (a computer
        # player's step) makes the action stale, even if it would be legal now.
        if message.get("seen") != len(table.log):
            return table.view(error={"key": "together.stale"}, seat=seat)
        return table.act_as(seat, action)

    def _read(self, seat: int, text: Any) -> tuple[dict[str, Any], Event | None]:
        """The message, checked; or the refusal that says why not."""
        if not isinstance(text, str) or len(text) > MAX_MESSAGE:
            return {}, {"key": "together.too_long", "most": MAX_MESSAGE}
        try:
            message = json.loads(text)
        except (ValueError, RecursionError):
            return {}, {"key": "together.unreadable"}
        if not isinstance(message, dict) or not set(message) <= KEYS:
            return {}, {"key": "together.forged"}  # (e.g. a "seat" of its own choosing)
        if message.get("nos") != VERSION:
            return {}, {"key": "together.version"}
        n = message.get("n")
        if type(n) is not int or n <= self.last.get(seat, 0):
            return {}, {"key": "together.replayed"}
        body = message.get("body")
        if message.get("ask") not in ASKS or not (body is None or isinstance(body, dict)):
            return {}, {"key": "together.unreadable"}
        return message, None


def away(table: Table, seat: int, playing: bool) -> None:
    """The host lets a computer player play ``seat`` for its person (``playing``), or gives
    it back: their device may have lost the connection, and the game goes on meanwhile."""
    if not table.devices or seat not in table.humans:
        raise ValueError("only a person's seat played at another device")
    kept = set(table.away) - {seat}
    table.away = sorted(kept | {seat} if playing else kept)


def name_seat(table: Table, seat: int, name: Any) -> None:
    """The name the person at ``seat`` gives themselves at their device (a guest's hello,
    or the host's own), made safe to show; a blank or no name leaves the seat's as it is."""
    if not table.devices or seat not in table.humans:
        raise ValueError("only a person's seat of a table played together")
    if isinstance(name, str) and name.strip():
        table.session.names[seat] = _name(name)


def reply(table: Table, seat: int, error: Event | None = None) -> dict[str, Any]:
    """What a device is sent: the view of its seat (R71; never another seat's tiles), and
    no save (the host alone keeps the game)."""
    view = table.view(error=error, seat=seat)
    return {"view": view, "save": None, "error": error}


def _name(text: str) -> str:
    """A name as a device gives it, made safe to show: printable, one line, cut short."""
    name = " ".join("".join(c for c in text if c.isprintable()).split())
    return name[:MAX_NAME] or "?"
