"""Command line: ``python -m nos play …`` writes a record; ``python -m nos replay FILE``."""

from __future__ import annotations

import argparse
import json
import sys

from nos.errors import BadRecord
from nos.hand import Options
from nos.players import random_action
from nos.record import load, play_session, replay, replay_summary, session_record


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nos", description="Nos, the domino game.")
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a session between random legal players")
    play.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--hands", type=int, default=1)
    play.add_argument("--out", required=True, help="where to write the JSON record")
    play.add_argument("--h1", action="store_true", help="house rule H1 (Polish double blank)")
    play.add_argument("--h2", action="store_true", help="house rule H2 (claim doubles)")
    rep = sub.add_parser("replay", help="replay a record and print the chips and ledger")
    rep.add_argument("file")
    args = parser.parse_args(argv)

    if args.command == "play":
        if args.hands < 1:
            print("error: --hands must be at least 1", file=sys.stderr)
            return 2
        session = play_session(args.players, args.seed, args.hands, random_action,
                               Options(args.h1, args.h2))
        try:
            with open(args.out, "w", encoding="utf-8") as f:
                json.dump(session_record(session), f, indent=1)
                f.write("\n")
        except OSError as exc:
            print(f"error: cannot write {args.out}: {exc.strerror or exc}", file=sys.stderr)
            return 2
        print(json.dumps({"hands": len(session.hands), "final_chips": session.chips}))
        return 0
    try:
        session = replay(load(args.file))
    except BadRecord as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(replay_summary(session)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
