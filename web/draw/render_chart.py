"""Every player's chips after each hand, as a small line chart (SVG) and, for a screen
reader, the same figures as a table: in the hand-end summary and the settlement (R23, R24).

`chips_chart(view, w, width)`: the view's `chips_by_hand` (the chips at the start, then
after each finished hand), one line per seat in its colour with its name at its end, the
start chips as a dashed line. Drawn `width` px wide at 1 px a unit (readable at 360 px).
Pure functions in the MicroPython subset (see render_svg.py).
"""

from render_svg import INK_DIM, SVG_NS, circle, esc, fmt, line, text, text_width

# Each seat's colour, as the log's (assets/app.css: seats 1-4), the person's seat gold.
YOU = "#e0b520"
COLOURS = ["#5b8fd8", "#a16ae0", "#3fae95", "#e06a8c"]
HEIGHT = 150
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 40, 64, 10, 22


def chips_chart(view, w, width=360):
    """The chart and its table (HTML), or "" before a hand has ended."""
    rows = view.get("chips_by_hand") or []
    if len(rows) < 2:
        return ""
    n = len(rows[0])
    start = view.get("start_chips", 0)
    values = [c for r in rows for c in r] + [start]
    low, high = min(values), max(values)
    if high == low:
        high = low + 1
    span = high - low
    low, high = low - span * 0.08, high + span * 0.08
    x0, x1 = PAD_LEFT, width - PAD_RIGHT
    y0, y1 = PAD_TOP, HEIGHT - PAD_BOTTOM
    steps = len(rows) - 1

    def at(k, chips):
        return (x0 + (x1 - x0) * k / steps, y1 - (y1 - y0) * (chips - low) / (high - low))

    parts = ['<svg xmlns="', SVG_NS, '" class="chips-chart" viewBox="0 0 ', str(width), " ",
             str(HEIGHT), '" width="', str(width), '" height="', str(HEIGHT),
             '" aria-hidden="true">']
    _, ys = at(0, start)
    parts.append(line(x0, ys, x1, ys, INK_DIM, 1, more=[("stroke-dasharray", "4 3")]))
    parts.append(text(x0 - 4, ys + 4, w.number(start), 12, INK_DIM, "end"))
    for k in range(steps + 1):
        x, _ = at(k, low)
        parts.append(text(x, HEIGHT - 6, w.number(k), 12, INK_DIM, "middle"))
    ends = []
    for seat in range(n):
        colour = YOU if seat == view.get("viewer") else COLOURS[(seat - 1) % len(COLOURS)]
        points = [at(k, rows[k][seat]) for k in range(steps + 1)]
        path = "M" + " L".join(fmt(x) + " " + fmt(y) for x, y in points)
        parts.append('<path d="' + path + '" fill="none" stroke="' + colour +
                     '" stroke-width="2.5" stroke-linejoin="round"/>')
        for x, y in points:
            parts.append(circle(x, y, 2.5, colour))
        ends.append([points[-1][1], seat, colour])
    # The names at the lines' ends, moved apart where they would overlap.
    ends.sort()
    for k in range(1, len(ends)):
        if ends[k][0] - ends[k - 1][0] < 13:
            ends[k][0] = ends[k - 1][0] + 13
    for y, seat, colour in ends:
        name = trim_to(w.capital(w.name(seat)), PAD_RIGHT - 6, 12)
        parts.append(text(x1 + 5, y + 4, name, 12, colour, None, "700"))
    parts.append("</svg>")
    return ('<figure class="chart"><figcaption>' + esc(w.word("chart.title")) +
            "</figcaption>" + "".join(parts) + chips_table(view, rows, w) + "</figure>")


def trim_to(name, room, size):
    """A name cut with "…" to `room` px at `size` (a chart's label: the table has it whole)."""
    if text_width(name, size, True) <= room:
        return name
    while len(name) > 2 and text_width(name + "…", size, True) > room:
        name = name[:-1]
    return name + "…"


def chips_table(view, rows, w):
    """The chart's figures as a table for a screen reader (visually hidden): a row a hand."""
    n = len(rows[0])
    # (in a box that is hidden: a table itself is never narrower than its words)
    out = ['<div class="visually-hidden"><table><caption>', esc(w.word("chart.title")),
           '</caption><thead><tr><th scope="col">', esc(w.word("chart.hand")), "</th>"]
    for seat in range(n):
        out += ['<th scope="col">', esc(w.capital(w.name(seat))), "</th>"]
    out.append("</tr></thead><tbody>")
    for k, row in enumerate(rows):
        label = w.word("chart.start") if k == 0 else w.number(k)
        out += ['<tr><th scope="row">', esc(label), "</th>"]
        for chips in row:
            out += ["<td>", w.number(chips), "</td>"]
        out.append("</tr>")
    out.append("</tbody></table></div>")
    return "".join(out)
