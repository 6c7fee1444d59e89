"""The table's drawings kept between moves (render_svg.Memo): whatever was kept, the table,
the hand and their parts are the strings a fresh drawing gives, move after move, in every
geometry, for the person and for a bystander seat, with motion and a selection, in two
languages and at both designs. So are the numbers, texts, widths and templates the drawing
functions keep (render_svg's fmt, esc and text_width, say's templates)."""

from __future__ import annotations

import copy

import legal_records
import render_hand
import render_layout
import render_seats
import render_svg
import render_table
import say
import web_views
from web_views import GAMES, TRIANGLES, find_seed, hand_views

WIDE_HAND, NARROW_HAND = web_views.HAND_W["wide"], web_views.HAND_W["narrow"]

MEMOS = [render_seats._SEATS, render_layout._TILES,  # noqa: SLF001
         render_layout._ENDS, render_hand._HANDS, render_hand._TILES]  # noqa: SLF001
# The felt and the hand's width on a phone and a wide screen (bench/layout_quality.py).
SCREENS = {"wide": ((892, 318), 912), "narrow": ((337, 262), 347)}


KEPT = [render_svg._INTS, render_svg._NUMBERS, render_svg._ESCAPED, render_svg._WIDTHS,  # noqa: SLF001
        render_svg._ATTRS,  # noqa: SLF001
        say._PIECES]  # noqa: SLF001


def forget() -> None:
    for memo in MEMOS:
        memo.kept = {}
    for kept in KEPT:
        kept.clear()


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
    felt, width = SCREENS[mode]
    ui = {"selected": None, "targets": [], "felt": felt, "plan": felt}
    ui.update(moved)
    out.append(render_table.table_html(view, ui, w))
    tiles = legal_records.tile_actions(view)
    hand_ui = {"playable": tiles, "active": view.get("waiting_for") == "human"}
    out.append(render_hand.hand_svg(view, hand_ui, width, w))
    if tiles:
        targets = legal_records.targets_for(view, tiles[0])
        out.append(render_table.table_html(view, {"selected": tiles[0], "targets": targets,
                                                  "felt": felt, "plan": felt}, w))
        out.append(render_hand.hand_svg(view, dict(hand_ui, selected=tiles[0]), width, w))
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
    first = render_seats.seats_html(view, w)
    assert render_seats.seats_html(view, w) == first
    # The same view seen with other names, or with another seat's chips: drawn anew.
    renamed = web_views.words("en", dict(view, names=["Ada", "Bo", "Cy", "Di"]))
    assert "Bo" in render_seats.seats_html(view, renamed)
    richer = dict(view, chips=[c + 7 for c in view["chips"]])
    assert render_seats.seats_html(richer, w) != first
    waiting = dict(view, hand=dict(view["hand"], waits=[[], ["5-5"], [], []]))
    assert "owes" in render_seats.seats_html(waiting, w).lower()


def test_a_drawing_with_no_catalogue_is_not_kept_for_the_catalogue_that_comes() -> None:
    """The page draws with an empty English stand-in when no catalogue came; English's own
    words, once they come, are drawn anew, not the stand-in's keys."""
    from say import Words

    view = next(v for v in hand_views("1", 3, players=4)
                if (v.get("hand") or {}).get("layout"))
    ui = {"playable": legal_records.tile_actions(view), "active": True}
    stand_in = Words({"lang": "en", "words": {}}, view["viewer"], view["names"])
    assert "hand.title" in render_hand.hand_svg(view, ui, 912, stand_in)
    real = web_views.words("en", view)
    assert "hand.title" not in render_hand.hand_svg(view, ui, 912, real)
    assert "seat.tiles" in render_seats.seats_html(view, stand_in)
    assert "seat.tiles" not in render_seats.seats_html(view, real)


def test_kept_numbers_texts_and_widths_are_what_a_fresh_call_gives() -> None:
    numbers = [0, 1, 1.0, 2, 2.0, -0.0, True, False, 0.05, -0.05, 0.15, 1.25, -1.25, 36,
               72.44, -3.96, 1e-9, 123456.789, 7 / 3,
               1801439850948199.0, 1801439850948199]  # (equal, but the float writes ".2")
    texts = ["#1d3b2a", "Anna & Bram", '<b "x">', "it's", 5, 2.5, "", "Zoë", True, 1]

    def calls() -> list:
        return ([lambda v=v: render_svg.fmt(v) for v in numbers] +
                [lambda t=t: render_svg.esc(t) for t in texts] +
                [lambda t=t, z=size, b=bold: render_svg.text_width(t, z, b) for t in texts
                 for size, bold in ((12, False), (9.5, True))])

    fresh = []
    for call in calls():  # each with nothing kept
        forget()
        fresh.append(call())
    forget()
    assert [call() for call in calls()] == fresh  # drawn, then kept for the next
    assert [call() for call in calls()] == fresh  # all from what was kept
    forget()
    numbers.reverse()  # (2.0 before 2, True before 1.0 and 1, the big int before its float)
    assert [render_svg.fmt(v) for v in numbers] == fresh[len(numbers) - 1::-1]
    assert [render_svg.fmt(v) for v in (2.0, 2, True, 1, -0.0)] == ["2", "2", "1", "1", "0"]
    assert render_svg.esc('<a href="x">&') == "&lt;a href=&quot;x&quot;&gt;&amp;"
    for k in range(render_svg.KEPT + 50):  # bounded
        render_svg.fmt(k + 0.5)
        render_svg.esc(str(k))
        render_svg.text_width(str(k), 10)
    assert all(len(kept) <= render_svg.KEPT for kept in KEPT)


def test_a_template_is_filled_alike_whether_its_pieces_were_kept_or_not() -> None:
    assert say.pieces_of("a {n} b {seat}.") == ["a ", "n", " b ", "seat", "."]
    assert say.pieces_of("") == [""]
    assert say.pieces_of("{n}{n|tiles}") == ["", "n", "", "n|tiles", ""]
    assert say.pieces_of("open { brace") == ["open { brace"]
    assert say.pieces_of("x {n} and {unclosed") == ["x ", "n", " and {unclosed"]
    w = say.Words({"lang": "en", "words": {"|tiles": ["tile", "tiles"]}}, 0, ["Ann", "Bo"])
    for template, params, said in (
            ("{seat} has {n} {n|tiles}", {"seat": 1, "n": 3}, "Bo has 3 tiles"),
            ("{n|tiles}!", {"n": 1}, "tile!"), ("no places", {}, "no places"),
            ("half {open", {}, "half {open"), ("}{n}{", {"n": 2}, "}2{")):
        forget()
        assert w.fill(template, params) == said
        assert w.fill(template, params) == said  # (its pieces kept)
    for k in range(say.PIECES_KEPT + 50):  # bounded
        say.pieces_of("{n} " + str(k))
    assert len(say._PIECES) <= say.PIECES_KEPT  # noqa: SLF001


def test_a_hand_tile_is_kept_only_while_what_it_shows_is_the_same() -> None:
    """The coach's chips under the tiles, each tile selected in turn and the turn's
    start and end: each hand drawn with what the one before kept is the fresh one."""
    coached, _ = web_views.coached_view_and_review()
    w = web_views.words("nl", coached)
    tiles = legal_records.tile_actions(coached)
    assert tiles and coached.get("coach")
    uis = [{"playable": tiles, "active": False}, {"playable": tiles, "active": True}]
    uis += [{"playable": tiles, "active": True, "selected": t, "coach": coach}
            for t in tiles for coach in (True, False)]
    # The coach refines: its chips change under the same tiles.
    refined = copy.deepcopy(coached)
    for option in refined["coach"]["options"]:
        option["mean"] += 3.1
    views = [coached, refined, coached]
    kept_ones = []
    forget()
    for mode in ("wide", "narrow"):
        for view in views:
            for ui in uis:
                kept_ones.append(render_hand.hand_svg(view, ui, web_views.HAND_W[mode], w))
    fresh = []
    for mode in ("wide", "narrow"):
        for view in views:
            for ui in uis:
                forget()
                fresh.append(render_hand.hand_svg(view, ui, web_views.HAND_W[mode], w))
    assert kept_ones == fresh
    assert len(set(fresh)) > len(uis)  # (the drawings differ: the test saw the states)


def test_a_hand_tile_is_drawn_anew_for_new_words_a_declaration_or_another_row() -> None:
    """A tile that moves to the row above at the same place, a double declared (R8), and
    the empty stand-in catalogue followed by the real one: each drawn anew."""
    from say import Words

    view = copy.deepcopy(web_views.coached_view_and_review()[0])
    view.pop("coach")
    me, hand = view["viewer"], view["hand"]
    per_row = render_hand.hand_grid(14, NARROW_HAND)[1]  # (two rows of a phone's hand)
    tiles = [f"{a}-{b}" for a in range(7) for b in range(a + 1)][:2 * per_row]
    ui = {"playable": [], "active": False, "selected": tiles[3]}
    two_rows = dict(view, hand=dict(hand, tiles=tiles))
    turned = dict(view, hand=dict(hand, tiles=tiles[per_row:] + tiles[:per_row]))
    declared = dict(view, hand=dict(hand, tiles=tiles,
                                    declared=[[tiles[0]] if s == me else []
                                              for s in range(view["players"])]))
    stand_in = Words({"lang": "en", "words": {}}, me, view["names"])
    real = web_views.words("en", view)
    draws = [(two_rows, real), (turned, real), (declared, real), (two_rows, stand_in),
             (two_rows, real)]
    forget()
    kept_ones = [render_hand.hand_svg(v, ui, NARROW_HAND, w) for v, w in draws]
    fresh = []
    for v, w in draws:
        forget()
        fresh.append(render_hand.hand_svg(v, ui, NARROW_HAND, w))
    assert kept_ones == fresh
    assert len(set(fresh)) == 4
