"""Command line: ``python -m nos play …`` writes a record; ``python -m nos replay FILE``;
``python -m nos position FILE --hand H --after K [--seat S]`` prints a position of a record,
``python -m nos position --check TEXT`` checks a position text (docs/position-format.md);
``python -m nos verify SEED --players N [--first] [--seal HASH]`` deals a hand again from the
seed the app revealed (nos.fair)."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time

from nos import fair
from nos.errors import BadRecord
from nos.house_rules import Options
from nos.notation import SEATS
from nos.players import random_action
from nos.position import Position
from nos.record import (
    load,
    play_session,
    replay,
    replay_position,
    replay_summary,
    session_record,
)

MAX_HANDS = 100_000  # hands `play` plays: a record of about 70 MB
SHOWN = 24  # characters of a value an error repeats (a 5,000-digit one is cut)


class Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line on stderr, each value in it cut to SHOWN
    characters, and exit status 2 (not the usage and then the error)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        message = re.sub(rf"[^\s']{{{SHOWN + 2},}}", lambda m: m.group()[:SHOWN] + "…", message)
        self.exit(2, f"error: {message}; see {self.prog} --help\n")


def main(argv: list[str] | None = None) -> int:
    """The command line; a closed pipe (``| head``) ends it quietly."""
    try:
        return run(argv)
    except BrokenPipeError:
        # The reader has gone: nothing more can be written, and Python's own flush at
        # exit would raise again, so stdout is pointed at nothing (the Python docs' way).
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def run(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python -m nos", description="Nos, the domino game.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    play = sub.add_parser("play", help="play a session between random legal players")
    play.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--hands", type=int, default=1,
                      help=f"how many hands, 1-{MAX_HANDS:,} (progress on a terminal's stderr; "
                           f"Ctrl-C stops, writing the hands played)")
    play.add_argument("--out", required=True, help="where to write the JSON record")
    play.add_argument("--h1", action="store_true", help="house rule H1 (Polish double blank)")
    play.add_argument("--h2", action="store_true", help="house rule H2 (claim doubles)")
    rep = sub.add_parser("replay", help="replay a record and print the chips and ledger")
    rep.add_argument("file")
    pos = sub.add_parser("position", help="print the position of a record, or check one")
    pos.add_argument("file", nargs="?", help="a JSON record (python -m nos play, the app)")
    pos.add_argument("--hand", type=int, help="the hand, from 1 as in the app (default: last)")
    pos.add_argument("--after", type=int, help="after this many of its actions (default: all)")
    pos.add_argument("--seat", help="show only this seat's hand (a-e or 0-4), as it sees it")
    pos.add_argument("--check", metavar="TEXT", help="check a position text instead")
    ver = sub.add_parser("verify", help="deal a hand again from the seed the app revealed")
    ver.add_argument("seed", help="the hand's seed: 32 hexadecimal digits")
    ver.add_argument("--players", type=int, required=True, choices=(3, 4, 5))
    ver.add_argument("--first", action="store_true",
                     help="the session's first hand (dealt again until a double is held, R4)")
    ver.add_argument("--seal", help="the seal the app showed before the hand, to compare "
                                    "(64 hexadecimal digits)")
    argv = list(sys.argv[1:] if argv is None else argv)
    for i in range(len(argv) - 1):  # a seat in debt starts the text with "-" (R23)
        if argv[i] == "--check" and argv[i + 1].startswith("-"):
            argv[i:i + 2] = ["--check=" + argv[i + 1]]
            break
    args = parser.parse_args(argv)
    if args.command == "verify":
        return verify(args)
    if args.command == "position":
        try:
            print(position(args))
        except ValueError as exc:  # BadRecord, a bad position text, a hand out of range
            print(f"error: {exc}", file=sys.stderr)
            return 2
        return 0

    if args.command == "play":
        return play_command(args)
    try:
        session = replay(load(args.file))
    except BadRecord as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(replay_summary(session)))
    return 0


def play_command(args: argparse.Namespace) -> int:
    """Play and write the record; with progress on stderr when it is a terminal. Ctrl-C
    stops it, and the record of the hands played so far is written (not settled)."""
    if not 1 <= args.hands <= MAX_HANDS:
        print(f"error: --hands must be 1-{MAX_HANDS:,}, not {str(args.hands)[:SHOWN]}",
              file=sys.stderr)
        return 2
    progress = Progress(args.hands)
    try:
        session = play_session(args.players, args.seed, args.hands, random_action,
                               Options(args.h1, args.h2), progress.played)
    except KeyboardInterrupt:
        progress.end()
        if progress.session is None or not progress.session.tiebreaks:
            print("stopped before the first hand ended: no record written", file=sys.stderr)
            return 130
        session = progress.session
        data = session_record(session)
        data["hands"] = data["hands"][:len(session.tiebreaks)]  # (not the one under way)
        data["settlement"] = None
        done = len(data["hands"])
        if write(args.out, data) != 0:
            return 2
        print(f"stopped after {done:,} of {args.hands:,} hands: their record is in {args.out} "
              f"(not settled)", file=sys.stderr)
        return 130
    progress.end()
    if write(args.out, session_record(session)) != 0:
        return 2
    print(json.dumps({"hands": len(session.hands), "final_chips": session.chips}))
    return 0


def write(path: str, data: dict) -> int:
    try:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
            f.write("\n")
    except OSError as exc:
        print(f"error: cannot write {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0


class Progress:
    """`play`'s progress: "hand 1,200 of 100,000" on stderr at most twice a second, only
    when stderr is a terminal (a script's log gets none)."""

    def __init__(self, hands: int) -> None:
        self.hands = hands
        self.shown = sys.stderr.isatty()
        self.last = time.monotonic()
        self.session = None
        self.written = False

    def played(self, session) -> None:
        self.session = session
        now = time.monotonic()
        if self.shown and now - self.last >= 0.5:
            self.last = now
            self.written = True
            print(f"\rhand {len(session.hands):,} of {self.hands:,}", end="", file=sys.stderr,
                  flush=True)

    def end(self) -> None:
        if self.written:
            print(file=sys.stderr)


def position(args: argparse.Namespace) -> str:
    """The text ``python -m nos position`` prints; raises ``ValueError`` with one sentence."""
    if args.check is not None:
        if args.file is not None or args.hand is not None or args.after is not None:
            raise ValueError("--check takes a position text alone, without a record.")
        return str(Position.parse(args.check))
    if args.file is None:
        raise ValueError("Name a record to take the position from, or --check a text.")
    data = load(args.file)
    full = replay(data)
    session = replay_position(data, full, args.hand, args.after, args.file)
    seat = None
    if args.seat is not None:
        given = args.seat.strip().lower()
        seat = int(given) if given.isascii() and given.isdigit() else \
            SEATS.find(given) if len(given) == 1 else -1
        if not 0 <= seat < full.players:
            raise ValueError(f"--seat must be a seat a-{SEATS[full.players - 1]} (or "
                             f"0-{full.players - 1}), not {shown(args.seat)}.")
    hand = session.hand
    assert hand is not None
    return str(Position.of(hand, seat, "all" if seat is None else "seat"))


def verify(args: argparse.Namespace) -> int:
    """Print the seal and the deal of a seed (nos.fair); exit 1 if a given seal differs."""
    if not fair.is_seed(args.seed):
        print(f"error: a seed is {fair.SEED_DIGITS} hexadecimal digits (0-9, a-f), "
              f"not {shown(args.seed)}", file=sys.stderr)
        return 2
    given = None if args.seal is None else args.seal.strip().lower()
    if given is not None and not (len(given) == 64 and all(c in "0123456789abcdef"
                                                            for c in given)):
        print(f"error: a seal is 64 hexadecimal digits (0-9, a-f), not {shown(args.seal)}",
              file=sys.stderr)
        return 2
    seal = fair.commitment(args.seed)
    deal = fair.deal_from(args.seed, args.players, args.first)
    print(f"seal: {seal}")
    for seat, hand in enumerate(deal.hands):
        print(f"seat {SEATS[seat]}: {' '.join(str(t) for t in hand)}")
    print(f"boneyard (top first): {' '.join(str(t) for t in deal.boneyard)}")
    if given is not None:
        same = given == seal
        print("the seal matches" if same else "the seal does NOT match")
        return 0 if same else 1
    return 0


def shown(value: str) -> str:
    """A value as an error repeats it: quoted, cut to SHOWN characters."""
    return repr(value if len(value) <= SHOWN else value[:SHOWN] + "…")


if __name__ == "__main__":
    sys.exit(main())

