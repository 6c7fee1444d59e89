"""The page restates no rule: the view says what the drawing used to work out for itself, and
the drawing follows the view even where the view says otherwise than the rule the page once
applied. How each tile lies (R63: each layout tile, the tile each end awaits, the set tile),
why the person on set sets what they may (R4, R5) and the option the announcement dialog
opens with (R7). The engine's side: each of them is what the rulings say."""

from __future__ import annotations

import json

import layout_geometry
import render_announce
import render_panels
import web_views
from helpers import act, make_hand
from test_view_format import DOUBLE_CROSS  # a double cross on the 6-6 (R42, R63)
from web_views import table

from nos import contract
from nos.app import Table
from nos.games import legal_announcements
from nos.position import Position
from nos.tiles import ALL_TILES, Tile
from nos.view import announce_catalogue, diagram_view, hand_view


def shape(box: tuple, d: int) -> tuple[int, int]:
    """(along, across) of a box lying in direction d."""
    x0, y0, x1, y1 = box
    return (x1 - x0, y1 - y0) if d in (1, 3) else (y1 - y0, x1 - x0)


def long_layouts() -> list[dict]:
    """The layouts of sample views with doubles on them (both matchings)."""
    return [v["hand"]["layout"] for _, v in web_views.sample_views(4)
            if (v.get("hand") or {}).get("layout")]


# ---------------------------------------------------------------- R63: how a tile lies
def test_r63_each_layout_tile_and_end_says_how_it_lies():
    """A double played under ordinary matching lies crosswise, every other tile in line;
    an end that must take a double under ordinary matching awaits one crosswise."""
    seen = set()
    for layout in long_layouts():
        for arm in layout["arms"]:
            for tile, _, _, matching, lies in arm["tiles"]:
                double = Tile.parse(tile).is_double
                assert lies == (contract.CROSSWISE if double and matching == contract.ORDINARY
                                else contract.INLINE), (tile, matching, lies)
                seen.add((double, matching, lies))
            awaits_double = arm["needs_double"] and not arm["dead"] and \
                arm["matching"] == contract.ORDINARY
            assert arm["end_lies"] == (contract.CROSSWISE if awaits_double else
                                       contract.INLINE)
    assert (True, contract.ORDINARY, contract.CROSSWISE) in seen
    assert (False, contract.ORDINARY, contract.INLINE) in seen
    layout = Position.parse(DOUBLE_CROSS).hand().layout.to_json()
    assert [a["end_lies"] for a in layout["arms"]] == [
        contract.CROSSWISE, contract.INLINE, contract.INLINE, contract.CROSSWISE]


def test_r63_the_drawing_lays_each_tile_as_the_view_says_not_by_its_matching():
    """Each tile's box follows the view's `lies`, even turned against R63 (a double under
    ordinary matching said to lie in line, a plain tile said to lie crosswise)."""
    layout = next(lay for lay in long_layouts() if any(
        e[4] == contract.CROSSWISE for a in lay["arms"] for e in a["tiles"]))
    flipped = json.loads(json.dumps(layout))
    for arm in flipped["arms"]:
        for entry in arm["tiles"]:
            entry[4] = contract.INLINE if entry[4] == contract.CROSSWISE else \
                contract.CROSSWISE
    for lay in (layout, flipped):
        placement = layout_geometry.place(lay, layout_geometry.plan(lay, 900, 700))
        for t in placement["tiles"]:
            lies = lay["arms"][t["arm"]]["tiles"][t["index"]][4]
            assert shape(t["box"], t["dir"]) == ((2, 4) if lies == contract.CROSSWISE
                                                 else (4, 2)), t


def test_r42_r63_an_end_lies_as_the_view_says():
    """The end's box follows the arm's `end_lies`, not its needs_double and matching."""
    layout = Position.parse(DOUBLE_CROSS).hand().layout.to_json()
    flipped = json.loads(json.dumps(layout))
    for arm in flipped["arms"]:
        arm["end_lies"] = contract.INLINE if arm["end_lies"] == contract.CROSSWISE else \
            contract.CROSSWISE
    for lay in (layout, flipped):
        placement = layout_geometry.place(lay, layout_geometry.plan(lay, 600, 400, 8, 20))
        for arm, end in zip(lay["arms"], placement["ends"], strict=True):
            assert shape(end["box"], end["dir"]) == (
                (2, 4) if arm["end_lies"] == contract.CROSSWISE else (4, 2))


def test_r63_the_set_tile_of_a_line_lies_as_the_view_says():
    layout = Position.parse(DOUBLE_CROSS).hand().layout.to_json()
    line = dict(layout, shape=contract.SHAPE_LINE, arms=layout["arms"][:2], order=[])
    for lies, standing in ((contract.CROSSWISE, True), (contract.INLINE, False)):
        for tile in ("6-6", "6-1"):  # (the view says; the tile is not asked)
            got = layout_geometry.set_geometry(dict(line, set=tile, set_lies=lies))
            assert got[1] is standing


def test_r2_r20_the_view_says_the_most_tiles_one_arm_can_hold():
    """24 tiles can lie around the set tile (all but it, the last two, R2, and the tile the
    last player keeps, R20a); a cross's other three arms and a triangle's other two each
    hold one first (R40-R56)."""
    most = {}
    for layout in long_layouts():
        most.setdefault(layout["shape"], set()).add(layout["most"])
    assert most == {contract.SHAPE_LINE: {24}, contract.SHAPE_CROSS: {21},
                    contract.SHAPE_TRIANGLE: {22}}


def test_r2_r20_the_plan_makes_room_for_the_views_most():
    """The hand's plan makes room for an arm of the view's `most` tiles: a line said to
    hold at most 4 tiles an arm is planned larger than one of 24."""
    layout = next(lay for lay in long_layouts() if lay["shape"] == contract.SHAPE_LINE)
    units = [layout_geometry.plan(dict(layout, most=most), 337, 262)["unit"]
             for most in (24, 4)]
    assert units[0] < units[1]


# ---------------------------------------------------------------- R4, R5: why set this
def test_r4_r5_the_view_says_why_the_player_on_set_sets_what_they_may():
    first = make_hand(["6-6 5-5 6-3 6-2 6-1", "2-2 4-4 5-3 5-2 5-1", "5-0 4-3 4-2 4-1 4-0"])
    assert first.setter == 0
    assert hand_view(first, 0)["set_reason"] == contract.SET_HIGHEST  # R4
    assert hand_view(first, 1)["set_reason"] is None  # (R71: not the other seats')
    choose = make_hand(["6-5 6-4 6-3 6-2 6-1", "2-2 4-4 5-3 5-2 5-1", "5-0 4-3 4-2 4-1 4-0"],
                       setter=1)
    assert hand_view(choose, 1)["set_reason"] == contract.SET_CHOOSE  # R5
    draw = make_hand(["6-5 6-4 6-3 6-2", "6-1 6-0 5-4 5-3", "5-2 5-1 5-0 4-3",
                      "4-2 4-1 4-0 3-2"], boneyard="3-1 6-6", setter=2)
    assert hand_view(draw, 2)["set_reason"] == contract.SET_DRAW  # R5: no double
    assert diagram_view(draw, seat=2)["hand"]["set_reason"] == contract.SET_DRAW
    assert diagram_view(draw, seat=None)["hand"]["set_reason"] is None  # a bystander
    act(draw, "draw")
    assert hand_view(draw, 2)["set_reason"] is None  # once set


def test_r4_r5_the_prompt_and_the_centre_follow_the_views_reason():
    """The words of the set (the prompt, the table's centre) are the view's reason's, even
    where first_hand and the legal actions would once have said otherwise."""
    view = json.loads(json.dumps(
        Table(3, seed=web_views.human_on_set(3), level="beginner").start()))
    assert view["hand"]["first_hand"] and view["hand"]["set_reason"] == contract.SET_HIGHEST
    w = web_views.words("en", view)
    said = {contract.SET_HIGHEST: ("You hold the highest double: set it.",
                                   "Set your highest double"),
            contract.SET_CHOOSE: ("You are on set: set one of your doubles.",
                                  "Set one of your doubles"),
            contract.SET_DRAW: ("You are on set and hold no double: draw the set tile.",
                                "You hold no double: draw the set tile")}
    for reason, (prompt, centre) in said.items():
        shown = dict(view, hand=dict(view["hand"], set_reason=reason))
        assert prompt in render_panels.controls_html(shown, {}, w)
        assert centre in table(shown, {}, "wide", w)
        for other in said:
            if other != reason:
                assert said[other][0] not in render_panels.controls_html(shown, {}, w)


# ---------------------------------------------------------------- R7: the dialog's default
def test_r7_the_catalogue_names_the_option_the_dialog_opens_with():
    """Game 1's first option (or the first game's that has one) for every set tile; the
    dialog opens with it picked, as it opened with game 1 before the view said so."""
    for tile in ALL_TILES:
        catalogue = announce_catalogue(tile)
        legal = {f"announce {a}" for a in legal_announcements(tile)}
        assert catalogue["default"] in legal
        first = next(g for g in catalogue["games"] if g["options"])
        assert catalogue["default"] == first["options"][0]["send"]
        view = {"hand": {"announce": catalogue}}
        state = render_announce.default_state(view)
        assert render_announce.resolve(view, state) == render_announce.resolve(
            view, {"game": first["game"]})
        assert render_announce.resolve(view, state)[1]["send"] == catalogue["default"]


def test_r7_the_dialog_opens_with_the_views_default():
    """Another default in the view (game 2's last option) is what the dialog opens with."""
    view = web_views.announce_view()
    catalogue = view["hand"]["announce"]
    other = [g for g in catalogue["games"] if g["game"] != 1 and g["options"]][0]
    send = other["options"][-1]["send"]
    shown = dict(view, hand=dict(view["hand"], announce=dict(catalogue, default=send)))
    state = render_announce.default_state(shown)
    assert state["game"] == other["game"]
    html = render_announce.dialog_html(shown, state, web_views.words("en", shown))
    assert f'data-game="{other["game"]}" aria-pressed="true"' in html
    assert f'data-action="{send}"' in html
