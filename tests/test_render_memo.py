"""The table's drawings kept between moves (render_svg.Memo): whatever was kept, the table,
the hand and their parts are the strings a fresh drawing gives, move after move, in every
geometry, for the person and for a bystander seat, with motion and a selection, in two
languages and at both designs."""

from __future__ import annotations

import render_hand
import render_layout
import render_svg
import render_table
import ui_logic
import web_views
from web_views import GAMES, TRIANGLES, find_seed, hand_views

MEMOS = [render_table._SEATS, render_table._STRIPS, render_layout._TILES,  # noqa: SLF001
         render_layout._ENDS, render_hand._HANDS]  # noqa: SLF001


def forget() -> None:
    for memo in MEMOS:
        memo.kept = {}


def drawings(view: dict, lang: str, mode: str, previous: dict | None) -> list[str]:
    """What the page draws of `view` at a move: the table (with what moved since
    `previous`, and with the first playable tile selected) and the hand."""
    w = web_views.words(lang, view)
    out = []
    moved = {}
    if previous is not None:
        before, now = previous.get("chips") or [], view.get("chips") or []
        if len(before) == len(now):
            moved = {"play": True, "chips": [now[s] - before[s] for s in range(len(now))]}
    ui = {"selected": None, "targets": []}
    ui.update(moved)
    out.append(render_table.table_svg(view, ui, mode, w))
    tiles = ui_logic.tile_actions(view)
    hand_ui = {"playable": tiles, "active": view.get("waiting_for") == "human"}
    out.append(render_hand.hand_svg(view, hand_ui, mode, w))
    if tiles:
        targets = ui_logic.targets_for(view, tiles[0])
        out.append(render_table.table_svg(view, {"selected": tiles[0], "targets": targets},
                                          mode, w))
        out.append(render_hand.hand_svg(view, dict(hand_ui, selected=tiles[0]), mode, w))
    return out


def test_kept_drawings_are_the_fresh_ones_move_after_move(monkeypatch) -> None:
    found = []  # per lookup while drawing with what the last move kept: was it there?
    counting = [False]
    get = render_svg.Memo.get

    def counted(memo, key):
        drawn = get(memo, key)
        if counting[0]:
            found.append(drawn is not None)
        return drawn

    monkeypatch.setattr(render_svg.Memo, "get", counted)
    hands = []
    for k, game in enumerate(GAMES + TRIANGLES):
        seed = find_seed(game.split()[0], start=7 * k)
        hands.append(hand_views(game, seed))
    hands.append(hand_views("2", 5, players=5))
    hands.append(hand_views("1", 9, players=3))
    for mode, lang in (("wide", "en"), ("narrow", "pl")):
        forget()
        for views in hands:
            previous = None
            for view in views:
                counting[0] = True
                kept = drawings(view, lang, mode, previous)  # (with what the last move kept)
                counting[0] = False
                forget()
                fresh = drawings(view, lang, mode, previous)
                assert kept == fresh, (mode, lang, view["hand"].get("history", [])[-1:])
                previous = view
    # Most of a move's drawing was kept from the move before.
    assert sum(found) > 0.6 * len(found), (sum(found), len(found))


def test_a_seat_panel_is_kept_only_while_what_it_shows_is_the_same() -> None:
    view = next(v for v in hand_views("1", 3, players=4)
                if (v.get("hand") or {}).get("layout"))
    w = web_views.words("en", view)
    d = render_table.dims("wide", view["players"])
    first = render_table.seats_svg(view, d, w)
    assert render_table.seats_svg(view, d, w) == first
    # The same view seen with other names, or with another seat's chips: drawn anew.
    renamed = web_views.words("en", dict(view, names=["Ada", "Bo", "Cy", "Di"]))
    assert "Bo" in render_table.seats_svg(view, d, renamed)
    richer = dict(view, chips=[c + 7 for c in view["chips"]])
    assert render_table.seats_svg(richer, d, w) != first
    waiting = dict(view, hand=dict(view["hand"], waits=[[], ["5-5"], [], []]))
    assert "owes" in render_table.seats_svg(waiting, d, w).lower()


def test_a_drawing_with_no_catalogue_is_not_kept_for_the_catalogue_that_comes() -> None:
    """The page draws with an empty English stand-in when no catalogue came; English's own
    words, once they come, are drawn anew, not the stand-in's keys."""
    from say import Words

    view = next(v for v in hand_views("1", 3, players=4)
                if (v.get("hand") or {}).get("layout"))
    ui = {"playable": ui_logic.tile_actions(view), "active": True}
    stand_in = Words({"lang": "en", "words": {}}, view["viewer"], view["names"])
    assert "hand.title" in render_hand.hand_svg(view, ui, "wide", stand_in)
    real = web_views.words("en", view)
    assert "hand.title" not in render_hand.hand_svg(view, ui, "wide", real)
    d = render_table.dims("wide", view["players"])
    assert "seat.tiles" in render_table.seats_svg(view, d, stand_in)
    assert "seat.tiles" not in render_table.seats_svg(view, d, real)
