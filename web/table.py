"""SVG of the empty Nos table: rim, felt and the play area where the layout will grow.

Runs on the main thread under MicroPython and in CPython tests, so it keeps to their common
subset (see shared notes): plain functions and string building, no dataclasses/typing/enum,
no reliance on dict order. Colours are SVG presentation attributes, not `style=""`
attributes, which the page's Content-Security-Policy (style-src 'self') would block.
"""

SVG_NS = "http://www.w3.org/2000/svg"
WIDTH = 1000
HEIGHT = 640

RIM = "#5b3a1e"
RIM_EDGE = "#3d2714"
FELT = "#1e6b3c"
FELT_LINE = "#2e8550"


def rect(elem_id, x, y, w, h, r, fill, stroke="none", stroke_width=0, extra=""):
    return (
        f'<rect id="{elem_id}" x="{x}" y="{y}" width="{w}" height="{h}" rx="{r}" ry="{r}" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width}"{extra}/>'
    )


def table_svg(width=WIDTH, height=HEIGHT):
    """The empty table as an SVG element string (scales to its container's width)."""
    rim = 24
    corner = 72
    margin = 90
    return "".join(
        [
            f'<svg xmlns="{SVG_NS}" id="table-svg" viewBox="0 0 {width} {height}" '
            'role="img" aria-labelledby="table-title">',
            '<title id="table-title">Nos table</title>',
            rect("table-rim", 2, 2, width - 4, height - 4, corner + rim, RIM, RIM_EDGE, 4),
            rect("table-felt", rim, rim, width - 2 * rim, height - 2 * rim, corner, FELT),
            rect(
                "play-area",
                margin,
                margin,
                width - 2 * margin,
                height - 2 * margin,
                corner - 30,
                "none",
                FELT_LINE,
                3,
                ' stroke-dasharray="14 10"',
            ),
            "</svg>",
        ]
    )
