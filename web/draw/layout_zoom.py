"""Zooming into a layout drawn smaller than legible, and panning it.

When no legible tile size lays the arms apart inside the layout area, layout_geometry.fit
lays them apart at a smaller size and says "zoom": the table shows the whole layout, and the
person may zoom in (up to the design's tile size) and pan. A zoom is (z, tx, ty): the
layout drawn at overview size is scaled by z and moved by (tx, ty) drawing units, always
covering the layout area (x, y, w, h), which clips it.

Pure arithmetic in the MicroPython subset (see render_svg.py); the page keeps the zoom of
the hand in progress and sends it back with every drawing (web/page/zoom.py).
"""

from render_svg import fmt

NONE = (1.0, 0.0, 0.0)
STEP = 1.5  # one press of a zoom button


def most(design_unit, unit):
    """The largest zoom: the tiles drawn at the design's size again (1: no zoom)."""
    return max(1.0, design_unit / unit) if unit > 0 else 1.0


def clamp(area, zoom, zmax):
    """The zoom kept between 1 and zmax and moved so that the layout covers the area."""
    ax, ay, aw, ah = area
    z, tx, ty = zoom
    z = min(max(z, 1.0), zmax)
    tx = min(max(tx, (1 - z) * (ax + aw)), (1 - z) * ax)
    ty = min(max(ty, (1 - z) * (ay + ah)), (1 - z) * ay)
    return (z, tx, ty)


def about(area, zoom, factor, px, py, zmax):
    """Zoom by `factor` keeping the drawing point (px, py) where it is on the screen; the
    area's middle if px is None."""
    ax, ay, aw, ah = area
    if px is None:
        px, py = ax + aw / 2, ay + ah / 2
    z, tx, ty = zoom
    nz = min(max(z * factor, 1.0), zmax)
    cx, cy = (px - tx) / z, (py - ty) / z
    return clamp(area, (nz, px - nz * cx, py - nz * cy), zmax)


def pan(area, zoom, dx, dy, zmax):
    """Move the zoomed layout by (dx, dy) drawing units."""
    z, tx, ty = zoom
    return clamp(area, (z, tx + dx, ty + dy), zmax)


def transform(zoom):
    z, tx, ty = zoom
    return "translate(" + fmt(tx) + " " + fmt(ty) + ") scale(" + fmt(z) + ")"


def inverse(zoom, x, y):
    """Where a point of the table (a seat's chips) lies in the zoomed layout's drawing."""
    z, tx, ty = zoom
    return ((x - tx) / z, (y - ty) / z)
