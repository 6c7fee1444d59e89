"""The announcements allowed (R7, R40–R57): which of the 17 games may be announced over each
set tile, the error for any other, and how an announcement is written and named."""

from __future__ import annotations

import pytest
from helpers import act, make_hand, refused

from nos import ALL_TILES, Announcement, Tile, legal_announcements
from nos.errors import IllegalAnnouncement
from nos.games import announcement_error


def expected_announcements(tile: Tile) -> set[str]:
    """The table of R40–R57, written independently of ``nos.games``."""
    double, blank = tile.is_double, tile == Tile(0, 0)
    out = {"1", "4"}
    for m in ("ordinary", "matador"):
        for tail in ("", " change"):
            out |= {f"11 {m} here={s}{tail}" for s in (0, 1)}
            out |= {f"11 {m} first={s}:{n}{tail}" for s in (0, 1) for n in (1, 2, 3, 4)}
    for o in (0, 1):
        out.add(f"12 line ordinary={o}")
        out |= {f"12 line ordinary={o} first={s}:{n}" for s in (0, 1) for n in (1, 2, 3, 4)}
    if double:
        out |= {"2", "3", "7", "8"}
        out |= {f"12 {sh} ordinary={o}" for sh in ("cross", "doublecross") for o in (0, 1)}
        out |= {f"17 {sh} here={h}" for sh in ("cross", "doublecross") for h in range(4)}
    if double and not blank:
        out |= {"5", "6", "9", "10"}
    if blank:
        out |= {"13", "14", "15", "16"}
    return out


@pytest.mark.parametrize("tile", ALL_TILES, ids=str)
def test_r40_r57_legal_announcements_per_set_tile(tile: Tile) -> None:
    legal = legal_announcements(tile)
    assert {str(a) for a in legal} == expected_announcements(tile)
    assert len(legal) == len(set(legal))
    assert [a.game for a in legal] == sorted(a.game for a in legal)
    for a in legal:
        assert Announcement.parse(str(a)) == a
        name = a.name(tile)
        assert name and "None" not in name and "side 0" not in name and "side 1" not in name


def test_r7_r57_announcement_error_agrees_with_the_legal_list() -> None:
    """The check of one announcement (a set of field values) allows exactly the listed ones,
    on every set tile, over every announcement some tile allows."""
    every = {a for t in ALL_TILES for a in legal_announcements(t)}
    for tile in ALL_TILES:
        legal = set(legal_announcements(tile))
        for a in every:
            assert (announcement_error(a, tile) is None) == (a in legal), (str(a), str(tile))


@pytest.mark.parametrize(("text", "tile", "name"), [
    ("12 line ordinary=0 first=0:3", "6-1", "volapük, 3 first on the 6-side, ordinary there"),
    ("12 line ordinary=1", "5-3", "volapük, ordinary on the 3-side"),
    ("11 ordinary first=1:3 change", "4-2", "ordinary, 3 first on the 2-side, then matador"),
    ("11 matador here=0", "5-3", "matador, first here (the 5-side) then there"),
    ("12 doublecross ordinary=1", "5-5", "volapük double cross, ordinary east–west"),
    ("17 cross here=2", "3-3",
     "matador first here (the south arm) then there, then ordinary cross"),
    ("16", "0-0", "triangle, then ordinary cross"),
    ("10", "4-4", "matador cross, then ordinary double cross"),
])
def test_r40_r57_announcement_names(text: str, tile: str, name: str) -> None:
    assert Announcement.parse(text).name(Tile.parse(tile)) == name


@pytest.mark.parametrize(("text", "tile"), [
    ("5", "0-0"), ("6", "0-0"), ("9", "0-0"), ("10", "0-0"),  # R44, R45, R48, R49
    ("13", "6-6"), ("14", "5-5"), ("15", "6-1"), ("16", "1-1"),  # R52–R55
    ("2", "5-3"), ("3", "6-1"), ("7", "4-2"), ("8", "2-0"), ("17 cross here=0", "5-2"),
    ("12 cross ordinary=0", "5-3"), ("11 ordinary", "6-6"),  # game 11 needs (a) or (b)
    ("12 line ordinary=0 here=0", "5-3"), ("11 ordinary first=0:5", "5-3"), ("18", "6-6"),
    ("12 line ordinary=0 change", "6-1"),
])
def test_r7_illegal_announcement_refused(text: str, tile: str) -> None:
    set_tile = Tile.parse(tile)
    assert Announcement.parse(text) not in legal_announcements(set_tile)
    deal_hands = ["6-2 4-1 3-2 1-0", "5-4 3-1 6-4 4-0", "5-6 3-6 2-1 1-1", "6-6 5-0 3-0 2-2"]
    if set_tile.is_double:
        holder = next((s for s, h in enumerate(deal_hands) if tile in h.split()), None)
        if holder is not None:
            deal_hands[holder] = deal_hands[holder].replace(tile, "4-3")
        deal_hands[0] = deal_hands[0].replace("6-2", tile)
        hand = act(make_hand(deal_hands, setter=0), f"set {tile}")
    else:
        hand = act(make_hand(deal_hands, boneyard=tile, setter=0), "draw")
    assert refused(hand, f"announce {text}", IllegalAnnouncement).rule == "R7"
