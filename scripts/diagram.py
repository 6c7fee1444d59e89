#!/usr/bin/env python3
"""Draw a position of a game record as a standalone SVG diagram (web/draw/render_diagram.py).

    python scripts/diagram.py RECORD.json [--hand N] [--after K] [--seat S | --open]
                              [--lang en|nl|pl] [-o OUT]

Replays the record (docs/record-format.md; a saved game of the app is one too) to hand N
(1 = the first, as the app numbers them; default the last) after its first K actions
(default all of them), and writes the diagram to OUT (default: standard output). It is a
bystander's view (nos/view.py ``position_view``): every hand face down, but seat S's
(seats 0 … n−1) with ``--seat``, or every hand and the boneyard with ``--open``. Every seat
goes by its name in the record, never "you". The texts are in the language LANG
(web/words/LANG.json; default English). A bad record or argument is one sentence on stderr
and exit status 2.

A script rather than ``python -m nos diagram``: the engine (``nos/``) imports nothing
outside the standard library and itself (tests/test_purity.py), and the drawing and its
words live in ``web/``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WORDS = ROOT / "web" / "words"
sys.path[:0] = [str(ROOT), str(ROOT / "web" / "draw"), str(ROOT / "web" / "page"),
                str(ROOT / "web" / "shared"), str(WORDS), str(ROOT / "nos")]

import render_diagram  # noqa: E402  (web/draw/, on the path above)
from languages import language_codes  # noqa: E402  (web/shared/)
from say import Words  # noqa: E402  (web/words/)

from nos.errors import BadRecord  # noqa: E402
from nos.hand import Hand  # noqa: E402
from nos.record import load, replay, replay_position  # noqa: E402
from nos.view import position_view  # noqa: E402

LANGS = tuple(language_codes())  # the page's languages (web/shared/languages.py)


class Refusal(Exception):
    """A bad argument or record: one sentence for stderr."""


def open_hands(hand: Hand) -> list[list[str]]:
    """Every seat's tiles, highest first (as the app shows a hand)."""
    return [[str(t) for t in sorted(tiles, reverse=True)] for tiles in hand.hands]


def boneyard_tiles(hand: Hand) -> list[str]:
    """The boneyard from the top (drawn first) to the bottom (the last two, R2)."""
    return [str(t) for t in reversed(hand.stack)]


def catalogue(lang: str) -> dict[str, Any]:
    """The word catalogue of ``lang`` (web/words/<lang>.json); raises ``Refusal``."""
    if lang not in LANGS:
        raise Refusal(f"--lang must be {', '.join(LANGS[:-1])} or {LANGS[-1]}, not {lang!r}")
    path = WORDS / f"{lang}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:  # a catalogue not written yet, or broken
        raise Refusal(f"cannot read the {lang} words ({path.relative_to(ROOT)}): "
                      f"{getattr(exc, 'strerror', None) or exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("words"), dict):
        raise Refusal(f"{path.relative_to(ROOT)} is not a word catalogue")
    return data


def build(args: argparse.Namespace) -> str:
    """The SVG document the arguments ask for; raises ``Refusal``."""
    lang = catalogue(args.lang)  # first: a bad --lang is refused whatever the record
    try:
        data = load(args.record)
        full = replay(data)
    except BadRecord as exc:
        raise Refusal(str(exc)) from None
    if args.seat is not None and not 0 <= args.seat < full.players:
        raise Refusal(f"--seat must be a seat 0–{full.players - 1}, not {args.seat}")
    try:
        session = replay_position(data, full, args.hand, args.after, args.record)
    except ValueError as exc:
        raise Refusal(str(exc)) from None
    hand = session.hand
    assert hand is not None
    # A bystander's view even with --seat: a record is about named players, and its reader
    # is not seat S, so "you" would misname them; --seat only turns S's tiles face up.
    view = position_view(session, None)
    words = Words(lang, view.get("viewer"), view.get("names"))
    hands: list[list[str] | None] | None = None
    boneyard = None
    if args.open:
        hands = list(open_hands(hand))
        boneyard = boneyard_tiles(hand)
    elif args.seat is not None:
        hands = [None] * hand.players
        hands[args.seat] = open_hands(hand)[args.seat]
    return render_diagram.diagram_svg(view, words, hands, boneyard)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python scripts/diagram.py",
        description="Draw a position of a Nos game record as a standalone SVG diagram, "
                    "as a bystander sees it: every hand face down unless --seat or --open, "
                    "every seat by its name in the record.")
    parser.add_argument("record", help="the game record (JSON)")
    parser.add_argument("--hand", type=int, metavar="N",
                        help="the hand, 1 = the first (default: the last)")
    parser.add_argument("--after", type=int, metavar="K",
                        help="after the hand's first K actions (default: all)")
    show = parser.add_mutually_exclusive_group()
    show.add_argument("--seat", type=int, metavar="S",
                      help="show seat S's tiles face up (seats 0 …)")
    show.add_argument("--open", action="store_true",
                      help="show every hand and the boneyard face up")
    # Not argparse's choices: its refusal is two lines (usage and error), ours is one.
    parser.add_argument("--lang", default="en", metavar="LANG",
                        help=f"the language of the texts: {', '.join(LANGS)} (default: en)")
    parser.add_argument("-o", "--out", metavar="FILE", help="where to write the SVG "
                        "(default: standard output)")
    args = parser.parse_args(argv)
    try:
        svg = build(args)
        if args.out:
            with open(args.out, "w", encoding="utf-8") as f:
                f.write(svg)
        else:
            sys.stdout.write(svg)
    except Refusal as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"error: cannot write {args.out}: {exc.strerror}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
