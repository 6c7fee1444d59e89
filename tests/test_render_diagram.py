"""Diagrams of positions (web/draw/render_diagram.py): a standalone SVG document (valid XML, its
own namespace, size, font and style, nothing from outside) that shows the layout's tiles and
open ends, the boneyard with its last two tiles (R2) and every seat, hands face down unless
revealed (R71), every text from the word catalogue of the language asked for. The same bytes
under MicroPython: tests/test_render_micropython.py."""

from __future__ import annotations

import copy
import json
import re
import time
import xml.etree.ElementTree as ET

import pytest
import render_diagram as rd
import web_views

NS = "{http://www.w3.org/2000/svg}"


def draw(view: dict | None, *args: object, lang: str = "en", **kw: object) -> str:
    """The diagram of `view` in `lang`, seen from the view's viewer (as the app draws it)."""
    return rd.diagram_svg(view, web_views.words(lang, view), *args, **kw)


@pytest.fixture(scope="module")
def views() -> list[dict]:
    seed = web_views.find_seed("2")
    return web_views.hand_views("2", seed)


def parse(svg: str) -> ET.Element:
    assert svg.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns=')
    return ET.fromstring(svg.encode("utf-8"))


def tiles_of(root: ET.Element, cls: str) -> list[str]:
    return [g.get("data-tile") for g in root.iter(NS + "g")
            if cls in (g.get("class") or "").split()]


def layout_tiles(view: dict) -> list[str]:
    layout = view["hand"]["layout"]
    return [layout["set"]] + [t[0] for arm in layout["arms"] for t in arm["tiles"]]


def test_a_standalone_document_with_the_layout_and_its_ends(views: list[dict]) -> None:
    view = next(v for v in views if len(layout_tiles(v) if v["hand"]["layout"] else []) >= 6)
    svg = draw(view, rd.seat_hands(view))
    root = parse(svg)
    assert root.tag == NS + "svg" and root.get("class") == "nos-diagram"
    width, height = int(root.get("width")), int(root.get("height"))
    assert root.get("viewBox") == f"0 0 {width} {height}"
    assert "sans-serif" in root.get("font-family")
    # The placed tiles, set tile first, each once.
    assert tiles_of(root, "set-tile") == [view["hand"]["layout"]["set"]]
    assert sorted(tiles_of(root, "set-tile") + tiles_of(root, "layout-tile")) == sorted(
        layout_tiles(view))
    # One marker per open end, showing what it takes (R60).
    ends = [g for g in root.iter(NS + "g") if "end" in (g.get("class") or "").split()]
    arms = view["hand"]["layout"]["arms"]
    assert [g.get("data-end") for g in ends] == [str(a["end"]) for a in arms]
    assert all(g.find(NS + "title").text.endswith(".") for g in ends)
    # Its name in words for screen readers: caption, tiles, ends.
    assert root.find(NS + "title").text.startswith("Nos: Hand 1 · Game 2: ordinary cross")
    desc = root.find(NS + "desc").text
    assert "Set tile " + view["hand"]["layout"]["set"] in desc
    assert all(g.find(NS + "title").text in desc for g in ends)


def test_standalone_style_and_nothing_from_outside(views: list[dict]) -> None:
    svg = draw(views[-1], rd.seat_hands(views[-1]))
    root = parse(svg)
    style = root.find(NS + "style")
    assert style is not None and style.text.startswith(".nos-diagram text{font-family:")
    assert " style=" not in svg  # presentation attributes: also fine under the app's CSP
    assert "href" not in svg and "url(" not in svg and "@import" not in svg
    assert ' id="' not in svg  # several diagrams may share one page
    # Every colour is an attribute of the element it paints (no class needs app.css).
    assert all(r.get("fill") for r in root.iter(NS + "rect"))
    assert all(t.get("fill") and t.get("font-size") for t in root.iter(NS + "text"))


def test_hands_face_down_unless_revealed_r71(views: list[dict]) -> None:
    view = views[len(views) // 2]
    hand = view["hand"]
    root = parse(draw(view))
    assert tiles_of(root, "seat-tile") == []
    rows = [g for g in root.iter(NS + "g") if "seat" in (g.get("class") or "").split()]
    assert [g.get("data-seat") for g in rows] == [str(s) for s in range(view["players"])]
    for row, size, declared in zip(rows, hand["hand_sizes"], hand["declared"], strict=True):
        backs = [g for g in row.iter(NS + "g") if g.get("class") == "back"]
        assert len(backs) == size - len(declared)
    mine = parse(draw(view, rd.seat_hands(view)))
    assert tiles_of(mine, "seat-tile") == hand["tiles"]


def test_all_hands_and_the_boneyard_open(views: list[dict]) -> None:
    view = copy.deepcopy(views[len(views) // 2])
    hands = [["6-6", "5-5"], ["4-4"], ["3-3", "2-1", "1-1"], ["0-0"]]
    boneyard = ["6-5", "6-4", "6-3", "6-2"]
    # The counts are the engine's (the view's), so they must be those of this boneyard.
    view["hand"].update(boneyard=4, drawable=2, last_two=2)
    root = parse(draw(view, hands, boneyard))
    assert tiles_of(root, "seat-tile") == [t for h in hands for t in h]
    assert tiles_of(root, "bone") == boneyard  # from the top, drawn first
    assert tiles_of(root, "dead") == ["6-3", "6-2"]  # the last two, never drawn (R2)
    bone = next(g for g in root.iter(NS + "g") if g.get("class") == "boneyard")
    assert bone.get("data-count") == "4"
    to_draw = web_views.words("en", view).word("table.to_draw", {"n": 2})
    assert to_draw.startswith("2 to draw") and to_draw in "".join(bone.itertext())


def test_boneyard_face_down_with_its_last_two_r2(views: list[dict]) -> None:
    view = views[0]
    count = view["hand"]["boneyard"]
    svg = draw(view)
    root = parse(svg)
    kinds = [g.get("class") for g in root.iter(NS + "g") if (g.get("class") or "").startswith(
        "bone")]
    assert kinds.count("bone") == count - 2 and kinds.count("bone dead") == 2
    assert "Grey crossed tiles: the last two of the boneyard" in svg


def test_before_the_set_and_without_a_hand(views: list[dict]) -> None:
    view = views[0]
    root = parse(draw(view))
    assert tiles_of(root, "set-tile") == []
    said = web_views.words("en", view).word("diagram.not_set", {"seat": view["hand"]["setter"]})
    assert said.endswith("no tile is set yet.")
    assert said.lower() in "".join(root.itertext()).lower()
    empty = parse(draw(None))
    assert empty.find(NS + "title").text == "Nos: No hand has been dealt yet"
    assert rd.diagram_filename(None) == "nos-diagram.svg"


def test_caption_file_name_and_options(views: list[dict]) -> None:
    view = views[-1]
    assert rd.caption_of(view, web_views.words("en", view)).endswith("· the hand is over")
    history = len(view["hand"]["history"])
    assert rd.diagram_filename(view) == f"nos-hand-1-move-{history}.svg"
    svg = draw(view, None, None, "Figure 3 <a & b>", legend=False)
    assert "Figure 3 &lt;a &amp; b&gt;" in svg and 'class="legend"' not in svg
    parse(svg)


def test_every_geometry_parses_and_is_quick() -> None:
    sizes = []
    start = time.perf_counter()
    samples = web_views.sample_views(per_game=2)
    build = time.perf_counter()
    for _, view in samples:
        svg = draw(view, rd.seat_hands(view))
        root = parse(svg)
        if view["hand"]["layout"]:
            assert sorted(tiles_of(root, "set-tile") + tiles_of(root, "layout-tile")) == \
                sorted(layout_tiles(view))
        assert re.search(r'height="(\d+)"', svg)
        sizes.append(len(svg))
    per_diagram = (time.perf_counter() - build) / len(samples)
    assert per_diagram < 0.05, per_diagram  # typically ~2 ms in CPython
    assert max(sizes) < 100_000, max(sizes)
    assert start <= build


# ---------------------------------------------------------------- languages and viewers
@pytest.mark.parametrize("lang", web_views.LANGS)
def test_every_text_in_the_language_asked_for(views: list[dict], lang: str) -> None:
    if not (web_views.WORDS / f"{lang}.json").exists():
        pytest.skip(f"web/words/{lang}.json is not written yet")
    view = views[len(views) // 2]
    words = web_views.words(lang, view)
    root = parse(draw(view, lang=lang))
    caption = rd.caption_of(view, words)
    assert caption.startswith(words.word("info.hand", {"hand": 1}) + " · ")
    assert root.find(NS + "title").text == "Nos: " + caption
    bone = next(g for g in root.iter(NS + "g") if g.get("class") == "boneyard")
    assert words.word("table.boneyard") in "".join(bone.itertext())
    if lang != "en":  # a catalogue of its own, not English under another name
        assert caption != rd.caption_of(view, web_views.words("en", view))


def bystander(seat: int | None) -> dict:
    """nos.view.position_view of a first hand after a few actions, as `seat` sees it (the
    names are not the app's, whose seat 0 is called "You")."""
    from nos.app import Table
    from nos.view import position_view

    table = Table(4, seed=web_views.find_seed("2"), level="beginner",
                  names=["Ada", "Ben", "Cas", "Dee"])
    table.start()
    for _ in range(6):
        if table.hand.over:
            break
        table.hand.apply(table.hand.legal_actions()[0])
    return json.loads(json.dumps(position_view(table.session, seat)))


def test_a_bystanders_diagram_names_every_seat_and_shows_no_tile() -> None:
    view = bystander(None)
    words = web_views.words("en", view)
    root = parse(draw(view))
    assert tiles_of(root, "seat-tile") == []
    rows = [g for g in root.iter(NS + "g") if "seat" in (g.get("class") or "").split()]
    labels = [g.find(NS + "title").text for g in rows]
    assert [label.split(":")[0] for label in labels] == [words.capital(n)
                                                         for n in view["names"]]
    you = words.word("you")
    assert not [label for label in labels if label.lower().startswith(you + ":")]
    assert you + " " not in rd.caption_of(view, words).lower()
    # From a seat: that seat's tiles, and that seat is "you".
    mine = bystander(2)
    root = parse(draw(mine, rd.seat_hands(mine)))
    assert tiles_of(root, "seat-tile") == mine["hand"]["tiles"] != []
    row = next(g for g in root.iter(NS + "g") if g.get("data-seat") == "2")
    assert row.find(NS + "title").text.startswith(words.capital(you) + ":")


def test_a_long_caption_wraps_within_the_diagram_and_moves_the_rest_down(views) -> None:
    from render_svg import text_width

    view = views[-1]
    short = parse(draw(view, caption="Hand 1"))
    long = ("Hand 1 · Game 12: volapük, first 3 on the right side, there ordinary, then "
            "matador, and the rest as it comes along the arms · D may play out of turn")
    root = parse(draw(view, caption=long))
    lines = [t.text for t in root.iter(NS + "text") if t.get("class") == "caption"]
    assert len(lines) == 2 and " ".join(lines) == long
    assert all(text_width(line, 20, True) <= rd.WIDTH - 72 for line in lines)
    assert int(root.get("height")) == int(short.get("height")) + 25  # one line more
    many = parse(draw(view, caption=" ".join([long] * 4)))
    lines = [t.text for t in many.iter(NS + "text") if t.get("class") == "caption"]
    assert len(lines) == rd.CAPTION_LINES and lines[-1].endswith("…")


@pytest.mark.parametrize("lang", ["en", "nl", "pl"])
def test_a_phones_diagram_is_narrow_legible_and_shows_the_same_position(views, lang) -> None:
    """Below render_diagram.NARROW_BELOW px a page draws its diagrams narrow: a wide one
    would show its words at ≈ 5 px on a phone. The narrow one holds the same tiles, seats
    and chips; no text under 13 units (≥ 9 px at 328 px wide); nothing runs off its right
    edge, and no seat's name or pills reach its chips."""
    from html import unescape

    from render_svg import text_width

    checked = pills = 0
    for view in views[::3] + views[-1:]:
        hands = rd.seat_hands(view)
        wide, narrow = (parse(draw(view, hands, None, None, True, lang=lang, narrow=n))
                        for n in (False, True))
        assert narrow.get("class") == "nos-diagram narrow"
        assert narrow.get("width") == str(rd.NARROW["w"])
        for cls in ("set-tile", "layout-tile", "seat-tile", "back"):
            assert sorted(map(str, tiles_of(wide, cls))) == sorted(map(str, tiles_of(narrow,
                                                                                      cls)))
        assert [t.get("data-chips") for t in wide.iter(NS + "text") if t.get("data-chips")] \
            == [t.get("data-chips") for t in narrow.iter(NS + "text") if t.get("data-chips")]
        for row in narrow.iter(NS + "g"):
            if row.get("data-seat") is None:
                continue
            chips = next(t for t in row.iter(NS + "text") if t.get("class") == "chips")
            left = float(chips.get("x")) - text_width(chips.text, 20, True) - 20
            name = next(t for t in row.findall(NS + "text") if t.get("text-anchor") is None)
            assert float(name.get("x")) + text_width(name.text, 20, True) <= left, name.text
            for pill in row.findall(NS + "rect")[1:]:
                assert float(pill.get("x")) + float(pill.get("width")) <= left
                pills += 1
        for t in narrow.iter(NS + "text"):
            size = float(t.get("font-size"))
            assert size >= 13, "".join(t.itertext())
            if t.get("text-anchor") is None:
                said = unescape("".join(t.itertext()))
                bold = t.get("font-weight") == "700"
                assert float(t.get("x")) + text_width(said, size, bold) <= rd.NARROW["w"] - 12, said
            checked += 1
    assert checked > 100 and pills > 5


def test_r7_set_and_not_yet_announced_the_diagram_shows_the_set_tile() -> None:
    """Between the set and the announcement (R7) there is no layout yet, but the set tile
    lies: the diagram (the hand review's step after a set) shows it and who chooses the
    game, not "no tile is set yet"."""
    view = web_views.announce_view()
    tile = view["hand"]["set_tile"]
    for narrow in (False, True):
        root = parse(draw(view, narrow=narrow))
        assert tiles_of(root, "set-tile") == [tile]
        said = " ".join(t.text or "" for t in root.iter(NS + "text"))
        assert "announce the game" in said and "no tile is set yet" not in said


@pytest.mark.parametrize("lang", ["en", "nl", "pl"])
def test_the_diagrams_message_before_the_set_wraps_within_a_phones_drawing(views, lang) -> None:
    from render_svg import text_width

    view = views[0]
    root = parse(draw(view, lang=lang, narrow=True))
    layout = next(g for g in root.iter(NS + "g") if g.get("class") == "layout")
    lines = [t for t in layout.iter(NS + "text")]
    assert lines
    for t in lines:  # centred: half its width either side of its x
        half = text_width(t.text, float(t.get("font-size"))) / 2
        assert float(t.get("x")) - half > 0 and float(t.get("x")) + half < rd.NARROW["w"]


@pytest.mark.parametrize("narrow", [False, True])
def test_r2_the_boneyard_shows_every_tile_and_its_last_two_marked(narrow) -> None:
    """Every tile of a boneyard shows, face down and face up (a hand review says every tile
    is open), also on a phone, where its row takes the whole width: its last two (never
    drawn, R2), which the legend explains, marked. A row too long for its room would keep
    them and let a "+N" stand for others (``kept``)."""
    from nos.position import Position
    from nos.view import diagram_view

    text = "464.531.479.526_a53d_1_-.-_play-b_62402110.64423100.52502011.66654130_b11_tas_h2"
    hand = Position.parse(text).hand()
    view = diagram_view(hand, ["a", "b", "c", "d"], None)
    words = web_views.words("en", view)
    shut = parse(rd.diagram_svg(view, words, None, None, None, True, narrow))
    bone = [str(t) for t in reversed(hand.stack)]
    opened = parse(rd.diagram_svg(view, words, None, bone, None, True, narrow))
    backs = [g.get("class") for g in shut.iter(NS + "g")
             if "bone" in (g.get("class") or "").split()]
    faces = tiles_of(opened, "bone") + tiles_of(opened, "dead")
    marks = [t.text for t in shut.iter(NS + "text") if (t.text or "").startswith("+")]
    assert backs.count("bone dead") == 2 and tiles_of(opened, "dead") == bone[-2:]
    assert len(backs) + sum(int(m[1:]) for m in marks) == len(bone) == 11
    assert len(set(faces)) + sum(int(t.text[1:]) for t in opened.iter(NS + "text")
                                 if (t.text or "").startswith("+")) == 11
    assert not marks and len(set(faces)) == 11
    assert rd.kept(13, 6, 2) == ([0, 1, 2, 11, 12], 3)  # (the last two kept, "+8" before them)
    assert rd.kept(13, 15, 2) == (list(range(13)), None)


def test_r21_a_position_counts_only_the_hands_it_shows_and_names_only_a_known_last_tile():
    """A position's hidden hands are dealt from a seed to stand a hand on it: their counts
    would be made up, so the diagram gives only the counts of the hands the text shows. Nor
    does the order in which its layout was laid out say which tile came last: only its
    previous turn (t) does."""
    import sys

    sys.path.insert(0, str(web_views.WEB / "site"))  # (the site's drawing of a position)
    import figures

    from nos.players import random_action
    from nos.position import Position
    from nos.record import play_session

    words = web_views.words("en")
    hands = (play_session(3, seed, 1, random_action).hands[0] for seed in range(5, 60))
    hand = next(h for h in hands if h.hands[1] and h.hands[2])  # (their counts: not shown)
    text = str(Position.of(hand, 0, "seat"))  # the end of a hand, as seat a saw it
    assert "_over_" in text
    svg = figures.position_svg(text, words)
    shown = re.findall(r'class="count"[^>]*>([^<]*)<', svg)
    assert shown == [f"count {hand.counts[0]}"], shown
    every = figures.position_svg(str(Position.of(hand)), words)
    assert len(re.findall(r'class="count"', every)) == 3
    played = "518.494.494.494_a66_1_65b.-_play-c_433220.544441.55514030.64635300_b12"
    assert 'layout-tile last' in figures.position_svg(played + "_tb0", words)
    assert 'layout-tile last' not in figures.position_svg(played, words)
