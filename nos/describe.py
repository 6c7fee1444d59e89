"""Readable names for actions, for the log and the UI."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nos.actions import Action, Announce, Declare, Decline, Draw, Pass, Play, Set, Wait
from nos.matching import Matching
from nos.tiles import Tile

if TYPE_CHECKING:
    from nos.hand import Hand


def list_tiles(tiles: tuple[Tile, ...] | list[Tile]) -> str:
    words = [str(t) for t in tiles]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def describe(hand: Hand, action: Action) -> str:
    """What the seat to act does with ``action``, in words, judged before it is applied:
    e.g. "plays 5-3 on the 5-side and closes"."""
    from nos.hand import Phase

    phase = hand.phase
    if isinstance(action, Set):
        return f"sets {action.tile}"
    if isinstance(action, Draw):
        return "draws the set tile" if phase is Phase.SET else "draws a tile"
    if isinstance(action, Announce):
        return f"announces {action.game.name(hand.set_tile)}"
    if isinstance(action, Declare):
        return f"declares {list_tiles(action.tiles)}"
    if isinstance(action, Decline):
        return "declares nothing" if phase is Phase.DECLARE else "plays no double out of turn"
    if isinstance(action, Wait):
        return "says “I wait”"
    if isinstance(action, Pass):
        return "passes"
    if isinstance(action, Play):
        layout = hand.layout
        side = layout.plan.side_name(action.arm) if layout else f"arm {action.arm}"
        text = f"plays {action.tile}"
        if phase is Phase.OUT_OF_TURN:
            text += " out of turn"
        text += f" on {side}"
        rule = layout.plan.accepts(layout.lengths, action.arm, True) if layout else None
        if (rule and rule[0] is Matching.MATADOR and action.tile.is_matador
                and not action.tile.is_double):
            text += f", {action.out} outward"
        if action.claim:
            text += " and claims the double"
        if action.close:
            text += " and closes"
        return text
    return str(action)
