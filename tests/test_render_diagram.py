"""Diagrams of positions (web/render_diagram.py): a standalone SVG document (valid XML, its
own namespace, size, font and style, nothing from outside) that shows the layout's tiles and
open ends, the boneyard with its last two tiles (R2) and every seat, hands face down unless
revealed (R71). The same bytes under MicroPython: tests/test_render_micropython.py."""

from __future__ import annotations

import re
import time
import xml.etree.ElementTree as ET

import pytest
import render_diagram as rd
import web_views

NS = "{http://www.w3.org/2000/svg}"


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
    svg = rd.diagram_svg(view, rd.seat_hands(view))
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
    assert "Set tile " + view["hand"]["layout"]["set"] in desc and "arm takes" in desc


def test_standalone_style_and_nothing_from_outside(views: list[dict]) -> None:
    svg = rd.diagram_svg(views[-1], rd.seat_hands(views[-1]))
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
    root = parse(rd.diagram_svg(view))
    assert tiles_of(root, "seat-tile") == []
    rows = [g for g in root.iter(NS + "g") if "seat" in (g.get("class") or "").split()]
    assert [g.get("data-seat") for g in rows] == [str(s) for s in range(view["players"])]
    for row, size, declared in zip(rows, hand["hand_sizes"], hand["declared"], strict=True):
        backs = [g for g in row.iter(NS + "g") if g.get("class") == "back"]
        assert len(backs) == size - len(declared)
    mine = parse(rd.diagram_svg(view, rd.seat_hands(view)))
    assert tiles_of(mine, "seat-tile") == hand["tiles"]


def test_all_hands_and_the_boneyard_open(views: list[dict]) -> None:
    view = views[len(views) // 2]
    hands = [["6-6", "5-5"], ["4-4"], ["3-3", "2-1", "1-1"], ["0-0"]]
    boneyard = ["6-5", "6-4", "6-3", "6-2"]
    root = parse(rd.diagram_svg(view, hands, boneyard))
    assert tiles_of(root, "seat-tile") == [t for h in hands for t in h]
    assert tiles_of(root, "bone") == boneyard  # from the top, drawn first
    assert tiles_of(root, "dead") == ["6-3", "6-2"]  # the last two, never drawn (R2)
    bone = next(g for g in root.iter(NS + "g") if g.get("class") == "boneyard")
    assert bone.get("data-count") == "4"
    assert "2 to draw" in "".join(bone.itertext())


def test_boneyard_face_down_with_its_last_two_r2(views: list[dict]) -> None:
    view = views[0]
    count = view["hand"]["boneyard"]
    svg = rd.diagram_svg(view)
    root = parse(svg)
    kinds = [g.get("class") for g in root.iter(NS + "g") if (g.get("class") or "").startswith(
        "bone")]
    assert kinds.count("bone") == count - 2 and kinds.count("bone dead") == 2
    assert "Grey crossed tiles: the last two of the boneyard" in svg


def test_before_the_set_and_without_a_hand(views: list[dict]) -> None:
    root = parse(rd.diagram_svg(views[0]))
    assert tiles_of(root, "set-tile") == []
    assert "no tile set yet" in "".join(root.itertext()).lower()
    empty = parse(rd.diagram_svg(None))
    assert empty.find(NS + "title").text == "Nos: No hand has been dealt yet"
    assert rd.diagram_filename(None) == "nos-diagram.svg"


def test_caption_file_name_and_options(views: list[dict]) -> None:
    view = views[-1]
    assert rd.caption_of(view).endswith("· the hand is over")
    history = len(view["hand"]["history"])
    assert rd.diagram_filename(view) == f"nos-hand-1-move-{history}.svg"
    svg = rd.diagram_svg(view, None, None, "Figure 3 <a & b>", legend=False)
    assert "Figure 3 &lt;a &amp; b&gt;" in svg and 'class="legend"' not in svg
    parse(svg)


def test_every_geometry_parses_and_is_quick() -> None:
    sizes = []
    start = time.perf_counter()
    samples = web_views.sample_views(per_game=2)
    build = time.perf_counter()
    for _, view in samples:
        svg = rd.diagram_svg(view, rd.seat_hands(view))
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
