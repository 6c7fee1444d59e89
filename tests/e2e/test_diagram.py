"""The header's "Export diagram" button downloads the table as a standalone SVG document
(web/draw/render_diagram.py, built on the main thread from the view it holds): it parses as
SVG, shows the layout's tiles, the person's own tiles and no one else's (R71), and draws
as an image on its own, outside the app and its CSS."""

from __future__ import annotations

import base64
import xml.etree.ElementTree as ET
from pathlib import Path

from e2e_play import human_on_set, one_move, open_game, settle

NS = "{http://www.w3.org/2000/svg}"
SEED = human_on_set(3)


def tiles(root: ET.Element, cls: str) -> list[str]:
    return [g.get("data-tile") for g in root.iter(NS + "g")
            if cls in (g.get("class") or "").split()]


def test_export_downloads_the_table_as_a_standalone_svg(app, guard, base_url):
    button = app.locator("[data-cmd=export-diagram]")
    open_game(app, base_url, f"?seed={SEED}&players=3&level=beginner&delay=0")
    assert button.is_enabled() and button.text_content() == "Export diagram"
    # A few moves, until some tiles lie on the table.
    for _ in range(12):
        if app.locator("#table .layout-tile").count() >= 2:
            break
        if one_move(app, 1) != "human":
            break
    settle(app)
    layout = app.evaluate("""() => [...document.querySelectorAll(
        '#table .set-tile, #table .layout-tile')].map(e => e.dataset.tile)""")
    hand = app.evaluate("[...document.querySelectorAll('#hand [data-tile]')]"
                        ".map(e => e.dataset.tile)")
    assert len(layout) >= 2

    with app.expect_download() as info:
        button.click()
    download = info.value
    assert download.suggested_filename.startswith("nos-hand-1-move-")
    assert download.suggested_filename.endswith(".svg")
    data = Path(download.path()).read_bytes()
    root = ET.fromstring(data)
    assert root.tag == NS + "svg" and root.get("class") == "nos-diagram"
    assert sorted(tiles(root, "set-tile") + tiles(root, "layout-tile")) == sorted(layout)
    assert tiles(root, "seat-tile") == hand  # only the person's own tiles face up (R71)
    assert root.find(NS + "style") is not None

    # As an <img> in a page of its own, without the app's CSS, it draws at its own size.
    page = app.context.new_page()
    page.set_content('<img id="d" src="data:image/svg+xml;base64,' +
                     base64.b64encode(data).decode() + '">')
    size = page.evaluate("""async () => { const i = document.getElementById('d');
        await i.decode(); return [i.naturalWidth, i.naturalHeight]; }""")
    assert size == [int(root.get("width")), int(root.get("height"))]
    page.close()
    assert app.get_attribute("body", "data-state") == "playable"  # nothing else changed
