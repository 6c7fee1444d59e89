"""Zooming into a layout drawn smaller than legible and panning it (web/draw/layout_zoom.py):
the zoomed layout always covers its area, a zoom about a point keeps that point in place,
and the largest zoom draws the tiles at the design's size again."""

from __future__ import annotations

import random

import layout_zoom
import pytest

AREA = (12, 156, 364, 214)  # the narrow design's layout area (x, y, w, h)


def covers(zoom: tuple[float, float, float]) -> bool:
    """The layout (drawn inside AREA, then zoomed) covers all of AREA."""
    z, tx, ty = zoom
    x, y, w, h = AREA
    eps = 1e-9
    return (tx + z * x <= x + eps and tx + z * (x + w) >= x + w - eps
            and ty + z * y <= y + eps and ty + z * (y + h) >= y + h - eps)


def test_the_largest_zoom_draws_the_designs_tile_size():
    assert layout_zoom.most(16, 8) == 2.0
    assert layout_zoom.most(16, 16) == 1.0
    assert layout_zoom.most(16, 20) == 1.0


@pytest.mark.parametrize("seed", range(20))
def test_zoom_and_pan_keep_the_area_covered_and_the_zoom_within_its_limits(seed):
    rng = random.Random(seed)
    zmax = rng.uniform(1.2, 3)
    zoom = layout_zoom.NONE
    for _ in range(50):
        if rng.random() < 0.5:
            x, y = AREA[0] + rng.uniform(0, AREA[2]), AREA[1] + rng.uniform(0, AREA[3])
            zoom = layout_zoom.about(AREA, zoom, rng.uniform(0.5, 2), x, y, zmax)
        else:
            zoom = layout_zoom.pan(AREA, zoom, rng.uniform(-200, 200), rng.uniform(-200, 200),
                                   zmax)
        assert 1 <= zoom[0] <= zmax
        assert covers(zoom)


def test_a_zoom_about_a_point_keeps_it_in_place_unless_an_edge_would_show():
    zoom = layout_zoom.about(AREA, layout_zoom.NONE, 2, 150, 250, 3)
    z, tx, ty = zoom
    assert z == 2
    # The content point under (150, 250) before the zoom is still drawn there.
    assert (tx + z * 150, ty + z * 250) == pytest.approx((150, 250))
    # A zoom about a corner stops where the layout's edge would leave the area.
    corner = layout_zoom.about(AREA, layout_zoom.NONE, 2, 0, 0, 3)
    assert covers(corner) and corner[1] == pytest.approx(-AREA[0])


def test_zooming_out_fully_shows_the_whole_layout_again():
    zoom = layout_zoom.about(AREA, layout_zoom.NONE, 2.5, 300, 200, 2.5)
    zoom = layout_zoom.pan(AREA, zoom, 40, -30, 2.5)
    assert layout_zoom.about(AREA, zoom, 0.1, None, None, 2.5) == pytest.approx(
        layout_zoom.NONE)


def test_a_table_point_maps_into_the_zoomed_drawing():
    zoom = (2.0, -100.0, -50.0)
    x, y = layout_zoom.inverse(zoom, 60, 90)
    assert (zoom[1] + zoom[0] * x, zoom[2] + zoom[0] * y) == pytest.approx((60, 90))
    assert layout_zoom.transform(zoom) == "translate(-100 -50) scale(2)"
