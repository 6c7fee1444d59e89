"""Render the app's PNG icons from their SVG sources in assets/icons/ (run by hand after
changing an icon: the PNGs are committed, so neither the build nor CI needs a browser for
them). The web app manifest (manifest.webmanifest) lists both kinds:

- icon.svg (a rounded felt square) -> icon-192.png, icon-512.png, apple-touch-icon.png (180);
- icon-maskable.svg (full bleed, the tile inside the central 80 % safe zone) ->
  icon-maskable-192.png, icon-maskable-512.png.

    .venv/bin/python scripts/make_icons.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from scripts.browser_env import launch_args  # noqa: E402

ICONS = ROOT / "assets" / "icons"
OUTPUTS = [  # (source, size, output)
    ("icon.svg", 192, "icon-192.png"),
    ("icon.svg", 512, "icon-512.png"),
    ("icon.svg", 180, "apple-touch-icon.png"),
    ("icon-maskable.svg", 192, "icon-maskable-192.png"),
    ("icon-maskable.svg", 512, "icon-maskable-512.png"),
]


def main() -> int:
    with sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_args())
        for source, size, output in OUTPUTS:
            page = browser.new_page(viewport={"width": size, "height": size})
            svg = (ICONS / source).read_text(encoding="utf-8")
            svg = svg.replace('width="512" height="512"', f'width="{size}" height="{size}"', 1)
            page.set_content("<!doctype html><style>html,body{margin:0;background:transparent}"
                             "svg{display:block}</style>" + svg)
            page.screenshot(path=str(ICONS / output), omit_background=True,
                            clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
            print(f"make_icons: assets/icons/{output} ({size}x{size}) from {source}")
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
