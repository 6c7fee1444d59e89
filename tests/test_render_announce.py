"""The announcement dialog (web/draw/render_announce.py): every legal announcement can be
made in it and only those (R40–R56), its games named from the catalogue, the triangles
offered only on the 0-0, and the words on its diagram inside their boxes."""

from __future__ import annotations

import re
from html import unescape

import pytest
import render_announce
import render_svg
import web_views

from nos.app import DEFAULT_NAMES
from nos.games import legal_announcements
from nos.tiles import Tile

EN = web_views.words("en", {"viewer": 0, "names": list(DEFAULT_NAMES)})


def dialog_states(view: dict) -> list[dict]:
    """Every state of the announcement dialog a person can reach: each game, then every
    value of every row and every side of the diagram clicked, from every state so far."""
    reached: list[dict] = []
    states = [render_announce.update(view, render_announce.default_state(view), "game", str(g))
              for g in range(1, 18)]
    done: set[str] = set()
    while states:
        state = states.pop()
        key = repr(sorted(state.items()))
        if key in done:
            continue
        done.add(key)
        reached.append(state)
        html = render_announce.dialog_html(view, state, EN)
        for param, value in re.findall(r'data-(?:param|pick)="([^"]*)" data-value="([^"]*)"',
                                       html):
            states.append(render_announce.update(view, state, param, value))
    return reached


def dialog_reach(view: dict) -> set[str]:
    """Every announcement the dialog lets the person make."""
    seen: set[str] = set()
    for state in dialog_states(view):
        html = render_announce.dialog_html(view, state, EN)
        action = re.search(r'id="announce-ok" data-cmd="announce-ok" data-action="([^"]*)"',
                           html)
        if action and action.group(1):
            seen.add(action.group(1))
    return seen


@pytest.mark.parametrize("zero", [False, True])
def test_the_words_on_the_announcement_diagrams_sides_fit_their_boxes(zero):
    """R40–R56: each side's matching ("tradycyjnie") and its note stay inside its box, in
    every language and every state of the dialog."""
    view = web_views.announce_view(4, web_views.human_on_set(4, zero=zero))
    zone = re.compile(r'<g[^>]*class="side-zone[^"]*"><title>[^<]*</title><rect x="([\d.]+)" '
                      r'y="[\d.]+" width="([\d.]+)".*?<text [^>]*font-size="(\d+)"[^>]*>'
                      r"(.*?)</text>")
    checked = 0
    for lang in ("en", "nl", "pl"):
        w = web_views.words(lang, view)
        for state in dialog_states(view):
            for m in zone.finditer(render_announce.dialog_html(view, state, w)):
                width, size = float(m.group(2)), int(m.group(3))
                for line in re.split(r"<tspan[^>]*>", m.group(4)):
                    said = unescape(re.sub(r"<[^>]*>", "", line)).strip()
                    assert render_svg.text_width(said, size, True) <= width - 6, (lang, said)
                    checked += 1
    assert checked > 100


@pytest.mark.parametrize("zero", [False, True])
def test_every_legal_announcement_can_be_made_in_the_dialog(zero):
    view = web_views.announce_view(4, web_views.human_on_set(4, zero=zero))
    tile = view["hand"]["set_tile"]
    legal = {f"announce {a}" for a in legal_announcements(Tile.parse(tile))}
    assert dialog_reach(view) == legal


def test_dialog_enables_only_legal_games_and_names_the_choice():
    view = web_views.announce_view()
    html = render_announce.dialog_html(view, render_announce.default_state(view), EN)
    assert html.count('class="game"') == 17
    assert 'id="announce-ok"' in html and "You announce" in html
    set_tile = view["hand"]["set_tile"]
    if set_tile != "0-0":  # the triangles need the 0-0 (R52–R55): offered, not enabled
        assert re.search(r'data-game="13"[^>]*disabled', html)
        assert "needs the 0-0 as set tile" in html


def test_game_names_come_from_the_catalogue():
    html = render_announce.dialog_html(web_views.announce_view(), {"game": 1}, EN)
    for g in range(1, 18):
        assert render_svg.esc(EN.word(f"game.{g}")) in html


def test_zero_zero_set_offers_the_triangles():
    seed = web_views.human_on_set(4, zero=True)
    view = web_views.announce_view(4, seed)
    html = render_announce.dialog_html(view, {"game": 16}, EN)
    assert "You announce" in html and "triangle, then ordinary cross" in html




@pytest.mark.parametrize(("tile", "game", "lies"), [
    ("6-6", 1, "crosswise"), ("6-6", 4, "inline"), ("5-0", 1, "inline"), ("6-6", 2, "crosswise"),
])
def test_r63_the_dialogs_set_tile_lies_as_on_the_table(tile, game, lies):
    """A double across an ordinary line, in line under matador; a cross's centre; a tile
    that is no double in line: the engine says so (set_lies, as its layout does)."""
    from nos.view import announce_catalogue

    catalogue = announce_catalogue(Tile.parse(tile))
    option = next(g for g in catalogue["games"] if g["game"] == game)["options"][0]
    assert option["set_lies"] == lies
    svg = render_announce.diagram_svg({"hand": {"announce": catalogue}}, option, {}, EN)
    tile_box = re.search(r'<g[^>]*transform="translate\(([\d.]+) ([\d.]+)\)"', svg)
    upright = tile_box and float(tile_box.group(1)) > 100  # (34 wide at the middle, not 80)
    assert upright == (lies == "crosswise"), svg[:300]


def test_r51_r56_the_hint_names_the_choice_a_click_on_a_side_makes():
    """Where a side of the dialog's tile can be clicked, the hint says which row that
    sets: "Ordinary on" for volapük (R51), "Named side" for game 17's first tile (R56)."""
    view = web_views.announce_view(4, web_views.human_on_set(4))
    said = set()
    for state in dialog_states(view):
        html = render_announce.dialog_html(view, state, EN)
        said |= set(re.findall(r"Pick a side of the tile for “([^”]*)”", unescape(html)))
    assert said and said <= {EN.word("ann.row." + r) for r in ("ordinary", "side", "axis")}
    assert EN.word("ann.row.ordinary") in said
